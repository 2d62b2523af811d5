package game

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"banmen/board"
	"banmen/kifu"
	"banmen/usiclient"
)

// Config is everything about one game.
type Config struct {
	Start *board.Position // nil: the standard start
	Prior []board.Move    // moves already played from Start (a game continued from a record)
	// Clock, if set, is the clocks to go on with (a game resumed from its saved record;
	// see FromRecord); otherwise both start full from Time.
	Clock *Clock
	// Record, if set, is the record to continue (a game resumed from its saved record;
	// see FromRecord and Saved.Apply): Prior must be moves of it from its start (nil
	// Start: the record's start). The game writes its moves after them, keeping the
	// record's headers (開始日時 stays; Headers given here are set), the earlier moves'
	// times and comments and every variation; a 中断 that ended the line is removed.
	// The game changes this record: the caller must not change it while the game runs.
	Record  *kifu.Record
	Players [2]Player // [board.Black], [board.White]
	Time    [2]TimeControl
	// MaxMoves ends the game as a draw after this many moves in all (0: no limit).
	MaxMoves int
	// EngineLosesOnTime makes an engine lose when it overruns its time by more than
	// Margin; otherwise its late move is accepted. Humans always lose on time.
	EngineLosesOnTime bool
	Margin            time.Duration
	Impasse           board.ImpasseRule // zero: board.CSAImpasseRule
	// FailureLoses ends the game when a player fails (an engine dies or stops answering):
	// that side loses, as in an engine match. Without it the game pauses for Resume.
	FailureLoses bool
	// Save, if set, is called with the record after every move and at the end.
	Save func(*kifu.Record) error
	// Headers are put on the record (棋戦, 場所…); 先手/後手 and 開始日時 are filled in.
	Headers kifu.Headers
	Time0   TimeSource // nil: RealTime
}

// State is where a game is.
type State int

const (
	NotStarted State = iota
	Playing
	Paused // a player failed (an engine died): Resume to go on
	Over
)

func (s State) String() string {
	return [...]string{"not started", "playing", "paused", "over"}[s]
}

// Game is one game in progress.
type Game struct {
	cfg   Config
	ts    TimeSource
	start *board.Position

	mu       sync.Mutex
	rec      *kifu.Record
	end      *kifu.Node
	bg       *board.Game
	clock    *Clock
	state    State
	result   Result
	failure  error
	failed   board.Color // the side whose player failed, while paused
	thoughts [2]*Thought
	saveErr  error
	version  atomic.Uint64
	resume   chan resumeReq
}

type resumeReq struct {
	side   board.Color
	player Player
}

// New prepares a game; Run plays it.
func New(cfg Config) (*Game, error) {
	if cfg.Players[0] == nil || cfg.Players[1] == nil {
		return nil, errors.New("game: two players are needed")
	}
	start := cfg.Start
	if start == nil && cfg.Record != nil {
		start = cfg.Record.Position(cfg.Record.Root)
	}
	if start == nil {
		start = board.NewStartPosition()
	}
	if cfg.Record != nil && !cfg.Record.Position(cfg.Record.Root).SamePosition(start) {
		return nil, errors.New("game: the record to continue starts from another position")
	}
	if cfg.Impasse == (board.ImpasseRule{}) {
		cfg.Impasse = board.CSAImpasseRule
	}
	ts := cfg.Time0
	if ts == nil {
		ts = RealTime{}
	}
	g := &Game{cfg: cfg, ts: ts, start: start.Clone(), resume: make(chan resumeReq)}
	g.bg = board.NewGame(start)
	g.rec = cfg.Record
	if g.rec == nil {
		g.rec = kifu.New(start)
	}
	g.end = g.rec.Root
	for i, m := range cfg.Prior {
		if err := g.bg.Play(m); err != nil {
			return nil, fmt.Errorf("game: prior move %d: %v", i+1, err)
		}
		var n *kifu.Node
		if cfg.Record != nil {
			if n = childWithMove(g.end, m); n == nil {
				return nil, fmt.Errorf("game: prior move %d (%s) is not in the record", i+1, m.USI())
			}
		} else {
			var err error
			if n, err = g.rec.Play(g.end, m); err != nil {
				return nil, fmt.Errorf("game: prior move %d: %v", i+1, err)
			}
		}
		g.end = n
	}
	if cfg.Record != nil {
		// the 中断 written when the game stopped, and when: the game goes on instead
		if _, ok := g.rec.Headers.Get(kifu.HeaderEnd); ok {
			g.rec.Headers.Delete(kifu.HeaderEnd)
		}
		for _, c := range append([]*kifu.Node(nil), g.end.Children()...) {
			if c.Special == kifu.Interrupt {
				c.Remove()
			}
		}
	}
	g.clock = NewClock(cfg.Time[0], cfg.Time[1])
	if cfg.Clock != nil {
		c := *cfg.Clock
		c.running = false
		g.clock = &c
	}
	for _, h := range cfg.Headers {
		g.rec.Headers.Set(h.Key, h.Value)
	}
	// a continued record keeps what it says (開始日時 is when the game began)
	set := func(key, value string) {
		if cfg.Record == nil || g.rec.Headers.Value(key) == "" {
			g.rec.Headers.Set(key, value)
		}
	}
	set("開始日時", ts.Now().Format("2006/01/02 15:04:05"))
	// a handicap game names its players 下手 and 上手, as KIF and 対局情報 do, unless the
	// record continued already names them 先手 and 後手
	black, white := kifu.HeaderBlack, kifu.HeaderWhite
	if h, ok := kifu.HandicapOf(start); ok && h.Name != "平手" && g.rec.Headers.Value(black) == "" {
		black, white = kifu.HeaderShitate, kifu.HeaderUwate
	}
	set(black, cfg.Players[0].Name())
	set(white, cfg.Players[1].Name())
	if tc := cfg.Time[0]; tc == cfg.Time[1] && !tc.Unlimited() {
		set("持ち時間", tc.String())
	}
	return g, nil
}

