package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"banmen/internal/testbin"
)

// patience is how long the tests wait for an answer that must come: no speed target
// (make test runs on two busy cores); the engine's own tests and benchmarks judge speed.
const patience = 30 * time.Second

// child is banmen-engine running as a child process, with its output collected.
type child struct {
	t     *testing.T
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string
}

// startChild starts the engine binary, through sh when shell (a ulimit) is not empty.
func startChild(t *testing.T, shell string) *child {
	t.Helper()
	bin := testbin.BanmenEngine(t)
	cmd := exec.Command(bin)
	if shell != "" {
		cmd = exec.Command("sh", "-c", shell+` && exec "$0"`, bin)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
		if stderr.Len() > 0 {
			t.Logf("engine stderr:\n%s", stderr.String())
		}
	})
	c := &child{t: t, cmd: cmd, stdin: stdin, lines: make(chan string, 10000)}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	return c
}

func (c *child) send(s string) {
	c.t.Helper()
	if _, err := io.WriteString(c.stdin, s+"\n"); err != nil {
		c.t.Fatalf("send %q: %v", s, err)
	}
}

// expect reads lines until one starts with prefix and returns it with the lines before.
func (c *child) expect(prefix string) (string, []string) {
	c.t.Helper()
	var before []string
	timeout := time.After(patience)
	for {
		select {
		case l, ok := <-c.lines:
			if !ok {
				c.t.Fatalf("engine output ended before %q, after %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-timeout:
			c.t.Fatalf("no %q within %v, after %q", prefix, patience, before)
		}
	}
}

// quit sends quit and checks that the engine exits cleanly.
func (c *child) quit() {
	c.t.Helper()
	c.send("quit")
	done := make(chan error)
	go func() { done <- c.cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			c.t.Errorf("exit: %v", err)
		}
	case <-time.After(patience):
		c.t.Fatal("no exit after quit")
	}
}

// TestBinaryHandshake talks USI to the engine binary as a GUI would, over pipes: the
// handshake, a game move under byoyomi, a mate search, and quit.
func TestBinaryHandshake(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	c := startChild(t, "")
	c.send("usi")
	c.expect("id name Banmen")
	c.expect("usiok")
	c.send("setoption name USI_Hash value 16")
	c.send("isready")
	c.expect("readyok")
	c.send("usinewgame")
	c.send("position startpos moves 7g7f")
	c.send("go btime 0 wtime 0 byoyomi 300")
	if l, _ := c.expect("bestmove"); len(strings.Fields(l)) < 2 {
		t.Errorf("bestmove line %q", l)
	}
	c.send("position sfen 9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1")
	c.send("go mate 3000")
	if l, _ := c.expect("checkmate"); !strings.HasPrefix(l, "checkmate G*") {
		t.Errorf("go mate: %q", l)
	}
	c.quit()
}

// TestBinaryHashUnderMemoryLimit (issue 17): under a 4 GiB address-space limit, USI_Hash
// 16384 used to kill the engine ("fatal error: out of memory"). Now the engine declares a
// maximum that fits, refuses a larger value with a reason, and when a table does not fit
// at the time it is made (the search's and the mate search's together) it says so in an
// info string and makes it smaller: it searches, solves and quits normally.
func TestBinaryHashUnderMemoryLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	const limitKB = 4 << 20 // 4 GiB
	c := startChild(t, fmt.Sprintf("ulimit -v %d", limitKB))
	c.send("usi")
	line, _ := c.expect("option name USI_Hash ")
	c.expect("usiok")
	f := strings.Fields(line)
	declared, err := strconv.Atoi(f[len(f)-1])
	if err != nil || f[len(f)-2] != "max" {
		t.Fatalf("USI_Hash line %q: no max", line)
	}
	if declared >= 4096 {
		t.Errorf("under a 4 GiB limit USI_Hash declares max %d MB", declared)
	}
	c.send("setoption name USI_Hash value 16384")
	if l, _ := c.expect("info string"); !strings.Contains(l, "USI_Hash") || !strings.Contains(l, "outside") {
		t.Errorf("USI_Hash 16384 under 4 GiB: %q, want a refusal with the range", l)
	}
	// the declared maximum fits for the search table; the mate search's then gets less
	c.send(fmt.Sprintf("setoption name USI_Hash value %d", declared))
	c.send("isready")
	c.expect("readyok")
	c.send("position startpos")
	c.send("go depth 3")
	if l, _ := c.expect("bestmove"); len(strings.Fields(l)) < 2 || l == "bestmove resign" {
		t.Errorf("go depth 3: %q", l)
	}
	c.send("position sfen 9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1")
	c.send("go mate infinite")
	l, before := c.expect("checkmate")
	if !strings.HasPrefix(l, "checkmate G*") {
		t.Errorf("go mate: %q", l)
	}
	noted := false
	for _, b := range before {
		noted = noted || strings.HasPrefix(b, "info string USI_Hash") && strings.Contains(b, "mate search table")
	}
	if !noted {
		t.Errorf("the mate search table cannot have the declared %d MB beside the search's under 4 GiB, and no info string said so: %q", declared, before)
	}
	c.quit()
}

