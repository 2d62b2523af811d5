//go:build !amd64

package bundledengine

// prefetch and prefetch256 do nothing where there is no assembly version (prefetch_amd64.s).
func prefetch(addr uintptr) {}

func prefetch256(addr uintptr) {}
