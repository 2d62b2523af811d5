package ui

import (
	"os"
	"syscall"
	"unsafe"
)

// dropPages tells the kernel that the whole pages inside b are not needed now
// (MADV_DONTNEED). b must be a part of a file mapping that is never written (the binary's
// data): its pages leave the resident set, and a later read finds the same bytes again
// from the file. Pages that b shares with other data are left alone.
func dropPages(b []byte) {
	inner := innerPages(b, uintptr(unsafe.Pointer(unsafe.SliceData(b))), uintptr(os.Getpagesize()))
	if len(inner) > 0 {
		_ = syscall.Madvise(inner, syscall.MADV_DONTNEED) // only a hint: nothing to do if it fails
	}
}
