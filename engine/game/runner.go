package game

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"banmen/board"
	"banmen/engine"
	"banmen/kifu"
)

// Seat is who plays one side in a Runner: a person (Engine nil) or an engine.
type Seat struct {
	Human  string             // the person's name, when Engine is nil
	Engine *engine.Definition // the engine, started by the runner
	Ponder bool               // the engine thinks on the opponent's time (also if RunnerConfig.Ponder)
}

// RunnerConfig sets up a Runner: the seats, and the game's Config without its
// players (the runner makes them from the seats).
type RunnerConfig struct {
	Seats  [2]Seat
	Ponder bool // both engines ponder (each Seat may ask for it on its own)
	// PauseOnFailure pauses the game when an engine fails (dies, stops answering)
	// instead of ending it: Restart starts the engine again and the game goes on,
	// Forfeit ends it with that engine's loss.
	PauseOnFailure bool
	Game           Config
}

// ponders reports whether the engine of side thinks on the opponent's time.
func (c RunnerConfig) ponders(side board.Color) bool { return c.Ponder || c.Seats[side].Ponder }

// Runner plays a game for a window: it starts the engines (through a Manager, which
// can close them all at the app's exit), plays the game on a goroutine of its own,
// takes the person's moves and resignation, aborts (中断), takes moves back (待った:
// the game stops and goes on from an earlier move with the clocks as they were), and
// closes its engines when the game is over. Every method returns at once; a window
// polls Version and reads Snapshot and the record (WithRecord).
type Runner struct {
	m   *engine.Manager
	cfg RunnerConfig

	ctx     context.Context // cancelled by Abort and at the end: closes the engines
	cancel  context.CancelFunc
	done    chan struct{}
	version atomic.Uint64

	mu       sync.Mutex
	game     *Game
	gameStop context.CancelFunc // stops the game now playing (Abort, Takeback)
	takeback int                // plies to take back when the game now playing stops
	humans   [2]*Human
	players  [2]Player
	started  []*engine.Running // the engines to close at the end
	err      error
	result   Result
	over     bool
}

// ErrNotYourTurn is returned by Play when the side to move is not the person's.
var ErrNotYourTurn = errors.New("it is not your turn")

// ErrNotThinking is returned by MoveNow when no engine is thinking on its move.
var ErrNotThinking = errors.New("no engine is thinking on its move")

// StartRunner starts the engines of cfg and then the game.
func StartRunner(m *engine.Manager, cfg RunnerConfig) *Runner {
	r := &Runner{m: m, cfg: cfg, done: make(chan struct{})}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	go r.work()
	return r
}

// Version changes whenever the game or the runner changed: poll it.
func (r *Runner) Version() uint64 {
	v := r.version.Load()
	if g := r.Game(); g != nil {
		v += g.Version()
	}
	return v
}

// Game returns the game now playing (nil while the engines start).
func (r *Runner) Game() *Game {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.game
}

// Err is why the game could not start (an engine that failed to start; not an Abort
// while it started, which is a result).
func (r *Runner) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Result is the game's result once it is over (Done is closed).
func (r *Runner) Result() (Result, bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.result, r.over
}

// Done is closed when the game is over and the engines are closed.
func (r *Runner) Done() <-chan struct{} { return r.done }

// IsHuman reports whether a person plays side.
func (r *Runner) IsHuman(side board.Color) bool { return r.cfg.Seats[side].Engine == nil }

// Play submits the person's move m; it fails when it is not a person's turn.
func (r *Runner) Play(m board.Move) error {
	return r.submit(func(pos *board.Position) (Decision, error) {
		if !pos.IsLegal(m) {
			return Decision{}, fmt.Errorf("%s is not a legal move", m.USI())
		}
		return Decision{Move: m}, nil
	})
}

// MoveNow has the engine to move play at once the best move it has found (USI stop), as a
// GUI's "move now" does; its clock is charged the time it took. It fails with
// ErrNotThinking when a person is to move, the game is not under way, or the engine has
// not started thinking yet.
func (r *Runner) MoveNow() error {
	g := r.Game()
	if g == nil {
		return ErrNotThinking
	}
	s := g.Snapshot()
	if s.State != Playing {
		return ErrNotThinking
	}
	if p := r.Engine(s.ToMove); p == nil || !p.MoveNow() {
		return ErrNotThinking
	}
	return nil
}

