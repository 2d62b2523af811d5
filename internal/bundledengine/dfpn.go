package bundledengine

import (
	"sync"
	"sync/atomic"
	"time"

	"banmen/board"
)

// The tsume solver: depth-first proof-number search (df-pn, Nagai 2002) over the mate tree
// where the attacker (OR nodes) checks on every move and the defender (AND nodes) may answer
// any way but with futile interpositions (see futile.go); interpositions on one square, and
// under tsume rules the idle ones on any square (mategen.go), are taken one at a time, each
// once the one before it is proven. Proof and disproof numbers are kept
// in a table that shares results between hands (dfpntt.go): a proof is stored with the least
// hand it needs and a disproof with the most it allows (proof and disproof hands, computed
// from the children's as the search returns, see resultHand); leaves are judged with a mate-in-1
// and a no-check test; repetitions count as escapes for the defender (a perpetual check
// loses), and so do his replies that reach a position of the path with less for the attacker
// (pathSet.inferior); a disproof that rests on a repetition higher up the path is not kept as
// final.
// Once the root is proven, line.go extracts and shortens the mating line.

// MateStatus is the outcome of a mate search.
type MateStatus int

const (
	// MateUnknown: no answer within the limits, or stopped.
	MateUnknown MateStatus = iota
	// MateFound: a forced mate; the line is given.
	MateFound
	// NoMate: proven that there is no forced mate.
	NoMate
)

func (s MateStatus) String() string {
	switch s {
	case MateFound:
		return "mate"
	case NoMate:
		return "nomate"
	}
	return "timeout"
}

// SolveOptions are the limits and rules of one Solve.
type SolveOptions struct {
	Deadline time.Time    // zero: no time limit
	MaxNodes uint64       // zero: no node limit
	Stop     *atomic.Bool // set it to abandon the search
	// DefenderToMove: the side to move is the defender, and the question is whether every
	// reply loses to a forced mate (the line then starts with the longest defence).
	DefenderToMove bool
	// CountFutile: plain rules, futile interpositions are defences like any other.
	CountFutile bool
	// Progress, if set, receives a report about once a second.
	Progress func(SolveProgress)
	// Threads: how many threads look for the mate (0 or 1: one). The others share the
	// table and search the same root in another order (see searchThreads); the line is
	// made by one.
	Threads int
}

// SolveProgress is a progress report.
type SolveProgress struct {
	Nodes    uint64
	Time     time.Duration
	HashFull int
}

// SolveResult is the outcome of Solve.
type SolveResult struct {
	Status MateStatus
	Line   []board.Move // the mating line when Status is MateFound
	Nodes  uint64
	Time   time.Duration
	// ProofNodes and ProofTime say when the mate was proven; the rest of Nodes and Time went
	// into making the line (the shortest mate, the longest defence).
	ProofNodes uint64
	ProofTime  time.Duration
}

// Solver solves tsume; it keeps its table between solves. Not for concurrent use.
type Solver struct {
	mb    int
	tt    *dfpnTable
	ttFor int // the megabytes tt was made for: it may be smaller (a power of two, or the memory left)
	opt   SolveOptions

	nodes    uint64
	start    time.Time
	stopped  bool
	lastInfo time.Time
	path     *pathSet                    // positions on the current path, by depth
	futile   *[futileMemoSize]futileMemo // the futile interpositions of positions seen lately (omitFutile)
	bufs     [][]dfpnChild               // per depth
	posBuf   []*board.Position           // per depth: the child being searched (not on the heap per node)
	tmp      moveList
	leafBuf  moveList // andLeaf's and orLeaf's moves: a moveList on the stack is cleared at each call
	limit    int      // > 0: only mates within this many plies of depth 0 count
	nested   bool     // a solver that finishes another's line: it does not nest again
	// proofNodes is the node count when the root was proven (before the line was made).
	proofNodes uint64
	// trace, if set, hears of each step of the search for a shorter mate: the limit in
	// plies, whether a mate within it was proven, and the nodes the step took (for tests).
	trace func(limit int, proven bool, nodes uint64)
	// noResist leaves out the search for the defender's longest replies (resist in line.go),
	// for tests that compare lines with and without it.
	noResist bool
	// resistOnce makes resist pass along the line once only (for tests)
	resistOnce bool
	// noWalk makes followLine take the table's lengths at their word, without the walk
	// (linewalk.go), for tests of what mends the lines that gives
	noWalk bool

	// the helpers of a search with several threads (searchThreads), kept between solves,
	// and those of them searching now
	helpers, active []*Solver
	// seed (a helper's, not zero) changes the order in which the helper takes children of
	// equal numbers, so that it does not search what the first thread searches
	seed uint64
	// halt, while several threads search, tells each to stop: one of them has settled the
	// root, or the first has stopped
	halt *atomic.Bool
	// published is a helper's node count as it told it last (the first thread sums them)
	published atomic.Uint64
	// busy, while several threads search, counts the threads searching each node (by a
	// hash of its key and hand; selectChild)
	busy []atomic.Int32
}

// busyBits gives the number of counters of busy: a few positions share one, which only makes a
// thread avoid a node it need not avoid.
const busyBits = 16

// seenNumber is the number n of child c (its proof number at an OR node, its disproof
// number at an AND node) as the parent sees it: doubled while another thread searches the
// child, so that this one looks elsewhere. The parent's own numbers (collect) and its
// choice (selectChild) both see it so, and a child is chosen only within its threshold.
func seenNumber(n uint32, c *dfpnChild, busy []atomic.Int32) uint32 {
	if busy != nil && c.pn != 0 && c.dn != 0 && busy[busyIndex(c.key, c.hand)].Load() > 0 {
		return satAdd(n, n)
	}
	return n
}

