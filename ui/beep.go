//go:build linux && cgo && !wayland

package ui

// The 10 s warning's beep where there is no audio (sound.go falls back to it): on Linux the
// X server's bell rings (XBell), through a Display of its own: libX11 is linked already by
// Fyne's GLFW. Elsewhere, and with no X server, there is no beep (beep_other.go).

/*
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>

static void banmenBell(void) {
	Display *d = XOpenDisplay(NULL);
	if (d == NULL) {
		return;
	}
	XBell(d, 0);
	XFlush(d);
	XCloseDisplay(d);
}
*/
import "C"

// systemBeep rings the X server's bell, off the calling goroutine (opening a Display can
// wait on the server).
func systemBeep() { go C.banmenBell() }
