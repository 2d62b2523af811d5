package ui

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/internal/testbin"
)

// engineDeadline is how long a test waits for a real engine: generous, the machine is slow
// and busy. Tests never assert how long anything took.
const engineDeadline = 30 * time.Second

// bundledEngine is the path of banmen-engine, built once per test binary.
func bundledEngine(t testing.TB) string { return testbin.BanmenEngine(t) }

// uiQueue stands for the Fyne goroutine: the test driver's fyne.Do runs a function at once
// on the goroutine that calls it, so the study's goroutines would touch widgets beside the
// test. They post to the queue instead, and the test runs what they posted.
type uiQueue struct {
	mu sync.Mutex
	fs []func()
}

func (q *uiQueue) post(f func()) {
	q.mu.Lock()
	q.fs = append(q.fs, f)
	q.mu.Unlock()
}

func (q *uiQueue) drain() {
	for {
		q.mu.Lock()
		fs := q.fs
		q.fs = nil
		q.mu.Unlock()
		if len(fs) == 0 {
			return
		}
		for _, f := range fs {
			f()
		}
	}
}

// studyWindow is a window whose engine list holds the bundled engine (built for the test)
// and extra, with its engines closed at the end of the test.
func studyWindow(t *testing.T, extra ...engine.Definition) (*MainWindow, *uiQueue) {
	t.Helper()
	reg, err := engine.OpenRegistry(filepath.Join(t.TempDir(), "engines.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range extra {
		if _, err := reg.Add(d); err != nil {
			t.Fatal(err)
		}
	}
	w, _ := windowUnderTest(t, windowOpts{})
	w.opts.EngineRegistry = func() (*engine.Registry, error) {
		if _, err := reg.EnsureBundled(bundledEngine(t), engine.BundledName); err != nil {
			return nil, err
		}
		return reg, nil
	}
	q := &uiQueue{}
	w.study.do = q.post
	t.Cleanup(func() {
		w.CloseEngines(10 * time.Second)
		q.drain()
	})
	return w, q
}

// waitUntil runs what the study posted until cond holds, or fails after engineDeadline.
func waitUntil(t *testing.T, q *uiQueue, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(engineDeadline)
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

// widgetsIn collects o's descendants of type T.
func widgetsIn[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	if x, ok := o.(T); ok {
		out = append(out, x)
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, widgetsIn[T](c)...)
		}
		return out
	}
	if wd, ok := o.(fyne.Widget); ok {
		for _, c := range test.WidgetRenderer(wd).Objects() {
			out = append(out, widgetsIn[T](c)...)
		}
	}
	return out
}

