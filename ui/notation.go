package ui

import (
	"fmt"
	"time"

	"banmen/board"
	"banmen/kifu"
)

// moveText writes the move of node n, played in pos, as the record shows it: ▲７六歩,
// △同　銀, ▲２二角成; a special move as its word (投了, 中断, …). lastTo is the previous
// move's destination (for 同).
func moveText(pos *board.Position, n *kifu.Node, lastTo board.Square) string {
	if n.IsSpecial() {
		if n.Special == kifu.Other {
			return n.SpecialText
		}
		return n.Special.Kanji()
	}
	return pos.SideToMove().Mark() + pos.KI2Move(n.Move, lastTo)
}

// timeText writes the time of a move as KIF does: the move's time and the mover's total
// ("0:02 / 0:00:02"), or "" when the record has none.
func timeText(n *kifu.Node) string {
	if !n.Timed {
		return ""
	}
	return clock(n.Elapsed, false) + " / " + clock(n.Total, true)
}

func clock(d time.Duration, hours bool) string {
	s := int(d.Round(time.Second) / time.Second)
	if hours {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
