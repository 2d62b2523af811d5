package usiclient

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"banmen/board"
	"banmen/internal/testbin"
)

// Each fault ends in a typed error (or the right result) within its timeout, and
// the error names the engine, what was expected and what it printed last.

func TestFaultNoUSIOK(t *testing.T) {
	ep := startFake(t, "silent", Config{Name: "silent-engine", Timeouts: Timeouts{USIOK: 300 * time.Millisecond}})
	start := time.Now()
	_, err := ep.s.Handshake(ctxT(t, 5*time.Second))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("%v", err)
	}
	if e := err.(*Error); e.Waiting != AwaitUSIOK {
		t.Errorf("waiting for %v, want %v", e.Waiting, AwaitUSIOK)
	}
	want := `usiclient: engine "silent-engine": no usiok within 300ms; last lines: "Silent Engine 1.0 (no USI here)"`
	if err.Error() != want {
		t.Errorf("error\n %s\nwant\n %s", err, want)
	}
	// It waited the whole timeout; that it then gave up rather than hang is the
	// ErrTimeout above (a hang would end with the context's deadline, 15 s).
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("gave up after %v, before the 300ms timeout", d)
	}
	select {
	case <-ep.done:
	case <-time.After(patience):
		t.Fatal("the engine was not killed")
	}
}

// TestFaultAbandonedWait: the caller gives up on a wait (its context ends), but
// the protocol timeout still holds: the session ends and the engine is killed.
func TestFaultAbandonedWait(t *testing.T) {
	ep := startFake(t, "silent", Config{Timeouts: Timeouts{USIOK: 300 * time.Millisecond}})
	_, err := ep.s.Handshake(ctxT(t, 50*time.Millisecond))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("%v", err)
	}
	if st := ep.s.State(); st != StateWaitingUSIOK {
		t.Errorf("state %s", st)
	}
	select {
	case <-ep.s.Done():
	case <-time.After(3 * time.Second):
		t.Fatal("the session outlived its usiok timeout")
	}
	if !errors.Is(ep.s.Err(), ErrTimeout) {
		t.Errorf("%v", ep.s.Err())
	}
	select {
	case <-ep.done:
	case <-time.After(3 * time.Second):
		t.Fatal("the engine was not killed")
	}
}

// TestFaultGnushogi runs the real xboard engine gnushogi, which answers usi with
// "Illegal move".
func TestFaultGnushogi(t *testing.T) {
	path := findEngine(t, "gnushogi", false)
	ep := startEngine(t, Config{Name: "gnushogi", Timeouts: Timeouts{USIOK: time.Second}}, path, nil, nil)
	_, err := ep.s.Handshake(ctxT(t, 5*time.Second))
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("%v", err)
	}
	for _, want := range []string{`engine "gnushogi": no usiok within 1s`, "GNU Shogi", "Illegal move"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%q does not say %q", err, want)
		}
	}
}

func TestFaultSlowUSIOK(t *testing.T) {
	ep := startFake(t, "usiok-delay=400ms", Config{Timeouts: Timeouts{USIOK: 2 * time.Second}})
	if _, err := ep.s.Handshake(ctxT(t, 5*time.Second)); err != nil {
		t.Fatalf("a slow usiok within the timeout: %v", err)
	}
	// Scale multiplies every timeout: 100ms × 2 is still too short for 400ms.
	ep = startFake(t, "usiok-delay=400ms", Config{Timeouts: Timeouts{USIOK: 100 * time.Millisecond, Scale: 2}})
	_, err := ep.s.Handshake(ctxT(t, 5*time.Second))
	if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "no usiok within 200ms; it printed nothing") {
		t.Fatalf("%v", err)
	}
}

