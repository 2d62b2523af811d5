package bundledengine

import "banmen/board"

// Futile interpositions (無駄合). Composed tsume do not count a defence that only loses a
// piece: a piece dropped between a distant checker and the king, which the checker simply
// takes, after which it is mate all the same. The solver follows this convention:
//
//	A drop on a square between the (single, sliding) checker and the king is futile when the
//	checking piece can capture the dropped piece there and the defender is then mated, where
//	"mated" again leaves out futile drops (so a string of drops along the same line, each
//	taken in turn, is futile as a whole). Interpositions by a piece moved from the board
//	always count, and so does every drop the checker cannot take with mate.
//
// A mate under this convention is a mate under the plain rules too (each futile drop costs
// the defender a piece and two plies), so it never claims a mate that is not one; only the
// lengths and lines differ. With SolveOptions.CountFutile the solver uses the plain rules.

// futileSquares returns the squares where a drop by the side to move (in check) is futile.
func futileSquares(p *board.Position) board.Bitboard {
	return futileSquaresDepth(p, 0)
}

func futileSquaresDepth(p *board.Position, depth int) board.Bitboard {
	var out board.Bitboard
	us := p.SideToMove()
	k := p.KingSquare(us)
	if k == board.NoSquare || depth > 8 {
		return out
	}
	checkers := p.Checkers()
	if checkers.IsZero() || checkers.Many() {
		return out
	}
	c := checkers.First()
	between := board.Between(c, k)
	if between.IsZero() {
		return out
	}
	drop := anyDroppable(p)
	if drop == board.NoPieceType {
		return out
	}
	checker := p.PieceAt(c)
	for bb := between; bb.NonZero(); {
		s := bb.Pop()
		t := drop
		if !droppableOn(p, t, s) {
			t = board.NoPieceType
			for _, u := range [7]board.PieceType{board.Gold, board.Silver, board.Bishop, board.Rook, board.Knight, board.Lance, board.Pawn} {
				if p.Hand(us).Count(u) > 0 && droppableOn(p, u, s) {
					t = u
					break
				}
			}
			if t == board.NoPieceType {
				continue
			}
		}
		q := *p
		q.Do(board.NewDrop(t, s))
		// the checker takes it, promoted or not, as the rules allow
		ct := checker.Type()
		for _, promote := range [2]bool{false, true} {
			if promote && !(ct.CanPromote() && (board.PromotionZone(us.Opp()).Has(c) || board.PromotionZone(us.Opp()).Has(s))) {
				continue
			}
			if !promote && deadZone[us.Opp()][ct].Has(s) {
				continue
			}
			r := q
			r.Do(board.NewBoardMove(c, s, ct, t, promote))
			if !legalAfter(&r) || !r.InCheck() {
				continue
			}
			if matedByConvention(&r, depth+1) {
				out = out.Or(board.SquareBB(s))
				break
			}
		}
	}
	return out
}

// matedByConvention reports whether the side to move (in check) has no reply but futile drops.
func matedByConvention(p *board.Position, depth int) bool {
	if evasionExists(p, false) {
		return false // a king move, a capture or a moved interposition
	}
	if !hasEvasion(p) {
		return true
	}
	// only drops are left: are they all futile?
	var buf moveList
	futile := futileSquaresDepth(p, depth)
	for _, m := range p.LegalMoves(buf[:0]) {
		if !futile.Has(m.To()) {
			return false
		}
	}
	return true
}

// anyDroppable returns a kind the side to move holds, or NoPieceType.
func anyDroppable(p *board.Position) board.PieceType {
	h := p.Hand(p.SideToMove())
	for _, t := range [7]board.PieceType{board.Gold, board.Silver, board.Bishop, board.Rook, board.Knight, board.Lance, board.Pawn} {
		if h.Count(t) > 0 {
			return t
		}
	}
	return board.NoPieceType
}

// droppableOn reports whether the side to move may drop a t on the empty square s (打ち歩詰め
// aside: a pawn dropped between a checker and its own king does not check).
func droppableOn(p *board.Position, t board.PieceType, s board.Square) bool {
	us := p.SideToMove()
	if deadZone[us][t].Has(s) {
		return false
	}
	if t == board.Pawn && p.Pieces(us, board.Pawn).And(board.FileSquares(s.File())).NonZero() {
		return false
	}
	return true
}

// filterFutile removes the futile drops from the evasions of p (in check).
func filterFutile(p *board.Position, moves []board.Move) []board.Move {
	hasDrop := false
	for _, m := range moves {
		if m.IsDrop() {
			hasDrop = true
			break
		}
	}
	if !hasDrop {
		return moves
	}
	futile := futileSquares(p)
	if futile.IsZero() {
		return moves
	}
	out := moves[:0]
	for _, m := range moves {
		if !(m.IsDrop() && futile.Has(m.To())) {
			out = append(out, m)
		}
	}
	return out
}