func busyIndex(key uint64, hand uint32) uint64 {
	return ((key ^ uint64(hand)) * 0x9E3779B97F4A7C15) >> (64 - busyBits)
}

type pathKey struct {
	key  uint64
	hand uint32
}

// pathSet holds the positions on the current path with their depths: open addressing with
// linear probing, in a table more than twice as large as the deepest path (maxMateDepth), so
// that a position not on the path, the usual question, is answered at the first or second
// slot (the Go map it replaces took about 3 % of the search, with its deletes).
type pathSet struct {
	slots [pathSlots]pathSlot
	n     int
}

const pathSlots = 1 << 13

type pathSlot struct {
	key   uint64
	hand  uint32
	depth int32 // depth+1; 0: empty
}

// slot is the home slot of k: by the board alone, so that the positions of one board with
// different hands lie in one run of slots (inferior looks at them all).
func (k pathKey) slot() int { return int(k.key >> 51) }

func (ps *pathSet) reset() {
	if ps.n != 0 {
		clear(ps.slots[:])
		ps.n = 0
	}
}

// lookup returns the depth of k on the path, if it is on it.
func (ps *pathSet) lookup(k pathKey) (int32, bool) {
	for i := k.slot(); ; i = (i + 1) & (pathSlots - 1) {
		e := &ps.slots[i]
		if e.depth == 0 {
			return 0, false
		}
		if e.key == k.key && e.hand == k.hand {
			return e.depth - 1, true
		}
	}
}

// inferior returns the depth of the deepest position on the path with k's board and side to
// move where the attacker held at least k's hand: k repeats it (equal hands) or is the same
// position with less for the attacker. A mate from k would be a mate from there, so a path
// through k proves nothing that the path without the loop does not (KomoringHeights's
// 劣等局面): the search treats k as it treats a repetition.
func (ps *pathSet) inferior(k pathKey) (int32, bool) {
	d, found := int32(-1), false
	for i := k.slot(); ; i = (i + 1) & (pathSlots - 1) {
		e := &ps.slots[i]
		if e.depth == 0 {
			return d, found
		}
		if e.key == k.key && handGE(e.hand, k.hand) && e.depth-1 > d {
			d, found = e.depth-1, true
		}
	}
}

// add puts k on the path at depth, or moves it there if it is on it.
func (ps *pathSet) add(k pathKey, depth int) {
	for i := k.slot(); ; i = (i + 1) & (pathSlots - 1) {
		e := &ps.slots[i]
		if e.depth == 0 {
			*e = pathSlot{key: k.key, hand: k.hand, depth: int32(depth) + 1}
			ps.n++
			return
		}
		if e.key == k.key && e.hand == k.hand {
			e.depth = int32(depth) + 1
			return
		}
	}
}

// remove takes k off the path (backward-shift deletion: the slots after it that would not
// be found across the hole move back).
func (ps *pathSet) remove(k pathKey) {
	const mask = pathSlots - 1
	i := k.slot()
	for {
		e := &ps.slots[i]
		if e.depth == 0 {
			return
		}
		if e.key == k.key && e.hand == k.hand {
			break
		}
		i = (i + 1) & mask
	}
	ps.n--
	for j := (i + 1) & mask; ; j = (j + 1) & mask {
		e := &ps.slots[j]
		if e.depth == 0 {
			break
		}
		// the entry at j may fill the hole at i unless its home lies cyclically in (i, j]
		h := pathKey{e.key, e.hand}.slot()
		if (j-h)&mask >= (j-i)&mask {
			ps.slots[i] = *e
			i = j
		}
	}
	ps.slots[i] = pathSlot{}
}

// pathReply returns the depth of the position on the path that a reply of the defender
// leading to k repeats or, in the search for the first proof, is inferior to. (In the
// searches for shorter mates, line.go, the inferior ones cost more than they saved: the
// corpus at 1.5 M nodes a problem took 1.5 % more nodes.)
func (s *Solver) pathReply(k pathKey) (int32, bool) {
	if s.limit > 0 {
		return s.path.lookup(k)
	}
	return s.path.inferior(k)
}

// leavePath takes k off the current path.
func (s *Solver) leavePath(k pathKey) { s.path.remove(k) }

type dfpnChild struct {
	move   board.Move
	key    uint64
	pn, dn uint32
	hand   uint32 // the proof hand of a proof, the disproof hand of a disproof (dfpntt.go)
	length uint16
	minRep int32 // for a disproof: as in midResult
	cut    bool  // for a disproof: as in midResult
	// after (AND nodes): the index of the drop on the same square that must be proven before
	// this one is looked at, or -1. Interpositions by different pieces on one square mostly
	// fall to the same attack, so they are taken one at a time.
	after int16
	// waiting (AND nodes): the child is not looked at yet (neither in the table nor by
	// orLeaf) since the one it comes after is not proven; its numbers mean nothing until
	// then (activate).
	waiting bool
}

// active reports whether child i of an AND node takes part.
func active(kids []dfpnChild, i int) bool {
	a := kids[i].after
	return a < 0 || kids[a].pn == 0
}

// midResult is what a search of one node found.
type midResult struct {
	pn, dn uint32
	// hand: for a proof the proof hand, for a disproof the disproof hand (the node's own
	// hand when the disproof rests on a repetition or a depth limit)
	hand   uint32
	length uint16
	// minRep is the shallowest path depth a repetition in this result refers to
	// (noRep when none): a disproof is final only if it refers to nothing above the node.
	minRep int32
	// cut: a disproof that rests on the depth limit of a search for a shorter mate. It says
	// only that there is no mate within the limit.
	cut bool
}

