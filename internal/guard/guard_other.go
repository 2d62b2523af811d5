//go:build !linux

package guard

import (
	"fmt"
	"os"
)

// Supported reports whether engines can run under a guard on this system.
const Supported = false

// Run is the guard; there is none on this system.
func Run(path string, args []string) int {
	fmt.Fprintln(os.Stderr, "banmen-guard: not supported on this system")
	return 127
}
