//go:build !linux

package bundledengine

import "unsafe"

// adviseHugePages does nothing outside Linux.
func adviseHugePages(p unsafe.Pointer, n uintptr) {}
