//go:build linux && cgo

package ui

// ALSA writes to stderr when it finds no device ("cannot find card '0'", a dozen lines at each
// try): on a machine without audio that is no news for the user, and Banmen says it in
// its own words where it matters (systemSound.Err).

/*
#cgo LDFLAGS: -lasound
#include <alsa/asoundlib.h>

static void banmenALSAQuiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

static void banmenQuietALSA(void) { snd_lib_error_set_handler(banmenALSAQuiet); }
*/
import "C"

// quietALSA stops ALSA's error messages on stderr.
func quietALSA() { C.banmenQuietALSA() }
