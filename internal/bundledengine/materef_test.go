package bundledengine

import "banmen/board"

// The plain short mate searches the search used before leafmate.go: mate in one by playing
// every check, mate in three by trying every check and every reply. They are the
// reference the search's fast ones (searchMate1, leafMate3) must agree with, move for
// move, in leafmate_test.go and mate_test.go; the engine itself no longer runs them.

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
