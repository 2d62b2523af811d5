package usiclient

import (
	"context"
	"sync/atomic"
	"time"

	"banmen/board"
)

// SearchMode is the kind of search a go command started.
type SearchMode uint8

// The kinds of search.
const (
	ModeNormal   SearchMode = iota // go with a clock, movetime, depth or nodes (or after ponderhit)
	ModePonder                     // go ponder, until ponderhit or stop
	ModeInfinite                   // go infinite, until stop
	ModeMate                       // go mate
)

func (m SearchMode) String() string {
	switch m {
	case ModePonder:
		return "ponder"
	case ModeInfinite:
		return "infinite"
	case ModeMate:
		return "mate"
	}
	return "normal"
}

// Search is one go command and, in time, its answer.
type Search struct {
	ID   uint64     // 1, 2, 3, … per session
	Mode SearchMode // the kind of search go started (a ponder search stays ModePonder after ponderhit)

	s        *Session
	root     *board.Position // the position searched; never modified
	rootSFEN string
	cmd      Command
	started  time.Time
	done     chan struct{}
	res      Result
	err      error
	// goMark is 0 until the writer writes the go command, then the number of
	// reads from stdout done by then, plus one.
	goMark atomic.Uint64

	// Guarded by s.mu.
	ponderHit    bool
	stopSent     bool
	discard      bool      // replaced or missed: the answer is thrown away
	pastDeadline bool      // the session's own deadline passed and it sent stop
	early        *BestMove // a bestmove that came while pondering, before ponderhit
	deadline     *time.Timer
	stopTimer    *time.Timer
}

// Result is the answer to a search.
type Result struct {
	SearchID uint64
	// BestMove is the engine's move, checked against the position (board.NoMove
	// for resign and win, and for a mate search answered with checkmate).
	BestMove board.Move
	// Ponder is the move the engine expects in reply, checked against the position
	// after BestMove; board.NoMove when none was sent or it was illegal (then
	// PonderIllegal says why).
	Ponder        board.Move
	PonderIllegal string
	Resign        bool // bestmove resign
	Win           bool // bestmove win (entering-king declaration)
	Text          BestMove
	// Mate is the answer to GoMate; nil if the engine answered bestmove instead.
	Mate *MateResult
	// Stopped is set when stop was sent before the answer came (by Stop, or by the
	// session at a search's deadline).
	Stopped bool
	// Early is set when the engine answered before stop in go infinite, or before
	// ponderhit while pondering (the answer was kept for ponderhit).
	Early   bool
	Elapsed time.Duration
}

// MateResult is the answer to a mate search.
type MateResult struct {
	Status CheckmateStatus
	Moves  []board.Move // the mating line, checked move by move and to end in mate
	Text   []string     // the line as sent
	// EngineSaid is set when the session's deadline had passed: the engine's late
	// answer ("checkmate nomate" after stop…), reported as MateTimeout.
	EngineSaid string
}

// Done is closed when the search has its answer (or failed, or was discarded).
func (sr *Search) Done() <-chan struct{} { return sr.done }

// Position is the SFEN of the position searched.
func (sr *Search) Position() string { return sr.rootSFEN }

// Wait waits for the answer. The error is an *Error: ErrIllegalMove when the
// engine's move is illegal (the Result still holds what it sent), ErrDiscarded when
// the search was replaced or a ponder search missed, ErrEOF, ErrBrokenPipe or
// ErrTimeout when the engine failed; or ctx's error, leaving the search running.
func (sr *Search) Wait(ctx context.Context) (Result, error) {
	select {
	case <-sr.done:
		return sr.res, sr.err
	case <-ctx.Done():
		return Result{SearchID: sr.ID}, ctx.Err()
	}
}

// finish records the answer. Call with s.mu held; later calls do nothing.
func (sr *Search) finish(res Result, err error) {
	select {
	case <-sr.done:
		return
	default:
	}
	sr.res, sr.err = res, err
	close(sr.done)
}

// readAfterGo reports whether a line that came in read number read (see
// Session.reads) may answer this search: whether it was read after go was
// written. A line read earlier was written by an engine that had not seen go.
func (sr *Search) readAfterGo(read uint64) bool {
	mark := sr.goMark.Load()
	return mark != 0 && read >= mark
}

func (sr *Search) stopTimers() {
	if sr.deadline != nil {
		sr.deadline.Stop()
	}
	if sr.stopTimer != nil {
		sr.stopTimer.Stop()
	}
}
