package game

import (
	"errors"
	"path/filepath"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/kifu"
)

// waitRunner polls r until cond holds, or fails after a generous deadline (the machine is
// slow and busy; nothing here asserts how long anything took).
func waitRunner(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func snapOf(r *Runner) Snapshot {
	if g := r.Game(); g != nil {
		return g.Snapshot()
	}
	return Snapshot{}
}

func mustMove(t *testing.T, pos *board.Position, usi string) board.Move {
	t.Helper()
	m, err := pos.ParseMove(usi)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func waitDone(t *testing.T, r *Runner) Result {
	t.Helper()
	select {
	case <-r.Done():
	case <-time.After(60 * time.Second):
		t.Fatal("the runner never finished")
	}
	res, over := r.Result()
	if !over {
		t.Fatal("Done is closed but the game is not over")
	}
	return res
}

// A person plays Black against the bundled engine: the person's move is taken only on
// their turn, the engine replies, 待った takes back both moves and the game goes on, and
// the person's resignation ends it with 投了 in the record.
func TestRunnerPersonAgainstEngineTakebackAndResign(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	def := enginetest.Bundled(t)
	tc := TimeControl{Byoyomi: 300 * time.Millisecond}
	r := StartRunner(m, RunnerConfig{Seats: [2]Seat{{Human: "me"}, {Engine: &def}},
		Game: Config{Time: [2]TimeControl{tc, tc}}})
	defer r.Abort()
	if !r.IsHuman(board.Black) || r.IsHuman(board.White) {
		t.Fatal("the seats are not as configured")
	}
	waitRunner(t, "the game to start", func() bool { return snapOf(r).State == Playing })
	pos := board.NewStartPosition()
	if err := r.Play(mustMove(t, pos, "7g7f")); err != nil {
		t.Fatal(err)
	}
	waitRunner(t, "the engine's reply", func() bool { return len(snapOf(r).Moves) == 2 })
	s := snapOf(r)
	if s.Moves[0].USI() != "7g7f" || s.ToMove != board.Black {
		t.Fatalf("moves %v, %v to move", s.Moves, s.ToMove)
	}
	// the engine's reply is in the record with its time and its thought
	var comment string
	r.WithRecord(func(rec *kifu.Record) { comment = rec.MainLine()[1].Comment })
	if comment == "" {
		t.Error("the engine's move has no comment")
	}

	if err := r.Takeback(); err != nil {
		t.Fatal(err)
	}
	waitRunner(t, "the game to go on after 待った", func() bool {
		s := snapOf(r)
		return s.State == Playing && len(s.Moves) == 0
	})
	var moves int
	r.WithRecord(func(rec *kifu.Record) { moves = len(rec.MainMoves()); _ = rec.Result() })
	if moves != 0 {
		t.Fatalf("the record has %d moves after 待った, want 0", moves)
	}
	if err := r.Play(mustMove(t, pos, "2g2f")); err != nil {
		t.Fatal(err)
	}
	waitRunner(t, "the engine's reply after 待った", func() bool { return len(snapOf(r).Moves) == 2 })
	if got := snapOf(r).Moves[0].USI(); got != "2g2f" {
		t.Fatalf("the first move is %s, want 2g2f", got)
	}
	if err := r.Resign(); err != nil {
		t.Fatal(err)
	}
	res := waitDone(t, r)
	if res.Reason != Resignation || res.Winner != board.White {
		t.Fatalf("result %+v, want White wins by resignation", res)
	}
	var end kifu.Special
	r.WithRecord(func(rec *kifu.Record) { end = rec.Result() })
	if end != kifu.Resign {
		t.Errorf("the record ends with %v, want 投了", end)
	}
	if err := r.Play(mustMove(t, pos, "7g7f")); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("a move after the end: %v", err)
	}
}

// 待った while the engine ponders: the ponder search is dropped, neither a hit nor a miss,
// and the engine ponders again after its next move.
func TestRunnerTakebackWhilePondering(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	def := enginetest.Bundled(t)
	r := StartRunner(m, RunnerConfig{Seats: [2]Seat{{Human: "me"}, {Engine: &def, Ponder: true}},
		Game: Config{Time: [2]TimeControl{{Main: 10 * time.Minute}, {Byoyomi: 300 * time.Millisecond}}}})
	defer r.Abort()
	waitRunner(t, "the game to start", func() bool { return snapOf(r).State == Playing })
	pos := board.NewStartPosition()
	if err := r.Play(mustMove(t, pos, "7g7f")); err != nil {
		t.Fatal(err)
	}
	waitRunner(t, "the engine pondering after its reply", func() bool {
		return len(snapOf(r).Moves) == 2 && r.Engine(board.White).PonderView().Pondering != board.NoMove
	})
	if err := r.Takeback(); err != nil {
		t.Fatal(err)
	}
	waitRunner(t, "the game to go on after 待った", func() bool {
		s := snapOf(r)
		return s.State == Playing && len(s.Moves) == 0
	})
	if pv := r.Engine(board.White).PonderView(); pv.Pondering != board.NoMove || pv.Misses != 0 || pv.Hits != 0 {
		t.Errorf("after 待った the engine's pondering is %+v, want none, no hit and no miss", pv)
	}
	if err := r.Play(mustMove(t, pos, "2g2f")); err != nil {
		t.Fatal(err)
	}
	waitRunner(t, "the engine pondering after its reply to 2g2f", func() bool {
		return len(snapOf(r).Moves) == 2 && r.Engine(board.White).PonderView().Pondering != board.NoMove
	})
	if pv := r.Engine(board.White).PonderView(); pv.Misses != 0 || pv.Hits != 0 {
		t.Errorf("the search taken back was counted: %+v", pv)
	}
}

// A person's move is refused while the engine is to move, and an illegal one always.
func TestRunnerRefusesMovesOutOfTurn(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	def := enginetest.Definition(enginetest.SlowMove, "")
	r := StartRunner(m, RunnerConfig{Seats: [2]Seat{{Engine: &def}, {Human: "me"}}})
	defer r.Abort()
	waitRunner(t, "the game to start", func() bool { return snapOf(r).State == Playing })
	pos := board.NewStartPosition()
	if err := r.Play(mustMove(t, pos, "7g7f")); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("a move on the engine's turn: %v", err)
	}
	if err := r.Takeback(); err == nil {
		t.Error("待った with no move of the person's was accepted")
	}
	waitRunner(t, "the engine's move", func() bool { return len(snapOf(r).Moves) == 1 })
	if err := r.Play(mustMove(t, pos, "7g7f")); err == nil || errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("a Black move on White's turn: %v", err)
	}
	r.Abort()
	res := waitDone(t, r)
	if res.Reason != Aborted {
		t.Fatalf("result %+v, want aborted", res)
	}
	var end kifu.Special
	r.WithRecord(func(rec *kifu.Record) { end = rec.Result() })
	if end != kifu.Interrupt {
		t.Errorf("the record ends with %v, want 中断", end)
	}
}

