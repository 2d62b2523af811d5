package board

// MaxMoves bounds the number of legal moves in any position (the known maximum is 593).
const MaxMoves = 600

// attackersTo returns c's pieces that attack s.
func (p *Position) attackersTo(s Square, c Color) Bitboard {
	them := c.Opp() // the colour whose step patterns, taken from s, reach c's attackers
	own := p.byColor[c]
	golds := p.byType[Gold].Or(p.byType[ProPawn]).Or(p.byType[ProLance]).Or(p.byType[ProKnight]).Or(p.byType[ProSilver])
	hdk := p.byType[Horse].Or(p.byType[Dragon]).Or(p.byType[King])
	att := stepAttacks[them][Pawn][s].And(p.byType[Pawn]).
		Or(stepAttacks[them][Knight][s].And(p.byType[Knight])).
		Or(stepAttacks[them][Silver][s].And(p.byType[Silver])).
		Or(stepAttacks[them][Gold][s].And(golds)).
		Or(kingAttacks[s].And(hdk))
	if bh := p.byType[Bishop].Or(p.byType[Horse]).And(own); bh.And(bishopPseudo[s]).NonZero() {
		att = att.Or(p.lines.bishopAttacks(s).And(bh))
	}
	if rd := p.byType[Rook].Or(p.byType[Dragon]).And(own); rd.And(rookPseudo[s]).NonZero() {
		att = att.Or(p.lines.rookAttacks(s).And(rd))
	}
	if l := p.byType[Lance].And(own); l.And(lancePseudo[them][s]).NonZero() {
		att = att.Or(p.lines.lanceAttacks(them, s).And(l))
	}
	return att.And(own)
}

// IsAttacked reports whether any of c's pieces attacks s. It is attackersTo(s, c).NonZero()
// (the search asks it at every node, for every move of a mate search), cheaper: the step
// attackers are looked at only when one of c's pieces stands next to s, and it returns at
// the first attacker found.
func (p *Position) IsAttacked(s Square, c Color) bool {
	them := c.Opp()
	own := p.byColor[c]
	if near := kingAttacks[s].And(own); near.NonZero() {
		// every step attack but the knight's comes from a square next to s
		golds := p.byType[Gold].Or(p.byType[ProPawn]).Or(p.byType[ProLance]).Or(p.byType[ProKnight]).Or(p.byType[ProSilver])
		hdk := p.byType[Horse].Or(p.byType[Dragon]).Or(p.byType[King])
		att := stepAttacks[them][Pawn][s].And(p.byType[Pawn]).
			Or(stepAttacks[them][Silver][s].And(p.byType[Silver])).
			Or(stepAttacks[them][Gold][s].And(golds)).
			Or(near.And(hdk))
		if att.And(near).NonZero() {
			return true
		}
	}
	if stepAttacks[them][Knight][s].And(p.byType[Knight]).And(own).NonZero() {
		return true
	}
	if bh := p.byType[Bishop].Or(p.byType[Horse]).And(own); bh.And(bishopPseudo[s]).NonZero() &&
		p.lines.bishopAttacks(s).And(bh).NonZero() {
		return true
	}
	if rd := p.byType[Rook].Or(p.byType[Dragon]).And(own); rd.And(rookPseudo[s]).NonZero() &&
		p.lines.rookAttacks(s).And(rd).NonZero() {
		return true
	}
	l := p.byType[Lance].And(own)
	return l.And(lancePseudo[them][s]).NonZero() && p.lines.lanceAttacks(them, s).And(l).NonZero()
}

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	k := p.kings[p.side]
	if k == NoSquare {
		return Bitboard{}
	}
	return p.attackersTo(k, p.side.Opp())
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	k := p.kings[p.side]
	return k != NoSquare && p.IsAttacked(k, p.side.Opp())
}

// pinned returns c's pieces pinned to c's king.
func (p *Position) pinned(c Color) Bitboard {
	k := p.kings[c]
	var pinned Bitboard
	if k == NoSquare {
		return pinned
	}
	them := c.Opp()
	theirs := p.byColor[them]
	snipers := p.byType[Bishop].Or(p.byType[Horse]).And(bishopPseudo[k]).
		Or(p.byType[Rook].Or(p.byType[Dragon]).And(rookPseudo[k])).
		Or(p.byType[Lance].And(lancePseudo[c][k])).And(theirs)
	occ := p.Occupied()
	for snipers.NonZero() {
		s := snipers.Pop()
		b := betweenBB[k][s].And(occ)
		if b.NonZero() && !b.Many() {
			pinned = pinned.Or(b.And(p.byColor[c]))
		}
	}
	return pinned
}

// sliderCheckers returns the checkers whose check runs along a line (so the square behind the king is attacked too).
func (p *Position) sliderCheckers(k Square, checkers Bitboard) Bitboard {
	return checkers.And(p.byType[Bishop].Or(p.byType[Horse]).And(bishopPseudo[k]).
		Or(p.byType[Rook].Or(p.byType[Dragon]).And(rookPseudo[k])).
		Or(p.byType[Lance]))
}

