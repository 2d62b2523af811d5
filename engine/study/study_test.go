package study

import (
	"context"
	"os"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/internal/testbin"
)

func TestMain(m *testing.M) {
	enginetest.RunIfRequested()
	os.Exit(testbin.Run(m))
}

func start(t *testing.T, m *engine.Manager, def engine.Definition) *engine.Running {
	t.Helper()
	r, err := m.Start(context.Background(), def, engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// waitView waits until member i shows lines for the current position.
func waitView(t *testing.T, s *Study, i int, cond func(View) bool) View {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		v := s.View(i)
		if v.OK && cond(v) {
			return v
		}
		if time.Now().After(deadline) {
			t.Fatalf("member %d: no view for %s", i, v.Position)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestNoStaleLines switches positions quickly while two engines think: every line shown
// is legal in the position it claims, and that is the position the study is on.
func TestNoStaleLines(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	fairy := start(t, m, enginetest.FairyStockfish(t))
	gps := start(t, m, enginetest.Gpsusi(t))
	s := New([]*engine.Running{fairy, gps}, 0)
	defer s.Close()
	root := board.NewStartPosition()
	line, _, _ := root.ParseMoves("7g7f 3c3d 2g2f 4c4d 2f2e 2b3c 3i4h 3a2b 5i6h 8b4b")
	ctx := context.Background()
	for i := 0; i <= len(line); i++ {
		if err := s.SetPosition(ctx, root, line[:i]); err != nil {
			t.Fatal(err)
		}
		want := root.Clone()
		for _, mv := range line[:i] {
			want.Do(mv)
		}
		// look several times during the search
		for k := 0; k < 5; k++ {
			for j := range s.Members() {
				v := s.View(j)
				if !v.OK {
					continue
				}
				if v.Position != want.SFEN() {
					t.Fatalf("member %d shows %s while the study is on %s", j, v.Position, want.SFEN())
				}
				for _, l := range v.Lines {
					if len(l.PV) > 0 && !want.IsLegal(l.PV[0]) {
						t.Fatalf("member %d shows %s, illegal in %s", j, l.PV[0], want.SFEN())
					}
				}
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	// both engines end up showing the last position
	for j := range s.Members() {
		waitView(t, s, j, func(v View) bool { return len(v.Lines) > 0 })
	}
}

func TestMultiPVPauseAndLimit(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	fairy := start(t, m, enginetest.FairyStockfish(t))
	s := New([]*engine.Running{fairy}, 0)
	ctx := context.Background()
	if err := s.SetPosition(ctx, board.NewStartPosition(), nil); err != nil {
		t.Fatal(err)
	}
	if err := s.SetMultiPV(ctx, 0, 3); err != nil {
		t.Fatal(err)
	}
	v := waitView(t, s, 0, func(v View) bool { return len(v.Lines) >= 3 })
	if v.Lines[0].PV[0] == v.Lines[1].PV[0] {
		t.Errorf("two ranks with the same first move %s", v.Lines[0].PV[0])
	}
	if err := s.SetMultiPV(ctx, 0, 100000); err == nil {
		t.Error("MultiPV 100000 accepted")
	}
	s.Pause()
	if v := s.View(0); v.OK || !s.Paused() {
		t.Errorf("paused study shows %+v", v)
	}
	// a position set while paused is searched on Resume
	after, _ := board.NewStartPosition().ParseMove("7g7f")
	s.SetPosition(ctx, board.NewStartPosition(), []board.Move{after})
	if v := s.View(0); v.OK {
		t.Error("searching while paused")
	}
	if err := s.Resume(ctx); err != nil {
		t.Fatal(err)
	}
	want := board.NewStartPosition().Play(after).SFEN()
	waitView(t, s, 0, func(v View) bool { return v.Position == want && len(v.Lines) > 0 })
	s.Close()

	// a time limit stops the engine by itself
	limited := New([]*engine.Running{fairy}, 300*time.Millisecond)
	limited.SetPosition(ctx, board.NewStartPosition(), nil)
	waitView(t, limited, 0, func(v View) bool { return !v.Thinking })
	// an engine without MultiPV says so
	fake := start(t, m, enginetest.Definition(enginetest.Normal, ""))
	if err := New([]*engine.Running{fake}, 0).SetMultiPV(ctx, 0, 2); err == nil {
		t.Error("MultiPV on an engine without it")
	}
}
