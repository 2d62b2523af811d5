package bundledengine

import (
	"testing"

	"banmen/board"
)

func TestTranspositionTableStoreProbe(t *testing.T) {
	tt := newTranspositionTable(1)
	m := board.NewBoardMove(board.NewSquare(7, 7), board.NewSquare(7, 6), board.Pawn, board.NoPieceType, false)
	tt.store(0x123456789abcdef0, m, -1234, 56, 9, boundLower)
	e, ok := tt.probe(0x123456789abcdef0)
	if !ok || e.move != m || e.score != -1234 || e.eval != 56 || e.depth != 9 || e.bound != boundLower {
		t.Fatalf("probe = %+v, %v", e, ok)
	}
	if _, ok := tt.probe(0x123456789abcdef1 ^ 0x100); ok {
		t.Error("a different key was found")
	}
	// a shallower result of the same search does not replace a much deeper one
	tt.store(0x123456789abcdef0, board.NoMove, 7, 7, 2, boundUpper)
	if e, _ := tt.probe(0x123456789abcdef0); e.depth != 9 {
		t.Errorf("depth-9 entry replaced by a depth-2 one: %+v", e)
	}
	// an exact one does, and keeps the move when it has none
	tt.store(0x123456789abcdef0, board.NoMove, 7, 7, 2, boundExact)
	if e, _ := tt.probe(0x123456789abcdef0); e.depth != 2 || e.move != m {
		t.Errorf("exact store: %+v", e)
	}
	if tt.hashfull() < 0 || tt.hashfull() > 1000 {
		t.Errorf("hashfull %d", tt.hashfull())
	}
	tt.clear()
	if _, ok := tt.probe(0x123456789abcdef0); ok {
		t.Error("found after clear")
	}
}

func TestTranspositionTableFillsAndReplaces(t *testing.T) {
	tt := newTranspositionTable(1)
	for k := uint64(1); k < 200000; k++ {
		tt.store(k*0x9E3779B97F4A7C15, board.NoMove, int(k%100), 0, int(k%20), boundExact)
	}
	if hf := tt.hashfull(); hf < 900 {
		t.Errorf("hashfull %d after filling", hf)
	}
	tt.newSearch()
	if hf := tt.hashfull(); hf != 0 {
		t.Errorf("hashfull %d for a new search", hf)
	}
}

func TestMateScoresThroughTheTable(t *testing.T) {
	for _, v := range []int{mateIn(7), matedIn(4), 123, -50} {
		for _, ply := range []int{0, 3, 10} {
			if got := scoreFromTT(scoreToTT(v, ply), ply); got != v {
				t.Errorf("%d at ply %d comes back as %d", v, ply, got)
			}
		}
	}
	// a mate in 3 from a node at ply 4 is a mate in 7 from the root
	if got := scoreFromTT(scoreToTT(mateIn(7), 4), 0); got != mateIn(3) {
		t.Errorf("distance not kept relative to the node: %d", got)
	}
}

// clearParallel zeroes every element, however the slice divides among the goroutines.
func TestClearParallel(t *testing.T) {
	for _, n := range []int{0, 1, 7, 1<<20 + 3, 5<<20 + 1} {
		s := make([]uint64, n)
		for i := range s {
			s[i] = uint64(i) + 1
		}
		clearParallel(s)
		for i, v := range s {
			if v != 0 {
				t.Fatalf("n=%d: element %d is %d", n, i, v)
			}
		}
	}
}
