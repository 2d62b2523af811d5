package bundledengine

import (
	"testing"

	"banmen/board"
)

func TestIdleDrop(t *testing.T) {
	// White's king on 5a in check from the rook on 5i, a gold on 4b beside the file; Black's
	// king on 1i. White holds a pawn and a lance.
	p := mustSFEN(t, "4k4/5g3/9/9/9/9/9/9/4R3K w pl 1")
	for _, c := range []struct {
		move string
		idle bool
	}{
		{"P*5h", true},  // nothing of White's covers 5h
		{"P*5b", false}, // the king covers 5b
		{"P*5c", false}, // the gold on 4b covers 5c
		{"L*5e", true},  // a lance on 5e looks down the file at the rook, not at Black's king
	} {
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := idleDrop(p, m); got != c.idle {
			t.Errorf("%s: idle %v, want %v", c.move, got, c.idle)
		}
	}
	// an interposition that checks the attacker's king is not idle: Black's king on 4i beside
	// the rook, and a white knight on 5g attacks 4i, one on 5f does not
	q := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4RK3 w n 1")
	for _, c := range []struct {
		move string
		idle bool
	}{{"N*5g", false}, {"N*5f", true}} {
		m, err := q.ParseMove(c.move)
		if err != nil {
			t.Fatal(err)
		}
		if got := idleDrop(q, m); got != c.idle {
			t.Errorf("%s with Black's king on 4i: idle %v, want %v", c.move, got, c.idle)
		}
	}
}

// TestSureEscapeNeverWrong: a check sureEscape lets the OR leaves count unplayed must be
// legal and leave the king an answer other than a drop, which is what playing it would have
// found. Compared on random positions (either side to move, pins and checks on the attacker
// included), the tsume problems and the positions two plies after each of their checks.
func TestSureEscapeNeverWrong(t *testing.T) {
	base := mateTestPositions(t, 1500, 7)
	// Black's silver on 5h is pinned by the rook on 5a to Black's king on 5i; a bishop
	// checks Black's king in the second
	base = append(base, mustSFEN(t, "3kr4/9/9/9/9/9/9/4S4/4K4 b G 1"),
		mustSFEN(t, "4k4/9/9/9/b8/9/9/9/4K4 b GS 1"))
	var inner moveList
	said, total := 0, 0
	compare := func(p *board.Position) {
		ci := newCheckInfo(p)
		e := newSureEscape(p, &ci)
		for _, m := range genChecks(p, &ci, inner[:0]) {
			total++
			if !e.escapes(p, m) {
				continue
			}
			said++
			q := *p
			q.Do(m)
			if !legalAfter(&q) || !evasionExists(&q, false) {
				t.Errorf("%s: %s is counted as a legal check the king escapes, but legal %v, escape %v",
					p.SFEN(), m.USI(), legalAfter(&q), evasionExists(&q, false))
			}
		}
	}
	withCheckReplies(base, compare)
	if said < 1000 || said == total {
		t.Errorf("sureEscape spoke for %d of %d checks: too few to judge, or all", said, total)
	}
	t.Logf("sureEscape spoke for %d of %d checks", said, total)
}
