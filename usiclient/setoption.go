package usiclient

import (
	"fmt"
)

// SetOption sets an engine option. It checks the value against the option the
// engine declared (if it declared one by that name) and refuses line breaks.
// While the engine searches, or while an isready is unanswered, the command is
// queued and sent as soon as the engine is idle (its bestmove or readyok came); it
// is always sent before the next isready or go. The engine needs isready afterwards,
// which the next Go does by itself.
func (s *Session) SetOption(name, value string) error {
	return s.setOption(SetOption{Name: name, Value: value})
}

// PressButton sends "setoption name <name>" for a button option.
func (s *Session) PressButton(name string) error {
	return s.setOption(SetOption{Name: name, Button: true})
}

func (s *Session) setOption(c SetOption) error {
	if _, err := c.AppendTo(nil); err != nil {
		return fmt.Errorf("usiclient: engine %q: %w", s.Name(), err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.info.Option(c.Name); ok {
		c.Name = o.Name
		if o.Type == OptionButton {
			c.Button, c.Value = true, ""
		} else if err := o.Validate(c.Value); err != nil {
			return fmt.Errorf("usiclient: engine %q: %w", s.info.Name, err)
		}
	}
	switch s.state {
	case StateNotReady, StateReady:
		if err := s.sendLocked(c); err != nil {
			return err
		}
		s.state = StateNotReady
	case StateClosed, StateQuitting:
		if s.deadErr != nil {
			return s.deadErr
		}
		return s.errorLocked(ErrClosed, AwaitNothing, 0, nil, "setoption after quit")
	case StateNew, StateWaitingUSIOK:
		return s.errorLocked(ErrState, AwaitNothing, 0, nil, "setoption before usiok")
	default:
		s.pendingOpts = append(s.pendingOpts, c)
		s.note("queued until the engine is idle: %s", c)
	}
	s.bump()
	return nil
}

// flushOptionsLocked sends the setoption commands queued during a search.
func (s *Session) flushOptionsLocked() {
	if len(s.pendingOpts) == 0 {
		return
	}
	for _, c := range s.pendingOpts {
		if s.sendLocked(c) != nil {
			break
		}
	}
	s.pendingOpts = nil
	if s.state == StateReady {
		s.state = StateNotReady
	}
}
