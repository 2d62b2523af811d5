package engine

import (
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sync"
	"syscall"
	"time"

	"banmen/internal/guard"
)

// newCommand makes the command that runs the engine: under a guard (package
// banmen/internal/guard), which leads the engine's process group, gets SIGTERM when the app
// dies however it dies (PR_SET_PDEATHSIG), and then kills every process descended from the
// engine, even those that left the group with setsid. Without a guard program the engine
// leads a process group of its own and gets SIGKILL when the app dies, but its children
// may outlive the app.
func newCommand(path string, args []string) (cmd *exec.Cmd, guarded bool) {
	if g := guard.Program(); g != "" {
		argv, env := guard.Command(g, path, args)
		cmd = exec.Command(argv[0], argv[1:]...)
		cmd.Env = append(cmd.Env, env)
		cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGTERM}
		return cmd, true
	}
	cmd = exec.Command(path, args...)
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	return cmd, false
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

// stop ends the engine at once. A guard is asked (SIGTERM): it kills the engine with
// SIGKILL, and every process descended from it, and exits with the engine's status; a
// guard that has not exited after a while, and an engine without a guard, are killed
// with their process group.
func stop(cmd *exec.Cmd, guarded bool, done <-chan struct{}) {
	if cmd.Process == nil {
		return
	}
	if !guarded {
		killGroup(cmd)
		return
	}
	syscall.Kill(cmd.Process.Pid, syscall.SIGTERM)
	go func() {
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			killGroup(cmd)
		}
	}()
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