const (
	lenUnknown   = 0xFFFF // no mate length known
	noRep        = int32(1 << 30)
	maxMateDepth = 3000
)

// NewSolver makes a solver whose table takes about mb megabytes, allocated at the first Solve.
func NewSolver(mb int) *Solver {
	return &Solver{mb: max(mb, 1), path: new(pathSet), futile: new([futileMemoSize]futileMemo)}
}

// Prepare makes the table ready for the next Solve: allocated, and empty (a used one starts
// a new generation, and every genMask-th time has its memory written over, which is slow
// for a large table). Solve calls it anyway; the engine calls it at isready so that a go
// mate does not pay for it.
func (s *Solver) Prepare() {
	if s.tt == nil {
		s.tt, s.ttFor = newDfpnTable(s.mb), s.mb
	} else if s.tt.used > 0 {
		s.tt.clear()
	}
}

// Fit makes the table at least mb megabytes (never more than the solver's size) before a
// Solve with a time limit: a short search cannot fill a large table, the pages it touches
// cost their mapping, and a generation's wrap the writing of all (about 3 s for 1 GB). A
// table made for as much is kept: by what it was made for, not its size, which is rounded
// down to a power of two (or to the memory left) - a go mate with USI_Hash=4096 and 10 s
// made its 512 MB table anew for every problem (160 ms each on a quiet 16-core machine).
func (s *Solver) Fit(mb int) {
	mb = min(max(mb, 1), s.mb)
	if s.tt != nil && s.ttFor >= mb {
		return
	}
	s.dropTable()
	s.tt, s.ttFor = newDfpnTable(mb), mb
}

// Resize changes the size of the table (it is emptied).
func (s *Solver) Resize(mb int) {
	mb = max(mb, 1)
	if mb != s.mb {
		s.mb = mb
		s.dropTable()
	}
}

// TableMB is the size of the table in megabytes (0 before it is made): less than asked for
// when that much memory was not left.
func (s *Solver) TableMB() int {
	if s.tt == nil {
		return 0
	}
	return s.tt.sizeMB()
}

// dropTable frees the table, whose memory then counts for the next one.
func (s *Solver) dropTable() {
	if s.tt != nil {
		s.tt.release()
		s.tt, s.ttFor = nil, 0
	}
}

// Solve is the in-process mate search: it looks for a forced mate from pos until deadline
// (zero: no limit), under the tsume conventions, with a fresh 64 MB table.
func Solve(pos *board.Position, deadline time.Time) ([]board.Move, MateStatus) {
	r := NewSolver(64).Solve(pos, SolveOptions{Deadline: deadline})
	return r.Line, r.Status
}

// satAdd adds proof numbers: infinity stays infinite, a large finite sum stops short of it
// (a saturated sum is not a disproof).
func satAdd(a, b uint32) uint32 {
	if a >= pnInf || b >= pnInf {
		return pnInf
	}
	return min(a+b, pnInf-1)
}

// thAdd is a child's threshold, the sum of what the node may still spend and the child's
// number: always above the child's number, so that the child makes progress. Where satAdd
// would stop at pnInf−1, it gives pnInf (search until solved): a node whose sum saturated
// below a threshold of pnInf gave its child a threshold equal to the child's saturated
// number, and the child came back at once, for ever (ElmoTeacherDecoder-037, a no-mate).
func thAdd(a, b uint32) uint32 {
	return uint32(min(uint64(a)+uint64(b), uint64(pnInf)))
}

// Solve searches pos for a forced mate of the side to move (or, with DefenderToMove, of the
// side not to move).
func (s *Solver) Solve(pos *board.Position, opt SolveOptions) SolveResult {
	s.Prepare()
	s.opt = opt
	s.nodes = 0
	s.proofNodes = 0
	s.start = time.Now()
	s.lastInfo = s.start
	s.stopped = false
	s.path.reset()
	root := *pos
	or := !opt.DefenderToMove
	attacker := root.SideToMove()
	if !or {
		attacker = attacker.Opp()
		if !root.InCheck() {
			// the defender must be in check: a position where he is not is no mate problem
			return SolveResult{Status: NoMate, Time: time.Since(s.start)}
		}
	}
	key := boardKey(&root)
	hand := handPack(root.Hand(attacker))
	var r midResult
	if n := min(opt.Threads, maxMateThreads); n > 1 && !s.nested {
		r = s.searchThreads(&root, key, hand, or, n)
	} else {
		r = s.searchRoot(&root, key, hand, or)
	}
	res := SolveResult{Nodes: s.nodes}
	switch {
	case r.pn == 0:
		s.proofNodes = s.nodes
		res.ProofNodes, res.ProofTime = s.nodes, time.Since(s.start)
		res.Line = s.extractLine(&root, or)
		if res.Line != nil || !or && r.length == 0 {
			res.Status = MateFound
		}
	case r.dn == 0 && r.minRep >= 0:
		res.Status = NoMate
	}
	res.Nodes = s.nodes
	res.Time = time.Since(s.start)
	return res
}

// searchRoot searches the root until it is settled or the search stops.
func (s *Solver) searchRoot(root *board.Position, key uint64, hand uint32, or bool) midResult {
	var r midResult
	for !s.stopped {
		r = s.mid(root, key, hand, or, 0, pnInf, pnInf)
		if r.pn == 0 || r.dn == 0 {
			break
		}
	}
	return r
}

// maxMateThreads bounds SolveOptions.Threads.
const maxMateThreads = 64