// A person with a 1 s clock who does not move loses on time.
func TestRunnerPersonLosesOnTime(t *testing.T) {
	tc := TimeControl{Main: time.Second}
	r := StartRunner(engine.NewManager(nil), RunnerConfig{Seats: [2]Seat{{Human: "a"}, {Human: "b"}},
		Game: Config{Time: [2]TimeControl{tc, tc}}})
	res := waitDone(t, r)
	if res.Reason != TimeForfeit || res.Winner != board.White {
		t.Fatalf("result %+v, want White wins on time", res)
	}
	var end kifu.Special
	r.WithRecord(func(rec *kifu.Record) { end = rec.Result() })
	if end != kifu.Timeout {
		t.Errorf("the record ends with %v, want 切れ負け", end)
	}
}

// An engine that crashes loses the game; one that cannot start is the runner's error.
func TestRunnerEngineCrashAndStartFailure(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	def := enginetest.Definition(enginetest.CrashOnGo, "")
	r := StartRunner(m, RunnerConfig{Seats: [2]Seat{{Human: "me"}, {Engine: &def}}})
	waitRunner(t, "the game to start", func() bool { return snapOf(r).State == Playing })
	if err := r.Play(mustMove(t, board.NewStartPosition(), "7g7f")); err != nil {
		t.Fatal(err)
	}
	res := waitDone(t, r)
	if res.Reason != PlayerFailure || res.Winner != board.Black {
		t.Fatalf("result %+v, want Black wins by the engine's failure", res)
	}

	missing := engine.Definition{Name: "missing", Path: filepath.Join(t.TempDir(), "no-such-engine")}
	r = StartRunner(m, RunnerConfig{Seats: [2]Seat{{Engine: &missing}, {Human: "me"}}})
	waitDone(t, r)
	if r.Err() == nil || r.Game() != nil {
		t.Fatalf("an engine that cannot start: err %v", r.Err())
	}
}

