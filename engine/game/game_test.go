package game

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"banmen/board"
	"banmen/kifu"
	"banmen/usiclient"
)

// scripted plays a fixed list of decisions, each after "thinking" a given time on a
// fake clock. A step with block set advances the time and then never answers.
type scripted struct {
	name  string
	ft    *FakeTime
	steps []step
	i     int
	fail  error // returned by Think once, for the pause tests
	human bool
	over  []usiclient.GameResult
	mu    sync.Mutex
}

type step struct {
	usi   string
	think time.Duration
	block bool
	d     Decision // used when usi is ""
}

func (s *scripted) Name() string                                             { return s.name }
func (s *scripted) IsHuman() bool                                            { return s.human }
func (s *scripted) NewGame(ctx context.Context, start *board.Position) error { return nil }
func (s *scripted) Moved(req Request)                                        {}
func (s *scripted) GameOver(ctx context.Context, r usiclient.GameResult) {
	s.mu.Lock()
	s.over = append(s.over, r)
	s.mu.Unlock()
}

func (s *scripted) Think(ctx context.Context, req Request) (Decision, error) {
	if s.fail != nil {
		err := s.fail
		s.fail = nil
		return Decision{}, err
	}
	if s.i >= len(s.steps) {
		<-ctx.Done()
		return Decision{}, ctx.Err()
	}
	st := s.steps[s.i]
	s.i++
	s.ft.Advance(st.think)
	if st.block {
		<-ctx.Done()
		return Decision{}, ctx.Err()
	}
	if st.usi == "" {
		return st.d, nil
	}
	m, err := req.Position.ParseMove(st.usi)
	if err != nil {
		// an illegal move as a raw move: the game must catch it
		raw, perr := board.ParseUSIMove(st.usi)
		if perr != nil {
			panic(perr)
		}
		return Decision{Move: raw, Thought: &Thought{Engine: s.name}}, nil
	}
	return Decision{Move: m, Thought: &Thought{Engine: s.name, HasScore: true, SenteScore: usiclient.Score{Kind: usiclient.ScoreCP, Value: 42}, PV: []board.Move{m}, Depth: 7, Nodes: 1234}}, nil
}

func moves(think time.Duration, usis ...string) []step {
	var out []step
	for _, u := range usis {
		out = append(out, step{usi: u, think: think})
	}
	return out
}