// TestBinaryBench runs "banmen-engine bench 5" twice: the lines Stockfish and YaneuraOu
// print, and the same node count both times (one thread, a fresh table: deterministic).
func TestBinaryBench(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := testbin.BanmenEngine(t)
	var nodes [2]string
	for i := range nodes {
		out, err := exec.Command(bin, "bench", "5").Output()
		if err != nil {
			t.Fatalf("bench 5: %v\n%s", err, out)
		}
		text := string(out)
		for _, want := range []string{"Position: 1/", "depth 5 nodes ", "Total time (ms) : ", "Nodes/second    : "} {
			if !strings.Contains(text, want) {
				t.Errorf("bench output lacks %q:\n%s", want, text)
			}
		}
		for _, l := range strings.Split(text, "\n") {
			if n, ok := strings.CutPrefix(l, "Nodes searched  : "); ok {
				if v, err := strconv.ParseUint(n, 10, 64); err != nil || v == 0 {
					t.Fatalf("bad line %q", l)
				}
				nodes[i] = n
			}
		}
		if nodes[i] == "" {
			t.Fatalf("no Nodes searched line:\n%s", text)
		}
	}
	if nodes[0] != nodes[1] {
		t.Errorf("bench 5 searched %s nodes, then %s", nodes[0], nodes[1])
	}
}

// TestBinaryArgs: --version prints the name and version the engine sends in id name; a
// bad argument is refused with a message and a non-zero exit.
func TestBinaryArgs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := testbin.BanmenEngine(t)
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatalf("--version: %v", err)
	}
	version := strings.TrimSpace(string(out))
	if !strings.HasPrefix(version, "Banmen ") || len(version) <= len("Banmen ") {
		t.Errorf("--version printed %q, want Banmen and a version", out)
	}
	c := startChild(t, "")
	c.send("usi")
	if l, _ := c.expect("id name "); l != "id name "+version {
		t.Errorf("usi sent %q, --version printed %q", l, version)
	}
	c.quit()
	for _, args := range [][]string{{"bench", "deep"}, {"bench", "0"}, {"bench", "3", "none"}, {"bench", "3", "0"}, {"bench", "3", "2", "x"}, {"--frobnicate"}} {
		out, err := exec.Command(bin, args...).CombinedOutput()
		if _, ok := err.(*exec.ExitError); !ok {
			t.Errorf("%q: exit %v, want a failure", args, err)
		}
		if !strings.Contains(string(out), "banmen-engine:") || !strings.Contains(string(out), args[len(args)-1]) {
			t.Errorf("%q: message %q does not name the argument", args, out)
		}
	}
}
