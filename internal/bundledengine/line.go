package bundledengine

import (
	"slices"
	"time"

	"banmen/board"
)

// The mating line of a proven root. df-pn stops at the first proof it finds, which need be
// neither the shortest mate nor the longest defence. So the line is built from mate lengths:
// at the attacker's turn the move with the shortest proven mate, at the defender's the reply
// with the longest. The lengths come from the proof tree in the table (a reply missing from it
// is proven again on the spot), and then shorter mates are proven from the root with a budget
// each. The lengths are those of the proofs found, not the shortest mates, so last (resist)
// the line is made a main line as USI's checkmate and tsume convention want it: at each of
// the defender's turns the rest is made the attacker's shortest mate and the reply the one
// that resists longest (futile interpositions aside). The line is replayed and checked before
// it is given out.

// polishMinNodes is the least node budget of a step of the search for a shorter mate.
const polishMinNodes = 100000

// extractLine returns the mating line from root, proven, or nil if none could be made.
func (s *Solver) extractLine(root *board.Position, or bool) []board.Move {
	line := s.followLine(root, or)
	if line == nil || !verifyLine(root, line, or, s.opt.CountFutile) {
		return nil
	}
	// shorter mates: prove "mate within L plies" for L = len-2, len-4, … while it holds
	if len(line) > 300 {
		return line
	}
	key := boardKey(root)
	hand := handPack(root.Hand(attackerOf(root, or)))
	line, full := s.shorten(root, key, hand, or, line, max(s.proofNodes/2, polishMinNodes))
	trace := s.trace
	s.trace = nil // it hears of the root's steps only
	if !s.noResist {
		line = s.resist(root, or, line)
	}
	s.trace = trace
	if s.stopped && len(line) < len(full) {
		// stopped (the deadline) before resist could mend the line: one shorter than the limit
		// its proof was found within may have a defender's reply mated sooner than another
		// (followLine goes by the proofs' lengths) and claim a mate shorter than there is
		// (ElmoTeacherDecoder-001 under plain rules, stopped after the step within 17: 11
		// plies, where the mate is 15). A line as long as its limit claims no more than its
		// proof shows: a mate longer than the shortest is the lesser fault.
		line = full
	}
	return line
}

// shorten proves "mate within L plies" from p for L = len(line)-2 and shorter while it holds
// and returns the line of the last mate proven (line itself when none is shorter). Each
// proof's line is followed in the table by the lengths of the proofs found, so at the
// defender's turns it can take a reply that is mated sooner than another and come out shorter
// than the mate (ElmoTeacherDecoder-001 under plain rules: a line of 11 plies after a proof
// within 17, where the mate is 15). The next step goes two plies below the line; when it finds
// no mate there (or runs out of its budget) and the last limit proven is higher still, the
// steps go on down from that limit, so that the search ends at the shortest mate (a mate
// within L proven, none within L-2) with the line of the proof within L, not above it with a
// line that is too short. Each step has a node budget: step, and at least twice what the
// dearest shorter mate so far took. A step two plies below the last limit proven that runs out
// of its budget ends the search: it has stopped improving, and the answer is given at once.
// full is the last line as long as the limit of its proof (to within a ply; line itself
// first): the line to give when there is no time left to make a shorter one whole.
func (s *Solver) shorten(p *board.Position, key uint64, hand uint32, or bool, line []board.Move, step uint64) (_, full []board.Move) {
	full = line
	biggest := uint64(0)
	proven := len(line) // the last limit a mate within is proven (the line's own length first)
	none := 0           // no mate within this many plies (a step's disproof)
	for !s.stopped {
		l := min(len(line), proven) - 2
		if l <= none {
			l = proven - 2
		}
		if l <= none || l < 1 {
			break
		}
		budget := max(step, 2*biggest)
		s.limit = l
		n0 := s.nodes
		ok := s.proveHand(p, key, hand, or, budget)
		s.limit = 0
		used := s.nodes - n0
		if s.trace != nil {
			s.trace(l, ok, used)
		}
		if !ok {
			if s.stopped || used >= budget && l >= proven-2 {
				break // not known: the search has stopped improving
			}
			// none within l, or not known: the limits above it that are not settled yet
			// are asked about from the last one proven down
			none = l
			continue
		}
		biggest = max(biggest, used)
		proven = l
		shorter := s.followLine(p, or)
		if shorter == nil || !verifyLine(p, shorter, or, s.opt.CountFutile) {
			break
		}
		if len(shorter) <= l {
			line = shorter
			if len(shorter) >= l-1 {
				full = shorter
			}
		}
	}
	return line, full
}

