//go:build linux && cgo

package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestMesaDriverFollowsLIBGL_DRIVERS_PATH(t *testing.T) {
	empty, withDriver := t.TempDir(), t.TempDir()
	driver := filepath.Join(withDriver, "swrast_dri.so")
	if err := os.WriteFile(driver, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(empty, "swrast_dri.so"), 0o755); err != nil { // a directory is no driver
		t.Fatal(err)
	}
	env := func(p string) func(string) string {
		return func(k string) string {
			if k == "LIBGL_DRIVERS_PATH" {
				return p
			}
			return ""
		}
	}
	if got := mesaDriver(env(empty + ":" + withDriver)); got != driver {
		t.Errorf("mesaDriver with LIBGL_DRIVERS_PATH=%s:%s = %q, want %q", empty, withDriver, got, driver)
	}
	if got := mesaDriver(env(empty)); got != "" {
		t.Errorf("mesaDriver with LIBGL_DRIVERS_PATH=%s (no driver there) = %q, want none", empty, got)
	}
}
