package bundledengine

import (
	"testing"

	"banmen/board"
)

func TestFutileSquares(t *testing.T) {
	for _, c := range []struct {
		name, sfen, move string
		futile           []string
	}{
		// the dragon takes the gold with check along the rank; a piece dropped on 2b is taken
		// by the dragon with mate: futile (tsumeshogi-check-012)
		{"next to the king", "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1", "4b3b", []string{"2b"}},
		// two bishops: every drop on the long diagonal is taken in turn (tsumeshogi-check-003)
		{"a chain of drops", "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1", "1g2h", []string{"3g", "4f", "5e", "6d", "7c", "8b"}},
	} {
		p := mustSFEN(t, c.sfen)
		if c.move != "" {
			m, err := p.ParseMove(c.move)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			p.Do(m)
		}
		got := futileSquares(p)
		var want board.Bitboard
		for _, s := range c.futile {
			sq, _ := board.ParseSquare(s)
			want = want.Or(board.SquareBB(sq))
		}
		if got != want {
			t.Errorf("%s: futile\n%s want\n%s", c.name, got, want)
		}
		if c.move != "" && !matedByConvention(p, 0) {
			t.Errorf("%s: not mated by the convention", c.name)
		}
	}
	// White's gold on 6b guards 5b: a drop there is not futile, so no mate
	p := mustSFEN(t, "4k4/3g5/9/9/9/9/9/9/4R3K w rb3g4s4n4l18p 1")
	if !p.InCheck() {
		t.Fatal("not in check")
	}
	if got := futileSquares(p); got.Has(board.NewSquare(5, 2)) {
		t.Errorf("a guarded interposition counted as futile:\n%s", got)
	}
	if matedByConvention(p, 0) {
		t.Error("mated although the king can step aside")
	}
}

func TestFilterFutileKeepsMovedInterpositions(t *testing.T) {
	// White can interpose with the silver from the board: that always counts
	p := mustSFEN(t, "k8/2s6/9/9/9/9/9/9/8B w rb4g3s4n4l18p 1")
	if !p.InCheck() {
		t.Fatal("not in check")
	}
	var buf moveList
	moves := filterFutile(p, p.LegalMoves(buf[:0]))
	hasMoved := false
	for _, m := range moves {
		if !m.IsDrop() && m.Piece() == board.Silver {
			hasMoved = true
		}
	}
	if !hasMoved {
		t.Errorf("the silver's interposition was dropped: %v", moves)
	}
}