// searchThreads is searchRoot with n threads: n−1 helpers search the same root with the
// same table, so that what one proves or disproves the others find there. A node another
// thread is in counts double for the choice (seenNumber: Kaneko's virtual proof numbers,
// simplified), and each helper takes children of equal numbers in its own order, so that
// the threads spread out: on Kifu-for-JS-003 two threads proved the mate in about 3.0 M
// nodes together, where without the doubling they took 4.7–4.9 M and one thread 2.8 M.
// The first thread to settle the root stops the others; s then reads the root from the
// table, and makes the line alone. s.nodes counts every thread's nodes; MaxNodes counts the
// first thread's.
func (s *Solver) searchThreads(root *board.Position, key uint64, hand uint32, or bool, n int) midResult {
	for len(s.helpers) < n-1 {
		h := NewSolver(s.mb)
		h.seed = uint64(len(s.helpers) + 1)
		s.helpers = append(s.helpers, h)
	}
	var halt atomic.Bool
	s.halt = &halt
	busy := make([]atomic.Int32, 1<<busyBits)
	s.busy = busy
	s.active = s.helpers[:n-1]
	s.tt.share(true)
	var wg sync.WaitGroup
	for _, h := range s.helpers[:n-1] {
		h.tt = s.tt
		h.opt = SolveOptions{Deadline: s.opt.Deadline, DefenderToMove: s.opt.DefenderToMove, CountFutile: s.opt.CountFutile}
		h.halt, h.busy = &halt, busy
		h.nodes, h.start, h.stopped, h.limit = 0, s.start, false, 0
		h.published.Store(0)
		h.path.reset()
		wg.Add(1)
		go func(pos board.Position) {
			defer wg.Done()
			h.searchRoot(&pos, key, hand, or)
			halt.Store(true)
		}(*root)
	}
	r := s.searchRoot(root, key, hand, or)
	halt.Store(true)
	wg.Wait()
	s.tt.share(false)
	s.halt, s.active, s.busy = nil, nil, nil
	for _, h := range s.helpers[:n-1] {
		s.nodes += h.nodes
		h.tt, h.halt, h.busy = nil, nil, nil
	}
	// stopped by a helper that settled the root: the table has it, and the limits decide
	// whether the line may still be made
	s.stopped = s.limitReached(time.Now())
	if r.pn != 0 && r.dn != 0 {
		if e, ok := s.tt.lookup(key, hand); ok && (e.pn == 0 || e.dn == 0 && e.flags&(flagPathDependent|flagLimited) == 0) {
			r = midResult{pn: e.pn, dn: e.dn, hand: e.hand, length: e.length, minRep: noRep}
		}
	}
	return r
}

// limitReached reports whether the search must stop by its options: a stop asked for, the
// node limit or the deadline.
func (s *Solver) limitReached(now time.Time) bool {
	return s.opt.MaxNodes > 0 && s.nodes >= s.opt.MaxNodes || s.stopOrLate(now)
}

// stopOrLate reports whether a stop was asked for or the deadline has passed.
func (s *Solver) stopOrLate(now time.Time) bool {
	o := &s.opt
	return o.Stop != nil && o.Stop.Load() || !o.Deadline.IsZero() && now.After(o.Deadline)
}

// checkLimits is called every few thousand nodes.
func (s *Solver) checkLimits() {
	now := time.Now()
	if s.limitReached(now) || s.halt != nil && s.halt.Load() {
		s.stopped = true
		return
	}
	if s.seed != 0 {
		s.published.Store(s.nodes)
		return
	}
	if o := &s.opt; o.Progress != nil && now.Sub(s.lastInfo) >= time.Second {
		s.lastInfo = now
		nodes := s.nodes
		if s.halt != nil {
			for _, h := range s.active {
				nodes += h.published.Load()
			}
		}
		o.Progress(SolveProgress{Nodes: nodes, Time: now.Sub(s.start), HashFull: s.tt.hashfull()})
	}
}

func (s *Solver) childBuf(depth int) []dfpnChild {
	for len(s.bufs) <= depth {
		s.bufs = append(s.bufs, make([]dfpnChild, 0, 64))
	}
	return s.bufs[depth][:0]
}

// childPos is the position of the child searched from depth: one per depth, kept between
// nodes (a fresh one per node would go on the heap, mid being recursive).
func (s *Solver) childPos(depth int) *board.Position {
	for len(s.posBuf) <= depth {
		s.posBuf = append(s.posBuf, new(board.Position))
	}
	return s.posBuf[depth]
}

// prefetchChildren asks for the table's buckets of the children of p by moves, so that their
// lookups, one after the other, do not each wait for memory.
func (s *Solver) prefetchChildren(p *board.Position, key uint64, moves []board.Move) {
	for _, m := range moves {
		s.tt.prefetch(boardKeyAfter(p, key, m))
	}
}

