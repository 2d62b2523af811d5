package bundledengine

import (
	"testing"

	"banmen/board"
)

func TestSEE(t *testing.T) {
	for _, c := range []struct {
		sfen, move string
		threshold  int
		want       bool
	}{
		// a pawn takes an undefended gold: it gains the gold on the board and one in hand
		{"4k4/9/9/4g4/4P4/9/9/9/4K4 b - 1", "5e5d", captureValue[board.Gold], true},
		{"4k4/9/9/4g4/4P4/9/9/9/4K4 b - 1", "5e5d", captureValue[board.Gold] + 1, false},
		// a rook takes a pawn defended by a gold: it loses the rook
		{"4k4/9/4g4/4p4/9/9/9/9/4R3K b - 1", "5i5d", 0, false},
		// ... but with a second rook behind it (an x-ray) the exchange still loses
		{"4k4/9/4g4/4p4/9/9/9/4R4/4R3K b - 1", "5h5d", 0, false},
		// a silver takes a pawn defended by a gold: loses the silver for a pawn
		{"4k4/9/5g3/4p4/4S4/9/9/9/7K1 b - 1", "5e5d", 0, false},
		// ... unless a lance behind the silver would take the gold back: then the gold stays
		// put and the pawn is won
		{"4k4/9/5g3/4p4/4S4/9/9/9/4L2K1 b - 1", "5e5d", captureValue[board.Pawn], true},
		{"4k4/9/5g3/4p4/4S4/9/9/9/4L2K1 b - 1", "5e5d", captureValue[board.Pawn] + 1, false},
		// a pawn takes a pawn defended by a gold, backed by a rook: gains a pawn at least
		{"4k4/9/4g4/4p4/4P4/9/9/9/4R3K b - 1", "5e5d", 0, true},
		// a drop on a square the opponent attacks loses the piece
		{"4k4/9/4g4/9/9/9/9/9/4K4 b G 1", "G*5d", 0, false},
		// a drop on a safe square costs nothing
		{"4k4/9/9/9/9/9/9/9/4K4 b G 1", "G*5e", 0, true},
	} {
		p := mustSFEN(t, c.sfen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s %s: %v", c.sfen, c.move, err)
		}
		if got := seeGE(p, m, c.threshold); got != c.want {
			t.Errorf("%s %s >= %d: %v, want %v", c.sfen, c.move, c.threshold, got, c.want)
		}
	}
}
