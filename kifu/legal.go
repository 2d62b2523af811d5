package kifu

import "banmen/board"

// Legality checks for moves read from records.
//
// board.Position.IsLegal generates every legal move, which costs about as much as
// reading the rest of a KIF line; most record moves name their origin, so the
// readers check them directly: the piece is there and is the mover's, it can reach
// the destination, the promotion is allowed or required, and the mover's king is
// not attacked afterwards. legal_test.go checks this against IsLegal.

type delta struct{ df, dr int8 } // file and rank steps, seen from Black (forward is dr = -1)

var (
	stepDeltas  [board.NumPieceTypes][]delta
	slideDeltas [board.NumPieceTypes][]delta
)

func init() {
	golds := []delta{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {0, 1}}
	diag := []delta{{-1, -1}, {1, -1}, {-1, 1}, {1, 1}}
	orth := []delta{{0, -1}, {-1, 0}, {1, 0}, {0, 1}}
	stepDeltas[board.Pawn] = []delta{{0, -1}}
	slideDeltas[board.Lance] = []delta{{0, -1}}
	stepDeltas[board.Knight] = []delta{{-1, -2}, {1, -2}}
	stepDeltas[board.Silver] = []delta{{-1, -1}, {0, -1}, {1, -1}, {-1, 1}, {1, 1}}
	for _, t := range []board.PieceType{board.Gold, board.ProPawn, board.ProLance, board.ProKnight, board.ProSilver} {
		stepDeltas[t] = golds
	}
	slideDeltas[board.Bishop] = diag
	slideDeltas[board.Rook] = orth
	stepDeltas[board.King] = append(append([]delta{}, diag...), orth...)
	slideDeltas[board.Horse], stepDeltas[board.Horse] = diag, orth
	slideDeltas[board.Dragon], stepDeltas[board.Dragon] = orth, diag
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// reaches reports whether a piece of kind t and colour c on from attacks to in p.
func reaches(p *board.Position, c board.Color, t board.PieceType, from, to board.Square) bool {
	df, dr := to.File()-from.File(), to.Rank()-from.Rank()
	if c == board.White {
		df, dr = -df, -dr
	}
	for _, d := range stepDeltas[t] {
		if int(d.df) == df && int(d.dr) == dr {
			return true
		}
	}
	if df != 0 && dr != 0 && df != dr && df != -dr {
		return false
	}
	sf, sr := sign(df), sign(dr)
	for _, d := range slideDeltas[t] {
		if int(d.df) != sf || int(d.dr) != sr {
			continue
		}
		// walk from 'from' towards 'to' on the real board; every square between must be empty
		wf, wr := to.File()-from.File(), to.Rank()-from.Rank()
		stepF, stepR := sign(wf), sign(wr)
		f, r := from.File()+stepF, from.Rank()+stepR
		for f != to.File() || r != to.Rank() {
			if p.PieceAt(board.NewSquare(f, r)) != board.NoPiece {
				return false
			}
			f, r = f+stepF, r+stepR
		}
		return true
	}
	return false
}

// relRank counts ranks from c's far side: 1 is the rank where c's pawns can no longer move.
func relRank(c board.Color, s board.Square) int {
	if c == board.White {
		return 10 - s.Rank()
	}
	return s.Rank()
}

// deadEnd reports whether an unpromoted piece of kind t on s could never move again.
func deadEnd(c board.Color, t board.PieceType, s board.Square) bool {
	switch t {
	case board.Pawn, board.Lance:
		return relRank(c, s) == 1
	case board.Knight:
		return relRank(c, s) <= 2
	}
	return false
}

// isLegal reports whether m, a move whose kinds were filled in for p, is legal in p.
func isLegal(p *board.Position, m board.Move) bool {
	us := p.SideToMove()
	to := m.To()
	if m == board.NoMove || !to.Valid() {
		return false
	}
	t := m.Piece()
	if m.IsDrop() {
		if t < board.Pawn || t > board.Gold || p.Hand(us).Count(t) == 0 || p.PieceAt(to) != board.NoPiece || deadEnd(us, t, to) {
			return false
		}
		if t == board.Pawn {
			for r := 1; r <= 9; r++ {
				if p.PieceAt(board.NewSquare(to.File(), r)) == board.NewPiece(us, board.Pawn) {
					return false // 二歩
				}
			}
		}
		q := p.Play(m)
		if k := q.KingSquare(us); k != board.NoSquare && q.IsAttacked(k, us.Opp()) {
			return false
		}
		if t == board.Pawn && q.InCheck() && !q.HasLegalMove() {
			return false // 打ち歩詰め
		}
		return true
	}
	from := m.From()
	if !from.Valid() || from == to {
		return false
	}
	pc := p.PieceAt(from)
	if pc == board.NoPiece || pc.Color() != us || pc.Type() != t {
		return false
	}
	capt := p.PieceAt(to)
	if capt != board.NoPiece && (capt.Color() == us || capt.Type() == board.King) {
		return false
	}
	if capt.Type() != m.Captured() {
		return false
	}
	if !reaches(p, us, t, from, to) {
		return false
	}
	if m.IsPromotion() {
		if !t.CanPromote() || relRank(us, from) > 3 && relRank(us, to) > 3 {
			return false
		}
	} else if deadEnd(us, t, to) {
		return false
	}
	q := p.Play(m)
	if k := q.KingSquare(us); k != board.NoSquare && q.IsAttacked(k, us.Opp()) {
		return false
	}
	return true
}

// pseudoLegal reports whether m moves a piece the mover has the way that piece moves
// (or drops one from the hand on an empty square), whether or not the rules allow it:
// such a move can be played on the board even if it is illegal.
func pseudoLegal(p *board.Position, m board.Move) bool {
	us := p.SideToMove()
	to := m.To()
	if m == board.NoMove || !to.Valid() {
		return false
	}
	t := m.Piece()
	if m.IsDrop() {
		return t >= board.Pawn && t <= board.Gold && p.Hand(us).Count(t) > 0 && p.PieceAt(to) == board.NoPiece
	}
	from := m.From()
	if !from.Valid() || from == to {
		return false
	}
	pc, capt := p.PieceAt(from), p.PieceAt(to)
	if pc == board.NoPiece || pc.Color() != us || pc.Type() != t || capt.Type() != m.Captured() {
		return false
	}
	if capt != board.NoPiece && (capt.Color() == us || capt.Type() == board.King) {
		return false
	}
	if m.IsPromotion() && (!t.CanPromote() || relRank(us, from) > 3 && relRank(us, to) > 3) {
		return false
	}
	return reaches(p, us, t, from, to)
}

// boardMove builds the board move from one square to another in p (kinds filled in from
// the board) and checks it. reason is "" for a legal move; for an illegal move that can
// still be played (see pseudoLegal) the move is returned with the reason.
func boardMove(p *board.Position, from, to board.Square, promote bool) (board.Move, string) {
	pc := p.PieceAt(from)
	if pc == board.NoPiece {
		return board.NoMove, "there is no piece on " + squareName(from)
	}
	if pc.Color() != p.SideToMove() {
		return board.NoMove, "the piece on " + squareName(from) + " is " + colorName(pc.Color()) + "'s, but " + colorName(p.SideToMove()) + " is to move"
	}
	m := board.NewBoardMove(from, to, pc.Type(), p.PieceAt(to).Type(), promote)
	if isLegal(p, m) {
		return m, ""
	}
	if pseudoLegal(p, m) {
		return m, whyIllegal(p, m) // illegal, but it can be played: the caller decides
	}
	return board.NoMove, whyIllegal(p, m)
}

// dropMove builds a drop of kind t on to and checks it.
func dropMove(p *board.Position, t board.PieceType, to board.Square) (board.Move, string) {
	m := board.NewDrop(t, to)
	if isLegal(p, m) {
		return m, ""
	}
	if pseudoLegal(p, m) {
		return m, whyIllegal(p, m)
	}
	return board.NoMove, whyIllegal(p, m)
}

// whyIllegal asks board for the reason a move is illegal.
func whyIllegal(p *board.Position, m board.Move) string {
	if _, err := p.ParseMove(m.USI()); err != nil {
		if e, ok := err.(*board.IllegalMoveError); ok {
			return e.Reason
		}
		return err.Error()
	}
	return "it is not legal here"
}

// squareName writes a square as records do: ７六 (7g).
func squareName(s board.Square) string {
	if !s.Valid() {
		return "??"
	}
	return board.JapaneseSquare(s) + " (" + s.USI() + ")"
}