// addBoardMoves appends the moves of a piece of kind t from 'from' to each square of 'to',
// with and without promotion as the rules allow.
func (p *Position) addBoardMoves(buf []Move, us Color, t PieceType, from Square, to Bitboard) []Move {
	base := Move(from)<<7 | Move(t)<<16
	if !t.CanPromote() {
		for to.NonZero() {
			s := to.Pop()
			buf = append(buf, base|Move(s)|Move(p.board[s].Type())<<20)
		}
		return buf
	}
	zone := promoZone[us]
	if zone.Has(from) {
		// every destination may promote
		dead := moveDeadZone[us][t]
		for to.NonZero() {
			s := to.Pop()
			m := base | Move(s) | Move(p.board[s].Type())<<20
			buf = append(buf, m|movePromote)
			if !dead.Has(s) {
				buf = append(buf, m)
			}
		}
		return buf
	}
	inZone := to.And(zone)
	out := to.AndNot(zone)
	for out.NonZero() {
		s := out.Pop()
		buf = append(buf, base|Move(s)|Move(p.board[s].Type())<<20)
	}
	dead := moveDeadZone[us][t]
	for inZone.NonZero() {
		s := inZone.Pop()
		m := base | Move(s) | Move(p.board[s].Type())<<20
		buf = append(buf, m|movePromote)
		if !dead.Has(s) {
			buf = append(buf, m)
		}
	}
	return buf
}

// genState is what move generation needs to know about the side to move's king.
type genState struct {
	us, them   Color
	k          Square
	checkers   Bitboard
	pinned     Bitboard
	target     Bitboard // where non-king pieces may move
	dropTarget Bitboard // where pieces may be dropped
}

// prepare computes checks, pins and targets for the side to move.
func (p *Position) prepare() genState {
	us := p.side
	st := genState{us: us, them: us.Opp(), k: p.kings[us]}
	if st.k != NoSquare {
		st.checkers = p.attackersTo(st.k, st.them)
		st.pinned = p.pinned(us)
	}
	st.target = p.byColor[us].Not()
	st.dropTarget = p.Occupied().Not()
	if st.checkers.NonZero() {
		c := st.checkers.First()
		st.target = betweenBB[st.k][c].Or(st.checkers)
		st.dropTarget = betweenBB[st.k][c]
	}
	return st
}

// kingTargets returns the squares the king may legally move to.
func (p *Position) kingTargets(st *genState) Bitboard {
	if st.k == NoSquare {
		return Bitboard{}
	}
	targets := kingAttacks[st.k].AndNot(p.byColor[st.us])
	if st.checkers.NonZero() {
		// what a checker covers needs no look from each square
		for c := st.checkers; c.NonZero(); {
			s := c.Pop()
			targets = targets.AndNot(p.lines.attacksFrom(st.them, p.board[s].Type(), s))
		}
		for sc := p.sliderCheckers(st.k, st.checkers); sc.NonZero(); {
			s := sc.Pop()
			targets = targets.AndNot(lineBB[s][st.k].AndNot(squareBB[s]))
		}
	}
	return targets.AndNot(p.AttackedNear(targets, st.k, st.them))
}

// AttackedNear returns the squares of zone, squares next to k, that c attacks. Few squares
// are asked one by one (IsAttacked); more at once, from the attacks of c's pieces that can
// reach them: the sliders, and the others within three squares of k (a king's escapes
// looked at in one sweep, not a look from each). zone must lie next to k.
func (p *Position) AttackedNear(zone Bitboard, k Square, c Color) Bitboard {
	if zone.Count() <= 4 {
		var att Bitboard
		for z := zone; z.NonZero(); {
			if s := z.Pop(); p.IsAttacked(s, c) {
				att.set(s)
			}
		}
		return att
	}
	reach := within3[k].
		Or(p.byType[Bishop].Or(p.byType[Horse]).And(bishopNear[k])).
		Or(p.byType[Rook].Or(p.byType[Dragon]).And(rookNear[k])).
		Or(p.byType[Lance].And(lanceNear[c][k]))
	var att Bitboard
	for bb := p.byColor[c].And(reach); bb.NonZero(); {
		s := bb.Pop()
		att = att.Or(p.lines.attacksFrom(c, p.board[s].Type(), s))
	}
	return zone.And(att)
}

// movers returns the pieces of the side to move, but the king, that may have a legal move.
// Out of a check that leaves one or two squares to answer on (the checker's and one
// between), those are the pieces that reach them: a look from each square instead of one
// from every piece (a mate search generates the defender's answers at every node).
func (p *Position) movers(st *genState) Bitboard {
	pieces := p.byColor[st.us].AndNot(p.byType[King])
	if st.checkers.IsZero() || st.target.Count() > 2 {
		return pieces
	}
	var reach Bitboard
	for t := st.target; t.NonZero(); {
		reach = reach.Or(p.attackersTo(t.Pop(), st.us))
	}
	return pieces.And(reach)
}

