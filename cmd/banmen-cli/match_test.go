package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"banmen/internal/testbin"
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

// An engine that fails in a game loses it, and the series goes on; but the match ends
// with exit status 1, saying which engine failed in which game (it used to exit 0).
func TestMatchEngineFailureExits1(t *testing.T) {
	fairy := debianEngine(t, "fairy-stockfish")
	crasher := testbin.ScriptEngine(t, "Crasher", nil, `echo "segmentation fault (pretend)" >&2; exit 3`)
	out := filepath.Join(t.TempDir(), "games")
	code, stdout, stderr := runCLI("match", "--registry", filepath.Join(t.TempDir(), "none.json"), "--engine", fairy, "--engine", crasher,
		"--games", "2", "--tc", "0/200ms", "--out", out)
	if code != 1 {
		t.Errorf("exit %d, want 1:\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "Score of Fairy-Stockfish 11.1 LB 64 vs Crasher: 2 - 0 - 0") {
		t.Errorf("the failed games are not scored as losses:\n%s", stdout)
	}
	// all won: an infinite Elo, with no error bar
	if !strings.Contains(stdout, "Elo difference: +∞\n") || !strings.Contains(stdout, "(score 1.000): Elo +∞,") {
		t.Errorf("a 100%% score's Elo:\n%s", stdout)
	}
	for _, game := range []string{"game 1", "game 2"} {
		if !regexp.MustCompile(game + `: engine "?Crasher"? \((sente|gote)\) failed`).MatchString(stderr) {
			t.Errorf("stderr does not say that Crasher failed in %s:\n%s", game, stderr)
		}
	}
}

// A match run again on its folder goes on: the finished games are kept, counted in
// the score, and not played again (it used to overwrite them). A folder holding
// another series is refused, unless --force says to play over it.
func TestMatchResumes(t *testing.T) {
	fairy := debianEngine(t, "fairy-stockfish")
	reg := filepath.Join(t.TempDir(), "none.json")
	out := filepath.Join(t.TempDir(), "games")
	args := func(games string, more ...string) []string {
		return append([]string{"match", "--registry", reg, "--engine", fairy, "--engine", fairy, "--option", "2:Skill Level=0",
			"--games", games, "--tc", "0/100ms", "--max-moves", "12"}, more...)
	}
	code, stdout, stderr := runCLI(args("2", "-o", out)...)
	if code != 0 {
		t.Fatalf("first run: exit %d: %s %s", code, stdout, stderr)
	}
	files, _ := filepath.Glob(filepath.Join(out, "*.kifu"))
	if len(files) != 2 {
		t.Fatalf("-o: %d records in %s", len(files), out)
	}
	before := map[string]string{}
	for _, f := range files {
		data, _ := os.ReadFile(f)
		before[f] = string(data)
	}
	score := regexp.MustCompile(`Score of .*: (\d+) - (\d+) - (\d+)`).FindStringSubmatch(stdout)
	if score == nil {
		t.Fatalf("no score in %s", stdout)
	}
	code, stdout, stderr = runCLI(args("3", "--out", out)...)
	if code != 0 {
		t.Fatalf("run again: exit %d: %s %s", code, stdout, stderr)
	}
	for _, want := range []string{"resuming: 2 finished games in " + out + " are kept", "game 3/3 (100%)", "3 games (2 of them played before)"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("run again: output lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "game 1/3") || strings.Contains(stdout, "game 2/3") {
		t.Errorf("finished games were played again:\n%s", stdout)
	}
	again := regexp.MustCompile(`Score of .*: (\d+) - (\d+) - (\d+)`).FindStringSubmatch(stdout)
	if again == nil || atoi(again[1])+atoi(again[2])+atoi(again[3]) != 3 ||
		atoi(again[1]) < atoi(score[1]) || atoi(again[2]) < atoi(score[2]) || atoi(again[3]) < atoi(score[3]) {
		t.Errorf("score %v after %v", again, score)
	}
	for f, data := range before {
		if now, _ := os.ReadFile(f); string(now) != data {
			t.Errorf("%s was written again", f)
		}
	}
	// another series in the folder: refused, then played over with --force
	code, _, stderr = runCLI("match", "--registry", reg, "--engine", fairy, "--engine", fairy, "--option", "2:Skill Level=1",
		"--games", "1", "--tc", "0/100ms", "--max-moves", "4", "-o", out)
	if code != 1 || !strings.Contains(stderr, "is not game 1 of this series") || !strings.Contains(stderr, "--force") {
		t.Errorf("another series: exit %d: %s", code, stderr)
	}
	code, stdout, stderr = runCLI("match", "--registry", reg, "--engine", fairy, "--engine", fairy, "--option", "2:Skill Level=1",
		"--games", "1", "--tc", "0/100ms", "--max-moves", "4", "-o", out, "--force")
	if code != 0 || !strings.Contains(stdout, "1 games in") {
		t.Errorf("--force: exit %d: %s %s", code, stdout, stderr)
	}
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }
