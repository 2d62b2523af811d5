package bundledengine

import (
	"strings"
	"testing"

	"banmen/board"
)

func TestVerifyLine(t *testing.T) {
	p := mustSFEN(t, "9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1")
	moves := func(s string) []board.Move {
		var out []board.Move
		q := *p
		for _, u := range strings.Fields(s) {
			m, err := q.ParseMove(u)
			if err != nil {
				t.Fatalf("%s: %v", u, err)
			}
			out = append(out, m)
			q.Do(m)
		}
		return out
	}
	for _, c := range []struct {
		line string
		want bool
	}{
		{"G*8f 9f9g 8f8g 9g9h 8g8h", true}, // the Shogidokoro example
		{"G*8f 9f9g 8f8g", false},          // not mate yet
		{"G*8f 9f9g", false},               // ends with the defender's move
	} {
		if got := verifyLine(p, moves(c.line), true, false); got != c.want {
			t.Errorf("%q: %v, want %v", c.line, got, c.want)
		}
	}
	// a quiet attacker move is no tsume line
	q := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	m, _ := q.ParseMove("5i4h")
	if verifyLine(q, []board.Move{m}, true, false) {
		t.Error("a move that does not check passed")
	}
}
