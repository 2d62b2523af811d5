package bundledengine

import (
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"banmen/board"
)

// Iterative deepening over the root moves, with aspiration windows, MultiPV, Lazy SMP
// helper threads sharing the transposition table, and the reports a GUI shows.

// Limits says when a search ends. Zero fields mean no limit of that kind.
type Limits struct {
	Depth    int
	Nodes    uint64
	Optimum  time.Duration // stop after an iteration that ends past this
	Maximum  time.Duration // stop in the middle of an iteration past this
	Infinite bool          // search until stopped (go infinite)
	Ponder   bool          // search until ponderhit or stop; the time limits start at ponderhit
	// SearchMoves restricts the root to these moves (go searchmoves).
	SearchMoves []board.Move
	MultiPV     int
	Threads     int
	// Weaken makes the search play at level Skill: 0 is the weakest, 19 nearly full
	// strength, 20 full strength.
	Weaken bool
	Skill  int
}

// Score is a search result: centipawns, or a mate in Mate plies (negative: being mated).
type Score struct {
	CP     int
	Mate   int  // 0 when the score is not a mate
	IsMate bool // Mate == 0 with IsMate: mated now
	Lower  bool // the true score is at least this (fail high)
	Upper  bool // the true score is at most this (fail low)
}

func scoreOf(v int) Score {
	switch {
	case v >= scoreMateMin:
		return Score{CP: v, Mate: scoreMate - v, IsMate: true}
	case v <= -scoreMateMin:
		return Score{CP: v, Mate: -(scoreMate + v), IsMate: true}
	}
	return Score{CP: v}
}

// Info is one report of a running search.
type Info struct {
	Depth, SelDepth int
	MultiPV         int // 1-based; 0 for reports that carry no line
	Score           Score
	HasScore        bool
	Nodes           uint64
	NPS             uint64
	HashFull        int
	Time            time.Duration
	PV              []board.Move
	CurrMove        board.Move
	CurrMoveNumber  int
}

// Result is what a finished search decided.
type Result struct {
	Move   board.Move // NoMove: no legal move (resign)
	Ponder board.Move
	Score  Score
	Depth  int
	Nodes  uint64
	PV     []board.Move
	// Win is set when the side to move may declare a win by entering king (入玉宣言).
	Win bool
}

type histEntry struct {
	hash    uint64
	inCheck bool
}

type rootMove struct {
	move      board.Move
	score     int
	prevScore int
	// depth is the iteration score is from and bound its kind: a move the iteration under
	// way has not finished yet keeps the last one's (0: none yet)
	depth    int
	bound    bound
	selDepth int
	pv       []board.Move
}

// searchShared is what the threads of one search share.
type searchShared struct {
	tt       *transpositionTable
	stop     atomic.Bool
	ponder   atomic.Bool
	limits   Limits
	start    time.Time
	clockAt  atomic.Int64 // UnixNano the time limits count from (go, or ponderhit)
	history  []histEntry  // the game's positions before the root
	report   func(Info)
	threads  []*searchThread
	lastInfo atomic.Int64 // UnixNano of the last periodic report
	shownPV  int          // how many lines the reports carry (a weakened search looks at more)
}

func (s *searchShared) nodes() uint64 {
	var n uint64
	for _, t := range s.threads {
		n += t.nodes.Load()
	}
	return n
}

// checkTime stops the search at the hard time limit or node limit, and sends the periodic
// nodes/nps/hashfull report about once a second.
func (s *searchShared) checkTime() {
	now := time.Now()
	if s.limits.Nodes > 0 && s.nodes() >= s.limits.Nodes {
		s.stop.Store(true)
	}
	if !s.ponder.Load() && !s.limits.Infinite && s.limits.Maximum > 0 {
		if now.Sub(time.Unix(0, s.clockAt.Load())) >= s.limits.Maximum {
			s.stop.Store(true)
		}
	}
	if s.report != nil && now.UnixNano()-s.lastInfo.Load() >= int64(time.Second) {
		s.lastInfo.Store(now.UnixNano())
		el := now.Sub(s.start)
		n := s.nodes()
		s.report(Info{Nodes: n, NPS: nps(n, el), HashFull: s.tt.hashfull(), Time: el})
	}
}

