package bundledengine

import (
	"syscall"
	"unsafe"
)

// adviseHugePages asks Linux to back a large table with huge pages (transparent huge pages
// in "madvise" mode): random probes into a table of many megabytes then miss the TLB far less.
// It is advice; errors are ignored.
func adviseHugePages(p unsafe.Pointer, n uintptr) {
	const huge = 2 << 20
	start := (uintptr(p) + huge - 1) &^ (huge - 1)
	end := (uintptr(p) + n) &^ (huge - 1)
	if end <= start {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, start-uintptr(p))), end-start)
	syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
