package bundledengine

import (
	"runtime"
	"unsafe"
)

// Memory for the big tables (the search's transposition table and the solver's).
//
// USI_Hash asks for up to many gigabytes, and a Go program cannot survive a failed make():
// the runtime stops with "fatal error: out of memory". So a table is never made with make.
// On Linux it is mapped with mmap, outside the Go heap, after its size has been checked
// against the memory left (the address-space limit, RLIMIT_AS, less what the process
// already maps; the memory available; the cgroup's limit), with room to spare for the rest
// of the engine; a size that does not fit is halved until it does, and a mapping that still
// fails (ENOMEM) is halved again. The caller learns the size it got and says so (an info
// string), never a crash. Outside the Go heap the table also does not double the garbage
// collector's heap goal. Elsewhere tables come from make, unchecked.

// tableHeadroomMB is the memory left to the rest of the engine beside the tables.
const tableHeadroomMB = 256

// maxHashMB is the USI_Hash maximum declared on a machine with memory to spare.
const maxHashMB = 16384

// declaredMaxHashMB is the USI_Hash maximum the engine declares: the largest power of two
// that fits the memory left when it starts, between the default and maxHashMB.
func declaredMaxHashMB() int {
	room := tableRoomMB()
	mb := maxHashMB
	for mb > defaultHashMB && mb > room {
		mb /= 2
	}
	return mb
}

// table is a slice of n pointer-free elements in memory of its own, freed by release (or,
// if release is never called, when the table is no longer reachable).
type table[T any] struct {
	s       []T
	free    func()
	cleanup runtime.Cleanup
}

// allocTable makes a table of n elements of T, or of n/2, n/4, … down to min when n does not
// fit; the elements are zero. It returns nil when not even min elements fit.
func allocTable[T any](n, min uint64) *table[T] {
	var zero T
	size := uint64(unsafe.Sizeof(zero))
	room := tableRoomMB()
	for ; n >= min && n > 0; n /= 2 {
		if room != unlimited && n*size>>20 > uint64(max(room, 0)) && n > min {
			continue
		}
		s, free, ok := mapTable[T](n)
		if !ok {
			continue
		}
		t := &table[T]{s: s, free: free}
		if free != nil {
			t.cleanup = runtime.AddCleanup(t, func(f func()) { f() }, free)
		}
		return t
	}
	return nil
}

// release frees the table now; it must not be used after.
func (t *table[T]) release() {
	if t == nil || t.free == nil {
		return
	}
	t.cleanup.Stop()
	t.free()
	t.free = nil
	t.s = nil
}
