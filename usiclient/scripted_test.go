package usiclient

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"banmen/board"
)

// scriptedEngine is an engine a test plays by hand over in-process pipes: it sees
// every line the session writes, in order, and says what the test tells it to when
// the test tells it to. It makes orderings a process can't produce on demand (a
// line that must arrive between two commands) exact, without sleeping.
type scriptedEngine struct {
	t     *testing.T
	s     *Session
	out   *io.PipeWriter // the engine's stdout
	recv  chan string    // the lines the session wrote
	marks int
	in    *gatedWriter // the engine's stdin, as the session writes it
}

// gatedWriter is a pipe end whose writes a test can hold back: while held, the
// session's writer blocks before its command reaches the engine, as it would on
// a busy machine where the writer goroutine has not run yet.
type gatedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (g *gatedWriter) Write(b []byte) (int, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.w.Write(b)
}

// holdInput makes the session's next write wait until releaseInput.
func (e *scriptedEngine) holdInput()    { e.in.mu.Lock() }
func (e *scriptedEngine) releaseInput() { e.in.mu.Unlock() }

func startScripted(t *testing.T, cfg Config) *scriptedEngine {
	t.Helper()
	outR, outW := io.Pipe()
	inR, inW := io.Pipe()
	e := &scriptedEngine{t: t, out: outW, recv: make(chan string, 1000), in: &gatedWriter{w: inW}}
	go func() {
		sc := bufio.NewScanner(inR)
		for sc.Scan() {
			e.recv <- sc.Text()
		}
		close(e.recv)
	}()
	if cfg.Name == "" {
		cfg.Name = "scripted"
	}
	cfg.Kill = func() error { outW.Close(); inR.Close(); return nil }
	e.s = NewSession(outR, e.in, cfg)
	t.Cleanup(func() {
		e.s.Close()
		outW.Close()
		inR.Close()
	})
	return e
}

// say writes lines as the engine's output.
func (e *scriptedEngine) say(lines ...string) {
	e.t.Helper()
	for _, l := range lines {
		if _, err := io.WriteString(e.out, l+"\n"); err != nil {
			e.t.Fatalf("saying %q: %v", l, err)
		}
	}
}

// expect waits for the next line the session wrote and fails the test unless it is want.
func (e *scriptedEngine) expect(want string) {
	e.t.Helper()
	select {
	case got, ok := <-e.recv:
		if !ok {
			e.t.Fatalf("the session closed the engine's input; want %q", want)
		}
		if got != want {
			e.t.Fatalf("the engine got %q, want %q", got, want)
		}
	case <-time.After(30 * time.Second):
		e.t.Fatalf("the engine got nothing; want %q", want)
	}
}

// sync returns once the session has acted on every line said so far: it says a
// line the session ignores and waits until the log holds it (the reader logs a
// line only after it has dispatched the ones before).
func (e *scriptedEngine) sync() {
	e.t.Helper()
	e.marks++
	mark := fmt.Sprintf("scripted mark %d", e.marks)
	e.say(mark)
	waitFor(e.t, 30*time.Second, mark, func() bool { return slices.Equal(e.s.log.last(Received, 1), []string{mark}) })
}

// ready plays the handshake (declaring Hash) and one isready.
func (e *scriptedEngine) ready(ctx context.Context) {
	e.t.Helper()
	errs := make(chan error, 1)
	go func() {
		_, err := e.s.Handshake(ctx)
		errs <- err
	}()
	e.expect("usi")
	e.say("id name Scripted Engine", "option name Hash type spin default 16 min 1 max 1024", "usiok")
	if err := <-errs; err != nil {
		e.t.Fatal(err)
	}
	go func() { errs <- e.s.Ready(ctx) }()
	e.expect("isready")
	e.say("readyok")
	if err := <-errs; err != nil {
		e.t.Fatal(err)
	}
}

type started struct {
	sr  *Search
	err error
}

// goAsync calls Go on its own goroutine: Go blocks while it stops an old search or
// waits for readyok, which the test answers meanwhile.
func (e *scriptedEngine) goAsync(ctx context.Context, pos Position, g Go) <-chan started {
	ch := make(chan started, 1)
	go func() {
		sr, err := e.s.Go(ctx, pos, g)
		ch <- started{sr, err}
	}()
	return ch
}

