//go:build unix

package testbin

import (
	"errors"
	"syscall"
)

// ended reports whether no process has the ID pid.
func ended(pid int) bool {
	return errors.Is(syscall.Kill(pid, 0), syscall.ESRCH)
}
