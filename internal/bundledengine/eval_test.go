package bundledengine

import (
	"strings"
	"testing"

	"banmen/board"
)

// flip returns p with the colours swapped and the board turned round: the same position
// seen from the other side. The evaluation must not care.
func flip(t testing.TB, p *board.Position) *board.Position {
	t.Helper()
	q := board.NewEmptyPosition()
	for s := board.Square(0); s < board.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != board.NoPiece {
			q.SetPiece(board.NumSquares-1-s, board.NewPiece(pc.Color().Opp(), pc.Type()))
		}
	}
	for c := board.Black; c <= board.White; c++ {
		for _, ht := range board.HandTypes {
			q.SetHandCount(c.Opp(), ht, p.Hand(c).Count(ht))
		}
	}
	q.SetSideToMove(p.SideToMove().Opp())
	return q
}

func TestEvaluateIsSymmetric(t *testing.T) {
	for _, p := range randomPositions(t, 500, 5) {
		if a, b := evaluate(p), evaluate(flip(t, p)); a != b {
			t.Fatalf("%s: %d, flipped %d", p.SFEN(), a, b)
		}
	}
}

func TestEvaluateStartIsEven(t *testing.T) {
	if v := evaluate(board.NewStartPosition()); v != tempo {
		t.Errorf("start position: %d, want the tempo %d", v, tempo)
	}
}

func TestEvaluateMaterial(t *testing.T) {
	start := board.StartSFEN
	for _, c := range []struct {
		name, sfen string
		min, max   int
	}{
		// Black has taken White's rook: Black to move is well ahead
		{"a rook up", strings.Replace(strings.Replace(start, "1r5b1", "7b1", 1), " b - ", " b R ", 1), 1300, 2500},
		// the same, White to move: well behind
		{"a rook up, other side to move", strings.Replace(strings.Replace(start, "1r5b1", "7b1", 1), " b - ", " w R ", 1), -2500, -1300},
		// the rook gone from the board but in nobody's hand: a board rook's worth
		{"a rook less on the board", strings.Replace(start, "1r5b1", "7b1", 1), 600, 1000},
	} {
		p := mustSFEN(t, c.sfen)
		if v := evaluate(p); v < c.min || v > c.max {
			t.Errorf("%s: %d, want %d..%d", c.name, v, c.min, c.max)
		}
	}
	// a piece in hand is worth more than the same piece on the board, and a rook in hand
	// more than a gold in hand
	if handValue[board.Rook] <= handValue[board.Gold] || handValue[board.Silver] <= pieceValue[board.Silver] {
		t.Error("hand values are out of order")
	}
	if captureValue[board.Dragon] <= captureValue[board.Rook] {
		t.Error("taking a dragon gains less than taking a rook")
	}
}

func TestEvaluateKingSafety(t *testing.T) {
	// the same material; in the first White's king has its golds beside it, in the second
	// they stand far away
	near := mustSFEN(t, "4k4/3g1g3/9/9/9/9/9/9/4K4 b - 1")
	far := mustSFEN(t, "4k4/9/9/9/g7g/9/9/9/4K4 b - 1")
	if evaluate(near) >= evaluate(far) {
		t.Errorf("a castled king (%d) is no better for White than a bare one (%d)", -evaluate(near), -evaluate(far))
	}
}

// BenchmarkEvaluate measures one evaluation of a middle-game position.
func BenchmarkEvaluate(b *testing.B) {
	p := mustSFEN(b, middleGames[0])
	for b.Loop() {
		evaluate(p)
	}
}

// The base carried from move to move equals the base computed afresh.
func TestEvalBaseIncremental(t *testing.T) {
	for _, p := range randomPositions(t, 800, 17) {
		b := computeBase(p)
		var buf moveList
		for _, m := range p.LegalMoves(buf[:0]) {
			q := *p
			q.Do(m)
			nb, ok := b.after(p, m)
			if !ok {
				if m.Captured() != board.King {
					t.Fatalf("%s %s: no incremental base for a move that takes no king", p.SFEN(), m)
				}
				continue
			}
			if want := computeBase(&q); nb != want {
				t.Fatalf("%s %s: base %v, computed %v", p.SFEN(), m, nb, want)
			}
		}
	}
}
