package engine

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"sync"
	"syscall"
)

// The guard. The app starts each engine as a child of a copy of its own executable
// run with guardEnv set: the guard leads a new process group, gets SIGTERM when the
// app dies (PR_SET_PDEATHSIG), and then kills the whole group, so neither the engine
// nor a script engine's children outlive the app, even when the app is killed.
const (
	guardEnv  = "BANMEN_ENGINE_GUARD"
	guardFlag = "--banmen-engine-guard"
)

func init() {
	if os.Getenv(guardEnv) == "1" && len(os.Args) >= 3 && os.Args[1] == guardFlag {
		os.Exit(runGuard(os.Args[2], os.Args[3:]))
	}
}

func runGuard(path string, args []string) int {
	os.Unsetenv(guardEnv)
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	cmd := exec.Command(path, args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Start(); err != nil {
		fmt.Fprintf(os.Stderr, "banmen: cannot start engine %q: %v\n", path, err)
		return 127
	}
	go func() {
		<-sigs
		syscall.Kill(-os.Getpid(), syscall.SIGKILL)
	}()
	err := cmd.Wait()
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return 128 + int(ws.Signal())
		}
		return exit.ExitCode()
	}
	if err != nil {
		return 127
	}
	return 0
}

// newCommand makes the command that runs the engine under a guard: this very
// executable (every binary that links this package can act as one, through the init above).
func newCommand(path string, args []string) *exec.Cmd {
	// /proc/self/exe is this very program even if its file was replaced or removed
	// since it started (an upgrade): the path from os.Executable might be gone
	self, err := "/proc/self/exe", error(nil)
	if _, serr := os.Stat(self); serr != nil {
		self, err = os.Executable()
	}
	if err != nil {
		cmd := exec.Command(path, args...)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
		return cmd
	}
	cmd := exec.Command(self, append([]string{guardFlag, path}, args...)...)
	cmd.Env = append(cmd.Env, guardEnv+"=1")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
	return cmd
}

// Pdeathsig fires when the thread that started the child exits, not the process,
// so every child is started from one OS thread that lives as long as the app.
var (
	starterOnce sync.Once
	starter     chan func()
)

func startCommand(cmd *exec.Cmd) error {
	starterOnce.Do(func() {
		starter = make(chan func())
		go func() {
			runtime.LockOSThread()
			for f := range starter {
				f()
			}
		}()
	})
	errc := make(chan error, 1)
	starter <- func() { errc <- cmd.Start() }
	return <-errc
}

func killGroup(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}

func describeExit(st *os.ProcessState, err error) string {
	if st == nil {
		if err != nil {
			return err.Error()
		}
		return "exited"
	}
	ws, ok := st.Sys().(syscall.WaitStatus)
	switch {
	case ok && ws.Signaled():
		return fmt.Sprintf("killed by signal %d (%v)", int(ws.Signal()), ws.Signal())
	case ok && ws.Exited() && ws.ExitStatus() > 128 && ws.ExitStatus() < 128+65:
		// the guard reports an engine killed by a signal as 128+n
		sig := syscall.Signal(ws.ExitStatus() - 128)
		return fmt.Sprintf("killed by signal %d (%v)", int(sig), sig)
	case ok && ws.Exited() && ws.ExitStatus() == 127:
		return "exit status 127 (the engine could not be started)"
	}
	return st.String()
}
