//go:build !linux || !cgo

package ui

// quietALSA does nothing where there is no ALSA (sound_alsa.go).
func quietALSA() {}
