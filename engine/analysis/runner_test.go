package analysis

import (
	"strings"
	"testing"
	"time"

	"banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/kifu"
)

// thirtyPlies are the first 30 moves of game 3 of the 76th Meijin match (羽生 vs 佐藤,
// ui/testdata/records/kifu-for-js__meijinsen_20180508_M7_10034.kif).
const thirtyPlies = "7g7f 8c8d 2g2f 4a3b 6i7h 8d8e 8h7g 3c3d 7i6h 2b7g+ 6h7g 3a2b 3i3h 7a6b 4g4f " +
	"5a4b 3h4g 7c7d 3g3f 2b3c 2f2e 1c1d 1g1f 6c6d 2i3g 6b6c 5i6h 8a7c 4i4h 6a6b"

// waitFor polls r until cond holds or the deadline passes.
func waitFor(t *testing.T, r *Runner, what string, cond func(Snapshot) bool) Snapshot {
	t.Helper()
	deadline := time.Now().Add(2 * time.Minute)
	for {
		s := r.Snapshot()
		if cond(s) {
			return s
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s: %+v", what, s.Progress)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func analysedPlies(comments []string) int {
	n := 0
	for _, c := range comments {
		if strings.Contains(c, "#評価値=") || strings.Contains(c, "#詰み=") {
			n++
		}
	}
	return n
}

// apply writes a snapshot's comments into rec, as the window does.
func apply(t *testing.T, rec *kifu.Record, s Snapshot) {
	t.Helper()
	nodes := append([]*kifu.Node{rec.Root}, rec.MainLine()...)
	if len(nodes) != len(s.Comments) {
		t.Fatalf("%d comments for %d nodes", len(s.Comments), len(nodes))
	}
	for i, n := range nodes {
		n.Comment = s.Comments[i]
	}
}

func TestRunnerCancelKeepsWhatWasAnalysedAndResumes(t *testing.T) {
	def := enginetest.Bundled(t)
	m := engine.NewManager(nil)
	defer m.CloseAll(5 * time.Second)
	rec := record(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", thirtyPlies)
	if len(rec.MainLine()) != 30 {
		t.Fatalf("%d plies", len(rec.MainLine()))
	}
	cfg := Config{Time: 100 * time.Millisecond}
	r := Start(m, def, rec, cfg)
	s := waitFor(t, r, "five positions", func(s Snapshot) bool { return s.Progress.Done >= 5 || s.Finished })
	if s.Finished {
		t.Fatalf("finished before the cancel: %+v", s)
	}
	if s.Progress.Total != 31 {
		t.Errorf("total %d, want 31 positions", s.Progress.Total)
	}
	r.Cancel()
	<-r.Done()
	s = r.Snapshot()
	if !s.Finished || !s.Canceled || s.Err != nil {
		t.Fatalf("after cancel: finished %v canceled %v err %v", s.Finished, s.Canceled, s.Err)
	}
	done := analysedPlies(s.Comments)
	if done < 5 || done >= 31 {
		t.Fatalf("%d positions analysed after the cancel, want at least 5 and not all", done)
	}
	if s.Summary.Complete || s.Summary.ReadBack != 0 || s.Summary.Positions != done {
		t.Errorf("a cancelled analysis of %d positions says %+v", done, s.Summary)
	}
	// the moves between analysed positions were judged
	if got := s.Summary.Sides[0].Moves + s.Summary.Sides[1].Moves; got != done-1 {
		t.Errorf("%d moves judged, want %d (between %d analysed positions)", got, done-1, done)
	}
	if rec.Root.Comment != "" {
		t.Error("the runner wrote into the record it was given")
	}
	apply(t, rec, s)

	// again: what was analysed is read back, the rest searched
	r = Start(m, def, rec, cfg)
	<-r.Done()
	s = r.Snapshot()
	if s.Err != nil || s.Canceled || !s.Summary.Complete {
		t.Fatalf("second run: err %v canceled %v %+v", s.Err, s.Canceled, s.Summary)
	}
	if s.Summary.ReadBack != done || s.Summary.Positions != 31-done {
		t.Errorf("second run read back %d and searched %d, want %d and %d", s.Summary.ReadBack, s.Summary.Positions, done, 31-done)
	}
	if n := analysedPlies(s.Comments); n != 31 {
		t.Errorf("%d positions analysed in the end, want 31", n)
	}
}

func TestRunnerEngineThatFailsToStart(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(5 * time.Second)
	rec := record(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "7g7f")
	r := Start(m, engine.Definition{Name: "nothing", Path: "/nonexistent/engine"}, rec, Config{Time: time.Second})
	<-r.Done()
	s := r.Snapshot()
	if !s.Finished || s.Err == nil || s.Canceled {
		t.Fatalf("an engine that cannot start: %+v", s)
	}
	if !strings.Contains(s.Err.Error(), "nothing") && !strings.Contains(s.Err.Error(), "/nonexistent/engine") {
		t.Errorf("the error does not name the engine: %v", s.Err)
	}
}