// orChildren lists the checks of the attacker to move in p, each with the numbers the table
// or a first look give it.
func (s *Solver) orChildren(p *board.Position, key uint64, hand uint32, depth int) []dfpnChild {
	kids := s.childBuf(depth)
	ci := newCheckInfo(p)
	moves := genChecks(p, &ci, s.tmp[:0])
	s.prefetchChildren(p, key, moves)
	// the position after a check is made only when it is asked about: its legality where the
	// attacker has a king, a pawn drop's replies, a new leaf (most checks are known to the
	// table when a node is searched again)
	kingless := p.KingSquare(p.SideToMove()) == board.NoSquare
	var q board.Position
	for _, m := range moves {
		made := false
		if !kingless {
			q = *p
			q.Do(m)
			made = true
			if !legalAfter(&q) {
				continue
			}
		}
		// a pawn dropped with mate (打ち歩詰め) is not allowed: asked of the board unless the
		// table knows the defender has a reply (an open entry or a disproof is a position
		// where he had one, with no more pieces in hand than he holds here)
		pawn := m.IsDrop() && m.Piece() == board.Pawn
		ck := boardKeyAfter(p, key, m)
		ch := handAfter(hand, m, true)
		c := dfpnChild{move: m, key: ck, pn: 1, dn: 1, hand: ch, minRep: noRep, after: -1}
		// a check that repeats a position on the path (only an equal one: counting the
		// inferior ones here too, as the defender's replies do, made Kifu-for-JS-003 dearer,
		// 3.05 M → 4.23 M proof nodes)
		d, rep := s.path.lookup(pathKey{ck, ch})
		var e dfpnEntry
		known := false
		if !rep {
			e, known = s.tt.lookupWithin(ck, ch, s.within(depth+1))
		}
		if pawn && (rep || known && e.pn == 0) {
			if !made {
				q = *p
				q.Do(m)
				made = true
			}
			if !q.HasLegalMove() {
				continue
			}
		}
		switch {
		case rep:
			c.pn, c.dn, c.minRep = pnInf, 0, d
		case known:
			c.pn, c.dn, c.length, c.cut = e.pn, e.dn, e.length, e.flags&flagLimited != 0
			if e.pn == 0 || e.dn == 0 {
				c.hand = e.hand
			}
		default:
			if !made {
				q = *p
				q.Do(m)
			}
			var legal bool
			c.pn, c.dn, c.length, c.hand, legal = s.andLeaf(&q, ck, ch, pawn)
			if !legal {
				continue
			}
		}
		s.limitProof(&c, depth+1)
		kids = append(kids, c)
	}
	s.bufs[depth] = kids
	return kids
}

// andLeaf gives the first numbers of an AND node: proven if the defender has no answer,
// else a proof number that grows with the number of answers. Under tsume rules the futile
// interpositions are left out only where the defender has nothing but drops, where they
// decide whether he is mated at all; beside a king move or a capture they count, as a guess
// (the node's expansion, andChildren, leaves them out): the test looks several plies ahead
// and took a quarter of the search in positions where new AND leaves abound.
// With pawnDrop (the check was a pawn drop), legal is false when the defender has no move:
// the drop mates, which is not allowed (打ち歩詰め), and nothing is stored.
func (s *Solver) andLeaf(q *board.Position, key uint64, hand uint32, pawnDrop bool) (pn, dn uint32, length uint16, ph uint32, legal bool) {
	moves := q.LegalMoves(s.leafBuf[:0])
	n0 := len(moves)
	if pawnDrop && n0 == 0 {
		return 0, 0, 0, 0, false
	}
	if !s.opt.CountFutile && !hasBoardMove(moves) {
		moves = s.omitFutile(q, key, hand, moves)
	}
	if len(moves) == 0 {
		ph = andProofHand(q, hand, 0)
		if len(moves) < n0 && !sameFutile(q, hand, ph, 0) {
			ph = hand
		}
		s.tt.store(dfpnEntry{key: key, hand: ph, pn: 0, dn: pnInf, amount: 1})
		return 0, pnInf, 0, ph, true
	}
	// drops on one square count once: the defender's real choices (and under tsume rules
	// the idle interpositions once in all, see idleDrop)
	n := uint32(0)
	var dropSquares board.Bitboard
	idle := false
	for _, m := range moves {
		if m.IsDrop() {
			if dropSquares.Has(m.To()) {
				continue
			}
			dropSquares = dropSquares.Or(board.SquareBB(m.To()))
			if !s.opt.CountFutile && idleDrop(q, m) {
				if idle {
					continue
				}
				idle = true
			}
		}
		n++
	}
	pn = max(1, n)
	s.tt.store(dfpnEntry{key: key, hand: hand, pn: pn, dn: 1})
	return pn, 1, 0, hand, true
}

// andChildren lists the answers of the defender to move in p (in check).
// futile reports whether the rule on futile interpositions took any of them out (the node's
// proof then holds for its exact hand only).
func (s *Solver) andChildren(p *board.Position, key uint64, hand uint32, depth int) (kids []dfpnChild, futile bool) {
	kids = s.childBuf(depth)
	moves := p.LegalMoves(s.tmp[:0])
	if !s.opt.CountFutile {
		n := len(moves)
		moves = s.omitFutile(p, key, hand, moves)
		futile = len(moves) < n
	}
	var lastDrop [board.NumSquares]int16 // the index of the last drop on each square, plus one
	lastIdle := int16(-1)
	for _, m := range moves {
		ck := boardKeyAfter(p, key, m)
		c := dfpnChild{move: m, key: ck, pn: 1, dn: 1, hand: hand, minRep: noRep, after: -1}
		if m.IsDrop() {
			c.after = lastDrop[m.To()] - 1
			if c.after < 0 && !s.opt.CountFutile && idleDrop(p, m) {
				// the first drop on its square, and idle: it waits for the idle one before
				c.after = lastIdle
				lastIdle = int16(len(kids))
			}
			lastDrop[m.To()] = int16(len(kids)) + 1
		}
		if c.after < 0 {
			// the table's bucket of each child looked at now is fetched while the
			// others are listed (those that wait are not looked at, nor fetched)
			s.tt.prefetch(ck)
		}
		kids = append(kids, c)
	}
	for i := range kids {
		c := &kids[i]
		if !active(kids, i) {
			// it waits for the drop before it: looked at only once that is proven, which
			// most drops of a search never are (Kifu-for-JS-003, 64 MB: the proof 13.8 s → 10.8 s,
			// 3.05 M → 2.81 M nodes)
			c.waiting = true
		} else {
			s.lookAt(p, hand, depth, c)
		}
	}
	s.bufs[depth] = kids
	return kids, futile
}