// childWithMove returns n's child reached by m (a move from n's position, complete or
// as parsed from USI), the main continuation first; nil if there is none.
func childWithMove(n *kifu.Node, m board.Move) *kifu.Node {
	for _, c := range n.Children() {
		if c.Special == kifu.NotSpecial && (c.Move == m || c.Move.USI() == m.USI()) {
			return c
		}
	}
	return nil
}

// Record returns the record. The game changes it while it runs: read it after Run
// returns, or through WithRecord.
func (g *Game) Record() *kifu.Record {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.rec
}

// WithRecord calls f with the record while the game cannot change it (for a GUI that
// shows the record of a game in progress). f must not keep the record.
func (g *Game) WithRecord(f func(*kifu.Record)) {
	g.mu.Lock()
	defer g.mu.Unlock()
	f(g.rec)
}

// Snapshot is the game at one moment, for the GUI.
type Snapshot struct {
	Version  uint64
	State    State
	Position *board.Position
	Moves    []board.Move
	ToMove   board.Color
	// Left is each side's time left on this move (main time + byoyomi), counting down for the side to move.
	Left      [2]time.Duration
	Remaining [2]time.Duration // main time left
	Unlimited [2]bool
	Thoughts  [2]*Thought // each side's last thought
	Result    Result
	Failure   error       // why the game is paused
	Failed    board.Color // whose player failed, while paused
	SaveErr   error       // the last autosave failure, if any
}

// Snapshot returns the game now.
func (g *Game) Snapshot() Snapshot {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.ts.Now()
	s := Snapshot{Version: g.version.Load(), State: g.state, Position: g.bg.Position().Clone(),
		Moves: append([]board.Move(nil), g.bg.Moves()...), Result: g.result, Failure: g.failure, Failed: g.failed,
		Thoughts: g.thoughts, SaveErr: g.saveErr}
	s.ToMove = s.Position.SideToMove()
	for c := board.Black; c <= board.White; c++ {
		s.Left[c] = g.clock.Left(c, now)
		s.Remaining[c] = g.clock.Remaining[c]
		s.Unlimited[c] = g.clock.TC[c].Unlimited()
	}
	return s
}

// Version changes whenever the game changes.
func (g *Game) Version() uint64 { return g.version.Load() }

func (g *Game) bump() { g.version.Add(1) }

func (g *Game) request() Request {
	pos := g.bg.Position().Clone()
	v := ClockView{BTime: g.clock.Remaining[board.Black], WTime: g.clock.Remaining[board.White],
		BInc: g.clock.TC[board.Black].Increment, WInc: g.clock.TC[board.White].Increment}
	for c := board.Black; c <= board.White; c++ {
		v.ByoyomiOf[c] = g.clock.TC[c].Byoyomi
		v.UnlimitedOf[c] = g.clock.TC[c].Unlimited()
	}
	side := pos.SideToMove()
	v.Byoyomi = v.ByoyomiOf[side]
	v.Unlimited = v.UnlimitedOf[side]
	return Request{Start: g.start, Moves: append([]board.Move(nil), g.bg.Moves()...), Position: pos, Clock: v}
}

type outcome struct {
	d   Decision
	err error
}