// resistMinNodes is the least node budget of the search for the defender's longest replies
// along a line (resist), and resistStepNodes the budget of each of its proofs.
const (
	resistMinNodes  = 1000000
	resistStepNodes = 50000
	resistPasses    = 3
)

// resist makes the defender resist longest along a mating line from root. The lengths that
// followLine goes by are those of the proofs df-pn happened to find, not the shortest mates,
// so at the defender's turn the line can take a reply that is mated sooner than another. At
// each of the defender's turns, from the root down, the rest of the line after his reply is
// made the attacker's shortest (shorten), and then every other reply is asked whether it is
// mated within as many plies: one that is not (a mate within that many is disproven) is a
// longer defence, and the line goes on with it and its shortest mate. Futile interpositions
// stay out unless CountFutile, as everywhere. The proofs have a node budget in all (the
// proof's nodes, at least resistMinNodes); one that runs out of its own budget leaves the
// reply as it was. A rest made shorter below a defender's turn can make another of his
// replies there the longer defence, and each reply is asked about against the rest as it is
// then (ElmoTeacherDecoder-017 under tsume rules: at ply 5, 7a7b is mated within the 15 plies
// the line first takes after S*5c, but that rest came out at 11 further down, and 7a7b takes
// 13; the next pass, asking again with the rests as they are, finds G*6b at ply 7 resisting
// longer and gives a main line of 21 plies). So the passes go on from the root while a pass
// changes the line, at most resistPasses. The line is checked again before it is given out.
func (s *Solver) resist(root *board.Position, or bool, line []board.Move) []board.Move {
	total := max(s.proofNodes, resistMinNodes)
	end := s.nodes + total
	attacker := attackerOf(root, or)
	out := slices.Clone(line)
	for pass := 0; pass < resistPasses && !s.stopped && s.nodes < end; pass++ {
		before := slices.Clone(out)
		p := *root
		for i, o := 0, or; i < len(out); i++ {
			if !o && !s.stopped && s.nodes < end {
				out = s.longestReply(&p, attacker, out, i, end)
			}
			p.Do(out[i])
			o = !o
		}
		if slices.Equal(before, out) || s.resistOnce {
			break
		}
	}
	if !verifyLine(root, out, or, s.opt.CountFutile) {
		return line
	}
	if or && len(out) > s.provenLength(root, len(line)) {
		// a longer defence than the mate the root is proven to have allows: the attacker's
		// move above it was not his quickest (the table's lengths misled the line there), and
		// the line as it was is the shorter mate
		return line
	}
	return out
}

// provenLength is the length of the mate the table holds for root (attacker to move), an
// upper bound on its shortest mate, or else n. A line's own length is no such bound: followLine
// takes the defender's replies by their proofs' lengths, and a proof's length can be far more
// than its reply's shortest mate, so the line can take a reply that is mated sooner than
// another (Kifu-for-JS-003 once gave 39 plies of a mate of 117 so).
func (s *Solver) provenLength(root *board.Position, n int) int {
	e, ok := s.tt.lookup(boardKey(root), handPack(root.Hand(root.SideToMove())))
	if !ok || e.pn != 0 {
		return n
	}
	return max(int(e.length), n)
}

