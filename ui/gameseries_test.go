package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/match"
	"banmen/internal/testbin"
	"banmen/kifu"
)

// seriesDeadline is how long a test waits for a series of short games: generous, the
// machine is slow and busy; nothing asserts how long it took.
const seriesDeadline = 4 * time.Minute

// waitLong is waitUntil with the series' deadline.
func waitLong(t *testing.T, q *uiQueue, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(seriesDeadline)
	for {
		q.drain()
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// seriesWindow is gameWindow with extra engines in the list.
func seriesWindow(t *testing.T, extra ...engine.Definition) (*MainWindow, *uiQueue) {
	t.Helper()
	w, q := studyWindow(t, extra...)
	w.game.do = q.post
	t.Cleanup(func() {
		w.game.abortAll()
		if r := w.game.run; r != nil {
			<-r.runner.Done()
		}
	})
	return w, q
}

// fairyStockfish is Debian's fairy-stockfish as the engine list holds it.
func fairyStockfish(t *testing.T) engine.Definition {
	return engine.Definition{Name: "Fairy-Stockfish", Path: testbin.DebianEngine(t, "fairy-stockfish"),
		Tags: []string{engine.TagPlay}}
}

// recordOutcome reads who won a record as Banmen's games end them: the side's name from
// its 先手/後手 header, "" for a draw; ok false when the record has no result.
func recordOutcome(rec *kifu.Record) (winner string, ok bool) {
	end := rec.MainEnd()
	if end.IsRoot() || end.Special == kifu.NotSpecial {
		return "", false
	}
	mover := rec.Position(end.Parent()).SideToMove()
	var w board.Color
	switch end.Special {
	case kifu.Resign, kifu.Checkmate, kifu.Timeout, kifu.FoulLose:
		w = mover.Opp()
	case kifu.FoulWin, kifu.EnteringKing:
		w = mover
	case kifu.Repetition, kifu.MaxMoves, kifu.Impasse:
		return "", true
	default:
		return "", false
	}
	if w == board.Black {
		return rec.Headers.Value("先手"), true
	}
	return rec.Headers.Value("後手"), true
}

// startSeriesFromDialog sets up Banmen against fairy-stockfish at 0/byoyomi in the
// dialog, games in a row into dir, and starts.
func startSeriesFromDialog(t *testing.T, w *MainWindow, q *uiQueue, byoyomi string, games int, maxMoves int, dir, startFile string) {
	t.Helper()
	d := openGameDialog(t, w, q)
	d.filter.SetSelected(w.gameSetupText().FilterAll)
	d.sides[0].SetSelected(engine.BundledName)
	d.sides[1].SetSelected("Fairy-Stockfish")
	d.main[0].SetText("0")
	d.byoyomi[0].SetText(byoyomi)
	d.increment[0].SetText("0")
	d.start.SetSelected(kifu.Handicaps[0].Name)
	if startFile != "" {
		d.start.SetSelected(w.gameSetupText().StartFile)
		d.file.SetText(startFile)
		d.shuffle.SetChecked(false)
	}
	d.maxMoves.SetText(fmt.Sprint(maxMoves))
	d.games.SetText(fmt.Sprint(games))
	d.saveDir.SetText(dir)
	tapDialogButton(t, w, w.gameText().Start)
	if w.game.series == nil || !w.Playing() {
		t.Fatalf("no series (%q: %q; %q)", w.lastShown.title, w.lastShown.text, d.errLabel.Text)
	}
}

// Two short games, the bundled engine against fairy-stockfish at 0/0.2s from a file of
// start positions: the colours are swapped, each game starts from the file's next line,
// each game is saved in the folder under a name that sorts by its number and
// reads back as a finished game, and the score line (W-L-D and Elo, from the bundled
// engine's side) agrees with the records.
func TestEngineVsEngineSeriesOfTwo(t *testing.T) {
	w, q := seriesWindow(t, fairyStockfish(t))
	dir := filepath.Join(t.TempDir(), "new folder")
	starts := writeStartFile(t, "position startpos moves 7g7f 3c3d", "startpos moves 2g2f 8c8d")
	startSeriesFromDialog(t, w, q, "0.2", 2, 30, dir, starts)
	s := w.game.series
	if !w.progressHolder.Visible() || !strings.Contains(s.label.Text, "1/2") {
		t.Errorf("the score line is %q (shown %v)", s.label.Text, w.progressHolder.Visible())
	}
	waitLong(t, q, "the end of the series", func() bool {
		return w.game.series == nil && w.lastShown.title == w.gameSetupText().SeriesDoneTitle
	})
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	sort.Strings(names)
	if len(names) != 2 || !strings.Contains(names[0], "_001_") || !strings.Contains(names[1], "_002_") {
		t.Fatalf("the folder holds %q", names)
	}
	var want match.Score
	for i, n := range names {
		path := filepath.Join(dir, n)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		rec, _, err := kifu.Read(data, path)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		black, white := engine.BundledName, "Fairy-Stockfish"
		if i == 1 {
			black, white = white, black
		}
		if rec.Headers.Value("先手") != black || rec.Headers.Value("後手") != white {
			t.Errorf("game %d: 先手 %q, 後手 %q; want %q, %q", i+1, rec.Headers.Value("先手"), rec.Headers.Value("後手"), black, white)
		}
		moves := rec.MainMoves()
		if len(moves) < 3 || len(moves) > 30 {
			t.Fatalf("game %d has %d moves, want 3 to 30", i+1, len(moves))
		}
		if opening := []string{"7g7f 3c3d", "2g2f 8c8d"}[i]; moves[0].USI()+" "+moves[1].USI() != opening {
			t.Errorf("game %d starts with %v, want the file's line %d: %s", i+1, moves[:2], i+1, opening)
		}
		winner, ok := recordOutcome(rec)
		if !ok {
			t.Fatalf("game %d ends with %v, not a result", i+1, rec.Result())
		}
		switch winner {
		case "":
			want.Draws++
		case engine.BundledName:
			want.Wins++
		default:
			want.Losses++
		}
	}
	st := w.gameSetupText()
	line := fmt.Sprintf(st.SeriesScoreF, engine.BundledName, "Fairy-Stockfish", 2, 2, want.Wins, want.Losses, want.Draws) +
		"  " + fmt.Sprintf(st.EloF, want.EloText(0))
	t.Logf("score line: %s", line)
	if s.label.Text != line {
		t.Errorf("the score line is %q, want %q", s.label.Text, line)
	}
	if !w.progressHolder.Visible() || !strings.Contains(w.lastShown.text, line) {
		t.Errorf("after the series the score line is gone (%v) or the end says %q", w.progressHolder.Visible(), w.lastShown.text)
	}
	if end := s.label.Position().X + s.label.MinSize().Width; end > s.button.Position().X+1 {
		t.Errorf("the score line (to x=%v) runs under its button (at x=%v)", end, s.button.Position().X)
	}
	s.button.OnTapped() // 閉じる
	if w.progressHolder.Visible() {
		t.Error("閉じる leaves the score line")
	}
}

// 中止 ends the series: the game under way ends as 中断 and is saved, no other starts,
// and the score line says it was stopped.
func TestEngineVsEngineSeriesStop(t *testing.T) {
	w, q := seriesWindow(t, fairyStockfish(t))
	dir := t.TempDir()
	startSeriesFromDialog(t, w, q, "1", 3, 0, dir, "")
	s := w.game.series
	waitUntil(t, q, "the first move", func() bool { return w.Session().MoveCount() >= 1 })
	s.button.OnTapped()
	waitLong(t, q, "the end of the series", func() bool { return w.game.series == nil && !w.Playing() })
	names, _ := filepath.Glob(filepath.Join(dir, "*.kif"))
	if len(names) != 1 {
		t.Fatalf("the folder holds %q, want the one game", names)
	}
	data, err := os.ReadFile(names[0])
	if err != nil {
		t.Fatal(err)
	}
	rec, _, err := kifu.Read(data, names[0])
	if err != nil || rec.Result() != kifu.Interrupt {
		t.Fatalf("the stopped game reads back as %v (%v), want 中断", rec.Result(), err)
	}
	if !strings.Contains(s.label.Text, "1/3") || !strings.Contains(s.label.Text, w.gameSetupText().SeriesStopped) {
		t.Errorf("the score line is %q", s.label.Text)
	}
	if s.score.Games() != 0 {
		t.Errorf("the aborted game was counted: %+v", s.score)
	}
}

// The score line counts from the first engine's side whichever colour it had, and a
// series all won prints its Elo as infinite.
func TestEngineVsEngineScoreLine(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
	a, b := &engine.Definition{Name: "A"}, &engine.Definition{Name: "B"}
	s := &gameSeries{w: w, defs: [2]*engine.Definition{a, b}, total: 4, played: 2}
	s.count(game.Result{Winner: board.Black}, s.firstIsBlack(1)) // game 1: A is Black and wins
	s.count(game.Result{Winner: board.White}, s.firstIsBlack(2)) // game 2: A is White and wins
	if got, want := s.scoreText(), "A vs B  game 2/4  2 won 0 lost 0 drawn  Elo +∞"; got != want {
		t.Errorf("all won: %q, want %q", got, want)
	}
	s.count(game.Result{Winner: board.Black}, s.firstIsBlack(3))
	s.count(game.Result{Draw: true}, s.firstIsBlack(4))
	s.played = 4
	want := match.Score{Wins: 3, Draws: 1}
	if got := s.scoreText(); got != "A vs B  game 4/4  3 won 0 lost 1 drawn  Elo "+want.EloText(0) || strings.Contains(got, "∞ ±") {
		t.Errorf("3-0-1: %q", got)
	}
	s.count(game.Result{Winner: board.Black}, s.firstIsBlack(6)) // A is White and loses
	if s.score != (match.Score{Wins: 3, Losses: 1, Draws: 1}) {
		t.Errorf("score %+v", s.score)
	}
}
