package main

import (
	"bufio"
	"context"
	"io"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/internal/bundledengine"
)

// banmen --usi is the bundled engine: it answers usi as banmen-engine does (the same
// internal/bundledengine.Serve), then isready, a game move and a mate search, and quits.
// Only the GUI is built, with no banmen-engine beside it: go install banmen/cmd/banmen.
func TestGUIBinaryServesUSI(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the GUI (cgo)")
	}
	bin := filepath.Join(t.TempDir(), "banmen")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "go", "build", "-tags", buildTags, "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build of banmen: %v\n%s", err, out)
	}

	// what banmen-engine answers to usi
	var want strings.Builder
	if err := bundledengine.Serve(strings.NewReader("usi\nquit\n"), &want); err != nil {
		t.Fatal(err)
	}

	cmd := exec.Command(bin, "--usi")
	cmd.Env = []string{"PATH=/usr/bin:/bin"} // no display: --usi must not need one
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer func() {
		cmd.Process.Kill()
		if stderr.Len() > 0 {
			t.Logf("banmen --usi stderr:\n%s", stderr.String())
		}
	}()
	lines := make(chan string, 1000)
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send := func(s string) {
		if _, err := io.WriteString(stdin, s+"\n"); err != nil {
			t.Fatalf("send %q: %v", s, err)
		}
	}
	const patience = 30 * time.Second
	expect := func(prefix string) (string, []string) {
		t.Helper()
		var before []string
		timeout := time.After(patience)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("banmen --usi stopped before %q, after %q", prefix, before)
				}
				if strings.HasPrefix(l, prefix) {
					return l, before
				}
				before = append(before, l)
			case <-timeout:
				t.Fatalf("no %q within %v, after %q", prefix, patience, before)
			}
		}
	}

	send("usi")
	ok, before := expect("usiok")
	if got := strings.Join(append(before, ok), "\n") + "\n"; got != want.String() {
		t.Errorf("banmen --usi answers usi with\n%s\nbanmen-engine with\n%s", got, want.String())
	}
	send("isready")
	expect("readyok")
	send("usinewgame")
	send("position startpos moves 7g7f")
	send("go btime 0 wtime 0 byoyomi 300")
	l, _ := expect("bestmove")
	pos := board.NewStartPosition()
	m, _ := pos.ParseMove("7g7f")
	pos.Do(m)
	if f := strings.Fields(l); len(f) < 2 {
		t.Errorf("bestmove line %q", l)
	} else if _, err := pos.ParseMove(f[1]); err != nil {
		t.Errorf("bestmove %q is not a legal move after 7g7f: %v", f[1], err)
	}
	send("position sfen 9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1")
	send("go mate 3000")
	if l, _ := expect("checkmate"); !strings.HasPrefix(l, "checkmate G*") {
		t.Errorf("go mate: %q", l)
	}
	send("quit")
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("exit after quit: %v", err)
		}
	case <-time.After(patience):
		t.Error("no exit after quit")
	}
}
