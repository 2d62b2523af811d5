package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"banmen/board"
	"banmen/internal/bundledengine"
)

// gen writes "SFEN | result" lines of quiet positions; fit reads them, lowers the error of
// the predictions and writes weights the engine can read.
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
		sfen, res, ok := strings.Cut(l, " | ")
		p, err := board.ParseSFEN(sfen)
		if !ok || err != nil || (res != "1" && res != "0.5" && res != "0") {
			t.Fatalf("bad line %q (%v)", l, err)
		}
		if p.InCheck() {
			t.Errorf("a position in check was kept: %s", sfen)
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
	for _, args := range [][]string{nil, {"frob"}, {"gen"}, {"fit", "-data", bad}} {
		if err := run(args, &strings.Builder{}); err == nil {
			t.Errorf("%q: no error", args)
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
