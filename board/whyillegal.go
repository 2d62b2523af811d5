package board

import "fmt"

// Why a move is illegal, and moves built from squares and checked, as records name
// them (a KIF origin "(77)", a CSA "+7776FU", a JKF "from"): the reasons name squares as
// players write them, ７六 (7f).

// WhyIllegal says why m, a move made for p (with its moving and captured kinds), cannot
// be played in p: nil when it is legal, else an *IllegalMoveError whose Reason names what
// is wrong (no piece there, a piece that cannot go there, 二歩, 打ち歩詰め, a piece that
// must promote, the king left in check, …).
func (p *Position) WhyIllegal(m Move) error {
	if p.IsLegal(m) {
		return nil
	}
	if m == NoMove || !m.To().Valid() || !m.IsDrop() && !m.From().Valid() {
		return &IllegalMoveError{Move: m.USI(), Reason: "not a move"}
	}
	_, reason := p.complete(m)
	if reason == "" {
		// the squares make a legal move, but m's kinds are not the board's
		reason = fmt.Sprintf("the move is of a %s capturing %s, but the board says otherwise", m.Piece().Kanji(), m.Captured().Kanji())
	}
	return &IllegalMoveError{Move: m.USI(), Reason: reason}
}

// BoardMove builds the move of the piece on from to to (promoting if promote), with its
// kinds from the board, and checks it: err is nil for a legal move. A move the board
// allows but the rules forbid (IsPseudoLegal: the king left in check, a piece that must
// promote) is returned with its error, so that a record can keep the move a game was lost
// by; otherwise the move is NoMove.
func (p *Position) BoardMove(from, to Square, promote bool) (Move, error) {
	pc := p.board[from]
	if pc == NoPiece {
		return NoMove, &IllegalMoveError{Move: usiBoardMove(from, to, promote), Reason: "there is no piece on " + SquareName(from)}
	}
	if pc.Color() != p.side {
		return NoMove, &IllegalMoveError{Move: usiBoardMove(from, to, promote), Reason: fmt.Sprintf("the piece on %s is %s's, but %s is to move", SquareName(from), colorName(pc.Color()), colorName(p.side))}
	}
	return p.checked(NewBoardMove(from, to, pc.Type(), p.board[to].Type(), promote))
}

// DropMove builds the drop of a t on to and checks it, as BoardMove does.
func (p *Position) DropMove(t PieceType, to Square) (Move, error) {
	return p.checked(NewDrop(t, to))
}

func (p *Position) checked(m Move) (Move, error) {
	err := p.WhyIllegal(m)
	if err == nil || p.IsPseudoLegal(m) {
		return m, err
	}
	return NoMove, err
}

func usiBoardMove(from, to Square, promote bool) string {
	s := from.USI() + to.USI()
	if promote {
		s += "+"
	}
	return s
}

// SquareName writes a square as records and their readers' messages do: ７六 (7f).
func SquareName(s Square) string {
	if !s.Valid() {
		return "??"
	}
	return JapaneseSquare(s) + " (" + s.USI() + ")"
}

func colorName(c Color) string {
	if c == Black {
		return "Black (先手)"
	}
	return "White (後手)"
}
