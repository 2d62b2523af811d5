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

// IsAttacked reports whether any of c's pieces attacks s.
func (p *Position) IsAttacked(s Square, c Color) bool { return p.attackersTo(s, c).NonZero() }

// Checkers returns the pieces giving check to the side to move.
func (p *Position) Checkers() Bitboard {
	k := p.kings[p.side]
	if k == NoSquare {
		return Bitboard{}
	}
	return p.attackersTo(k, p.side.Opp())
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool { return p.Checkers().NonZero() }

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

// LegalMoves appends every legal move of the side to move to buf and returns it.
// A buffer of MaxMoves capacity never grows.
func (p *Position) LegalMoves(buf []Move) []Move {
	us, them := p.side, p.side.Opp()
	own := p.byColor[us]
	occ := p.Occupied()
	k := p.kings[us]
	var checkers, pinned Bitboard
	if k != NoSquare {
		checkers = p.attackersTo(k, them)
		pinned = p.pinned(us)
		// king moves
		targets := kingAttacks[k].AndNot(own)
		if checkers.NonZero() {
			for sc := p.sliderCheckers(k, checkers); sc.NonZero(); {
				s := sc.Pop()
				targets = targets.AndNot(lineBB[s][k].AndNot(squareBB[s]))
			}
		}
		for targets.NonZero() {
			s := targets.Pop()
			if !p.IsAttacked(s, them) {
				buf = append(buf, Move(s)|Move(k)<<7|Move(King)<<16|Move(p.board[s].Type())<<20)
			}
		}
		if checkers.Many() {
			return buf
		}
	}
	target := own.Not()
	dropTarget := occ.Not()
	if checkers.NonZero() {
		c := checkers.First()
		target = betweenBB[k][c].Or(checkers)
		dropTarget = betweenBB[k][c]
	}
	// board moves of every piece but the king
	for bb := own.AndNot(p.byType[King]); bb.NonZero(); {
		from := bb.Pop()
		t := p.board[from].Type()
		to := p.lines.attacksFrom(us, t, from).And(target)
		if pinned.NonZero() && pinned.Has(from) {
			to = to.And(lineBB[k][from])
		}
		if to.NonZero() {
			buf = p.addBoardMoves(buf, us, t, from, to)
		}
	}
	// drops
	if dropTarget.IsZero() {
		return buf
	}
	h := &p.hands[us]
	for _, t := range [7]PieceType{Pawn, Lance, Knight, Silver, Gold, Bishop, Rook} {
		if h[t] == 0 {
			continue
		}
		to := dropTarget.And(dropAllowed[us][t])
		if t == Pawn {
			for pw := p.Pieces(us, Pawn); pw.NonZero(); {
				to = to.AndNot(fileBB[pw.Pop().File()])
			}
			// a pawn drop giving check must not be mate (打ち歩詰め)
			if ek := p.kings[them]; ek != NoSquare {
				front := stepAttacks[them][Pawn][ek] // the square a pawn of ours would check from
				if f := to.And(front); f.NonZero() {
					s := f.First()
					if p.isPawnDropMate(s) {
						to = to.AndNot(front)
					}
				}
			}
		}
		base := moveDrop | Move(t)<<16
		for to.NonZero() {
			buf = append(buf, base|Move(to.Pop()))
		}
	}
	return buf
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
