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