// lookAt gives a reply c of the defender in p its first numbers: from the path, the table
// or orLeaf.
func (s *Solver) lookAt(p *board.Position, hand uint32, depth int, c *dfpnChild) {
	c.waiting = false
	// a reply that repeats a position on the path, or reaches one with less for the
	// attacker (a pawn dropped and taken back: Kifu-for-JS-003 3.44 M → 3.05 M proof nodes,
	// Microcosmos 32.0 M → 28.3 M nodes)
	if d, rep := s.pathReply(pathKey{c.key, hand}); rep {
		c.pn, c.dn, c.minRep = pnInf, 0, d
	} else if e, ok := s.tt.lookupWithin(c.key, hand, s.within(depth+1)); ok {
		c.pn, c.dn, c.length, c.cut = e.pn, e.dn, e.length, e.flags&flagLimited != 0
		if e.pn == 0 || e.dn == 0 {
			c.hand = e.hand
		}
	} else {
		// the position itself only for a child the table does not know (the moves are legal)
		q := *p
		q.Do(c.move)
		c.pn, c.dn, c.length, c.hand = s.orLeaf(&q, c.key, hand)
	}
	s.limitProof(c, depth+1)
}

// activate looks at the children of the AND node p that waited for child i, now proven, and
// at those that wait for them in turn when they are proven already.
func (s *Solver) activate(p *board.Position, hand uint32, depth int, kids []dfpnChild, i int) {
	for j := i + 1; j < len(kids); j++ {
		c := &kids[j]
		if c.waiting && int(c.after) == i {
			s.lookAt(p, hand, depth, c)
			if c.pn == 0 {
				s.activate(p, hand, depth, kids, j)
			}
		}
	}
}

// orLeaf gives the first numbers of an OR node: proven by a mate in one, disproven without
// a check, else a disproof number that grows with the number of checks.
func (s *Solver) orLeaf(q *board.Position, key uint64, hand uint32) (pn, dn uint32, length uint16, h uint32) {
	ci := newCheckInfo(q)
	n := uint32(0)
	sure := newSureEscape(q, &ci)
	for _, m := range genChecks(q, &ci, s.leafBuf[:0]) {
		if sure.escapes(q, m) {
			n++ // a legal check the king steps away from: not played
			continue
		}
		r := *q
		r.Do(m)
		if !legalAfter(&r) {
			continue
		}
		// an answer other than a drop settles it under either rule (and is what most
		// checks leave); only then are the drops asked about, once
		if evasionExists(&r, false) {
			n++
			continue
		}
		plain := !hasEvasion(&r)
		if plain || !s.opt.CountFutile && r.MateOmittingFutile(board.FutileDrops) {
			if m.IsDrop() && m.Piece() == board.Pawn && !r.HasLegalMove() {
				continue // 打ち歩詰め
			}
			// the mated position too, so that the line can be followed through the table
			rh := handPack(r.Hand(q.SideToMove()))
			if g := andProofHand(&r, rh, 0); plain || sameFutile(&r, rh, g, 0) {
				rh = g
			}
			ph := orChildHand(m, rh)
			s.tt.store(dfpnEntry{key: key, hand: ph, pn: 0, dn: pnInf, move: m, length: 1, amount: 1})
			s.tt.store(dfpnEntry{key: boardKeyAfter(q, key, m), hand: rh, pn: 0, dn: pnInf, amount: 1})
			return 0, pnInf, 1, ph
		}
		n++
	}
	if n == 0 {
		dh := hand
		if s.limit <= 0 {
			dh = orDisproofHand(q, hand, handAll)
		}
		s.tt.store(dfpnEntry{key: key, hand: dh, pn: pnInf, dn: 0, amount: 1})
		return pnInf, 0, 0, dh
	}
	dn = max(1, n)
	s.tt.store(dfpnEntry{key: key, hand: hand, pn: 1, dn: dn})
	return 1, dn, 0, hand
}

// within is how many plies a mate of a node at depth may take under the depth limit (0:
// there is no limit).
func (s *Solver) within(depth int) int {
	if s.limit <= 0 {
		return 0
	}
	return max(s.limit-depth, 1)
}

// limitProof makes a proof too long for the depth limit count as unknown.
func (s *Solver) limitProof(c *dfpnChild, depth int) {
	if s.limit > 0 && c.pn == 0 && int(c.length) > s.limit-depth {
		c.pn, c.dn, c.length = 1, 1, 0
	}
}

