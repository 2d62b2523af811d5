package usiclient

import (
	"fmt"
)

// sendStopLocked sends stop for sr and arms the wait for its answer. Call with s.mu held.
func (s *Session) sendStopLocked(sr *Search) {
	if s.sendLocked(Stop{}) != nil {
		return
	}
	sr.stopSent = true
	if s.state != StateQuitting {
		s.state = StateStopping
	}
	s.armStopTimeoutLocked(sr)
	s.bump()
}

// Stop asks the engine to end its search now: Wait then returns the engine's
// move (the "move now" button, or the end of an analysis). Stopping a ponder
// search before ponderhit means the prediction missed: its result is discarded.
// Stop does not wait; the wait for the answer is bounded by Timeouts.Stop.
func (s *Session) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.held; h != nil {
		s.held = nil
		s.discardLocked(h, "ponder miss")
		s.bump()
		return
	}
	sr := s.cur
	if sr == nil {
		return
	}
	if sr.Mode == ModePonder && !sr.ponderHit && !sr.discard {
		sr.discard = true
		s.note("ponder miss: search %d will be discarded", sr.ID)
	}
	if !sr.stopSent {
		s.sendStopLocked(sr)
	}
}

// PonderHit tells the pondering engine that the opponent played the predicted
// move: the ponder search becomes a normal one and Wait returns its move. If the
// engine already sent its bestmove while pondering, that move is used and nothing
// is sent.
func (s *Session) PonderHit() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.held; h != nil {
		s.held = nil
		h.ponderHit = true
		res, err := s.judgeBestMove(h, *h.early)
		res.Early = true
		s.fold.result = &res
		h.finish(res, err)
		s.note("ponderhit: the engine had already sent %q", h.early.Move)
		s.bump()
		return nil
	}
	sr := s.cur
	if sr == nil || sr.Mode != ModePonder || sr.ponderHit || sr.discard {
		if s.deadErr != nil {
			return s.deadErr
		}
		return s.errorLocked(ErrState, AwaitNothing, 0, nil, fmt.Sprintf("ponderhit while %s and not pondering", s.state))
	}
	if err := s.sendLocked(PonderHit{}); err != nil {
		return err
	}
	sr.ponderHit = true
	s.fold.mode = ModeNormal
	if s.state == StatePondering {
		s.state = StateSearching
	}
	s.armDeadlineLocked(sr)
	s.bump()
	return nil
}