func nps(n uint64, d time.Duration) uint64 {
	if d <= 0 {
		return 0
	}
	return uint64(float64(n) / d.Seconds())
}

// searchThread is one thread's search state.
type searchThread struct {
	id     int
	shared *searchShared
	stack  []frame
	// nodeCount is the thread's own count of nodes; nodes publishes it to the other
	// threads every 1024 nodes, so that no node writes memory another thread reads
	nodeCount uint64
	nodes     atomic.Uint64
	hist      historyTable
	killers   [maxPly + 2][2]board.Move
	mateBufs  leafMateBufs
	rootMoves []rootMove
	selDepth  int
	rootDepth int
	pvIdx     int
	completed int
}

// Searcher runs searches; it keeps the transposition table and the threads' tables between
// them. It is not safe for concurrent use: one search at a time.
type Searcher struct {
	tt      *transpositionTable
	ttFor   int // the megabytes tt was made for (it is smaller when that much memory was not left)
	threads []*searchThread
	cur     atomic.Pointer[searchShared]
	rng     *rand.Rand
	// Stop and PonderHit may come before Search has started: they are remembered here
	// until the next Prepare.
	stopReq, hitReq atomic.Bool
}

// Prepare forgets a Stop or PonderHit meant for an earlier search. Call it before starting
// the goroutine that calls Search, so that a Stop sent right after reaches the new search.
func (s *Searcher) Prepare() {
	s.stopReq.Store(false)
	s.hitReq.Store(false)
}

// NewSearcher makes a searcher with a transposition table of hashMB megabytes.
func NewSearcher(hashMB int) *Searcher {
	return &Searcher{tt: newTranspositionTable(hashMB), ttFor: hashMB, rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))}
}

// SeedRandom makes the choices of the weakened levels repeatable (for self-play data).
func (s *Searcher) SeedRandom(a, b uint64) { s.rng = rand.New(rand.NewPCG(a, b)) }

// ResizeHash replaces the transposition table by one of mb megabytes (between searches), or
// a smaller one when that much memory is not left: HashMB tells. A table made for mb is
// kept, also one that got less (or every isready would make it again, page by page).
func (s *Searcher) ResizeHash(mb int) {
	if s.ttFor != mb {
		s.tt.release() // its memory counts for the new one
		s.tt, s.ttFor = newTranspositionTable(mb), mb
	}
}

// HashMB is the size of the transposition table in megabytes.
func (s *Searcher) HashMB() int { return s.tt.sizeMB() }

// Clear forgets everything learnt in earlier searches.
func (s *Searcher) Clear() {
	s.tt.clear()
	s.NewGame()
}

// NewGame prepares for a new game: the move-ordering statistics start afresh. The
// transposition table is only aged (its entries are facts about positions): clearing
// hundreds of megabytes would delay the first move.
func (s *Searcher) NewGame() {
	s.tt.newSearch()
	for _, t := range s.threads {
		t.hist = historyTable{}
		t.killers = [maxPly + 2][2]board.Move{}
	}
}

// Stop ends the running search; Search returns soon after.
func (s *Searcher) Stop() {
	s.stopReq.Store(true)
	if sh := s.cur.Load(); sh != nil {
		sh.stop.Store(true)
		sh.ponder.Store(false)
	}
}

// PonderHit turns a ponder search into a normal one: its time limits start now.
func (s *Searcher) PonderHit() {
	s.hitReq.Store(true)
	if sh := s.cur.Load(); sh != nil {
		sh.clockAt.Store(time.Now().UnixNano())
		sh.ponder.Store(false)
	}
}

// Pondering reports whether the running search is still a ponder search.
func (s *Searcher) Pondering() bool {
	sh := s.cur.Load()
	return sh != nil && sh.ponder.Load()
}

