package usiclient

import (
	"context"
	"fmt"
	"time"
)

// Go starts a search on pos: "position …" then "go …". If a search is running,
// it first sends one stop and discards that search's bestmove and info (the old
// search's Wait returns ErrDiscarded). Every move of pos is checked first; a
// position with an illegal move is refused, never sent. Go sends isready first if
// the engine is not ready.
//
// A search with a time limit (a Clock or MoveTime) that runs past the limit plus
// Timeouts.Grace is stopped by the session; an engine that then sends no bestmove
// within Timeouts.Stop is wedged, and the session ends with an ErrTimeout.
func (s *Session) Go(ctx context.Context, pos Position, g Go) (*Search, error) {
	mode := ModeNormal
	switch {
	case g.Ponder:
		mode = ModePonder
	case g.Infinite:
		mode = ModeInfinite
	}
	return s.start(ctx, pos, g, mode)
}

// GoMate starts a mate search ("go mate <limit>", or "go mate infinite" for 0).
// The answer is a checkmate line, nomate, timeout or notimplemented (Fairy-Stockfish
// answers bestmove instead, which Result gives as BestMove). The session keeps its
// own deadline (limit + Timeouts.Grace): then it sends stop, and whatever the engine
// says after that, other than a checked mating line, is reported as MateTimeout.
func (s *Session) GoMate(ctx context.Context, pos Position, limit time.Duration) (*Search, error) {
	return s.start(ctx, pos, GoMate{Limit: limit}, ModeMate)
}

func (s *Session) start(ctx context.Context, pos Position, cmd Command, mode SearchMode) (*Search, error) {
	if _, err := cmd.AppendTo(nil); err != nil {
		return nil, fmt.Errorf("usiclient: engine %q: %w", s.Name(), err)
	}
	if _, err := pos.AppendTo(nil); err != nil {
		return nil, fmt.Errorf("usiclient: engine %q: %w", s.Name(), err)
	}
	root, err := pos.Board()
	if err != nil {
		return nil, fmt.Errorf("usiclient: engine %q: refusing to send %s: %w", s.Name(), clip(pos.String(), 200), err)
	}
	s.opMu.Lock()
	defer s.opMu.Unlock()
	if err := s.settle(ctx); err != nil {
		return nil, err
	}
	if err := s.ensureReady(ctx); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state != StateReady {
		if s.deadErr != nil {
			return nil, s.deadErr
		}
		return nil, s.errorLocked(ErrState, AwaitNothing, 0, nil, fmt.Sprintf("cannot start a search while %s", s.state))
	}
	s.searchSeq++
	sr := &Search{
		ID:       s.searchSeq,
		Mode:     mode,
		root:     root,
		rootSFEN: root.SFEN(),
		cmd:      cmd,
		done:     make(chan struct{}),
		s:        s,
	}
	if err := s.sendLocked(pos); err != nil {
		return nil, err
	}
	if err := s.sendMarkedLocked(cmd, &sr.goMark); err != nil {
		return nil, err
	}
	sr.started = time.Now()
	s.cur = sr
	switch mode {
	case ModePonder:
		s.state = StatePondering
	case ModeMate:
		s.state = StateMateSearching
	default:
		s.state = StateSearching
	}
	s.fold.reset(sr)
	s.armDeadlineLocked(sr)
	s.bump()
	return sr, nil
}

// settle ends the running search, if any: it sends one stop, waits for the
// engine's bestmove (Timeouts.Stop) and discards it. A ponder search whose
// bestmove came early is discarded too. Call with opMu held.
func (s *Session) settle(ctx context.Context) error {
	s.mu.Lock()
	if h := s.held; h != nil {
		s.held = nil
		s.discardLocked(h, "the ponder search was abandoned")
		s.bump()
	}
	sr := s.cur
	if sr == nil {
		s.mu.Unlock()
		return nil
	}
	if !sr.discard {
		sr.discard = true
		s.note("search %d is replaced: its bestmove will be discarded", sr.ID)
	}
	if !sr.stopSent {
		s.sendStopLocked(sr)
	}
	s.mu.Unlock()
	select {
	case <-sr.done:
		return nil
	case <-s.dead:
		return s.Err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Session) discardLocked(sr *Search, why string) {
	sr.finish(Result{SearchID: sr.ID}, &Error{Engine: s.info.Name, Kind: ErrDiscarded, Detail: fmt.Sprintf("search %d: %s", sr.ID, why)})
}