// Resign resigns for the person whose turn it is; with one person playing an engine,
// on the engine's turn, the person resigns as soon as the engine's move is played (the
// record's 投了 is the move of the side to move).
func (r *Runner) Resign() error {
	err := r.submit(func(*board.Position) (Decision, error) { return Decision{Resign: true}, nil })
	if !errors.Is(err, ErrNotYourTurn) || r.Game() == nil {
		return err
	}
	if s := r.Game().Snapshot(); s.State != Playing {
		return err
	}
	var only *Human
	for _, h := range r.humans {
		if h != nil {
			if only != nil {
				return err // two people: the one to move resigns
			}
			only = h
		}
	}
	if only == nil || !only.Submit(Decision{Resign: true}) {
		return err
	}
	return nil
}

// DeclareWin declares a win by 入玉宣言 for the person whose turn it is: the game
// judges it, and a declaration that does not meet the rule loses.
func (r *Runner) DeclareWin() error {
	return r.submit(func(*board.Position) (Decision, error) { return Decision{Win: true}, nil })
}

func (r *Runner) submit(f func(*board.Position) (Decision, error)) error {
	r.mu.Lock()
	g := r.game
	r.mu.Unlock()
	if g == nil {
		return ErrNotYourTurn
	}
	s := g.Snapshot()
	if s.State != Playing || r.humans[s.ToMove] == nil {
		return ErrNotYourTurn
	}
	d, err := f(s.Position)
	if err != nil {
		return err
	}
	if !r.humans[s.ToMove].Submit(d) {
		return ErrNotYourTurn
	}
	return nil
}

// Abort stops the game (中断, written in the record); the engines are closed.
func (r *Runner) Abort() {
	r.mu.Lock()
	stop := r.gameStop
	r.mu.Unlock()
	r.cancel()
	if stop != nil {
		stop()
	}
}

// Takeback takes back the person's last move and the engine's reply (待った): the
// game stops and goes on from the position before the person's move, with the clocks as
// they are. It fails when the person has no move to take back or the game is over.
func (r *Runner) Takeback() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	g := r.game
	if g == nil || r.over || r.takeback > 0 {
		return errors.New("no game to take back a move of")
	}
	s := g.Snapshot()
	if s.State != Playing {
		return errors.New("the game is not playing")
	}
	// back over the engine's moves to the person's last move, and over it
	n := 0
	for i := len(s.Moves) - 1; i >= len(r.cfg.Game.Prior); i-- {
		side := s.Position.SideToMove()
		if (len(s.Moves)-i)%2 == 1 {
			side = side.Opp()
		}
		n++
		if r.humans[side] != nil {
			r.takeback = n
			r.gameStop()
			r.version.Add(1)
			return nil
		}
	}
	return errors.New("no move of yours to take back")
}

func (r *Runner) work() {
	defer close(r.done)
	defer func() {
		r.mu.Lock()
		started := r.started
		r.mu.Unlock()
		var wg sync.WaitGroup
		for _, e := range started {
			wg.Add(1)
			go func() {
				defer wg.Done()
				e.Close(context.Background())
			}()
		}
		wg.Wait()
		r.version.Add(1)
	}()
	for c := board.Black; c <= board.White; c++ {
		seat := r.cfg.Seats[c]
		if seat.Engine == nil {
			h := NewHuman(seat.Human)
			r.humans[c], r.players[c] = h, h
			continue
		}
		ponder := r.cfg.ponders(c)
		e, err := r.m.Start(r.ctx, *seat.Engine, engine.StartOptions{Ponder: ponder})
		if err != nil {
			r.mu.Lock()
			if r.ctx.Err() != nil {
				r.result = Result{Reason: Aborted} // aborted while the engines started
			} else {
				r.err = err
			}
			r.over = true
			r.mu.Unlock()
			r.version.Add(1)
			return
		}
		r.mu.Lock()
		r.started = append(r.started, e)
		r.mu.Unlock()
		r.players[c] = NewEnginePlayer(e, ponder)
	}
	cfg := r.cfg.Game
	cfg.FailureLoses = !r.cfg.PauseOnFailure
	for {
		r.mu.Lock()
		cfg.Players = r.players // with an engine restarted in the last game
		r.mu.Unlock()
		g, err := New(cfg)
		if err != nil {
			r.mu.Lock()
			r.err, r.over = err, true
			r.mu.Unlock()
			r.version.Add(1)
			return
		}
		gctx, stop := context.WithCancel(r.ctx)
		r.mu.Lock()
		r.game, r.gameStop = g, stop
		r.mu.Unlock()
		r.version.Add(1)
		res, _ := g.Run(gctx)
		stop()
		r.mu.Lock()
		back := r.takeback
		r.takeback = 0
		r.mu.Unlock()
		if back == 0 || r.ctx.Err() != nil {
			r.mu.Lock()
			r.result, r.over = res, true
			r.mu.Unlock()
			r.version.Add(1)
			return
		}
		for _, h := range r.humans {
			if h != nil {
				select { // a move sent as the game stopped is not for the game that goes on
				case <-h.decision:
				default:
				}
			}
		}
		cfg = r.continued(g, cfg, back)
	}
}