// Search searches the position reached by the game g (whose earlier positions count for
// repetition) and returns the best move. report, if not nil, receives the progress; it is
// called from the search goroutine.
func (s *Searcher) Search(g *board.Game, lim Limits, report func(Info)) Result {
	root := *g.Position()
	sh, skill := newSearchShared(g, lim, report)
	sh.tt = s.tt
	s.tt.newSearch()
	for len(s.threads) < sh.limits.Threads {
		s.threads = append(s.threads, &searchThread{id: len(s.threads), stack: make([]frame, maxPly+4)})
	}
	threads := s.threads[:sh.limits.Threads]
	sh.threads = threads

	legal := rootMoves(&root, lim.SearchMoves)
	sh.limits.MultiPV = min(sh.limits.MultiPV, max(len(legal), 1))
	for _, t := range threads {
		t.startAt(sh, &root, legal)
	}
	s.cur.Store(sh)
	defer s.cur.Store(nil)
	if s.hitReq.Load() {
		sh.clockAt.Store(time.Now().UnixNano())
		sh.ponder.Store(false)
	}
	if s.stopReq.Load() {
		sh.stop.Store(true)
		sh.ponder.Store(false)
	}

	if len(legal) > 0 {
		// a mate found at once needs no search (except while pondering or told to go on)
		var wg sync.WaitGroup
		for _, t := range threads[1:] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				t.iterate()
			}()
		}
		threads[0].iterate()
		sh.stop.Store(true)
		wg.Wait()
		for _, t := range threads {
			t.nodes.Store(t.nodeCount)
		}
	}
	return s.result(&root, sh, skill, lim.Skill)
}

// newSearchShared sets up what the threads of one search share: the limits as they apply
// (skill is set when the search plays weaker on purpose) and the game's history.
func newSearchShared(g *board.Game, lim Limits, report func(Info)) (sh *searchShared, skill bool) {
	sh = &searchShared{limits: lim, start: time.Now(), report: report}
	sh.clockAt.Store(sh.start.UnixNano())
	sh.lastInfo.Store(sh.start.UnixNano())
	sh.ponder.Store(lim.Ponder)
	// the game's history, for repetitions
	hp := *g.Start()
	for _, m := range g.Moves() {
		sh.history = append(sh.history, histEntry{hp.Hash(), hp.InCheck()})
		hp.Do(m)
	}
	if lim.MultiPV < 1 {
		sh.limits.MultiPV = 1
	}
	if lim.Threads < 1 {
		sh.limits.Threads = 1
	}
	sh.shownPV = sh.limits.MultiPV
	skill = lim.Weaken && lim.Skill < fullSkill
	if skill {
		sh.applySkill(lim.Skill)
	}
	return sh, skill
}

// rootMoves lists the moves the search considers at the root: the legal moves (only those
// of searchMoves, when given) less the redundant non-promotions, unless nothing else is left.
func rootMoves(root *board.Position, searchMoves []board.Move) []board.Move {
	var buf moveList
	var legal []board.Move
	for _, m := range root.LegalMoves(buf[:0]) {
		if redundantNonPromotion(m, root.SideToMove()) {
			continue
		}
		if len(searchMoves) > 0 && !slices.Contains(searchMoves, m) {
			continue
		}
		legal = append(legal, m)
	}
	if len(legal) == 0 && len(searchMoves) == 0 {
		// only unpromoted moves that the search leaves out? take them after all
		legal = append(legal, root.LegalMoves(buf[:0])...)
	}
	return legal
}

// startAt readies a thread for a search of root over the root moves legal.
func (t *searchThread) startAt(sh *searchShared, root *board.Position, legal []board.Move) {
	t.shared = sh
	t.nodeCount = 0
	t.nodes.Store(0)
	t.selDepth, t.completed = 0, 0
	t.stack[0].pos = *root
	t.stack[0].hash = root.Hash()
	t.stack[0].inCheck = root.InCheck()
	t.stack[0].move = board.NoMove
	t.stack[0].base, t.stack[0].baseOK = computeBase(root), true
	t.rootMoves = t.rootMoves[:0]
	for _, m := range legal {
		t.rootMoves = append(t.rootMoves, rootMove{move: m, score: -scoreInf, prevScore: -scoreInf})
	}
}

