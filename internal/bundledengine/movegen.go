package bundledengine

import "banmen/board"

// Move generation beyond board.LegalMoves: the search wants the captures alone (quiescence,
// the first stage of move ordering) and the mate searches want the checks alone. Both are
// generated pseudo-legal (pins and the mover's own king are not looked at); the caller plays
// the move and drops it if it left its king attacked (see legalAfter).

// maxMoves bounds a move list, as in board.
const maxMoves = board.MaxMoves

// moveList is a fixed buffer for one node's moves, kept on the search stack.
type moveList [maxMoves]board.Move

// appendBoardMove appends the move of a piece of kind t from one square to another, with the
// promotion choices the rules allow. When all is false it leaves out the choices a search
// never needs: an unpromoted pawn, bishop or rook where it could promote, and an unpromoted
// lance short of the third rank.
func appendBoardMove(buf []board.Move, us board.Color, t board.PieceType, from, to board.Square, captured board.PieceType, all bool) []board.Move {
	if !t.CanPromote() {
		return append(buf, board.NewBoardMove(from, to, t, captured, false))
	}
	zone := board.PromotionZone(us)
	if !zone.Has(from) && !zone.Has(to) {
		return append(buf, board.NewBoardMove(from, to, t, captured, false))
	}
	buf = append(buf, board.NewBoardMove(from, to, t, captured, true))
	if board.DeadZone(us, t).Has(to) {
		return buf
	}
	if !all {
		switch t {
		case board.Pawn, board.Bishop, board.Rook:
			return buf
		case board.Lance:
			if board.RelRank(us, to) != 3 {
				return buf
			}
		}
	}
	return append(buf, board.NewBoardMove(from, to, t, captured, false))
}

// genCaptures appends the pseudo-legal captures of the side to move, promoting as
// appendBoardMove(all = false) does.
func genCaptures(p *board.Position, buf []board.Move) []board.Move {
	us := p.SideToMove()
	targets := p.ColorPieces(us.Opp())
	for bb := p.ColorPieces(us); bb.NonZero(); {
		from := bb.Pop()
		t := p.PieceAt(from).Type()
		for to := p.AttacksFrom(us, t, from).And(targets); to.NonZero(); {
			s := to.Pop()
			buf = appendBoardMove(buf, us, t, from, s, p.PieceAt(s).Type(), false)
		}
	}
	return buf
}

// genPawnPromotions appends the non-capturing pawn moves that promote: in quiescence they
// gain as much as a small capture.
func genPawnPromotions(p *board.Position, buf []board.Move) []board.Move {
	us := p.SideToMove()
	empty := p.Occupied().Not()
	zone := board.PromotionZone(us)
	for bb := p.Pieces(us, board.Pawn).And(pawnPromotesFrom[us]); bb.NonZero(); {
		from := bb.Pop()
		to := board.PseudoAttacks(us, board.Pawn, from).And(empty).And(zone)
		if to.NonZero() {
			buf = append(buf, board.NewBoardMove(from, to.First(), board.Pawn, board.NoPieceType, true))
		}
	}
	return buf
}

// checkInfo holds, for one position, what is needed to tell quickly whether a move checks
// the opponent's king.
type checkInfo struct {
	king        board.Square                        // the opponent's king (NoSquare: none)
	discoverers board.Bitboard                      // our pieces whose departure uncovers a check
	squares     [board.NumPieceTypes]board.Bitboard // where a piece of each kind would check
}

func newCheckInfo(p *board.Position) checkInfo {
	us := p.SideToMove()
	them := us.Opp()
	ci := checkInfo{king: p.KingSquare(them)}
	if ci.king == board.NoSquare {
		return ci
	}
	ci.discoverers = p.BlockersFor(ci.king, us).And(p.ColorPieces(us))
	k := ci.king
	// AttacksFrom(them, t, k) for each kind t
	ci.squares[board.Pawn] = board.StepAttacks(them, board.Pawn, k)
	ci.squares[board.Lance] = p.LanceAttacks(them, k)
	ci.squares[board.Knight] = board.StepAttacks(them, board.Knight, k)
	ci.squares[board.Silver] = board.StepAttacks(them, board.Silver, k)
	ci.squares[board.Bishop] = p.BishopAttacks(k)
	ci.squares[board.Rook] = p.RookAttacks(k)
	// the promoted kinds move as a gold, or as a bishop or rook and a king
	gold := board.StepAttacks(them, board.Gold, k)
	ci.squares[board.Gold] = gold
	ci.squares[board.ProPawn], ci.squares[board.ProLance] = gold, gold
	ci.squares[board.ProKnight], ci.squares[board.ProSilver] = gold, gold
	king := board.StepAttacks(them, board.King, k)
	ci.squares[board.Horse] = ci.squares[board.Bishop].Or(king)
	ci.squares[board.Dragon] = ci.squares[board.Rook].Or(king)
	return ci
}

// givesCheck reports whether m, pseudo-legal in the position ci was made for, checks.
// Without a king to check, newCheckInfo leaves squares and discoverers empty: no move
// checks, and the king's square is never looked at.
func (ci *checkInfo) givesCheck(m board.Move) bool {
	return ci.squares[m.PieceAfter()].Has(m.To()) ||
		!m.IsDrop() && ci.discoverers.Has(m.From()) && !board.LineThrough(m.From(), ci.king).Has(m.To())
}

