package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"banmen/kifu"
)

func TestAnalyseCommand(t *testing.T) {
	fairy := debianEngine(t, "fairy-stockfish")
	dir := t.TempDir()
	in := filepath.Join(dir, "game.kif")
	data, err := os.ReadFile("../../kifu/testdata/kif/kifu-for-js__ryuou201409020101.kif")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(in, data, 0o644)
	out := filepath.Join(dir, "out.kif")
	code, stdout, stderr := runCLI("analyse", "--registry", filepath.Join(dir, "none.json"), "--engine", fairy, "--nodes", "5000", "--from", "3", "--to", "6", in, "-o", out, "--encoding", "sjis")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	for _, want := range []string{"position 5/5", "written to " + out, "先手 (Black): 2 moves", "後手 (White): 2 moves"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	rec, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	main := rec.MainLine()
	if !strings.Contains(main[2].Comment, "#評価値=") || strings.Contains(main[7].Comment, "#評価値=") {
		t.Errorf("comments: ply 3 %q, ply 8 %q", main[2].Comment, main[7].Comment)
	}
	raw, _ := os.ReadFile(out)
	if _, enc := kifu.Decode(raw); enc != kifu.ShiftJIS {
		t.Errorf("written as %v, want Shift_JIS", enc)
	}
	// two engines: both analyses are in the record
	out2 := filepath.Join(dir, "out2.kifu")
	code, stdout, stderr = runCLI("analyse", "--registry", filepath.Join(dir, "none.json"), "--engine", fairy, "--engine", fairy, "--option", "2:Skill Level=1",
		"--nodes", "3000", "--from", "1", "--to", "2", in, "-o", out2)
	if code != 0 || !strings.Contains(stdout, "Fairy-Stockfish 11.1 LB 64 and Fairy-Stockfish 11.1 LB 64 [Skill Level=1]") {
		t.Errorf("two engines: %d %s %s", code, stdout, stderr)
	}
	if rec2, err := kifu.ReadFile(out2); err != nil || strings.Count(rec2.Root.Comment, "#評価値=") != 2 {
		t.Errorf("two engines' root comment: %v %q", err, rec2.Root.Comment)
	}
	if code, _, _ := runCLI("analyse", in); code != 2 {
		t.Errorf("no engine: %d", code)
	}
	if code, _, _ := runCLI("analyse", "--engine", fairy); code != 2 {
		t.Errorf("no record: %d", code)
	}
	if code, _, errs := runCLI("analyse", "--engine", fairy, filepath.Join(dir, "missing.kif")); code != 1 || !strings.Contains(errs, "missing.kif") {
		t.Errorf("missing record: %d %s", code, errs)
	}
	if code, _, _ := runCLI("analyse", "--engine", fairy, in, "-o", filepath.Join(dir, "x.txt")); code != 2 {
		t.Errorf("unknown output format: %d", code)
	}
}