// TestFaultNoReadyOK: an engine that never answers isready ends in a timeout that
// names the wait, and is killed.
func TestFaultNoReadyOK(t *testing.T) {
	ep := startFake(t, "no-readyok", Config{Name: "deaf", Timeouts: Timeouts{ReadyOK: 300 * time.Millisecond}})
	if _, err := ep.s.Handshake(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	err := ep.s.Ready(ctxT(t, 5*time.Second))
	var e *Error
	if !errors.Is(err, ErrTimeout) || !errors.As(err, &e) {
		t.Fatalf("%v", err)
	}
	if e.Waiting != AwaitReadyOK || e.After != 300*time.Millisecond {
		t.Errorf("waiting for %q for %v", e.Waiting, e.After)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, `usiclient: engine "Fake Engine 1.0": no readyok within 300ms; last lines: `) || !strings.Contains(msg, `"usiok"`) {
		t.Errorf("%s", msg)
	}
	select {
	case <-ep.done:
	case <-time.After(5 * time.Second):
		t.Fatal("the engine was not killed")
	}
	if st := ep.s.State(); st != StateClosed || !errors.Is(ep.s.Err(), ErrTimeout) {
		t.Errorf("state %s, err %v", st, ep.s.Err())
	}
	if st := ep.s.LastState(); st != StateWaitingReadyOK {
		t.Errorf("last state %s, want %s", st, StateWaitingReadyOK)
	}
}

// TestFaultCrash crashes the engine in every state.
func TestFaultCrash(t *testing.T) {
	tests := []struct {
		stage   string
		run     func(t *testing.T, s *Session) error // what the test does; returns the error it got
		waiting string                               // what the error must say was expected
	}{
		{"usi", func(t *testing.T, s *Session) error {
			_, err := s.Handshake(ctxT(t, 5*time.Second))
			return err
		}, "while Banmen waited for usiok"},
		{"isready", func(t *testing.T, s *Session) error {
			if _, err := s.Handshake(ctxT(t, 5*time.Second)); err != nil {
				t.Fatal(err)
			}
			return s.Ready(ctxT(t, 5*time.Second))
		}, "while Banmen waited for readyok"},
		{"not-ready", func(t *testing.T, s *Session) error {
			if _, err := s.Handshake(ctxT(t, 5*time.Second)); err != nil {
				t.Fatal(err)
			}
			select {
			case <-s.Done():
			case <-time.After(patience):
				t.Fatal("the session did not end when the engine exited")
			}
			return s.Ready(ctxT(t, 5*time.Second))
		}, "closed its output (exited?); last lines"},
		{"setoption", func(t *testing.T, s *Session) error {
			ready(t, s)
			if err := s.SetOption("Hash", "64"); err != nil {
				t.Fatal(err)
			}
			return s.Ready(ctxT(t, 5*time.Second))
		}, ""},
		{"idle", func(t *testing.T, s *Session) error {
			ready(t, s)
			select {
			case <-s.Done():
			case <-time.After(patience):
				t.Fatal("the session did not end when the engine exited")
			}
			_, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Depth: 1})
			return err
		}, ""},
		{"go", func(t *testing.T, s *Session) error {
			ready(t, s)
			sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Clock: byoyomi})
			if err != nil {
				return err
			}
			_, err = sr.Wait(ctxT(t, 5*time.Second))
			return err
		}, "while Banmen waited for bestmove"},
		{"ponder", func(t *testing.T, s *Session) error {
			ready(t, s)
			sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Ponder: true, Clock: byoyomi})
			if err != nil {
				return err
			}
			_, err = sr.Wait(ctxT(t, 5*time.Second))
			return err
		}, "while Banmen waited for bestmove (pondering)"},
		{"ponderhit", func(t *testing.T, s *Session) error {
			ready(t, s)
			sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Ponder: true, Clock: byoyomi})
			if err != nil {
				return err
			}
			if err := s.PonderHit(); err != nil {
				return err
			}
			_, err = sr.Wait(ctxT(t, 5*time.Second))
			return err
		}, "while Banmen waited for bestmove"},
		{"mate", func(t *testing.T, s *Session) error {
			ready(t, s)
			sr, err := s.GoMate(ctxT(t, 5*time.Second), Position{}, time.Second)
			if err != nil {
				return err
			}
			_, err = sr.Wait(ctxT(t, 5*time.Second))
			return err
		}, "while Banmen waited for checkmate"},
		{"stop", func(t *testing.T, s *Session) error {
			ready(t, s)
			sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Infinite: true})
			if err != nil {
				return err
			}
			s.Stop()
			_, err = sr.Wait(ctxT(t, 5*time.Second))
			return err
		}, "while Banmen waited for bestmove after stop"},
	}
	for _, tt := range tests {
		t.Run(tt.stage, func(t *testing.T) {
			ep := startFake(t, "crash="+tt.stage, Config{Name: "crasher", Timeouts: quickTimeouts()})
			// The crash is noticed as such: an ErrEOF or ErrBrokenPipe, not the
			// ErrTimeout of a session that waited its timeout out (however long the
			// machine took), nor a context's deadline.
			err := tt.run(t, ep.s)
			if !errors.Is(err, ErrEOF) && !errors.Is(err, ErrBrokenPipe) {
				t.Fatalf("got %v, want ErrEOF or ErrBrokenPipe", err)
			}
			msg := err.Error()
			if !strings.HasPrefix(msg, `usiclient: engine "`) || !strings.Contains(msg, tt.waiting) {
				t.Errorf("%q does not say %q", msg, tt.waiting)
			}
			if !strings.Contains(msg, "stderr: \"fake: crashing at") {
				t.Errorf("%q does not quote stderr", msg)
			}
			if ep.s.State() != StateClosed || !errors.Is(ep.s.Err(), ErrEOF) && !errors.Is(ep.s.Err(), ErrBrokenPipe) {
				t.Errorf("state %s, err %v", ep.s.State(), ep.s.Err())
			}
		})
	}
	// A crash on quit is just an exit.
	t.Run("quit", func(t *testing.T) {
		ep := startFake(t, "crash=quit", Config{Timeouts: quickTimeouts()})
		ready(t, ep.s)
		if err := ep.s.Quit(ctxT(t, 5*time.Second)); err != nil {
			t.Errorf("quit: %v", err)
		}
	})
}

