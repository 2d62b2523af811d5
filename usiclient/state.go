package usiclient

import (
	"errors"
	"fmt"
	"time"
)

// State is where a Session is in the conversation.
type State uint8

// The states of a Session. A search goes Searching, Pondering or MateSearching,
// then Stopping once stop is sent, and back to Ready when its bestmove (or
// checkmate) arrives; a setoption sent since the last readyok makes it NotReady.
const (
	StateNew            State = iota // created; usi not sent yet
	StateWaitingUSIOK                // usi sent
	StateNotReady                    // usiok received (or options changed, or gameover): isready needed
	StateWaitingReadyOK              // isready sent
	StateReady                       // idle and ready for go
	StateSearching                   // go sent (or ponderhit)
	StatePondering                   // go ponder sent
	StateMateSearching               // go mate sent
	StateStopping                    // stop sent; waiting for bestmove/checkmate
	StateQuitting                    // quit sent; waiting for the output to end
	StateClosed                      // the engine is gone (quit, crash, kill or Close)
)

var stateNames = [...]string{"new", "waiting for usiok", "not ready", "waiting for readyok", "ready",
	"searching", "pondering", "mate searching", "stopping", "quitting", "closed"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("State(%d)", s)
}

// Busy reports whether the engine is running a search (setoption is queued then).
func (s State) Busy() bool {
	return s == StateSearching || s == StatePondering || s == StateMateSearching || s == StateStopping
}

// failLocked ends the session with err: every waiter and search gets it. Call with s.mu held.
func (s *Session) failLocked(err error) {
	if s.deadErr != nil {
		return
	}
	s.deadErr = err
	s.endedIn = s.state
	s.state = StateClosed
	close(s.dead)
	if sr := s.cur; sr != nil {
		s.cur = nil
		sr.stopTimers()
		sr.finish(Result{SearchID: sr.ID}, err)
	}
	if sr := s.held; sr != nil {
		s.held = nil
		sr.finish(Result{SearchID: sr.ID}, err)
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Kind != ErrClosed {
			s.log.add(Note, err.Error(), 0)
		}
	}
	s.bump()
}

// fatal ends the session with an error of the given kind, and kills the engine.
func (s *Session) fatal(kind error, waiting Awaiting, after time.Duration, detail string) error {
	s.mu.Lock()
	if s.deadErr != nil {
		err := s.deadErr
		s.mu.Unlock()
		return err
	}
	e := s.errorLocked(kind, waiting, after, nil, detail)
	s.failLocked(e)
	s.mu.Unlock()
	s.kill()
	return e
}

func (s *Session) stateError(what string, st State) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.deadErr != nil {
		return s.deadErr
	}
	return s.errorLocked(ErrState, AwaitNothing, 0, nil, fmt.Sprintf("cannot %s while %s", what, st))
}
