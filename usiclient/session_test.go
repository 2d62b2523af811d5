package usiclient

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

var byoyomi = &Clock{BTime: 0, WTime: 0, Byoyomi: time.Second}

func TestSessionHandshake(t *testing.T) {
	ep := startFake(t, "", Config{})
	s := ep.s
	if st := s.State(); st != StateNew {
		t.Fatalf("state %s before the handshake", st)
	}
	v0 := s.Version()
	info, err := s.Handshake(ctxT(t, 5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if info.Name != "Fake Engine 1.0" || info.Author != "Banmen tests" || s.Name() != "Fake Engine 1.0" {
		t.Errorf("id: %+v", info)
	}
	var rows []string
	for _, o := range info.Options {
		rows = append(rows, optionRow(o))
	}
	want := []string{"Hash|spin|16|1..1024", "Ponder|check|false", "Style|combo|Normal|3 vars", "Clear Hash|button|-", "BookFile|string|"}
	if !slices.Equal(rows, want) {
		t.Errorf("options\n got  %q\n want %q", rows, want)
	}
	if st := s.State(); st != StateNotReady {
		t.Errorf("state %s after usiok, want %s", st, StateNotReady)
	}
	if err := s.Ready(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if st := s.State(); st != StateReady {
		t.Errorf("state %s after readyok", st)
	}
	if s.Version() == v0 {
		t.Error("the version did not change")
	}
	if _, err := s.Handshake(ctxT(t, time.Second)); !errors.Is(err, ErrState) {
		t.Errorf("a second handshake: %v", err)
	}
	if got := sent(s); !slices.Equal(got, []string{"usi", "isready"}) {
		t.Errorf("sent %q", got)
	}
}

func TestSessionSearch(t *testing.T) {
	ep := startFake(t, "", Config{})
	s := ep.s
	ready(t, s)
	pos := Position{Moves: []string{"7g7f"}} // white to move
	sr, err := s.Go(ctxT(t, 5*time.Second), pos, Go{Clock: byoyomi})
	if err != nil {
		t.Fatal(err)
	}
	if st := s.State(); st != StateSearching && st != StateReady {
		t.Errorf("state %s during the search", st)
	}
	res, err := sr.Wait(ctxT(t, 5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	root, _ := pos.Board()
	if !root.IsLegal(res.BestMove) || !root.Play(res.BestMove).IsLegal(res.Ponder) {
		t.Errorf("result %+v is not legal", res)
	}
	if res.Stopped || res.Early || res.Resign {
		t.Errorf("result flags: %+v", res)
	}
	snap := s.Snapshot()
	if snap.State != StateReady || snap.SearchID != sr.ID || snap.Result == nil || snap.Result.BestMove != res.BestMove {
		t.Errorf("snapshot after the search: state %s, search %d, result %+v", snap.State, snap.SearchID, snap.Result)
	}
	if snap.SideToMove != board.White || snap.Position != root.SFEN() {
		t.Errorf("snapshot position %q, %s to move", snap.Position, snap.SideToMove)
	}
	if len(snap.Lines) != 1 {
		t.Fatalf("%d lines", len(snap.Lines))
	}
	l := snap.Lines[0]
	// The fake's last pv line: depth 4, score cp 99 for the side to move (white).
	if l.MultiPV != 1 || l.Depth != 4 || l.SelDepth != 6 || l.Nodes != 4001 || l.Hashfull != 4 || l.Time != 20*time.Millisecond {
		t.Errorf("line %+v", l)
	}
	if l.Score.String() != "cp 99" || l.SenteScore.String() != "cp -99" {
		t.Errorf("score %s, from sente %s", l.Score, l.SenteScore)
	}
	if len(l.PV) != 6 || l.Cut || len(l.PVText) != 6 || l.PV[0].USI() != l.PVText[0] {
		t.Errorf("pv %v (%q) cut=%v", l.PV, l.PVText, l.Cut)
	}
	if l.CurrMove == "" || snap.Stats.CurrMove == "" || snap.Stats.Depth != 4 || snap.InfoLines != 8 {
		t.Errorf("stats %+v, currmove %q, %d info lines", snap.Stats, l.CurrMove, snap.InfoLines)
	}
	noViolations(t, s)
}

func TestSessionMultiPVAndBadPV(t *testing.T) {
	ep := startFake(t, "multipv=3,bad-pv", Config{})
	s := ep.s
	ready(t, s)
	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Clock: byoyomi})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sr.Wait(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	snap := s.Snapshot()
	if len(snap.Lines) != 3 {
		t.Fatalf("%d lines, want 3", len(snap.Lines))
	}
	for i, l := range snap.Lines {
		if l.MultiPV != i+1 || l.Score.Value != 100-(i+1) || l.Nodes != int64(4000+i+1) {
			t.Errorf("rank %d: %+v", i+1, l)
		}
		// The fake puts 5i5a (a king jump) third in every pv: the line is cut there.
		if !l.Cut || l.CutAt != 2 || len(l.PV) != 2 || !strings.Contains(l.CutReason, "5i5a") {
			t.Errorf("rank %d: pv %q cut=%v at %d (%s)", i+1, l.PVText, l.Cut, l.CutAt, l.CutReason)
		}
	}
	if snap.Lines[0].SenteScore != snap.Lines[0].Score { // black to move: the same
		t.Error("sente score differs with black to move")
	}
}

func TestSessionSetOption(t *testing.T) {
	ep := startFake(t, "", Config{})
	s := ep.s
	ready(t, s)
	for _, bad := range [][2]string{{"Hash", "0"}, {"Hash", "lots"}, {"Ponder", "yes"}, {"Style", "Wild"}, {"BookFile", "a\nquit"}, {"", "1"}} {
		if err := s.SetOption(bad[0], bad[1]); err == nil {
			t.Errorf("SetOption(%q, %q) accepted", bad[0], bad[1])
		}
	}
	if err := s.SetOption("hash", "64"); err != nil { // names are matched ignoring case
		t.Fatal(err)
	}
	if err := s.SetOption("BookFile", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.SetOption("Clear Hash", ""); err != nil {
		t.Fatal(err)
	}
	if err := s.SetOption("USI_Hash", "32"); err != nil { // not declared: sent anyway, as Shogidokoro does
		t.Fatal(err)
	}
	if st := s.State(); st != StateNotReady {
		t.Errorf("state %s after setoption, want %s (isready is needed)", st, StateNotReady)
	}
	// While the engine searches, setoption waits until it is idle.
	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SetOption("Style", "Risky"); err != nil {
		t.Fatal(err)
	}
	if got := sent(s); slices.Contains(got, "setoption name Style value Risky") {
		t.Errorf("setoption sent during the search: %q", got)
	}
	s.Stop()
	if _, err := sr.Wait(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, time.Second, "the queued setoption", func() bool { return slices.Contains(sent(s), "setoption name Style value Risky") })
	if _, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Depth: 2}); err != nil {
		t.Fatal(err)
	}
	want := []string{"usi", "isready",
		"setoption name Hash value 64", "setoption name BookFile value <empty>", "setoption name Clear Hash", "setoption name USI_Hash value 32",
		"isready", "position startpos", "go infinite", "stop",
		"setoption name Style value Risky", "isready", "position startpos", "go depth 2"}
	if got := sent(s); !slices.Equal(got, want) {
		t.Errorf("sent\n %q\nwant\n %q", got, want)
	}
	noViolations(t, s)
}

// TestSessionReplaceSearch starts a search while one runs: one stop, the old
// search's bestmove and info are discarded, the new one starts after it.
func TestSessionReplaceSearch(t *testing.T) {
	ep := startFake(t, "", Config{})
	s := ep.s
	ready(t, s)
	old, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, 2*time.Second, "info of the first search", func() bool { return s.Snapshot().InfoLines > 3 })
	pos2 := Position{Moves: []string{"2g2f"}}
	sr, err := s.Go(ctxT(t, 5*time.Second), pos2, Go{Clock: byoyomi})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := old.Wait(ctxT(t, time.Second)); !errors.Is(err, ErrDiscarded) {
		t.Errorf("the replaced search ended with %v, want ErrDiscarded", err)
	}
	res, err := sr.Wait(ctxT(t, 5*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	root, _ := pos2.Board()
	if !root.IsLegal(res.BestMove) {
		t.Errorf("bestmove %s is not for the new position", res.BestMove)
	}
	snap := s.Snapshot()
	if snap.SearchID != sr.ID || snap.Position != root.SFEN() {
		t.Errorf("snapshot of search %d at %q", snap.SearchID, snap.Position)
	}
	for _, l := range snap.Lines {
		if l.Cut { // a stale line from the start position would be illegal here
			t.Errorf("a line of the old search reached the snapshot: %q", l.PVText)
		}
	}
	got := strings.Join(sent(s), "|")
	if want := "usi|isready|position startpos|go infinite|stop|position startpos moves 2g2f|go btime 0 wtime 0 byoyomi 1000"; got != want {
		t.Errorf("sent %s\nwant %s", got, want)
	}
	noViolations(t, s)
}

func TestSessionPonder(t *testing.T) {
	t.Run("hit", func(t *testing.T) {
		ep := startFake(t, "", Config{})
		s := ep.s
		ready(t, s)
		sr, err := s.Go(ctxT(t, 5*time.Second), Position{Moves: []string{"7g7f", "3c3d"}}, Go{Ponder: true, Clock: byoyomi})
		if err != nil {
			t.Fatal(err)
		}
		if st := s.State(); st != StatePondering {
			t.Errorf("state %s", st)
		}
		waitFor(t, 2*time.Second, "ponder info", func() bool { return s.Snapshot().InfoLines > 2 })
		select {
		case <-sr.Done():
			t.Fatal("the ponder search ended before ponderhit")
		default:
		}
		if err := s.PonderHit(); err != nil {
			t.Fatal(err)
		}
		if st := s.State(); st != StateSearching && st != StateReady {
			t.Errorf("state %s after ponderhit", st)
		}
		res, err := sr.Wait(ctxT(t, 5*time.Second))
		if err != nil || res.BestMove == board.NoMove {
			t.Fatal(res, err)
		}
		if err := s.PonderHit(); !errors.Is(err, ErrState) {
			t.Errorf("a second ponderhit: %v", err)
		}
		noViolations(t, s)
	})
	t.Run("miss", func(t *testing.T) {
		ep := startFake(t, "", Config{})
		s := ep.s
		ready(t, s)
		sr, err := s.Go(ctxT(t, 5*time.Second), Position{Moves: []string{"7g7f", "3c3d"}}, Go{Ponder: true, Clock: byoyomi})
		if err != nil {
			t.Fatal(err)
		}
		waitFor(t, 2*time.Second, "ponder info", func() bool { return s.Snapshot().InfoLines > 2 })
		// The opponent played something else: search the real position.
		sr2, err := s.Go(ctxT(t, 5*time.Second), Position{Moves: []string{"7g7f", "8c8d"}}, Go{Clock: byoyomi})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := sr.Wait(ctxT(t, time.Second)); !errors.Is(err, ErrDiscarded) {
			t.Errorf("the missed ponder search ended with %v", err)
		}
		if _, err := sr2.Wait(ctxT(t, 5*time.Second)); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(strings.Join(sent(s), "|"), "stop"); n != 1 {
			t.Errorf("%d stops sent", n)
		}
		noViolations(t, s)
	})
	t.Run("stop", func(t *testing.T) {
		ep := startFake(t, "", Config{})
		s := ep.s
		ready(t, s)
		sr, err := s.Go(ctxT(t, 5*time.Second), Position{Moves: []string{"7g7f", "3c3d"}}, Go{Ponder: true, Clock: byoyomi})
		if err != nil {
			t.Fatal(err)
		}
		s.Stop() // a ponder miss without a new search (the game ended)
		if _, err := sr.Wait(ctxT(t, 5*time.Second)); !errors.Is(err, ErrDiscarded) {
			t.Errorf("stopped ponder search: %v", err)
		}
		waitFor(t, time.Second, "ready", func() bool { return s.State() == StateReady })
		noViolations(t, s)
	})
}

// TestSessionEarlyBestMove: gpsusi answers go infinite at once and never again, and
// an engine may finish while pondering; neither may leave the session waiting.
func TestSessionEarlyBestMove(t *testing.T) {
	ep := startFake(t, "early", Config{})
	s := ep.s
	ready(t, s)
	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sr.Wait(ctxT(t, 5*time.Second))
	if err != nil || !res.Early || res.Stopped {
		t.Fatalf("infinite: %+v, %v", res, err)
	}
	s.Stop() // nothing to stop: nothing is sent
	// Ponder, bestmove before ponderhit: kept, and used on ponderhit without sending it.
	sr, err = s.Go(ctxT(t, 5*time.Second), Position{Moves: []string{"7g7f"}}, Go{Ponder: true, Clock: byoyomi})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, 2*time.Second, "the early bestmove", func() bool { return s.State() == StateReady })
	select {
	case <-sr.Done():
		t.Fatal("a ponder result was given before ponderhit")
	default:
	}
	if err := s.PonderHit(); err != nil {
		t.Fatal(err)
	}
	res, err = sr.Wait(ctxT(t, time.Second))
	if err != nil || !res.Early || res.BestMove == board.NoMove {
		t.Fatalf("ponder: %+v, %v", res, err)
	}
	// Ponder, early bestmove, then a miss: discarded, and no stop for an idle engine.
	sr, err = s.Go(ctxT(t, 5*time.Second), Position{Moves: []string{"7g7f"}}, Go{Ponder: true, Clock: byoyomi})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, 2*time.Second, "the early bestmove", func() bool { return s.State() == StateReady })
	sr2, err := s.Go(ctxT(t, 5*time.Second), Position{Moves: []string{"2g2f"}}, Go{Clock: byoyomi})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sr.Wait(ctxT(t, time.Second)); !errors.Is(err, ErrDiscarded) {
		t.Errorf("missed ponder: %v", err)
	}
	if _, err := sr2.Wait(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	for _, c := range sent(s) {
		if c == "stop" || c == "ponderhit" {
			t.Errorf("sent %q to an engine that had already answered", c)
		}
	}
	noViolations(t, s)
}

func TestSessionStopInfinite(t *testing.T) {
	ep := startFake(t, "", Config{})
	s := ep.s
	ready(t, s)
	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	v := s.Version()
	waitFor(t, 2*time.Second, "info", func() bool { return s.Snapshot().InfoLines >= 10 })
	if s.Version() == v {
		t.Error("the version did not move with the info lines")
	}
	// The search goes on until stop: later info lines (the fake's next depths)
	// keep coming, and no bestmove ends it meanwhile.
	seen := s.Snapshot().Stats.Depth
	waitFor(t, patience, "deeper info lines", func() bool { return s.Snapshot().Stats.Depth >= seen+3 })
	select {
	case <-sr.Done():
		t.Fatal("go infinite ended by itself")
	default:
	}
	if st := s.State(); st != StateSearching {
		t.Errorf("state %s before stop", st)
	}
	s.Stop()
	res, err := sr.Wait(ctxT(t, 5*time.Second))
	if err != nil || !res.Stopped || res.Early || res.BestMove == board.NoMove {
		t.Fatalf("%+v, %v", res, err)
	}
	noViolations(t, s)
}

func TestSessionMate(t *testing.T) {
	mate1 := Position{SFEN: "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1"}
	t.Run("mate and nomate", func(t *testing.T) {
		ep := startFake(t, "", Config{})
		s := ep.s
		ready(t, s)
		sr, err := s.GoMate(ctxT(t, 5*time.Second), mate1, 10*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		if st := s.State(); st != StateMateSearching && st != StateReady {
			t.Errorf("state %s", st)
		}
		res, err := sr.Wait(ctxT(t, 5*time.Second))
		if err != nil || res.Mate == nil || res.Mate.Status != Mate || len(res.Mate.Moves) != 1 || res.Mate.Moves[0].USI() != "G*5b" {
			t.Fatalf("%+v %+v, %v", res, res.Mate, err)
		}
		sr, err = s.GoMate(ctxT(t, 5*time.Second), Position{}, 0)
		if err != nil {
			t.Fatal(err)
		}
		res, err = sr.Wait(ctxT(t, 5*time.Second))
		if err != nil || res.Mate == nil || res.Mate.Status != NoMate {
			t.Fatalf("%+v, %v", res, err)
		}
		if got := sent(s); got[len(got)-1] != "go mate infinite" || got[len(got)-3] != "go mate 10000" {
			t.Errorf("sent %q", got)
		}
		noViolations(t, s)
	})
	// badAnswer runs go mate on a fake engine that answers wrong and wants a protocol error
	// that says so, at once (well before the limit of 30 s)
	badAnswer := func(t *testing.T, script, says string) *Session {
		ep := startFake(t, script, Config{})
		s := ep.s
		ready(t, s)
		start := time.Now()
		sr, err := s.GoMate(ctxT(t, 5*time.Second), mate1, 30*time.Second)
		if err != nil {
			t.Fatal(err)
		}
		res, err := sr.Wait(ctxT(t, 5*time.Second))
		var ue *Error
		if !errors.As(err, &ue) || ue.Kind != ErrProtocol || !strings.Contains(err.Error(), says) {
			t.Fatalf("%+v, %v: want a protocol error saying %q", res, err, says)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("the error came after %v", d)
		}
		return s
	}
	t.Run("a line that does not mate", func(t *testing.T) {
		// a check that leaves the king a way out is no mate, by any convention
		badAnswer(t, "false-mate", "does not end in mate")
	})
	t.Run("an unreadable answer", func(t *testing.T) {
		// "checkmate" with nothing after it (the bundled engine's answer in check once):
		// an error at once that quotes it, not a wait until the limit and a kill
		noViolations(t, badAnswer(t, "empty-mate", "unreadable checkmate line"))
	})
	t.Run("own deadline", func(t *testing.T) {
		// Mate engines ignore the limit of go mate and answer stop with a false
		// nomate: the session stops them at its deadline and reports a timeout.
		ep := startFake(t, "slow-mate", Config{Timeouts: Timeouts{Grace: 100 * time.Millisecond}})
		s := ep.s
		ready(t, s)
		start := time.Now()
		sr, err := s.GoMate(ctxT(t, 5*time.Second), mate1, 200*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		res, err := sr.Wait(ctxT(t, 5*time.Second))
		if err != nil || res.Mate == nil || res.Mate.Status != MateTimeout || res.Mate.EngineSaid != "checkmate nomate" || !res.Stopped {
			t.Fatalf("%+v %+v, %v", res, res.Mate, err)
		}
		// The session's own deadline (limit + grace) ended it: the engine answers only
		// at stop, and without that stop the wait would end with the context (15 s).
		if d := time.Since(start); d < 300*time.Millisecond {
			t.Errorf("answered after %v, before the 300ms deadline", d)
		}
	})
}

func TestSessionTimedSearchDeadline(t *testing.T) {
	t.Run("late bestmove is fetched with stop", func(t *testing.T) {
		ep := startFake(t, "late-best", Config{Timeouts: Timeouts{Grace: 100 * time.Millisecond}})
		s := ep.s
		ready(t, s)
		sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{MoveTime: 100 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		res, err := sr.Wait(ctxT(t, 5*time.Second))
		if err != nil || !res.Stopped || res.BestMove == board.NoMove {
			t.Fatalf("%+v, %v", res, err)
		}
	})
	t.Run("ponder: the clock starts at ponderhit", func(t *testing.T) {
		ep := startFake(t, "late-best", Config{Timeouts: Timeouts{Grace: 100 * time.Millisecond}})
		s := ep.s
		ready(t, s)
		sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Ponder: true, Clock: &Clock{Byoyomi: 100 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		// Pondering has no limit: no deadline is armed until ponderhit (a timer
		// would send stop at budget + grace), and the engine's info lines of
		// several depths come without a stop.
		waitFor(t, patience, "ponder info", func() bool { return s.Snapshot().Stats.Depth >= 3 })
		s.mu.Lock()
		armed := sr.deadline != nil
		s.mu.Unlock()
		if armed || slices.Contains(sent(s), "stop") {
			t.Fatalf("a deadline armed (%v) or stop sent while pondering: %q", armed, sent(s))
		}
		hit := time.Now()
		if err := s.PonderHit(); err != nil {
			t.Fatal(err)
		}
		s.mu.Lock()
		armed = sr.deadline != nil
		s.mu.Unlock()
		if !armed {
			t.Error("no deadline armed at ponderhit")
		}
		// The engine answers only at stop: the session sent it at its deadline,
		// counted from ponderhit (budget + grace after it, not after go ponder), or
		// the wait would end with the context (15 s).
		res, err := sr.Wait(ctxT(t, 5*time.Second))
		if err != nil || !res.Stopped {
			t.Fatalf("%+v, %v", res, err)
		}
		if d := time.Since(hit); d < 200*time.Millisecond {
			t.Errorf("stopped %v after ponderhit, before budget + grace (200ms)", d)
		}
	})
	t.Run("wedged engine", func(t *testing.T) {
		// gpsusi after go mate: ignores go, stop and isready. The session gives up
		// after the budget, the grace and the stop timeout, and kills it.
		ep := startFake(t, "wedge", Config{Name: "wedged", Timeouts: Timeouts{Grace: 100 * time.Millisecond, Stop: 300 * time.Millisecond}})
		s := ep.s
		ready(t, s)
		start := time.Now()
		sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Clock: &Clock{BTime: 0, WTime: 0, Byoyomi: 200 * time.Millisecond}})
		if err != nil {
			t.Fatal(err)
		}
		_, err = sr.Wait(ctxT(t, 5*time.Second))
		if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), `engine "Fake Engine 1.0": no bestmove after stop within 300ms`) {
			t.Fatalf("%v", err)
		}
		// it waited budget + grace + stop timeout; that it then gave up rather than
		// hang is the ErrTimeout above (a hang ends with the context, 15 s)
		if d := time.Since(start); d < 600*time.Millisecond {
			t.Errorf("gave up after %v, before budget + grace + stop (600ms)", d)
		}
		select {
		case <-ep.done:
		case <-time.After(patience):
			t.Error("the wedged engine was not killed")
		}
		if s.State() != StateClosed {
			t.Errorf("state %s", s.State())
		}
	})
}

func TestSessionQuit(t *testing.T) {
	t.Run("clean", func(t *testing.T) {
		ep := startFake(t, "", Config{})
		s := ep.s
		ready(t, s)
		sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Infinite: true})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Quit(ctxT(t, 5*time.Second)); err != nil {
			t.Fatal(err)
		}
		if _, err := sr.Wait(ctxT(t, time.Second)); !errors.Is(err, ErrDiscarded) {
			t.Errorf("the search running at quit: %v", err)
		}
		select {
		case <-ep.done:
		case <-time.After(2 * time.Second):
			t.Fatal("the engine did not exit")
		}
		if ep.cmd.ProcessState.ExitCode() != 0 {
			t.Errorf("exit %v: it was killed, not quit", ep.cmd.ProcessState)
		}
		if s.State() != StateClosed || !errors.Is(s.Err(), ErrClosed) {
			t.Errorf("state %s, err %v", s.State(), s.Err())
		}
		if _, err := s.Go(ctxT(t, time.Second), Position{}, Go{Depth: 1}); !errors.Is(err, ErrClosed) {
			t.Errorf("go after quit: %v", err)
		}
		if err := s.Quit(ctxT(t, time.Second)); err != nil {
			t.Errorf("a second quit: %v", err)
		}
	})
	t.Run("ignored", func(t *testing.T) {
		ep := startFake(t, "ignore-quit", Config{Timeouts: Timeouts{Quit: 300 * time.Millisecond}})
		s := ep.s
		ready(t, s)
		start := time.Now()
		err := s.Quit(ctxT(t, 5*time.Second))
		// the session's own quit timeout, not the context's deadline (15 s)
		if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "no exit after quit within 300ms") {
			t.Fatalf("%v", err)
		}
		if d := time.Since(start); d < 300*time.Millisecond {
			t.Errorf("gave up after %v, before the 300ms timeout", d)
		}
		select {
		case <-ep.done:
		case <-time.After(patience):
			t.Fatal("the engine was not killed")
		}
	})
}

