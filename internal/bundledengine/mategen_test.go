package bundledengine

import "testing"

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
