package ui

import (
	"fmt"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/study"
	"banmen/usiclient"
)

// The engine panel during a game shows each playing engine as the 検討 panel shows a
// study's engines (its line: score from ▲'s side, the line in Japanese, depth, nodes, NPS,
// hashfull), its score from its own side, and how its pondering goes: the move it
// expects and thinks on during the opponent's time (予想手), and, once the opponent moved,
// whether it was played (的中) or not (外れ).

// gameEngineTexts formats what the engines of r think now; pos is the game's position.
// It runs on the poll's goroutine.
func gameEngineTexts(r *gameRun, pos *board.Position, last board.Move) (names []string, texts []engineText) {
	lastTo := board.NoSquare
	if last != board.NoMove {
		lastTo = last.To()
	}
	for side := board.Black; side <= board.White; side++ {
		ep := r.runner.Engine(side)
		if ep == nil {
			continue
		}
		v := runningView(ep.Engine, r.names[side])
		et := formatEngine(v, board.NoSquare, r.msg)
		et.Position = "" // a game's engines think on the game's positions: always shown
		pv := ep.PonderView()
		if pv.Pondering != board.NoMove {
			// its lines are for the reply it expects: the header says which, not the
			// reply to the reply
			et.Header = formatHeader(v.Engine, stateThinking, "", r.msg)
		}
		et.Header += ponderText(pv, pos, lastTo, r.gt)
		if len(v.Lines) > 0 && v.Lines[0].Score.Kind != usiclient.NoScore {
			own, _ := formatScore(v.Lines[0].Score, r.msg)
			et.Header += "　" + fmt.Sprintf(r.gt.OwnScoreF, own)
		}
		names = append(names, r.names[side])
		texts = append(texts, et)
	}
	return names, texts
}

// runningView is what an engine that an activity (a game, 棋譜解析) drives thinks now, as
// the panel shows a study's engines; name is the engine's as the user knows it.
func runningView(e *engine.Running, name string) study.EngineView {
	snap := e.Snapshot()
	// thinking while a search runs, by the session's state: a search stopped and
	// replaced (a ponder search when a move is taken back) has no result, and thinks no more
	thinking := false
	switch snap.State {
	case usiclient.StateSearching, usiclient.StatePondering, usiclient.StateMateSearching, usiclient.StateStopping:
		thinking = true
	}
	v := study.EngineView{View: study.View{Engine: name, Root: snap.Root, Position: snap.Position,
		Stats: snap.Stats, Message: snap.Message, Notices: snap.Notices, Thinking: thinking, OK: snap.Root != nil}, State: study.Stopped}
	for _, l := range snap.Lines {
		if l.MultiPV > 0 {
			v.Lines = append(v.Lines, l)
		}
	}
	if v.Thinking {
		v.State = study.Thinking
	}
	return v
}

// ponderText is what the header says of the engine's pondering: the move it thinks on
// now, or whether the last one was played.
func ponderText(pv game.PonderView, pos *board.Position, lastTo board.Square, gt *gameText) string {
	if pv.Pondering != board.NoMove && pos.IsLegal(pv.Pondering) {
		s, n := pos.JapaneseLine([]board.Move{pv.Pondering}, lastTo)
		if n == 1 {
			return "　" + fmt.Sprintf(gt.PonderingF, s)
		}
	}
	if pv.Last != board.NoMove {
		mark := gt.PonderMiss
		if pv.LastHit {
			mark = gt.PonderHit
		}
		last := pv.Last.USI()
		if pv.LastFrom != nil && pv.LastFrom.IsLegal(pv.Last) {
			if s, n := pv.LastFrom.JapaneseLine([]board.Move{pv.Last}, board.NoSquare); n == 1 {
				last = s
			}
		}
		return "　" + fmt.Sprintf(gt.PonderLastF, last, mark, pv.Hits, pv.Hits+pv.Misses)
	}
	return ""
}
