package bundledengine

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"banmen/board"
)

// The USI protocol loop. One goroutine reads commands and answers the quick ones itself
// (usi, isready, setoption, position, stop, ponderhit, …); a go starts the search in a
// goroutine of its own, which prints the info lines and the bestmove (or checkmate). The
// reader never waits for a search, except on quit and before a new go.

// Version is the bundled engine's version, sent in "id name" (as engines usually do) and
// printed by banmen-engine --version.
const Version = "0.2"

const (
	engineName   = "Banmen " + Version
	engineAuthor = "the Banmen authors"
)

// Engine is the bundled engine behind a USI conversation.
type Engine struct {
	out      *lineWriter
	opts     *options
	searcher *Searcher
	solver   *Solver
	game     *board.Game
	posErr   string // why the last position command was refused

	// the running go, if any
	done     chan struct{} // closed when it has answered
	release  func()        // lets a finished ponder/infinite search answer (stop, ponderhit)
	stopping atomic.Bool   // stop was asked for this go
	silent   atomic.Bool   // gameover or quit: do not answer
	mateStop atomic.Bool
	mateUsed bool // a go mate has run: isready then readies the solver's table too

	// the opening book BookFile names, read at isready (bookmove.go), and the file it came from
	book     *engineBook
	bookPath string
	bookRand *rand.Rand // its choices
}

// NewEngine makes an engine with default options; its tables are allocated at isready.
func NewEngine() *Engine {
	return &Engine{opts: newOptions(), bookRand: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 2))}
}

// Serve runs a USI conversation on in and out until quit or the end of in.
func Serve(in io.Reader, out io.Writer) error { return NewEngine().Run(in, out) }

// lineWriter writes whole lines, each flushed at once, from any goroutine.
type lineWriter struct {
	mu  sync.Mutex
	w   *bufio.Writer
	err error
}

func (lw *lineWriter) println(s string) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil {
		return
	}
	lw.w.WriteString(s)
	lw.w.WriteByte('\n')
	lw.err = lw.w.Flush()
}

// Write writes p (whole lines, as bench prints them) and flushes it: lineWriter is an io.Writer.
func (lw *lineWriter) Write(p []byte) (int, error) {
	lw.mu.Lock()
	defer lw.mu.Unlock()
	if lw.err != nil {
		return 0, lw.err
	}
	n, _ := lw.w.Write(p)
	lw.err = lw.w.Flush()
	return n, lw.err
}

func (lw *lineWriter) printf(format string, a ...any) { lw.println(fmt.Sprintf(format, a...)) }

// Run reads commands from in until quit or end of input, answering on out.
func (e *Engine) Run(in io.Reader, out io.Writer) error {
	e.out = &lineWriter{w: bufio.NewWriter(out)}
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 16<<20) // a position line of a very long game
	for sc.Scan() {
		if !e.command(sc.Text()) {
			break
		}
	}
	e.finish()
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading commands: %w", err)
	}
	return e.out.err
}

// finish stops a running search without an answer and waits for it.
func (e *Engine) finish() {
	e.silent.Store(true)
	e.stopSearch()
	e.waitSearch()
}

// command handles one line; it returns false on quit.
func (e *Engine) command(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return true
	}
	args := fields[1:]
	switch fields[0] {
	case "usi":
		e.out.printf("id name %s", engineName)
		e.out.printf("id author %s", engineAuthor)
		for _, l := range e.opts.usiLines() {
			e.out.println(l)
		}
		e.out.println("usiok")
	case "isready":
		if !e.searching() {
			e.allocate()
		}
		e.loadBook() // a search running has the book it started with
		e.out.println("readyok")
	case "setoption":
		e.setOption(strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "setoption")))
	case "usinewgame":
		if !e.searching() {
			e.allocate()
			e.searcher.NewGame()
		}
	case "position":
		g, err := parsePosition(args)
		if err != nil {
			e.game, e.posErr = nil, err.Error()
			e.out.printf("info string %s", err)
			return true
		}
		e.game, e.posErr = g, ""
	case "go":
		e.goCommand(args)
	case "stop":
		e.stopSearch()
	case "ponderhit":
		if e.searching() && e.searcher != nil {
			e.searcher.PonderHit()
			if e.release != nil {
				e.release()
			}
		}
	case "gameover":
		// the game is over: a ponder search still running has nothing left to answer
		e.silent.Store(true)
		e.stopSearch()
		e.waitSearch()
	case "quit":
		return false
	case "bench":
		e.bench(args)
	case "debug", "register":
		// USI draft commands with nothing to do here
	default:
		e.out.printf("info string unknown command %q ignored", fields[0])
	}
	return true
}

