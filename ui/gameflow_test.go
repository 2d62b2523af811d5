package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/internal/testbin"
	"banmen/kifu"
	"banmen/ui/session"
)

// gameWindow is a study window (the bundled engine in its list) whose game posts to the
// test's queue.
func gameWindow(t *testing.T) (*MainWindow, *uiQueue) {
	t.Helper()
	w, q := studyWindow(t)
	w.game.do = q.post
	t.Cleanup(func() {
		w.game.abortAll()
		if r := w.game.run; r != nil {
			<-r.runner.Done()
		}
	})
	return w, q
}

// startFromDialog opens 対局開始 with Ctrl+G, sets byoyomi seconds and no main time, and starts.
func startFromDialog(t *testing.T, w *MainWindow, q *uiQueue, byoyomi string) {
	t.Helper()
	pressShortcut(w, fyne.KeyG, fyne.KeyModifierShortcutDefault)
	waitUntil(t, q, "the 対局開始 dialog", func() bool { return dialogOpen(w) })
	ov := w.Window().Canvas().Overlays().Top()
	sels := widgetsIn[*widget.Select](ov)
	if len(sels) < 2 { // the sides' choices come first
		t.Fatalf("the dialog has %d choices, want one per side", len(sels))
	}
	gt := w.gameText()
	if sels[0].Selected != gt.Human || sels[1].Selected != engine.BundledName {
		t.Fatalf("the sides are %q and %q, want 人 and the bundled engine", sels[0].Selected, sels[1].Selected)
	}
	entries := widgetsIn[*dialogEntry](ov)
	if len(entries) < 3 { // main time, byoyomi, increment come first
		t.Fatalf("the dialog has %d entries, want main time, byoyomi, increment", len(entries))
	}
	entries[0].SetText("0")
	entries[1].SetText(byoyomi)
	tapDialogButton(t, w, gt.Start)
	if !w.Playing() {
		t.Fatalf("no game after 開始 (dialog %q: %q)", w.lastShown.title, w.lastShown.text)
	}
}

// The person plays Black against the bundled engine from the dialog: the board takes the
// person's move only on their turn, the engine's reply is played on the board with the
// last-move highlight and in the record with a comment, the clocks mark the side to move,
// the record is autosaved, and 投了 ends the game with a dialog and 投了 in the record.
func TestPlayAgainstEngineAndResign(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	startFromDialog(t, w, q, "1")
	if s := w.settings.gameSetup(""); s.Byoyomi != time.Second || s.Main != 0 || s.Players != [2]string{"", engine.BundledName} {
		t.Errorf("the setup kept is %+v", s)
	}
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	if !w.game.clocks.Marked(board.Black) || w.game.clocks.Marked(board.White) {
		t.Error("the clocks do not mark Black to move")
	}
	// the clocks are on the plates beside the stands: White's (at the top) on the left
	r := test.WidgetRenderer(w.Board()).(*boardRenderer)
	if wp, bp := r.plates[board.White], r.plates[board.Black]; !wp.clock.Visible() || !bp.clock.Visible() ||
		wp.bg.Position().X+wp.bg.Size().Width > bp.bg.Position().X || !strings.Contains(w.game.clocks.Text(board.Black), bp.clock.Text) || bp.detail.Text != "秒読み" {
		t.Errorf("the plates' clocks: White's %q at %v, Black's %q at %v", wp.clock.Text, wp.bg.Position(), bp.clock.Text, bp.bg.Position())
	}
	if got := w.game.clocks.Text(board.Black); !strings.Contains(got, "秒読み") {
		t.Errorf("Black's clock shows %q, want its byoyomi", got)
	}
	sounds := w.sound.(*soundLog)
	if n := sounds.count(soundPiece); n != 0 {
		t.Errorf("the game's start played the 駒音 %d times", n)
	}
	play(t, w, "7g7f")
	if n := sounds.count(soundPiece); n != 1 {
		t.Errorf("the person's move played the 駒音 %d times, want once, as it was made", n)
	}
	waitUntil(t, q, "the engine's reply", func() bool { return w.Session().MoveCount() == 2 })
	waitUntil(t, q, "the person's turn again", func() bool { return w.status.Text == gt.YourTurn })
	if n := sounds.count(soundPiece); n != 2 {
		t.Errorf("after the engine's reply the 駒音 was played %d times, want 2", n)
	}
	rec := w.Session().Record()
	main := rec.MainLine()
	if main[0].Move.USI() != "7g7f" {
		t.Fatalf("the first move is %s", main[0].Move.USI())
	}
	if !strings.Contains(main[1].Comment, "*エンジン=") {
		t.Errorf("the engine's move has the comment %q, not its thought", main[1].Comment)
	}
	if w.Board().LastMove() != main[1].Move {
		t.Errorf("the board highlights %v, want the engine's reply %v", w.Board().LastMove(), main[1].Move)
	}
	if err := w.autosave.Flush(engineDeadline); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(w.opts.AutosaveDir, fmt.Sprintf("autosave-%d.kifu", os.Getpid()))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if saved, _, err := kifu.Read(data, path); err != nil || len(saved.MainMoves()) != 2 {
		t.Errorf("the autosave holds %v (%v), want the record with both moves", saved, err)
	}

	resignConfirmed(t, w)
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if w.lastShown.title != gt.GameOverTitle || !strings.Contains(w.lastShown.text, "後手") || !strings.Contains(w.lastShown.text, gt.ReasonResign) {
		t.Errorf("the end says %q: %q", w.lastShown.title, w.lastShown.text)
	}
	if got := w.Session().Record().Result(); got != kifu.Resign {
		t.Errorf("the record ends with %v, want 投了", got)
	}
	if w.Board().Mode() != ModePlay {
		t.Error("the board does not take moves for the record after the game")
	}
	if n := sounds.count(soundPiece); n != 2 {
		t.Errorf("投了 played the 駒音: %d in all", n)
	}
}

// engineFirst starts a game in w where the first engine for play is Black, with byoyomi
// b, against a person, and waits until the engine is thinking; it returns the engine.
func engineFirst(t *testing.T, w *MainWindow, q *uiQueue, b time.Duration) engine.Definition {
	t.Helper()
	list := []engine.Definition{}
	w.study.withEngines(engine.TagPlay, func(l []engine.Definition) { list = l })
	waitUntil(t, q, "the engine list", func() bool { return len(list) > 0 })
	def := list[0]
	w.game.start(gameSetup{Byoyomi: b}, [2]*engine.Definition{&def, nil})
	waitUntil(t, q, "the engine's turn", func() bool { return w.Board().Mode() == ModeView })
	return def
}

