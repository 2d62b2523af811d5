package game

import (
	"context"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/kifu"
)

func init() { enginetest.RunIfRequested() }

func startEngine(t *testing.T, m *engine.Manager, def engine.Definition, ponder bool) *engine.Running {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := m.Start(ctx, def, engine.StartOptions{Ponder: ponder})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func runReal(t *testing.T, g *Game) Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	r, err := g.Run(ctx)
	if err != nil {
		t.Fatalf("Run: %v (%+v)", err, g.Snapshot().Failure)
	}
	return r
}

func checkRecord(t *testing.T, g *Game) {
	t.Helper()
	rec := g.Record()
	// every move in the record replays legally (the record checks on Play, so replay it)
	replay := kifu.New(rec.Position(rec.Root))
	at := replay.Root
	for _, m := range rec.MainMoves() {
		n, err := replay.Play(at, m)
		if err != nil {
			t.Fatalf("record replay: %v", err)
		}
		at = n
	}
}

func TestFairyStockfishAgainstGpsusi(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	fairy := startEngine(t, m, enginetest.FairyStockfish(t), false)
	gps := startEngine(t, m, enginetest.Gpsusi(t), false)
	// Time discipline is tested on fake time; here two real engines must finish a legal game
	// on a loaded machine, so a late move is accepted (the session stops a runaway search).
	tc := TimeControl{Byoyomi: 500 * time.Millisecond}
	g, err := New(Config{
		Players:  [2]Player{NewEnginePlayer(fairy, false), NewEnginePlayer(gps, false)},
		Time:     [2]TimeControl{tc, tc},
		MaxMoves: 24,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := runReal(t, g)
	if r.Reason == IllegalMove || r.Reason == TimeForfeit || r.Reason == Aborted {
		t.Fatalf("result %v", r)
	}
	checkRecord(t, g)
	main := g.Record().MainLine()
	if !strings.Contains(main[0].Comment, "*エンジン=Fairy-Stockfish") || !strings.Contains(main[0].Comment, "*評価値=") {
		t.Errorf("first move's comment %q", main[0].Comment)
	}
	// an engine's last line may hold only the move played (a fail-high at the last
	// iteration), so not every move has a 読み筋; most do
	lines := 0
	for _, n := range main {
		if strings.Contains(n.Comment, "*読み筋=") {
			lines++
		}
	}
	if lines < len(main)/2 {
		t.Errorf("only %d of %d moves have a 読み筋", lines, len(main))
	}
	// the move's time is recorded (how long it took depends on the machine's load)
	if !main[1].Timed || main[1].Elapsed < 0 || main[1].Total < main[1].Elapsed {
		t.Errorf("second move: timed %v, time %v, total %v", main[1].Timed, main[1].Elapsed, main[1].Total)
	}
	t.Logf("%v after %d moves", r, r.Plies)
}

// follower plays the move Black's engine is pondering on when hit is true, and another legal move otherwise.
type follower struct {
	scripted
	black *EnginePlayer
	plan  []bool
}

func (f *follower) Think(ctx context.Context, req Request) (Decision, error) {
	hit := len(f.plan) > 0 && f.plan[0]
	if len(f.plan) > 0 {
		f.plan = f.plan[1:]
	}
	// wait for the engine to be pondering (it starts right after its move)
	deadline := time.Now().Add(5 * time.Second)
	for f.black.Pondering() == board.NoMove && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	expected := f.black.Pondering()
	var buf [board.MaxMoves]board.Move
	for _, m := range req.Position.LegalMoves(buf[:0]) {
		if (m == expected) == hit {
			return Decision{Move: m}, nil
		}
	}
	return Decision{Resign: true}, nil
}

func TestPonderHitAndMiss(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	fairy := startEngine(t, m, enginetest.FairyStockfish(t), true)
	black := NewEnginePlayer(fairy, true)
	white := &follower{scripted: scripted{name: "follower"}, black: black, plan: []bool{true, false, true, false}}
	tc := TimeControl{Byoyomi: 300 * time.Millisecond}
	g, err := New(Config{Players: [2]Player{black, white}, Time: [2]TimeControl{tc, tc}, MaxMoves: 9})
	if err != nil {
		t.Fatal(err)
	}
	r := runReal(t, g)
	if r.Reason != MoveLimit {
		t.Fatalf("result %v", r)
	}
	if black.PonderHits < 1 || black.PonderMisses < 1 {
		t.Errorf("ponder hits %d, misses %d", black.PonderHits, black.PonderMisses)
	}
	checkRecord(t, g)
	log := fairy.Log()
	var sawPonder, sawHit bool
	for _, l := range log {
		sawPonder = sawPonder || strings.HasPrefix(l.Text, "go ponder")
		sawHit = sawHit || l.Text == "ponderhit"
	}
	if !sawPonder || !sawHit {
		t.Errorf("go ponder sent %v, ponderhit sent %v", sawPonder, sawHit)
	}
}

func TestEngineCrashPausesAndResumes(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	black := startEngine(t, m, enginetest.Definition(enginetest.Normal, ""), false)
	crashy := startEngine(t, m, enginetest.Definition(enginetest.CrashOnGo+":3", ""), false)
	tc := TimeControl{Main: time.Minute}
	g, err := New(Config{Players: [2]Player{NewEnginePlayer(black, false), NewEnginePlayer(crashy, false)},
		Time: [2]TimeControl{tc, tc}, MaxMoves: 12})
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan Result, 1)
	go func() { r, _ := g.Run(context.Background()); done <- r }()
	deadline := time.Now().Add(20 * time.Second)
	for g.Snapshot().State != Paused {
		if time.Now().After(deadline) {
			t.Fatalf("not paused: %+v", g.Snapshot().Result)
		}
		time.Sleep(10 * time.Millisecond)
	}
	snap := g.Snapshot()
	if len(snap.Moves) != 5 || snap.ToMove != board.White {
		t.Fatalf("paused after %d moves, %v to move", len(snap.Moves), snap.ToMove)
	}
	if f := crashy.Failure(); f == nil || !strings.Contains(f.Error(), "exit status 3") {
		t.Errorf("failure %v", f)
	}
	restarted, err := m.Restart(context.Background(), crashy)
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Resume(context.Background(), board.White, NewEnginePlayer(restarted, false)); err != nil {
		t.Fatal(err)
	}
	// the restarted engine crashes again on its own third go, at ply 10: the game pauses again there
	deadline = time.Now().Add(20 * time.Second)
	for g.Snapshot().State != Paused || len(g.Snapshot().Moves) != 9 {
		if time.Now().After(deadline) {
			t.Fatalf("not paused again at ply 10: %d moves, %v", len(g.Snapshot().Moves), g.Snapshot().State)
		}
		time.Sleep(10 * time.Millisecond)
	}
	select {
	case r := <-done:
		t.Fatalf("the game ended while paused: %v", r)
	default:
	}
	// the restarted engine was given the whole game so far
	var sawPosition bool
	for _, l := range restarted.Log() {
		if strings.HasPrefix(l.Text, "position startpos moves ") && len(strings.Fields(l.Text)) >= 8 {
			sawPosition = true
		}
	}
	if !sawPosition {
		t.Error("the restarted engine was not sent the game's moves")
	}
}

func TestEngineIllegalMoveAndFalseDeclaration(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	for _, c := range []struct {
		behaviour string
		reason    Reason
		end       kifu.Special
	}{
		{enginetest.IllegalMove, IllegalMove, kifu.FoulLose},
		{enginetest.DeclareWin, FalseDeclaration, kifu.FoulLose},
		{enginetest.Resign, Resignation, kifu.Resign},
	} {
		bad := startEngine(t, m, enginetest.Definition(c.behaviour, ""), false)
		good := startEngine(t, m, enginetest.Definition(enginetest.Normal, ""), false)
		g, err := New(Config{Players: [2]Player{NewEnginePlayer(good, false), NewEnginePlayer(bad, false)}})
		if err != nil {
			t.Fatal(err)
		}
		r := runReal(t, g)
		if r.Reason != c.reason || r.Winner != board.Black || r.Plies != 1 {
			t.Errorf("%s: %+v", c.behaviour, r)
		}
		if end := g.Record().MainEnd(); end.Special != c.end {
			t.Errorf("%s: record ends %v", c.behaviour, end.Special)
		}
		if c.reason == IllegalMove && !strings.Contains(r.Detail, "5e5d") {
			t.Errorf("detail %q", r.Detail)
		}
		// both engines were told the result
		var over bool
		for _, l := range bad.Log() {
			over = over || l.Text == "gameover lose"
		}
		if !over {
			t.Errorf("%s: no gameover lose sent", c.behaviour)
		}
	}
}

func TestFairyStockfishAgainstTheBundledEngine(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	bundled := startEngine(t, m, enginetest.Bundled(t), true)
	fairy := startEngine(t, m, enginetest.FairyStockfish(t), false)
	tc := TimeControl{Byoyomi: 300 * time.Millisecond}
	g, err := New(Config{
		Players:  [2]Player{NewEnginePlayer(bundled, true), NewEnginePlayer(fairy, false)},
		Time:     [2]TimeControl{tc, tc},
		MaxMoves: 30,
	})
	if err != nil {
		t.Fatal(err)
	}
	r := runReal(t, g)
	if r.Reason == IllegalMove || r.Reason == Aborted || r.Reason == PlayerFailure {
		t.Fatalf("result %v", r)
	}
	checkRecord(t, g)
	if c := g.Record().MainLine()[0].Comment; !strings.Contains(c, "*エンジン=Banmen") {
		t.Errorf("the bundled engine's first comment %q", c)
	}
	t.Logf("%v after %d moves", r, r.Plies)
}
