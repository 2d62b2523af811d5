// Package mate runs mate searches (詰み探索): "go mate" on an engine, each search in
// a process of its own, so that an engine that misbehaves after a mate search (gpsusi
// ignores every normal go that follows one) can't hurt anything else.
package mate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/usiclient"
)

// Status is the outcome of a mate search.
type Status int

const (
	Found          Status = iota // a mating line, checked move by move
	NoMate                       // the engine proved there is no mate
	Timeout                      // out of time: no answer within the time allowed, stopped (a hung engine is Failed)
	NotImplemented               // the engine can't solve mates
	Failed                       // the engine failed (crashed, answered nonsense)
)

func (s Status) String() string {
	return [...]string{"mate", "no mate", "timeout", "not implemented", "failed"}[s]
}

// Result is the answer to a mate search.
type Result struct {
	Status  Status
	Moves   []board.Move // the mating line when Found
	Engine  string
	Elapsed time.Duration
	Detail  string // why it failed, or what the engine answered instead of checkmate
	// FutileOmitted reports that the line ends in a position that is mate only when
	// futile interpositions (無駄合) are not counted, as tsume solvers count: the
	// defender could still put a piece between the checker and the king, which would
	// be taken with mate (see board.Position.IsMateOmittingFutile).
	FutileOmitted bool
	// SideToMoveMated reports a line that starts with the reply of the side to move, which
	// is in check: the mate is of the side to move. KomoringHeights answers go mate so by
	// default (its option RootIsAndNodeIfChecked) where the side to move is in check; USI
	// asks for a mate by the side to move, which the bundled engine looks for instead.
	SideToMoveMated bool
}

// String writes the result as a person reads it: the line in Japanese notation and in USI.
func (r Result) String(pos *board.Position) string {
	switch r.Status {
	case Found:
		ja, _ := pos.JapaneseLine(r.Moves, board.NoSquare)
		usi := make([]string, len(r.Moves))
		for i, m := range r.Moves {
			usi[i] = m.USI()
		}
		s := fmt.Sprintf("mate in %d: %s (%s)", len(r.Moves), ja, strings.Join(usi, " "))
		if r.SideToMoveMated {
			s = fmt.Sprintf("the side to move, in check, is mated in %d: %s (%s)", len(r.Moves), ja, strings.Join(usi, " "))
		}
		if r.FutileOmitted {
			s += ", futile interpositions omitted"
		}
		return s
	case Failed:
		return "failed: " + r.Detail
	}
	if r.Detail != "" {
		return r.Status.String() + " (" + r.Detail + ")"
	}
	return r.Status.String()
}

// Search starts def in a process of its own, asks it for a mate in pos (limit 0:
// no limit but ctx), and closes it. The line a "checkmate" answer gives is checked:
// every attacker move checks, every move is legal, and the last position is mate,
// futile interpositions left out as tsume solvers do (Result.FutileOmitted says so).
func Search(ctx context.Context, def engine.Definition, pos *board.Position, limit time.Duration) (Result, error) {
	return search(ctx, engine.Start, def, pos, limit, nil)
}

// starter starts an engine: engine.Start, or a Manager's Start.
type starter func(context.Context, engine.Definition, engine.StartOptions) (*engine.Running, error)