// A game aborted while its engine starts ends as aborted, not as a failure to start.
func TestRunnerAbortWhileStarting(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	def := enginetest.Definition(enginetest.SlowMove, "")
	r := StartRunner(m, RunnerConfig{Seats: [2]Seat{{Engine: &def}, {Human: "me"}}})
	r.Abort()
	res := waitDone(t, r)
	if res.Reason != Aborted || r.Err() != nil {
		t.Fatalf("result %+v, error %v; want aborted and no error", res, r.Err())
	}
}

// A person who resigns on the engine's turn resigns after the engine's move.
func TestRunnerResignOnTheEnginesTurn(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	def := enginetest.Definition(enginetest.SlowMove, "")
	r := StartRunner(m, RunnerConfig{Seats: [2]Seat{{Engine: &def}, {Human: "me"}}})
	defer r.Abort()
	waitRunner(t, "the game to start", func() bool { return snapOf(r).State == Playing })
	if err := r.Resign(); err != nil {
		t.Fatal(err)
	}
	res := waitDone(t, r)
	if res.Reason != Resignation || res.Winner != board.Black || res.Plies != 1 {
		t.Fatalf("result %+v, want Black wins by resignation after its first move", res)
	}
	var end kifu.Special
	r.WithRecord(func(rec *kifu.Record) { end = rec.Result() })
	if end != kifu.Resign {
		t.Errorf("the record ends with %v, want 投了", end)
	}
}

// Move now: the engine thinking on a move with ten minutes a move plays at once when told
// (stop), and the game goes on; with a person to move there is no engine to tell.
func TestRunnerMoveNow(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	def := enginetest.Bundled(t)
	tc := TimeControl{Byoyomi: 10 * time.Minute}
	r := StartRunner(m, RunnerConfig{Seats: [2]Seat{{Engine: &def}, {Human: "me"}},
		Game: Config{Time: [2]TimeControl{tc, tc}}})
	defer r.Abort()
	// told as soon as the engine thinks (until then MoveNow fails and changes nothing)
	waitRunner(t, "the engine to think", func() bool { return r.MoveNow() == nil })
	waitRunner(t, "the engine's move", func() bool { return len(snapOf(r).Moves) == 1 })
	s := snapOf(r)
	if s.State != Playing || s.ToMove != board.White {
		t.Fatalf("after move now: state %v, %v to move", s.State, s.ToMove)
	}
	if err := r.MoveNow(); !errors.Is(err, ErrNotThinking) {
		t.Errorf("move now on the person's turn: %v, want ErrNotThinking", err)
	}
	if err := r.Play(mustMove(t, s.Position, "3c3d")); err != nil {
		t.Fatal(err)
	}
	waitRunner(t, "the engine to think again", func() bool { return r.MoveNow() == nil })
	waitRunner(t, "the engine's second move", func() bool { return len(snapOf(r).Moves) == 3 })
}
