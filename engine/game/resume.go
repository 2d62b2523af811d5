package game

import (
	"fmt"
	"strings"
	"time"

	"banmen/board"
	"banmen/kifu"
)

// Saved is a game read back from its autosaved record, to be continued after the app
// stopped (a crash): the start, the moves, the clocks as the record's times leave them,
// and the record itself, which the resumed game goes on writing.
type Saved struct {
	Start *board.Position
	Moves []board.Move
	Clock *Clock
	// Record is the saved record: continued (Config.Record), it keeps its headers
	// (開始日時…), the earlier moves' times and think comments, and its variations.
	Record *kifu.Record
	// Time is the time controls of the clocks: the ones given to FromRecord, or, when
	// none was, the one Banmen wrote in the 持ち時間 header.
	Time [2]TimeControl
}

// FromRecord reads a saved game: the main line's moves (up to a 中断 or any other
// ending) and its per-move times, charged to clocks of time controls black and white.
// When neither side has a time control given (both unlimited), the time control is
// read back from the record's 持ち時間 header as New writes it (both sides alike);
// a header Banmen did not write is ignored.
func FromRecord(rec *kifu.Record, black, white TimeControl) (Saved, error) {
	if black.Unlimited() && white.Unlimited() {
		if tc, ok := parseHeaderTime(rec.Headers.Value("持ち時間")); ok {
			black, white = tc, tc
		}
	}
	s := Saved{Start: rec.Position(rec.Root), Clock: NewClock(black, white), Record: rec,
		Time: [2]TimeControl{black, white}}
	for _, n := range rec.MainLine() {
		if n.Special != kifu.NotSpecial {
			if n.Special != kifu.Interrupt {
				return s, fmt.Errorf("the game is over (%s)", n.Special)
			}
			break
		}
		mover := rec.Position(n.Parent()).SideToMove()
		if n.Timed {
			s.Clock.Charge(mover, n.Elapsed)
		}
		s.Moves = append(s.Moves, n.Move)
	}
	return s, nil
}

// Apply sets c up to continue the saved game: its start, moves, clocks, time controls
// and record. The players and the rest of c are the caller's.
func (s Saved) Apply(c *Config) {
	c.Start, c.Prior, c.Clock, c.Record, c.Time = s.Start, s.Moves, s.Clock, s.Record, s.Time
}

// parseHeaderTime reads a time control as TimeControl.String writes it into the
// 持ち時間 header: "10m", "1m byoyomi 10s", "byoyomi 5s", "5m +2s", "10s byoyomi 1s +1s".
func parseHeaderTime(s string) (TimeControl, bool) {
	f := strings.Fields(s)
	if len(f) == 0 {
		return TimeControl{}, false
	}
	var tc TimeControl
	var haveMain, haveByo, haveInc bool
	for i := 0; i < len(f); i++ {
		tok := f[i]
		var dst *time.Duration
		var seen *bool
		switch {
		case tok == "byoyomi" && i+1 < len(f):
			i++
			tok, dst, seen = f[i], &tc.Byoyomi, &haveByo
		case strings.HasPrefix(tok, "+"):
			tok, dst, seen = tok[1:], &tc.Increment, &haveInc
		default:
			dst, seen = &tc.Main, &haveMain
		}
		d, err := time.ParseDuration(tok)
		if err != nil || d < 0 || *seen {
			return TimeControl{}, false
		}
		*dst, *seen = d, true
	}
	return tc, !tc.Unlimited()
}