func (st started) search(t *testing.T) *Search {
	t.Helper()
	if st.err != nil {
		t.Fatal(st.err)
	}
	return st.sr
}

// TestSessionSetOptionWhileIsReadyIsOut: a setoption made while the session waits
// for readyok is queued, and goes out as soon as readyok comes, followed by a new
// isready before the next go (not after the next search).
func TestSessionSetOptionWhileIsReadyIsOut(t *testing.T) {
	e := startScripted(t, Config{})
	s := e.s
	ctx := ctxT(t, 10*time.Second)
	e.ready(ctx)
	if err := s.SetOption("Hash", "32"); err != nil {
		t.Fatal(err)
	}
	e.expect("setoption name Hash value 32")
	readied := make(chan error, 1)
	go func() { readied <- s.Ready(ctx) }()
	e.expect("isready")
	if st := s.State(); st != StateWaitingReadyOK {
		t.Fatalf("state %s with isready out", st)
	}
	if err := s.SetOption("Hash", "64"); err != nil {
		t.Fatal(err)
	}
	if got := sent(s); slices.Contains(got, "setoption name Hash value 64") {
		t.Errorf("setoption sent before readyok: %q", got)
	}
	e.say("readyok")
	if err := <-readied; err != nil {
		t.Fatal(err)
	}
	if st := s.State(); st != StateNotReady {
		t.Errorf("state %s after readyok with a setoption queued, want %s", st, StateNotReady)
	}
	g := e.goAsync(ctx, Position{}, Go{Depth: 1})
	e.expect("setoption name Hash value 64")
	e.expect("isready")
	e.say("readyok")
	e.expect("position startpos")
	e.expect("go depth 1")
	sr := (<-g).search(t)
	e.say("bestmove 7g7f")
	if res, err := sr.Wait(ctx); err != nil || res.BestMove.USI() != "7g7f" {
		t.Fatalf("%+v %v", res, err)
	}
	want := []string{"usi", "isready", "setoption name Hash value 32", "isready", "setoption name Hash value 64",
		"isready", "position startpos", "go depth 1"}
	if got := sent(s); !slices.Equal(got, want) {
		t.Errorf("sent\n %q\nwant\n %q", got, want)
	}
}

