package bundledengine

import (
	"testing"

	"banmen/board"
)

// TestLeafMate3MatchesMateIn3: where there is no mate in one, the search's leaf mate search
// answers what mateSearch.mateIn(p, 3) with the same budget answers, move for move, on the
// tsume problems, on random positions and on the positions after their checks (where the
// defender's king is often short of room). Enough of them hold a mate in three for the
// comparison to mean something.
func TestLeafMate3MatchesMateIn3(t *testing.T) {
	positions := randomPositions(t, 3000, 11)
	for _, s := range tsumeSFENs {
		positions = append(positions, mustSFEN(t, s))
	}
	positions = append(positions, mustSFEN(t, "3sks3/9/4S4/9/9/8B/9/9/9 b S 1"),
		mustSFEN(t, "lns3kn1/1r3g3/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G3Pl3p 51"))
	var bufs leafMateBufs
	var scratch moveList
	compared, mates := 0, 0
	for _, p := range positions {
		ci := newCheckInfo(p)
		if p.InCheck() || mate1With(p, &ci, scratch[:]) != board.NoMove {
			continue
		}
		ms := mateSearch{budget: mate3Budget}
		want := ms.mateIn(p, 3)
		if got := leafMate3(p, &ci, &bufs); got != want {
			t.Errorf("%s: leafMate3 = %v, mateIn(3) = %v", p.SFEN(), got, want)
		}
		compared++
		if want != board.NoMove {
			mates++
		}
	}
	if compared < 1000 || mates < 3 {
		t.Errorf("compared %d positions, %d with a mate in three: too few to judge", compared, mates)
	}
	t.Logf("compared %d positions, %d with a mate in three", compared, mates)
}
