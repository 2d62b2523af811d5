package usiclient

import "fmt"

// Awaiting is what the session is waiting for the engine to send: the answer
// the engine owes in the session's state. An *Error carries it (Error.Waiting),
// so a caller can tell what the engine was doing when it failed without reading
// the message.
type Awaiting uint8

// What a session can wait for.
const (
	AwaitNothing            Awaiting = iota // idle, or the failure was not a wait
	AwaitUSIOK                              // usi sent
	AwaitReadyOK                            // isready sent
	AwaitBestmove                           // go sent (or ponderhit)
	AwaitBestmovePondering                  // go ponder sent
	AwaitCheckmate                          // go mate sent
	AwaitBestmoveAfterStop                  // stop sent during a search
	AwaitCheckmateAfterStop                 // stop sent during a mate search
	AwaitExitAfterQuit                      // quit sent: the engine's output should end
)

var awaitingNames = [...]string{"", "usiok", "readyok", "bestmove", "bestmove (pondering)", "checkmate",
	"bestmove after stop", "checkmate after stop", "exit after quit"}

// String names the awaited answer as the protocol log and error messages do:
// "usiok", "bestmove after stop", …; "" for AwaitNothing.
func (a Awaiting) String() string {
	if int(a) < len(awaitingNames) {
		return awaitingNames[a]
	}
	return fmt.Sprintf("Awaiting(%d)", a)
}

// AfterStop reports whether stop was sent and the answer to it is awaited.
func (a Awaiting) AfterStop() bool {
	return a == AwaitBestmoveAfterStop || a == AwaitCheckmateAfterStop
}

// Awaiting returns what the session now waits for the engine to send
// (AwaitNothing when idle or ended).
func (s *Session) Awaiting() Awaiting {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.awaitingLocked()
}

// awaitingLocked names what the engine owes the session in its state. Call with s.mu held.
func (s *Session) awaitingLocked() Awaiting {
	switch s.state {
	case StateWaitingUSIOK:
		return AwaitUSIOK
	case StateWaitingReadyOK:
		return AwaitReadyOK
	case StateSearching:
		return AwaitBestmove
	case StatePondering:
		return AwaitBestmovePondering
	case StateMateSearching:
		return AwaitCheckmate
	case StateStopping:
		if s.cur != nil && s.cur.Mode == ModeMate {
			return AwaitCheckmateAfterStop
		}
		return AwaitBestmoveAfterStop
	case StateQuitting:
		return AwaitExitAfterQuit
	}
	return AwaitNothing
}