// Run plays the game to its end and returns the result. Cancelling ctx aborts the
// game (中断). While the game is paused after a failure, Run waits for Resume.
func (g *Game) Run(ctx context.Context) (Result, error) {
	g.mu.Lock()
	g.state = Playing
	g.bump()
	g.mu.Unlock()
	if r, over, err := g.newGames(ctx); over {
		return r, err
	}
	if r, ok := g.terminal(); ok {
		return g.finish(ctx, r, special(r)), nil
	}
	for {
		if r, over, err := g.playTurn(ctx); over {
			return r, err
		}
	}
}

// newGames tells both players a game starts. A player that fails loses, or pauses the
// game; over is true when the game ended there.
func (g *Game) newGames(ctx context.Context) (r Result, over bool, err error) {
	for c := board.Black; c <= board.White; c++ {
		if err := g.cfg.Players[c].NewGame(ctx, g.start); err != nil {
			if g.cfg.FailureLoses {
				return g.finish(ctx, Result{Reason: PlayerFailure, Winner: c.Opp(), Detail: err.Error()}, kifu.ErrorEnd), true, nil
			}
			switch g.pause(ctx, c, err) {
			case pauseAborted:
				return g.finish(ctx, Result{Reason: Aborted}, kifu.Interrupt), true, ctx.Err()
			case pauseForfeited:
				return g.finish(ctx, Result{Reason: PlayerFailure, Winner: c.Opp(), Detail: err.Error()}, kifu.ErrorEnd), true, nil
			}
		}
	}
	return Result{}, false, nil
}

// turn is one player's turn to move.
type turn struct {
	side   board.Color
	player Player
	req    Request
	// limit is the time the player may take: the clock's allowance, with the margin for
	// an engine; timed says whether running past it loses.
	limit       time.Duration
	timed       bool
	alarm       <-chan time.Time // fires at limit when timed
	cancelAlarm func()
}

// startTurn starts the clock of the side to move and, when the game is timed for it,
// the alarm that ends the game when its time runs out.
func (g *Game) startTurn() *turn {
	g.mu.Lock()
	defer g.mu.Unlock()
	side := g.bg.Position().SideToMove()
	t := &turn{side: side, player: g.cfg.Players[side], req: g.request(), cancelAlarm: func() {}}
	g.clock.Start(side, g.ts.Now())
	// an engine may overrun by the margin (pipes and process switches take time)
	t.limit = g.clock.Allowed(side)
	if !t.player.IsHuman() {
		t.limit += g.cfg.Margin
	}
	t.timed = !g.clock.TC[side].Unlimited() && (t.player.IsHuman() || g.cfg.EngineLosesOnTime)
	if t.timed {
		t.alarm, t.cancelAlarm = g.ts.After(t.limit)
	}
	g.bump()
	return t
}

// playTurn lets the side to move think and plays its decision; over is true when the
// game ended.
func (g *Game) playTurn(ctx context.Context) (r Result, over bool, err error) {
	t := g.startTurn()
	o, r, over, err := g.think(ctx, t)
	if over {
		return r, true, err
	}
	if o.err != nil {
		g.mu.Lock()
		g.clock.Pause(g.ts.Now())
		g.mu.Unlock()
		if g.cfg.FailureLoses {
			return g.finish(ctx, Result{Reason: PlayerFailure, Winner: t.side.Opp(), Detail: o.err.Error()}, kifu.ErrorEnd), true, nil
		}
		switch g.pause(ctx, t.side, o.err) {
		case pauseAborted:
			return g.finish(context.Background(), Result{Reason: Aborted}, kifu.Interrupt), true, ctx.Err()
		case pauseForfeited:
			return g.finish(ctx, Result{Reason: PlayerFailure, Winner: t.side.Opp(), Detail: o.err.Error()}, kifu.ErrorEnd), true, nil
		}
		return Result{}, false, nil // the same side moves again, with its restarted player
	}
	g.mu.Lock()
	elapsed, _ := g.clock.Stop(g.ts.Now())
	g.mu.Unlock()
	if t.timed && elapsed > t.limit {
		return g.finishAfter(ctx, Result{Reason: TimeForfeit, Winner: t.side.Opp()}, kifu.Timeout, elapsed), true, nil
	}
	if r, done, moved := g.apply(t.side, t.req, o.d, elapsed); done {
		if !moved {
			// 投了, 入玉宣言, an illegal move: the ending took the player's time, as a move does
			return g.finishAfter(ctx, r, special(r), elapsed), true, nil
		}
		return g.finish(ctx, r, special(r)), true, nil
	}
	g.save()
	g.mu.Lock()
	next := g.request()
	g.mu.Unlock()
	t.player.Moved(next)
	return Result{}, false, nil
}

