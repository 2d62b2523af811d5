package game

import (
	"banmen/board"
	"banmen/kifu"
	"banmen/usiclient"
)

// ThinkComment turns a thought into the record's think comment: analysis marks it "#"
// instead of the playing engine's "*". The comment goes on the move's node, so its
// 読み筋 is the line after the move: the pv without the move played.
func (t *Thought) ThinkComment(analysis bool) (kifu.ThinkComment, bool) {
	if t == nil {
		return kifu.ThinkComment{}, false
	}
	c := kifu.ThinkComment{Analysis: analysis, Engine: t.Engine, Depth: t.Depth, Nodes: t.Nodes}
	if t.HasScore {
		s := t.SenteScore
		if s.Kind == usiclient.ScoreMate {
			c.HasMate = true
			c.Mate = kifu.Mate{Winner: board.Black, Plies: abs(s.Value)}
			if s.MateSign < 0 {
				c.Mate.Winner = board.White
			}
		} else {
			c.Score, c.HasScore = s.Value, true
		}
	}
	if len(t.PV) > 1 {
		c.PV = append([]board.Move(nil), t.PV[1:]...)
	}
	return c, c.HasScore || c.HasMate || len(c.PV) > 0 || c.Depth > 0
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