// genChecks appends every pseudo-legal move of the side to move that checks the opponent's
// king, with every promotion choice (a mate may need an unpromoted piece). Pawn drops that
// would mate (打ち歩詰め) are included; the caller finds them when the reply list is empty.
// It returns nothing when the opponent has no king.
func genChecks(p *board.Position, ci *checkInfo, buf []board.Move) []board.Move {
	if ci.king == board.NoSquare {
		return buf
	}
	us := p.SideToMove()
	own := p.ColorPieces(us)
	occ := p.Occupied()
	empty := occ.Not()
	// board moves: a piece that does not slide checks from next to the king and steps one
	// square, so only those within two can, a knight from two ranks off and jumps two, so
	// only one within four can, besides the sliders and the pieces that uncover a check
	movers := own.And(within2[ci.king]).Or(p.Pieces(us, board.Knight).And(within4[ci.king])).Or(ci.discoverers).Or(own.And(
		p.Pieces(us, board.Lance).Or(p.Pieces(us, board.Bishop)).Or(p.Pieces(us, board.Rook)).
			Or(p.Pieces(us, board.Horse)).Or(p.Pieces(us, board.Dragon))))
	for bb := movers; bb.NonZero(); {
		from := bb.Pop()
		t := p.PieceAt(from).Type()
		att := p.AttacksFrom(us, t, from).AndNot(own)
		if att.IsZero() {
			continue
		}
		if ci.discoverers.Has(from) {
			// every move off the line checks; moves along it may check directly
			line := board.LineThrough(from, ci.king)
			for to := att.AndNot(line); to.NonZero(); {
				s := to.Pop()
				buf = appendBoardMove(buf, us, t, from, s, p.PieceAt(s).Type(), true)
			}
			att = att.And(line)
		}
		// destinations from which the piece, promoted or not, checks directly
		canPromote := t.CanPromote()
		zone := board.PromotionZone(us)
		fromZone := zone.Has(from)
		target := ci.squares[t]
		if canPromote {
			if fromZone {
				target = target.Or(ci.squares[t.Promote()])
			} else {
				target = target.Or(ci.squares[t.Promote()].And(zone))
			}
		}
		for to := att.And(target); to.NonZero(); {
			s := to.Pop()
			cap := p.PieceAt(s).Type()
			if !canPromote || !(fromZone || zone.Has(s)) {
				buf = append(buf, board.NewBoardMove(from, s, t, cap, false))
				continue
			}
			if ci.squares[t.Promote()].Has(s) {
				buf = append(buf, board.NewBoardMove(from, s, t, cap, true))
			}
			if ci.squares[t].Has(s) && !board.DeadZone(us, t).Has(s) {
				buf = append(buf, board.NewBoardMove(from, s, t, cap, false))
			}
		}
	}
	// drops
	h := p.Hand(us)
	for _, t := range [7]board.PieceType{board.Pawn, board.Lance, board.Knight, board.Silver, board.Gold, board.Bishop, board.Rook} {
		if h.Count(t) == 0 {
			continue
		}
		to := ci.squares[t].And(empty).AndNot(board.DeadZone(us, t))
		if t == board.Pawn && to.NonZero() && !p.CanDrop(board.Pawn, to.First()) {
			continue // 二歩 (a pawn checks from one square only)
		}
		for to.NonZero() {
			buf = append(buf, board.NewDrop(t, to.Pop()))
		}
	}
	return buf
}

// pawnPromotesFrom[c] is where c's pawns stand when their next step enters the promotion
// zone or moves within it: Black's ranks 2 to 4, White's 6 to 8.
var pawnPromotesFrom = func() (t [2]board.Bitboard) {
	for s := board.Square(0); s < board.NumSquares; s++ {
		if r := s.Rank(); r >= 2 && r <= 4 {
			t[board.Black] = t[board.Black].Or(board.SquareBB(s))
		} else if r >= 6 && r <= 8 {
			t[board.White] = t[board.White].Or(board.SquareBB(s))
		}
	}
	return t
}()

// within4[k] is the set of squares at most four files and four ranks from k, within2[k]
// at most two.
var within4, within2 = board.Within(4), board.Within(2)

// legalAfter reports whether the position child, reached by a pseudo-legal move of the side
// that moved, leaves that side's king unattacked.
func legalAfter(child *board.Position) bool {
	mover := child.SideToMove().Opp()
	k := child.KingSquare(mover)
	return k == board.NoSquare || !child.IsAttacked(k, mover.Opp())
}

// redundantNonPromotion reports whether m is a non-promotion that the search can leave out
// because the promotion of the same move is as good or better: a pawn, bishop or rook that
// could promote, or a lance that could promote short of the third rank. The mate searches
// keep every move.
func redundantNonPromotion(m board.Move, us board.Color) bool {
	if m.IsDrop() || m.IsPromotion() {
		return false
	}
	t := m.Piece()
	switch t {
	case board.Pawn, board.Bishop, board.Rook:
	case board.Lance:
		if board.RelRank(us, m.To()) == 3 {
			return false
		}
	default:
		return false
	}
	zone := board.PromotionZone(us)
	return zone.Has(m.From()) || zone.Has(m.To())
}
