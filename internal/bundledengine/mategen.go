package bundledengine

import "banmen/board"

// idleDrop reports whether the drop m of the defender to move in p (in check) is an
// interposition that no piece of his covers and that does not check the attacker's king. Under
// tsume rules (futile interpositions omitted) such a drop, if not futile, mostly only puts the
// mate off by two plies wherever it stands, so one stands for all of them (after
// KomoringHeights's delayed moves): in an AND node each waits until the one before it is
// proven (as the drops on one square do, dfpnChild.after), and a new AND node's proof number
// counts them once.
func idleDrop(p *board.Position, m board.Move) bool {
	us := p.SideToMove()
	to := m.To()
	if p.AttackersTo(to, us).NonZero() {
		return false
	}
	k := p.KingSquare(us.Opp())
	return k == board.NoSquare || !p.AttacksFrom(us, m.Piece(), to).Has(k)
}

// sureEscape tells, without playing it, that a check of the attacker to move leaves the king a
// square to step to and is legal: the tsume solver's OR leaves (orLeaf) count such checks
// without looking further, as searchMate1 rules them out as mates. It never says so of a
// check that mates or that is illegal; of the others it may stay silent.
type sureEscape struct {
	ci     *checkInfo
	fl     flight
	pinned board.Bitboard
	near   board.Bitboard
	occ    board.Bitboard
	off    bool // the attacker is in check (every check must be played to know it legal)
}

func newSureEscape(p *board.Position, ci *checkInfo) sureEscape {
	e := sureEscape{ci: ci, off: ci.king == board.NoSquare || p.InCheck()}
	if !e.off {
		us := p.SideToMove()
		e.pinned = p.Pinned(us)
		e.near = board.PseudoAttacks(us, board.King, ci.king)
		e.occ = p.Occupied()
	}
	return e
}

// escapes reports whether the check m, legal or not, surely is legal and leaves the
// defender's king a flight square.
func (e *sureEscape) escapes(p *board.Position, m board.Move) bool {
	if e.off {
		return false
	}
	k := e.ci.king
	free := e.fl.get(p, k)
	if free.IsZero() {
		e.off = true // nothing to tell by
		return false
	}
	us := p.SideToMove()
	if m.IsDrop() {
		cover := p.AttacksFrom(us, m.Piece(), m.To())
		if isSlider(m.Piece()) {
			cover = cover.Or(board.LineThrough(m.To(), k).And(e.near))
		}
		return free.AndNot(cover).NonZero()
	}
	from := m.From()
	if m.Piece() == board.King {
		return false // legal only if its square is not attacked: played to know
	}
	if e.pinned.Has(from) && !board.LineThrough(p.KingSquare(us), from).Has(m.To()) {
		return false
	}
	return escapeAfterBoardMove(p, m, k, e.near, free, e.occ)
}
