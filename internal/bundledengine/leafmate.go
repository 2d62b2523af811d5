package bundledengine

import "banmen/board"

// The mate in three near the leaves of the alpha-beta search. It finds what
// mateSearch{budget: mate3Budget}.mateIn(p, 3) finds (the same move, the same budget of
// checks), but it knows that the node has no mate in one (the search has just asked), it
// works in the thread's scratch buffers instead of zeroing a move list on the stack at every
// level, and it answers each check with the defender's likeliest escapes first: a refuted
// check costs one mate-in-one test instead of one per reply.

// leafMateBufs is a thread's scratch space for leafMate3: the checks, and the replies.
type leafMateBufs struct {
	checks, replies, scratch moveList
}

// leafMate3 returns a check of the side to move in p that mates within three plies, or
// NoMove, trying at most mate3Budget checks. p has no mate in one; ci is its checkInfo.
func leafMate3(p *board.Position, ci *checkInfo, b *leafMateBufs) board.Move {
	if ci.king == board.NoSquare {
		return board.NoMove
	}
	nodes := 0
	for _, m := range genChecks(p, ci, b.checks[:0]) {
		nodes++
		if nodes > mate3Budget {
			return board.NoMove
		}
		q := *p
		q.Do(m)
		if !legalAfter(&q) {
			continue
		}
		if allRepliesMated(&q, m, b) {
			return m
		}
	}
	return board.NoMove
}

// allRepliesMated reports whether every reply of the defender in p (in check after last) is
// met by a mate in one. The king's moves are the likeliest escapes: they are tried before
// the other replies are generated, then the captures, then the interpositions.
func allRepliesMated(p *board.Position, last board.Move, b *leafMateBufs) bool {
	def := p.SideToMove()
	if k := p.KingSquare(def); k != board.NoSquare {
		// captures first (often of the checker): the attacker has a piece fewer after them
		targets := board.PseudoAttacks(def, board.King, k).AndNot(p.ColorPieces(def))
		caps := targets.And(p.ColorPieces(def.Opp()))
		if !kingRepliesMated(p, k, caps, b) || !kingRepliesMated(p, k, targets.AndNot(caps), b) {
			return false
		}
	}
	replies := p.LegalMoves(b.replies[:0])
	if len(replies) == 0 {
		return !(last.IsDrop() && last.Piece() == board.Pawn)
	}
	for pass := 0; pass < 2; pass++ {
		for _, r := range replies {
			if r.Piece() == board.King {
				continue // tried above
			}
			if (r.Captured() != board.NoPieceType) != (pass == 0) {
				continue
			}
			q := *p
			q.Do(r)
			ci := newCheckInfo(&q)
			if searchMate1(&q, &ci, b.scratch[:]) == board.NoMove {
				return false
			}
		}
	}
	return true
}

// kingRepliesMated reports whether every legal move of the king on k (the defender's, in
// check in p) to a square of to is met by a mate in one.
func kingRepliesMated(p *board.Position, k board.Square, to board.Bitboard, b *leafMateBufs) bool {
	def := p.SideToMove()
	for to.NonZero() {
		s := to.Pop()
		if p.IsAttacked(s, def.Opp()) {
			continue // attacked with the king still on k: attacked after it moves too
		}
		q := *p
		q.Do(board.NewBoardMove(k, s, board.King, p.PieceAt(s).Type(), false))
		if !legalAfter(&q) {
			continue
		}
		ci := newCheckInfo(&q)
		if searchMate1(&q, &ci, b.scratch[:]) == board.NoMove {
			return false
		}
	}
	return true
}

// searchMate1 is mate1With for the search: the same answer, faster. Before it plays a check
// it rules out, as mate1With does for drops, the checks that leave the king a square to step
// to: a square it can reach now stays free after a move from one square to another unless
// the moved piece covers it from where it lands or the move uncovers a slider of ours
// behind the square it leaves. Both are over-estimated (a square in doubt counts as
// covered), so no mate is ever ruled out.
func searchMate1(p *board.Position, ci *checkInfo, buf []board.Move) board.Move {
	var fl flight
	return searchMate1Flight(p, ci, buf, &fl)
}

// flight is the king's flight squares (kingFlight), computed once when first asked for.
type flight struct {
	free  board.Bitboard
	known bool
}

func (fl *flight) get(p *board.Position, k board.Square) board.Bitboard {
	if !fl.known {
		fl.free, fl.known = kingFlight(p, k), true
	}
	return fl.free
}

// searchMate1Flight is searchMate1 that leaves in fl the flight squares of the opponent's
// king when it computed them (the search asks for them next, see kingCramped).
func searchMate1Flight(p *board.Position, ci *checkInfo, buf []board.Move, fl *flight) board.Move {
	k := ci.king
	if k == board.NoSquare {
		return board.NoMove
	}
	us := p.SideToMove()
	near := board.PseudoAttacks(us, board.King, k)
	occ := p.Occupied()
	for _, m := range genChecks(p, ci, buf[:0]) {
		free := fl.get(p, k)
		if free.IsZero() {
			// nothing to rule out by: play every check from here on
		} else if m.IsDrop() {
			cover := p.AttacksFrom(us, m.Piece(), m.To())
			if isSlider(m.Piece()) {
				cover = cover.Or(board.LineThrough(m.To(), k).And(near))
			}
			if free.AndNot(cover).NonZero() {
				continue
			}
		} else if escapeAfterBoardMove(p, m, k, near, free, occ) {
			continue
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

// escapeAfterBoardMove reports whether the king on k surely has a square of free (the
// squares it can step to now) left after m, a move of the side to move from one square to
// another.
func escapeAfterBoardMove(p *board.Position, m board.Move, k board.Square, near, free, occ board.Bitboard) bool {
	us := p.SideToMove()
	from, to := m.From(), m.To()
	t := m.PieceAfter()
	cand := free.AndNot(board.SquareBB(to))
	if isSlider(t) {
		// what it attacks now, the squares beyond the one it leaves, and those behind the king
		cover := p.AttacksFrom(us, t, to).Or(board.LineThrough(to, from).And(near)).Or(board.LineThrough(to, k).And(near))
		cand = cand.AndNot(cover)
	} else {
		cand = cand.AndNot(board.PseudoAttacks(us, t, to))
	}
	rest := occ.AndNot(board.SquareBB(from))
	for c := cand; c.NonZero(); {
		s := c.Pop()
		if board.LineThrough(s, from).NonZero() && xray(p, s, from, rest).NonZero() {
			cand = cand.AndNot(board.SquareBB(s)) // a slider behind from may cover it
		}
	}
	return cand.NonZero()
}
