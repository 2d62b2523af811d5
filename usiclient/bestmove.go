package usiclient

import (
	"fmt"
	"time"
)

// finishSearchLocked takes the running search off the engine when its answer
// arrives, and returns it (nil if none was running).
func (s *Session) finishSearchLocked() *Search {
	sr := s.cur
	if sr == nil {
		return nil
	}
	s.cur = nil
	sr.stopTimers()
	switch s.state {
	case StateSearching, StatePondering, StateMateSearching, StateStopping:
		s.state = StateReady
	}
	s.flushOptionsLocked()
	return sr
}

func (s *Session) onBestMove(bm BestMove, read uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sr := s.cur; sr != nil && !sr.readAfterGo(read) {
		s.note("bestmove %q came before go of search %d was sent: ignored", bm.Move, sr.ID)
		return
	}
	sr := s.finishSearchLocked()
	if sr == nil {
		s.note("bestmove %q with no search running: ignored", bm.Move)
		return
	}
	defer s.bump()
	if sr.discard {
		s.note("discarded the bestmove of replaced search %d: %q", sr.ID, bm.Move)
		s.discardLocked(sr, "replaced by a new search")
		return
	}
	if sr.Mode == ModePonder && !sr.ponderHit {
		// An early bestmove while pondering: keep it for ponderhit, drop it on a miss.
		b := bm
		sr.early = &b
		s.held = sr
		s.note("bestmove %q came while pondering: kept for ponderhit", bm.Move)
		return
	}
	res, err := s.judgeBestMove(sr, bm)
	res.Early = sr.Mode == ModeInfinite && !sr.stopSent
	s.fold.result = &res
	sr.finish(res, err)
}

// judgeBestMove checks the engine's move (and ponder move) against the position searched.
func (s *Session) judgeBestMove(sr *Search, bm BestMove) (Result, error) {
	res := Result{SearchID: sr.ID, Text: bm, Resign: bm.Resign, Win: bm.Win, Stopped: sr.stopSent, Elapsed: time.Since(sr.started)}
	if bm.Resign || bm.Win {
		return res, nil
	}
	m, err := sr.root.ParseMove(bm.Move)
	if err != nil {
		e := s.errorLocked(ErrIllegalMove, AwaitNothing, 0, nil, fmt.Sprintf("bestmove %q in position %q: %v", bm.Move, sr.rootSFEN, err))
		s.note("%v", e.Detail)
		return res, e
	}
	res.BestMove = m
	if bm.Ponder != "" {
		if p, err := sr.root.Play(m).ParseMove(bm.Ponder); err == nil {
			res.Ponder = p
		} else {
			res.PonderIllegal = err.Error()
			s.note("ponder move %q dropped: %v", bm.Ponder, err)
		}
	}
	return res, nil
}
