package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// The app and the engine are installed side by side: the first run registers the engine.
func TestOpenUserRegistryRegistersTheBundledEngine(t *testing.T) {
	dir := t.TempDir()
	self, _ := os.Executable()
	data, _ := os.ReadFile(self)
	app := filepath.Join(dir, "banmen.test")
	os.WriteFile(app, data, 0o755)
	os.WriteFile(filepath.Join(dir, "banmen-engine"), []byte("#!/bin/sh\n"), 0o755)
	reg := filepath.Join(t.TempDir(), "engines.json")
	cmd := exec.Command(app, "-test.run=^TestBundledHelper$")
	cmd.Env = append(os.Environ(), "BANMEN_TEST_BUNDLED_REGISTRY="+reg)
	if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "bundled: "+filepath.Join(dir, "banmen-engine")) {
		t.Fatalf("%v: %s", err, out)
	}
	// a second run finds it registered once
	again := exec.Command(app, "-test.run=^TestBundledHelper$")
	again.Env = cmd.Env
	out, _ := again.CombinedOutput()
	if !strings.Contains(string(out), "engines: 1") {
		t.Errorf("second run: %s", out)
	}
}

func TestBundledHelper(t *testing.T) {
	path := os.Getenv("BANMEN_TEST_BUNDLED_REGISTRY")
	if path == "" {
		t.Skip("helper for TestOpenUserRegistryRegistersTheBundledEngine")
	}
	reg, err := OpenUserRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range reg.List() {
		if d.Bundled {
			println("bundled: " + d.Path)
		}
	}
	println("engines:", len(reg.List()))
}