func TestSessionRegistration(t *testing.T) {
	ep := startFake(t, "registration", Config{})
	s := ep.s
	ready(t, s)
	waitFor(t, 2*time.Second, "register later", func() bool { return slices.Contains(sent(s), "register later") })
	if info := s.Info(); info.Registration != "error" {
		t.Errorf("registration %q", info.Registration)
	}
}

func TestSessionGameOver(t *testing.T) {
	ep := startFake(t, "", Config{})
	s := ep.s
	ready(t, s)
	if err := s.NewGame(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Ponder: true, Clock: byoyomi})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.GameOver(ctxT(t, 5*time.Second), Lose); err != nil {
		t.Fatal(err)
	}
	if _, err := sr.Wait(ctxT(t, time.Second)); !errors.Is(err, ErrDiscarded) {
		t.Errorf("ponder search at gameover: %v", err)
	}
	if st := s.State(); st != StateNotReady {
		t.Errorf("state %s after gameover", st)
	}
	if err := s.NewGame(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	want := "usi|isready|usinewgame|position startpos|go ponder btime 0 wtime 0 byoyomi 1000|stop|gameover lose|isready|usinewgame"
	if got := strings.Join(sent(s), "|"); got != want {
		t.Errorf("sent %s\nwant %s", got, want)
	}
	noViolations(t, s)
}

