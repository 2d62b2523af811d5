package usiclient

import (
	"context"
	"errors"
	"time"
)

// Quit stops any search, sends quit and waits (Timeouts.Quit) for the engine's
// output to end. An engine that does not exit in time is killed and Quit returns
// an *Error of kind ErrTimeout; either way the session is closed.
func (s *Session) Quit(ctx context.Context) error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	s.mu.Lock()
	if s.deadErr != nil {
		s.mu.Unlock()
		<-s.readerDoneOrTimeout()
		return nil
	}
	s.quitting = true
	if h := s.held; h != nil {
		s.held = nil
		s.discardLocked(h, "quit")
	}
	if sr := s.cur; sr != nil {
		// Some engines (gpsusi) ignore quit during a search: stop it first, and
		// drop the search without waiting for its bestmove.
		if !sr.stopSent {
			s.sendLocked(Stop{})
		}
		s.cur = nil
		sr.stopTimers()
		s.discardLocked(sr, "quit")
	}
	s.state = StateQuitting
	err := s.sendLocked(Quit{})
	s.bump()
	s.mu.Unlock()
	if err != nil {
		var e *Error
		if errors.As(err, &e) && e.Kind == ErrClosed {
			return nil
		}
		return err
	}
	t := time.NewTimer(s.to.Quit)
	defer t.Stop()
	select {
	case <-s.readerDone:
		return nil
	case <-ctx.Done():
		s.fatal(ErrClosed, AwaitNothing, 0, "quit abandoned")
		return ctx.Err()
	case <-t.C:
		err := s.fatal(ErrTimeout, AwaitExitAfterQuit, s.to.Quit, "killed it")
		if errors.Is(err, ErrClosed) {
			return nil // it exited just in time
		}
		return err
	}
}

// Close ends the session now: it kills the engine (Config.Kill) and fails any
// wait with ErrClosed. It does not send quit; use Quit for a polite exit.
func (s *Session) Close() error {
	s.mu.Lock()
	if s.deadErr == nil {
		s.quitting = true
		s.failLocked(s.errorLocked(ErrClosed, AwaitNothing, 0, nil, "closed"))
	}
	s.mu.Unlock()
	s.kill()
	return nil
}