// On the engine's turn the board takes no move.
func TestPlayAgainstEngineOnlyOnYourTurn(t *testing.T) {
	w, q := gameWindow(t)
	// a long byoyomi: the engine stays on its turn while the test looks
	engineFirst(t, w, q, 5*time.Second)
	w.playMove(board.NewStartPosition().LegalMoves(nil)[0])
	if w.status.Text != w.gameText().NotYourTurn || w.Session().MoveCount() != 0 {
		t.Fatalf("a move on the engine's turn: status %q, %d moves", w.status.Text, w.Session().MoveCount())
	}
	// the game's news while the engine thinks does not wipe that out (it said "thinking"
	// again ten times a second)
	drainFor(q, 600*time.Millisecond)
	if w.status.Text != w.gameText().NotYourTurn || !w.Playing() {
		t.Fatalf("0.6 s later the status says %q, playing %v", w.status.Text, w.Playing())
	}
	w.NewGame(kifu.Handicaps[0])
	if w.lastShown.text != w.gameText().GameRunning || !w.Playing() {
		t.Errorf("新規対局 during a game: %q", w.lastShown.text)
	}
	w.lastShown.d.Hide()
	// a record pasted or opened during the game would be replaced by the game's next move
	before := w.Session().Position().SFEN()
	fyne.CurrentApp().Clipboard().SetContent("sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1")
	w.Paste()
	if w.lastShown.text != w.gameText().GameRunning || w.Session().Position().SFEN() != before {
		t.Errorf("paste during a game: %q, position %s", w.lastShown.text, w.Session().Position().SFEN())
	}
	w.lastShown.d.Hide()
	w.lastShown = shownDialog{}
	w.OpenRecent(filepath.Join("testdata", "no-such-record.kif"))
	if w.lastShown.text != w.gameText().GameRunning {
		t.Errorf("opening a recent file during a game: %q", w.lastShown.text)
	}
	w.lastShown.d.Hide()
	w.AbortGame()
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if got := w.Session().Record().Result(); got != kifu.Interrupt {
		t.Errorf("the record ends with %v, want 中断", got)
	}
}

// drainFor runs what the window's goroutines post for d.
func drainFor(q *uiQueue, d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		q.drain()
	}
	q.drain()
}

// 対局 → すぐ指させる has the engine thinking on a move of ten minutes play at once; on the
// person's turn it says no engine is thinking.
func TestMoveNowInAGame(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	engineFirst(t, w, q, 10*time.Minute)
	var moveNow *fyne.MenuItem
	for _, m := range w.Window().MainMenu().Items {
		for _, it := range m.Items {
			if it.Label == gt.MoveNow {
				moveNow = it
			}
		}
	}
	if moveNow == nil || moveNow.Disabled {
		t.Fatalf("no enabled %q in the menu", gt.MoveNow)
	}
	// the engine may not be thinking yet when the board turns to it: press until it is
	waitUntil(t, q, "the engine's move", func() bool {
		if w.Session().MoveCount() == 0 {
			moveNow.Action()
		}
		return w.Session().MoveCount() == 1
	})
	waitUntil(t, q, "the person's turn", func() bool { return w.Board().Mode() == ModePlay })
	w.setStatus("")
	moveNow.Action()
	if w.status.Text != gt.NotThinking || !w.Playing() {
		t.Errorf("move now on the person's turn: status %q, playing %v", w.status.Text, w.Playing())
	}
}

// 投了 on the engine's turn says that the person resigns after the engine's move, and says
// it until then (the click seemed lost while the engine thought on); then the record ends
// with the engine's move and 投了.
func TestResignOnTheEnginesTurn(t *testing.T) {
	w, q := gameWindow(t)
	def := engineFirst(t, w, q, 3*time.Second)
	resignConfirmed(t, w)
	drainFor(q, 600*time.Millisecond)
	if want := fmt.Sprintf(w.gameText().ResignAfterF, def.Name); w.status.Text != want || !w.Playing() || w.Session().MoveCount() != 0 {
		t.Fatalf("0.6 s after 投了: status %q (want %q), playing %v, %d moves", w.status.Text, want, w.Playing(), w.Session().MoveCount())
	}
	waitUntil(t, q, "the game's end", func() bool { return !w.Playing() })
	if res := w.Session().Record().Result(); res != kifu.Resign || w.Session().MoveCount() != 1 {
		t.Fatalf("after the engine's move: %v, %d moves", res, w.Session().MoveCount())
	}
}

