package game

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/usiclient"
)

// EnginePlayer is a USI engine playing one side. With Ponder set it thinks on the
// move it expects during the opponent's time (go ponder → ponderhit or stop).
type EnginePlayer struct {
	Engine *engine.Running
	Ponder bool

	mu          sync.Mutex
	thinking    bool       // a search for the engine's move is under way (Think)
	expected    board.Move // the reply the engine expects to its last move
	pondering   *engine.Search
	ponderMove  board.Move      // the opponent's move the engine ponders on
	ponderPlies int             // len(Moves) of the position pondered, after ponderMove
	ponderFrom  *board.Position // the position ponderMove is a move of
	// PonderHits and PonderMisses count how pondering went (read them with PonderView
	// while the game runs).
	PonderHits, PonderMisses int
	lastPonder               board.Move      // the move last pondered on, when the opponent moved
	lastFrom                 *board.Position // …the position it is a move of
	lastHit                  bool            // …and whether the opponent played it
}

// PonderView is how an engine's pondering goes, for display.
type PonderView struct {
	Pondering board.Move      // the opponent's move the engine ponders on now (NoMove: none)
	Last      board.Move      // the move it pondered on last, once the opponent moved (NoMove: none)
	LastFrom  *board.Position // the position Last is a move of (not to be changed)
	LastHit   bool            // the opponent played Last
	Hits      int
	Misses    int
}

// PonderView returns how the engine's pondering goes.
func (p *EnginePlayer) PonderView() PonderView {
	p.mu.Lock()
	defer p.mu.Unlock()
	v := PonderView{Last: p.lastPonder, LastFrom: p.lastFrom, LastHit: p.lastHit, Hits: p.PonderHits, Misses: p.PonderMisses}
	if p.pondering != nil {
		v.Pondering = p.ponderMove
	}
	return v
}

// NewEnginePlayer makes a player of a running engine.
func NewEnginePlayer(r *engine.Running, ponder bool) *EnginePlayer {
	return &EnginePlayer{Engine: r, Ponder: ponder}
}

func (p *EnginePlayer) Name() string  { return p.Engine.Name() }
func (p *EnginePlayer) IsHuman() bool { return false }

// NoLimitByoyomi is what an engine is given per move on a side with no time control.
// A bare "go" will not do: it means "think until stopped" to some engines, and others
// (gpsusi) never answer it. So such an engine is sent "go btime … wtime … byoyomi
// 10000" (its own main time 0). The game does not time the move: with no time control
// nobody loses on time, however late the engine answers.
const NoLimitByoyomi = 10 * time.Second

// goClock is the clock of a go command for the engine playing side: its own byoyomi and
// limits, also in a ponder search made on the opponent's time.
func (p *EnginePlayer) goClock(v ClockView, side board.Color) *usiclient.Clock {
	c := v.GoClockFor(side)
	if c == nil {
		c = &usiclient.Clock{BTime: v.BTime, WTime: v.WTime, BInc: v.BInc, WInc: v.WInc, Byoyomi: NoLimitByoyomi}
	}
	return c
}

// NewGame sends usinewgame.
func (p *EnginePlayer) NewGame(ctx context.Context, start *board.Position) error {
	p.mu.Lock()
	p.pondering, p.ponderMove, p.ponderFrom = nil, board.NoMove, nil
	p.mu.Unlock()
	return p.Engine.NewGame(ctx)
}

func positionOf(req Request) usiclient.Position {
	return usiclient.NewPosition(req.Start, req.Moves...)
}

