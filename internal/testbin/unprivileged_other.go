//go:build !unix

package testbin

import "testing"

// RunReadOnly is Unix only: the test is skipped.
func RunReadOnly(t testing.TB, test, dir string, env ...string) (string, error) {
	t.Skip("read-only folders are tested on Unix only")
	return "", nil
}
