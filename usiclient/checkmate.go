package usiclient

import (
	"fmt"
	"strings"
	"time"

	"banmen/board"
)

func (s *Session) onCheckmate(cm Checkmate, text string, read uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sr, finished := s.mateSearchAnsweredLocked(text, read)
	if finished {
		defer s.bump()
	}
	if sr == nil {
		return
	}
	mr := &MateResult{Status: cm.Status, Text: cm.Moves}
	res := Result{SearchID: sr.ID, Mate: mr, Stopped: sr.stopSent, Elapsed: time.Since(sr.started)}
	var err error
	if cm.Status == Mate {
		mr.Moves, err = s.checkMateLineLocked(sr, cm.Moves)
	}
	if sr.pastDeadline && (cm.Status != Mate || err != nil) {
		// Our own deadline passed: what the engine says now (a late nomate, a
		// timeout, a bad line) is reported as a timeout, never as a proof.
		mr.EngineSaid = text
		mr.Status, mr.Moves, mr.Text, err = MateTimeout, nil, nil, nil
	}
	if err != nil {
		s.note("%v", err.(*Error).Detail)
	}
	s.fold.result = &res
	sr.finish(res, err)
}

// onBadCheckmate ends the mate search running with a protocol error when the engine's
// checkmate line cannot be read ("checkmate" with nothing after it): that was its answer,
// and waiting on for another would end only in a stop and a kill at the limit, reported as
// a hang. After the session's own deadline it is a timeout, as any late answer.
func (s *Session) onBadCheckmate(text string, perr error, read uint64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.note("unreadable checkmate line: %v", perr)
	sr, finished := s.mateSearchAnsweredLocked(text, read)
	if finished {
		defer s.bump()
	}
	if sr == nil {
		return
	}
	res := Result{SearchID: sr.ID, Stopped: sr.stopSent, Elapsed: time.Since(sr.started)}
	var err error
	if sr.pastDeadline {
		res.Mate = &MateResult{Status: MateTimeout, EngineSaid: text}
	} else {
		e := s.errorLocked(ErrProtocol, AwaitNothing, 0, nil, fmt.Sprintf("unreadable checkmate line %q: %v", clip(text, 80), perr))
		s.note("%v", e.Detail)
		err = e
	}
	s.fold.result = &res
	sr.finish(res, err)
}

// mateSearchAnsweredLocked finishes the mate search that text, read at read, answers and
// returns it. finished says whether a search was finished (the caller then bumps); sr is
// nil when the line answers none (no mate search running, or one whose go was sent after
// it was read) or the search it ends was replaced by a new one (its answer is discarded).
// Call with s.mu held.
func (s *Session) mateSearchAnsweredLocked(text string, read uint64) (sr *Search, finished bool) {
	if s.cur == nil || s.cur.Mode != ModeMate {
		s.note("%q with no mate search running: ignored", clip(text, 80))
		return nil, false
	}
	if !s.cur.readAfterGo(read) {
		s.note("%q came before go of search %d was sent: ignored", clip(text, 80), s.cur.ID)
		return nil, false
	}
	sr = s.finishSearchLocked()
	if sr.discard {
		s.note("discarded the answer of replaced mate search %d", sr.ID)
		s.discardLocked(sr, "replaced by a new search")
		return nil, true
	}
	return sr, true
}

// checkMateLineLocked plays a mating line from the position searched: every
// move must be legal and the line must end in mate. Call with s.mu held.
func (s *Session) checkMateLineLocked(sr *Search, line []string) ([]board.Move, error) {
	p := sr.root.Clone()
	moves := make([]board.Move, 0, len(line))
	for i, t := range line {
		m, err := p.ParseMove(t)
		if err != nil {
			return moves, s.errorLocked(ErrIllegalMove, AwaitNothing, 0, nil,
				fmt.Sprintf("checkmate move %d %q in position %q: %v", i+1, t, sr.rootSFEN, err))
		}
		moves = append(moves, m)
		p.Do(m)
	}
	// tsume solvers leave futile interpositions (無駄合) out of their lines, as
	// tsume solutions are written: such a line ends in mate by that convention
	if !p.IsMateOmittingFutile() {
		return moves, s.errorLocked(ErrProtocol, AwaitNothing, 0, nil,
			fmt.Sprintf("checkmate line %q from %q does not end in mate", strings.Join(line, " "), sr.rootSFEN))
	}
	return moves, nil
}
