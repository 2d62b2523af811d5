package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"banmen/board"
	"banmen/internal/bundledengine"
)

// gen writes "SFEN | result | score" lines of quiet positions; fit reads them, lowers the
// error of the predictions and writes weights the engine can read.
func TestGenAndFit(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "games.txt")
	var out strings.Builder
	if err := run([]string{"gen", "-games", "3", "-depth", "2", "-random", "6", "-maxply", "80", "-o", data}, &out); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(text)), "\n")
	if len(lines) < 10 {
		t.Fatalf("only %d positions from 3 games:\n%s", len(lines), out.String())
	}
	for _, l := range lines {
		f := strings.Split(l, " | ")
		if len(f) != 3 {
			t.Fatalf("bad line %q", l)
		}
		p, err := board.ParseSFEN(f[0])
		_, serr := strconv.Atoi(f[2])
		if err != nil || serr != nil || (f[1] != "1" && f[1] != "0.5" && f[1] != "0") {
			t.Fatalf("bad line %q (%v, %v)", l, err, serr)
		}
		if !bundledengine.Quiet(p) {
			t.Errorf("a position in check or with a winning capture was kept: %s", f[0])
		}
	}
	weights := filepath.Join(dir, "weights.txt")
	out.Reset()
	start := filepath.Join("..", "..", "internal", "bundledengine", "weights.txt")
	if err := run([]string{"fit", "-data", data, "-start", start, "-iters", "100", "-o", weights}, &out); err != nil {
		t.Fatal(err)
	}
	before := field(t, out.String(), "error of the start weights ")
	after := field(t, out.String(), "error of the fitted weights ")
	if after >= before {
		t.Errorf("the fit did not lower the error: %v -> %v\n%s", before, after, out.String())
	}
	w, err := os.ReadFile(weights)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := bundledengine.ParseWeights(weights, string(w)); err != nil {
		t.Errorf("the engine cannot read the fitted weights: %v", err)
	}
	if !strings.Contains(string(w), "# Made by: go run ./tools/tune fit -data "+data) {
		t.Errorf("the weights do not say how they were made:\n%s", w)
	}
	// -only: the other weights stay as they were
	out.Reset()
	if err := run([]string{"fit", "-data", data, "-start", start, "-iters", "100", "-only", "hand.", "-l2", "0.01", "-o", weights}, &out); err != nil {
		t.Fatal(err)
	}
	startText, _ := os.ReadFile(start)
	w0, err := bundledengine.ParseWeights(start, string(startText))
	if err != nil {
		t.Fatal(err)
	}
	w, _ = os.ReadFile(weights)
	w1, err := bundledengine.ParseWeights(weights, string(w))
	if err != nil {
		t.Fatal(err)
	}
	if w1.Piece != w0.Piece || w1.PST != w0.PST || w1.Tempo != w0.Tempo {
		t.Errorf("-only hand. changed other weights: %+v, was %+v", w1, w0)
	}
	if w1.Hand == w0.Hand {
		t.Errorf("-only hand. changed nothing:\n%s", out.String())
	}
}

func field(t *testing.T, out, prefix string) float64 {
	t.Helper()
	for _, l := range strings.Split(out, "\n") {
		if i := strings.Index(l, prefix); i >= 0 {
			v, err := strconv.ParseFloat(strings.Fields(l[i+len(prefix):])[0], 64)
			if err != nil {
				t.Fatalf("%q: %v", l, err)
			}
			return v
		}
	}
	t.Fatalf("no %q in:\n%s", prefix, out)
	return 0
}

