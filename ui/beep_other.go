//go:build !linux || !cgo || wayland

package ui

// systemBeep does nothing here: the bell is rung through X11 on Linux only (beep.go).
func systemBeep() {}
