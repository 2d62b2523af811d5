package ui

import (
	"banmen/engine/study"
	"banmen/ui/session"
	"banmen/usiclient"
)

// The 評価値グラフ while studying: each position a study has searched keeps the best line's
// score (from ▲'s side) for as long as the window lives, and the graph shows it at that
// position's ply of the main line wherever the record's comments have no score there. So
// stepping through a game with 検討 on draws its graph as it goes, as the record's own
// scores (a 棋譜解析's, a game's) would. Games need nothing here: their scores are in the
// record's comments as they are written.

// noteStudyScores keeps the scores of the study's views (the first engine with a scored line
// for a position wins) and redraws the graph when one changed.
func (w *MainWindow) noteStudyScores(views []study.EngineView) {
	changed := false
	for _, v := range views {
		if !v.OK || v.Root == nil || len(v.Lines) == 0 {
			continue
		}
		p, ok := pointOfLine(v.Lines[0])
		if !ok {
			continue
		}
		if w.liveScores == nil {
			w.liveScores = map[string]EvalPoint{}
		}
		key := session.PlaceKey(v.Root)
		if old, had := w.liveScores[key]; had && old == p {
			break
		}
		w.liveScores[key] = p
		changed = true
		break
	}
	if changed {
		w.graph.SetPoints(w.graphPoints(), w.graphCurrent())
	}
}

// pointOfLine is the graph's point for an engine's line: its score from ▲'s side, a mate
// clamped and marked.
func pointOfLine(l usiclient.Line) (EvalPoint, bool) {
	p := EvalPoint{OK: true, Best: firstMove(l.PV)}
	s := l.SenteScore
	switch s.Kind {
	case usiclient.ScoreCP:
		p.Score = max(-graphClamp, min(graphClamp, s.Value))
	case usiclient.ScoreMate:
		p.Mate, p.Score = true, graphClamp
		if s.MateSign < 0 {
			p.Score = -graphClamp
		}
	default:
		return EvalPoint{}, false
	}
	return p, true
}

// graphPoints are the record's scores of the main line, with the study's where the record
// has none.
func (w *MainWindow) graphPoints() []EvalPoint {
	rec := w.sess.Record()
	points := EvalPoints(rec)
	if len(w.liveScores) == 0 {
		return points
	}
	pos := rec.Position(rec.Root)
	line := rec.MainLine()
	for i := range points {
		if i > 0 {
			if i-1 >= len(line) || line[i-1].IsSpecial() {
				break
			}
			pos = pos.Clone()
			pos.Do(line[i-1].Move)
		}
		if points[i].OK {
			continue
		}
		if p, ok := w.liveScores[session.PlaceKey(pos)]; ok {
			p.Ply = i
			points[i] = p
		}
	}
	return points
}
