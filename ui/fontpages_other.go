//go:build !linux

package ui

// dropPages does nothing outside Linux (see fontpages.go).
func dropPages([]byte) {}
