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
	positions := mateTestPositions(t, 3000, 11)
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

// TestSearchMate1MatchesMate1With: searchMate1 rules out checks before playing them, and
// must still answer what mate1With answers, the same move included. Compared on random
// positions, the tsume problems and, for each, the positions after a check and a reply
// (the attacker to move again, the king often cornered), where mates in one abound.
func TestSearchMate1MatchesMate1With(t *testing.T) {
	base := mateTestPositions(t, 1500, 5)
	base = append(base, mustSFEN(t, "k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1"),
		mustSFEN(t, "lns3kn1/1r4g2/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G2Pl4p 53"))
	var a, b moveList
	compared, mates, boardMates := 0, 0, 0
	compare := func(p *board.Position) {
		if p.InCheck() {
			return
		}
		ci := newCheckInfo(p)
		want := mate1With(p, &ci, a[:])
		if got := searchMate1(p, &ci, b[:]); got != want {
			t.Errorf("%s: searchMate1 = %v, mate1With = %v", p.SFEN(), got, want)
		}
		compared++
		if want != board.NoMove {
			mates++
			if !want.IsDrop() {
				boardMates++
			}
		}
	}
	withCheckReplies(base, compare)
	if compared < 10000 || mates < 100 || boardMates < 30 {
		t.Errorf("compared %d positions, %d with a mate in one (%d by a board move): too few to judge", compared, mates, boardMates)
	}
	t.Logf("compared %d positions, %d with a mate in one (%d by a board move)", compared, mates, boardMates)
}

// TestFlightJudgesCrampedKing: the search judges a cramped king (kingCramped) from the
// flight squares searchMate1Flight leaves it; both must agree, on positions with either
// side to move.
func TestFlightJudgesCrampedKing(t *testing.T) {
	cramped, roomy := 0, 0
	var buf moveList
	for _, p := range randomPositions(t, 3000, 13) {
		if p.InCheck() {
			continue
		}
		ci := newCheckInfo(p)
		if ci.king == board.NoSquare {
			continue
		}
		var fl flight
		searchMate1Flight(p, &ci, buf[:], &fl)
		got := fl.get(p, ci.king).Count() <= 1
		if want := kingCramped(p); got != want {
			t.Errorf("%s: cramped by the flight squares %v, kingCramped %v", p.SFEN(), got, want)
		}
		if got {
			cramped++
		} else {
			roomy++
		}
	}
	if cramped < 20 || roomy < 20 {
		t.Errorf("%d cramped kings, %d with room: too few of one kind to judge", cramped, roomy)
	}
	t.Logf("%d cramped kings, %d with room", cramped, roomy)
}

// withCheckReplies calls visit with each of base and, for each one not in check (whose
// checks would be mostly illegal, some taking the king), with the positions after each of
// its legal checks and each reply: the attacker to move again, the king often cornered.
func withCheckReplies(base []*board.Position, visit func(*board.Position)) {
	var checks, replies moveList
	for _, p := range base {
		visit(p)
		if p.InCheck() {
			continue
		}
		ci := newCheckInfo(p)
		for _, m := range genChecks(p, &ci, checks[:0]) {
			q := *p
			q.Do(m)
			if !legalAfter(&q) {
				continue
			}
			for _, r := range q.LegalMoves(replies[:0]) {
				q2 := q
				q2.Do(r)
				visit(&q2)
			}
		}
	}
}
