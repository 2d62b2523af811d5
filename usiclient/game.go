package usiclient

import (
	"context"
	"fmt"
)

// NewGame sends usinewgame, after isready if the engine is not ready. Any search
// still running is stopped and its result discarded.
func (s *Session) NewGame(ctx context.Context) error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	if err := s.settle(ctx); err != nil {
		return err
	}
	if err := s.ensureReady(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sendLocked(UsiNewGame{})
}

// GameOver stops any search (discarding its result) and sends gameover; the
// engine then needs isready (and usinewgame) before the next game.
func (s *Session) GameOver(ctx context.Context, r GameResult) error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	if err := s.settle(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.state {
	case StateReady, StateNotReady:
	default:
		return s.errorLocked(ErrState, AwaitNothing, 0, nil, fmt.Sprintf("cannot send gameover while %s", s.state))
	}
	if err := s.sendLocked(GameOver{Result: r}); err != nil {
		return err
	}
	s.state = StateNotReady
	s.bump()
	return nil
}
