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
