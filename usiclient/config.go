package usiclient

import (
	"io"
	"time"
)

// Config tells a Session how to treat one engine.
type Config struct {
	// Name names the engine in errors and the log until it sends "id name"
	// (for example the executable's file name).
	Name string
	// Timeouts bounds every wait; zero fields take the defaults.
	Timeouts Timeouts
	// Encoding decodes the engine's output; the zero value decodes UTF-8 when
	// valid, else Shift_JIS.
	Encoding Encoding
	// MaxLineBytes caps the length of a line the reader keeps (DefaultMaxLineBytes
	// when 0). A longer line is logged cut and otherwise ignored.
	MaxLineBytes int
	// LogLines is the number of lines the protocol log keeps (2000 when 0), and
	// MaxLogLineBytes the longest text it keeps of one line (4096 when 0).
	LogLines        int
	MaxLogLineBytes int
	// Stderr, if set, is drained into the protocol log; its last lines are quoted
	// in errors. A caller that drains stderr itself passes StderrTail instead.
	Stderr io.Reader
	// StderrTail, if set, returns the last lines of the engine's stderr (for
	// example engine.Process's ring), quoted in errors.
	StderrTail func() []string
	// Kill, if set, ends the engine at once (kill by PID). The session calls it at
	// most once: when a wait times out, when the engine breaks the pipe, when quit
	// is not honoured in time, and on Close. Killing the process must make its
	// stdout reach EOF, which ends the session's reader. It returns ErrExited when the
	// engine had exited by itself (a quit honoured): the log notes only a real kill.
	Kill func() error
	// Register answers an engine that reports "registration error"; the default
	// is "register later", as the draft asks a GUI to send.
	Register *Register
}

// Timeouts bounds the waits on an engine. Scale multiplies all of them, for an
// engine known to be slow (a big network to load) or a slow machine.
type Timeouts struct {
	USIOK   time.Duration // usi → usiok (default 10s; Shogidokoro allows 5s)
	ReadyOK time.Duration // isready → readyok (default 30s: engines load books and clear hash here)
	Stop    time.Duration // stop → bestmove or checkmate (default 5s)
	Quit    time.Duration // quit → end of output (default 5s)
	// Grace is how long a search with a time limit (a clock, movetime, or go mate
	// <ms>) may run past that limit before the session sends stop itself (default 3s).
	Grace time.Duration
	Scale float64 // 0 means 1
}

// DefaultTimeouts returns the timeouts a Session uses when Config leaves them zero.
func DefaultTimeouts() Timeouts {
	return Timeouts{
		USIOK:   10 * time.Second,
		ReadyOK: 30 * time.Second,
		Stop:    5 * time.Second,
		Quit:    5 * time.Second,
		Grace:   3 * time.Second,
		Scale:   1,
	}
}

// resolved fills zero fields with the defaults and applies Scale.
func (t Timeouts) resolved() Timeouts {
	d := DefaultTimeouts()
	pick := func(v, def time.Duration) time.Duration {
		if v <= 0 {
			v = def
		}
		if t.Scale > 0 && t.Scale != 1 {
			v = time.Duration(float64(v) * t.Scale)
		}
		return v
	}
	return Timeouts{
		USIOK:   pick(t.USIOK, d.USIOK),
		ReadyOK: pick(t.ReadyOK, d.ReadyOK),
		Stop:    pick(t.Stop, d.Stop),
		Quit:    pick(t.Quit, d.Quit),
		Grace:   pick(t.Grace, d.Grace),
		Scale:   1,
	}
}
