package usiclient

import (
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
)

const outQueue = 1024 // commands waiting for the writer; more means the engine stopped reading

// outCmd is a command for the writer: its bytes, and for a go, where to note the
// reads from stdout done before it was written.
type outCmd struct {
	b    []byte
	mark *atomic.Uint64
}

// sendLocked queues a command for the writer and logs it. Call with s.mu held.
func (s *Session) sendLocked(c Command) error { return s.sendMarkedLocked(c, nil) }

// sendMarkedLocked is sendLocked, and as the writer writes c, it stores there the
// number of reads from stdout done by then, plus one. Call with s.mu held.
func (s *Session) sendMarkedLocked(c Command, mark *atomic.Uint64) error {
	if s.deadErr != nil {
		return s.deadErr
	}
	b, err := c.AppendTo(make([]byte, 0, 64))
	if err != nil {
		return fmt.Errorf("usiclient: engine %q: %w", s.info.Name, err)
	}
	s.log.add(Sent, string(b), len(b))
	if s.cfg.Encoding == EncodingShiftJIS || (s.cfg.Encoding == EncodingAuto && s.sawSJIS.Load()) {
		b = encodeShiftJIS(b) // an option name the engine wrote in Shift_JIS must come back so
	}
	select {
	case s.outq <- outCmd{b: append(b, '\n'), mark: mark}:
		return nil
	default:
		e := s.errorLocked(ErrBrokenPipe, s.awaitingLocked(), 0, nil,
			fmt.Sprintf("%d commands are waiting to be written: the engine stopped reading", outQueue))
		s.failLocked(e)
		go s.kill()
		return e
	}
}

func (s *Session) writeLoop() {
	for {
		select {
		case c := <-s.outq:
			b := c.b
			if c.mark != nil {
				c.mark.Store(s.reads.Load() + 1)
			}
			if _, err := s.w.Write(b); err != nil {
				s.mu.Lock()
				e := s.errorLocked(ErrBrokenPipe, s.awaitingLocked(), 0, err,
					fmt.Sprintf("writing %q failed", strings.TrimSpace(string(b))))
				clean := s.quitting
				if clean {
					e.Kind = ErrClosed
				}
				s.failLocked(e)
				s.mu.Unlock()
				if !clean {
					s.kill()
				}
				return
			}
		case <-s.dead:
			return
		}
	}
}

func (s *Session) kill() {
	s.killOnce.Do(func() {
		if s.cfg.Kill != nil {
			switch err := s.cfg.Kill(); {
			case errors.Is(err, ErrExited):
				// it quit by itself: nothing was killed
			case err != nil:
				s.note("kill: %v", err)
			default:
				s.note("killed the engine")
			}
		}
	})
}