// Bad data and bad usage are refused with the file, the line and what was expected.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte(board.StartSFEN+" | 1\n"+board.StartSFEN+" | 2\n"), 0o644)
	if _, err := readData(bad); err == nil || !strings.Contains(err.Error(), bad+":2: result \"2\"") {
		t.Errorf("bad result: %v", err)
	}
	os.WriteFile(bad, []byte("lnsgkgsnl | 1\n"), 0o644)
	if _, err := readData(bad); err == nil || !strings.Contains(err.Error(), bad+":1: ") {
		t.Errorf("bad SFEN: %v", err)
	}
	os.WriteFile(bad, []byte(board.StartSFEN+"\n"), 0o644)
	if _, err := readData(bad); err == nil || !strings.Contains(err.Error(), "expected \"SFEN | result\"") {
		t.Errorf("no result: %v", err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "usage: tune gen"},
		{[]string{"frob"}, `unknown step "frob"`},
		{[]string{"gen"}, "gen: needs -o FILE; usage: tune gen "},
		{[]string{"gen", "-o", bad, "more"}, `gen: takes no arguments besides its flags, not ["more"]`},
		{[]string{"gen", "-o", bad, "-games", "0"}, "gen: -games and -depth must be at least 1"},
		{[]string{"gen", "-o", bad, "-first", "-1"}, "gen: -first must be at least 0"},
		{[]string{"openings"}, "openings: needs -o FILE; usage: tune openings "},
		{[]string{"openings", "-o", bad, "-plies", "0"}, "openings: -n and -plies must be at least 1"},
		{[]string{"fit", "-o", bad}, "fit: needs -data FILE; usage: tune fit "},
		{[]string{"fit", "-data", bad}, "fit: needs -o WEIGHTS"},
		{[]string{"fit", "-data", bad, "-o", bad, "-lambda", "1.5"}, "fit: -lambda 1.5: want 0 to 1"},
		{[]string{"fit", "-data", bad, "-o", bad, "-holdout", "1"}, "fit: -holdout 1: want at least 0 and less than 1"},
		{[]string{"fit", "-data", bad, "-o", bad, "-bound", "-0.1"}, "fit: -bound -0.1: want 0 (none) or more"},
	} {
		if err := run(c.args, &strings.Builder{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}
}

// The same seed makes the same games: a data set is given by its command.
func TestGenRepeats(t *testing.T) {
	dir := t.TempDir()
	var texts [2][]byte
	for i := range texts {
		path := filepath.Join(dir, strconv.Itoa(i))
		if err := run([]string{"gen", "-games", "2", "-depth", "2", "-random", "8", "-maxply", "60", "-seed", "5", "-o", path}, &strings.Builder{}); err != nil {
			t.Fatal(err)
		}
		texts[i], _ = os.ReadFile(path)
	}
	if len(texts[0]) == 0 || string(texts[0]) != string(texts[1]) {
		t.Errorf("two runs with seed 5 differ (or are empty): %d and %d bytes", len(texts[0]), len(texts[1]))
	}
}

// Game i depends on the seed and i alone: runs of consecutive games, concatenated, are the
// games of one run (so the data can be made in pieces, in parallel).
func TestGenFirst(t *testing.T) {
	dir := t.TempDir()
	gen := func(name string, args ...string) string {
		path := filepath.Join(dir, name)
		args = append([]string{"gen", "-depth", "2", "-random", "8", "-maxply", "50", "-seed", "3", "-o", path}, args...)
		if err := run(args, &strings.Builder{}); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		return string(b)
	}
	whole := gen("whole", "-games", "3")
	parts := gen("a", "-games", "2") + gen("b", "-games", "1", "-first", "2")
	if whole == "" || whole != parts {
		t.Errorf("games 0..2 in one run and in two differ:\n%s\n--\n%s", whole, parts)
	}
}

// The fit keeps the material order the search relies on and each weight within -bound of
// its start, and reports the error on the held-out positions.
func TestFitConstraints(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "games.txt")
	if err := run([]string{"gen", "-games", "4", "-depth", "2", "-random", "6", "-maxply", "80", "-o", data}, &strings.Builder{}); err != nil {
		t.Fatal(err)
	}
	start := filepath.Join("..", "..", "internal", "bundledengine", "weights.txt")
	weights := filepath.Join(dir, "weights.txt")
	var out strings.Builder
	// a strong pull (lambda 0.5 blends in the search's scores) and a bound of 10 %
	if err := run([]string{"fit", "-data", data, "-start", start, "-iters", "300", "-bound", "0.1", "-tablebound", "5", "-l2table", "0", "-tablestep", "1", "-lambda", "0.5", "-holdout", "0.25", "-fix", "piece.pawn", "-o", weights}, &out); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "(held out: 0.") {
		t.Errorf("no held-out error:\n%s", out.String())
	}
	// nothing held out: no held-out error at all (not NaN)
	var none strings.Builder
	if err := run([]string{"fit", "-data", data, "-start", start, "-iters", "1", "-holdout", "0", "-o", filepath.Join(dir, "none.txt")}, &none); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(none.String(), "held out:") || strings.Contains(none.String(), "NaN") || !strings.Contains(none.String(), "error of the fitted weights 0.") {
		t.Errorf("-holdout 0:\n%s", none.String())
	}
	read := func(path string) []int {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		w, err := bundledengine.ParseWeights(path, string(b))
		if err != nil {
			t.Fatal(err)
		}
		return w.Vector()
	}
	w0, w1 := read(start), read(weights)
	names := bundledengine.WeightNames()
	tablesMoved := 0
	for i := range w0 {
		if isTable(names[i]) {
			if abs(w1[i]-w0[i]) > 5 {
				t.Errorf("%s moved from %d to %d, more than -tablebound 5 allows", names[i], w0[i], w1[i])
			}
			if w1[i] != w0[i] {
				tablesMoved++
			}
			continue
		}
		d := max(abs(w0[i])/10, 2)
		if abs(w1[i]-w0[i]) > d+1 {
			t.Errorf("%s moved from %d to %d, more than -bound 0.1 allows", names[i], w0[i], w1[i])
		}
		if names[i] == "piece.pawn" && w1[i] != w0[i] {
			t.Errorf("-fix piece.pawn: it moved from %d to %d", w0[i], w1[i])
		}
	}
	if tablesMoved == 0 {
		t.Errorf("no table entry moved")
	}
	for _, o := range materialOrder(names) {
		if w1[o[0]] >= w1[o[1]] {
			t.Errorf("%s %d is not below %s %d", names[o[0]], w1[o[0]], names[o[1]], w1[o[1]])
		}
	}
	// data without scores cannot be blended with them
	old := filepath.Join(dir, "old.txt")
	os.WriteFile(old, []byte(board.StartSFEN+" | 1\n"+board.StartSFEN+" | 0\n"), 0o644)
	if err := run([]string{"fit", "-data", old, "-start", start, "-holdout", "0", "-lambda", "0.5", "-o", weights}, &out); err == nil || !strings.Contains(err.Error(), "no search score") {
		t.Errorf("-lambda 0.5 on data without scores: %v", err)
	}
}