// bench runs the bench (see bench.go) at the prompt, as YaneuraOu's "bench" command does:
// "bench [depth [threads]]". A running search is stopped first, without an answer; the
// engine's own table is left alone (bench uses a table of its own).
func (e *Engine) bench(args []string) {
	if e.searching() {
		e.silent.Store(true)
		e.stopSearch()
		e.waitSearch()
	}
	depth, threads, err := ParseBenchArgs(args)
	if err != nil {
		e.out.printf("info string %v", err)
		return
	}
	if _, err := BenchThreads(e.out, depth, threads); err != nil {
		e.out.printf("info string %v", err)
	}
}

// allocate sizes the tables as the options say (at isready, or at the first go).
func (e *Engine) allocate() {
	mb := e.opts.int(optHash)
	if e.searcher == nil {
		e.searcher = NewSearcher(mb)
	} else {
		e.searcher.ResizeHash(mb)
	}
	e.noteTable("search", mb, e.searcher.HashMB())
	if e.solver == nil {
		e.solver = NewSolver(mb)
	} else {
		e.solver.Resize(mb)
		if e.mateUsed {
			// a mate engine: have the table ready for the next go mate
			e.solver.Prepare()
			e.noteSolverTable(mb)
		}
	}
}

// noteTable says so when a table got less memory than asked for (see tablemem.go).
func (e *Engine) noteTable(what string, want, got int) {
	if got < want {
		e.out.printf("info string USI_Hash %d MB: not enough memory left for the %s table, which has %d MB", want, what, got)
	}
}

// noteSolverTable is noteTable for the solver's table, asked for want MB (rounded down to a
// power of two of buckets).
func (e *Engine) noteSolverTable(want int) {
	got := e.solver.TableMB()
	if got > 0 && got*2 <= want {
		e.noteTable("mate search", want, got)
	}
}

func (e *Engine) setOption(args string) {
	name, value, err := parseSetOption(args)
	if err != nil {
		e.out.printf("info string %s", err)
		return
	}
	op, err := e.opts.set(name, value)
	if err != nil {
		e.out.printf("info string %s", err)
		return
	}
	if op.name == optClearHash && !e.searching() && e.searcher != nil {
		e.searcher.Clear()
	}
}

func (e *Engine) searching() bool {
	if e.done == nil {
		return false
	}
	select {
	case <-e.done:
		return false
	default:
		return true
	}
}

func (e *Engine) stopSearch() {
	if !e.searching() {
		return
	}
	e.stopping.Store(true)
	e.mateStop.Store(true)
	if e.searcher != nil {
		e.searcher.Stop()
	}
	if e.release != nil {
		e.release()
	}
}

func (e *Engine) waitSearch() {
	if e.done != nil {
		<-e.done
	}
}

