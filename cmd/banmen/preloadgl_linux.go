//go:build linux && cgo

package main

// The OpenGL driver is loaded on another core while the window is being built.
//
// Creating the window's OpenGL context makes Mesa load its driver (dri/swrast_dri.so and
// the like: on Debian one 25 MB library under many names, which pulls in LLVM's 100 MB):
// the dynamic loader's relocations took 50–100 ms of the main thread's CPU on the way to
// the first frame, after everything else. preloadGL loads the same library, with the flags
// Mesa's loader uses (RTLD_NOW | RTLD_GLOBAL), from a goroutine started before the window
// is built: when Mesa opens it, the loader finds it loaded (it knows a library by its
// file, whatever the name) and the main thread goes on. Where no such driver is installed
// (a GPU's own OpenGL), nothing is loaded.

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>

static int banmenPreload(const char *path) {
	return dlopen(path, RTLD_NOW | RTLD_GLOBAL) != NULL;
}
*/
import "C"

import (
	"os"
	"path/filepath"
	"strings"
	"unsafe"
)

// driDirs are where Mesa's drivers are installed (Debian's multiarch, Fedora's, others').
var driDirs = []string{
	"/usr/lib/x86_64-linux-gnu/dri", "/usr/lib/aarch64-linux-gnu/dri", "/usr/lib64/dri", "/usr/lib/dri",
}

// mesaDriver returns the path of the Mesa driver library to load ahead, or "". Mesa's
// software driver is the one an X server without a GPU (Xvfb, a remote desktop) gets; on
// Debian and others it is the same file as the GPU drivers (one "megadriver" under many
// names), so loading it ahead helps there too.
func mesaDriver(getenv func(string) string) string {
	dirs := driDirs
	if p := getenv("LIBGL_DRIVERS_PATH"); p != "" {
		dirs = strings.Split(p, ":")
	}
	for _, d := range dirs {
		path := filepath.Join(d, "swrast_dri.so")
		if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
			return path
		}
	}
	return ""
}

// preloadGL loads Mesa's driver in a goroutine (see above).
func preloadGL() {
	path := mesaDriver(os.Getenv)
	if path == "" {
		return
	}
	go func() {
		cs := C.CString(path)
		defer C.free(unsafe.Pointer(cs))
		C.banmenPreload(cs) // on failure Mesa reports it when it loads the driver itself
	}()
}
