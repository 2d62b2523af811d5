package usiclient

import (
	"context"
)

// Handshake sends usi and waits for usiok (Timeouts.USIOK), collecting the
// engine's id and options. An engine that never answers (an xboard engine such
// as gnushogi) ends in an *Error of kind ErrTimeout that quotes what it printed.
func (s *Session) Handshake(ctx context.Context) (EngineInfo, error) {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	s.mu.Lock()
	if s.state != StateNew {
		st := s.state
		s.mu.Unlock()
		return EngineInfo{}, s.stateError("handshake", st)
	}
	ch := make(chan struct{})
	s.usiok = ch
	s.state = StateWaitingUSIOK
	err := s.sendLocked(Usi{})
	s.bump()
	s.mu.Unlock()
	if err != nil {
		return EngineInfo{}, err
	}
	if err := s.wait(ctx, ch, AwaitUSIOK, s.to.USIOK); err != nil {
		return EngineInfo{}, err
	}
	return s.Info(), nil
}

// Ready sends isready and waits for readyok (Timeouts.ReadyOK), first sending any
// queued setoption. It is needed once before the first search and after options
// change; Go and GoMate call it themselves when the state is NotReady.
func (s *Session) Ready(ctx context.Context) error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	return s.ready(ctx)
}

func (s *Session) ready(ctx context.Context) error {
	s.mu.Lock()
	switch s.state {
	case StateNotReady, StateReady:
	default:
		st := s.state
		s.mu.Unlock()
		return s.stateError("send isready", st)
	}
	s.flushOptionsLocked()
	s.notices = s.notices[:0] // the engine gets ready again, with the options it has now
	ch := make(chan struct{})
	s.readyok = ch
	s.state = StateWaitingReadyOK
	err := s.sendLocked(IsReady{})
	s.bump()
	s.mu.Unlock()
	if err != nil {
		return err
	}
	return s.wait(ctx, ch, AwaitReadyOK, s.to.ReadyOK)
}

// ensureReady makes the engine ready for a search.
func (s *Session) ensureReady(ctx context.Context) error {
	s.mu.Lock()
	st, queued := s.state, len(s.pendingOpts) > 0
	s.mu.Unlock()
	switch st {
	case StateReady:
		if !queued {
			return nil
		}
		return s.ready(ctx) // sends the queued setoption first
	case StateNotReady:
		return s.ready(ctx)
	default:
		return s.stateError("start a search", st)
	}
}

// Debug sends "debug on" or "debug off"; the draft allows it at any time.
func (s *Session) Debug(on bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sendLocked(Debug{On: on})
}

// Register sends a register command (after the engine reported registration error).
func (s *Session) Register(r Register) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sendLocked(r)
}
