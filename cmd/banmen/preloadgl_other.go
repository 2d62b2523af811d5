//go:build !linux || !cgo

package main

// preloadGL does nothing here: only Linux's Mesa driver is loaded ahead (preloadgl_linux.go).
func preloadGL() {}
