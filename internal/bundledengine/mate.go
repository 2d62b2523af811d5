package bundledengine

import "banmen/board"

// Short mate searches for the alpha-beta search: mate in one ply at interior nodes, mate in
// three plies near the root. Every attacking move checks; the defender may answer anything.
// (The tsume solver, with its own rules and no depth limit, is in dfpn.go.)

// mate1 returns a move of the side to move that mates at once, or NoMove. buf is scratch
// space for the checks (maxMoves long).
func mate1(p *board.Position, buf []board.Move) board.Move {
	ci := newCheckInfo(p)
	return mate1With(p, &ci, buf)
}

// mate1With is mate1 with the check information of p already at hand.
func mate1With(p *board.Position, ci *checkInfo, buf []board.Move) board.Move {
	if ci.king == board.NoSquare {
		return board.NoMove
	}
	us := p.SideToMove()
	near := board.PseudoAttacks(us, board.King, ci.king)
	var free board.Bitboard
	freeKnown := false
	for _, m := range genChecks(p, ci, buf[:0]) {
		if m.IsDrop() {
			// a drop leaves the king every square it can flee to now but those the dropped
			// piece covers (a slider also the square behind the king): cheap to rule out
			if !freeKnown {
				free = kingFlight(p, ci.king)
				freeKnown = true
			}
			cover := p.AttacksFrom(us, m.Piece(), m.To())
			if isSlider(m.Piece()) {
				cover = cover.Or(board.LineThrough(m.To(), ci.king).And(near))
			}
			if free.AndNot(cover).NonZero() {
				continue
			}
		}
		q := *p
		q.Do(m)
		if !legalAfter(&q) || hasEvasion(&q) {
			continue
		}
		if m.IsDrop() && m.Piece() == board.Pawn {
			continue // 打ち歩詰め is not allowed
		}
		return m
	}
	return board.NoMove
}

// mate3Budget is how many checks the mate-in-three search near the leaves may try.
const mate3Budget = 48

// kingCramped reports whether the king of the side not to move has at most one square to
// step to (empty or holding an enemy piece, and not attacked): the positions where a mate
// in three is worth looking for at the leaves of the search.
func kingCramped(p *board.Position) bool {
	us := p.SideToMove()
	them := us.Opp()
	k := p.KingSquare(them)
	if k == board.NoSquare {
		return false
	}
	free := 0
	for near := board.PseudoAttacks(them, board.King, k).AndNot(p.ColorPieces(them)); near.NonZero(); {
		if !p.IsAttacked(near.Pop(), us) {
			if free++; free > 1 {
				return false
			}
		}
	}
	return true
}

// mateSearch finds forced mates of a few plies within a node budget.
type mateSearch struct {
	nodes, budget int
}

// mateIn returns a first move that forces mate within plies (odd) plies, or NoMove when
// there is none or the budget ran out.
func (ms *mateSearch) mateIn(p *board.Position, plies int) board.Move {
	var buf moveList
	if m := mate1(p, buf[:]); m != board.NoMove || plies <= 1 {
		return m
	}
	ci := newCheckInfo(p)
	if ci.king == board.NoSquare {
		return board.NoMove
	}
	for _, m := range genChecks(p, &ci, buf[:0]) {
		ms.nodes++
		if ms.nodes > ms.budget {
			return board.NoMove
		}
		q := *p
		q.Do(m)
		if !legalAfter(&q) {
			continue
		}
		if ms.allMated(&q, plies-1, m) {
			return m
		}
	}
	return board.NoMove
}

// allMated reports whether every reply in p (the defender to move, in check after last)
// is met by a mate within plies-1 plies.
func (ms *mateSearch) allMated(p *board.Position, plies int, last board.Move) bool {
	var buf moveList
	replies := p.LegalMoves(buf[:0])
	if len(replies) == 0 {
		return !(last.IsDrop() && last.Piece() == board.Pawn)
	}
	for _, r := range replies {
		q := *p
		q.Do(r)
		if ms.mateIn(&q, plies-1) == board.NoMove {
			return false
		}
	}
	return true
}

// hasEvasion reports whether the side to move, in check, has a move out of it. It is exact
// except that it counts a pawn dropped in between as an answer even when that drop would
// itself mate (打ち歩詰め): at worst a mate goes unnoticed, never a mate that is not one.
func hasEvasion(p *board.Position) bool { return evasionExists(p, true) }

// matedOmittingFutile reports whether p (in check) is mated under the tsume convention on
// futile interpositions, board.FutileDrops. A reply other than a drop is never futile under
// it, so the quick evasionExists answers first for most positions.
func matedOmittingFutile(p *board.Position) bool {
	return !evasionExists(p, false) && p.MateOmittingFutile(board.FutileDrops)
}

// evasionExists is hasEvasion; with drops false it leaves drops out of the count.
func evasionExists(p *board.Position, drops bool) bool {
	us := p.SideToMove()
	them := us.Opp()
	k := p.KingSquare(us)
	if k == board.NoSquare {
		return true
	}
	checkers := p.Checkers()
	own := p.ColorPieces(us)
	// king moves; a slider checking along a line also covers the square behind the king
	near := board.PseudoAttacks(us, board.King, k)
	var behind board.Bitboard
	for c := checkers; c.NonZero(); {
		s := c.Pop()
		b := board.LineThrough(s, k).And(near).AndNot(board.Between(s, k)).AndNot(board.SquareBB(s))
		if pc := p.PieceAt(s); b.NonZero() && board.PseudoAttacks(pc.Color(), pc.Type(), s).And(b).NonZero() {
			behind = behind.Or(b)
		}
	}
	for esc := near.AndNot(own).AndNot(behind); esc.NonZero(); {
		if !p.IsAttacked(esc.Pop(), them) {
			return true
		}
	}
	if checkers.Many() {
		return false
	}
	c := checkers.First()
	pinned := p.Pinned(us)
	movable := func(from, to board.Square) bool {
		return !pinned.Has(from) || board.LineThrough(k, from).Has(to)
	}
	// capture the checker
	for cap := p.AttackersTo(c, us).AndNot(board.SquareBB(k)); cap.NonZero(); {
		if movable(cap.Pop(), c) {
			return true
		}
	}
	// interpose, by a move or a drop
	between := board.Between(c, k)
	if between.IsZero() {
		return false
	}
	h := p.Hand(us)
	if !drops {
		h = board.Hand{}
	}
	for bb := between; bb.NonZero(); {
		s := bb.Pop()
		for t := board.Pawn; t <= board.Gold; t++ {
			if h.Count(t) > 0 && p.CanDrop(t, s) {
				return true
			}
		}
		for mv := p.AttackersTo(s, us).AndNot(board.SquareBB(k)); mv.NonZero(); {
			if movable(mv.Pop(), s) {
				return true
			}
		}
	}
	return false
}

// kingFlight returns the squares next to the opponent's king k (of the side not to move)
// that it could step to now: not its own pieces, not attacked by the side to move.
func kingFlight(p *board.Position, k board.Square) board.Bitboard {
	us := p.SideToMove()
	var out board.Bitboard
	for bb := board.PseudoAttacks(us, board.King, k).AndNot(p.ColorPieces(us.Opp())); bb.NonZero(); {
		s := bb.Pop()
		if !p.IsAttacked(s, us) {
			out = out.Or(board.SquareBB(s))
		}
	}
	return out
}

func isSlider(t board.PieceType) bool {
	switch t {
	case board.Lance, board.Bishop, board.Rook, board.Horse, board.Dragon:
		return true
	}
	return false
}
