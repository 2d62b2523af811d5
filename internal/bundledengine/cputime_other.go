//go:build !unix

package bundledengine

import "time"

var processStart = time.Now()

// haveCPUTime says that cpuTime is only the wall clock here.
const haveCPUTime = false

// cpuTime falls back to the wall clock where getrusage is missing.
func cpuTime() time.Duration { return time.Since(processStart) }
