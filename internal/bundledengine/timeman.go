package bundledengine

import (
	"time"

	"banmen/board"
)

// Time management: how long to think about one move, from the clock the GUI sends with go.
// The engine must never lose on time, so every limit keeps a safety margin for the delay
// between the engine printing bestmove and the GUI stopping the clock (process scheduling on
// a busy machine, pipes, the GUI's own latency).

// Clock is the time part of a go command.
type Clock struct {
	BTime, WTime time.Duration // time left; meaningful when HasTime
	BInc, WInc   time.Duration // Fischer increment
	Byoyomi      time.Duration // 秒読み, the same for both sides
	MoveTime     time.Duration // think exactly this long (go movetime)
	HasTime      bool          // btime/wtime were given
}

// timeBudget is how long a search may take: Optimum is where it stops between iterations,
// Maximum where it stops mid-iteration. Zero Maximum means no time limit.
type timeBudget struct {
	Optimum, Maximum time.Duration
}

// minThink is the least the engine thinks when time is short: a move found in a millisecond
// is a blunder more often than a time loss is likely.
const minThink = 10 * time.Millisecond

// budget computes the time for side's move. margin is the safety margin (NetworkDelay);
// ply is the number of moves played so far in the game, if known.
func budget(c Clock, side board.Color, margin time.Duration, ply int) timeBudget {
	if c.MoveTime > 0 {
		t := c.MoveTime - min(margin, c.MoveTime/4)
		return timeBudget{Optimum: t, Maximum: t}
	}
	if !c.HasTime && c.Byoyomi <= 0 {
		return timeBudget{}
	}
	left, inc := c.BTime, c.BInc
	if side == board.White {
		left, inc = c.WTime, c.WInc
	}
	left = max(left, 0)
	// the longest this move may take without losing on time
	hard := left + c.Byoyomi + inc - margin
	if c.Byoyomi > 0 {
		// a byoyomi can be used in full on every move: margin at most a quarter of it
		hard = left + c.Byoyomi - min(margin, c.Byoyomi/4)
	}
	if hard < minThink {
		hard = minThink
	}
	// moves still to play: many early on, fewer later, never too few
	togo := time.Duration(max(40-ply/4, 20))
	var opt, maxT time.Duration
	switch {
	case c.Byoyomi > 0:
		opt = left/togo + c.Byoyomi
		maxT = left/4 + c.Byoyomi
	case inc > 0:
		opt = left/togo + inc*3/4
		maxT = left/4 + inc
	default: // sudden death
		opt = left / (togo + 10)
		maxT = left / 8
	}
	maxT = min(max(maxT, minThink), hard)
	opt = min(max(opt, minThink), maxT)
	if c.Byoyomi > 0 && left < c.Byoyomi {
		// in byoyomi (or nearly): think the whole period
		opt = maxT
	}
	return timeBudget{Optimum: opt, Maximum: maxT}
}
