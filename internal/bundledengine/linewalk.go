package bundledengine

import "banmen/board"

// lineWalk makes a line from the proven entries of the table that is consistent at every
// step: the lengths the table holds are upper bounds that go stale (a child proven again
// shorter leaves its parents' lengths as they were), so a line that takes them at their word
// can give the defender a reply mated far sooner than another (Kifu-for-JS-003: a line of 39
// plies right after the proof of a mate of 117). The walk takes the best move by the table's
// lengths, walks it to learn the length it really has, and takes another move while one's
// stated length still beats that: at the defender's turns the reply taken is at least as long
// as every other reply's bound, at the attacker's the mate at most as long as every other
// check's. Each node is walked once (memo); a budget of nodes bounds the walk (Kifu-for-JS-003's
// walks after its proof: 3,444 nodes, 16 ms).
type lineWalk struct {
	s        *Solver
	attacker board.Color
	exact    map[pathKey]int // the length of the walked line from a node
	next     map[pathKey]board.Move
	onPath   map[pathKey]bool
	budget   int
}

// walkCandidate is a move of a node with its length: the table's bound, or the walked
// length once walked.
type walkCandidate struct {
	move   board.Move
	length int
	walked bool
}

// walkBudget is the most nodes one walk looks at.
const walkBudget = 200000

// walkLine returns the walked line from root, or nil when the walk ran out of its budget,
// found a reply the table lost that could not be proven again or one back to the line, or
// its moves do not lead to the mate (then followLine goes the old way).
func (s *Solver) walkLine(root *board.Position, or bool) []board.Move {
	w := &lineWalk{s: s, attacker: attackerOf(root, or), exact: map[pathKey]int{}, next: map[pathKey]board.Move{},
		onPath: map[pathKey]bool{}, budget: walkBudget}
	key := boardKey(root)
	if _, ok := w.walk(root, key, or, 0); !ok {
		return nil
	}
	var line []board.Move
	p := *root
	seen := map[pathKey]bool{}
	for {
		pk := pathKey{key, handPack(p.Hand(w.attacker))}
		if seen[pk] {
			// the moves kept at two nodes, each walked with another path above it, lead
			// round in a circle: no line by the walk
			return nil
		}
		seen[pk] = true
		m, ok := w.next[pk]
		if !ok || len(line) >= maxMateDepth {
			return nil // not walked to the mate
		}
		if m == board.NoMove {
			break // mated
		}
		line = append(line, m)
		key = boardKeyAfter(&p, key, m)
		p.Do(m)
	}
	return line
}

func (w *lineWalk) walk(p *board.Position, key uint64, or bool, depth int) (int, bool) {
	s := w.s
	hand := handPack(p.Hand(w.attacker))
	pk := pathKey{key, hand}
	if l, ok := w.exact[pk]; ok {
		return l, true
	}
	w.budget--
	if w.budget < 0 || depth >= maxMateDepth {
		return 0, false
	}
	var buf moveList
	moves := s.lineMoves(p, or, buf[:0])
	if !or && len(moves) == 0 {
		w.exact[pk], w.next[pk] = 0, board.NoMove
		return 0, true
	}
	var cands []walkCandidate
	for _, m := range moves {
		q, ck, ch, ok := lineChild(p, key, w.attacker, m, or)
		if !ok {
			continue
		}
		if w.onPath[pathKey{ck, ch}] {
			if !or {
				return 0, false // a reply back to the line: no line from here by the table
			}
			continue
		}
		e, found := s.tt.lookup(ck, ch)
		if !or && (!found || e.pn != 0) {
			// every reply must be mated: prove the one the table lost
			if !s.reprove(&q, ck, ch, true) {
				return 0, false
			}
			e, found = s.tt.lookup(ck, ch)
		}
		if !found || e.pn != 0 {
			continue
		}
		cands = append(cands, walkCandidate{move: m, length: int(e.length)})
	}
	if len(cands) == 0 && or {
		// the proofs of the checks were lost from the table: the move the node's own
		// entry keeps, its reply proven again
		if e, ok := s.tt.lookup(key, hand); ok && e.pn == 0 && e.move != board.NoMove && p.IsLegal(e.move) {
			if q, ck, ch, ok := lineChild(p, key, w.attacker, e.move, true); ok && !w.onPath[pathKey{ck, ch}] && s.reprove(&q, ck, ch, false) {
				if ce, ok := s.tt.lookup(ck, ch); ok && ce.pn == 0 {
					cands = append(cands, walkCandidate{move: e.move, length: int(ce.length)})
				}
			}
		}
	}
	if len(cands) == 0 {
		return 0, false
	}
	w.onPath[pk] = true
	defer delete(w.onPath, pk)
	for {
		best := 0
		for i := range cands {
			if or && cands[i].length < cands[best].length || !or && cands[i].length > cands[best].length {
				best = i
			}
		}
		c := &cands[best]
		if c.walked {
			w.exact[pk], w.next[pk] = c.length+1, c.move
			return c.length + 1, true
		}
		q := *p
		q.Do(c.move)
		l, ok := w.walk(&q, boardKeyAfter(p, key, c.move), !or, depth+1)
		if !ok {
			return 0, false
		}
		c.length, c.walked = l, true
	}
}