// pieceTargets returns where the piece on from (not the king) may legally move.
func (p *Position) pieceTargets(st *genState, t PieceType, from Square) Bitboard {
	to := p.lines.attacksFrom(st.us, t, from).And(st.target)
	if st.pinned.NonZero() && st.pinned.Has(from) {
		to = to.And(lineBB[st.k][from])
	}
	return to
}

// dropTargets returns where a piece of kind t may be dropped: no dead squares, no
// second pawn on a file, no mate by a pawn drop.
func (p *Position) dropTargets(st *genState, t PieceType) Bitboard {
	to := st.dropTarget.And(dropAllowed[st.us][t])
	if t != Pawn {
		return to
	}
	for pw := p.Pieces(st.us, Pawn); pw.NonZero(); {
		to = to.AndNot(fileBB[pw.Pop().File()])
	}
	if ek := p.kings[st.them]; ek != NoSquare {
		front := stepAttacks[st.them][Pawn][ek] // the square a pawn of ours would check from
		if f := to.And(front); f.NonZero() && p.isPawnDropMate(f.First()) {
			to = to.AndNot(front)
		}
	}
	return to
}

// dropOrder is the order drops are generated in.
var dropOrder = [7]PieceType{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook}

// LegalMoves appends every legal move of the side to move to buf and returns it.
// A buffer of MaxMoves capacity never grows.
func (p *Position) LegalMoves(buf []Move) []Move {
	st := p.prepare()
	for kt := p.kingTargets(&st); kt.NonZero(); {
		s := kt.Pop()
		buf = append(buf, Move(s)|Move(st.k)<<7|Move(King)<<16|Move(p.board[s].Type())<<20)
	}
	if st.checkers.Many() {
		return buf
	}
	for bb := p.movers(&st); bb.NonZero(); {
		from := bb.Pop()
		t := p.board[from].Type()
		if to := p.pieceTargets(&st, t, from); to.NonZero() {
			buf = p.addBoardMoves(buf, st.us, t, from, to)
		}
	}
	if st.dropTarget.IsZero() {
		return buf
	}
	h := &p.hands[st.us]
	for _, t := range dropOrder {
		if h[t] == 0 {
			continue
		}
		base := moveDrop | Move(t)<<16
		for to := p.dropTargets(&st, t); to.NonZero(); {
			buf = append(buf, base|Move(to.Pop()))
		}
	}
	return buf
}

// CountLegalMoves returns len(LegalMoves) without writing the moves out (perft's last ply).
func (p *Position) CountLegalMoves() int {
	st := p.prepare()
	n := p.kingTargets(&st).Count()
	if st.checkers.Many() {
		return n
	}
	zone := promoZone[st.us]
	for bb := p.movers(&st); bb.NonZero(); {
		from := bb.Pop()
		t := p.board[from].Type()
		to := p.pieceTargets(&st, t, from)
		if to.IsZero() {
			continue
		}
		if !t.CanPromote() {
			n += to.Count()
			continue
		}
		// each destination where promotion is possible counts twice, unless promotion is forced
		promo := to
		if !zone.Has(from) {
			promo = to.And(zone)
		}
		n += to.Count() + promo.Count() - promo.And(moveDeadZone[st.us][t]).Count()
	}
	if st.dropTarget.IsZero() {
		return n
	}
	h := &p.hands[st.us]
	for _, t := range dropOrder {
		if h[t] != 0 {
			n += p.dropTargets(&st, t).Count()
		}
	}
	return n
}

// isPawnDropMate reports whether dropping a pawn of the side to move on s, which
// checks the opponent's king, mates. The pawn is adjacent to the king, so the only
// answers are a king move and a capture of the pawn.
func (p *Position) isPawnDropMate(s Square) bool {
	q := *p
	q.Do(NewDrop(Pawn, s))
	us, them := p.side, p.side.Opp() // us dropped; them must answer
	ek := q.kings[them]
	for esc := kingAttacks[ek].AndNot(q.byColor[them]); esc.NonZero(); {
		if !q.IsAttacked(esc.Pop(), us) {
			return false
		}
	}
	capturers := q.attackersTo(s, them).AndNot(q.byType[King])
	return capturers.AndNot(q.pinned(them)).IsZero()
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var buf [MaxMoves]Move
	return len(p.LegalMoves(buf[:0])) > 0
}

// IsCheckmate reports whether the side to move is in check and has no legal move.
func (p *Position) IsCheckmate() bool { return p.InCheck() && !p.HasLegalMove() }

// GivesCheck reports whether m, legal in p, checks the opponent.
func (p *Position) GivesCheck(m Move) bool {
	q := *p
	q.Do(m)
	return q.InCheck()
}