// search is Search with the engine started by start; started, if set, is told of the engine
// once it runs (Runner.Progress reads its numbers).
func search(ctx context.Context, start starter, def engine.Definition, pos *board.Position, limit time.Duration, started func(*engine.Running)) (Result, error) {
	res := Result{Engine: def.Name}
	t0 := time.Now()
	r, err := start(ctx, def, engine.StartOptions{})
	if err != nil {
		res.Status, res.Detail, res.Elapsed = Failed, err.Error(), time.Since(t0)
		return res, err
	}
	if started != nil {
		started(r)
	}
	// closing gives the engine its quit timeout, then kills it
	defer r.Close(context.Background())
	if def.Name == "" {
		res.Engine = r.Info().Name
	}
	t0 = time.Now()
	sr, err := r.GoMate(ctx, usiclient.NewPosition(pos), limit)
	switch {
	case err != nil && ctx.Err() != nil:
		res.Status, res.Detail = Timeout, "stopped"
		return res, nil
	case err != nil:
		res.Status, res.Detail = Failed, err.Error()
		return res, err
	}
	out, err := sr.Wait(ctx)
	res.Elapsed = time.Since(t0)
	switch {
	case err != nil && ctx.Err() != nil:
		res.Status, res.Detail = Timeout, "stopped"
		return res, nil
	case err != nil:
		// an engine that gave no answer it owed (no checkmate after stop) hung and was
		// killed: a failure; a search that runs out of time answers stop (a Timeout)
		res.Status, res.Detail = Failed, err.Error()
		if errors.Is(err, usiclient.ErrTimeout) {
			res.Detail = "hung (killed): " + err.Error()
		}
		return res, nil
	case out.Mate == nil:
		// answered bestmove: fairy-stockfish does this to go mate
		res.Status, res.Detail = NotImplemented, fmt.Sprintf("answered %q instead of checkmate", "bestmove "+out.Text.Move)
		return res, nil
	}
	judge(&res, pos, out.Mate)
	return res, nil
}

// judge fills res from the engine's answer to go mate, checking a mating line.
func judge(res *Result, pos *board.Position, m *usiclient.MateResult) {
	switch m.Status {
	case usiclient.Mate:
		res.Status, res.Moves = Found, m.Moves
		why, futile := CheckLine(pos, res.Moves)
		if why != "" && pos.InCheck() {
			// the mate of the side to move, in check (KomoringHeights's default answer)
			if w, f := CheckDefenderLine(pos, res.Moves); w == "" {
				why, futile, res.SideToMoveMated = "", f, true
			}
		}
		if why != "" {
			res.Status, res.Detail = Failed, "the engine's mating line is wrong: "+why
		}
		res.FutileOmitted = why == "" && futile
	case usiclient.NoMate:
		res.Status = NoMate
	case usiclient.MateTimeout:
		res.Status = Timeout
		res.Detail = m.EngineSaid
	case usiclient.NotImplemented:
		res.Status = NotImplemented
	}
}

// Check verifies a mating line from pos: every move legal, every attacker move a
// check, the final position checkmate with futile interpositions left out (see
// CheckLine). It returns "" when the line is right.
func Check(pos *board.Position, line []board.Move) string {
	why, _ := CheckLine(pos, line)
	return why
}

// CheckLine is Check, and also reports whether the line's end is mate only under the
// tsume convention that futile interpositions (無駄合) are not counted: the defender
// could still interpose, each interposition being taken with mate. Tsume solvers
// (脊尾詰, KomoringHeights, banmen-engine) end their lines there.
func CheckLine(pos *board.Position, line []board.Move) (why string, futileOmitted bool) {
	return checkLine(pos, line, true)
}

// CheckDefenderLine is CheckLine for a line that starts with the defender's reply: the
// side to move in pos is in check and is mated at the line's end.
func CheckDefenderLine(pos *board.Position, line []board.Move) (why string, futileOmitted bool) {
	if !pos.InCheck() {
		return "the side to move is not in check", false
	}
	return checkLine(pos, line, false)
}

// checkLine checks a mating line whose first move is the attacker's (attackerFirst) or the
// defender's.
func checkLine(pos *board.Position, line []board.Move, attackerFirst bool) (why string, futileOmitted bool) {
	if len(line) == 0 {
		return "an empty line", false
	}
	first := 0 // the parity of the attacker's moves
	if !attackerFirst {
		first = 1
	}
	if len(line)%2 != 1-first {
		return fmt.Sprintf("%d moves: a mate ends on the attacker's move", len(line)), false
	}
	cur := pos.Clone()
	for i, m := range line {
		if !cur.IsLegal(m) {
			return fmt.Sprintf("move %d (%s) is illegal", i+1, m.USI()), false
		}
		cur.Do(m)
		if i%2 == first && !cur.InCheck() {
			return fmt.Sprintf("move %d (%s) does not check", i+1, m.USI()), false
		}
	}
	if cur.IsCheckmate() {
		return "", false
	}
	if cur.IsMateOmittingFutile() {
		return "", true
	}
	return "the final position is not mate", false
}