func newGame(t *testing.T, sfen string, black, white *scripted, tc [2]TimeControl, tweak func(*Config)) *Game {
	t.Helper()
	cfg := Config{Players: [2]Player{black, white}, Time: tc, Time0: black.ft}
	if sfen != "" {
		p, err := board.ParseSFEN(sfen)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Start = p
	}
	if tweak != nil {
		tweak(&cfg)
	}
	g, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func run(t *testing.T, g *Game) Result {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	r, err := g.Run(ctx)
	if err != nil {
		t.Fatalf("Run: %v", err)
	}
	return r
}

func lastNode(r *kifu.Record) *kifu.Node { return r.MainEnd() }

func TestByoyomiGameRecordsTimesAndThoughts(t *testing.T) {
	ft := NewFakeTime()
	tc := TimeControl{Main: 10 * time.Second, Byoyomi: 5 * time.Second}
	black := &scripted{name: "B", ft: ft, steps: append(moves(4*time.Second, "7g7f", "2g2f", "2f2e"), step{d: Decision{Resign: true}, think: time.Second})}
	white := &scripted{name: "W", ft: ft, steps: moves(14*time.Second, "3c3d", "8c8d", "8d8e")}
	var saves int
	g := newGame(t, "", black, white, [2]TimeControl{tc, tc}, func(c *Config) {
		c.Save = func(*kifu.Record) error { saves++; return nil }
	})
	r := run(t, g)
	if r.Reason != Resignation || r.Winner != board.White || r.Plies != 6 {
		t.Fatalf("result %+v", r)
	}
	rec := g.Record()
	main := rec.MainLine()
	if len(main) != 7 || lastNode(rec).Special != kifu.Resign {
		t.Fatalf("record: %d nodes, end %v", len(main), lastNode(rec).Special)
	}
	if main[0].Elapsed != 4*time.Second || main[1].Elapsed != 14*time.Second || main[2].Total != 8*time.Second {
		t.Errorf("times: %v %v %v", main[0].Elapsed, main[1].Elapsed, main[2].Total)
	}
	// the 投了 keeps the second it took, and black's total
	if end := main[6]; !end.Timed || end.Elapsed != time.Second || end.Total != 13*time.Second {
		t.Errorf("投了's time: %v %v/%v, want 1s/13s", end.Timed, end.Elapsed, end.Total)
	}
	if c := main[0].Comment; !strings.Contains(c, "*評価値=42") || !strings.Contains(c, "*深さ=7") || !strings.Contains(c, "*エンジン=B") {
		t.Errorf("think comment %q", c)
	}
	snap := g.Snapshot()
	// white used 10 s main then 4 s of byoyomi on its first move: main time is gone
	if snap.Remaining[board.White] != 0 || snap.Remaining[board.Black] != 0 || snap.State != Over {
		t.Errorf("remaining %v, state %v", snap.Remaining, snap.State)
	}
	g.WithRecord(func(r *kifu.Record) {
		if len(r.MainMoves()) != 6 {
			t.Errorf("WithRecord sees %d moves", len(r.MainMoves()))
		}
	})
	if saves != 7 {
		t.Errorf("saved %d times, want after each of 6 moves and at the end", saves)
	}
	if len(black.over) != 1 || black.over[0] != usiclient.Lose || white.over[0] != usiclient.Win {
		t.Errorf("gameover: %v %v", black.over, white.over)
	}
	if h := rec.Headers.Value("先手"); h != "B" {
		t.Errorf("先手 = %q", h)
	}
}

func TestHumanLosesOnTime(t *testing.T) {
	ft := NewFakeTime()
	tc := TimeControl{Byoyomi: 10 * time.Second}
	black := &scripted{name: "human", ft: ft, human: true, steps: []step{{usi: "7g7f", think: 9 * time.Second}, {block: true, think: 10*time.Second + time.Millisecond}}}
	white := &scripted{name: "W", ft: ft, steps: moves(time.Second, "3c3d")}
	g := newGame(t, "", black, white, [2]TimeControl{tc, tc}, nil)
	r := run(t, g)
	if r.Reason != TimeForfeit || r.Winner != board.White {
		t.Fatalf("result %+v", r)
	}
	end := lastNode(g.Record())
	if end.Special != kifu.Timeout {
		t.Errorf("end %v", end.Special)
	}
	// the flag fell at the byoyomi's end: the record says how long the human had
	if !end.Timed || end.Elapsed < 10*time.Second || end.Total != 9*time.Second+end.Elapsed {
		t.Errorf("切れ負け's time: %v %v/%v", end.Timed, end.Elapsed, end.Total)
	}
}

func TestEngineOvertime(t *testing.T) {
	tc := TimeControl{Byoyomi: time.Second}
	// by default a late engine move is accepted
	ft := NewFakeTime()
	black := &scripted{name: "slow", ft: ft, steps: append(moves(3*time.Second, "7g7f"), step{d: Decision{Resign: true}})}
	white := &scripted{name: "W", ft: ft, steps: moves(0, "3c3d")}
	if r := run(t, newGame(t, "", black, white, [2]TimeControl{tc, tc}, nil)); r.Reason != Resignation {
		t.Errorf("late move not accepted: %+v", r)
	}
	// with EngineLosesOnTime it loses once past the margin
	ft = NewFakeTime()
	black = &scripted{name: "slow", ft: ft, steps: []step{{block: true, think: 1501 * time.Millisecond}}}
	white = &scripted{name: "W", ft: ft}
	g := newGame(t, "", black, white, [2]TimeControl{tc, tc}, func(c *Config) { c.EngineLosesOnTime, c.Margin = true, 500*time.Millisecond })
	if r := run(t, g); r.Reason != TimeForfeit || r.Winner != board.White {
		t.Errorf("result %+v", r)
	}
	// but not within it
	ft = NewFakeTime()
	black = &scripted{name: "slow", ft: ft, steps: append(moves(1400*time.Millisecond, "7g7f"), step{d: Decision{Resign: true}})}
	white = &scripted{name: "W", ft: ft, steps: moves(0, "3c3d")}
	g = newGame(t, "", black, white, [2]TimeControl{tc, tc}, func(c *Config) { c.EngineLosesOnTime, c.Margin = true, 500*time.Millisecond })
	if r := run(t, g); r.Reason != Resignation {
		t.Errorf("within the margin: %+v", r)
	}
}

func TestFischer(t *testing.T) {
	ft := NewFakeTime()
	tc := TimeControl{Main: 5 * time.Second, Increment: 2 * time.Second}
	black := &scripted{name: "B", ft: ft, human: true, steps: []step{{usi: "7g7f", think: 4 * time.Second}, {usi: "2g2f", think: 2 * time.Second}, {block: true, think: 3*time.Second + time.Millisecond}}}
	white := &scripted{name: "W", ft: ft, steps: moves(0, "3c3d", "8c8d")}
	g := newGame(t, "", black, white, [2]TimeControl{tc, tc}, nil)
	r := run(t, g)
	// 5 -4 +2 = 3; 3 -2 +2 = 3; then 3.001 s is too long
	if r.Reason != TimeForfeit || r.Winner != board.White || r.Plies != 4 {
		t.Errorf("result %+v", r)
	}
}

func TestCheckmateEndsTheGame(t *testing.T) {
	ft := NewFakeTime()
	black := &scripted{name: "B", ft: ft, steps: moves(0, "G*5b")}
	white := &scripted{name: "W", ft: ft}
	g := newGame(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", black, white, [2]TimeControl{}, nil)
	r := run(t, g)
	if r.Reason != Checkmate || r.Winner != board.Black {
		t.Fatalf("result %+v", r)
	}
	if lastNode(g.Record()).Special != kifu.Checkmate {
		t.Errorf("end %v", lastNode(g.Record()).Special)
	}
}

func TestRepetition(t *testing.T) {
	ft := NewFakeTime()
	black := &scripted{name: "B", ft: ft, steps: moves(0, "5i5h", "5h5i", "5i5h", "5h5i", "5i5h", "5h5i")}
	white := &scripted{name: "W", ft: ft, steps: moves(0, "5a5b", "5b5a", "5a5b", "5b5a", "5a5b", "5b5a")}
	g := newGame(t, "", black, white, [2]TimeControl{}, nil)
	if r := run(t, g); r.Reason != Repetition || !r.Draw || r.Plies != 12 {
		t.Errorf("result %+v", r)
	}
	if lastNode(g.Record()).Special != kifu.Repetition {
		t.Errorf("end %v", lastNode(g.Record()).Special)
	}
	// Black checks with every move: Black loses
	ft = NewFakeTime()
	black = &scripted{name: "B", ft: ft, steps: moves(0, "2i1i", "1i2i", "2i1i", "1i2i", "2i1i", "1i2i")}
	white = &scripted{name: "W", ft: ft, steps: moves(0, "1a2a", "2a1a", "1a2a", "2a1a", "1a2a", "2a1a")}
	g = newGame(t, "8k/9/9/9/9/9/9/9/K6R1 b - 1", black, white, [2]TimeControl{}, nil)
	if r := run(t, g); r.Reason != PerpetualCheck || r.Winner != board.White {
		t.Errorf("perpetual check: %+v", r)
	}
	// the fourth occurrence comes after White's move; Black (the checker) is to move and loses
	if lastNode(g.Record()).Special != kifu.FoulLose {
		t.Errorf("end %v", lastNode(g.Record()).Special)
	}
}

func TestDeclaration(t *testing.T) {
	for _, c := range []struct {
		sfen   string
		reason Reason
		winner board.Color
	}{
		{"+R+BGGSS+N+N+L/+L3K4/9/9/9/9/9/9/4k4 b 10P 1", Declaration, board.Black},
		{"+R+BGGSS+N+N+L/+L3K4/9/9/9/9/9/9/4k4 b 9P 1", FalseDeclaration, board.White},
	} {
		ft := NewFakeTime()
		black := &scripted{name: "B", ft: ft, steps: []step{{d: Decision{Win: true}}}}
		white := &scripted{name: "W", ft: ft}
		g := newGame(t, c.sfen, black, white, [2]TimeControl{}, nil)
		r := run(t, g)
		if r.Reason != c.reason || r.Winner != c.winner {
			t.Errorf("%s: %+v", c.sfen, r)
		}
		want := kifu.EnteringKing
		if c.reason == FalseDeclaration {
			want = kifu.FoulLose
			if !strings.Contains(r.Detail, "27 points") {
				t.Errorf("detail %q", r.Detail)
			}
		}
		if lastNode(g.Record()).Special != want {
			t.Errorf("end %v", lastNode(g.Record()).Special)
		}
	}
}

func TestIllegalMoveLoses(t *testing.T) {
	ft := NewFakeTime()
	black := &scripted{name: "B", ft: ft, steps: moves(0, "7g7f", "7f7d")}
	white := &scripted{name: "W", ft: ft, steps: moves(0, "3c3d")}
	g := newGame(t, "", black, white, [2]TimeControl{}, nil)
	r := run(t, g)
	if r.Reason != IllegalMove || r.Winner != board.White || !strings.Contains(r.Detail, "7f7d") {
		t.Fatalf("result %+v", r)
	}
	end := lastNode(g.Record())
	if end.Special != kifu.FoulLose || !strings.Contains(end.Comment, "7f7d") || end.Ply() != 3 {
		t.Errorf("end %v %q ply %d", end.Special, end.Comment, end.Ply())
	}
	// an engine's illegal bestmove arrives as Decision.Illegal
	ft = NewFakeTime()
	black = &scripted{name: "B", ft: ft, steps: []step{{d: Decision{Illegal: `bestmove "7g7e": 歩 on 7g cannot move to 7e`}}}}
	g = newGame(t, "", black, &scripted{name: "W", ft: ft}, [2]TimeControl{}, nil)
	if r := run(t, g); r.Reason != IllegalMove || r.Winner != board.White {
		t.Errorf("result %+v", r)
	}
}

func TestMoveLimitAndPrior(t *testing.T) {
	ft := NewFakeTime()
	black := &scripted{name: "B", ft: ft, steps: moves(0, "2g2f", "2f2e")}
	white := &scripted{name: "W", ft: ft, steps: moves(0, "8c8d", "8d8e")}
	start := board.NewStartPosition()
	prior, _, _ := start.ParseMoves("7g7f 3c3d")
	g := newGame(t, "", black, white, [2]TimeControl{}, func(c *Config) { c.MaxMoves = 5; c.Prior = prior })
	r := run(t, g)
	if r.Reason != MoveLimit || !r.Draw || r.Plies != 5 {
		t.Errorf("result %+v", r)
	}
	if got := g.Record().MainMoves(); len(got) != 5 || got[0].USI() != "7g7f" {
		t.Errorf("record moves %v", got)
	}
}

func TestPauseAndResume(t *testing.T) {
	ft := NewFakeTime()
	tc := TimeControl{Main: time.Minute}
	black := &scripted{name: "B", ft: ft, steps: append(moves(time.Second, "7g7f", "2g2f"), step{d: Decision{Resign: true}})}
	white := &scripted{name: "W", ft: ft, steps: moves(time.Second, "3c3d"), fail: errors.New("engine died")}
	// White fails on its first move (after thinking 0 s); the game pauses
	g := newGame(t, "", black, white, [2]TimeControl{tc, tc}, nil)
	done := make(chan Result, 1)
	go func() { r, _ := g.Run(context.Background()); done <- r }()
	deadline := time.Now().Add(5 * time.Second)
	for g.Snapshot().State != Paused {
		if time.Now().After(deadline) {
			t.Fatal("not paused")
		}
		time.Sleep(time.Millisecond)
	}
	if f := g.Failure(); f == nil || !strings.Contains(f.Error(), "engine died") || !strings.Contains(f.Error(), "gote") {
		t.Errorf("failure %v", f)
	}
	snap := g.Snapshot()
	if len(snap.Moves) != 1 || snap.Remaining[board.Black] != 59*time.Second {
		t.Errorf("paused at %v with %v", snap.Moves, snap.Remaining)
	}
	restarted := &scripted{name: "W2", ft: ft, steps: moves(2*time.Second, "3c3d", "8c8d")}
	if err := g.Resume(context.Background(), board.White, restarted); err != nil {
		t.Fatal(err)
	}
	var r Result
	select {
	case r = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("game did not finish")
	}
	if r.Reason != Resignation || r.Plies != 4 {
		t.Errorf("result %+v", r)
	}
	if err := g.Resume(context.Background(), board.White, restarted); err == nil {
		t.Error("Resume of a finished game accepted")
	}
	if g.Snapshot().Remaining[board.White] != 56*time.Second {
		t.Errorf("white's clock %v, want 60-2-2", g.Snapshot().Remaining[board.White])
	}
}

// Forfeit ends a paused game with the failed side's loss, エラー in the record.
func TestPauseAndForfeit(t *testing.T) {
	ft := NewFakeTime()
	tc := TimeControl{Main: time.Minute}
	black := &scripted{name: "B", ft: ft, steps: moves(time.Second, "7g7f")}
	white := &scripted{name: "W", ft: ft, fail: errors.New("engine died")}
	g := newGame(t, "", black, white, [2]TimeControl{tc, tc}, nil)
	if err := g.Forfeit(context.Background()); err == nil {
		t.Error("Forfeit of a game not paused accepted")
	}
	done := make(chan Result, 1)
	go func() { r, _ := g.Run(context.Background()); done <- r }()
	deadline := time.Now().Add(5 * time.Second)
	for g.Snapshot().State != Paused {
		if time.Now().After(deadline) {
			t.Fatal("not paused")
		}
		time.Sleep(time.Millisecond)
	}
	if s := g.Snapshot(); s.Failed != board.White {
		t.Errorf("the failed side is %v, want White", s.Failed)
	}
	if err := g.Forfeit(context.Background()); err != nil {
		t.Fatal(err)
	}
	var r Result
	select {
	case r = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("game did not finish")
	}
	if r.Reason != PlayerFailure || r.Winner != board.Black || !strings.Contains(r.Detail, "engine died") {
		t.Errorf("result %+v", r)
	}
	if got := g.Record().Result(); got != kifu.ErrorEnd {
		t.Errorf("the record ends with %v, want エラー", got)
	}
}

func TestAbort(t *testing.T) {
	ft := NewFakeTime()
	black := &scripted{name: "B", ft: ft, steps: moves(0, "7g7f")}
	white := &scripted{name: "W", ft: ft} // thinks forever
	g := newGame(t, "", black, white, [2]TimeControl{}, nil)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := g.Run(ctx); done <- err }()
	for len(g.Snapshot().Moves) != 1 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Run = %v", err)
	}
	if r := g.Snapshot().Result; r.Reason != Aborted || lastNode(g.Record()).Special != kifu.Interrupt {
		t.Errorf("result %+v, end %v", r, lastNode(g.Record()).Special)
	}
}

