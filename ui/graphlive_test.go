package ui

import (
	"testing"

	"banmen/engine"
)

// While the bundled engine studies a real record without scores, each position studied
// gets its score on the 評価値グラフ at its ply, and keeps it when the record moves on.
func TestEvalGraphLiveWhileStudying(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	for _, p := range w.graph.Points() {
		if p.OK {
			t.Fatalf("the record already has a score at ply %d: the test needs one without", p.Ply)
		}
	}
	w.Session().GoTo(10)
	w.study.start([]engine.Definition{{Name: engine.BundledName, Path: bundledEngine(t)}}, 1)
	t.Cleanup(w.study.stop)
	point := func(ply int) EvalPoint {
		if pts := w.graph.Points(); ply < len(pts) {
			return pts[ply]
		}
		return EvalPoint{}
	}
	waitUntil(t, q, "a score at ply 10", func() bool { return point(10).OK })
	w.Session().GoTo(11)
	waitUntil(t, q, "a score at ply 11", func() bool { return point(11).OK })
	if !point(10).OK {
		t.Error("ply 10's score was lost when the study moved on")
	}
	for _, p := range w.graph.Points() {
		if p.OK && p.Ply != 10 && p.Ply != 11 {
			t.Errorf("ply %d has a score although it was not studied", p.Ply)
		}
	}
	if w.Session().Dirty() {
		t.Error("the study's scores changed the record")
	}
}

// During a game against the bundled engine, each of its moves gets its *評価値 comment and
// the 評価値グラフ shows that score at the move's ply as the game goes, the latest ply marked.
func TestEvalGraphLiveDuringAGame(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	startFromDialog(t, w, q, "1")
	for i, mv := range []string{"7g7f", "2g2f"} {
		waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
		play(t, w, mv)
		ply := 2 * (i + 1)
		waitUntil(t, q, "the engine's reply", func() bool { return w.Session().MoveCount() == ply })
		waitUntil(t, q, "the person's turn again", func() bool { return w.status.Text == gt.YourTurn })
		want := EvalPoints(w.Session().Record())
		if ply >= len(want) || !want[ply].OK {
			t.Fatalf("the engine's move %d has no score in its comment %q", ply, w.Session().Record().MainLine()[ply-1].Comment)
		}
		got := w.graph.Points()
		if ply >= len(got) || got[ply] != want[ply] {
			t.Fatalf("after move %d the graph has %v, want the comment's %v", ply, got, want[ply])
		}
		if w.graph.current != ply {
			t.Errorf("after move %d the graph marks ply %d", ply, w.graph.current)
		}
	}
	resignConfirmed(t, w)
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
}