func TestSessionRefusesIllegalPosition(t *testing.T) {
	ep := startFake(t, "", Config{})
	s := ep.s
	ready(t, s)
	n := len(sent(s))
	_, err := s.Go(ctxT(t, time.Second), Position{Moves: []string{"7g7f", "7g7f"}}, Go{Depth: 1})
	if err == nil || !strings.Contains(err.Error(), `move 2 "7g7f"`) {
		t.Fatalf("%v", err)
	}
	if len(sent(s)) != n {
		t.Errorf("sent %q", sent(s)[n:])
	}
}

// What an engine complains of as it gets ready (YaneuraOu's words for a BookFile it cannot
// read) is kept in the snapshot's Notices through the searches after it, though the search
// replaces Message at once; the next isready, with a book that is there, clears it.
func TestSessionKeepsWhatTheEngineComplainedOfAsItGotReady(t *testing.T) {
	ep := startFake(t, "book-check", Config{})
	s := ep.s
	missing := filepath.Join(t.TempDir(), "standard_book.db")
	if _, err := s.Handshake(ctxT(t, 40*time.Second)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetOption("BookFile", missing); err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(ctxT(t, 40*time.Second)); err != nil {
		t.Fatal(err)
	}
	want := []string{"Error! : can't read file : " + missing}
	waitFor(t, time.Second, "the complaint", func() bool { return slices.Equal(s.Snapshot().Notices, want) })

	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sr.Wait(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	if got := s.Snapshot().Notices; !slices.Equal(got, want) {
		t.Errorf("after a search the notices are %q, want %q", got, want)
	}

	there := filepath.Join(t.TempDir(), "user_book1.db")
	if err := os.WriteFile(there, []byte("#YANEURAOU-DB2016 1.00\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := s.SetOption("BookFile", there); err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(ctxT(t, 40*time.Second)); err != nil {
		t.Fatal(err)
	}
	if got := s.Snapshot().Notices; len(got) != 0 {
		t.Errorf("after isready with a book that is there the notices are %q, want none", got)
	}
}

// The info strings of real engines: complaints, and what they say of their progress.
func TestIsComplaint(t *testing.T) {
	for s, want := range map[string]bool{
		// YaneuraOu (../shared/testdata/usi-transcripts/yaneuraou-material-usi-session.txt)
		"Error! : can't read file : /tmp/yo/source/book/standard_book.db": true,
		"read book file : /tmp/yo/source/book/standard_book.db":           false,
		"USI_Hash : Finish clearing.":                                     false,
		"USI_Hash : Start clearing with 1 threads , size =  1024[MB]":     false,
		"Using 1 thread": false,
		// gpsusi, at the end of a search
		"loss by checkmate": false,
		// the bundled engine (internal/bundledengine/bookmove.go, usi.go)
		"BookFile /x/b.db: stat /x/b.db: no such file or directory: playing without a book": true,
		"BookFile b.db: 1204 positions":                          false,
		"BookFile b.db: 300 MB, searched on disk":                false,
		"book move 7g7f, played 3 of 5 times":                    false,
		`unknown command "foo" ignored`:                          true,
		"USI_Hash 4096 MB: not enough memory left for the table": true,
		"評価関数ファイルの読み込みに失敗しました":                                   true,
	} {
		if got := IsComplaint(s); got != want {
			t.Errorf("IsComplaint(%q) = %v, want %v", s, got, want)
		}
	}
}
