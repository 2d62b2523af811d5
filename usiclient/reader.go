package usiclient

import (
	"io"
	"strings"
	"time"
)

// readLoop is the reader goroutine: it reads, decodes, logs and dispatches every line.
func (s *Session) readLoop(r io.Reader) {
	defer close(s.readerDone)
	lr := newLineReader(r, s.cfg.MaxLineBytes)
	lr.reads = &s.reads
	dec := NewDecoder(s.cfg.Encoding)
	var in Info
	for {
		b, n, err := lr.next()
		if err != nil {
			s.readerEnd(err)
			return
		}
		text := dec.Decode(b)
		if dec.SawShiftJIS() && !s.sawSJIS.Load() {
			s.sawSJIS.Store(true)
			s.note("the engine writes Shift_JIS: reading and writing it so")
		}
		s.log.add(Received, text, n)
		if n > len(b) {
			continue // a cut line is logged, never parsed
		}
		s.dispatch(text, &in, s.reads.Load())
	}
}

func (s *Session) readerEnd(err error) {
	if s.stderrDone != nil {
		// The engine's last words (an abort message) come on stderr, which
		// ends at about the same time: give them a moment to arrive for the error.
		select {
		case <-s.stderrDone:
		case <-time.After(200 * time.Millisecond):
		}
	}
	s.mu.Lock()
	if s.deadErr != nil {
		s.mu.Unlock()
		return
	}
	var e *Error
	var under error
	if err != io.EOF {
		under = err
	}
	if s.quitting {
		e = s.errorLocked(ErrClosed, AwaitNothing, 0, under, "the engine quit")
	} else {
		e = s.errorLocked(ErrEOF, s.awaitingLocked(), 0, under, "")
	}
	s.failLocked(e)
	clean := s.quitting
	s.mu.Unlock()
	if !clean {
		s.kill()
	}
}

func (s *Session) drainStderr(r io.Reader) {
	defer close(s.stderrDone)
	lr := newLineReader(r, s.cfg.MaxLineBytes)
	dec := NewDecoder(s.cfg.Encoding)
	for {
		b, n, err := lr.next()
		if err != nil {
			return
		}
		s.log.add(Stderr, dec.Decode(b), n)
	}
}

// LogStderr puts one line of the engine's stderr (without its line ending) into
// the protocol log, decoded as the session decodes stdout (see Decoder), for an
// engine layer that drains stderr itself instead of passing Config.Stderr. Errors
// quote these lines as the stderr tail unless Config.StderrTail is set.
func (s *Session) LogStderr(line []byte) {
	s.stderrMu.Lock()
	if s.stderrDec == nil {
		s.stderrDec = NewDecoder(s.cfg.Encoding)
	}
	text := s.stderrDec.Decode(line)
	s.stderrMu.Unlock()
	s.log.add(Stderr, text, len(line))
}

// dispatch acts on one line from the engine, which came in read number read. It
// runs on the reader goroutine.
func (s *Session) dispatch(text string, in *Info, read uint64) {
	switch kind := Classify(text); kind {
	case KindInfo:
		if in.Parse(text) == nil {
			s.onInfo(in)
		}
	case KindBestMove:
		bm, err := ParseBestMove(text)
		if err != nil {
			s.note("unreadable bestmove line: %v", err)
			return
		}
		s.onBestMove(bm, read)
	case KindCheckmate:
		cm, err := ParseCheckmate(text)
		if err != nil {
			s.onBadCheckmate(text, err, read)
			return
		}
		s.onCheckmate(cm, text, read)
	case KindUSIOK:
		s.onUSIOK()
	case KindReadyOK:
		s.onReadyOK()
	case KindID:
		s.onID(text)
	case KindOption:
		s.onOption(text)
	case KindCopyProtection, KindRegistration:
		s.onStatus(kind, text)
	}
}

func (s *Session) onUSIOK() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == StateWaitingUSIOK {
		s.state = StateNotReady
		close(s.usiok)
		s.bump()
	}
}

func (s *Session) onReadyOK() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.readyok == nil {
		return
	}
	close(s.readyok)
	s.readyok = nil
	if s.state == StateWaitingReadyOK {
		s.state = StateReady
		// a setoption made while isready was out goes now, before any go;
		// the engine is then not ready again and the next Go sends isready
		s.flushOptionsLocked()
	}
	s.bump()
}

func (s *Session) onID(text string) {
	id, err := parseID(text)
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if id.Field == "name" && id.Value != "" {
		s.info.Name = id.Value
		s.info.NameSent = true
	} else if id.Field == "author" {
		s.info.Author = id.Value
	}
	s.bump()
}

func (s *Session) onOption(text string) {
	o, err := ParseOption(text)
	if err != nil {
		s.note("unreadable option line: %v", err)
		return
	}
	if len(o.Problems) > 0 {
		s.note("option %q: %s", o.Name, strings.Join(o.Problems, "; "))
	}
	s.mu.Lock()
	s.addOptionLocked(o)
	s.mu.Unlock()
}

// onStatus takes a copyprotection or registration status; a registration error
// is answered with register (Config.Register, else "register later").
func (s *Session) onStatus(kind Kind, text string) {
	_, i := nextToken(text, 0)
	status := trimSpace(text[i:])
	s.mu.Lock()
	defer s.mu.Unlock()
	if kind == KindCopyProtection {
		s.info.CopyProtection = status
	} else {
		s.info.Registration = status
		if status == "error" {
			r := Register{Later: true}
			if s.cfg.Register != nil {
				r = *s.cfg.Register
			}
			s.sendLocked(r)
		}
	}
	s.bump()
}

func (s *Session) onInfo(in *Info) {
	s.mu.Lock()
	sr := s.cur
	if sr == nil || sr.discard {
		// Idle chatter (YaneuraOu reports loading in info string) is kept as the
		// message; anything from a search being replaced is dropped.
		if sr == nil && in.Has(HasString) {
			s.fold.message = in.String
			s.noteLocked(in.String)
			s.bump()
		}
		s.mu.Unlock()
		return
	}
	s.fold.apply(in)
	s.bump()
	s.mu.Unlock()
}
