package usiclient

import (
	"context"
	"time"
)

// wait waits for ch (closed by the reader when the answer comes), the end of the
// session, or ctx. The timeout (0: none) stays armed even if ctx ends first: an
// engine that misses it is wedged, and the session ends with ErrTimeout and kills it.
func (s *Session) wait(ctx context.Context, ch <-chan struct{}, waiting Awaiting, timeout time.Duration) error {
	if timeout > 0 {
		t := time.AfterFunc(timeout, func() { s.expire(ch, waiting, timeout) })
		defer func() {
			if closed(ch) {
				t.Stop()
			}
		}()
	}
	select {
	case <-ch:
		return nil
	case <-s.dead:
		if closed(ch) { // the answer came just before the end
			return nil
		}
		return s.Err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// expire ends the session with a timeout unless the answer came (ch is closed by
// the reader under s.mu, so the check and the failure are one step).
func (s *Session) expire(ch <-chan struct{}, waiting Awaiting, timeout time.Duration) {
	s.mu.Lock()
	if closed(ch) || s.deadErr != nil {
		s.mu.Unlock()
		return
	}
	s.failLocked(s.errorLocked(ErrTimeout, waiting, timeout, nil, ""))
	s.mu.Unlock()
	s.kill()
}

// armStopTimeoutLocked bounds the wait for the answer to stop (Timeouts.Stop):
// an engine that misses it is wedged, and the session ends and kills it.
func (s *Session) armStopTimeoutLocked(sr *Search) {
	waiting := AwaitBestmoveAfterStop
	if sr.Mode == ModeMate {
		waiting = AwaitCheckmateAfterStop
	}
	sr.stopTimer = time.AfterFunc(s.to.Stop, func() {
		s.mu.Lock()
		if s.cur != sr || s.deadErr != nil {
			s.mu.Unlock()
			return
		}
		s.failLocked(s.errorLocked(ErrTimeout, waiting, s.to.Stop, nil, ""))
		s.mu.Unlock()
		s.kill()
	})
}

func (s *Session) readerDoneOrTimeout() <-chan struct{} {
	ch := make(chan struct{})
	go func() {
		select {
		case <-s.readerDone:
		case <-time.After(s.to.Quit):
		}
		close(ch)
	}()
	return ch
}

// armDeadlineLocked starts the session's own clock on a search with a time limit.
func (s *Session) armDeadlineLocked(sr *Search) {
	var budget time.Duration
	switch c := sr.cmd.(type) {
	case GoMate:
		budget = c.Limit
	case Go:
		if (sr.Mode == ModePonder && !sr.ponderHit) || c.Infinite {
			return // no limit until ponderhit, or at all
		}
		if c.MoveTime > 0 {
			budget = c.MoveTime
		} else if c.Clock != nil {
			budget = c.Clock.Budget(sr.root.SideToMove())
		} else {
			return // depth or nodes: the caller's context bounds it
		}
	}
	if budget <= 0 && sr.Mode == ModeMate {
		return // go mate infinite
	}
	deadline := budget + s.to.Grace
	sr.deadline = time.AfterFunc(deadline, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.cur != sr || sr.stopSent {
			return
		}
		sr.pastDeadline = true
		s.note("no answer within %s (limit %s + grace %s): sending stop", roundDuration(deadline), budget, s.to.Grace)
		s.sendStopLocked(sr)
	})
}