func (e *Engine) goCommand(args []string) {
	if e.searching() {
		// a go while searching (the GUI should have sent stop): the old search ends and
		// still answers for its own position, then the new one starts
		e.stopSearch()
		e.waitSearch()
	}
	e.silent.Store(false)
	e.stopping.Store(false)
	e.mateStop.Store(false)
	if e.searcher == nil {
		e.allocate()
	}
	e.searcher.Prepare()
	gp, warnings := parseGo(args)
	for _, w := range warnings {
		e.out.printf("info string %s", w)
	}
	done := make(chan struct{})
	rel := make(chan struct{})
	var once sync.Once
	e.release = func() { once.Do(func() { close(rel) }) }
	e.done = done
	g := e.game
	posErr := e.posErr
	if g == nil && posErr == "" {
		posErr = "no position was given"
	}
	if g != nil {
		g = cloneGame(g)
	}
	set := e.settings() // read here: setoption may change the options during the search
	go func() {
		defer close(done)
		if gp.mate {
			e.runMate(g, posErr, gp, set)
			return
		}
		e.runSearch(g, posErr, gp, set, rel)
	}()
}

// goSettings are the options one go uses, read when it starts.
type goSettings struct {
	multiPV, threads int
	skill            int
	weaken           bool
	margin           time.Duration
	ponder           bool
	book             *engineBook // nil: none
	bookMoves        int         // the book is used while the game has at most this many moves
}

func (e *Engine) settings() goSettings {
	s := goSettings{
		multiPV: e.opts.int(optMultiPV),
		threads: e.opts.int(optThreads),
		margin:  time.Duration(e.opts.int(optNetworkDelay)) * time.Millisecond,
		ponder:  e.opts.bool(optPonder),
		book:    e.book,
		// BookMoves counts the moves of the game, the one to play included (YaneuraOu's)
		bookMoves: e.opts.int(optBookMoves),
	}
	s.skill, s.weaken = e.opts.skill()
	return s
}

// cloneGame copies a game so that a later position command cannot change it under the search.
func cloneGame(g *board.Game) *board.Game {
	c := board.NewGame(g.Start())
	for _, m := range g.Moves() {
		c.PlayUnchecked(m)
	}
	return c
}

// answer prints the final line of a go unless the answer is no longer wanted.
func (e *Engine) answer(s string) {
	if !e.silent.Load() {
		e.out.println(s)
	}
}

func (e *Engine) runSearch(g *board.Game, posErr string, gp goParams, set goSettings, rel <-chan struct{}) {
	// in go infinite and go ponder, bestmove waits for stop (or ponderhit)
	wait := func() {
		if gp.infinite || gp.ponder {
			<-rel
		}
	}
	if g == nil {
		e.out.printf("info string cannot search: %s", posErr)
		wait()
		e.answer("bestmove resign")
		return
	}
	pos := g.Position()
	if !pos.HasLegalMove() {
		e.out.println("info string no legal move: lost")
		wait()
		e.answer("bestmove resign")
		return
	}
	if canDeclare(pos) {
		e.out.println("info string entering king: the declaration holds")
		wait()
		e.answer("bestmove win")
		return
	}
	if e.playBook(pos, gp, set) {
		return
	}
	lim := Limits{
		Depth:    gp.depth,
		Nodes:    gp.nodes,
		Infinite: gp.infinite,
		Ponder:   gp.ponder,
		MultiPV:  set.multiPV,
		Threads:  set.threads,
		Skill:    set.skill,
		Weaken:   set.weaken,
	}
	for _, s := range gp.searchMoves {
		m, err := pos.ParseMove(s)
		if err != nil {
			e.out.printf("info string searchmoves: %v", err)
			continue
		}
		lim.SearchMoves = append(lim.SearchMoves, m)
	}
	if !gp.infinite {
		tb := budget(gp.clock, pos.SideToMove(), set.margin, len(g.Moves()))
		lim.Optimum, lim.Maximum = tb.Optimum, tb.Maximum
		if tb.Maximum == 0 && gp.depth == 0 && gp.nodes == 0 {
			// a bare go: think a few seconds, or until stop
			lim.Optimum, lim.Maximum = 5*time.Second, 5*time.Second
		}
	}
	res := e.searcher.Search(g, lim, func(i Info) { e.out.println(formatInfo(i)) })
	wait()
	if res.Move == board.NoMove {
		e.answer("bestmove resign")
		return
	}
	if res.Score.IsMate && res.Score.Mate < 0 && !gp.infinite {
		// a forced mate against us: nothing left to play for
		e.out.printf("info string mated in %d: resign", -res.Score.Mate)
		e.answer("bestmove resign")
		return
	}
	if res.Ponder != board.NoMove && set.ponder {
		e.answer(fmt.Sprintf("bestmove %s ponder %s", res.Move.USI(), res.Ponder.USI()))
		return
	}
	e.answer("bestmove " + res.Move.USI())
}

