package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"banmen/internal/testbin"
	"banmen/usiclient"
)

// debianEngine finds a Debian engine, or skips the test (fails it under CI).
func debianEngine(t *testing.T, name string) string {
	t.Helper()
	return testbin.DebianEngine(t, name)
}

// A spin's range is printed as the engine sent it: a bound it left out is not shown as 0.
func TestPrintOptionsSpinRange(t *testing.T) {
	var opts []usiclient.Option
	for _, line := range []string{
		"option name Both type spin default 10 min -20 max 20",
		"option name MinOnly type spin default 1 min 1",
		"option name MaxOnly type spin default 5 max 100",
		"option name Neither type spin default 7",
	} {
		o, err := usiclient.ParseOption(line)
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, o)
	}
	var b bytes.Buffer
	printOptions(&b, opts)
	rows := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(rows) != 5 {
		t.Fatalf("output:\n%s", b.String())
	}
	for i, want := range [][]string{{"Both", "spin", "10", "-20..20"}, {"MinOnly", "spin", "1", "1.."}, {"MaxOnly", "spin", "5", "..100"}, {"Neither", "spin", "7"}} {
		if got := strings.Fields(rows[i+1]); strings.Join(got, " ") != strings.Join(want, " ") {
			t.Errorf("row %q, want %q", rows[i+1], want)
		}
	}
}

func TestProbeCommand(t *testing.T) {
	fairy := debianEngine(t, "fairy-stockfish")
	code, out, errs := runCLI("probe", fairy)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"id name   Fairy-Stockfish", "handshake", "Skill Level", "spin", "-20..20", "Clear Hash", "button"} {
		if !strings.Contains(out, want) {
			t.Errorf("probe output lacks %q:\n%s", want, out)
		}
	}
	code, _, errs = runCLI("probe", "--timeout-scale", "0.2", debianEngine(t, "gnushogi"))
	if code != 1 || !strings.Contains(errs, "not a USI engine") || !strings.Contains(errs, "GNU Shogi") {
		t.Errorf("gnushogi: exit %d, %s", code, errs)
	}
	if code, _, errs = runCLI("probe", "/nonexistent/engine"); code != 1 || !strings.Contains(errs, "/nonexistent/engine") {
		t.Errorf("missing engine: exit %d, %s", code, errs)
	}
	if code, _, _ = runCLI("probe"); code != 2 {
		t.Errorf("no command: exit %d", code)
	}
}

func TestEnginesCommand(t *testing.T) {
	reg := filepath.Join(t.TempDir(), "engines.json")
	fairy := debianEngine(t, "fairy-stockfish")
	code, out, errs := runCLI("engines", "--registry", reg, "add", fairy)
	if code != 0 || !strings.Contains(out, `added "Fairy-Stockfish`) {
		t.Fatalf("add: exit %d %s %s", code, out, errs)
	}
	code, out, _ = runCLI("engines", "--registry", reg, "list")
	if code != 0 || !strings.Contains(out, "Fairy-Stockfish") || !strings.Contains(out, fairy) {
		t.Errorf("list: %s", out)
	}
	if code, _, errs = runCLI("engines", "--registry", reg, "remove", "nosuch"); code != 1 || !strings.Contains(errs, "nosuch") {
		t.Errorf("remove nosuch: %d %s", code, errs)
	}
	if code, out, _ = runCLI("engines", "--registry", reg, "remove", "fairy-stockfish 11.1 lb 64"); code != 0 {
		t.Errorf("remove: %d %s", code, out)
	}
	if _, out, _ = runCLI("engines", "--registry", reg, "list"); strings.Contains(out, "Fairy") {
		t.Errorf("still listed: %s", out)
	}
	// the registry in the default place, through XDG_CONFIG_HOME
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	if code, out, errs = runCLI("engines", "list"); code != 0 {
		t.Errorf("default registry: %d %s %s", code, out, errs)
	}
	// a corrupt list is reported and moved aside, and the command goes on
	os.WriteFile(reg, []byte("{broken"), 0o644)
	code, _, errs = runCLI("engines", "--registry", reg, "list")
	if code != 0 || !strings.Contains(errs, "could not be read") {
		t.Errorf("corrupt: %d %s", code, errs)
	}
	for _, args := range [][]string{{"engines"}, {"engines", "frobnicate"}, {"engines", "add"}, {"engines", "remove"}} {
		if code, _, _ := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

// An engine's id name, author and option names are printed escaped: an escape sequence
// an engine sends never reaches the terminal (issue 17).
func TestProbeAndListEscapeEngineText(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "evil.sh")
	body := `#!/bin/sh
while read cmd; do
  case "$cmd" in
    usi) printf 'id name Evil\033]0;pwned\007\033[2J\n'
         printf 'id author Mallory\033[31m\n'
         printf 'option name Bad\033[1mName type check default false\n'
         printf 'usiok\n' ;;
    isready) printf 'readyok\n' ;;
    quit) exit 0 ;;
  esac
done
`
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	code, out, errs := runCLI("probe", script)
	if code != 0 {
		t.Fatalf("probe: exit %d: %s", code, errs)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("probe printed a raw escape sequence:\n%q", out)
	}
	for _, want := range []string{`Evil\x1b]0;pwned\x07\x1b[2J`, `Mallory\x1b[31m`, `Bad\x1b[1mName`} {
		if !strings.Contains(out, want) {
			t.Errorf("probe output lacks %q:\n%s", want, out)
		}
	}
	reg := filepath.Join(dir, "engines.json")
	if code, out, errs = runCLI("engines", "--registry", reg, "add", script); code != 0 || strings.ContainsAny(out, "\x1b\x07") {
		t.Fatalf("add: exit %d %q %s", code, out, errs)
	}
	code, out, errs = runCLI("engines", "--registry", reg, "list")
	if code != 0 || strings.ContainsAny(out, "\x1b\x07") || !strings.Contains(out, `Evil\x1b]0;pwned`) {
		t.Errorf("list: exit %d %q %s", code, out, errs)
	}
}
