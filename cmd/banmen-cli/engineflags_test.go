package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"banmen/engine"
	"banmen/internal/testbin"
)

// A name given to --engine is never run as a command because the engine list could not
// be read: the error says why the list could not be read (issue 17).
func TestEngineFlagUnreadableList(t *testing.T) {
	dir := t.TempDir()
	reg := filepath.Join(dir, "engines.json")
	os.Mkdir(reg, 0o755) // a folder where the list should be: it can't be read
	f := engineFlags{specs: multiFlag{"Fairy"}, registry: reg}
	var stderr bytes.Buffer
	_, err := f.resolve(context.Background(), 1, &stderr)
	if err == nil || !strings.Contains(err.Error(), reg) || !strings.Contains(err.Error(), `"Fairy"`) || strings.Contains(err.Error(), "executable file not found") {
		t.Errorf("resolve: %v", err)
	}
	// a command still runs as a command, with a warning about the list
	f = engineFlags{specs: multiFlag{debianEngine(t, "fairy-stockfish")}, registry: reg}
	stderr.Reset()
	defs, err := f.resolve(context.Background(), 1, &stderr)
	if err != nil || len(defs) != 1 || !strings.Contains(stderr.String(), reg) {
		t.Errorf("a command: %v %v; stderr %q", defs, err, stderr.String())
	}
}

const readOnlyFlagsEnv = "BANMEN_CLI_TEST_READONLY_REGISTRY"

// With a config folder that can't be written, --engine NAME runs the registered engine.
func TestEngineFlagReadOnlyConfigFolder(t *testing.T) {
	fairy := debianEngine(t, "fairy-stockfish")
	dir := filepath.Join(t.TempDir(), "banmen")
	path := filepath.Join(dir, "engines.json")
	reg, _ := engine.OpenRegistry(path)
	if _, err := reg.Add(engine.Definition{Name: "MyFairy", Path: fairy}); err != nil {
		t.Fatal(err)
	}
	out, err := testbin.RunReadOnly(t, "TestEngineFlagReadOnlyHelper", dir, readOnlyFlagsEnv+"="+path)
	if err != nil || !strings.Contains(out, "resolved MyFairy "+fairy) {
		t.Errorf("%v:\n%s", err, out)
	}
}

func TestEngineFlagReadOnlyHelper(t *testing.T) {
	path := os.Getenv(readOnlyFlagsEnv)
	if path == "" {
		t.Skip("helper for TestEngineFlagReadOnlyConfigFolder")
	}
	f := engineFlags{specs: multiFlag{"MyFairy"}, registry: path}
	var stderr bytes.Buffer
	defs, err := f.resolve(context.Background(), 1, &stderr)
	if err != nil {
		t.Fatalf("%v; stderr %s", err, stderr.String())
	}
	fmt.Println("resolved", defs[0].Name, defs[0].Path)
}

func TestDistinctTails(t *testing.T) {
	for _, c := range []struct{ a, b, wantA, wantB string }{
		{"/w/m/bin-se/banmen-engine", "/w/m/bin-main/banmen-engine", "bin-se/banmen-engine", "bin-main/banmen-engine"},
		{"bin/banmen-engine", "/usr/local/bin/banmen-engine", "bin/banmen-engine", "/usr/local/bin/banmen-engine"},
		{"a/eng", "b/eng2", "eng", "eng2"},
		{"eng", "x/eng", "eng", "x/eng"},
		{"eng", "eng", "eng", "eng"},
	} {
		a, b := distinctTails(c.a, c.b)
		if a != c.wantA || b != c.wantB {
			t.Errorf("distinctTails(%q, %q) = %q, %q; want %q, %q", c.a, c.b, a, b, c.wantA, c.wantB)
		}
	}
}
