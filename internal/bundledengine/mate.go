package bundledengine

import "banmen/board"

// What the alpha-beta search's short mate searches (leafmate.go: mate in one at interior
// nodes, mate in three near the leaves) and the tsume solver (dfpn.go) share: evasions,
// flight squares. Every attacking move checks; the defender may answer anything. The plain
// searches the fast ones are checked against are in materef_test.go.

// mate3Budget is how many checks the mate-in-three search near the leaves may try.
const mate3Budget = 48

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
	// (and the squares a checker covers need no look from each)
	var behind board.Bitboard
	for c := checkers; c.NonZero(); {
		s := c.Pop()
		pc := p.PieceAt(s)
		behind = behind.Or(p.AttacksFrom(them, pc.Type(), s))
		b := board.LineThrough(s, k).And(near).AndNot(board.Between(s, k)).AndNot(board.SquareBB(s))
		if b.NonZero() && board.PseudoAttacks(pc.Color(), pc.Type(), s).And(b).NonZero() {
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
	zone := board.PseudoAttacks(us, board.King, k).AndNot(p.ColorPieces(us.Opp()))
	return zone.AndNot(p.AttackedNear(zone, k, us))
}

func isSlider(t board.PieceType) bool {
	switch t {
	case board.Lance, board.Bishop, board.Rook, board.Horse, board.Dragon:
		return true
	}
	return false
}
