//go:build !linux || !cgo

package ui

import (
	"errors"
	"time"
)

// alsaLibrary is ALSA's library where there is one (sound_alsa.go).
var alsaLibrary = ""

// openAudio has no audio to open here: Banmen plays its sounds through ALSA, on Linux
// (sound_alsa.go).
func openAudio(rate int, latency time.Duration) (audioOut, error) {
	return nil, errors.New("no audio: sounds are played through ALSA, on Linux only")
}
