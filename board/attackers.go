package board

// Attack queries for engines. LegalMoves answers "what may be played"; a search also asks
// "who attacks this square", "what does this piece see", "which pieces shield that king":
// for check generation, static exchange evaluation and king safety. These functions expose
// the attack tables and the line occupancy behind LegalMoves, read-only.

// AttacksFrom returns the squares a piece of kind t and colour c standing on s attacks, its
// sliding moves stopped by the pieces now on the board. s need not hold that piece: asked
// from a king's square with the opponent's colour, it gives the squares from which a piece of
// kind t would check that king.
func (p *Position) AttacksFrom(c Color, t PieceType, s Square) Bitboard {
	return p.lines.attacksFrom(c, t, s)
}

// BishopAttacks, RookAttacks and LanceAttacks are AttacksFrom for one sliding kind, and
// StepAttacks is PseudoAttacks for one that does not slide (pawn, knight, silver, gold or
// king): hot paths that know the kind skip the switch on it.
func (p *Position) BishopAttacks(s Square) Bitboard { return p.lines.bishopAttacks(s) }

// RookAttacks: see BishopAttacks.
func (p *Position) RookAttacks(s Square) Bitboard { return p.lines.rookAttacks(s) }

// LanceAttacks: see BishopAttacks.
func (p *Position) LanceAttacks(c Color, s Square) Bitboard { return p.lines.lanceAttacks(c, s) }

// StepAttacks: see BishopAttacks.
func StepAttacks(c Color, t PieceType, s Square) Bitboard { return stepAttacks[c][t][s] }

// AttackersTo returns c's pieces that attack s.
func (p *Position) AttackersTo(s Square, c Color) Bitboard { return p.attackersTo(s, c) }

// AllAttackersTo returns the pieces of both sides that attack s: AttackersTo(s, Black) and
// AttackersTo(s, White) together, with the sliders' lines looked up once (static exchange
// evaluation asks for it at every capture it judges).
func (p *Position) AllAttackersTo(s Square) Bitboard {
	golds := p.byType[Gold].Or(p.byType[ProPawn]).Or(p.byType[ProLance]).Or(p.byType[ProKnight]).Or(p.byType[ProSilver])
	att := kingAttacks[s].And(p.byType[Horse].Or(p.byType[Dragon]).Or(p.byType[King]))
	for c := Black; c <= White; c++ {
		them := c.Opp() // whose step patterns, taken from s, reach c's attackers
		att = att.Or(stepAttacks[them][Pawn][s].And(p.byType[Pawn]).
			Or(stepAttacks[them][Knight][s].And(p.byType[Knight])).
			Or(stepAttacks[them][Silver][s].And(p.byType[Silver])).
			Or(stepAttacks[them][Gold][s].And(golds)).And(p.byColor[c]))
		if l := p.byType[Lance].And(p.byColor[c]); l.And(lancePseudo[them][s]).NonZero() {
			att = att.Or(p.lines.lanceAttacks(them, s).And(l))
		}
	}
	if bh := p.byType[Bishop].Or(p.byType[Horse]); bh.And(bishopPseudo[s]).NonZero() {
		att = att.Or(p.lines.bishopAttacks(s).And(bh))
	}
	if rd := p.byType[Rook].Or(p.byType[Dragon]); rd.And(rookPseudo[s]).NonZero() {
		att = att.Or(p.lines.rookAttacks(s).And(rd))
	}
	return att
}

// Pinned returns c's pieces pinned to c's king: moving one off the line between the king
// and the opponent's slider behind it would expose the king.
func (p *Position) Pinned(c Color) Bitboard { return p.pinned(c) }

// BlockersFor returns the pieces of either colour that stand alone between s and a slider of
// colour sniper aimed at s (a lance only when it points at s). Asked for the opponent's king
// square with sniper = us, the pieces of ours among them are the ones whose move may give a
// discovered check; asked for our own king with sniper = them, ours are Pinned(us).
func (p *Position) BlockersFor(s Square, sniper Color) Bitboard {
	var out Bitboard
	snipers := p.byType[Bishop].Or(p.byType[Horse]).And(bishopPseudo[s]).
		Or(p.byType[Rook].Or(p.byType[Dragon]).And(rookPseudo[s])).
		Or(p.byType[Lance].And(lancePseudo[sniper.Opp()][s])).And(p.byColor[sniper])
	occ := p.Occupied()
	for snipers.NonZero() {
		b := betweenBB[s][snipers.Pop()].And(occ)
		if b.NonZero() && !b.Many() {
			out = out.Or(b)
		}
	}
	return out
}

// PseudoAttacks returns the squares a piece of kind t and colour c on s attacks on an empty board.
func PseudoAttacks(c Color, t PieceType, s Square) Bitboard {
	switch t {
	case Lance:
		return lancePseudo[c][s]
	case Bishop:
		return bishopPseudo[s]
	case Rook:
		return rookPseudo[s]
	case Horse:
		return bishopPseudo[s].Or(kingAttacks[s])
	case Dragon:
		return rookPseudo[s].Or(kingAttacks[s])
	case King:
		return kingAttacks[s]
	}
	if t.Valid() {
		return stepAttacks[c][t][s]
	}
	return Bitboard{}
}

// Between returns the squares strictly between a and b when they share a file, rank or
// diagonal, and the empty set otherwise.
func Between(a, b Square) Bitboard { return betweenBB[a][b] }

// LineThrough returns the whole file, rank or diagonal through a and b (both included), or
// the empty set when they are not aligned or equal.
func LineThrough(a, b Square) Bitboard { return lineBB[a][b] }

// PromotionZone returns c's promotion zone: the three ranks farthest from c.
func PromotionZone(c Color) Bitboard { return promoZone[c] }

// FileSquares returns the nine squares of file f (1..9).
func FileSquares(f int) Bitboard { return fileBB[f] }

// RankSquares returns the nine squares of rank r (1..9, 1 = 一).
func RankSquares(r int) Bitboard { return rankBB[r] }