// TestFaultBrokenPipe: the engine closes its stdin but stays alive.
func TestFaultBrokenPipe(t *testing.T) {
	ep := startFake(t, "close-stdin", Config{Name: "deaf", Timeouts: quickTimeouts()})
	if _, err := ep.s.Handshake(ctxT(t, 5*time.Second)); err != nil {
		t.Fatal(err)
	}
	err := ep.s.Ready(ctxT(t, 5*time.Second))
	if !errors.Is(err, ErrBrokenPipe) {
		t.Fatalf("%v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, `engine "Fake Engine 1.0": stopped reading its input (broken pipe) while Banmen waited for readyok: writing "isready" failed`) {
		t.Errorf("%s", msg)
	}
	select {
	case <-ep.done:
	case <-time.After(3 * time.Second):
		t.Fatal("the engine was not killed")
	}
}

func TestFaultNoBestMoveAfterStop(t *testing.T) {
	ep := startFake(t, "no-best-after-stop", Config{Timeouts: Timeouts{Stop: 300 * time.Millisecond}})
	s := ep.s
	ready(t, s)
	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, 2*time.Second, "info", func() bool { return s.Snapshot().InfoLines > 0 })
	start := time.Now()
	s.Stop()
	if st := s.State(); st != StateStopping {
		t.Errorf("state %s after stop", st)
	}
	if a := s.Awaiting(); a != AwaitBestmoveAfterStop {
		t.Errorf("awaiting %v after stop", a)
	}
	_, err = sr.Wait(ctxT(t, 5*time.Second))
	if e, ok := err.(*Error); !ok || e.Waiting != AwaitBestmoveAfterStop {
		t.Errorf("error %#v: want one waiting for %v", err, AwaitBestmoveAfterStop)
	}
	// the session's own stop timeout, not the context's deadline (15 s)
	if !errors.Is(err, ErrTimeout) || !strings.Contains(err.Error(), "no bestmove after stop within 300ms; last lines: \"info depth") {
		t.Fatalf("%v", err)
	}
	if d := time.Since(start); d < 300*time.Millisecond {
		t.Errorf("gave up %v after stop, before the 300ms timeout", d)
	}
	select {
	case <-ep.done:
	case <-time.After(patience):
		t.Fatal("the engine was not killed")
	}
	if _, err := s.Go(ctxT(t, time.Second), Position{}, Go{Depth: 1}); !errors.Is(err, ErrTimeout) {
		t.Errorf("go after the engine died: %v", err)
	}
}

