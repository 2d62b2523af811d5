package bundledengine

// prefetch asks the processor to bring the cache line at addr into the cache without
// waiting for it (PREFETCHT0). Go has no prefetch of its own.
//
//go:noescape
func prefetch(addr uintptr)
