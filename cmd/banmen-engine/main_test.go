package main

import (
	"bufio"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBinaryHandshake builds the engine and talks USI to it as a GUI would, over pipes:
// the handshake, a game move under byoyomi, a mate search, and quit.
func TestBinaryHandshake(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(t.TempDir(), "banmen-engine")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command(bin)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
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
	expect := func(prefix string, d time.Duration) string {
		t.Helper()
		timeout := time.After(d)
		for {
			select {
			case l, ok := <-lines:
				if !ok {
					t.Fatalf("engine output ended before %q", prefix)
				}
				if strings.HasPrefix(l, prefix) {
					return l
				}
			case <-timeout:
				t.Fatalf("no %q within %v", prefix, d)
			}
		}
	}
	send("usi")
	expect("id name Banmen", 5*time.Second)
	expect("usiok", time.Second)
	send("setoption name USI_Hash value 16")
	send("isready")
	expect("readyok", 5*time.Second)
	send("usinewgame")
	send("position startpos moves 7g7f")
	send("go btime 0 wtime 0 byoyomi 300")
	if l := expect("bestmove", 2*time.Second); len(strings.Fields(l)) < 2 {
		t.Errorf("bestmove line %q", l)
	}
	send("position sfen 9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1")
	send("go mate 3000")
	if l := expect("checkmate", 5*time.Second); !strings.HasPrefix(l, "checkmate G*") {
		t.Errorf("go mate: %q", l)
	}
	send("quit")
	done := make(chan error)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("exit: %v", err)
		}
	case <-time.After(3 * time.Second):
		t.Fatal("no exit after quit")
	}
}