// tapPlainButton taps the button of a plain dialog (plainDialog) with the label in o.
func tapPlainButton(t *testing.T, o fyne.CanvasObject, label string) {
	t.Helper()
	for _, b := range widgetsIn[*plainButton](o) {
		if b.Text == label {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no button %q", label)
}

// firstMoveLegal reports whether a line written in Japanese notation starts with a legal
// move of pos (lastTo: where the move before pos went).
func firstMoveLegal(pos *board.Position, lastTo board.Square, pv string) bool {
	for _, m := range pos.LegalMoves(nil) {
		s, _ := pos.JapaneseLine([]board.Move{m}, lastTo)
		if rest, ok := strings.CutPrefix(pv, s); ok && (rest == "" || strings.HasPrefix(rest, "▲") || strings.HasPrefix(rest, "△") || strings.HasPrefix(rest, " ")) {
			return true
		}
	}
	return false
}

// panelRows returns the rows the panel shows for engine i.
func panelRows(w *MainWindow, i int) []rowText {
	var rows []rowText
	p := w.study.panel
	if i >= len(p.blocks) {
		return nil
	}
	for _, r := range p.blocks[i].rows {
		if r.t.PV != "" || r.t.Score != "" {
			rows = append(rows, r.t)
		}
	}
	return rows
}

func lastTo(w *MainWindow) board.Square {
	if m := w.shownLastMove(); m != board.NoMove {
		return m.To()
	}
	return board.NoSquare
}

// checkRowsBelong fails when a row shown is not a line of the position on the board.
func checkRowsBelong(t *testing.T, w *MainWindow) {
	t.Helper()
	pos := w.Session().Position()
	for _, r := range panelRows(w, 0) {
		if !firstMoveLegal(pos, lastTo(w), r.PV) {
			t.Fatalf("the panel shows %q, which does not start with a legal move of %s", r.PV, pos.SFEN())
		}
	}
}

// A study started from the menu's dialog runs the bundled engine on the position shown,
// shows its lines in the panel, follows the user to another position without ever showing
// the old position's lines there, pauses for the position editor, and leaves the record alone.
func TestStudyFollowsTheShownPosition(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(10)
	edits := w.Session().Edits()

	if !mustMenuItem(t, w, w.msg.StopStudy).Disabled {
		t.Error("検討を停止 is enabled with no study")
	}
	w.StartStudyDialog()
	waitUntil(t, q, "the study dialog", func() bool { return dialogOpen(w) })
	ov := w.Window().Canvas().Overlays().Top()
	checks := widgetsIn[*widget.Check](ov)
	if len(checks) != 1 || checks[0].Text != engine.BundledName || !checks[0].Checked {
		t.Fatalf("the dialog offers %d engines; want the bundled one, chosen", len(checks))
	}
	sels := widgetsIn[*widget.Select](ov)
	if len(sels) != 1 {
		t.Fatalf("the dialog has %d choices of the number of lines", len(sels))
	}
	sels[0].SetSelected("2")
	tapPlainButton(t, ov, w.msg.StartStudy)
	if !w.Studying() {
		t.Fatal("no study after 開始")
	}
	if !visibleIn(w, w.study.panel) {
		t.Fatal("the engine panel is not shown")
	}
	if mustMenuItem(t, w, w.msg.StopStudy).Disabled {
		t.Error("検討を停止 is disabled during the study")
	}

	waitUntil(t, q, "a line of the position at move 10", func() bool {
		checkRowsBelong(t, w)
		return len(panelRows(w, 0)) > 0
	})
	h := w.study.panel.blocks[0].header.full
	if !strings.HasPrefix(h, engine.BundledName) || !strings.Contains(h, "思考中") {
		t.Errorf("header %q: want the engine's name and 思考中", h)
	}
	if s := w.study.panel.blocks[0].stats.full; !strings.Contains(s, "深さ") || !strings.Contains(s, "NPS") {
		t.Errorf("numbers %q: want depth and NPS", s)
	}
	if r := panelRows(w, 0)[0]; r.Rank != "1" || r.Score == "" {
		t.Errorf("first row %+v: want rank 1 and a score", r)
	}

	// to the other side's move: an old line would start with the wrong mark
	w.Session().GoTo(11)
	if rows := panelRows(w, 0); len(rows) != 0 {
		t.Fatalf("right after the move the panel still shows %v", rows)
	}
	waitUntil(t, q, "a line of the position at move 11", func() bool {
		checkRowsBelong(t, w)
		return len(panelRows(w, 0)) > 0
	})

	w.EditPosition()
	waitUntil(t, q, "the study to pause in the editor", func() bool {
		return strings.Contains(w.study.panel.blocks[0].header.full, "停止")
	})
	w.leaveEditor()
	waitUntil(t, q, "the study to resume", func() bool {
		checkRowsBelong(t, w)
		return strings.Contains(w.study.panel.blocks[0].header.full, "思考中") && len(panelRows(w, 0)) > 0
	})

	mustMenuItem(t, w, w.msg.StopStudy).Action()
	if w.Studying() {
		t.Fatal("still studying after 検討を停止")
	}
	if !mustMenuItem(t, w, w.msg.StopStudy).Disabled {
		t.Error("検討を停止 is enabled after the study stopped")
	}
	waitUntil(t, q, "the engine to quit", func() bool { return len(w.study.mgr.Running()) == 0 })
	if !strings.Contains(w.study.panel.blocks[0].header.full, "停止") {
		t.Errorf("header %q after the stop", w.study.panel.blocks[0].header.full)
	}
	if w.Session().Edits() != edits || w.Session().Dirty() || w.Session().Ply() != 11 {
		t.Error("the study changed the record")
	}
}

// writeScript writes an executable shell script.
func writeScript(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "engine.sh")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// An engine that cannot start, or dies while it thinks, ends the study with a message that
// names it.
func TestStudyEngineFailure(t *testing.T) {
	for _, tc := range []struct {
		name string
		def  engine.Definition
	}{
		{"exits at once", engine.Definition{Name: "FalseEngine", Path: "/bin/false"}},
		{"exits after usiok", engine.Definition{Name: "QuitterEngine", Path: writeScript(t, "echo 'id name Quitter'\necho usiok\nexit 0\n")}},
		{"dies on go", engine.Definition{Name: "DyingEngine", Path: writeScript(t, `while read line; do
  case "$line" in
    usi) echo 'id name Dying'; echo usiok;;
    isready) echo readyok;;
    go*) exit 3;;
    quit) exit 0;;
  esac
done
`)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, q := studyWindow(t)
			w.study.start([]engine.Definition{tc.def}, 1)
			waitUntil(t, q, "the engine's error", func() bool { return w.lastShown.title == w.msg.EngineErrorTitle })
			if !strings.Contains(w.lastShown.text, tc.def.Name) {
				t.Errorf("the message does not name the engine: %q", w.lastShown.text)
			}
			if w.Studying() {
				t.Error("the study goes on after its engine failed")
			}
			if !dialogOpen(w) {
				t.Error("no dialog shows the error")
			}
		})
	}
}

// startMateSearch shows the position sfen in w and starts 詰み探索 on it from the menu's
// dialog, with its choices as they are; it returns the position.
func startMateSearch(t *testing.T, w *MainWindow, q *uiQueue, sfen string) *board.Position {
	t.Helper()
	pos, err := board.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	w.Session().Reset(pos)
	w.MateSearchDialog()
	waitUntil(t, q, "the mate search dialog", func() bool { return dialogOpen(w) && w.lastShown.title == w.msg.MateTitle })
	tapDialogButton(t, w, w.msg.MateStart)
	return pos
}

// A long 詰み探索 says how it goes in the panel's header while it runs (the time, the
// engine's nodes and speed), and キャンセル ends it.
func TestMateSearchShowsProgress(t *testing.T) {
	w, q := studyWindow(t)
	// Microcosmos, a mate in 1525 plies: no answer within the test
	startMateSearch(t, w, q, "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1")
	p := w.study.panel
	waitUntil(t, q, "the search's numbers in the header", func() bool {
		h := p.mate.header.full
		return strings.Contains(h, "時間 ") && strings.Contains(h, "ノード ") && strings.Contains(h, "NPS ")
	})
	if h := p.mate.header.full; !strings.HasPrefix(h, "詰み探索（"+engine.BundledName+"）") {
		t.Errorf("header %q", h)
	}
	if !strings.Contains(p.mate.body.t.PV, "探しています") {
		t.Errorf("the body says %q while searching", p.mate.body.t.PV)
	}
	p.mate.onAct() // キャンセル
	waitUntil(t, q, "the search to end", func() bool { return w.study.mate == nil })
	if p.mate.body.t.PV != "中止しました。" {
		t.Errorf("after キャンセル the panel says %q", p.mate.body.t.PV)
	}
}

// 詰み探索 finds a mate in one with the bundled engine and shows it in the engine panel, in
// Japanese, with its moves for the preview board (OnMate); no modal box is left open.
func TestMateSearchFindsMate(t *testing.T) {
	w, q := studyWindow(t)
	pos := startMateSearch(t, w, q, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if dialogOpen(w) {
		t.Error("a dialog is open while the mate search runs")
	}
	p := w.study.panel
	if p.mate == nil || !strings.Contains(p.mate.body.t.PV, "探しています") || p.mate.action.text.Text != "キャンセル" {
		t.Fatalf("the panel does not show the search under way:\n%s", p.text())
	}
	waitUntil(t, q, "the answer", func() bool { return w.study.mate == nil })
	if want := "▲５二金"; p.mate.body.t.PV != want || p.mate.body.t.Score != "1" || p.mate.body.t.Flag != "詰" {
		t.Errorf("answer %+v, want 1手 %q", p.mate.body.t, want)
	}
	test.Tap(p.mate.body) // the window's OnMate: the answer on the preview board
	if w.preview == nil || len(w.preview.pv) != 1 || w.preview.pv[0].USI() != "G*5b" {
		t.Errorf("tapping the answer opens the preview %+v", w.preview)
	} else {
		w.preview.win.Close()
	}
	var got []board.Move
	p.OnMate = func(root *board.Position, pv []board.Move, label string) {
		if root.SFEN() != pos.SFEN() {
			t.Errorf("OnMate from %s", root.SFEN())
		}
		got = pv
	}
	test.Tap(p.mate.body)
	if len(got) != 1 || got[0].USI() != "G*5b" {
		t.Errorf("tapping the answer hands %v", got)
	}
	if root, pv, ok := p.MateAnswer(); !ok || root.SFEN() != pos.SFEN() || len(pv) != 1 {
		t.Errorf("MateAnswer: %v %v %v", root, pv, ok)
	}
	if dialogOpen(w) {
		t.Error("the answer came in a dialog")
	}
	if w.Session().Dirty() {
		t.Error("the mate search changed the record")
	}
	test.Tap(p.mate.action) // 閉じる
	if p.mate != nil {
		t.Error("閉じる leaves the answer in the panel")
	}
}

// The panel's キャンセル ends a mate search without an answer.
func TestMateSearchCancel(t *testing.T) {
	w, q := studyWindow(t)
	// an engine that never answers go mate
	slow := writeScript(t, `while read line; do
  case "$line" in
    usi) echo 'id name Slow'; echo usiok;;
    isready) echo readyok;;
    quit) exit 0;;
  esac
done
`)
	w.study.searchMate(engine.Definition{Name: "Slow", Path: slow}, 0)
	if w.study.mate == nil {
		t.Fatal("no mate search under way")
	}
	test.Tap(w.study.panel.mate.action)
	waitUntil(t, q, "the search to end", func() bool { return w.study.mate == nil })
	if w.status.Text != w.msg.MateCanceled {
		t.Errorf("status %q after Cancel", w.status.Text)
	}
	if _, _, ok := w.study.panel.MateAnswer(); ok || !strings.Contains(w.study.panel.text(), "中止") {
		t.Errorf("the panel after the cancel:\n%s", w.study.panel.text())
	}
}

// Closing the window stops the study and its engines quit.
func TestClosingTheWindowClosesTheEngines(t *testing.T) {
	w, q := studyWindow(t)
	w.study.start([]engine.Definition{{Name: engine.BundledName, Path: bundledEngine(t)}}, 1)
	waitUntil(t, q, "a line", func() bool { return len(panelRows(w, 0)) > 0 })
	w.RequestClose()
	if w.Studying() {
		t.Error("still studying after the window closed")
	}
	w.CloseEngines(engineDeadline)
	if n := len(w.study.mgr.Running()); n != 0 {
		t.Errorf("%d engines still running", n)
	}
}

// 不詰, a timeout and a failure of the mate search are shown in the engine panel, with
// 閉じる, and no dialog; nothing is offered to the preview board.
func TestEnginePanelMateStates(t *testing.T) {
	engineAnswering := func(onGo, onStop string) string {
		return writeScript(t, `while read line; do
  case "$line" in
    usi) echo 'id name Scripted'; echo usiok;;
    isready) echo readyok;;
    go*) `+onGo+`;;
    stop) `+onStop+`;;
    quit) exit 0;;
  esac
done
`)
	}
	for _, tc := range []struct {
		name   string
		path   string
		limit  time.Duration
		expect string
	}{
		{"no mate", engineAnswering("echo 'checkmate nomate'", ":"), 0, "不詰"},
		{"timeout", engineAnswering(":", "echo 'checkmate timeout'"), time.Second, "制限時間内に詰みは見つかりませんでした"},
		{"failure", engineAnswering("exit 3", ":"), 0, "Scripted-failure の詰み探索に失敗しました"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, q := studyWindow(t)
			pos, err := board.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
			if err != nil {
				t.Fatal(err)
			}
			w.Session().Reset(pos)
			name := "Scripted-" + strings.ReplaceAll(tc.name, " ", "-")
			w.study.searchMate(engine.Definition{Name: name, Path: tc.path}, tc.limit)
			p := w.study.panel
			if !strings.Contains(p.mate.header.full, name) || p.mate.action.text.Text != "キャンセル" {
				t.Fatalf("searching: %q, action %q", p.mate.header.full, p.mate.action.text.Text)
			}
			waitUntil(t, q, "the answer", func() bool { return w.study.mate == nil })
			if got := p.mate.body.t.PV; !strings.Contains(got, tc.expect) {
				t.Errorf("the panel says %q, want %q in it", got, tc.expect)
			}
			if _, _, ok := p.MateAnswer(); ok {
				t.Error("a mating line is offered")
			}
			called := false
			p.OnMate = func(*board.Position, []board.Move, string) { called = true }
			test.Tap(p.mate.body)
			if called {
				t.Error("tapping the message calls OnMate")
			}
			if dialogOpen(w) || p.mate.action.text.Text != "閉じる" {
				t.Errorf("dialog open %v, action %q", dialogOpen(w), p.mate.action.text.Text)
			}
			test.Tap(p.mate.action)
			if p.mate != nil {
				t.Error("閉じる leaves the answer in the panel")
			}
		})
	}
}

// The study dialog writes nothing in bold (plainDialog: a bold text would make Fyne parse
// the font a second time, about 6 MB), and its キャンセル closes it without a study.
func TestStudyDialogIsPlain(t *testing.T) {
	w, q := studyWindow(t)
	w.StartStudyDialog()
	waitUntil(t, q, "the study dialog", func() bool { return dialogOpen(w) })
	ov := w.Window().Canvas().Overlays().Top()
	if bs := widgetsIn[*widget.Button](ov); len(bs) > 0 {
		t.Errorf("the dialog has %d of Fyne's buttons, which write their labels in bold", len(bs))
	}
	texts := 0
	for _, tx := range widgetsIn[*canvas.Text](ov) {
		texts++
		if tx.TextStyle.Bold {
			t.Errorf("%q is bold", tx.Text)
		}
	}
	for _, l := range widgetsIn[*widget.Label](ov) {
		if l.TextStyle.Bold {
			t.Errorf("the label %q is bold", l.Text)
		}
	}
	labels := map[string]bool{}
	for _, l := range widgetsIn[*widget.Label](ov) {
		labels[l.Text] = true
	}
	if !labels[w.msg.MenuStudy] || !labels[w.msg.StudyEngines] {
		t.Errorf("the dialog's labels %v lack its title %q or %q", labels, w.msg.MenuStudy, w.msg.StudyEngines)
	}
	if texts == 0 {
		t.Error("no text found in the dialog: the walk through it is broken")
	}
	closed := false
	w.lastShown.d.SetOnClosed(func() { closed = true })
	tapPlainButton(t, ov, w.msg.Cancel)
	if dialogOpen(w) || !closed {
		t.Errorf("キャンセル: the dialog is open %v, closed reported %v", dialogOpen(w), closed)
	}
	if w.Studying() {
		t.Error("キャンセル started a study")
	}
}

// Drawn a few times a second, the panel still ends on the newest: what the engine says
// last is shown at the next drawing, and what it said since the last drawing when the
// study stops.
func TestStudyPanelShowsTheNewestLines(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(30)
	w.study.start([]engine.Definition{{Name: engine.BundledName, Path: bundledEngine(t)}}, 2)
	r := w.study.run
	// the panel catches up with the engine (the runner's views as the poll formats them)
	waitUntil(t, q, "the panel showing the engine's newest lines", func() bool {
		want := r.texts()[0]
		got := panelRows(w, 0)
		if want.Position != w.study.shownSFEN || len(want.Rows) == 0 || len(got) != len(want.Rows) {
			return false
		}
		for i := range got {
			if got[i] != want.Rows[i] {
				return false
			}
		}
		return true
	})

	// a drawing posted and never run (the Fyne goroutine is busy): stopping shows the lines
	w.StopStudy()
	q.drain()
	w.Session().GoTo(31)
	w.study.start([]engine.Definition{{Name: engine.BundledName, Path: bundledEngine(t)}}, 2)
	r = w.study.run
	for deadline := time.Now().Add(engineDeadline); ; time.Sleep(20 * time.Millisecond) {
		if v := r.runner.Views(); v[0].OK && v[0].Position == w.study.shownSFEN && len(v[0].Lines) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("no line of the engine at move 31")
		}
	}
	if rows := panelRows(w, 0); len(rows) != 0 {
		t.Fatalf("the panel shows %v with no drawing run", rows)
	}
	w.StopStudy()
	rows := panelRows(w, 0)
	if len(rows) == 0 {
		t.Fatal("after 停止 the panel does not show what the engine said")
	}
	checkRowsBelong(t, w)
	if h := w.study.panel.blocks[0].header.full; !strings.Contains(h, w.msg.EngineStopped) {
		t.Errorf("header %q after 停止: want %q", h, w.msg.EngineStopped)
	}
	q.drain() // the stale drawing does nothing now
	if got := panelRows(w, 0); len(got) != len(rows) || got[0] != rows[0] {
		t.Errorf("a drawing of the stopped study changed the panel: %v, was %v", got, rows)
	}
}

// The study dialog offers again the engines and the number of lines chosen last (kept in the
// preferences, as the other dialogs keep theirs).
func TestStudyDialogRemembersItsChoices(t *testing.T) {
	fairy := engine.Definition{Name: "Fairy-Stockfish", Path: testbin.DebianEngine(t, "fairy-stockfish"), Tags: []string{engine.TagAnalysis}}
	w, q := studyWindow(t, fairy)
	open := func() (fyne.CanvasObject, []*widget.Check, *widget.Select) {
		w.StartStudyDialog()
		waitUntil(t, q, "the study dialog", func() bool { return dialogOpen(w) })
		ov := w.Window().Canvas().Overlays().Top()
		return ov, widgetsIn[*widget.Check](ov), widgetsIn[*widget.Select](ov)[0]
	}
	ov, checks, lines := open()
	if len(checks) != 2 {
		t.Fatalf("the dialog offers %d engines, want 2", len(checks))
	}
	for _, c := range checks {
		if c.Checked != (c.Text == engine.BundledName) {
			t.Errorf("at first %q is chosen %v; want the bundled engine alone", c.Text, c.Checked)
		}
		c.SetChecked(true)
	}
	lines.SetSelected("3")
	tapPlainButton(t, ov, w.msg.StartStudy)
	if !w.Studying() {
		t.Fatal("no study after 開始")
	}
	w.StopStudy()
	_, checks, lines = open()
	for _, c := range checks {
		if !c.Checked {
			t.Errorf("%q is not chosen again", c.Text)
		}
	}
	if lines.Selected != "3" {
		t.Errorf("the dialog offers %s lines, not the 3 chosen last", lines.Selected)
	}
}

// The mate search dialog offers again the engine and the time limit chosen last.
func TestMateSearchDialogRemembersItsChoices(t *testing.T) {
	fairy := engine.Definition{Name: "Fairy-Stockfish", Path: testbin.DebianEngine(t, "fairy-stockfish"), Tags: []string{engine.TagMate}}
	w, q := studyWindow(t, fairy)
	pos, err := board.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	w.Session().Reset(pos)
	open := func() []*widget.Select {
		w.MateSearchDialog()
		waitUntil(t, q, "the mate search dialog", func() bool { return dialogOpen(w) && w.lastShown.title == w.msg.MateTitle })
		return widgetsIn[*widget.Select](w.Window().Canvas().Overlays().Top())
	}
	sels := open()
	if len(sels) != 2 || sels[0].Selected != engine.BundledName || sels[1].Selected != w.study.limitLabel(30) {
		t.Fatalf("at first the dialog offers %q, %q; want the bundled engine and 30 s", sels[0].Selected, sels[1].Selected)
	}
	sels[0].SetSelected(engine.BundledName)
	sels[1].SetSelected(w.study.limitLabel(60))
	tapDialogButton(t, w, w.msg.MateStart)
	waitUntil(t, q, "the answer", func() bool { return w.study.mate == nil })
	sels = open()
	if sels[0].Selected != engine.BundledName || sels[1].Selected != w.study.limitLabel(60) {
		t.Errorf("again the dialog offers %q, %q; want the bundled engine and 60 s", sels[0].Selected, sels[1].Selected)
	}
	// another engine chosen is offered again too
	sels[0].SetSelected("Fairy-Stockfish")
	sels[1].SetSelected(w.study.limitLabel(10))
	tapDialogButton(t, w, w.msg.MateStart)
	waitUntil(t, q, "fairy-stockfish's answer", func() bool { return w.study.mate == nil })
	if sels = open(); sels[0].Selected != "Fairy-Stockfish" || sels[1].Selected != w.study.limitLabel(10) {
		t.Errorf("the dialog offers %q, %q; want Fairy-Stockfish and 10 s", sels[0].Selected, sels[1].Selected)
	}
}

// What an engine complained of as it got ready (here the bundled engine told of a BookFile it
// cannot read, and plays without a book) stays in its part of the panel while it thinks,
// whatever the search says after it: the search's own info strings replaced it at once, so it
// was seen only in the protocol log.
func TestStudyShowsWhatTheEngineReportedAsItGotReady(t *testing.T) {
	book := filepath.Join(t.TempDir(), "no-such-book.db")
	w, q := studyWindow(t)
	def := engine.Definition{Name: "Booked", Path: bundledEngine(t), Values: map[string]string{"BookFile": book}}
	w.study.start([]engine.Definition{def}, 1)
	waitUntil(t, q, "a line and the engine's report", func() bool {
		return len(panelRows(w, 0)) > 0 && w.study.panel.blocks[0].notice.Visible()
	})
	got := w.study.panel.blocks[0].notice.Text
	if !strings.HasPrefix(got, "⚠ 起動時のエンジンの報告:") || !strings.Contains(got, book) || !strings.Contains(got, "without a book") {
		t.Errorf("the panel shows %q; want the engine's report of %s", got, book)
	}
	if !strings.Contains(w.study.panel.text(), book) {
		t.Errorf("the panel's text lacks the report:\n%s", w.study.panel.text())
	}
	w.Session().GoTo(0) // a new search: the report stays
	waitUntil(t, q, "a line of the start position", func() bool { return len(panelRows(w, 0)) > 0 })
	if w.study.panel.blocks[0].notice.Text != got {
		t.Errorf("after a new search the panel shows %q, want %q still", w.study.panel.blocks[0].notice.Text, got)
	}

}

// An engine that reports nothing wrong as it gets ready shows no report in the panel.
func TestStudyShowsNoReportWhereNothingWentWrong(t *testing.T) {
	w, q := studyWindow(t)
	w.study.start([]engine.Definition{{Name: "Plain", Path: bundledEngine(t)}}, 1)
	waitUntil(t, q, "a line", func() bool { return len(panelRows(w, 0)) > 0 })
	if w.study.panel.blocks[0].notice.Visible() {
		t.Errorf("the panel shows %q for an engine that reported nothing wrong", w.study.panel.blocks[0].notice.Text)
	}
}
