//go:build !unix

package atomicfile

// isInvalid: elsewhere a folder can't be synced at all; Write skips it.
func isInvalid(err error) bool { return true }