// longestReply settles the defender's reply at ply i of line, p being the position before it:
// the rest after it made the shortest mate, then the longest defence among the replies.
func (s *Solver) longestReply(p *board.Position, attacker board.Color, line []board.Move, i int, end uint64) []board.Move {
	key := boardKey(p)
	child := func(m board.Move) (board.Position, uint64, uint32) {
		q := *p
		q.Do(m)
		return q, boardKeyAfter(p, key, m), handPack(q.Hand(attacker))
	}
	// the attacker's shortest mate after the reply on the line
	q, ck, ch := child(line[i])
	rest, _ := s.shorten(&q, ck, ch, true, line[i+1:], resistStepNodes)
	if len(rest) < len(line)-i-1 {
		line = append(line[:i+1:i+1], rest...)
	}
	var buf moveList
	moves := p.LegalMoves(buf[:0])
	if !s.opt.CountFutile {
		moves = p.OmitFutile(moves, board.FutileDrops)
	}
	for _, m := range moves {
		if m == line[i] || s.stopped || s.nodes >= end {
			continue
		}
		r := len(line) - i - 1 // the plies of the mate after the reply on the line
		q, ck, ch := child(m)
		budget := min(resistStepNodes, end-s.nodes)
		s.limit = r
		n0 := s.nodes
		proven := s.proveHand(&q, ck, ch, true, budget)
		s.limit = 0
		if proven || s.stopped || s.nodes-n0 >= budget {
			continue // mated as soon, or not known
		}
		// no mate within r plies: a longer defence. Its line, from the table (the root's
		// proof proved it), made the shortest.
		sub := s.followLine(&q, true)
		if sub == nil || len(sub) <= r || !verifyLine(&q, sub, true, s.opt.CountFutile) {
			continue
		}
		sub, _ = s.shorten(&q, ck, ch, true, sub, resistStepNodes)
		if len(sub) <= r {
			continue
		}
		line = append(append(line[:i:i], m), sub...)
	}
	return line
}

// followLine walks from root by the mate lengths in the table: the shortest proven mate at
// the attacker's turn, the longest at the defender's. A reply the table has lost is proven
// again on the spot. The lengths are first checked by walking them (walkLine); only when the
// walk fails are they taken at their word.
func (s *Solver) followLine(root *board.Position, or bool) []board.Move {
	if !s.noWalk {
		if line := s.walkLine(root, or); line != nil {
			return line
		}
	}
	attacker := attackerOf(root, or)
	p := *root
	key := boardKey(&p)
	seen := map[pathKey]bool{}
	var line []board.Move
	var buf moveList
	// bound is the length of the node we stand on: the lengths must fall along the line. A
	// reply whose entry claims more (its proof was lost and found again, longer) could lead
	// round in a circle, so the defender's longest reply is taken among those below it.
	bound := lenUnknown
	if e, ok := s.tt.lookup(key, handPack(p.Hand(attacker))); ok && e.pn == 0 {
		bound = int(e.length)
	}
	for len(line) < maxMateDepth {
		pk := pathKey{key, handPack(p.Hand(attacker))}
		seen[pk] = true
		moves := s.lineMoves(&p, or, buf[:0])
		if !or && len(moves) == 0 {
			return line
		}
		pick, pickLen, ok := s.lineStep(&p, key, attacker, moves, seen, or, bound)
		if !ok {
			return nil
		}
		if pick == board.NoMove && or {
			// proven by the mate-in-one test at the leaf: the table has the move, not the child
			if e, ok := s.tt.lookup(key, pk.hand); ok && e.pn == 0 && e.move != board.NoMove && p.IsLegal(e.move) {
				pick = e.move
			}
		}
		if pick == board.NoMove {
			// the table's lengths disagree here (an entry was lost and proven again): solve
			// the rest afresh, in a table of its own
			if len(line) == 0 || s.nested {
				return nil
			}
			rest := s.solveRest(&p, or)
			if rest == nil {
				return nil
			}
			return append(line, rest...)
		}
		line = append(line, pick)
		key = boardKeyAfter(&p, key, pick)
		p.Do(pick)
		or = !or
		bound = pickLen
	}
	return nil
}

// lineMoves lists the moves a line may take in p: the attacker's checks (or), or the
// defender's replies, futile interpositions left out unless CountFutile.
func (s *Solver) lineMoves(p *board.Position, or bool, buf []board.Move) []board.Move {
	if or {
		ci := newCheckInfo(p)
		return genChecks(p, &ci, buf)
	}
	moves := p.LegalMoves(buf)
	if !s.opt.CountFutile {
		moves = p.OmitFutile(moves, board.FutileDrops)
	}
	return moves
}

// lineChild plays m of a line from p (key its board key) and returns the position, its key
// and the attacker's hand there; ok is false for a check that is illegal or a pawn drop that
// mates (or: m is the attacker's).
func lineChild(p *board.Position, key uint64, attacker board.Color, m board.Move, or bool) (q board.Position, ck uint64, ch uint32, ok bool) {
	q = *p
	q.Do(m)
	if or && (!legalAfter(&q) || m.IsDrop() && m.Piece() == board.Pawn && !q.HasLegalMove()) {
		return q, 0, 0, false
	}
	return q, boardKeyAfter(p, key, m), handPack(q.Hand(attacker)), true
}

