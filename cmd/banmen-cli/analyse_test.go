package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"banmen/internal/testbin"
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
	// run again: OUT holds this game's analysis, which is kept; --force starts over
	args := []string{"analyse", "--registry", filepath.Join(dir, "none.json"), "--engine", fairy, "--nodes", "5000", "--from", "3", "--to", "6", in, "-o", out, "--encoding", "sjis"}
	code, stdout, stderr = runCLI(args...)
	if code != 0 || !strings.Contains(stdout, "resumed: 0 positions searched, 5 read back from "+out) {
		t.Errorf("run again: exit %d: %s %s", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(append(args, "--force")...)
	if code != 0 || strings.Contains(stdout, "read back") || !strings.Contains(stdout, "position 5/5") {
		t.Errorf("--force: exit %d: %s %s", code, stdout, stderr)
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
	// CSA holds no variations: written, and said
	if code, _, stderr := runCLI("analyse", "--registry", filepath.Join(dir, "none.json"), "--engine", fairy, "--nodes", "1000", "--to", "1",
		"../../ui/testdata/records/kifu-for-js__henka.kif", "-o", filepath.Join(dir, "henka.csa")); code != 0 || !strings.Contains(stderr, "CSA cannot hold its variations") {
		t.Errorf("-o henka.csa: exit %d: %s", code, stderr)
	}
	// USI holds no comments: an -o that would lose the analysis is refused
	if code, _, stderr := runCLI("analyse", "--registry", filepath.Join(dir, "none.json"), "--engine", fairy, "--nodes", "2000", in, "-o", filepath.Join(dir, "out.usi")); code != 2 || !strings.Contains(stderr, "no comments") {
		t.Errorf("-o out.usi: exit %d: %s", code, stderr)
	}
	// a record read only in part is refused with its line, nothing written
	part := filepath.Join(dir, "part.kif")
	os.WriteFile(part, []byte("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７七銀(88)\n   4 ８四歩(83)\n"), 0o644)
	partOut := filepath.Join(dir, "part-out.kif")
	if code, _, stderr := runCLI("analyse", "--registry", filepath.Join(dir, "none.json"), "--engine", fairy, "--nodes", "2000", part, "-o", partOut); code != 1 || !strings.Contains(stderr, "line 5") {
		t.Errorf("a record read in part: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(partOut); err == nil {
		t.Error("an analysis was written for a record read in part")
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

// buildCLI builds banmen-cli into a temporary folder (once per test binary, removed when
// the tests end), for tests that run it as a real process: killed, interrupted, run again.
func buildCLI(t *testing.T) string {
	t.Helper()
	return testbin.Program(t, "banmen/cmd/banmen-cli")
}

// analysedPlies returns the analysis comments of the main line's positions by ply
// (0: the start position), for the positions that have one.
func analysedPlies(t *testing.T, path string) map[int]string {
	t.Helper()
	rec, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	got := map[int]string{}
	for ply, n := range append([]*kifu.Node{rec.Root}, rec.MainLine()...) {
		for _, tc := range rec.ThinkComments(n) {
			if tc.Analysis && (tc.HasScore || tc.HasMate) {
				got[ply] = n.Comment
			}
		}
	}
	return got
}

// Killed outright (SIGKILL: no chance to clean up), analyse has still written every
// position it finished to OUT, and the same command run again resumes from there: the
// positions already analysed are read back, not searched again.
func TestAnalyseResumesAfterKill(t *testing.T) {
	bin := buildCLI(t)
	eng := testbin.BanmenEngine(t)
	dir := t.TempDir()
	in := filepath.Join(dir, "game.kif")
	data, err := os.ReadFile("../../kifu/testdata/kif/kifu-for-js__ryuou201409020101.kif")
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(in, data, 0o644)
	out := filepath.Join(dir, "out.kif")
	const positions = 11 // plies 0 to 10
	args := []string{"analyse", "--registry", filepath.Join(dir, "none.json"), "--engine", eng,
		"--time", "300ms", "--from", "1", "--to", "10", in, "-o", out}
	cmd := exec.Command(bin, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	pipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(pipe)
	killed := false
	for sc.Scan() {
		if strings.HasPrefix(sc.Text(), fmt.Sprintf("position 3/%d ", positions)) {
			cmd.Process.Kill()
			killed = true
			break
		}
	}
	io.Copy(io.Discard, pipe)
	cmd.Wait()
	if !killed {
		t.Fatalf("banmen-cli ended before its third position: %s", stderr.String())
	}
	before := analysedPlies(t, out)
	if len(before) < 3 || len(before) >= positions {
		t.Fatalf("after the kill, OUT has %d analysed positions, want 3 to %d", len(before), positions-1)
	}
	for ply := range 3 {
		if _, ok := before[ply]; !ok {
			t.Errorf("ply %d, analysed before the kill, is not in OUT", ply)
		}
	}
	res, err := exec.Command(bin, args...).CombinedOutput()
	if err != nil {
		t.Fatalf("run again: %v\n%s", err, res)
	}
	want := fmt.Sprintf("%d positions searched, %d read back from %s", positions-len(before), len(before), out)
	if !strings.Contains(string(res), want) {
		t.Errorf("run again: output lacks %q:\n%s", want, res)
	}
	after := analysedPlies(t, out)
	if len(after) != positions {
		t.Errorf("after the second run, %d positions analysed, want %d", len(after), positions)
	}
	for ply, c := range before {
		// the label (悪手, 疑問手) is added at the end; the analysis itself is kept
		if !strings.Contains(after[ply], c) {
			t.Errorf("ply %d was analysed again: %q, then %q", ply, c, after[ply])
		}
	}
}

// A folder: every record is analysed into -o's folder; a file that is not a record is
// named and skipped, the rest go on, and the exit status says that one failed.
func TestAnalyseFolder(t *testing.T) {
	fairy := debianEngine(t, "fairy-stockfish")
	dir := t.TempDir()
	in := filepath.Join(dir, "records")
	os.Mkdir(in, 0o755)
	for name, src := range map[string]string{
		"one.kif":    "../../kifu/testdata/kif/kifu-for-js__ryuou201409020101.kif",
		"two.csa":    "../../kifu/testdata/csa/shogihome__book__source__src04.csa",
		"broken.kif": "../../ui/testdata/evalgraph_light.png",
	} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(in, name), data, 0o644)
	}
	// a game lost by an illegal last move: analysed up to the move before it, with a warning
	os.WriteFile(filepath.Join(in, "three.kif"), []byte("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ９四歩(93)\n   5 ７七玉(68)\n"), 0o644)
	out := filepath.Join(dir, "analysed")
	registry := filepath.Join(dir, "none.json")
	code, _, stderr := runCLI("analyse", "--registry", registry, "--engine", fairy, "--nodes", "2000", in)
	if code != 2 || !strings.Contains(stderr, "-o") {
		t.Errorf("a folder without -o: exit %d: %s", code, stderr)
	}
	args := []string{"analyse", "--registry", registry, "--engine", fairy, "--nodes", "3000", "--to", "6", "--multipv", "2", in, "-o", out}
	code, stdout, stderr := runCLI(args...)
	if code != 1 || !strings.Contains(stderr, "broken.kif skipped") || strings.Contains(stderr, "one.kif") || strings.Contains(stderr, "two.csa") ||
		!strings.Contains(stderr, "warning: three.kif: line 7") {
		t.Fatalf("exit %d, want 1 for the bad file and a warning for three.kif:\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"file 1/4: broken.kif", "file 4/4: two.csa", "3 of 4 records analysed into " + out} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	for _, name := range []string{"one.kif", "two.csa"} {
		rec, err := kifu.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if c := rec.MainLine()[2].Comment; !strings.Contains(c, "#評価値=") && !strings.Contains(c, "#詰み=") || !strings.Contains(c, "#候補=2") {
			t.Errorf("%s ply 3: %q, want the analysis and a second candidate", name, c)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "broken.kif")); err == nil {
		t.Error("an output for the bad file")
	}
}

// A CSA record whose times have fractions is analysed into a CSA file as V3.0, as the window
// saves it: written as V2.2 the output lost them.
func TestAnalyseKeepsACSAsFractionsOfASecond(t *testing.T) {
	fairy := debianEngine(t, "fairy-stockfish")
	dir := t.TempDir()
	in, out := filepath.Join(dir, "a.csa"), filepath.Join(dir, "out.csa")
	csa := "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU\nT1.5\n-3334FU\nT2.25\n+2726FU\nT0.5\n"
	if err := os.WriteFile(in, []byte(csa), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("analyse", "--registry", filepath.Join(dir, "none.json"), "--engine", fairy, "--nodes", "2000", in, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, stderr)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"V3.0", "T1.5", "T2.25", "T0.5"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("the output lacks %q:\n%s", want, data)
		}
	}
}
