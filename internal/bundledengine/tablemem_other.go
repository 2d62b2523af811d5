//go:build !linux

package bundledengine

import (
	"math"
	"unsafe"
)

const unlimited = math.MaxInt

// tableRoomMB is unknown outside Linux.
func tableRoomMB() int { return unlimited }

// mapTable makes n elements with make, which cannot fail softly.
func mapTable[T any](n uint64) ([]T, func(), bool) { return make([]T, n), nil, true }

// adviseHugePages does nothing outside Linux.
func adviseHugePages(p unsafe.Pointer, n uintptr) {}
