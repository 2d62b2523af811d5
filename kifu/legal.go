package kifu

import (
	"strings"

	"banmen/board"
)

// Legality checks for moves read from records.
//
// Most record moves name their origin, so the readers build the move and check it
// directly with board's IsLegal (and IsPseudoLegal, to keep an illegal last move the
// way tsshogi does).

// isLegal reports whether m, a move whose kinds were filled in for p, is legal in p.
func isLegal(p *board.Position, m board.Move) bool { return p.IsLegal(m) }

// pseudoLegal reports whether m can be played on the board even if the rules forbid
// it (see board.Position.IsPseudoLegal).
func pseudoLegal(p *board.Position, m board.Move) bool { return p.IsPseudoLegal(m) }

// boardMove builds the board move from one square to another in p (kinds filled in from
// the board) and checks it (board.BoardMove). reason is "" for a legal move; for an
// illegal move that can still be played (see pseudoLegal) the move is returned with the
// reason.
func boardMove(p *board.Position, from, to board.Square, promote bool) (board.Move, string) {
	m, err := p.BoardMove(from, to, promote)
	return m, reasonOf(err)
}

// dropMove builds a drop of kind t on to and checks it, as boardMove does.
func dropMove(p *board.Position, t board.PieceType, to board.Square) (board.Move, string) {
	m, err := p.DropMove(t, to)
	return m, reasonOf(err)
}

// reasonOf is the reason of board's error for an illegal move; "" for nil.
func reasonOf(err error) string {
	switch e := err.(type) {
	case nil:
		return ""
	case *board.IllegalMoveError:
		return e.Reason
	case *board.JapaneseMoveError:
		return e.Reason
	}
	return err.Error()
}

// squareName writes a square as records do: ７六 (7g).
func squareName(s board.Square) string { return board.SquareName(s) }

// isFoulEnding reports whether sp ends a game lost by an illegal move (反則勝ち, 反則負け,
// CSA's %ILLEGAL_MOVE and %±ILLEGAL_ACTION).
func isFoulEnding(sp Special) bool { return sp == FoulWin || sp == FoulLose }

// statesFoul reports whether the comment on an illegal move says the game ended on it,
// as 81Dojo writes its records: "反則手にて終局" instead of a 反則負け line.
func statesFoul(n *Node) bool { return strings.Contains(n.Comment, "反則") }

// placePiece puts pc on s in p, as a record's board does, and returns the square of the king
// of pc's side it took off for it (a position holds one king a side: of two, the one put last
// stays), or board.NoSquare. The reader says so: the record is not read whole.
func placePiece(p *board.Position, s board.Square, pc board.Piece) board.Square {
	gone := board.NoSquare
	if pc.Type() == board.King {
		if k := p.KingSquare(pc.Color()); k != board.NoSquare && k != s {
			gone = k
		}
	}
	p.SetPiece(s, pc)
	return gone
}