// TestSessionDiscardsInfoOfReplacedSearch: once a new search is asked for, what the
// engine still says about the old one (info after the stop, before its bestmove)
// never reaches the snapshot.
func TestSessionDiscardsInfoOfReplacedSearch(t *testing.T) {
	e := startScripted(t, Config{})
	s := e.s
	ctx := ctxT(t, 10*time.Second)
	e.ready(ctx)
	old, err := s.Go(ctx, Position{}, Go{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	e.expect("position startpos")
	e.expect("go infinite")
	e.say("info depth 1 score cp 10 nodes 100 pv 7g7f 3c3d")
	e.sync()
	if snap := s.Snapshot(); snap.InfoLines != 1 || snap.SearchID != old.ID {
		t.Fatalf("before the new search: %d info lines of search %d", snap.InfoLines, snap.SearchID)
	}

	pos2 := Position{Moves: []string{"7g7f"}}
	g := e.goAsync(ctx, pos2, Go{Depth: 3})
	e.expect("stop")
	// The old search's last thoughts, about the start position, come after the stop.
	e.say("info depth 9 seldepth 12 score cp 777 nodes 9000 nps 90000 pv 2g2f 8c8d", "info string old news")
	e.sync()
	snap := s.Snapshot()
	if snap.InfoLines != 1 || snap.Stats.Depth != 1 || snap.Stats.Nodes != 100 || snap.Message != "" {
		t.Errorf("the replaced search's info reached the snapshot: %d info lines, stats %+v, message %q", snap.InfoLines, snap.Stats, snap.Message)
	}
	for _, l := range snap.Lines {
		if l.Score.Value == 777 || l.Depth == 9 {
			t.Errorf("the replaced search's line reached the snapshot: %+v", l)
		}
	}

	e.say("bestmove 2g2f ponder 8c8d")
	e.expect("position startpos moves 7g7f")
	e.expect("go depth 3")
	sr := (<-g).search(t)
	if _, err := old.Wait(ctx); !errors.Is(err, ErrDiscarded) {
		t.Errorf("the replaced search ended with %v, want ErrDiscarded", err)
	}
	e.say("info depth 1 score cp 5 nodes 50 pv 3c3d", "bestmove 3c3d")
	res, err := sr.Wait(ctx)
	if err != nil || res.BestMove.USI() != "3c3d" {
		t.Fatalf("%+v %v", res, err)
	}
	snap = s.Snapshot()
	if snap.SearchID != sr.ID || snap.InfoLines != 1 || snap.Stats.Depth != 1 || len(snap.Lines) != 1 || snap.Lines[0].Score.Value != 5 {
		t.Errorf("after the new search: search %d, %d info lines, stats %+v, lines %+v", snap.SearchID, snap.InfoLines, snap.Stats, snap.Lines)
	}
}

// TestSessionPonderIllegal: a bestmove whose ponder move is illegal keeps the move
// and flags the ponder move.
func TestSessionPonderIllegal(t *testing.T) {
	e := startScripted(t, Config{})
	s := e.s
	ctx := ctxT(t, 10*time.Second)
	e.ready(ctx)
	sr, err := s.Go(ctx, Position{}, Go{Depth: 1})
	if err != nil {
		t.Fatal(err)
	}
	e.expect("position startpos")
	e.expect("go depth 1")
	e.say("bestmove 7g7f ponder 5i5a")
	res, err := sr.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.BestMove.USI() != "7g7f" || res.Ponder != board.NoMove || res.Text.Ponder != "5i5a" {
		t.Errorf("result %+v", res)
	}
	if res.PonderIllegal == "" {
		t.Error("the illegal ponder move is not flagged")
	}
	if snap := s.Snapshot(); snap.Result == nil || snap.Result.PonderIllegal != res.PonderIllegal {
		t.Errorf("snapshot result %+v", snap.Result)
	}
	var noted bool
	for _, l := range s.Log() {
		noted = noted || l.Dir == Note && strings.Contains(l.Text, `ponder move "5i5a" dropped`)
	}
	if !noted {
		t.Error("the log does not say the ponder move was dropped")
	}
}

// TestSessionIgnoresBestMoveBeforeGo (issue 17): a bestmove the engine sends
// before it has read go (right after readyok, say) answers nothing. On a loaded
// machine the session may read it only after Go has started the search, but
// before go has been written: it is discarded and logged, and the search waits
// for its own answer, keeping its info lines.
func TestSessionIgnoresBestMoveBeforeGo(t *testing.T) {
	e := startScripted(t, Config{})
	s := e.s
	ctx := ctxT(t, 10*time.Second)
	e.ready(ctx)
	e.holdInput() // position and go stay with the session's writer
	release := sync.OnceFunc(e.releaseInput)
	defer release()
	sr, err := s.Go(ctx, Position{}, Go{Depth: 3})
	if err != nil {
		t.Fatal(err)
	}
	e.say("bestmove 2g2f")
	e.sync()
	release()
	e.expect("position startpos")
	e.expect("go depth 3")
	if st := s.State(); st != StateSearching {
		t.Errorf("state %s: the stray bestmove ended the search", st)
	}
	e.say("info depth 3 score cp 42 pv 7g7f 3c3d", "bestmove 7g7f ponder 3c3d")
	res, err := sr.Wait(ctx)
	if err != nil || res.BestMove.USI() != "7g7f" {
		t.Fatalf("the search's answer: %+v, %v; want 7g7f", res, err)
	}
	if snap := s.Snapshot(); len(snap.Lines) != 1 || snap.Lines[0].Score.Value != 42 {
		t.Errorf("the search lost its score: %+v", snap.Lines)
	}
	var noted bool
	for _, l := range s.Log() {
		noted = noted || l.Dir == Note && strings.Contains(l.Text, `bestmove "2g2f"`) && strings.Contains(l.Text, "ignored")
	}
	if !noted {
		t.Errorf("the log does not say the stray bestmove was ignored: %v", s.Log())
	}
}