// think waits for the player's decision. When its time runs out (it loses) or ctx ends
// (the game is aborted) first, it stops the player and over is true.
func (g *Game) think(ctx context.Context, t *turn) (o outcome, r Result, over bool, err error) {
	thinkCtx, cancelThink := context.WithCancel(ctx)
	defer cancelThink()
	ch := make(chan outcome, 1)
	go func() {
		d, err := t.player.Think(thinkCtx, t.req)
		ch <- outcome{d, err}
	}()
	select {
	case o = <-ch:
		cancelThink()
		t.cancelAlarm()
		return o, Result{}, false, nil
	case <-t.alarm:
		cancelThink()
		<-ch
		g.mu.Lock()
		elapsed, _ := g.clock.Stop(g.ts.Now())
		g.mu.Unlock()
		return o, g.finishAfter(ctx, Result{Reason: TimeForfeit, Winner: t.side.Opp()}, kifu.Timeout, elapsed), true, nil
	case <-ctx.Done():
		cancelThink()
		t.cancelAlarm()
		<-ch
		g.mu.Lock()
		g.clock.Pause(g.ts.Now())
		g.mu.Unlock()
		return o, g.finish(context.Background(), Result{Reason: Aborted}, kifu.Interrupt), true, ctx.Err()
	}
}

// apply plays a decision; it reports the result if the game is over, and whether a move was
// played (a move that mates or repeats ends the game too).
func (g *Game) apply(side board.Color, req Request, d Decision, elapsed time.Duration) (r Result, over, moved bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.thoughts[side] = d.Thought
	defer g.bump()
	switch {
	case d.Illegal != "":
		return Result{Reason: IllegalMove, Winner: side.Opp(), Detail: d.Illegal}, true, false
	case d.Resign:
		return Result{Reason: Resignation, Winner: side.Opp()}, true, false
	case d.Win:
		if ok, why := req.Position.CanDeclareWin(g.cfg.Impasse); ok {
			return Result{Reason: Declaration, Winner: side}, true, false
		} else {
			return Result{Reason: FalseDeclaration, Winner: side.Opp(), Detail: why}, true, false
		}
	}
	if !req.Position.IsLegal(d.Move) {
		why := "no move"
		if d.Move != board.NoMove {
			_, err := req.Position.ParseMove(d.Move.USI())
			why = fmt.Sprint(err)
		}
		return Result{Reason: IllegalMove, Winner: side.Opp(), Detail: why}, true, false
	}
	n, err := g.rec.Play(g.end, d.Move)
	if err != nil {
		return Result{Reason: IllegalMove, Winner: side.Opp(), Detail: err.Error()}, true, false
	}
	n.MakeMainLine() // the game's line is the main line, also in a continued record
	g.rec.SetElapsed(n, elapsed)
	if tc, ok := d.Thought.ThinkComment(false); ok {
		g.rec.SetThinkComment(n, tc)
	}
	g.end = n
	g.bg.PlayUnchecked(d.Move)
	r, over = g.terminalLocked()
	return r, over, true
}

func (g *Game) terminal() (Result, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.terminalLocked()
}

// terminalLocked judges the current position: repetition, mate, move limit.
func (g *Game) terminalLocked() (Result, bool) {
	pos := g.bg.Position()
	plies := len(g.bg.Moves())
	switch g.bg.Repetition() {
	case board.RepetitionDraw:
		return Result{Reason: Repetition, Draw: true, Plies: plies}, true
	case board.RepetitionBlackLoses:
		return Result{Reason: PerpetualCheck, Winner: board.White, Plies: plies}, true
	case board.RepetitionWhiteLoses:
		return Result{Reason: PerpetualCheck, Winner: board.Black, Plies: plies}, true
	}
	if !pos.HasLegalMove() {
		return Result{Reason: Checkmate, Winner: pos.SideToMove().Opp(), Plies: plies}, true
	}
	if g.cfg.MaxMoves > 0 && plies >= g.cfg.MaxMoves {
		return Result{Reason: MoveLimit, Draw: true, Plies: plies}, true
	}
	return Result{}, false
}

// special is the record's ending for a result, seen from the side to move when it happened.
func special(r Result) kifu.Special {
	switch r.Reason {
	case Resignation:
		return kifu.Resign
	case Checkmate:
		return kifu.Checkmate
	case Repetition:
		return kifu.Repetition
	case PerpetualCheck:
		// the side to move at the fourth repetition: if it is the loser it was the checker
		return kifu.FoulLose
	case Declaration:
		return kifu.EnteringKing
	case FalseDeclaration, IllegalMove:
		return kifu.FoulLose
	case TimeForfeit:
		return kifu.Timeout
	case MoveLimit:
		return kifu.MaxMoves
	}
	return kifu.Interrupt
}