// 待った (Ctrl+Z in a game) takes back the person's move and the engine's reply.
func TestTakebackInGame(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	startFromDialog(t, w, q, "1")
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the engine's reply", func() bool { return w.Session().MoveCount() == 2 })
	waitUntil(t, q, "the person's turn again", func() bool { return w.status.Text == gt.YourTurn })
	sounds := w.sound.(*soundLog)
	before := sounds.count(soundPiece)
	pressShortcut(w, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	waitUntil(t, q, "the moves taken back", func() bool { return w.Session().MoveCount() == 0 && w.Playing() })
	waitUntil(t, q, "the person's turn after 待った", func() bool { return w.status.Text == gt.YourTurn })
	if n := sounds.count(soundPiece); n != before {
		t.Errorf("待った played the 駒音 (%d, before %d)", n, before)
	}
	play(t, w, "2g2f")
	waitUntil(t, q, "the engine's reply after 待った", func() bool { return w.Session().MoveCount() == 2 })
	if n := sounds.count(soundPiece); n != before+2 {
		t.Errorf("the moves after 待った played the 駒音 %d times, want 2", n-before)
	}
	if got := w.Session().Record().MainMoves()[0].USI(); got != "2g2f" {
		t.Errorf("the first move is %s after 待った, want 2g2f", got)
	}
}

// 待った while the engine ponders stops its ponder search: the panel then says it has
// stopped, not that it still thinks (its search was replaced, with no result).
func TestTakebackWhilePonderingShowsTheEngineStopped(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	w.game.start(gameSetup{Main: 10 * time.Minute, PerSide: true, WhiteByoyomi: time.Second, Ponder: [2]bool{false, true}},
		[2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the engine's reply", func() bool { return w.Session().MoveCount() == 2 })
	panel := w.study.panel
	waitUntil(t, q, "the engine pondering", func() bool {
		return w.game.run.runner.Engine(board.White).PonderView().Pondering != board.NoMove &&
			strings.Contains(panel.text(), engine.BundledName+"　"+w.msg.EngineThinking)
	})
	pressShortcut(w, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	waitUntil(t, q, "the moves taken back", func() bool { return w.Session().MoveCount() == 0 && w.Playing() })
	waitUntil(t, q, "the person's turn after 待った", func() bool { return w.status.Text == gt.YourTurn })
	stopped := engine.BundledName + "　" + w.msg.EngineStopped
	waitUntil(t, q, "the panel saying the engine stopped", func() bool { return strings.Contains(panel.text(), stopped) })
}

// What the engine says in an info string is in the panel: the bundled engine with a book
// says which book move it played.
func TestEnginePanelShowsTheEnginesInfoString(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	bookFile := filepath.Join(t.TempDir(), "book.db")
	if err := os.WriteFile(bookFile, []byte("#YANEURAOU-DB2016 1.00\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n3c3d none 0 0 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	def := *bundledDef(t, w, q)
	def.SetValue("BookFile", bookFile)
	w.game.start(gameSetup{Main: 10 * time.Minute, PerSide: true, WhiteByoyomi: time.Second}, [2]*engine.Definition{nil, &def})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the engine's book move", func() bool { return w.Session().MoveCount() == 2 })
	if got := w.Session().Record().MainMoves()[1].USI(); got != "3c3d" {
		t.Fatalf("the engine played %s, not its book's 3c3d", got)
	}
	note := panelTextFor(w.msg).InfoString + " book move 3c3d"
	waitUntil(t, q, "the info string in the panel", func() bool { return strings.Contains(w.study.panel.text(), note) })
}

// A person with a 1 s clock against the bundled engine who does not move loses on time;
// the clock shows tenths.
func TestClockTimeLossOnOneSecond(t *testing.T) {
	w, q := gameWindow(t)
	w.game.start(gameSetup{Main: time.Second}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
	tenths := regexp.MustCompile(`\d\.\d$`)
	waitUntil(t, q, "the clocks", func() bool { return w.game.clocks.Text(board.Black) != "" })
	if got := w.game.clocks.Text(board.Black); !tenths.MatchString(got) {
		t.Errorf("Black's clock shows %q, want tenths under 10 s", got)
	}
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if !strings.Contains(w.lastShown.text, w.gameText().ReasonTime) || !strings.Contains(w.lastShown.text, "後手") {
		t.Errorf("the end says %q", w.lastShown.text)
	}
	if got := w.Session().Record().Result(); got != kifu.Timeout {
		t.Errorf("the record ends with %v, want 切れ負け", got)
	}
}

func TestClockText(t *testing.T) {
	byo := "秒読み %s"
	for _, c := range []struct {
		left time.Duration
		tc   game.TimeControl
		want string
	}{
		{10 * time.Minute, game.TimeControl{Main: 10 * time.Minute}, "10:00"},
		{59*time.Second + 999*time.Millisecond, game.TimeControl{Main: time.Minute}, "0:59"},
		{9*time.Second + 990*time.Millisecond, game.TimeControl{Main: time.Minute}, "9.9"},
		{-time.Second, game.TimeControl{Main: time.Minute}, "0.0"},
		{2*time.Hour + 30*time.Second, game.TimeControl{Main: 3 * time.Hour}, "2:00:30"},
		{5*time.Minute + 30*time.Second, game.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}, "5:00 + 秒読み 0:30"},
		{25 * time.Second, game.TimeControl{Main: 10 * time.Minute, Byoyomi: 30 * time.Second}, "秒読み 0:25"},
		{3500 * time.Millisecond, game.TimeControl{Byoyomi: 10 * time.Second}, "秒読み 3.5"},
		{time.Hour, game.TimeControl{}, "—"},
	} {
		if got := clockText(c.left, c.tc, byo); got != c.want {
			t.Errorf("clockText(%v, %+v) = %q, want %q", c.left, c.tc, got, c.want)
		}
	}
}

func TestGameDialogRemembersTheSetup(t *testing.T) {
	w, q := gameWindow(t)
	startFromDialog(t, w, q, "1")
	w.AbortGame()
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	w.lastShown.d.Hide()
	pressShortcut(w, fyne.KeyG, fyne.KeyModifierShortcutDefault)
	waitUntil(t, q, "the 対局開始 dialog", func() bool { return dialogOpen(w) && w.lastShown.title == w.gameText().DialogTitle })
	entries := widgetsIn[*dialogEntry](w.Window().Canvas().Overlays().Top())
	if entries[0].Text != formatHMS(0) || entries[1].Text != "1" { // main time as h:m:s
		t.Errorf("the dialog offers main %q, byoyomi %q; want the last game's 0 and 1", entries[0].Text, entries[1].Text)
	}
}

// crasherEngine writes a scripted engine (the faults cannot be had from a real one) that
// dies when asked for a move while the file marker is missing, creating it; with the
// marker there it answers 3c3d.
func crasherEngine(t *testing.T) (def engine.Definition, marker string) {
	t.Helper()
	dir := t.TempDir()
	script := filepath.Join(dir, "crasher.sh")
	marker = filepath.Join(dir, "crashed")
	body := "#!/bin/sh\nwhile read line; do case \"$line\" in\n" +
		"usi) echo 'id name Crasher'; echo usiok;;\nisready) echo readyok;;\n" +
		"go*) if [ -e " + marker + " ]; then echo 'info depth 1 score cp 12 pv 3c3d'; echo 'bestmove 3c3d'; else touch " + marker + "; exit 3; fi;;\n" +
		"quit) exit 0;;\nesac; done\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return engine.Definition{Name: "Crasher", Path: script}, marker
}

// An engine that dies when asked for a move pauses the game with a dialog; 対局を終える
// ends it: the engine loses, the end says so and the record ends with エラー.
func TestPlayAgainstEngineThatCrashes(t *testing.T) {
	def, _ := crasherEngine(t)
	w, q := gameWindow(t)
	w.game.start(gameSetup{Unlimited: true}, [2]*engine.Definition{nil, &def})
	gt := w.gameText()
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the crash dialog", func() bool { return w.lastShown.title == gt.CrashTitle })
	if !w.Playing() || !strings.Contains(w.lastShown.text, "Crasher") {
		t.Fatalf("after the crash: playing %v, the dialog says %q", w.Playing(), w.lastShown.text)
	}
	tapDialogButton(t, w, gt.EndGame)
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if w.lastShown.title != gt.GameOverTitle || !strings.Contains(w.lastShown.text, "先手") || !strings.Contains(w.lastShown.text, gt.ReasonFailure) {
		t.Errorf("the end says %q: %q", w.lastShown.title, w.lastShown.text)
	}
	if got := w.Session().Record().Result(); got != kifu.ErrorEnd {
		t.Errorf("the record ends with %v, want エラー", got)
	}
}

// An engine that dies mid-game is started again from the crash dialog and the same game
// goes on: its reply is played after the person's move, and it is the person's turn again.
func TestPlayAgainstEngineCrashRestartContinues(t *testing.T) {
	def, marker := crasherEngine(t)
	w, q := gameWindow(t)
	w.game.start(gameSetup{Main: 10 * time.Minute}, [2]*engine.Definition{nil, &def})
	gt := w.gameText()
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the crash dialog", func() bool { return w.lastShown.title == gt.CrashTitle })
	if _, err := os.Stat(marker); err != nil {
		t.Fatalf("the engine did not crash: %v", err)
	}
	tapDialogButton(t, w, gt.RestartEngine)
	waitUntil(t, q, "the restarted engine's reply", func() bool { return w.Session().MoveCount() == 2 })
	waitUntil(t, q, "the person's turn again", func() bool { return w.status.Text == gt.YourTurn })
	if !w.Playing() {
		t.Fatal("the game ended")
	}
	main := w.Session().Record().MainMoves()
	if main[0].USI() != "7g7f" || main[1].USI() != "3c3d" {
		t.Errorf("the game goes on with %v, want 7g7f 3c3d", main)
	}
	if got := w.game.clocks.Text(board.White); !strings.HasPrefix(got, "9:5") && !strings.HasPrefix(got, "10:00") {
		t.Errorf("White's clock shows %q after the restart, want the clock as it was (about 10:00)", got)
	}
}

// Ctrl+G pressed again while the 対局開始 dialog is up opens no second dialog; once it is
// closed, Ctrl+G opens it again.
func TestGameDialogOpensOnce(t *testing.T) {
	w, q := gameWindow(t)
	pressShortcut(w, fyne.KeyG, fyne.KeyModifierShortcutDefault)
	pressShortcut(w, fyne.KeyG, fyne.KeyModifierShortcutDefault)
	waitUntil(t, q, "the 対局開始 dialog", func() bool { return dialogOpen(w) })
	// both list reads have come back once the second one's callback has run
	deadline := time.Now().Add(2 * time.Second)
	for time.Now().Before(deadline) {
		q.drain()
		time.Sleep(10 * time.Millisecond)
	}
	if n := len(w.Window().Canvas().Overlays().List()); n != 1 {
		t.Fatalf("%d dialogs are open after Ctrl+G twice, want 1", n)
	}
	w.lastShown.d.Hide()
	q.drain()
	pressShortcut(w, fyne.KeyG, fyne.KeyModifierShortcutDefault)
	waitUntil(t, q, "the 対局開始 dialog again", func() bool { return dialogOpen(w) })
}

// At 1,180 px wide the players' names are whole on the plates beside the stands (on two
// lines when they need them), not cut off.
func TestClockPlatesShowWholeNamesAt1180(t *testing.T) {
	w, _ := gameWindow(t)
	w.Window().Resize(fyne.NewSize(1180, 760))
	names := [2]string{"佐藤 天彦 九段", "羽生 善治 九段"}
	rec := kifu.New(nil)
	rec.Headers.Set("先手", names[0])
	rec.Headers.Set("後手", names[1])
	w.Session().Restore(rec, "", kifu.UnknownFormat, kifu.UTF8)
	r := test.WidgetRenderer(w.Board()).(*boardRenderer)
	r.Layout(w.Board().Size())
	for c := board.Black; c <= board.White; c++ {
		p := r.plates[c]
		got := strings.TrimSpace(p.name[0].Text + " " + p.name[1].Text)
		if got != names[c] || strings.Contains(got, "…") {
			t.Errorf("%v's plate shows %q, want %q (board %v wide)", c, got, names[c], w.Board().Size().Width)
		}
		if p.name[0].TextSize < 12 {
			t.Errorf("%v's name is drawn at %.1f px, too small to read", c, p.name[0].TextSize)
		}
	}
}

// The side to move's plate is marked and its clock under ten seconds is drawn in the
// warning colour; the clocks go when a new record replaces the game's.
func TestClockMarksTheSideToMoveAndWarns(t *testing.T) {
	w, q := gameWindow(t)
	w.game.start(gameSetup{Main: 9 * time.Second}, [2]*engine.Definition{})
	waitUntil(t, q, "the clocks", func() bool { return w.game.clocks.Text(board.Black) != "" })
	r := test.WidgetRenderer(w.Board()).(*boardRenderer)
	r.Layout(w.Board().Size())
	b, wh := r.plates[board.Black], r.plates[board.White]
	if !w.game.clocks.Warned(board.Black) || b.clock.Color != themeColor(theme.ColorNameError) {
		t.Errorf("Black's clock with under 10 s left is drawn in %v, want the warning colour", b.clock.Color)
	}
	if b.bg.StrokeColor != r.pal.turnMark || wh.bg.StrokeColor == r.pal.turnMark || !b.clock.TextStyle.Bold {
		t.Error("Black's plate is not marked as the side to move, or White's is")
	}
	w.AbortGame()
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	w.lastShown.d.Hide()
	w.Session().Reset(nil)
	if _, on := w.Board().Clock(board.Black); on || r.plates[board.Black].clock.Visible() {
		t.Error("the clocks stay after a new record replaced the game's")
	}
}

// A game whose Banmen was killed is offered back at the next start: its autosave is
// restored and, asked, the same game goes on from where it stopped against the same engine,
// with the clocks as the record's move times leave them.
func TestPlayAgainstEngineResumeAfterCrash(t *testing.T) {
	dir := t.TempDir()
	w1, q1 := gameWindow(t)
	w1.opts.AutosaveDir = dir
	w1.autosave.Close()
	w1.autosave = session.NewAutosaver(dir) // closed by the window's cleanup
	w1.game.start(gameSetup{Main: 30 * time.Second, Players: [2]string{"", engine.BundledName}}, [2]*engine.Definition{nil, bundledDef(t, w1, q1)})
	gt := w1.gameText()
	waitUntil(t, q1, "the person's turn", func() bool { return w1.status.Text == gt.YourTurn })
	play(t, w1, "7g7f")
	waitUntil(t, q1, "the engine's reply", func() bool { return w1.Session().MoveCount() == 2 })
	waitUntil(t, q1, "the person's turn again", func() bool { return w1.status.Text == gt.YourTurn })
	if err := w1.autosave.Flush(engineDeadline); err != nil {
		t.Fatal(err)
	}
	engineMoveTime := w1.Session().Record().MainLine()[1].Elapsed
	// Banmen is "killed": its copy stays, under a process id that is not running (the
	// window's game is stopped, unseen by the copy, so that it plays no more)
	w1.autosave.Close()
	w1.autosave = nil
	w1.AbortGame()
	waitUntil(t, q1, "the first window's game stopped", func() bool { return !w1.Playing() })
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("the autosave holds %d files, want the record and its note", len(entries))
	}
	for _, e := range entries {
		ext := filepath.Ext(e.Name())
		if err := os.Rename(filepath.Join(dir, e.Name()), filepath.Join(dir, "autosave-424242"+ext)); err != nil {
			t.Fatal(err)
		}
	}

	w2, q2 := studyWindow(t)
	w2.game.do = q2.post
	w2.opts.AutosaveDir = dir
	t.Cleanup(func() {
		w2.game.abortAll()
		if r := w2.game.run; r != nil {
			<-r.runner.Done()
		}
	})
	w2.OfferRestore()
	tapDialogButton(t, w2, w2.msg.Restore)
	waitUntil(t, q2, "the offer to continue", func() bool { return w2.lastShown.title == gt.ContinueTitle })
	if !strings.Contains(w2.lastShown.text, engine.BundledName) {
		t.Errorf("the offer says %q", w2.lastShown.text)
	}
	tapDialogButton(t, w2, gt.ContinuePlaying)
	if !w2.Playing() {
		t.Fatal("no game after 対局を続ける")
	}
	waitUntil(t, q2, "the person's turn in the continued game", func() bool { return w2.status.Text == gt.YourTurn })
	if got := w2.Session().Record().MainMoves(); len(got) != 2 || got[0].USI() != "7g7f" {
		t.Fatalf("the continued game has the moves %v", got)
	}
	// White's clock: 30 s less its move's time, as the record says
	if got, want := w2.game.clocks.Text(board.White), formatClock(30*time.Second-engineMoveTime); got != want {
		t.Errorf("White's clock shows %q, want %q", got, want)
	}
	play(t, w2, "2g2f")
	waitUntil(t, q2, "the engine's reply in the continued game", func() bool { return w2.Session().MoveCount() == 4 })
	w2.AbortGame()
	waitUntil(t, q2, "the end", func() bool { return !w2.Playing() })
	if got := w2.Session().Record().Result(); got != kifu.Interrupt {
		t.Errorf("the record ends with %v, want 中断", got)
	}
}

// bundledDef is the bundled engine's definition from the window's engine list.
func bundledDef(t *testing.T, w *MainWindow, q *uiQueue) *engine.Definition {
	t.Helper()
	var def *engine.Definition
	w.study.withEngines("", func(l []engine.Definition) {
		for _, d := range l {
			if d.Name == engine.BundledName {
				def = &d
			}
		}
	})
	waitUntil(t, q, "the engine list", func() bool { return def != nil })
	return def
}

// 入玉宣言 for the person: judged by the game; a declaration that meets the rule wins
// (入玉勝ち in the record), one that does not loses.
func TestPlayAgainstEngineDeclaration(t *testing.T) {
	for _, c := range []struct {
		sfen, reason string
		winner       string
		end          kifu.Special
		standing     string // what the dialog says of the position
	}{
		{"KGGGGSSSS/RB+N+N5/9/9/9/9/9/9/4k4 b RB 1", japaneseGame.ReasonDeclaration, "先手", kifu.EnteringKing,
			fmt.Sprintf(japaneseGame.DeclareMetF, 30, 12)},
		{"", japaneseGame.ReasonFalseDeclaration, "後手", kifu.FoulLose,
			fmt.Sprintf(japaneseGame.DeclareUnmetF, japaneseGame.KingOutsideCamp)},
	} {
		w, q := gameWindow(t)
		gt := w.gameText()
		var start *board.Position
		if c.sfen != "" {
			var err error
			if start, err = board.ParseSFEN(c.sfen); err != nil {
				t.Fatal(err)
			}
		}
		w.Session().Reset(start)
		w.game.start(gameSetup{Unlimited: true, FromBoard: true}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
		waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
		w.DeclareWin()
		if w.lastShown.title != gt.DeclareTitle {
			t.Fatalf("入玉宣言 asks nothing first: %q", w.lastShown.title)
		}
		if !strings.Contains(w.lastShown.text, c.standing) {
			t.Errorf("%q: the dialog says %q, want %q", c.sfen, w.lastShown.text, c.standing)
		}
		tapDialogButton(t, w, gt.Declare)
		waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
		if !strings.Contains(w.lastShown.text, c.reason) || !strings.Contains(w.lastShown.text, c.winner) {
			t.Errorf("%q: the end says %q, want %s wins by %s", c.sfen, w.lastShown.text, c.winner, c.reason)
		}
		if got := w.Session().Record().Result(); got != c.end {
			t.Errorf("%q: the record ends with %v, want %v", c.sfen, got, c.end)
		}
	}
}

// The engine panel shows the playing engine as the 検討 panel does, and with ponder on,
// the move it expects and thinks on in the person's time (予想手), then that it was hit
// when the person plays it.
func TestPlayAgainstEnginePonderShowsPrediction(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	def := bundledDef(t, w, q)
	w.game.start(gameSetup{Main: 10 * time.Minute, PerSide: true, WhiteByoyomi: time.Second, Ponder: [2]bool{false, true}}, [2]*engine.Definition{nil, def})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the engine's reply", func() bool { return w.Session().MoveCount() == 2 })
	panel := w.study.panel
	waitUntil(t, q, "the engine's line in the panel", func() bool {
		return strings.Contains(panel.text(), engine.BundledName) && strings.Contains(panel.text(), "\n1 ")
	})
	var expected board.Move
	waitUntil(t, q, "the engine pondering", func() bool {
		expected = w.game.run.runner.Engine(board.White).PonderView().Pondering
		// "で先読み中": the 検討 panel's own 予想手 is in every header
		return expected != board.NoMove && strings.Contains(panel.text(), strings.SplitN(gt.PonderingF, "%s", 2)[1])
	})
	// the move as the record has it, not in USI
	said, _ := w.Session().Position().JapaneseLine([]board.Move{expected}, board.NoSquare)
	play(t, w, expected.USI())
	hit := fmt.Sprintf(gt.PonderLastF, said, gt.PonderHit, 1, 1)
	waitUntil(t, q, "the hit shown", func() bool { return strings.Contains(panel.text(), hit) })
	if pv := w.game.run.runner.Engine(board.White).PonderView(); pv.Hits != 1 || pv.Last != expected {
		t.Errorf("the engine's pondering: %+v, want a hit on %s", pv, expected.USI())
	}
}

// A move made by clicking the piece and then the square works however many polls of the
// game come between the two clicks (each poll used to cancel the piece picked).
func TestPlayAgainstEngineClickClickAcrossPolls(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	w.game.start(gameSetup{Main: 10 * time.Minute}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	tapSpot(w.Board(), SquareSpot(board.NewSquare(7, 7)))
	// let the clocks run for a few polls
	before := w.game.clocks.Text(board.Black)
	waitUntil(t, q, "the clock ticking", func() bool { return w.game.clocks.Text(board.Black) != before })
	if w.Board().Selected() != SquareSpot(board.NewSquare(7, 7)) {
		t.Fatalf("the piece picked was dropped by the game's poll: %+v", w.Board().Selected())
	}
	tapSpot(w.Board(), SquareSpot(board.NewSquare(7, 6)))
	if got := w.Session().Record().MainMoves(); len(got) != 1 || got[0].USI() != "7g7f" {
		t.Errorf("after click, click: the moves %v, want 7g7f", got)
	}
}

// An engine-vs-engine game in the window, the bundled engine against fairy-stockfish at
// 0/0.2 s, runs to its end: the end is shown, the record ends with the result, every
// move has its time and each engine's moves their think comments, and the record reads
// back from KIF as it was.
func TestEngineVsEngineRunsToItsEndAndReadsBack(t *testing.T) {
	fs := testbin.DebianEngine(t, "fairy-stockfish")
	w, q := gameWindow(t)
	gt := w.gameText()
	fairy := engine.Definition{Name: "Fairy-Stockfish", Path: fs}
	w.game.start(gameSetup{Byoyomi: 200 * time.Millisecond}, [2]*engine.Definition{bundledDef(t, w, q), &fairy})
	// 投了, 入玉宣言 and 待った are a person's: not offered; 中断 is
	for _, m := range w.Window().MainMenu().Items {
		if m.Label != gt.MenuGame {
			continue
		}
		for _, it := range m.Items {
			if want := it.Label == gt.Resign || it.Label == gt.Declare || it.Label == gt.Takeback || it.Label == gt.ContinueGame; it.Label != "" && it.Disabled != want && it.Label != gt.StartGame {
				t.Errorf("in a game of engines the item %q is disabled: %v", it.Label, it.Disabled)
			}
		}
	}
	deadline := time.Now().Add(5 * time.Minute)
	for w.Playing() {
		if time.Now().After(deadline) {
			t.Fatalf("the game did not end within 5 minutes (%d moves)", w.Session().MoveCount())
		}
		q.drain()
		time.Sleep(20 * time.Millisecond)
	}
	if w.lastShown.title != gt.GameOverTitle {
		t.Fatalf("the end shows %q: %q", w.lastShown.title, w.lastShown.text)
	}
	rec := w.Session().Record()
	if rec.Result() == kifu.NotSpecial || rec.Result() == kifu.Interrupt {
		t.Errorf("the record ends with %v, want the game's result (the end says %q)", rec.Result(), w.lastShown.text)
	}
	main := rec.MainLine()
	var commented [2]int
	for i, n := range main {
		if n.IsSpecial() {
			continue
		}
		if !n.Timed {
			t.Errorf("move %d has no time", i+1)
		}
		if strings.Contains(n.Comment, "*評価値=") || strings.Contains(n.Comment, "*読み筋=") {
			commented[i%2]++
		}
	}
	if commented[0] == 0 || commented[1] == 0 {
		t.Errorf("think comments on the moves of each side: %v", commented)
	}
	back, err := kifu.ParseKIF(kifu.FormatKIF(rec))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := fmt.Sprint(back.MainMoves()), fmt.Sprint(rec.MainMoves()); got != want || back.Result() != rec.Result() {
		t.Errorf("read back: %d moves ending %v, want %d ending %v", len(back.MainMoves()), back.Result(), len(rec.MainMoves()), rec.Result())
	}
	t.Logf("%d moves: %s", len(rec.MainMoves()), w.lastShown.text)
}

// 投了 while the engine thinks: the person resigns as soon as the engine's move is played;
// the end says the engine won by resignation and the record ends with 投了 after its move.
func TestResignWhileTheEngineThinks(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	w.game.start(gameSetup{Byoyomi: 2 * time.Second}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the engine thinking", func() bool { return strings.Contains(w.status.Text, engine.BundledName) })
	resignConfirmed(t, w)
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if w.lastShown.title != gt.GameOverTitle || !strings.Contains(w.lastShown.text, "後手") || !strings.Contains(w.lastShown.text, gt.ReasonResign) {
		t.Errorf("the end says %q: %q", w.lastShown.title, w.lastShown.text)
	}
	rec := w.Session().Record()
	if got := rec.Result(); got != kifu.Resign || len(rec.MainMoves()) != 2 {
		t.Errorf("the record ends with %v after %d moves, want 投了 after the engine's reply", got, len(rec.MainMoves()))
	}
}

// The 10 s beep sounds once each time the running clock crosses 10 s: in the main time
// with no byoyomi, again in each move's byoyomi, not for a clock first seen under 10 s
// (a resumed game), not for the side waiting, not with no time limit, and not once off.
// After it the last five seconds are counted, one tick each.
func TestClockBeepsOnceAtTenSeconds(t *testing.T) {
	newTestApp(t, ThemeLight)
	b := NewBoard(board.NewStartPosition(), nil)
	beeps, ticks := 0, 0
	beeper := func(_ board.Color, k soundKind) {
		switch k {
		case soundBeep:
			beeps++
		case soundTick:
			ticks++
		}
	}
	v := NewClockView()
	v.newGame(beeper)
	byo := game.TimeControl{Main: time.Minute, Byoyomi: 30 * time.Second}
	tc := [2]game.TimeControl{byo, byo}
	step := func(toMove board.Color, black, white time.Duration, want int) {
		t.Helper()
		v.show(b, game.Snapshot{State: game.Playing, ToMove: toMove, Left: [2]time.Duration{black, white}}, tc, "%s")
		if beeps != want {
			t.Fatalf("Black %v, White %v left, %v to move: %d beeps, want %d", black, white, toMove, beeps, want)
		}
	}
	step(board.Black, 90*time.Second, 90*time.Second, 0)
	step(board.Black, 31*time.Second, 90*time.Second, 0) // main time runs out…
	step(board.Black, 10*time.Second, 90*time.Second, 0) // …into the byoyomi
	step(board.Black, 9900*time.Millisecond, 90*time.Second, 1)
	// the count: a tick as the clock shows 5, 4, 3 (polls come ten times a second: one each)
	for _, c := range []struct {
		left  time.Duration
		ticks int
	}{{5100 * time.Millisecond, 0}, {5 * time.Second, 1}, {4900 * time.Millisecond, 1}, {4500 * time.Millisecond, 1},
		{4 * time.Second, 2}, {3 * time.Second, 3}, {2900 * time.Millisecond, 3}} {
		step(board.Black, c.left, 90*time.Second, 1)
		if ticks != c.ticks {
			t.Fatalf("%v left: %d ticks, want %d", c.left, ticks, c.ticks)
		}
	}
	step(board.White, 30*time.Second, 8*time.Second, 1) // Black moved; White first seen under 10 s
	step(board.White, 30*time.Second, 7*time.Second, 1)
	step(board.White, 30*time.Second, 4*time.Second, 1)
	if ticks != 3 {
		t.Errorf("a clock first seen under 10 s was counted: %d ticks", ticks)
	}
	step(board.Black, 30*time.Second, 8*time.Second, 1)
	step(board.Black, 9*time.Second, 8*time.Second, 2) // the next byoyomi crosses 10 s again
	step(board.Black, 1500*time.Millisecond, 8*time.Second, 2)
	if ticks != 4 {
		t.Errorf("a jump to 1.5 s left ticked %d times, want once", ticks-3)
	}

	tc = [2]game.TimeControl{{}, {}} // no time limit
	v.newGame(beeper)
	step(board.Black, 20*time.Second, 0, 2)
	step(board.Black, 5*time.Second, 0, 2)

	tc = [2]game.TimeControl{{Main: 20 * time.Second}, {Main: 20 * time.Second}}
	v.newGame(nil) // the beep is off
	step(board.Black, 20*time.Second, 20*time.Second, 2)
	step(board.Black, 5*time.Second, 20*time.Second, 2)
	if ticks != 4 {
		t.Errorf("%d ticks with no time limit or the beep off", ticks-4)
	}
}

// A game set up with the beep calls the window's beeper as a person's clock crosses 10 s.
func TestClockBeepInAGame(t *testing.T) {
	w, q := gameWindow(t)
	var beeps atomic.Int32
	w.game.beeper = func(k soundKind) {
		if k == soundBeep {
			beeps.Add(1)
		}
	}
	w.game.start(gameSetup{Main: 10300 * time.Millisecond, Beep: true}, [2]*engine.Definition{})
	waitUntil(t, q, "the beep at 10 s", func() bool { return beeps.Load() > 0 })
	waitUntil(t, q, "Black's clock under 9.5 s", func() bool {
		c := w.game.clocks.Text(board.Black)
		return strings.HasPrefix(c, "9.") && c < "9.5"
	})
	if n := beeps.Load(); n != 1 {
		t.Errorf("%d beeps as Black's clock ran under 10 s, want 1", n)
	}
	w.AbortGame()
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
}

// Against an engine the 秒読み is sounded for the person's clock only; between engines, for
// both.
func TestClockBeepsForThePersonOnly(t *testing.T) {
	w, q := gameWindow(t)
	startFromDialog(t, w, q, "1") // the person plays Black, the bundled engine White
	var beeps []soundKind
	w.game.beeper = func(k soundKind) { beeps = append(beeps, k) }
	beep := w.game.beepIf(true)
	beep(board.White, soundBeep)
	beep(board.White, soundTick)
	if len(beeps) != 0 {
		t.Errorf("the engine's clock sounded %v", beeps)
	}
	beep(board.Black, soundBeep)
	beep(board.Black, soundTick)
	if len(beeps) != 2 || beeps[0] != soundBeep || beeps[1] != soundTick {
		t.Errorf("the person's clock sounded %v, want the beep and a tick", beeps)
	}
	if w.game.beepIf(false) != nil {
		t.Error("a game without 秒読みの音 has a beeper")
	}
	w.AbortGame()
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })

	def := bundledDef(t, w, q)
	w.game.start(gameSetup{Byoyomi: time.Second, Beep: true}, [2]*engine.Definition{def, def})
	beeps = nil
	w.game.beeper = func(k soundKind) { beeps = append(beeps, k) }
	beep = w.game.beepIf(true)
	beep(board.Black, soundBeep)
	beep(board.White, soundBeep)
	if len(beeps) != 2 {
		t.Errorf("between engines %d of the two clocks sounded, want both", len(beeps))
	}
	w.AbortGame()
	waitUntil(t, q, "the end of the engines' game", func() bool { return !w.Playing() })
}

// The end of a game says who won and why for every way a game ends (the ways a window
// test does not reach are judged by engine/game, which writes the special move): 詰み,
// 千日手, 連続王手の千日手 (the checking side loses), 持将棋 at 最大手数, an illegal move.
func TestPlayAgainstEngineEveryEndIsNamed(t *testing.T) {
	names := [2]string{"あなた", "Banmen"}
	for _, c := range []struct {
		r    game.Result
		want string
	}{
		{game.Result{Reason: game.Resignation, Winner: board.White}, "後手（Banmen）の勝ち — 投了"},
		{game.Result{Reason: game.Checkmate, Winner: board.Black}, "先手（あなた）の勝ち — 詰み"},
		{game.Result{Reason: game.Repetition, Draw: true}, "引き分け — 千日手"},
		{game.Result{Reason: game.PerpetualCheck, Winner: board.Black}, "先手（あなた）の勝ち — 連続王手の千日手"},
		{game.Result{Reason: game.Declaration, Winner: board.Black}, "先手（あなた）の勝ち — 入玉宣言"},
		{game.Result{Reason: game.FalseDeclaration, Winner: board.White}, "後手（Banmen）の勝ち — 誤った入玉宣言"},
		{game.Result{Reason: game.TimeForfeit, Winner: board.White}, "後手（Banmen）の勝ち — 時間切れ"},
		{game.Result{Reason: game.IllegalMove, Winner: board.Black, Detail: "7f7d"}, "先手（あなた）の勝ち — 反則手\n7f7d"},
		{game.Result{Reason: game.MoveLimit, Draw: true}, "引き分け — 持将棋（最大手数）"},
		{game.Result{Reason: game.PlayerFailure, Winner: board.Black}, "先手（あなた）の勝ち — エンジンの異常終了"},
		{game.Result{Reason: game.Aborted}, "中断"},
	} {
		if got := resultText(&japaneseGame, c.r, names); got != c.want {
			t.Errorf("%v: the end says %q, want %q", c.r.Reason, got, c.want)
		}
	}
}

// 中断 keeps the game: 対局 → 対局再開 plays it on against the same engine from where it
// stopped, with the moves kept and the clocks as they were.
func TestPlayAgainstEngineAbortAndContinueLater(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	w.game.start(gameSetup{Main: time.Minute, Players: [2]string{"", engine.BundledName}},
		[2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the engine's reply", func() bool { return w.Session().MoveCount() == 2 })
	waitUntil(t, q, "the person's turn again", func() bool { return w.status.Text == gt.YourTurn })
	w.AbortGame()
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if got := w.Session().Record().Result(); got != kifu.Interrupt {
		t.Fatalf("the record ends with %v, want 中断", got)
	}
	w.lastShown.d.Hide()
	w.ContinueGame()
	waitUntil(t, q, "the offer to continue", func() bool { return w.lastShown.title == gt.ContinueTitle })
	tapDialogButton(t, w, gt.ContinuePlaying)
	if !w.Playing() {
		t.Fatalf("no game after %s (%q)", gt.ContinuePlaying, w.lastShown.text)
	}
	waitUntil(t, q, "the person's turn in the continued game", func() bool { return w.status.Text == gt.YourTurn })
	if got := w.Session().Record().MainMoves(); len(got) != 2 || got[0].USI() != "7g7f" {
		t.Fatalf("the continued game has the moves %v", got)
	}
	if n := w.sound.(*soundLog).count(soundPiece); n != 2 {
		t.Errorf("the continued game played the 駒音 for its old moves: %d in all, want the 2 of the moves played", n)
	}
	engineMoveTime := w.Session().Record().MainLine()[1].Elapsed
	if got, want := w.game.clocks.Text(board.White), formatClock(time.Minute-engineMoveTime); got != want {
		t.Errorf("White's clock shows %q, want %q (1:00 less its move's time)", got, want)
	}
	play(t, w, "2g2f")
	waitUntil(t, q, "the engine's reply in the continued game", func() bool { return w.Session().MoveCount() == 4 })
}

// The engine panel in a game shows what the 検討 panel shows of the playing engine (its
// line in Japanese with the score from ▲'s side, depth, nodes, NPS, hashfull) and its
// score from its own side: for the engine playing White, the same figure with the sign
// turned.
func TestPlayAgainstEnginePanelShowsBothScores(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	w.game.start(gameSetup{Byoyomi: time.Second}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the engine's reply", func() bool { return w.Session().MoveCount() == 2 })
	own := regexp.MustCompile(strings.Replace(regexp.QuoteMeta(gt.OwnScoreF), "%s", `([+-]?\d+)`, 1))
	row := regexp.MustCompile(`(?m)^1 ([+-]?\d+) \S* *(.*)$`)
	var text string
	waitUntil(t, q, "the engine's line and own score in the panel", func() bool {
		text = w.study.panel.text()
		return own.MatchString(text) && row.MatchString(text)
	})
	o, r := own.FindStringSubmatch(text)[1], row.FindStringSubmatch(text)
	turned := map[byte]string{'+': "-", '-': "+"}[o[0]] + strings.TrimLeft(o, "+-")
	if o == "0" {
		turned = "0"
	}
	if r[1] != turned {
		t.Errorf("White's engine: own score %s, ▲'s score %s; want %s\n%s", o, r[1], turned, text)
	}
	if !strings.ContainsAny(r[2], "▲△") {
		t.Errorf("the line %q is not in Japanese notation", r[2])
	}
	for _, label := range []string{w.msg.Depth + " ", w.msg.Nodes + " ", "NPS ", w.msg.Hash + " ", engine.BundledName} {
		if !strings.Contains(text, label) {
			t.Errorf("the panel lacks %q:\n%s", label, text)
		}
	}
}

// During a game against an engine, at 1,180×760, the move list, the comment of the engine's
// move (its thought) and the engine panel with its line are all shown at once, none over
// another.
func TestPlayAgainstEngineShowsRecordCommentAndPanelTogether(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	w.Window().Resize(fyne.NewSize(1180, 760))
	w.game.start(gameSetup{Byoyomi: time.Second}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the engine's reply", func() bool { return w.Session().MoveCount() == 2 })
	p := w.study.panel
	waitUntil(t, q, "the engine's line in the panel", func() bool {
		return len(p.blocks) > 0 && len(p.blocks[0].rows) > 0 && strings.Contains(p.text(), "\n1 ")
	})
	w.Window().Content().Refresh()
	if !strings.Contains(w.record.comment.Text, "*評価値=") {
		t.Errorf("the comment shows %q, want the engine's thought on its move", w.record.comment.Text)
	}
	parts := []rect{{name: "move list"}, {name: "comment"}, {name: "engine panel"}, {name: "engine's best line"}}
	objs := []fyne.CanvasObject{w.record.list, w.record.comment, p, p.blocks[0].rows[0]}
	for i := range parts {
		if !visibleIn(w, objs[i]) {
			t.Fatalf("the %s is not shown in the window", parts[i].name)
		}
		parts[i].pos, parts[i].size, _ = placed(w, objs[i])
		if parts[i].size.Width < 100 || parts[i].size.Height < 14 {
			t.Errorf("the %s is %v: too small", parts[i].name, parts[i].size)
		}
	}
	for i := 0; i < 3; i++ {
		for j := i + 1; j < 3; j++ {
			if parts[i].overlaps(parts[j]) {
				t.Errorf("the %s (%v at %v) and the %s (%v at %v) overlap", parts[i].name, parts[i].size, parts[i].pos,
					parts[j].name, parts[j].size, parts[j].pos)
			}
		}
	}
}

// The person mates the engine: the game ends at once, the end says 先手 won by 詰み and
// the record ends with 詰み.
func TestPlayAgainstEngineMateEndsTheGame(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	start, err := board.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	w.Session().Reset(start)
	w.game.start(gameSetup{Unlimited: true, FromBoard: true}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "G*5b")
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if w.lastShown.title != gt.GameOverTitle || !strings.Contains(w.lastShown.text, "先手") || !strings.Contains(w.lastShown.text, gt.ReasonMate) {
		t.Errorf("the end says %q: %q", w.lastShown.title, w.lastShown.text)
	}
	if got := w.Session().Record().Result(); got != kifu.Checkmate {
		t.Errorf("the record ends with %v, want 詰み", got)
	}
}

// An engine that plays an illegal move (a scripted fault: a real engine does not) loses:
// the end says the person won by 反則手, naming the move, and the record ends 反則負け.
func TestPlayAgainstEngineIllegalMoveLoses(t *testing.T) {
	script := filepath.Join(t.TempDir(), "illegal.sh")
	body := "#!/bin/sh\nwhile read line; do case \"$line\" in\n" +
		"usi) echo 'id name Cheater'; echo usiok;;\nisready) echo readyok;;\n" +
		"go*) echo 'bestmove 3c3e';;\nquit) exit 0;;\nesac; done\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	def := engine.Definition{Name: "Cheater", Path: script}
	w, q := gameWindow(t)
	gt := w.gameText()
	w.game.start(gameSetup{Unlimited: true}, [2]*engine.Definition{nil, &def})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if !strings.Contains(w.lastShown.text, "先手") || !strings.Contains(w.lastShown.text, gt.ReasonIllegal) || !strings.Contains(w.lastShown.text, "3c3e") {
		t.Errorf("the end says %q: %q", w.lastShown.title, w.lastShown.text)
	}
	if got := w.Session().Record().Result(); got != kifu.FoulLose {
		t.Errorf("the record ends with %v, want 反則負け", got)
	}
}

// 最大手数 2: after the person's move and the engine's reply the game is a draw, 持将棋 at
// the move limit, and the record ends with the limit (最大手数).
func TestPlayAgainstEngineMoveLimit(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	w.game.start(gameSetup{Byoyomi: time.Second, MaxMoves: 2}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "7g7f")
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if !strings.Contains(w.lastShown.text, gt.Draw) || !strings.Contains(w.lastShown.text, gt.ReasonMoveLimit) {
		t.Errorf("the end says %q: %q", w.lastShown.title, w.lastShown.text)
	}
	rec := w.Session().Record()
	if got := rec.Result(); got != kifu.MaxMoves || len(rec.MainMoves()) != 2 {
		t.Errorf("the record ends with %v after %d moves, want 最大手数 after 2", got, len(rec.MainMoves()))
	}
}

// The declaration's dialog names the condition a position fails, in the rule's order.
func TestDeclarationStanding(t *testing.T) {
	gt := &japaneseGame
	for _, c := range []struct{ sfen, want string }{
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", fmt.Sprintf(gt.DeclareUnmetF, gt.KingOutsideCamp)},
		{"4K3r/9/9/9/9/9/9/9/4k4 b - 1", fmt.Sprintf(gt.DeclareUnmetF, gt.KingInCheck)},
		{"4K4/9/9/9/9/9/9/9/4k4 b RB 1", fmt.Sprintf(gt.DeclareUnmetF, fmt.Sprintf(gt.FewInCampF, 0))},
		{"K+P+P+P+P+P+P+P+P/+P+P7/9/9/9/9/9/9/4k4 b - 1", fmt.Sprintf(gt.DeclareUnmetF, fmt.Sprintf(gt.FewPointsF, 10, 28))},
		{"K+P+P+P+P+P+P+P+P/+P+P7/9/9/9/9/9/9/4k4 b 2R2B 1", fmt.Sprintf(gt.DeclareMetF, 30, 10)},
	} {
		pos, err := board.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		if got := declarationStanding(pos, board.CSAImpasseRule, gt); got != c.want {
			t.Errorf("%s: %q, want %q", c.sfen, got, c.want)
		}
		// the dialog says what the game will judge
		ok, _ := pos.CanDeclareWin(board.CSAImpasseRule)
		if met := c.want == fmt.Sprintf(gt.DeclareMetF, 30, 10); ok != met {
			t.Errorf("%s: the game judges %v", c.sfen, ok)
		}
	}
}

// resignConfirmed resigns as the person does: 投了, then 投了 in the dialog that asks.
func resignConfirmed(t *testing.T, w *MainWindow) {
	t.Helper()
	w.Resign()
	gt := w.gameText()
	if w.lastShown.title != gt.Resign || w.lastShown.text != gt.ResignConfirm {
		t.Fatalf("投了 asks nothing first: %q %q", w.lastShown.title, w.lastShown.text)
	}
	tapDialogButton(t, w, gt.Resign)
}

// 投了 asks first; キャンセル leaves the game as it was.
func TestResignAsksFirst(t *testing.T) {
	w, q := gameWindow(t)
	gt := w.gameText()
	w.game.start(gameSetup{Main: 10 * time.Minute}, [2]*engine.Definition{nil, bundledDef(t, w, q)})
	waitUntil(t, q, "the person's turn", func() bool { return w.status.Text == gt.YourTurn })
	w.Resign()
	if w.lastShown.title != gt.Resign || !dialogOpen(w) {
		t.Fatalf("投了 asks nothing: %q", w.lastShown.title)
	}
	tapDialogButton(t, w, gt.Cancel)
	drainFor(q, 300*time.Millisecond)
	if !w.Playing() || w.Session().Record().Result() != kifu.NotSpecial {
		t.Errorf("キャンセル ended the game: playing %v, result %v", w.Playing(), w.Session().Record().Result())
	}
	resignConfirmed(t, w)
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if got := w.Session().Record().Result(); got != kifu.Resign {
		t.Errorf("the record ends with %v, want 投了", got)
	}
}
