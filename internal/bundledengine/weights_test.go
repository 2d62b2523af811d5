package bundledengine

import (
	"strings"
	"testing"

	"banmen/board"
)

// The tuner's linear model is the evaluation: weight × feature summed over the weights
// gives evaluate's value (from Black's side) within the tables' rounding.
func TestFeaturesAddUpToTheEvaluation(t *testing.T) {
	featuresAddUp(t, evalWeights)
	// with every table entry corrected by a different amount: each piece reaches its own
	// entries (the files folded, White's view turned) and no other
	defer useWeights(&evalWeights)
	v := evalWeights.Vector()
	for i := scalarWeights; i < len(v); i++ {
		v[i] += i%23 - 11
	}
	w, err := WeightsFromVector(v)
	if err != nil {
		t.Fatal(err)
	}
	useWeights(&w)
	featuresAddUp(t, w)
}

func featuresAddUp(t *testing.T, weights Weights) {
	t.Helper()
	w := weights.Vector()
	for _, p := range randomPositions(t, 2000, 5) {
		f := Features(p)
		sum := 0.0
		for i := range w {
			sum += float64(w[i]) * f[i]
		}
		e := evaluate(p)
		if p.SideToMove() == board.White {
			e = -e
		}
		if d := sum - float64(e); d > 10 || d < -10 {
			t.Fatalf("%s: features give %.1f, evaluate %d", p.SFEN(), sum, e)
		}
	}
}

func TestWeightsFile(t *testing.T) {
	// what Format writes, ParseWeights reads back
	text := evalWeights.Format("a test\nof two lines")
	w, err := ParseWeights("x", text)
	if err != nil || w != evalWeights {
		t.Fatalf("round trip: %v\n%s", err, text)
	}
	// table entries: written when not 0, read back; not given, 0
	w.PSTDelta, w.OwnDelta, w.EnemyDelta = [board.NumPieceTypes][pstCells]int{}, [board.NumPieceTypes][offsetCells]int{}, [board.NumPieceTypes][offsetCells]int{}
	scalarLines := strings.Count(w.Format("x"), "\n")
	w.OwnDelta[board.Gold][offsetCell(offset(board.Black, 40, 39))] = -7
	w.PSTDelta[board.King][pstCell(80)] = 12
	text2 := w.Format("x")
	if !strings.Contains(text2, "\nown.gold.0.-1 -7\n") || !strings.Contains(text2, "\npst.king.9.1 12\n") ||
		strings.Count(text2, "\n") != scalarLines+2 {
		t.Errorf("format with two table entries:\n%s", text2)
	}
	if w2, err := ParseWeights("x", text2); err != nil || w2 != w {
		t.Errorf("round trip with table entries: %v", err)
	}
	if !strings.HasPrefix(text, "# a test\n# of two lines\npiece.pawn ") {
		t.Errorf("format:\n%s", text)
	}
	for _, c := range []struct{ want string }{
		{"x: weight piece.pawn is missing"},
		{"x:4: piece.pawn given twice"},
		{"x:3: no weight named \"tempoo\""},
		{"x:3: tempo: value \"2o\" is not a whole number"},
		{"x:3: expected \"name value\""},
	} {
		var bad string
		switch {
		case strings.HasSuffix(c.want, "missing"):
			bad = strings.Replace(text, "\npiece.pawn ", "\n#", 1)
		case strings.Contains(c.want, "twice"):
			bad = "# one\n# two\npiece.pawn 1\n" + strings.SplitN(text, "\n", 3)[2]
		case strings.Contains(c.want, "tempoo"):
			bad = "#\n#\ntempoo 1\n" + text
		case strings.Contains(c.want, "2o"):
			bad = "#\n#\ntempo 2o\n" + strings.Replace(text, "\ntempo ", "\n#", 1)
		default:
			bad = "#\n#\ntempo 20 1\n" + text
		}
		if _, err := ParseWeights("x", bad); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("error %v, want %q", err, c.want)
		}
	}
}

// A weight changed changes the evaluation where it applies, and only the tables it scales.
func TestUseWeights(t *testing.T) {
	defer useWeights(&evalWeights)
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b P 1")
	before := evaluate(p)
	w := evalWeights
	w.Hand[board.Pawn] += 50
	useWeights(&w)
	if got := evaluate(p); got != before+50 {
		t.Errorf("a pawn in hand worth 50 more: %d, was %d", got, before)
	}
	w.PST = 0
	w.PSTDelta = [board.NumPieceTypes][pstCells]int{}
	useWeights(&w)
	for s := range pst[board.King] {
		if pst[board.King][s] != 0 {
			t.Fatalf("scale.pst 0: king table %d at %d", pst[board.King][s], s)
		}
	}
}

// Quiet: not in check, and no capture or promotion that wins material.
func TestQuiet(t *testing.T) {
	for _, c := range []struct {
		sfen string
		want bool
	}{
		{board.StartSFEN, true},
		// a gold hangs to a pawn
		{"4k4/9/9/4g4/4P4/9/9/9/4K4 b - 1", false},
		// the same, White to move: White's gold can take the pawn, defended by nothing
		{"4k4/9/9/4g4/4P4/9/9/9/4K4 w - 1", false},
		// a pawn defended by a gold: taking it with the rook loses
		{"4k4/9/4g4/4p4/9/9/9/9/4R3K b - 1", true},
		// in check
		{"4k4/9/9/9/9/9/9/4r4/4K4 b - 1", false},
		// a safe promotion
		{"4k4/9/9/P8/9/9/9/9/4K4 b - 1", false},
	} {
		if got := Quiet(mustSFEN(t, c.sfen)); got != c.want {
			t.Errorf("%s: Quiet %v, want %v", c.sfen, got, c.want)
		}
	}
}
