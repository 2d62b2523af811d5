package game

import (
	"fmt"

	"banmen/board"
	"banmen/kifu"
)

// Saved is a game read back from its autosaved record, to be continued after the app
// stopped (a crash): the start, the moves, and the clocks as the record's times leave them.
type Saved struct {
	Start *board.Position
	Moves []board.Move
	Clock *Clock
}

// FromRecord reads a saved game: the main line's moves (up to a 中断 or any other
// ending) and its per-move times, charged to clocks of time controls black and white.
func FromRecord(rec *kifu.Record, black, white TimeControl) (Saved, error) {
	s := Saved{Start: rec.Position(rec.Root), Clock: NewClock(black, white)}
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
