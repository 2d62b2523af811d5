package game

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"banmen/board"
)

// TimeControl is one side's time: main time (持ち時間), then byoyomi (秒読み) per move,
// or a Fischer increment added after each move. All zero means no limit.
type TimeControl struct {
	Main      time.Duration
	Byoyomi   time.Duration
	Increment time.Duration
}

// Unlimited reports whether there is no time limit.
func (tc TimeControl) Unlimited() bool { return tc.Main == 0 && tc.Byoyomi == 0 && tc.Increment == 0 }

func (tc TimeControl) String() string {
	if tc.Unlimited() {
		return "no limit"
	}
	var parts []string
	if tc.Main > 0 || tc.Increment > 0 {
		parts = append(parts, fmtDuration(tc.Main))
	}
	if tc.Byoyomi > 0 {
		parts = append(parts, "byoyomi "+fmtDuration(tc.Byoyomi))
	}
	if tc.Increment > 0 {
		parts = append(parts, "+"+fmtDuration(tc.Increment))
	}
	return strings.Join(parts, " ")
}

func fmtDuration(d time.Duration) string {
	if d%time.Minute == 0 && d >= time.Minute {
		return fmt.Sprintf("%dm", int(d/time.Minute))
	}
	return fmt.Sprintf("%gs", d.Seconds())
}

// ParseTimeControl reads a time control as cutechess-cli and the CLI write it:
//
//	MAIN             sudden death, e.g. "600" (seconds) or "10m"
//	MAIN+INC         Fischer: main time plus increment per move, e.g. "10+1", "5m+2s"
//	MAIN/BYO  or  MAIN byoyomi BYO   main time then byoyomi, e.g. "10m/30s", "0/1s"
//	"none"           no limit
func ParseTimeControl(s string) (TimeControl, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	var tc TimeControl
	if s == "none" || s == "" {
		return tc, nil
	}
	s = strings.ReplaceAll(s, " byoyomi ", "/")
	dur := func(x string) (time.Duration, error) {
		x = strings.TrimSpace(x)
		if d, err := time.ParseDuration(x); err == nil && d >= 0 {
			return d, nil
		}
		if f, err := strconv.ParseFloat(x, 64); err == nil && f >= 0 {
			return time.Duration(f * float64(time.Second)), nil
		}
		return 0, fmt.Errorf("bad time %q: want seconds (30) or a duration (30s, 10m)", x)
	}
	var err error
	switch {
	case strings.Contains(s, "+"):
		a, b, _ := strings.Cut(s, "+")
		if tc.Main, err = dur(a); err == nil {
			tc.Increment, err = dur(b)
		}
	case strings.Contains(s, "/"):
		a, b, _ := strings.Cut(s, "/")
		if tc.Main, err = dur(a); err == nil {
			tc.Byoyomi, err = dur(b)
		}
	default:
		tc.Main, err = dur(s)
	}
	if err != nil {
		return TimeControl{}, fmt.Errorf("time control %q: %v", s, err)
	}
	return tc, nil
}

// Clock keeps both sides' time. The side to move's time runs from Start until Stop.
type Clock struct {
	TC        [2]TimeControl
	Remaining [2]time.Duration // main time left (byoyomi is per move and not counted here)
	Used      [2]time.Duration // total thinking time so far

	running bool
	side    board.Color
	since   time.Time
}

// NewClock sets both sides' time.
func NewClock(black, white TimeControl) *Clock {
	return &Clock{TC: [2]TimeControl{black, white}, Remaining: [2]time.Duration{black.Main, white.Main}}
}

// Start starts side's time at now.
func (c *Clock) Start(side board.Color, now time.Time) {
	c.running, c.side, c.since = true, side, now
}

// Running reports whether a side's time runs, and whose.
func (c *Clock) Running() (board.Color, bool) { return c.side, c.running }

// Elapsed returns how long the running side has thought on this move.
func (c *Clock) Elapsed(now time.Time) time.Duration {
	if !c.running {
		return 0
	}
	return now.Sub(c.since)
}

// Allowed returns how long side may think on this move in all: main time left plus byoyomi.
// It is meaningless for an unlimited time control.
func (c *Clock) Allowed(side board.Color) time.Duration {
	return c.Remaining[side] + c.TC[side].Byoyomi
}

// Left returns what the running side has left now (negative once its time is over).
func (c *Clock) Left(side board.Color, now time.Time) time.Duration {
	left := c.Allowed(side)
	if c.running && c.side == side {
		left -= now.Sub(c.since)
	}
	return left
}

// Stop ends the running side's move at now and charges the time: main time first,
// then byoyomi; a Fischer increment is added after the move. It returns the time the
// move took and whether the side had run out of time (the move came too late).
func (c *Clock) Stop(now time.Time) (elapsed time.Duration, flagged bool) {
	if !c.running {
		return 0, false
	}
	elapsed = now.Sub(c.since)
	c.running = false
	return elapsed, c.Charge(c.side, elapsed)
}

// Charge charges a move of side that took elapsed (main time first, then byoyomi; a
// Fischer increment after the move) and reports whether it came too late.
func (c *Clock) Charge(side board.Color, elapsed time.Duration) (flagged bool) {
	c.Used[side] += elapsed
	tc := c.TC[side]
	if tc.Unlimited() {
		return false
	}
	flagged = elapsed > c.Allowed(side)
	c.Remaining[side] -= elapsed
	if c.Remaining[side] < 0 {
		c.Remaining[side] = 0 // what passed into byoyomi is not carried over
	}
	c.Remaining[side] += tc.Increment
	return flagged
}

// Pause stops the running side's time without charging a move (the game was paused):
// the time thought so far is charged; the move is not over.
func (c *Clock) Pause(now time.Time) {
	if !c.running {
		return
	}
	elapsed := now.Sub(c.since)
	c.running = false
	c.Used[c.side] += elapsed
	if !c.TC[c.side].Unlimited() {
		c.Remaining[c.side] -= elapsed
		if c.Remaining[c.side] < 0 {
			c.Remaining[c.side] = 0
		}
	}
}