// TestFaultOutput runs a whole conversation with engines whose output is odd: the
// handshake, options, a search and quit all work.
func TestFaultOutput(t *testing.T) {
	tests := []struct {
		script string
		check  func(t *testing.T, ep *engineProc, info EngineInfo)
	}{
		{"garbage", func(t *testing.T, ep *engineProc, info EngineInfo) {
			var garbage int
			for _, l := range ep.s.Log() {
				if strings.Contains(l.Text, "garbage") {
					garbage++
				}
			}
			if garbage != 9 { // one before each line of the handshake and readyok
				t.Errorf("%d garbage lines logged, want 9", garbage)
			}
		}},
		{"long-line", func(t *testing.T, ep *engineProc, info EngineInfo) {
			for _, l := range ep.s.Log() {
				if strings.HasPrefix(l.Text, "long line") {
					if l.Bytes < 1<<20-10 || len(l.Text) > 4096 {
						t.Errorf("the long line is logged as %d of %d bytes", len(l.Text), l.Bytes)
					}
					return
				}
			}
			t.Error("the long line is not in the log")
		}},
		{"sjis", func(t *testing.T, ep *engineProc, info EngineInfo) {
			if info.Name != "技巧 2.0" {
				t.Errorf("name %q", info.Name)
			}
			if _, ok := info.Option("定跡ファイル"); !ok {
				t.Fatalf("options %v", info.Options)
			}
			// The name goes back in Shift_JIS, and the engine recognises it.
			if err := ep.s.SetOption("定跡ファイル", "定跡.db"); err != nil {
				t.Fatal(err)
			}
			waitFor(t, 2*time.Second, "the engine's answer", func() bool { return ep.s.Snapshot().Message == "got 定跡ファイル = 定跡.db" })
		}},
		{"eol=cr", nil},
		{"eol=crlf", nil},
		{"garbage,eol=cr,sjis", nil},
	}
	for _, tt := range tests {
		t.Run(tt.script, func(t *testing.T) {
			ep := startFake(t, tt.script, Config{Timeouts: quickTimeouts()})
			s := ep.s
			info := ready(t, s)
			if len(info.Options) != 5 {
				t.Errorf("%d options", len(info.Options))
			}
			if tt.check != nil {
				tt.check(t, ep, info)
			}
			sr, err := s.Go(ctxT(t, 5*time.Second), Position{Moves: []string{"7g7f"}}, Go{Clock: byoyomi})
			if err != nil {
				t.Fatal(err)
			}
			res, err := sr.Wait(ctxT(t, 5*time.Second))
			if err != nil || res.BestMove == board.NoMove {
				t.Fatalf("%+v, %v", res, err)
			}
			if snap := s.Snapshot(); len(snap.Lines) != 1 || snap.Lines[0].Cut || snap.Lines[0].Depth != 4 {
				t.Errorf("lines %+v", snap.Lines)
			}
			if err := s.Quit(ctxT(t, 5*time.Second)); err != nil {
				t.Fatal(err)
			}
			noViolations(t, s)
		})
	}
}

func TestFaultIllegalBestMove(t *testing.T) {
	ep := startFake(t, "illegal-best", Config{})
	s := ep.s
	ready(t, s)
	for range 2 { // the session stays usable
		sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Clock: byoyomi})
		if err != nil {
			t.Fatal(err)
		}
		res, err := sr.Wait(ctxT(t, 5*time.Second))
		if !errors.Is(err, ErrIllegalMove) || res.Text.Move != "5i5a" || res.BestMove != board.NoMove {
			t.Fatalf("%+v, %v", res, err)
		}
		want := `usiclient: engine "Fake Engine 1.0": illegal move: bestmove "5i5a" in position "` + board.StartSFEN + `": illegal move "5i5a"`
		if !strings.HasPrefix(err.Error(), want) {
			t.Errorf("error\n %s\nwant it to start with\n %s", err, want)
		}
	}
	if s.State() != StateReady {
		t.Errorf("state %s", s.State())
	}
}

