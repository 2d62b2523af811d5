package bundledengine

import (
	"slices"
	"testing"

	"banmen/board"
)

// The picker yields every legal move the search wants exactly once: the table move first,
// good captures before quiet moves.
func TestMovePickerYieldsEveryMoveOnce(t *testing.T) {
	var hist historyTable
	for i, p := range randomPositions(t, 1500, 11) {
		var lbuf moveList
		var want []board.Move
		for _, m := range p.LegalMoves(lbuf[:0]) {
			if !redundantNonPromotion(m, p.SideToMove()) || p.InCheck() {
				want = append(want, m)
			}
		}
		// a table move and killers taken from the legal moves (or made up)
		tt := board.NoMove
		if len(want) > 0 && i%3 != 0 {
			tt = want[i%len(want)]
		}
		killers := [2]board.Move{board.NewDrop(board.Gold, board.NewSquare(5, 5)), board.NoMove}
		var mp movePicker
		var buf moveList
		var scores [maxMoves]int32
		mp.init(p, p.InCheck(), tt, killers, &hist, buf[:], scores[:])
		var got []board.Move
		seenQuiet := false
		for {
			m, needCheck := mp.next()
			if m == board.NoMove {
				break
			}
			if needCheck {
				q := *p
				q.Do(m)
				if !legalAfter(&q) {
					continue
				}
			}
			if len(got) == 0 && tt != board.NoMove && m != tt {
				t.Fatalf("%s: first move %s, the table move is %s", p.SFEN(), m, tt)
			}
			if m.Captured() == board.NoPieceType && !m.IsPromotion() && m != tt {
				seenQuiet = true
			} else if seenQuiet && !p.InCheck() && seeGE(p, m, 0) && m != tt && m.Captured() != board.NoPieceType {
				t.Fatalf("%s: good capture %s after a quiet move", p.SFEN(), m)
			}
			got = append(got, m)
		}
		if !slices.Equal(sorted(got), sorted(want)) {
			t.Fatalf("%s (in check %v):\n got  %v\n want %v", p.SFEN(), p.InCheck(), sorted(got), sorted(want))
		}
	}
}

func TestPseudoLegalRejectsStaleMoves(t *testing.T) {
	p := mustSFEN(t, board.StartSFEN)
	for _, c := range []struct {
		m    board.Move
		want bool
	}{
		{board.NewBoardMove(board.NewSquare(7, 7), board.NewSquare(7, 6), board.Pawn, board.NoPieceType, false), true},
		{board.NewBoardMove(board.NewSquare(7, 7), board.NewSquare(7, 6), board.Silver, board.NoPieceType, false), false}, // wrong piece
		{board.NewBoardMove(board.NewSquare(7, 7), board.NewSquare(7, 5), board.Pawn, board.NoPieceType, false), false},   // a pawn does not jump
		{board.NewBoardMove(board.NewSquare(7, 3), board.NewSquare(7, 4), board.Pawn, board.NoPieceType, false), false},   // White's pawn
		{board.NewDrop(board.Pawn, board.NewSquare(5, 5)), false},                                                         // nothing in hand
		{board.NewBoardMove(board.NewSquare(8, 8), board.NewSquare(2, 2), board.Bishop, board.Bishop, true), false},       // blocked
	} {
		if got := pseudoLegal(p, c.m); got != c.want {
			t.Errorf("pseudoLegal(%s) = %v, want %v", c.m, got, c.want)
		}
	}
}

func TestHistoryStaysBounded(t *testing.T) {
	var h historyTable
	m := board.NewDrop(board.Gold, board.NewSquare(5, 5))
	for i := 0; i < 1000; i++ {
		h.update(board.Black, m, 5000)
	}
	if v := h[board.Black][historyIndex(m)]; v <= 0 || v > historyMax {
		t.Errorf("history %d out of bounds", v)
	}
}
