package ui

import (
	"banmen/engine/study"
	"banmen/kifu"
	"banmen/ui/session"
	"banmen/usiclient"
)

// The 評価値グラフ while studying: each position a study has searched keeps the best line's
// score (from ▲'s side) for as long as the window lives, and the graph shows it at that
// position's ply of the main line wherever the record's comments have no score there. So
// stepping through a game with 検討 on draws its graph as it goes, as the record's own
// scores (a 棋譜解析's, a game's) would. Games need nothing here: their scores are in the
// record's comments as they are written.

// liveGraph is what the graph keeps of a study (MainWindow.live).
type liveGraph struct {
	scores    map[string]EvalPoint // the study's scores by position (session.PlaceKey)
	keys      []string             // the main line's positions, for keysOf at keysEdits
	keysOf    *kifu.Record
	keysEdits uint64
}

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
		if w.live.scores == nil {
			w.live.scores = map[string]EvalPoint{}
		}
		key := session.PlaceKey(v.Root)
		if old, had := w.live.scores[key]; had && old == p {
			break
		}
		w.live.scores[key] = p
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
	points := EvalPoints(w.sess.Record())
	if len(w.live.scores) == 0 {
		return points
	}
	keys := w.mainLineKeys()
	for i := range points {
		if points[i].OK || i >= len(keys) {
			continue
		}
		if p, ok := w.live.scores[keys[i]]; ok {
			p.Ply = i
			points[i] = p
		}
	}
	return points
}

// mainLineKeys are the positions of the main line (ply 0 first, up to a special move) as
// session.PlaceKey gives them, made once per version of the record: the study's poll asks
// for them whenever a score changes, up to four times a second.
func (w *MainWindow) mainLineKeys() []string {
	rec := w.sess.Record()
	if w.live.keysOf == rec && w.live.keysEdits == w.sess.Edits() {
		return w.live.keys
	}
	pos := rec.Position(rec.Root)
	keys := []string{session.PlaceKey(pos)}
	for _, n := range rec.MainLine() {
		if n.IsSpecial() {
			break
		}
		pos = pos.Clone()
		pos.Do(n.Move)
		keys = append(keys, session.PlaceKey(pos))
	}
	w.live.keys, w.live.keysOf, w.live.keysEdits = keys, rec, w.sess.Edits()
	return keys
}
