package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func gpsusiCommand(t *testing.T) string {
	home := t.TempDir()
	if err := os.Symlink("/usr/share/gpsshogi-data/data", filepath.Join(home, "data")); err != nil {
		t.Fatal(err)
	}
	return "env OSL_HOME=" + home + " " + debianEngine(t, "gpsusi")
}

func TestSolveCommand(t *testing.T) {
	gps := gpsusiCommand(t)
	reg := filepath.Join(t.TempDir(), "none.json")
	code, out, errs := runCLI("solve", "--registry", reg, "--engine", gps, "--time", "5s", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if code != 0 || !strings.Contains(out, "mate in 1: ▲５二金 (G*5b)") {
		t.Errorf("mate in 1: %d %q %q", code, out, errs)
	}
	code, out, _ = runCLI("solve", "--registry", reg, "--engine", gps, "--time", "5s", "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if code != 0 || !strings.Contains(out, "no mate") {
		t.Errorf("no mate: %d %q", code, out)
	}
	list := filepath.Join(t.TempDir(), "problems.json")
	os.WriteFile(list, []byte(`{"problems":[
	 {"id":"atama-kin","sfen":"4k4/9/4P4/9/9/9/9/9/4K4 b G 1","expected":"mate","length":1},
	 {"id":"bare","sfen":"4k4/9/9/9/9/9/9/9/4K4 b - 1","expected":"no_mate"}]}`), 0o644)
	code, out, _ = runCLI("solve", "--registry", reg, "--engine", gps, "--time", "5s", list)
	if code != 0 || !strings.Contains(out, "solved 1 of 1 problems with a mate (100.0%)") || !strings.Contains(out, "wrong nomate 0") {
		t.Errorf("list: %d %q", code, out)
	}
	os.WriteFile(list, []byte(`{"problems":[{"id":"x"}]}`), 0o644)
	if code, _, errs := runCLI("solve", "--registry", reg, "--engine", gps, list); code != 1 || !strings.Contains(errs, "no sfen") {
		t.Errorf("bad list: %d %q", code, errs)
	}
	if code, _, errs := runCLI("solve", "--registry", reg, "--engine", gps, "not a position"); code != 1 || !strings.Contains(errs, "neither") {
		t.Errorf("bad position: %d %q", code, errs)
	}
	if code, _, _ := runCLI("solve", "--engine", gps); code != 2 {
		t.Errorf("no target: %d", code)
	}
}