// TestFaultBestMoveAfterReadyOK (issue 17): an engine that sends a bestmove
// right after readyok, before any go. The stray bestmove answers no search, and
// the log says it was ignored: the first search gets its own answer and lines.
func TestFaultBestMoveAfterReadyOK(t *testing.T) {
	want := fakePV(board.NewStartPosition(), 1)[0]
	if want == "9g9f" {
		t.Fatal("the fake's own answer is its stray move: the test can't tell them apart")
	}
	ep := startFake(t, "best-after-readyok", Config{})
	s := ep.s
	ready(t, s)
	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Clock: byoyomi})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sr.Wait(ctxT(t, 5*time.Second))
	if err != nil || res.BestMove.USI() != want {
		t.Fatalf("the first search's answer: %+v, %v; want %s", res, err, want)
	}
	if snap := s.Snapshot(); snap.InfoLines == 0 || len(snap.Lines) == 0 || snap.Lines[0].Depth == 0 {
		t.Errorf("the first search lost its lines: %d info lines, %+v", snap.InfoLines, snap.Lines)
	}
	var noted bool
	for _, l := range s.Log() {
		noted = noted || l.Dir == Note && strings.Contains(l.Text, `bestmove "9g9f"`) && strings.Contains(l.Text, "ignored")
	}
	if !noted {
		t.Error("the log does not say the stray bestmove was ignored")
	}
	noViolations(t, s)
}

// TestFaultFlood: a million info lines. The reader keeps up, memory stays flat
// (the log is a ring, lines are parsed in place), the snapshot shows the last line,
// and a UI polling snapshots meanwhile never waits long.
func TestFaultFlood(t *testing.T) {
	const n = 1_000_000
	ep := startFake(t, "flood=1000000", Config{})
	s := ep.s
	ready(t, s)
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse

	var peak atomic.Uint64
	var slowest atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // a UI polling at a few hundred Hz
		defer wg.Done()
		var m runtime.MemStats
		var seen uint64
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			if v := s.Version(); v != seen {
				seen = v
				start := time.Now()
				_ = s.Snapshot()
				if d := int64(time.Since(start)); d > slowest.Load() {
					slowest.Store(d)
				}
			}
			runtime.ReadMemStats(&m)
			if m.HeapInuse > peak.Load() {
				peak.Store(m.HeapInuse)
			}
		}
	}()
	start := time.Now()
	sr, err := s.Go(ctxT(t, 5*time.Second), Position{}, Go{Depth: 64})
	if err != nil {
		t.Fatal(err)
	}
	res, err := sr.Wait(ctxT(t, 90*time.Second))
	elapsed := time.Since(start)
	close(stop)
	wg.Wait()
	if err != nil || res.BestMove == board.NoMove {
		t.Fatalf("%+v, %v", res, err)
	}
	snap := s.Snapshot()
	if snap.InfoLines != n || snap.Stats.Nodes != n || snap.Lines[0].Nodes != n || snap.Lines[0].Depth != n%64+1 {
		t.Errorf("the snapshot does not show the last line: %d lines, stats %+v, line %+v", snap.InfoLines, snap.Stats, snap.Lines[0])
	}
	grown := int64(peak.Load()) - int64(base)
	t.Logf("%d info lines in %v (%.0f lines/s); heap in use grew by at most %.1f MB; slowest snapshot %v",
		n, elapsed, n/elapsed.Seconds(), float64(grown)/(1<<20), time.Duration(slowest.Load()))
	if grown > 64<<20 {
		t.Errorf("heap in use grew by %d MB during the flood", grown>>20)
	}
	if l := len(s.Log()); l > 2000 {
		t.Errorf("the log holds %d lines", l)
	}
}

// findEngine finds an engine binary: skipped when missing, unless CI is set.
func findEngine(t *testing.T, name string, required bool) string {
	t.Helper()
	if _, ok := testbin.FindDebianEngine(name); !ok && !required {
		t.Skipf("%s is not installed (Debian package); skipping", name)
	}
	return testbin.DebianEngine(t, name)
}
