//go:build !amd64

package bundledengine

// prefetch does nothing where there is no assembly version (prefetch_amd64.s).
func prefetch(addr uintptr) {}
