//go:build !linux

package engine

import (
	"os"
	"os/exec"
)

// Without Linux's parent-death signal there is no guard: the engine is started
// directly and killed by PID.
func newCommand(path string, args []string) (*exec.Cmd, bool) {
	return exec.Command(path, args...), false
}

func stop(cmd *exec.Cmd, guarded bool, done <-chan struct{}) { killGroup(cmd) }

func startCommand(cmd *exec.Cmd) error { return cmd.Start() }

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

func describeExit(st *os.ProcessState, err error) string {
	if st == nil {
		if err != nil {
			return err.Error()
		}
		return "exited"
	}
	return st.String()
}