// lineStep picks the next move of the line at p (key is its board key) among moves: the
// attacker's quickest mate, or the defender's longest reply below bound (else its
// shortest at or above it), never a position already on the line. ok is false when a reply
// the table lost cannot be proven again.
func (s *Solver) lineStep(p *board.Position, key uint64, attacker board.Color, moves []board.Move, seen map[pathKey]bool, or bool, bound int) (pick board.Move, pickLen int, ok bool) {
	pick = board.NoMove
	over, overLen := board.NoMove, 0 // the defender's shortest reply at or above the bound
	for _, m := range moves {
		q, ck, ch, ok := lineChild(p, key, attacker, m, or)
		if !ok {
			continue
		}
		if seen[pathKey{ck, ch}] {
			continue // lengths from different proofs can disagree: never go round in circles
		}
		e, found := s.tt.lookup(ck, ch)
		if !or && (!found || e.pn != 0) {
			// every reply must be mated: prove the one the table lost
			if !s.reprove(&q, ck, ch, true) {
				return board.NoMove, 0, false
			}
			e, found = s.tt.lookup(ck, ch)
		}
		if !found || e.pn != 0 {
			continue
		}
		l := int(e.length)
		if !or && l >= bound {
			if over == board.NoMove || l < overLen {
				over, overLen = m, l
			}
			continue
		}
		if pick == board.NoMove || or && l < pickLen || !or && l > pickLen {
			pick, pickLen = m, l
		}
	}
	if pick == board.NoMove && over != board.NoMove {
		pick, pickLen = over, overLen
	}
	return pick, pickLen, true
}

// reprove proves again a node of a proven line that the table lost (or, the attacker to
// move), with a small budget: even after a stop or the deadline, as the root is proven and
// the answer is owed.
func (s *Solver) reprove(p *board.Position, key uint64, hand uint32, or bool) bool {
	was := s.stopped
	s.stopped = false
	proven := s.proveHand(p, key, hand, or, 100000)
	s.stopped = s.stopped || was
	return proven
}

// proveHand runs df-pn from p with a node budget; it reports whether p is proven.
func (s *Solver) proveHand(p *board.Position, key uint64, hand uint32, or bool, budget uint64) bool {
	if s.stopped {
		return false
	}
	saved := s.opt.MaxNodes
	limit := s.nodes + budget
	if saved == 0 || saved > limit {
		s.opt.MaxNodes = limit
	}
	var r midResult
	for !s.stopped {
		r = s.mid(p, key, hand, or, 0, pnInf, pnInf)
		if r.pn == 0 || r.dn == 0 {
			break
		}
	}
	// a budget running out is not the end of the whole solve
	if s.opt.MaxNodes != saved {
		s.opt.MaxNodes = saved
		if s.nodes >= limit && (saved == 0 || s.nodes < saved) && !s.stopOrLate(time.Now()) {
			s.stopped = false
		}
	}
	return r.pn == 0
}

// verifyLine replays a mating line: every attacker move is legal and checks, every defender
// move is legal, and at the end the defender is mated (under the futile-interposition
// convention unless countFutile).
func verifyLine(root *board.Position, line []board.Move, or bool, countFutile bool) bool {
	p := *root
	if !or && !p.InCheck() {
		return false
	}
	for _, m := range line {
		if !p.IsLegal(m) {
			return false
		}
		p.Do(m)
		if or && !p.InCheck() {
			return false
		}
		or = !or
	}
	if or {
		return false // the line must end with the attacker's move
	}
	if !p.HasLegalMove() {
		return true
	}
	return !countFutile && matedOmittingFutile(&p)
}

// attackerOf returns the attacker of a position that is an OR node (attacker to move) or not.
func attackerOf(p *board.Position, or bool) board.Color {
	if or {
		return p.SideToMove()
	}
	return p.SideToMove().Opp()
}

// solveRest solves p (proven in the table) again with a fresh table and returns its line.
func (s *Solver) solveRest(p *board.Position, or bool) []board.Move {
	sub := NewSolver(min(s.mb, 64))
	sub.nested = true
	opt := s.opt
	opt.DefenderToMove = !or
	opt.Progress = nil
	if until := time.Now().Add(2 * time.Second); opt.Deadline.IsZero() || until.Before(opt.Deadline) {
		opt.Deadline = until
	}
	r := sub.Solve(p, opt)
	if r.Status != MateFound {
		return nil
	}
	return r.Line
}
