package match

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/internal/enginetest"
	"banmen/kifu"
)

// A series run again on its folder goes on: the finished games are read back and
// counted, not played again; a game whose record has no result is played again; a
// folder holding another series is refused unless Resume is off.
func TestSeriesResumes(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "games")
	cfg := Config{
		Engines:  [2]engine.Definition{fake("A", enginetest.Normal), fake("B", enginetest.Random)},
		Games:    2,
		MaxMoves: 20,
		Time:     game.TimeControl{Byoyomi: 2 * time.Second},
		OutDir:   dir,
		Resume:   true,
	}
	first, err := Run(context.Background(), cfg)
	if err != nil || len(first.Games) != 2 || first.Resumed != 0 {
		t.Fatalf("first run: %v, %d games, %d resumed", err, len(first.Games), first.Resumed)
	}
	g1, err := os.ReadFile(first.Games[0].Path)
	if err != nil {
		t.Fatal(err)
	}
	// game 2 stopped before its end (a record without a result): it is played again
	rec, err := kifu.ReadFile(first.Games[1].Path)
	if err != nil {
		t.Fatal(err)
	}
	if end := rec.MainEnd(); end.Special != kifu.NotSpecial {
		end.Remove()
	}
	text, _ := kifu.FormatRecord(rec, kifu.KIF, kifu.WriteOptions{})
	os.WriteFile(first.Games[1].Path, []byte(text), 0o644)

	cfg.Games = 4
	var progress []Progress
	cfg.Progress = func(p Progress) { progress = append(progress, p) }
	sum, err := Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if sum.Resumed != 1 || len(sum.Games) != 4 || sum.Score.Games() != 4 || len(progress) != 3 {
		t.Fatalf("resumed %d, %d games, score %v, %d progress calls", sum.Resumed, len(sum.Games), sum.Score, len(progress))
	}
	if progress[0].Done != 2 || progress[2].Done != 4 || progress[2].Total != 4 {
		t.Errorf("progress counts %d, then %d of %d", progress[0].Done, progress[2].Done, progress[2].Total)
	}
	for k, g := range sum.Games {
		if g.Index != k+1 || g.Resumed != (k == 0) {
			t.Errorf("game %d: index %d, resumed %v", k+1, g.Index, g.Resumed)
		}
	}
	if r, want := sum.Games[0].Result, first.Games[0].Result; r.Reason != want.Reason || r.Draw != want.Draw || (!r.Draw && r.Winner != want.Winner) {
		t.Errorf("game 1 read back as %v, was %v", r, want)
	}
	if now, _ := os.ReadFile(first.Games[0].Path); string(now) != string(g1) {
		t.Error("game 1's record was written again")
	}
	if rec, err := kifu.ReadFile(first.Games[1].Path); err != nil || rec.Result() == kifu.NotSpecial {
		t.Errorf("game 2 was not played again: %v", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.kifu")); len(files) != 4 {
		t.Errorf("%d records", len(files))
	}

	// all played: nothing to do
	again, err := Run(context.Background(), cfg)
	if err != nil || again.Resumed != 4 || again.Score != sum.Score {
		t.Errorf("all resumed: %v, %d resumed, %v (was %v)", err, again.Resumed, again.Score, sum.Score)
	}

	// another engine in the folder: refused, and nothing is overwritten
	other := cfg
	other.Engines[1] = fake("C", enginetest.Normal)
	var ce *ConflictError
	if _, err := Run(context.Background(), other); !errors.As(err, &ce) || ce.Index != 1 || !strings.Contains(err.Error(), "C") {
		t.Errorf("another series: %v", err)
	}
	other.Engines[1] = cfg.Engines[1]
	other.Time = game.TimeControl{Byoyomi: 3 * time.Second}
	if _, err := Run(context.Background(), other); !errors.As(err, &ce) || !strings.Contains(err.Error(), "played at") {
		t.Errorf("another time control: %v", err)
	}
	other.Time = cfg.Time
	other.Openings = []Opening{{Name: "7g7f", Start: board.NewStartPosition(), Moves: []board.Move{mustMove(t, "7g7f")}}}
	if _, err := Run(context.Background(), other); !errors.As(err, &ce) || !strings.Contains(err.Error(), "opening 7g7f") {
		t.Errorf("another opening: %v", err)
	}
	if now, _ := os.ReadFile(first.Games[0].Path); string(now) != string(g1) {
		t.Error("game 1's record was overwritten by a refused series")
	}
	// a game file read only in part (its second move made illegal, moves after it): refused
	// with its line, and left as it is, not taken for a game cut short and played over
	lines := strings.Split(string(g1), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "   2 ") {
			lines[i] = "   2 ９九玉(11)"
		}
	}
	broken := strings.Join(lines, "\n")
	os.WriteFile(first.Games[0].Path, []byte(broken), 0o644)
	if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "line") {
		t.Errorf("a game file read in part: %v", err)
	}
	if now, _ := os.ReadFile(first.Games[0].Path); string(now) != broken {
		t.Error("the game file read in part was written over")
	}
	os.WriteFile(first.Games[0].Path, g1, 0o644)
	// without Resume, the folder is played over
	other.Openings, other.Engines[1], other.Resume, other.Games = nil, fake("C", enginetest.Normal), false, 1
	if s, err := Run(context.Background(), other); err != nil || s.Resumed != 0 || len(s.Games) != 1 {
		t.Errorf("without resume: %v %+v", err, s)
	}
}

func mustMove(t *testing.T, usi string) board.Move {
	t.Helper()
	m, err := board.ParseUSIMove(usi)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// Each ending Banmen writes reads back as the result it was written from.
func TestResultOf(t *testing.T) {
	for _, c := range []struct {
		moves  string
		end    kifu.Special
		reason game.Reason
		draw   bool
		winner board.Color
		ok     bool
	}{
		{"7g7f", kifu.Resign, game.Resignation, false, board.Black, true}, // white to move resigns
		{"7g7f 3c3d", kifu.Resign, game.Resignation, false, board.White, true},
		{"7g7f", kifu.Timeout, game.TimeForfeit, false, board.Black, true},
		{"7g7f", kifu.FoulLose, game.IllegalMove, false, board.Black, true},
		{"7g7f", kifu.FoulWin, game.PerpetualCheck, false, board.White, true},
		{"7g7f", kifu.EnteringKing, game.Declaration, false, board.White, true},
		{"7g7f", kifu.Checkmate, game.Checkmate, false, board.Black, true},
		{"7g7f", kifu.Repetition, game.Repetition, true, 0, true},
		{"7g7f", kifu.MaxMoves, game.MoveLimit, true, 0, true},
		{"7g7f", kifu.ErrorEnd, 0, false, 0, false},
		{"7g7f", kifu.Interrupt, 0, false, 0, false},
		{"7g7f", kifu.NotSpecial, 0, false, 0, false},
	} {
		rec := kifu.New(board.NewStartPosition())
		at := rec.Root
		for _, u := range strings.Fields(c.moves) {
			n, err := rec.PlayUSI(at, u)
			if err != nil {
				t.Fatal(err)
			}
			at = n
		}
		if c.end != kifu.NotSpecial {
			if _, err := rec.End(at, c.end, ""); err != nil {
				t.Fatal(err)
			}
		}
		r, ok := resultOf(rec)
		if ok != c.ok || ok && (r.Reason != c.reason || r.Draw != c.draw || !c.draw && r.Winner != c.winner) {
			t.Errorf("%s then %v: %v (ok %v)", c.moves, c.end, r, ok)
		}
	}
}
