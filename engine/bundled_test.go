package engine

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/internal/testbin"
)

// copyTestBinary copies this test binary into dir as name, to stand for the app installed
// there (TestBundledHelper runs in it).
func copyTestBinary(t *testing.T, dir, name string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	app := filepath.Join(dir, name)
	if err := os.WriteFile(app, data, 0o755); err != nil {
		t.Fatal(err)
	}
	return app
}

// The app and the engine are installed side by side: the first run registers the engine.
func TestOpenUserRegistryRegistersTheBundledEngine(t *testing.T) {
	dir := t.TempDir()
	app := copyTestBinary(t, dir, "banmen.test")
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

// The GUI installed alone (go install banmen/cmd/banmen) is its own bundled engine with
// --usi; banmen-engine installed beside it later takes over.
func TestOpenUserRegistryFallsBackToTheProgramItselfWithUSI(t *testing.T) {
	dir := t.TempDir()
	app := copyTestBinary(t, dir, "banmen")
	reg := filepath.Join(t.TempDir(), "engines.json")
	run := func() string {
		cmd := exec.Command(app, "-test.run=^TestBundledHelper$")
		cmd.Env = append(os.Environ(), "BANMEN_TEST_BUNDLED_REGISTRY="+reg, "BANMEN_TEST_SELF_SERVES_USI=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return string(out)
	}
	if out := run(); !strings.Contains(out, "bundled: "+app+" [--usi]") {
		t.Errorf("alone, the program is not registered as the engine with --usi:\n%s", out)
	}
	os.WriteFile(filepath.Join(dir, "banmen-engine"), []byte("#!/bin/sh\n"), 0o755)
	if out := run(); !strings.Contains(out, "bundled: "+filepath.Join(dir, "banmen-engine")+" []") || !strings.Contains(out, "engines: 1") {
		t.Errorf("with banmen-engine beside it:\n%s", out)
	}
}

// The list asks the bundled engine for its options the first time (and after a new build),
// so that the options dialog offers them; its display name stays; a second opening asks
// nothing.
func TestOpenUserRegistryAsksTheBundledEngineForItsOptions(t *testing.T) {
	dir := t.TempDir()
	app := copyTestBinary(t, dir, "banmen.test")
	engineData, err := os.ReadFile(testbin.BanmenEngine(t))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "banmen-engine"), engineData, 0o755)
	reg := filepath.Join(t.TempDir(), "engines.json")
	run := func() string {
		cmd := exec.Command(app, "-test.run=^TestBundledHelper$")
		cmd.Env = append(os.Environ(), "BANMEN_TEST_BUNDLED_REGISTRY="+reg)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return string(out)
	}
	first := run()
	for _, want := range []string{"name: Banmen\n", "options: ", " SkillLevel ", " BookFile ", " MultiPV "} {
		if !strings.Contains(first, want) {
			t.Errorf("the first run does not say %q:\n%s", want, first)
		}
	}
	probed := func(out string) string {
		_, after, _ := strings.Cut(out, "probed: ")
		line, _, _ := strings.Cut(after, "\n")
		return line
	}
	if second := run(); probed(second) != probed(first) || probed(first) == "" {
		t.Errorf("asked again at the second run: %q, then %q", probed(first), probed(second))
	}
	// a new build installed with an older time (as a package sets it) is asked again
	old := time.Now().Add(-48 * time.Hour)
	os.Chtimes(filepath.Join(dir, "banmen-engine"), old, old)
	if third := run(); probed(third) == probed(first) {
		t.Errorf("a program with another time of change was not asked again: %q", probed(third))
	}
}

func TestBundledHelper(t *testing.T) {
	path := os.Getenv("BANMEN_TEST_BUNDLED_REGISTRY")
	if path == "" {
		t.Skip("helper for TestOpenUserRegistryRegistersTheBundledEngine")
	}
	SelfServesUSI = os.Getenv("BANMEN_TEST_SELF_SERVES_USI") != ""
	reg, err := OpenUserRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range reg.List() {
		if d.Bundled {
			println("bundled: " + d.Path + " [" + strings.Join(d.Args, " ") + "]")
			println("name: " + d.Name)
			var names []string
			for _, o := range d.Options {
				names = append(names, o.Name)
			}
			println("options: " + strings.Join(names, " ") + " ")
			println("probed: " + d.ProbedAt.String())
		}
	}
	println("engines:", len(reg.List()))
}
