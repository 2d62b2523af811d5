//go:build unix

// Package xtest starts an X server (Xvfb) for the tests that run real windows: the
// smoke, memory and first-frame tests of cmd/banmen, the native file dialogs' test and the
// installed desktop entry's test. Only tests import it.
package xtest

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// StartXvfb starts Xvfb (the program at xvfb) with one 1280×900 screen on a display it
// picks itself (-displayfd) and returns ":N". The server runs in a process group of its
// own, which is ended when the test ends.
func StartXvfb(t testing.TB, xvfb string) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1280x900x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w} // fd 3 in Xvfb
	var out SyncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		w.Close()
		t.Fatalf("starting Xvfb: %v", err)
	}
	w.Close()
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	t.Cleanup(func() { KillGroup(cmd.Process.Pid, done) })

	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			t.Fatalf("Xvfb did not report a display number; its output:\n%s", out.String())
		}
		return ":" + n
	case <-time.After(30 * time.Second):
		t.Fatalf("Xvfb did not start within 30 s; its output:\n%s", out.String())
	}
	return ""
}

// KillGroup ends the process group led by pid (SIGTERM, then SIGKILL after 5 s) and waits
// for the leader to exit (done is closed).
func KillGroup(pid int, done <-chan struct{}) {
	_ = syscall.Kill(-pid, syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-pid, syscall.SIGKILL)
		<-done
	}
	_ = syscall.Kill(-pid, syscall.SIGKILL) // anything the leader left behind
}

// SyncBuffer is a bytes.Buffer that a process's stdout and stderr may write concurrently.
type SyncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *SyncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// Bytes is a copy of what was written so far.
func (s *SyncBuffer) Bytes() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return bytes.Clone(s.b.Bytes())
}

func (s *SyncBuffer) String() string { return string(s.Bytes()) }
