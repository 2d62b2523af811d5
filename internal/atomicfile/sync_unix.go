//go:build unix

package atomicfile

import (
	"errors"
	"syscall"
)

// isInvalid reports the errors a folder's fsync gives where the file system can't do it.
func isInvalid(err error) bool {
	return errors.Is(err, syscall.EINVAL) || errors.Is(err, syscall.ENOTSUP)
}
