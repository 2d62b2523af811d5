package guard

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestMain(m *testing.M) {
	Main() // this test binary is the guard the tests start
	os.Exit(m.Run())
}

// alive reports whether pid is a live (not zombie) process.
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// startGuard runs script under the guard (this test binary) and returns the guard and the
// PID of an orphan the script leaves behind: a setsid child whose parent has exited, so
// that it belongs to no one but the guard.
func startGuard(t *testing.T, then string) (*exec.Cmd, int) {
	t.Helper()
	if runtime.GOOS != "linux" {
		t.Skip("the guard is Linux only")
	}
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "orphan.pid")
	script := filepath.Join(dir, "engine.sh")
	body := fmt.Sprintf("#!/bin/sh\n(setsid sleep 1000 </dev/null >/dev/null 2>&1 & echo $! > %s.tmp; mv %s.tmp %s)\n%s\n", pidFile, pidFile, pidFile, then)
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	argv, env := Command(os.Args[0], script, nil)
	g := exec.Command(argv[0], argv[1:]...)
	g.Env = append(os.Environ(), env)
	if err := g.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Process.Kill() })
	deadline := time.Now().Add(10 * time.Second)
	for {
		data, err := os.ReadFile(pidFile)
		if err == nil {
			pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
			if err != nil {
				t.Fatalf("orphan PID %q", data)
			}
			return g, pid
		}
		if time.Now().After(deadline) {
			t.Fatal("the script left no orphan")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func waitGone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("process %d outlived the guard", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// The engine exits: the guard kills what it left behind and exits with its status.
func TestGuardEngineExits(t *testing.T) {
	g, orphan := startGuard(t, "sleep 0.2; exit 5")
	err := g.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 5 {
		t.Errorf("guard ended with %v, want exit status 5", err)
	}
	waitGone(t, orphan)
}

// The guard is told to stop (as by its parent's death): the engine dies by SIGKILL, and
// so does every orphan of its tree.
func TestGuardStopped(t *testing.T) {
	g, orphan := startGuard(t, "exec sleep 1000")
	if !alive(orphan) {
		t.Fatal("the orphan is not running")
	}
	g.Process.Signal(syscall.SIGTERM)
	err := g.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 128+9 {
		t.Errorf("guard ended with %v, want exit status 137 (the engine killed by signal 9)", err)
	}
	waitGone(t, orphan)
}

// A guard started on something that can't run says so and exits 127.
func TestGuardCannotStart(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the guard is Linux only")
	}
	argv, env := Command(os.Args[0], filepath.Join(t.TempDir(), "missing"), nil)
	g := exec.Command(argv[0], argv[1:]...)
	g.Env = append(os.Environ(), env)
	out, err := g.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 127 || !strings.Contains(string(out), "missing") {
		t.Errorf("%v: %s", err, out)
	}
}

// With no banmen-guard beside it, a program that called Main is its own guard.
func TestProgramIsThisProgramWithNothingBesideIt(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the guard is Linux only")
	}
	// this test binary called Main: with nothing beside it, it is its own guard
	if got := Program(); got != "/proc/self/exe" {
		t.Errorf("Program() = %q, want /proc/self/exe", got)
	}
}
