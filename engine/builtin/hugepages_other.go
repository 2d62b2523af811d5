//go:build !linux

package builtin

import "unsafe"

// adviseHugePages does nothing outside Linux.
func adviseHugePages(p unsafe.Pointer, n uintptr) {}