// result is what the search found: the main thread's best move (or, playing weaker, the
// one pickWeak chooses at level), its score, line and the expected reply.
func (s *Searcher) result(root *board.Position, sh *searchShared, skill bool, level int) Result {
	res := Result{Win: canDeclare(root), Nodes: sh.nodes()}
	main := sh.threads[0]
	if len(main.rootMoves) == 0 {
		return res
	}
	best := main.rootMoves[0]
	if skill {
		best = s.pickWeak(main.rootMoves[:sh.limits.MultiPV], level)
	}
	res.Move = best.move
	res.Score = scoreOf(best.score)
	if best.score == -scoreInf {
		res.Score = scoreOf(best.prevScore)
	}
	res.Depth = main.completed
	res.PV = best.pv
	if len(best.pv) > 1 {
		res.Ponder = best.pv[1]
	} else {
		// the table may know the reply
		q := *root
		q.Do(best.move)
		if e, ok := s.tt.probe(q.Hash()); ok && e.move != board.NoMove && pseudoLegal(&q, e.move) {
			c := q
			c.Do(e.move)
			if legalAfter(&c) {
				res.Ponder = e.move
			}
		}
	}
	return res
}

// iterate is one thread's iterative deepening.
func (t *searchThread) iterate() {
	sh := t.shared
	lim := &sh.limits
	maxDepth := maxPly - 10
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	start := 1
	if t.id > 0 {
		start = 1 + t.id%2 // helpers start a ply deeper to spread the work
	}
	lastBest := board.NoMove
	stable := 0
	for depth := start; depth <= maxDepth && !sh.stop.Load(); depth++ {
		t.rootDepth = depth
		for i := range t.rootMoves {
			t.rootMoves[i].prevScore = t.rootMoves[i].score
		}
		for t.pvIdx = 0; t.pvIdx < lim.MultiPV && !sh.stop.Load(); t.pvIdx++ {
			t.aspiration(depth)
		}
		if sh.stop.Load() {
			// a line finished before the stop still counts: report it, if the best line is
			// one (else the last iteration's report stands)
			if t.id == 0 && t.completed < depth && t.rootMoves[0].depth == depth && t.rootMoves[0].score != -scoreInf {
				t.reportLines(depth)
			}
			break
		}
		t.completed = depth
		if t.id != 0 {
			continue
		}
		t.reportLines(depth)
		// time management between iterations
		best := t.rootMoves[0]
		if best.move == lastBest {
			stable++
		} else {
			stable = 0
			lastBest = best.move
		}
		if sh.ponder.Load() || lim.Infinite {
			continue
		}
		if len(t.rootMoves) == 1 && depth >= 4 {
			break
		}
		if abs(best.score) >= scoreMateMin && depth >= 2*(scoreMate-abs(best.score))+4 {
			break
		}
		if lim.Optimum > 0 {
			el := time.Since(time.Unix(0, sh.clockAt.Load()))
			// the next iteration takes a few times longer than this one: do not start it in vain
			factor := 1.0
			if stable >= 3 {
				factor = 0.6
			}
			// (with Optimum == Maximum, a byoyomi, the whole time is used)
			if lim.Optimum < lim.Maximum && float64(el) > float64(lim.Optimum)*factor {
				break
			}
		}
	}
}

// aspiration searches the root at depth for the line pvIdx, in a window around its last
// score that widens until the score falls inside (a full window at low depths).
func (t *searchThread) aspiration(depth int) {
	sh := t.shared
	t.selDepth = 0
	delta := 25
	alpha, beta := -scoreInf, scoreInf
	prev := t.rootMoves[t.pvIdx].prevScore
	if depth >= 4 && prev != -scoreInf && abs(prev) < scoreMateMin {
		alpha, beta = max(prev-delta, -scoreInf), min(prev+delta, scoreInf)
	}
	for {
		v := t.rootSearch(depth, alpha, beta)
		slices.SortStableFunc(t.rootMoves[t.pvIdx:], func(a, b rootMove) int { return b.score - a.score })
		if sh.stop.Load() {
			break
		}
		if v <= alpha {
			beta = (alpha + beta) / 2
			alpha = max(v-delta, -scoreInf)
			t.reportBound(depth)
		} else if v >= beta {
			beta = min(v+delta, scoreInf)
			t.reportBound(depth)
		} else {
			break
		}
		delta += delta / 2
	}
	slices.SortStableFunc(t.rootMoves[:t.pvIdx+1], func(a, b rootMove) int { return b.score - a.score })
}

