package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestSplitCommand(t *testing.T) {
	for in, want := range map[string][]string{
		`/usr/bin/engine`:               {"/usr/bin/engine"},
		`ssh host '/opt/my engine/run'`: {"ssh", "host", "/opt/my engine/run"},
		`a "b c" d\ e`:                  {"a", "b c", "d e"},
		`  spaced   out  `:              {"spaced", "out"},
		`"" x`:                          {"", "x"},
	} {
		got, err := splitCommand(in)
		if err != nil || strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("splitCommand(%q) = %q, %v", in, got, err)
		}
	}
	if _, err := splitCommand(`a "b`); err == nil {
		t.Error("unfinished quote accepted")
	}
}

func TestMatchCommand(t *testing.T) {
	fairy := debianEngine(t, "fairy-stockfish")
	out := filepath.Join(t.TempDir(), "games")
	code, stdout, stderr := runCLI("match", "--engine", fairy, "--engine", fairy, "--option", "2:Skill Level=0",
		"--games", "2", "--tc", "0.5+0.05", "--max-moves", "16", "--out", out, "--registry", filepath.Join(t.TempDir(), "none.json"))
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	for _, want := range []string{"game 2/2 (100%)", "Score of Fairy-Stockfish", "[Skill Level=0]", "Elo difference", "2 games in"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	if files, _ := filepath.Glob(filepath.Join(out, "*.kifu")); len(files) != 2 {
		t.Errorf("%d records written", len(files))
	}
	// an option the engine does not have is an error, before any game
	code, _, stderr = runCLI("match", "--engine", fairy, "--engine", fairy, "--option", "1:No Such Thing=1", "--games", "1", "--out", out)
	if code != 1 || !strings.Contains(stderr, `no option "No Such Thing"`) {
		t.Errorf("unknown option: %d %s", code, stderr)
	}
	code, _, stderr = runCLI("match", "--engine", fairy, "--engine", fairy, "--option", "2:Skill Level=99", "--games", "1", "--out", out)
	if code != 1 || !strings.Contains(stderr, "Skill Level") {
		t.Errorf("out of range option: %d %s", code, stderr)
	}
	for _, args := range [][]string{
		{"match", "--engine", fairy},
		{"match", "--engine", fairy, "--engine", fairy, "--tc", "bogus"},
		{"match", "--engine", fairy, "--engine", fairy, "--sprt", "5"},
		{"match", "--engine", fairy, "--engine", fairy, "--games", "0"},
		{"match", "--engine", fairy, "--engine", fairy, "--option", "3:x=1"},
		{"match", "extra"},
	} {
		if code, _, _ := runCLI(args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args[1:], code)
		}
	}
	code, _, stderr = runCLI("match", "--engine", fairy, "--engine", "/nonexistent/engine", "--games", "1", "--out", out)
	if code != 1 || !strings.Contains(stderr, "/nonexistent/engine") {
		t.Errorf("missing engine: %d %s", code, stderr)
	}
	os.RemoveAll(out)
}