func (e *Engine) runMate(g *board.Game, posErr string, gp goParams, set goSettings) {
	if g == nil {
		e.out.printf("info string cannot solve: %s", posErr)
		e.answer("checkmate timeout")
		return
	}
	opt := SolveOptions{Stop: &e.mateStop, Threads: e.opts.int(optThreads)}
	if p := g.Position(); e.opts.bool(optRootIsAnd) && p.InCheck() && p.HasLegalMove() {
		opt.DefenderToMove = true
		// mated already once futile interpositions are left out: that answer would be an
		// empty line, which USI cannot give, so they count, and the line shows them taken
		opt.CountFutile = matedOmittingFutile(p)
	}
	e.mateUsed = true
	start := time.Now()
	want := e.opts.int(optHash)
	if gp.mateTime > 0 {
		margin := min(set.margin, gp.mateTime/4)
		opt.Deadline = start.Add(gp.mateTime - margin)
		// a table the search can fill in its time: df-pn stores about 40 MB a second
		want = min(want, int(gp.mateTime.Seconds()*64)+16)
	}
	e.solver.Fit(want)
	e.noteSolverTable(want)
	opt.Progress = func(pr SolveProgress) {
		e.out.printf("info time %d nodes %d nps %d hashfull %d", pr.Time.Milliseconds(), pr.Nodes, nps(pr.Nodes, pr.Time), pr.HashFull)
	}
	res := e.solver.Solve(g.Position(), opt)
	switch res.Status {
	case MateFound:
		moves := make([]string, len(res.Line))
		for i, m := range res.Line {
			moves[i] = m.USI()
		}
		e.out.printf("info time %d nodes %d score mate %d pv %s", res.Time.Milliseconds(), res.Nodes, len(res.Line), strings.Join(moves, " "))
		e.answer("checkmate " + strings.Join(moves, " "))
	case NoMate:
		e.answer("checkmate nomate")
	default:
		e.answer("checkmate timeout")
	}
}

// formatInfo writes an info line as USI wants it: pv last.
func formatInfo(i Info) string {
	var b strings.Builder
	b.WriteString("info")
	if i.Depth > 0 {
		fmt.Fprintf(&b, " depth %d", i.Depth)
		if i.SelDepth > 0 {
			fmt.Fprintf(&b, " seldepth %d", i.SelDepth)
		}
	}
	if i.CurrMove != board.NoMove {
		fmt.Fprintf(&b, " currmove %s currmovenumber %d", i.CurrMove.USI(), i.CurrMoveNumber)
		return b.String()
	}
	if i.MultiPV > 0 {
		fmt.Fprintf(&b, " multipv %d", i.MultiPV)
	}
	if i.HasScore {
		s := i.Score
		if s.IsMate {
			fmt.Fprintf(&b, " score mate %d", s.Mate)
		} else {
			fmt.Fprintf(&b, " score cp %d", s.CP)
		}
		if s.Lower {
			b.WriteString(" lowerbound")
		} else if s.Upper {
			b.WriteString(" upperbound")
		}
	}
	if len(i.PV) > 0 {
		fmt.Fprintf(&b, " time %d", i.Time.Milliseconds())
	}
	fmt.Fprintf(&b, " nodes %d nps %d hashfull %d", i.Nodes, i.NPS, i.HashFull)
	if len(i.PV) > 0 {
		b.WriteString(" pv")
		for _, m := range i.PV {
			b.WriteByte(' ')
			b.WriteString(m.USI())
		}
	}
	return b.String()
}