// mid is the df-pn search of one node with thresholds thpn, thdn.
func (s *Solver) mid(p *board.Position, key uint64, hand uint32, or bool, depth int, thpn, thdn uint32) midResult {
	s.nodes++
	if s.nodes&4095 == 0 {
		s.checkLimits()
	}
	if depth >= maxMateDepth {
		// too deep to follow: unknown, and no disproof above may count as final
		return midResult{pn: 1, dn: 1, minRep: -1}
	}
	var kids []dfpnChild
	futile := false
	if or {
		if s.limit > 0 && depth >= s.limit {
			return midResult{pn: pnInf, dn: 0, hand: hand, minRep: noRep, cut: true} // no mate within the limit
		}
		kids = s.orChildren(p, key, hand, depth)
	} else {
		kids, futile = s.andChildren(p, key, hand, depth)
		if s.limit > 0 && depth >= s.limit && len(kids) > 0 {
			return midResult{pn: pnInf, dn: 0, hand: hand, minRep: noRep, cut: true}
		}
	}
	start := s.nodes
	pk := pathKey{key, hand}
	s.path.add(pk, depth)
	defer s.leavePath(pk)
	if s.busy != nil {
		b := &s.busy[busyIndex(key, hand)]
		b.Add(1)
		defer b.Add(-1)
	}

	var r midResult
	for {
		r = s.collect(kids, or)
		if r.pn == 0 || r.dn == 0 || r.pn >= thpn || r.dn >= thdn || s.stopped {
			break
		}
		best, pn2, dn2 := selectChild(kids, or, s.seed, s.busy)
		c := &kids[best]
		var cthpn, cthdn uint32
		if or {
			cthpn = min(thpn, pn2+pn2/4+1)
			cthdn = thAdd(thdn-r.dn, c.dn)
		} else {
			cthpn = thAdd(thpn-r.pn, c.pn)
			cthdn = min(thdn, dn2+dn2/4+1)
		}
		q := s.childPos(depth)
		*q = *p
		q.Do(c.move)
		cr := s.mid(q, c.key, handAfter(hand, c.move, or), !or, depth+1, min(cthpn, pnInf), min(cthdn, pnInf))
		c.pn, c.dn, c.hand, c.length, c.minRep, c.cut = cr.pn, cr.dn, cr.hand, cr.length, cr.minRep, cr.cut
		if !or && c.pn == 0 {
			s.activate(p, hand, depth, kids, best)
		}
	}
	r.hand = s.resultHand(p, hand, or, futile, kids, r)
	// remember the node
	e := dfpnEntry{key: key, hand: r.hand, pn: r.pn, dn: r.dn, length: r.length, amount: uint32(min(s.nodes-start+1, 1<<31))}
	if r.pn == 0 {
		e.move = bestProof(kids, or)
	}
	if r.dn == 0 && r.minRep < int32(depth) {
		e.flags |= flagPathDependent
	}
	if r.dn == 0 && r.cut {
		e.flags |= flagLimited
		e.length = uint16(s.within(depth))
	}
	s.tt.store(e)
	return r
}

// resultHand is the proof or disproof hand of a node (its own hand while it is open), from its
// children's (see dfpntt.go).
func (s *Solver) resultHand(p *board.Position, hand uint32, or, futile bool, kids []dfpnChild, r midResult) uint32 {
	switch {
	case r.pn == 0 && or:
		best := -1
		for i := range kids {
			if kids[i].pn == 0 && (best < 0 || kids[i].length < kids[best].length) {
				best = i
			}
		}
		if best < 0 {
			return hand
		}
		return orChildHand(kids[best].move, kids[best].hand)
	case r.pn == 0:
		ph := uint32(0)
		for i := range kids {
			ph = handJoin(ph, kids[i].hand)
		}
		ph = andProofHand(p, hand, ph)
		if futile && ph != hand && !sameFutile(p, hand, ph, len(kids)) {
			return hand
		}
		return ph
	case r.dn != 0 || r.minRep != noRep || r.cut || s.limit > 0:
		return hand
	case or:
		dh := uint32(handAll)
		for i := range kids {
			dh = handMeet(dh, orChildHand(kids[i].move, kids[i].hand))
		}
		return orDisproofHand(p, hand, dh)
	}
	for i := range kids {
		c := &kids[i]
		if c.dn != 0 || c.minRep != noRep || c.cut || !active(kids, i) {
			continue
		}
		if !c.move.IsDrop() {
			return c.hand
		}
		if !s.opt.CountFutile {
			return hand // whether the drop is futile hangs on all the defender holds
		}
		i := int(handField[c.move.Piece()])
		return handWith(c.hand, i, min(handGet(c.hand, i), handGet(hand, i)))
	}
	return hand
}

// sameFutile reports whether the AND node p, whose attacker holds hand and whose defender
// has n replies that are not futile interpositions, has still n such replies when the
// attacker holds only ph (the defender the rest): whether a drop is futile hangs on all the
// defender holds, and with more he may make one good. (With more for the defender, fewer
// drops are futile, so a hand between ph and hand has n replies too.)
func sameFutile(p *board.Position, hand, ph uint32, n int) bool {
	if ph == hand {
		return true
	}
	q := *p
	def := q.SideToMove()
	att := def.Opp()
	for i, f := range handFields {
		a, b := handGet(hand, i), handGet(ph, i)
		if a == b {
			continue
		}
		if q.SetHandCount(att, f.t, int(b)) != nil || q.SetHandCount(def, f.t, q.Hand(def).Count(f.t)+int(a-b)) != nil {
			return false
		}
	}
	var buf moveList
	return len(q.OmitFutile(q.LegalMoves(buf[:0]), board.FutileDrops)) == n
}

// handAfter returns the attacker's hand, hand (packed), after m: the attacker's move (or) or
// the defender's, which leaves it as it was. It is handPack of the position's hand after
// m, made from the move, not counted again.
func handAfter(hand uint32, m board.Move, or bool) uint32 {
	switch {
	case !or:
		return hand
	case m.IsDrop():
		return handMinus(hand, m.Piece())
	case m.Captured() != board.NoPieceType:
		return handPlus(hand, m.Captured())
	}
	return hand
}

