package match

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/internal/enginetest"
	"banmen/internal/testbin"
	"banmen/kifu"
)

func TestMain(m *testing.M) {
	enginetest.RunIfRequested()
	os.Exit(testbin.Run(m))
}

func fake(name, behaviour string) engine.Definition {
	d := enginetest.Definition(behaviour, "")
	d.Name = name
	return d
}

func TestSeriesAlternatesColoursAndWritesRecords(t *testing.T) {
	dir := t.TempDir()
	openings := filepath.Join(dir, "openings.txt")
	os.WriteFile(openings, []byte("# two openings\nposition startpos moves 7g7f 3c3d\n\nlnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n"), 0o644)
	ops, err := ReadOpenings(openings)
	if err != nil || len(ops) != 2 || len(ops[0].Moves) != 2 || ops[1].Start.SideToMove() != board.White {
		t.Fatalf("ReadOpenings: %v %+v", err, ops)
	}
	var mu sync.Mutex
	var progress []Progress
	sum, err := Run(context.Background(), Config{
		Engines:     [2]engine.Definition{fake("A", enginetest.Normal), fake("B", enginetest.Random)},
		Games:       6,
		Concurrency: 2,
		Openings:    ops,
		MaxMoves:    30,
		Time:        game.TimeControl{Byoyomi: 2 * time.Second},
		OutDir:      filepath.Join(dir, "games"),
		Progress: func(p Progress) {
			mu.Lock()
			progress = append(progress, p)
			mu.Unlock()
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Score.Games() != 6 || len(sum.Games) != 6 || len(progress) != 6 || progress[5].Done != 6 {
		t.Fatalf("score %v, %d reports, %d progress calls", sum.Score, len(sum.Games), len(progress))
	}
	if len(sum.Errors) != 0 {
		t.Errorf("errors: %v", sum.Errors)
	}
	for _, g := range sum.Games {
		wantBlack := "A"
		if !g.FirstIsBlack {
			wantBlack = "B"
		}
		if g.Black != wantBlack || g.FirstIsBlack != (g.Index%2 == 1) {
			t.Errorf("game %d: black %q, first is black %v", g.Index, g.Black, g.FirstIsBlack)
		}
		if g.Result.Reason == game.IllegalMove || g.Result.Reason == game.PlayerFailure {
			t.Errorf("game %d: %v", g.Index, g.Result)
		}
		rec, err := kifu.ReadFile(g.Path)
		if err != nil {
			t.Errorf("game %d: %v", g.Index, err)
			continue
		}
		op := ops[((g.Index-1)/2)%2]
		if moves := rec.MainMoves(); len(moves) < len(op.Moves) || !rec.Position(rec.Root).SamePosition(op.Start) { // KIF keeps no move number
			t.Errorf("game %d: the record does not start from its opening", g.Index)
		}
		if !strings.Contains(rec.Headers.Value("先手"), wantBlack) {
			t.Errorf("game %d: 先手 %q", g.Index, rec.Headers.Value("先手"))
		}
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "games", "*.kifu")); len(files) != 6 {
		t.Errorf("%d record files", len(files))
	}
}

func TestSeriesSPRTStopsEarly(t *testing.T) {
	sprt, _ := ParseSPRT("0,50")
	sum, err := Run(context.Background(), Config{
		Engines: [2]engine.Definition{fake("strong", enginetest.Normal), fake("resigner", enginetest.Resign)},
		Games:   100,
		SPRT:    &sprt,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Verdict != AcceptH1 || sum.Score.Games() >= 100 || sum.Score.Losses != 0 {
		t.Errorf("verdict %v after %v (LLR %.2f)", sum.Verdict, sum.Score, sum.LLR)
	}
}

func TestSeriesCrashLosesTheGame(t *testing.T) {
	sum, err := Run(context.Background(), Config{
		Engines:  [2]engine.Definition{fake("steady", enginetest.Normal), fake("crashy", enginetest.CrashOnGo+":2")},
		Games:    2,
		MaxMoves: 10,
	})
	if err != nil {
		t.Fatal(err)
	}
	// crashy dies on its second go in each game (it is restarted between games)
	if sum.Score.Wins != 2 || len(sum.Errors) != 2 {
		t.Fatalf("score %v, errors %v", sum.Score, sum.Errors)
	}
	// each error names the game and the engine that failed in it, with its side
	for i, e := range sum.Errors {
		side := map[bool]string{true: "gote", false: "sente"}[strings.HasPrefix(e.Error(), "game 1:")]
		if !strings.Contains(e.Error(), `engine "crashy" (`+side+`) failed: `) || !strings.HasPrefix(e.Error(), "game ") {
			t.Errorf("error %d: %v", i, e)
		}
	}
	for _, g := range sum.Games {
		if g.Result.Reason != game.PlayerFailure || g.Record.MainEnd().Special != kifu.ErrorEnd {
			t.Errorf("game %d: %v", g.Index, g.Result)
		}
	}
}

func TestSeriesEngineThatWontStart(t *testing.T) {
	broken := engine.Definition{Name: "missing", Path: "/nonexistent/engine"}
	sum, err := Run(context.Background(), Config{
		Engines: [2]engine.Definition{fake("steady", enginetest.Normal), broken},
		Games:   2,
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Score.Wins != 2 || len(sum.Errors) == 0 || !strings.Contains(sum.Errors[0].Error(), "/nonexistent/engine") {
		t.Errorf("score %v, errors %v", sum.Score, sum.Errors)
	}
}

// Cancelling the context ends the series: Run returns with the games played so far.
// Fifty games of engines that think 300 ms a move take many minutes, so a Run that
// returns within a minute of the cancel and short of fifty games was stopped by it.
func TestSeriesCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	go func() { time.Sleep(300 * time.Millisecond); cancel() }()
	done := make(chan Summary, 1)
	go func() {
		sum, _ := Run(ctx, Config{
			Engines: [2]engine.Definition{fake("slow1", enginetest.SlowMove), fake("slow2", enginetest.SlowMove)},
			Games:   50, MaxMoves: 200,
		})
		done <- sum
	}()
	<-ctx.Done()
	select {
	case sum := <-done:
		if sum.Score.Games() >= 50 {
			t.Errorf("cancelled, yet scored %v", sum.Score)
		}
	case <-time.After(time.Minute):
		t.Fatal("Run went on a minute after the cancel")
	}
}

func TestReadOpeningsErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.txt")
	os.WriteFile(bad, []byte("position startpos moves 7g7f\nposition startpos moves 7g7e\n"), 0o644)
	if _, err := ReadOpenings(bad); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("bad opening: %v", err)
	}
	extra := filepath.Join(dir, "extra.txt")
	os.WriteFile(extra, []byte("position startpos\nsfen 4k4/9/9/9/9/9/9/9/4K4 b 19P 1\n"), 0o644)
	if _, err := ReadOpenings(extra); err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "more pieces") {
		t.Errorf("19 pawns in hand: %v", err)
	}
	empty := filepath.Join(dir, "empty.txt")
	os.WriteFile(empty, []byte("# nothing\n"), 0o644)
	if _, err := ReadOpenings(empty); err == nil {
		t.Error("an empty file gave openings")
	}
	kif := filepath.Join(dir, "opening.kifu")
	os.WriteFile(kif, []byte("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ３四歩(33)\n"), 0o644)
	ops, err := ReadOpenings(kif)
	if err != nil || len(ops) != 1 || len(ops[0].Moves) != 2 {
		t.Errorf("KIF opening: %v %+v", err, ops)
	}
	// a record read only in part (its third move moves the bishop's square's silver) is
	// refused with the line, not played from its first two moves
	part := filepath.Join(dir, "part.kifu")
	os.WriteFile(part, []byte("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７七銀(88)\n   4 ８四歩(83)\n"), 0o644)
	if ops, err := ReadOpenings(part); err == nil || !strings.Contains(err.Error(), "line 5") {
		t.Errorf("a record read in part: %v %+v, want an error naming line 5", err, ops)
	}
}

// An engine that exits on go ponder (as gpsusi does) loses one game to it; after that
// the series knows and stops asking it to ponder.
func TestSeriesLearnsThatAnEngineCannotPonder(t *testing.T) {
	sum, err := Run(context.Background(), Config{
		Engines:  [2]engine.Definition{fake("steady", enginetest.Normal), fake("no-ponder", enginetest.CrashOnPonder)},
		Games:    3,
		Ponder:   true,
		MaxMoves: 12,
	})
	if err != nil {
		t.Fatal(err)
	}
	failures := 0
	for _, g := range sum.Games {
		if g.Result.Reason == game.PlayerFailure {
			failures++
		}
	}
	if failures != 1 || len(sum.Errors) != 1 || sum.Score.Games() != 3 {
		t.Errorf("%d games lost to the crash (want 1); %v; errors %v", failures, sum.Score, sum.Errors)
	}
}
