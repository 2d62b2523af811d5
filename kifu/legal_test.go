package kifu

import (
	"testing"

	"banmen/board"
)

// isLegal must agree with board.Position.IsLegal on every move that can be named in a
// position: every piece of the mover to every square, with and without promotion, and
// every drop of every kind on every square. The positions are those of the test records
// (main lines and variations: openings, middle games, handicaps, mate problems).
func TestIsLegalAgreesWithBoard(t *testing.T) {
	files := testdataFiles()
	positions, moves, legal := 0, 0, 0
	for _, f := range files {
		r, err := ReadFile(f)
		if r == nil || r.Root == nil {
			continue
		}
		_ = err
		r.Root.Walk(func(n *Node) bool {
			if n.IsSpecial() {
				return true
			}
			p := r.Position(n)
			if k := p.KingSquare(p.SideToMove().Opp()); k != board.NoSquare && p.IsAttacked(k, p.SideToMove()) {
				return true // after an illegal move (a game lost by it): nothing to check
			}
			positions++
			var buf [board.MaxMoves]board.Move
			want := map[board.Move]bool{}
			for _, m := range p.LegalMoves(buf[:0]) {
				want[m] = true
			}
			check := func(m board.Move) {
				moves++
				got := isLegal(p, m)
				if got != want[m] {
					t.Errorf("%s: %s (%s): isLegal %v, board says %v", p.SFEN(), m.USI(), m.Piece(), got, want[m])
				}
				if got {
					legal++
					if !pseudoLegal(p, m) {
						t.Errorf("%s: legal %s is not pseudo-legal", p.SFEN(), m.USI())
					}
				}
			}
			us := p.SideToMove()
			for from := board.Square(0); from < board.NumSquares; from++ {
				pc := p.PieceAt(from)
				if pc == board.NoPiece || pc.Color() != us {
					continue
				}
				for to := board.Square(0); to < board.NumSquares; to++ {
					if to == from {
						continue
					}
					for _, promote := range []bool{false, true} {
						check(board.NewBoardMove(from, to, pc.Type(), p.PieceAt(to).Type(), promote))
					}
				}
			}
			for t := board.Pawn; t <= board.Gold; t++ {
				for to := board.Square(0); to < board.NumSquares; to++ {
					check(board.NewDrop(t, to))
				}
			}
			return !t.Failed()
		})
	}
	if positions < 1000 || legal < 10000 {
		t.Fatalf("only %d positions, %d legal moves checked", positions, legal)
	}
	t.Logf("%d positions, %d moves checked, %d legal", positions, moves, legal)
}

func TestBoardMoveReasons(t *testing.T) {
	p := board.NewStartPosition()
	tests := []struct {
		from, to string
		promote  bool
		reason   string
	}{
		{"7g", "7f", false, ""},
		{"5e", "5d", false, "there is no piece on ５五 (5e)"},
		{"3c", "3d", false, "the piece on ３三 (3c) is White (後手)'s, but Black (先手) is to move"},
		{"7g", "7e", false, "歩 on 7g cannot move to 7e"},
		{"7g", "7f", true, "this piece cannot promote here"},
	}
	for _, tt := range tests {
		from, _ := board.ParseSquare(tt.from)
		to, _ := board.ParseSquare(tt.to)
		m, reason := boardMove(p, from, to, tt.promote)
		if reason != tt.reason || (reason == "") != (m != board.NoMove) {
			t.Errorf("%s%s: %v %q, want %q", tt.from, tt.to, m, reason, tt.reason)
		}
	}
	if _, reason := dropMove(p, board.Pawn, board.NewSquare(5, 5)); reason == "" {
		t.Error("a drop with an empty hand should be refused")
	}
}
