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
// met by a mate in one. The king's moves come first from LegalMoves and are the likeliest
// escapes; captures of the checker go before the interpositions.
func allRepliesMated(p *board.Position, last board.Move, b *leafMateBufs) bool {
	replies := p.LegalMoves(b.replies[:0])
	if len(replies) == 0 {
		return !(last.IsDrop() && last.Piece() == board.Pawn)
	}
	for pass := 0; pass < 2; pass++ {
		for _, r := range replies {
			early := r.Piece() == board.King || r.Captured() != board.NoPieceType
			if early != (pass == 0) {
				continue
			}
			q := *p
			q.Do(r)
			ci := newCheckInfo(&q)
			if mate1With(&q, &ci, b.scratch[:]) == board.NoMove {
				return false
			}
		}
	}
	return true
}
