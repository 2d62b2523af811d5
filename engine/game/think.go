package game

import (
	"fmt"
	"strings"

	"banmen/board"
	"banmen/usiclient"
)

// thinkComment writes a playing engine's thought as ShogiHome does (評価値 from sente's
// point of view, 読み筋 in KI2 moves), on the position before the move.
func thinkComment(pos *board.Position, t *Thought, lastTo board.Square) string {
	if t == nil {
		return ""
	}
	var lines []string
	if t.HasScore {
		s := t.SenteScore
		if s.Kind == usiclient.ScoreMate {
			n := s.Value
			if n < 0 {
				n = -n
			}
			winner := "先手勝ち"
			if s.MateSign < 0 {
				winner = "後手勝ち"
			}
			if s.PliesKnown {
				lines = append(lines, fmt.Sprintf("*詰み=%s:%d手", winner, n))
			} else {
				lines = append(lines, fmt.Sprintf("*詰み=%s", winner))
			}
		} else {
			lines = append(lines, fmt.Sprintf("*評価値=%d", s.Value))
		}
	}
	if len(t.PV) > 0 {
		if pv, n := pos.JapaneseLine(t.PV, lastTo); n > 0 {
			lines = append(lines, "*読み筋="+pv)
		}
	}
	if t.Depth > 0 {
		lines = append(lines, fmt.Sprintf("*深さ=%d", t.Depth))
	}
	if t.Nodes > 0 {
		lines = append(lines, fmt.Sprintf("*ノード数=%d", t.Nodes))
	}
	if t.Engine != "" && len(lines) > 0 {
		lines = append(lines, "*エンジン="+t.Engine)
	}
	return strings.Join(lines, "\n")
}
