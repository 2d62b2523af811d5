package usiclient

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The kinds of failure. Every *Error wraps one of them: test with errors.Is.
var (
	// ErrTimeout: the engine did not answer within the time allowed.
	ErrTimeout = errors.New("timeout")
	// ErrEOF: the engine closed its output (it exited or crashed).
	ErrEOF = errors.New("engine closed its output")
	// ErrBrokenPipe: the engine closed its input (writing to it failed).
	ErrBrokenPipe = errors.New("engine closed its input")
	// ErrIllegalMove: the engine sent a move that is illegal in the position.
	ErrIllegalMove = errors.New("illegal move")
	// ErrProtocol: the engine broke the protocol in a way the session can't work around.
	ErrProtocol = errors.New("protocol error")
	// ErrClosed: the session was closed (by Quit or Close) before the answer came.
	ErrClosed = errors.New("session closed")
	// ErrDiscarded: the search was abandoned (a new search replaced it, or a ponder
	// search missed); its result, if any, is never shown.
	ErrDiscarded = errors.New("search discarded")
	// ErrState: the call does not fit the session's state (go before the handshake…).
	ErrState = errors.New("wrong state")
	// ErrExited: what Config.Kill returns when the engine had exited already: nothing was
	// killed, and the log says nothing of it.
	ErrExited = errors.New("the engine had exited")
)

// Error is a failure of an engine or of the conversation with it. Its message says
// which engine, what was expected, and quotes the engine's last lines:
//
//	usiclient: engine "Fairy-Stockfish": no usiok within 10s; last lines: "Fairy-Stockfish 11.1 LB 64 by Fabian Fichter"
type Error struct {
	Engine  string        // the id name, or the name the Session was given
	Kind    error         // ErrTimeout, ErrEOF, ErrBrokenPipe, ErrIllegalMove, ErrProtocol, ErrClosed, ErrDiscarded, ErrState
	Waiting Awaiting      // what the session was waiting for: AwaitUSIOK, AwaitReadyOK, AwaitBestmoveAfterStop, …
	After   time.Duration // for ErrTimeout: how long it waited
	Detail  string        // more about what went wrong
	Last    []string      // the last lines received on stdout, oldest first
	Stderr  []string      // the last lines of stderr, if the session drains it
	Err     error         // the underlying error (a read or write error), if any
	// Exit is how the engine's process ended ("exit status 3", "killed by signal
	// 9"), when the layer that runs the process knows it: see WithExit. The
	// session itself sees only pipes, so it leaves Exit empty.
	Exit string
}

// WithExit returns a copy of e that says how the engine's process ended (the
// session's own error is shared by every waiter: never modify it in place).
func (e *Error) WithExit(exit string) *Error {
	c := *e
	c.Exit = exit
	return &c
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString("usiclient: engine ")
	b.WriteString(strconv.Quote(e.Engine))
	b.WriteString(": ")
	switch e.Kind {
	case ErrTimeout:
		fmt.Fprintf(&b, "no %s within %s", e.Waiting, roundDuration(e.After))
	case ErrEOF:
		if e.Exit != "" {
			b.WriteString("closed its output (" + e.Exit + ")")
		} else {
			b.WriteString("closed its output (exited?)")
		}
		if e.Waiting != AwaitNothing {
			b.WriteString(" while Banmen waited for " + e.Waiting.String())
		}
	case ErrBrokenPipe:
		b.WriteString("stopped reading its input (broken pipe)")
		if e.Waiting != AwaitNothing {
			b.WriteString(" while Banmen waited for " + e.Waiting.String())
		}
	default:
		if e.Kind != nil {
			b.WriteString(e.Kind.Error())
		}
		if e.Waiting != AwaitNothing {
			b.WriteString(" while waiting for " + e.Waiting.String())
		}
	}
	if e.Detail != "" {
		b.WriteString(": ")
		b.WriteString(e.Detail)
	}
	if e.Exit != "" && e.Kind != ErrEOF {
		b.WriteString("; its process ended: " + e.Exit)
	}
	if e.Err != nil && e.Err != e.Kind {
		b.WriteString(" (")
		b.WriteString(e.Err.Error())
		b.WriteString(")")
	}
	if len(e.Last) > 0 {
		b.WriteString("; last lines: ")
		writeQuoted(&b, e.Last)
	} else if e.Kind == ErrTimeout || e.Kind == ErrEOF {
		b.WriteString("; it printed nothing")
	}
	if len(e.Stderr) > 0 {
		b.WriteString("; stderr: ")
		writeQuoted(&b, e.Stderr)
	}
	return b.String()
}

func writeQuoted(b *strings.Builder, lines []string) {
	for i, l := range lines {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(strconv.Quote(l))
	}
}

// Unwrap gives errors.Is and errors.As both the kind and the underlying error.
func (e *Error) Unwrap() []error {
	if e.Err != nil {
		return []error{e.Kind, e.Err}
	}
	return []error{e.Kind}
}

func roundDuration(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Second:
		return d.Round(time.Second)
	case d >= time.Second:
		return d.Round(100 * time.Millisecond)
	}
	return d.Round(time.Millisecond)
}
