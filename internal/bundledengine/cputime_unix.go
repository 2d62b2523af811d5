//go:build unix

package bundledengine

import (
	"syscall"
	"time"
)

// haveCPUTime says that cpuTime measures CPU time.
const haveCPUTime = true

// cpuTime is the CPU time the process has used (all its threads).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