// continued is the config that goes on with g's record after taking back plies moves.
func (r *Runner) continued(g *Game, cfg Config, plies int) Config {
	s := g.Snapshot()
	var rec *kifu.Record
	var prior []board.Move
	// under the game's lock: a window may be reading the record through WithRecord
	g.WithRecord(func(gr *kifu.Record) {
		rec = gr
		end := rec.MainEnd()
		if end.IsSpecial() {
			end.Remove()
			end = rec.MainEnd()
		}
		for i := 0; i < plies && end.Parent() != nil; i++ {
			p := end.Parent()
			end.Remove()
			end = p
		}
		if _, ok := rec.Headers.Get(kifu.HeaderEnd); ok {
			rec.Headers.Delete(kifu.HeaderEnd) // the game goes on
		}
		prior = end.Moves()
	})
	clock := NewClock(cfg.Time[0], cfg.Time[1])
	clock.Remaining = s.Remaining
	cfg.Record = rec
	cfg.Start = nil
	cfg.Prior = prior
	cfg.Clock = clock
	return cfg
}

// Restart starts again the engine whose failure paused the game (PauseOnFailure) and
// goes on with the same game, the clocks as they were. It blocks while the engine
// starts; it fails when the game is not paused or the engine cannot start (the game
// stays paused).
func (r *Runner) Restart() error {
	g := r.Game()
	if g == nil {
		return errors.New("no game to restart an engine of")
	}
	s := g.Snapshot()
	if s.State != Paused {
		return fmt.Errorf("the game is not paused but %s", s.State)
	}
	seat := r.cfg.Seats[s.Failed]
	if seat.Engine == nil {
		return errors.New("the failed player is not an engine")
	}
	e, err := r.m.Start(r.ctx, *seat.Engine, engine.StartOptions{Ponder: r.cfg.ponders(s.Failed)})
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.started = append(r.started, e)
	r.mu.Unlock()
	p := NewEnginePlayer(e, r.cfg.ponders(s.Failed))
	r.mu.Lock()
	r.players[s.Failed] = p
	r.mu.Unlock()
	return g.Resume(r.ctx, s.Failed, p)
}

// Forfeit ends a game paused by an engine's failure: that engine loses.
func (r *Runner) Forfeit() error {
	g := r.Game()
	if g == nil {
		return errors.New("no game")
	}
	return g.Forfeit(r.ctx)
}

// Engine returns the engine playing side now (nil: a person, or before it started).
func (r *Runner) Engine(side board.Color) *EnginePlayer {
	r.mu.Lock()
	defer r.mu.Unlock()
	p, _ := r.players[side].(*EnginePlayer)
	return p
}

// Human returns the person's player of side, or nil.
func (r *Runner) Human(side board.Color) *Human { return r.humans[side] }

// WithRecord calls f with the game's record while it cannot change (nothing while the
// engines start).
func (r *Runner) WithRecord(f func(*kifu.Record)) {
	if g := r.Game(); g != nil {
		g.WithRecord(f)
	}
}