// Think answers with the engine's move: a ponderhit when the opponent played the
// move it pondered on, else a new search (the session discards the ponder search).
func (p *EnginePlayer) Think(ctx context.Context, req Request) (Decision, error) {
	e := p.Engine
	p.mu.Lock()
	sr := p.pondering
	hit := sr != nil && len(req.Moves) == p.ponderPlies && req.Moves[len(req.Moves)-1] == p.ponderMove
	p.pondering = nil
	if hit {
		p.PonderHits++
	} else if sr != nil {
		p.PonderMisses++
	}
	if sr != nil {
		p.lastPonder, p.lastFrom, p.lastHit = p.ponderMove, p.ponderFrom, hit
	}
	p.mu.Unlock()
	var err error
	if hit {
		if err = e.PonderHit(); err != nil {
			sr = nil // the ponder search is gone: search afresh
		}
	}
	if !hit || sr == nil {
		sr, err = e.Go(ctx, positionOf(req), usiclient.Go{Clock: p.goClock(req.Clock, req.Position.SideToMove())})
		if err != nil {
			return Decision{}, err
		}
	}
	p.setThinking(true)
	res, err := sr.Wait(ctx)
	p.setThinking(false)
	if err != nil {
		var ue *usiclient.Error
		if errors.As(err, &ue) && errors.Is(err, usiclient.ErrIllegalMove) {
			return Decision{Illegal: ue.Detail, Thought: p.thought(sr, req, board.NoMove)}, nil
		}
		if ctx.Err() != nil {
			e.Stop()
		}
		return Decision{}, err
	}
	d := Decision{Move: res.BestMove, Resign: res.Resign, Win: res.Win}
	d.Thought = p.thought(sr, req, res.BestMove)
	d.Thought.Ponder = res.Ponder
	p.mu.Lock()
	p.expected = res.Ponder
	p.mu.Unlock()
	return d, nil
}

func (p *EnginePlayer) setThinking(on bool) {
	p.mu.Lock()
	p.thinking = on
	p.mu.Unlock()
}

// MoveNow tells the engine, while it thinks on its move, to play the best move it has found
// (stop): the "move now" of a GUI. It reports whether the engine was thinking on its move;
// pondering on the opponent's time is left alone. The lock is held while stop is sent, so
// that the stop cannot reach a ponder search begun after the move (Moved comes after Think
// has cleared thinking, under the lock).
func (p *EnginePlayer) MoveNow() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.thinking {
		return false
	}
	p.Engine.Stop()
	return true
}

// thought reads the engine's last line for search sr.
func (p *EnginePlayer) thought(sr *engine.Search, req Request, best board.Move) *Thought {
	snap := p.Engine.Snapshot()
	if snap.SearchID != sr.ID || len(snap.Lines) == 0 {
		return &Thought{Engine: p.Name()}
	}
	l := snap.Lines[0]
	t := &Thought{Engine: p.Name(), Depth: l.Depth, SelDepth: l.SelDepth, Nodes: l.Nodes, Time: l.Time,
		SenteScore: l.SenteScore, HasScore: l.Score.Kind != usiclient.NoScore}
	if t.Nodes == 0 {
		t.Nodes = snap.Stats.Nodes
	}
	// the pv as thought, but only if it starts with the move played
	if len(l.PV) > 0 && l.PV[0] == best {
		t.PV = append([]board.Move(nil), l.PV...)
	} else if best != board.NoMove {
		t.PV = []board.Move{best}
	}
	return t
}

// Moved starts go ponder on the reply the engine expects, when pondering is on: req is
// the position after the engine's own move, with the clock as it stands for the opponent.
func (p *EnginePlayer) Moved(req Request) {
	p.mu.Lock()
	expected := p.expected
	p.expected = board.NoMove
	p.mu.Unlock()
	if !p.Ponder || !Ponders(p.Engine.Definition()) || expected == board.NoMove || !req.Position.IsLegal(expected) {
		return
	}
	moves := append(append([]board.Move(nil), req.Moves...), expected)
	// the pondered position has the engine to move: its own byoyomi, not the opponent's
	us := req.Position.SideToMove().Opp()
	sr, err := p.Engine.Go(context.Background(), usiclient.NewPosition(req.Start, moves...),
		usiclient.Go{Ponder: true, Clock: p.goClock(req.Clock, us)})
	if err != nil {
		return
	}
	p.mu.Lock()
	from := *req.Position
	p.pondering, p.ponderMove, p.ponderPlies, p.ponderFrom = sr, expected, len(moves), &from
	p.mu.Unlock()
}

// Pondering returns the opponent's move the engine is pondering on (NoMove if none), for display.
func (p *EnginePlayer) Pondering() board.Move {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.pondering == nil {
		return board.NoMove
	}
	return p.ponderMove
}

// GameOver stops any ponder search and sends gameover.
func (p *EnginePlayer) GameOver(ctx context.Context, r usiclient.GameResult) {
	p.mu.Lock()
	p.pondering = nil
	p.mu.Unlock()
	p.Engine.Stop()
	p.Engine.GameOver(ctx, r)
}

func (p *EnginePlayer) String() string { return fmt.Sprintf("engine %q", p.Name()) }