// rootSearch searches the root moves from pvIdx on and returns the best score.
func (t *searchThread) rootSearch(depth, alpha, beta int) int {
	sh := t.shared
	f := &t.stack[0]
	p := &f.pos
	ci := newCheckInfo(p)
	bestScore := -scoreInf
	c := &t.stack[1]
	for i := t.pvIdx; i < len(t.rootMoves); i++ {
		rm := &t.rootMoves[i]
		m := rm.move
		if t.id == 0 && sh.report != nil && time.Since(sh.start) > 3*time.Second {
			sh.report(Info{Depth: depth, CurrMove: m, CurrMoveNumber: i + 1})
		}
		givesCheck := ci.givesCheck(m)
		t.child(0, m)
		c.inCheck = givesCheck
		newDepth := depth - 1
		if givesCheck {
			newDepth++
		}
		var v int
		if i == t.pvIdx {
			v = -t.search(1, newDepth, -beta, -alpha, false)
		} else {
			r := 0
			if depth >= 4 && i-t.pvIdx >= 4 && !givesCheck && m.Captured() == board.NoPieceType {
				r = 1
			}
			v = -t.search(1, newDepth-r, -alpha-1, -alpha, true)
			if v > alpha && r > 0 {
				v = -t.search(1, newDepth, -alpha-1, -alpha, true)
			}
			if v > alpha && v < beta {
				v = -t.search(1, newDepth, -beta, -alpha, false)
			}
		}
		if sh.stop.Load() {
			return bestScore
		}
		rm.depth = depth
		if i == t.pvIdx || v > alpha {
			rm.score = v
			switch {
			case v >= beta:
				rm.bound = boundLower
			case v <= alpha:
				rm.bound = boundUpper
			default:
				rm.bound = boundExact
			}
			rm.selDepth = t.selDepth
			rm.pv = append(rm.pv[:0], m)
			rm.pv = append(rm.pv, c.pv[:c.pvLen]...)
		} else {
			rm.score = -scoreInf
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				alpha = v
				if v >= beta {
					return v
				}
			}
		}
	}
	return bestScore
}

// reportBound reports the line whose search failed high or low, with its bound, as Stockfish
// does: with one line only, and only once the search has run 3 s. Before (and with several
// lines, where the others would be sent again with it), the iteration's finished lines are
// what is reported; a third of the reports of a short search were bounds, a GUI's panel
// and the comments of a game's record showing "++" and a line of one move.
func (t *searchThread) reportBound(depth int) {
	sh := t.shared
	if sh.shownPV == 1 && time.Since(sh.start) > 3*time.Second {
		t.reportLines(depth)
	}
}

// reportLines sends the lines of the main thread (MultiPV of them), each at the depth of its
// score and with its bound.
func (t *searchThread) reportLines(depth int) {
	sh := t.shared
	if sh.report == nil || t.id != 0 {
		return
	}
	el := time.Since(sh.start)
	t.nodes.Store(t.nodeCount)
	n := sh.nodes()
	hf := sh.tt.hashfull()
	for i := 0; i < sh.shownPV && i < len(t.rootMoves); i++ {
		rm := t.rootMoves[i]
		v := rm.score
		d := rm.depth
		sc := scoreOf(v)
		if v == -scoreInf {
			if rm.prevScore == -scoreInf {
				continue
			}
			sc = scoreOf(rm.prevScore)
			d = max(depth-1, 1)
		} else {
			sc.Lower = rm.bound == boundLower
			sc.Upper = rm.bound == boundUpper
		}
		sh.report(Info{
			Depth: d, SelDepth: max(rm.selDepth, d), MultiPV: i + 1, Score: sc, HasScore: true,
			Nodes: n, NPS: nps(n, el), HashFull: hf, Time: el, PV: slices.Clone(rm.pv),
		})
	}
}
