package usiclient

import (
	"errors"
	"io"
	"strings"
)

// Raw is a line a user typed (in a protocol log window) to send to the engine as it is.
type Raw struct{ Line string }

func (c Raw) AppendTo(b []byte) ([]byte, error) {
	if strings.ContainsAny(c.Line, "\r\n") {
		return b, errors.New("raw command: a line break in the line")
	}
	if strings.TrimSpace(c.Line) == "" {
		return b, errors.New("raw command: an empty line")
	}
	return append(b, c.Line...), nil
}

func (c Raw) String() string                     { return commandString(c) }
func (c Raw) WriteTo(w io.Writer) (int64, error) { return writeCommand(w, c) }

// SendRaw writes a line to the engine as it is, and logs it like every command. It is for
// a person talking to the engine by hand: the session does not follow what the line does
// (a raw "go" is answered by a bestmove no search waits for, which the session logs and
// drops). A line break or an empty line is refused.
func (s *Session) SendRaw(line string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sendLocked(Raw{Line: line})
}