// collect computes a node's numbers from its children.
func (s *Solver) collect(kids []dfpnChild, or bool) midResult {
	r := midResult{minRep: noRep}
	if or {
		r.pn, r.dn = pnInf, 0
		bestLen := uint16(0xFFFF)
		for i := range kids {
			c := &kids[i]
			r.pn = min(r.pn, seenNumber(c.pn, c, s.busy))
			r.dn = satAdd(r.dn, c.dn)
			if c.pn == 0 && c.length < bestLen {
				bestLen = c.length
			}
			if c.dn == 0 {
				r.minRep = min(r.minRep, c.minRep)
				r.cut = r.cut || c.cut
			}
		}
		if r.pn == 0 {
			r.length = bestLen + 1
			r.minRep = noRep
		}
		if r.dn != 0 {
			r.minRep = noRep
			r.cut = false
		}
		if len(kids) == 0 {
			r.pn, r.dn = pnInf, 0
		}
		return r
	}
	r.pn, r.dn = 0, pnInf
	longest := uint16(0)
	for i := range kids {
		c := &kids[i]
		if !active(kids, i) {
			continue
		}
		r.pn = satAdd(r.pn, c.pn)
		r.dn = min(r.dn, seenNumber(c.dn, c, s.busy))
		if c.length > longest {
			longest = c.length
		}
	}
	if r.dn == 0 {
		// disproven by the escapes: the least path-dependent one decides, and of those one
		// that does not rest on the depth limit
		best := noRep
		cut := true
		found := false
		for i := range kids {
			c := &kids[i]
			if c.dn == 0 && active(kids, i) {
				if !found || c.minRep > best || c.minRep == best && cut && !c.cut {
					best, cut = c.minRep, c.cut
					found = true
				}
			}
		}
		r.minRep, r.cut = best, cut
	}
	if r.pn == 0 {
		r.length = longest + 1
		if len(kids) == 0 {
			r.length = 0
		}
	}
	return r
}

// selectChild returns the child to search next and the second best numbers. Of children
// with equal numbers the first is taken, or with a seed (a helper thread's) the one the seed
// ranks first. With busy (several threads search) a child another thread is searching
// counts double (its proof number at OR nodes, its disproof number at AND nodes), so that
// the threads spread out.
func selectChild(kids []dfpnChild, or bool, seed uint64, busy []atomic.Int32) (best int, pn2, dn2 uint32) {
	best = -1
	pn2, dn2 = pnInf, pnInf
	var bpn, bdn uint32 // the best's numbers as seen
	for i := range kids {
		c := &kids[i]
		if !or && !active(kids, i) {
			continue
		}
		pn, dn := c.pn, c.dn
		if or {
			pn = seenNumber(pn, c, busy)
			if best < 0 || pn < bpn || pn == bpn && (dn < bdn ||
				seed != 0 && dn == bdn && seedRank(c.move, seed) < seedRank(kids[best].move, seed)) {
				if best >= 0 {
					pn2 = min(pn2, bpn)
				}
				best, bpn, bdn = i, pn, dn
			} else {
				pn2 = min(pn2, pn)
			}
		} else {
			dn = seenNumber(dn, c, busy)
			if best < 0 || dn < bdn || dn == bdn && (pn < bpn ||
				seed != 0 && pn == bpn && seedRank(c.move, seed) < seedRank(kids[best].move, seed)) {
				if best >= 0 {
					dn2 = min(dn2, bdn)
				}
				best, bpn, bdn = i, pn, dn
			} else {
				dn2 = min(dn2, dn)
			}
		}
	}
	return best, pn2, dn2
}

// seedRank is a move's rank among ties for a helper thread with this seed.
func seedRank(m board.Move, seed uint64) uint64 {
	return (uint64(m) ^ seed<<32) * 0x9E3779B97F4A7C15 >> 32
}

// bestProof returns the move a proven node records: the shortest mate (OR) or the longest
// defence (AND).
func bestProof(kids []dfpnChild, or bool) board.Move {
	best := -1
	for i := range kids {
		c := &kids[i]
		if c.pn != 0 {
			continue
		}
		if best < 0 || or && c.length < kids[best].length || !or && c.length > kids[best].length {
			best = i
		}
	}
	if best < 0 {
		return board.NoMove
	}
	return kids[best].move
}

// hasBoardMove reports whether moves has a move of a piece on the board.
func hasBoardMove(moves []board.Move) bool {
	for _, m := range moves {
		if !m.IsDrop() {
			return true
		}
	}
	return false
}

// futileMemo remembers the squares where the defender's drops are futile interpositions in
// one position (board, side to move and the attacker's hand decide it): an AND node is
// expanded again and again, and the test (board.FutileDrops, which looks several plies
// ahead) is the dearest part of it.
type futileMemo struct {
	key     uint64
	hand    uint32
	used    bool
	squares board.Bitboard
}

const futileMemoSize = 1 << 12

// omitFutile is moves (the legal replies in p, whose key and attacker's hand are given)
// less the futile interpositions, as board.OmitFutile with board.FutileDrops gives them.
func (s *Solver) omitFutile(p *board.Position, key uint64, hand uint32, moves []board.Move) []board.Move {
	var drops board.Bitboard
	for _, m := range moves {
		if m.IsDrop() {
			drops = drops.Or(board.SquareBB(m.To()))
		}
	}
	if drops.IsZero() {
		return moves
	}
	e := &s.futile[(key^uint64(hand)*0x9E3779B97F4A7C15)>>52]
	if !e.used || e.key != key || e.hand != hand {
		out := p.OmitFutile(moves, board.FutileDrops)
		kept := board.Bitboard{}
		for _, m := range out {
			if m.IsDrop() {
				kept = kept.Or(board.SquareBB(m.To()))
			}
		}
		*e = futileMemo{key: key, hand: hand, used: true, squares: drops.AndNot(kept)}
		return out
	}
	out := moves[:0]
	for _, m := range moves {
		if !(m.IsDrop() && e.squares.Has(m.To())) {
			out = append(out, m)
		}
	}
	return out
}