func TestFailureLoses(t *testing.T) {
	ft := NewFakeTime()
	black := &scripted{name: "B", ft: ft, steps: moves(0, "7g7f")}
	white := &scripted{name: "W", ft: ft, fail: errors.New("engine died")}
	g := newGame(t, "", black, white, [2]TimeControl{}, func(c *Config) { c.FailureLoses = true })
	r := run(t, g)
	if r.Reason != PlayerFailure || r.Winner != board.Black || !strings.Contains(r.Detail, "engine died") {
		t.Errorf("result %+v", r)
	}
	if end := lastNode(g.Record()); end.Special != kifu.ErrorEnd || end.Ply() != 2 {
		t.Errorf("end %v at %d", end.Special, end.Ply())
	}
}

// A game saved after every move is read back after a crash and goes on with the same
// moves and the clocks as the saved times leave them.
func TestResumeFromSavedRecord(t *testing.T) {
	ft := NewFakeTime()
	tc := TimeControl{Main: time.Minute, Byoyomi: 10 * time.Second}
	var saved string
	black := &scripted{name: "B", ft: ft, steps: moves(20*time.Second, "7g7f", "2g2f")}
	white := &scripted{name: "W", ft: ft, steps: moves(50*time.Second, "3c3d", "8c8d")}
	g := newGame(t, "", black, white, [2]TimeControl{tc, tc}, func(c *Config) {
		c.Save = func(r *kifu.Record) error {
			s, err := kifu.FormatRecord(r, kifu.KIF, kifu.WriteOptions{})
			saved = s
			return err
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for len(g.Snapshot().Moves) < 4 {
			time.Sleep(time.Millisecond)
		}
		cancel() // the app dies while Black thinks on move 5
	}()
	g.Run(ctx)
	rec, err := kifu.ParseKIF(saved)
	if err != nil {
		t.Fatal(err)
	}
	s, err := FromRecord(rec, tc, tc)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Moves) != 4 || s.Clock.Remaining[board.Black] != 20*time.Second || s.Clock.Remaining[board.White] != 0 {
		t.Fatalf("saved game: %d moves, clocks %v", len(s.Moves), s.Clock.Remaining)
	}
	black2 := &scripted{name: "B", ft: ft, steps: []step{{d: Decision{Resign: true}}}}
	g2 := newGame(t, "", black2, &scripted{name: "W", ft: ft}, [2]TimeControl{tc, tc}, func(c *Config) {
		c.Start, c.Prior, c.Clock = s.Start, s.Moves, s.Clock
	})
	if snap := g2.Snapshot(); len(snap.Moves) != 4 || snap.Remaining[board.Black] != 20*time.Second {
		t.Errorf("resumed at %d moves with %v", len(snap.Moves), snap.Remaining)
	}
	if r := run(t, g2); r.Reason != Resignation || r.Plies != 4 {
		t.Errorf("%+v", r)
	}
	// a finished game is not resumed
	if _, err := FromRecord(g2.Record(), tc, tc); err == nil {
		t.Error("a finished game resumed")
	}
}

// 対局情報 of a game Banmen plays: a handicap game names its players 下手 and 上手 (not
// 先手 and 後手), and the end of a game is written as 終了日時; a game continued after 中断
// drops it until it ends again.
func TestHandicapGameNamesShitateUwateAndRecordsTheEnd(t *testing.T) {
	ft := NewFakeTime()
	kyo, _ := kifu.HandicapByName("香落ち")
	black := &scripted{name: "B", ft: ft, steps: []step{{d: Decision{Resign: true}, think: time.Second}}}
	white := &scripted{name: "W", ft: ft, steps: moves(time.Second, "5a4b")}
	g := newGame(t, kyo.Position().SFEN(), black, white, [2]TimeControl{{}, {}}, nil)
	if r := run(t, g); r.Reason != Resignation || r.Winner != board.White {
		t.Fatalf("result %+v", r)
	}
	h := g.Record().Headers
	if h.Value(kifu.HeaderShitate) != "B" || h.Value(kifu.HeaderUwate) != "W" {
		t.Errorf("下手 %q, 上手 %q, want B and W: %v", h.Value(kifu.HeaderShitate), h.Value(kifu.HeaderUwate), h)
	}
	if _, ok := h.Get(kifu.HeaderBlack); ok {
		t.Errorf("a handicap game has a 先手 header: %v", h)
	}
	end := h.Value(kifu.HeaderEnd)
	if end == "" || end < h.Value(kifu.HeaderStart) {
		t.Errorf("終了日時 %q, 開始日時 %q", end, h.Value(kifu.HeaderStart))
	}

	// an even game keeps 先手 and 後手; continued after 中断, its 終了日時 goes until the end
	ft2 := NewFakeTime()
	b2 := &scripted{name: "B", ft: ft2, steps: moves(time.Second, "7g7f")}
	w2 := &scripted{name: "W", ft: ft2, steps: moves(time.Second, "3c3d")}
	g2 := newGame(t, "", b2, w2, [2]TimeControl{{}, {}}, func(c *Config) { c.MaxMoves = 2 })
	run(t, g2)
	rec := g2.Record()
	if rec.Headers.Value(kifu.HeaderBlack) != "B" || rec.Headers.Value(kifu.HeaderEnd) == "" {
		t.Fatalf("an even game's headers: %v", rec.Headers)
	}
	if _, err := rec.End(rec.MainEnd().Parent(), kifu.Interrupt, ""); err != nil {
		t.Fatal(err)
	}
	rec.MainEnd().Parent().Children()[1].MakeMainLine()
	g3, err := New(Config{Players: [2]Player{&scripted{name: "B", ft: ft2}, &scripted{name: "W", ft: ft2}}, Time0: ft2,
		Record: rec, Prior: rec.MainMoves()})
	if err != nil {
		t.Fatal(err)
	}
	if v := g3.Record().Headers.Value(kifu.HeaderEnd); v != "" {
		t.Errorf("the continued game still says it ended at %s", v)
	}
}
