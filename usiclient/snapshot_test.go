package usiclient

import (
	"slices"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

func usiMoves(ms []board.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.USI()
	}
	return out
}

// TestSnapshotCarriesThePosition: a snapshot gives the position searched as a
// board (the one the pvs were checked on, never changed), and its pvs checked as
// they came: a later line (a legal pv after a cut one, a currmove, a score
// without pv) changes the lines of the next snapshot only, never one already taken.
func TestSnapshotCarriesThePosition(t *testing.T) {
	e := startScripted(t, Config{})
	s := e.s
	ctx := ctxT(t, 10*time.Second)
	e.ready(ctx)
	if snap := s.Snapshot(); snap.Root != nil || snap.Position != "" {
		t.Errorf("before any search: root %v, position %q", snap.Root, snap.Position)
	}
	pos := Position{Moves: []string{"7g7f"}}
	sr, err := s.Go(ctx, pos, Go{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	e.expect("position startpos moves 7g7f")
	e.expect("go infinite")
	want, _ := pos.Board()
	wantSFEN := want.SFEN()

	e.say("info depth 1 score cp 5 pv 3c3d 2g2f 5i5a 8c8d") // 5i5a: a king jump, cut there
	e.sync()
	first := s.Snapshot()
	if first.Root == nil || first.Root.SFEN() != wantSFEN || first.Position != wantSFEN {
		t.Fatalf("root %v, position %q; want %q", first.Root, first.Position, wantSFEN)
	}
	if first.SideToMove != board.White || first.Lines[0].SenteScore.Value != -5 {
		t.Errorf("side %v, sente score %+v", first.SideToMove, first.Lines[0].SenteScore)
	}
	l := first.Lines[0]
	if got := usiMoves(l.PV); !l.Cut || l.CutAt != 2 || len(got) != 2 || got[0] != "3c3d" || got[1] != "2g2f" {
		t.Errorf("first pv %q cut=%v at %d", got, l.Cut, l.CutAt)
	}

	e.say("info depth 2 score cp 9 pv 8c8d 2g2f 8d8e", "info depth 2 currmove 3c3d currmovenumber 2", "info depth 3 score cp 11")
	e.sync()
	second := s.Snapshot()
	if second.Root != first.Root {
		t.Error("the root changed within one search")
	}
	l = second.Lines[0]
	if got := usiMoves(l.PV); l.Cut || len(got) != 3 || got[0] != "8c8d" || l.Score.Value != 11 || l.CurrMove != "3c3d" {
		t.Errorf("second line: pv %q cut=%v score %+v currmove %q", got, l.Cut, l.Score, l.CurrMove)
	}
	if got := usiMoves(first.Lines[0].PV); len(got) != 2 || got[0] != "3c3d" || !first.Lines[0].Cut {
		t.Errorf("a snapshot already taken changed: pv %q cut=%v", got, first.Lines[0].Cut)
	}

	s.Stop()
	e.expect("stop")
	e.say("bestmove 8c8d")
	if _, err := sr.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if got := first.Root.SFEN(); got != wantSFEN {
		t.Errorf("the root was modified: %q, want %q", got, wantSFEN)
	}
}

// TestFoldChecksOnlyWhatChanged: a rank's pv is checked again only from where it
// differs from the last one, and the result is always what checking the whole pv
// from scratch gives: over pvs that repeat, grow, shrink, branch, and turn
// illegal before, at and after the point where they differ.
func TestFoldChecksOnlyWhatChanged(t *testing.T) {
	root, err := Position{Moves: []string{"7g7f", "3c3d"}}.Board()
	if err != nil {
		t.Fatal(err)
	}
	legal := func(pick ...int) []string { // a legal line: the pick[i]-th legal move each time
		p := root.Clone()
		var out []string
		var buf [board.MaxMoves]board.Move
		for _, k := range pick {
			ms := p.LegalMoves(buf[:0])
			m := ms[k%len(ms)]
			out = append(out, m.USI())
			p.Do(m)
		}
		return out
	}
	with := func(pv []string, at int, tok string) []string {
		out := append([]string(nil), pv...)
		out[at] = tok
		return out
	}
	a := legal(0, 1, 2, 3, 4, 5)
	b := legal(0, 1, 2, 7, 8)
	pvs := [][]string{
		a, a, // repeated
		a[:3], a, // shrunk, grown
		b,                                 // branches after three moves
		with(b, 1, "5i5a"),                // illegal inside the common part
		with(b, 1, "5i5a"),                // the same cut line again
		with(b, 4, "5i5a"),                // illegal after the common part
		with(a, 2, "5i5a"),                // cut earlier than the last line
		append(a[:4:4], "resign"),         // a final resign
		append(a[:4:4], "resign", "2g2f"), // resign inside: cut
		{"9a9b"}, a,                       // nothing in common
	}
	var f fold
	f.reset(&Search{ID: 1, root: root, rootSFEN: root.SFEN()})
	for i, pv := range pvs {
		in, err := ParseInfo("info depth 1 score cp 1 pv " + strings.Join(pv, " "))
		if err != nil {
			t.Fatal(err)
		}
		f.apply(&in)
		got := f.lines[0].checked
		moves, cut, cutAt, reason := CheckPV(root, pv)
		if !slices.Equal(got.moves, moves) || got.cut != cut || got.cutAt != cutAt || got.reason != reason {
			t.Errorf("line %d %q: checked %v cut=%v at %d (%s); from scratch %v cut=%v at %d (%s)",
				i, pv, got.moves, got.cut, got.cutAt, got.reason, moves, cut, cutAt, reason)
		}
	}
}