// finish records the end, tells the players and saves.
func (g *Game) finish(ctx context.Context, r Result, s kifu.Special) Result {
	return g.finishAfter(ctx, r, s, -1)
}

// finishAfter is finish for an ending that took the side to move elapsed (投了 after some
// thought, a flag fallen), which the record keeps with it as ShogiHome's and Shogidokoro's
// do: "投了 ( 0:12/00:05:34)". elapsed < 0: none.
func (g *Game) finishAfter(ctx context.Context, r Result, s kifu.Special, elapsed time.Duration) Result {
	g.mu.Lock()
	r.Plies = len(g.bg.Moves())
	toMove := g.bg.Position().SideToMove()
	if r.Reason == PerpetualCheck && r.Winner == toMove {
		// the checker moved last: the side to move wins by the opponent's foul
		s = kifu.FoulWin
	}
	g.rec.Headers.Set(kifu.HeaderEnd, g.ts.Now().Format("2006/01/02 15:04:05"))
	if n, err := g.rec.End(g.end, s, ""); err == nil {
		n.MakeMainLine()
		if r.Detail != "" {
			n.Comment = r.Detail
		}
		if elapsed >= 0 {
			g.rec.SetElapsed(n, elapsed)
		}
		g.end = n
	}
	g.result = r
	g.state = Over
	g.bump()
	g.mu.Unlock()
	for c := board.Black; c <= board.White; c++ {
		res := usiclient.Draw
		if r.Decisive() {
			res = usiclient.Lose
			if r.Winner == c {
				res = usiclient.Win
			}
		}
		if r.Reason == Aborted {
			continue
		}
		gctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		g.cfg.Players[c].GameOver(gctx, res)
		cancel()
	}
	g.save()
	return r
}

func (g *Game) save() {
	if g.cfg.Save == nil {
		return
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	g.saveErr = g.cfg.Save(g.rec)
	g.bump()
}

// How a pause ended.
type pauseEnd int

const (
	pauseResumed   pauseEnd = iota // Resume: the same game goes on
	pauseAborted                   // ctx ended first (中断)
	pauseForfeited                 // Forfeit: the failed side loses
)

// pause waits for Resume or Forfeit after side's player failed, or for ctx to end.
func (g *Game) pause(ctx context.Context, side board.Color, err error) pauseEnd {
	g.mu.Lock()
	g.state = Paused
	g.failed = side
	g.failure = fmt.Errorf("%s (%s) failed: %w", sideName(side), g.cfg.Players[side].Name(), err)
	g.bump()
	g.mu.Unlock()
	g.save()
	for {
		select {
		case <-ctx.Done():
			return pauseAborted
		case rq := <-g.resume:
			if rq.player == nil {
				return pauseForfeited
			}
			g.mu.Lock()
			g.cfg.Players[rq.side] = rq.player
			g.mu.Unlock()
			if err := rq.player.NewGame(ctx, g.start); err != nil {
				g.mu.Lock()
				g.failure = fmt.Errorf("%s (%s) failed again: %w", sideName(rq.side), rq.player.Name(), err)
				g.bump()
				g.mu.Unlock()
				continue
			}
			g.mu.Lock()
			g.state = Playing
			g.failure = nil
			g.bump()
			g.mu.Unlock()
			return pauseResumed
		}
	}
}

// Failure returns why the game is paused (nil if it is not).
func (g *Game) Failure() error {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.failure
}

// Resume goes on with a paused game, with player (a restarted engine) playing side.
// It returns an error if the game is not paused.
func (g *Game) Resume(ctx context.Context, side board.Color, player Player) error {
	g.mu.Lock()
	st := g.state
	g.mu.Unlock()
	if st != Paused {
		return fmt.Errorf("game: not paused but %s", st)
	}
	select {
	case g.resume <- resumeReq{side, player}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Forfeit ends a paused game: the side whose player failed loses (エラー in the record).
// It returns an error if the game is not paused.
func (g *Game) Forfeit(ctx context.Context) error {
	g.mu.Lock()
	st, side := g.state, g.failed
	g.mu.Unlock()
	if st != Paused {
		return fmt.Errorf("game: not paused but %s", st)
	}
	select {
	case g.resume <- resumeReq{side: side}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Player returns the player of side.
func (g *Game) Player(side board.Color) Player {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.cfg.Players[side]
}
