package bundledengine

// prefetch asks the processor to bring the cache line at addr into the cache without
// waiting for it (PREFETCHT0). Go has no prefetch of its own.
//
//go:noescape
func prefetch(addr uintptr)

// prefetch256 is prefetch of the four cache lines of the 256 bytes from addr.
//
//go:noescape
func prefetch256(addr uintptr)