// fitScoreK finds the scale of scores in another engine's units from the results.
func TestFitScoreK(t *testing.T) {
	var data []sample
	for sc := -1500.0; sc <= 1500; sc += 10 {
		data = append(data, sample{score: sc, hasScore: true, result: predict(sc, 0.7)})
	}
	if k := fitScoreK(data); math.Abs(k-0.7) > 0.001 {
		t.Errorf("K %.4f, want 0.7", k)
	}
}

// project moves the weights that break an order apart, and a fixed weight stays.
func TestProject(t *testing.T) {
	inf := math.Inf(1)
	c := fitConfig{free: []bool{true, true, false}, lo: []float64{-inf, -inf, -inf}, hi: []float64{inf, 5, inf}, order: [][2]int{{0, 1}, {1, 2}}}
	x := []float64{10, 4, 20}
	project(x, c)
	if !(x[0] < x[1] && x[1] < x[2]) || x[2] != 20 || x[1] > 5 {
		t.Errorf("projected to %v", x)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// openings writes -n different positions after -plies plies, each even within -margin by a
// search, that banmen-cli match reads.
func TestOpenings(t *testing.T) {
	path := filepath.Join(t.TempDir(), "openings.sfen")
	if err := run([]string{"openings", "-n", "4", "-plies", "6", "-seed", "2", "-o", path}, &strings.Builder{}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	seen := map[string]bool{}
	for _, l := range lines {
		p, err := board.ParseSFEN(l)
		if err != nil {
			t.Fatalf("%q: %v", l, err)
		}
		if p.MoveNumber() != 7 {
			t.Errorf("%s: move %d, want 7 after 6 plies", l, p.MoveNumber())
		}
		seen[l] = true
	}
	if len(lines) != 4 || len(seen) != 4 {
		t.Errorf("want 4 different positions, got:\n%s", b)
	}
}

// Data compressed by gzip (a name ending in .gz) reads as the same data plain; a file that
// is not gzip says so with its name.
func TestReadDataGzip(t *testing.T) {
	dir := t.TempDir()
	text := board.StartSFEN + " | 1 | 35\n" + "4k4/9/9/9/9/9/9/9/4K4 b G 1 | 0.5 | 120\n"
	plain, gz := filepath.Join(dir, "d.txt"), filepath.Join(dir, "d.txt.gz")
	os.WriteFile(plain, []byte(text), 0o644)
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(text))
	z.Close()
	os.WriteFile(gz, b.Bytes(), 0o644)
	a, err1 := readData(plain)
	c, err2 := readData(gz)
	if err1 != nil || err2 != nil || len(a) != 2 || !reflect.DeepEqual(a, c) {
		t.Fatalf("plain %v (%v), gzip %v (%v)", a, err1, c, err2)
	}
	bad := filepath.Join(dir, "bad.txt.gz")
	os.WriteFile(bad, []byte(text), 0o644)
	if _, err := readData(bad); err == nil || !strings.Contains(err.Error(), bad) {
		t.Errorf("not gzip: %v", err)
	}
}

// -data takes several files, read in order: the fit is the one of their concatenation.
func TestFitSeveralDataFiles(t *testing.T) {
	all, err := readLines("data/selfplay-0.1s-fs20k.txt.gz", 300)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	whole, a, b := filepath.Join(dir, "whole.txt"), filepath.Join(dir, "a.txt"), filepath.Join(dir, "b.txt")
	for path, lines := range map[string][]string{whole: all, a: all[:120], b: all[120:]} {
		if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	weights := func(data string) string {
		out := filepath.Join(dir, "w.txt")
		args := []string{"fit", "-data", data, "-start", "../../internal/bundledengine/weights.txt", "-iters", "20", "-lambda", "0", "-holdout", "0.2", "-o", out}
		if err := run(args, &strings.Builder{}); err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		text, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		var kept []string
		for _, l := range strings.Split(string(text), "\n") {
			if !strings.HasPrefix(l, "# Made by") { // names the -data given
				kept = append(kept, l)
			}
		}
		return strings.Join(kept, "\n")
	}
	one, two := weights(whole), weights(a+","+b)
	if one != two {
		t.Errorf("-data a,b fits other weights than the two files in one:\n%s\n----\n%s", one, two)
	}
	if !strings.Contains(two, "from 300 positions (60 held out)") {
		t.Errorf("the header does not count the positions of both files:\n%s", two[:min(len(two), 600)])
	}
	if err := run([]string{"fit", "-data", a + "," + filepath.Join(dir, "none.txt"), "-start", "../../internal/bundledengine/weights.txt", "-o", filepath.Join(dir, "x.txt")}, &strings.Builder{}); err == nil || !strings.Contains(err.Error(), "none.txt") {
		t.Errorf("a missing second file: %v", err)
	}
	if err := run([]string{"fit", "-data", a + ",", "-start", "../../internal/bundledengine/weights.txt", "-o", filepath.Join(dir, "x.txt")}, &strings.Builder{}); err == nil || !strings.Contains(err.Error(), "empty file name") {
		t.Errorf("-data with a trailing comma: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "x.txt")); err == nil {
		t.Error("a failed fit wrote weights")
	}
}

// readLines returns the first n lines of a gzip-compressed text file.
func readLines(path string, n int) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		return nil, err
	}
	var lines []string
	sc := bufio.NewScanner(z)
	for len(lines) < n && sc.Scan() {
		lines = append(lines, sc.Text())
	}
	return lines, sc.Err()
}
