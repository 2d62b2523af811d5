package analysis

import (
	"context"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/kifu"
)

// The labels by loss, for both sides, read back from an analysis already in the record
// (no engine runs): 150 to 299 centipawns lost is 疑問手, 300 or more 悪手, less nothing,
// and the engine's own choice is never labelled, whatever its loss.
func TestLabelsByLoss(t *testing.T) {
	rec := record(t, board.StartSFEN, "7g7f 3c3d 2g2f 8c8d 6i7h")
	// each position's analysis: Black's score and the engine's best move there
	for i, a := range []struct {
		score int
		best  string
	}{
		{50, "2g2f"},   // start
		{-150, "8c8d"}, // after 7g7f: Black lost 200 → 疑問手
		{200, "2g2f"},  // after 3c3d: White lost 350 → 悪手
		{-300, "4a3b"}, // after 2g2f: Black lost 500, but it was the engine's move
		{-150, "2f2e"}, // after 8c8d: White lost exactly 150 → 疑問手
		{-299, "8d8e"}, // after 6i7h: Black lost 149 → nothing
	} {
		n := rec.Root
		if i > 0 {
			n = rec.MainLine()[i-1]
		}
		best, err := rec.Position(n).ParseMove(a.best)
		if err != nil {
			t.Fatal(err)
		}
		rec.SetThinkComment(n, kifu.ThinkComment{Analysis: true, Engine: "X", HasScore: true, Score: a.score, PV: []board.Move{best}})
	}
	x := readBackEngine(t)
	sum, err := Run(context.Background(), rec, Config{Engine: x, Time: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Positions != 0 || !sum.Complete {
		t.Errorf("searched %d positions (want all read back), complete %v", sum.Positions, sum.Complete)
	}
	checkLabels(t, rec, LabelDubious, LabelBad, "", LabelDubious, "")
	b, w := sum.Sides[board.Black], sum.Sides[board.White]
	if b.Moves != 3 || b.Dubious != 1 || b.Bad != 0 || b.Matching != 1 || b.LossSum != 200+500+149 {
		t.Errorf("Black: %+v", b)
	}
	if w.Moves != 2 || w.Dubious != 1 || w.Bad != 1 || w.Matching != 0 || w.LossSum != 350+150 {
		t.Errorf("White: %+v", w)
	}
	if s := b.String(); !strings.Contains(s, "1 "+LabelDubious) {
		t.Errorf("summary %q", s)
	}
	// other thresholds: 疑問手 from 100, 悪手 from 160
	for _, n := range rec.MainLine() {
		setLabel(n, "")
	}
	sum, err = Run(context.Background(), rec, Config{Engine: x, Time: time.Second, Dubious: 100, Bad: 160})
	if err != nil {
		t.Fatal(err)
	}
	if b := sum.Sides[board.Black]; b.Bad != 1 || b.Dubious != 1 {
		t.Errorf("Black with thresholds 100/160: %+v", b)
	}
	if first, _, _ := strings.Cut(rec.MainLine()[4].Comment, "\n"); first != LabelDubious {
		t.Errorf("6i7h lost 149: %q", rec.MainLine()[4].Comment)
	}
}

// Scores beyond ±ScoreLimit, mates among them, count as the limit, as the 評価値グラフ draws
// them: a move of the side already lost by more than the limit (+2500 before it, mated after
// it) loses nothing and is not labelled, where it was a 悪手 of 27,500; a winning side that
// lets its mate go and keeps +1800 lost 200 (疑問手); a move from +1000 into a mate against
// its mover lost 3,000 (悪手). The summary says what the labels say (the window's summary
// counted the labels but measured the losses on the graph's scores: 悪手 2, average loss 0).
func TestLabelsOfDecidedPositionsAsTheGraphDrawsThem(t *testing.T) {
	rec := record(t, board.StartSFEN, "7g7f 3c3d 2g2f 8c8d")
	mateFor := func(c board.Color) kifu.ThinkComment {
		return kifu.ThinkComment{Analysis: true, Engine: "X", HasMate: true, Mate: kifu.Mate{Winner: c, Plies: 9}}
	}
	score := func(s int) kifu.ThinkComment {
		return kifu.ThinkComment{Analysis: true, Engine: "X", HasScore: true, Score: s}
	}
	thinks := []kifu.ThinkComment{
		score(100),           // start
		score(2500),          // after 7g7f: Black gained
		mateFor(board.Black), // after 3c3d: White, lost already, is mated: no loss (was a 悪手 of 27,500)
		score(1800),          // after 2g2f: Black let the mate go, +1800: lost 200 → 疑問手 (was a 悪手)
		mateFor(board.White), // after 8c8d: White turned +1800 into a mate for White: a gain
	}
	bests := []string{"2g2f", "8c8d", "6i7h", "4a3b", "2f2e"}
	for i, tc := range thinks {
		n := rec.Root
		if i > 0 {
			n = rec.MainLine()[i-1]
		}
		best, err := rec.Position(n).ParseMove(bests[i])
		if err != nil {
			t.Fatal(err)
		}
		tc.PV = []board.Move{best}
		rec.SetThinkComment(n, tc)
	}
	x := readBackEngine(t)
	sum, err := Run(context.Background(), rec, Config{Engine: x, Time: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	checkLabels(t, rec, "", "", LabelDubious, "")
	b, w := sum.Sides[board.Black], sum.Sides[board.White]
	if b.Moves != 2 || b.Dubious != 1 || b.Bad != 0 || b.LossSum != 200 || len(b.Worst) != 1 || b.Worst[0].Loss != 200 {
		t.Errorf("Black: %+v", b)
	}
	// White's last move turned +1800 into a mate for White: it gained, it lost nothing
	if w.Moves != 2 || w.Bad != 0 || w.Dubious != 0 || w.LossSum != 0 || len(w.Worst) != 0 {
		t.Errorf("White: %+v", w)
	}

	// a move from +1000 into a mate against its mover loses 3,000: a 悪手
	rec = record(t, board.StartSFEN, "7g7f")
	rec.SetThinkComment(rec.Root, score(1000))
	rec.SetThinkComment(rec.MainLine()[0], mateFor(board.White))
	sum, err = Run(context.Background(), rec, Config{Engine: x, Time: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if b := sum.Sides[board.Black]; b.Bad != 1 || b.LossSum != 3000 || len(b.Worst) != 1 || b.Worst[0].Loss != 3000 {
		t.Errorf("a move into a mate against its mover: %+v", b)
	}
}

// readBackEngine starts an engine named X that is never asked anything: the tests' records
// hold X's analysis of every position, which is read back.
func readBackEngine(t *testing.T) *engine.Running {
	t.Helper()
	def := enginetest.Definition(enginetest.Normal, "")
	def.Name = "X"
	m := engine.NewManager(nil)
	t.Cleanup(func() { m.CloseAll(5 * time.Second) })
	x, err := m.Start(context.Background(), def, engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return x
}

// checkLabels checks the 悪手/疑問手 label of each move of rec's main line ("": none).
func checkLabels(t *testing.T, rec *kifu.Record, want ...string) {
	t.Helper()
	for i, w := range want {
		n := rec.MainLine()[i]
		first, _, _ := strings.Cut(n.Comment, "\n")
		got := ""
		if first == LabelBad || first == LabelDubious {
			got = first
		}
		if got != w {
			t.Errorf("move %d (%s): label %q, want %q; comment %q", i+1, n.Move.USI(), got, w, n.Comment)
		}
	}
}
