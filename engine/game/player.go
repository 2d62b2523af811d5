package game

import (
	"context"
	"time"

	"banmen/board"
	"banmen/usiclient"
)

// Request is what a player is told when it is its turn.
type Request struct {
	Start    *board.Position // the game's start position
	Moves    []board.Move    // the moves played so far
	Position *board.Position // the position now (Start after Moves)
	Clock    ClockView
}

// ClockView is the clock as a go command carries it, for the side to move.
type ClockView struct {
	BTime, WTime time.Duration // main time left
	Byoyomi      time.Duration // the side to move's byoyomi
	BInc, WInc   time.Duration
	Unlimited    bool // the side to move has no time limit
	// ByoyomiOf and UnlimitedOf are each side's, indexed by board.Color: a ponder
	// search runs on the opponent's time but is for the pondering engine's side.
	ByoyomiOf   [2]time.Duration
	UnlimitedOf [2]bool
}

// GoClock turns the view into usiclient's form, for the side to move (nil: no limit).
func (v ClockView) GoClock() *usiclient.Clock {
	if v.Unlimited {
		return nil
	}
	return &usiclient.Clock{BTime: v.BTime, WTime: v.WTime, Byoyomi: v.Byoyomi, BInc: v.BInc, WInc: v.WInc}
}

// GoClockFor is GoClock for a search of side's (a ponder search is the engine's own
// while its opponent is to move): side's byoyomi, nil if side has no time limit.
func (v ClockView) GoClockFor(side board.Color) *usiclient.Clock {
	if v.UnlimitedOf[side] {
		return nil
	}
	return &usiclient.Clock{BTime: v.BTime, WTime: v.WTime, Byoyomi: v.ByoyomiOf[side], BInc: v.BInc, WInc: v.WInc}
}

// Decision is a player's answer: a move, or resignation, or a declaration of a win by
// entering king. An engine that sent an illegal move has Illegal set (it loses).
type Decision struct {
	Move    board.Move
	Resign  bool
	Win     bool
	Illegal string // the illegal move text and why
	Thought *Thought
}

// Thought is what an engine said about its move: the last line of its search.
type Thought struct {
	Engine     string
	SenteScore usiclient.Score // from Black's point of view
	HasScore   bool
	PV         []board.Move // starting with the move played
	Depth      int
	SelDepth   int
	Nodes      int64
	Time       time.Duration
	Ponder     board.Move // the reply the engine expects
}

// Player is one side of a game.
type Player interface {
	Name() string
	// IsHuman reports whether a person plays this side (humans always lose on time).
	IsHuman() bool
	// NewGame prepares the player for a game from start.
	NewGame(ctx context.Context, start *board.Position) error
	// Think returns this player's decision; ctx is cancelled when the game no longer
	// wants one (time over, game aborted). An error means the player failed (an engine died).
	Think(ctx context.Context, req Request) (Decision, error)
	// Moved is told, after the player's own move was played and its clock charged, the
	// position the opponent now faces (an engine may start pondering).
	Moved(req Request)
	// GameOver tells the player the result from its side.
	GameOver(ctx context.Context, r usiclient.GameResult)
}

// Human is a player whose moves come from the GUI through Submit.
type Human struct {
	name     string
	decision chan Decision
}

// NewHuman makes a human player.
func NewHuman(name string) *Human { return &Human{name: name, decision: make(chan Decision, 1)} }

func (h *Human) Name() string                                             { return h.name }
func (h *Human) IsHuman() bool                                            { return true }
func (h *Human) NewGame(ctx context.Context, start *board.Position) error { return nil }
func (h *Human) Moved(req Request)                                        {}
func (h *Human) GameOver(ctx context.Context, r usiclient.GameResult)     {}

// Think waits for Submit.
func (h *Human) Think(ctx context.Context, req Request) (Decision, error) {
	select {
	case d := <-h.decision:
		return d, nil
	case <-ctx.Done():
		return Decision{}, ctx.Err()
	}
}

// Submit hands the human's decision to the game (a move, a resignation or a
// declaration). It does not block; a second decision before the first is taken
// replaces nothing and reports false.
func (h *Human) Submit(d Decision) bool {
	select {
	case h.decision <- d:
		return true
	default:
		return false
	}
}
