package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/kifu"
	"banmen/kifu/recordfile"
	"banmen/ui/session"
)

const (
	henkaKIF  = "testdata/records/kifu-for-js__henka.kif"
	meijinKIF = "testdata/records/kifu-for-js__meijinsen_20180508_M7_10034.kif"
)

// fakeDialogs answers the file dialogs with paths set by the test.
type fakeDialogs struct {
	open, save       string
	opened, saved    int
	lastSaveSuggests string
}

func (d *fakeDialogs) OpenFile(string, []string) (string, error) { d.opened++; return d.open, nil }
func (d *fakeDialogs) SaveFile(_, suggested string, _ []string) (string, error) {
	d.saved++
	d.lastSaveSuggests = suggested
	return d.save, nil
}

type windowOpts struct {
	lang        string // LANG
	autosaveDir string
}

// windowUnderTest makes a main window in a headless app, in Japanese unless told otherwise,
// with file dialogs the test answers, and slow work done at once on the test's goroutine.
func windowUnderTest(t testing.TB, o windowOpts) (*MainWindow, *fakeDialogs) {
	t.Helper()
	a := test.NewTempApp(t)
	sampleFyneClock(t) // (golden_test.go)
	if o.lang == "" {
		o.lang = "ja_JP.UTF-8"
	}
	if o.autosaveDir == "" {
		o.autosaveDir = t.TempDir()
	}
	d := &fakeDialogs{}
	w := NewMainWindow(a, Options{
		Dialogs:        d,
		AutosaveDir:    o.autosaveDir,
		Getenv:         func(k string) string { return map[string]string{"LANG": o.lang}[k] },
		Async:          func(f func()) { f() },
		ProcessRunning: func(int) bool { return false },
	})
	w.Window().Resize(fyne.NewSize(1180, 760))
	w.sound = &soundLog{} // the sounds are counted, not played (sound_test.go)
	t.Cleanup(func() {
		if w.autosave != nil && !w.closing {
			w.autosave.Close()
		}
	})
	return w, d
}

func openRecord(t *testing.T, w *MainWindow, path string) {
	t.Helper()
	w.OpenFile(path)
	if w.Session().Path() != path {
		t.Fatalf("%s was not opened (dialog %q: %q)", path, w.lastShown.title, w.lastShown.text)
	}
}

// buttonIn finds a button with the label among o's descendants.
func buttonIn(o fyne.CanvasObject, label string) *widget.Button {
	switch x := o.(type) {
	case *widget.Button:
		if x.Text == label {
			return x
		}
	case *fyne.Container:
		for _, c := range x.Objects {
			if b := buttonIn(c, label); b != nil {
				return b
			}
		}
		return nil
	}
	if wd, ok := o.(fyne.Widget); ok {
		for _, c := range test.WidgetRenderer(wd).Objects() {
			if b := buttonIn(c, label); b != nil {
				return b
			}
		}
	}
	return nil
}

// tapDialogButton taps the button with the label in the dialog on top of w.
func tapDialogButton(t *testing.T, w *MainWindow, label string) {
	t.Helper()
	ov := w.Window().Canvas().Overlays().Top()
	if ov == nil {
		t.Fatalf("no dialog is open to tap %q in", label)
	}
	b := dialogButtonIn(ov, label)
	if b == nil {
		t.Fatalf("the dialog %q has no button %q", w.lastShown.title, label)
	}
	test.Tap(b)
}

// dialogButtonIn finds a button with the label in a dialog o: one of Fyne's, or of a
// plainDialog's.
func dialogButtonIn(o fyne.CanvasObject, label string) interface {
	fyne.Tappable
	fyne.CanvasObject
} {
	if b := buttonIn(o, label); b != nil {
		return b
	}
	for _, b := range widgetsIn[*plainButton](o) {
		if b.Text == label {
			return b
		}
	}
	return nil
}

func dialogOpen(w *MainWindow) bool { return w.Window().Canvas().Overlays().Top() != nil }

func play(t *testing.T, w *MainWindow, usi string) {
	t.Helper()
	m, err := w.Session().Position().ParseMove(usi)
	if err != nil {
		t.Fatal(err)
	}
	// as the user does it: click the piece, then the square
	b := w.Board()
	if m.IsDrop() {
		tapSpot(b, HandSpot(w.Session().Position().SideToMove(), m.Piece()))
	} else {
		tapSpot(b, SquareSpot(m.From()))
	}
	tapSpot(b, SquareSpot(m.To()))
	if b.PromotionPending() {
		g := b.geom()
		pr, npr, size := b.promotionRects(&g)
		at := npr
		if m.IsPromotion() {
			at = pr
		}
		test.TapAt(b, fyne.NewPos(at.X+size.Width/2, at.Y+size.Height/2))
	}
	if got := w.Session().LastMove(); got != m {
		t.Fatalf("after clicking %s on the board the last move is %v", usi, got)
	}
}

func TestWindowOpensARecordAndStepsThroughIt(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, meijinKIF)
	if got := w.Window().Title(); got != "kifu-for-js__meijinsen_20180508_M7_10034.kif — Banmen" {
		t.Errorf("title %q", got)
	}
	if w.record.varBox != nil {
		t.Error("the box of variations was made for a record without variations")
	}
	if got := w.Board().names; got != [2]string{"羽生 善治竜王", "佐藤 天彦名人"} {
		t.Errorf("the stands are named %q", got)
	}
	key := func(k fyne.KeyName) { w.typedKey(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeyRight)
	key(fyne.KeyRight)
	if w.Session().Ply() != 2 || w.Board().LastMove().USI() != "8c8d" {
		t.Fatalf("after → → ply %d, the board's last move %v", w.Session().Ply(), w.Board().LastMove())
	}
	if w.record.selected != 2 {
		t.Errorf("the move list shows row %d selected", w.record.selected)
	}
	key(fyne.KeyEnd)
	if w.Session().Ply() != 53 || !w.Session().Node().IsSpecial() {
		t.Errorf("End: ply %d", w.Session().Ply())
	}
	if got := w.Board().LastMove().USI(); got != "6b5b" { // ５二金(62), the move before 封じ手
		t.Errorf("at 封じ手 the board highlights %s, want the move before it", got)
	}
	key(fyne.KeyPageUp)
	key(fyne.KeyLeft)
	if w.Session().Ply() != 42 {
		t.Errorf("Page Up and ← from 53: ply %d", w.Session().Ply())
	}
	// the mouse wheel over the board
	c := w.Window().Canvas()
	at := fyne.CurrentApp().Driver().AbsolutePositionForObject(w.Board()).Add(w.Board().SpotCenter(SquareSpot(sq(5, 5))))
	test.Scroll(c, at, 0, -25)
	if w.Session().Ply() != 43 {
		t.Errorf("the wheel towards the user: ply %d, want 43", w.Session().Ply())
	}
	// a click on a move in the list
	w.record.list.Select(7)
	if w.Session().Ply() != 7 || w.Board().LastMove().USI() != "8h7g" { // ７七角(88)
		t.Errorf("clicking row 7: ply %d, the board's last move %v", w.Session().Ply(), w.Board().LastMove())
	}
	// the buttons
	test.Tap(w.record.first)
	if w.Session().Ply() != 0 || !w.record.first.Disabled() || w.record.next.Disabled() {
		t.Errorf("⏮: ply %d, first disabled %v, next disabled %v", w.Session().Ply(), w.record.first.Disabled(), w.record.next.Disabled())
	}
	test.Tap(w.record.last)
	if w.Session().Ply() != 53 || !w.record.next.Disabled() {
		t.Errorf("⏭: ply %d", w.Session().Ply())
	}
	// arrows typed while the move list has the focus step too
	c.Focus(w.record.list)
	w.record.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	if w.Session().Ply() != 52 {
		t.Errorf("↑ in the list: ply %d", w.Session().Ply())
	}
	if r := w.record.list; r.Length() != 54 {
		t.Errorf("the list has %d rows, want 54 (the start and 53 moves)", r.Length())
	}
	if _, move, _, tm := w.record.rowText(11); move != "▲同　銀" || tm != "0:00 / 0:11:00" {
		t.Errorf("row 11 reads %q %q", move, tm)
	}
}

func TestWindowPlayingAtAnEarlierMoveMakesAVariation(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(4)
	play(t, w, "5g5f") // the record has ７八金 here
	s := w.Session()
	if s.Ply() != 5 || s.Node().Index() != 1 || !s.Dirty() {
		t.Fatalf("5g5f at move 5: ply %d, index %d, dirty %v", s.Ply(), s.Node().Index(), s.Dirty())
	}
	if !strings.HasPrefix(w.Window().Title(), "*") {
		t.Errorf("the title does not show the change: %q", w.Window().Title())
	}
	if !w.record.varBox.Visible() || len(w.record.variations.Options) != 2 {
		t.Fatalf("the variations box: visible %v, options %v", w.record.varBox.Visible(), w.record.variations.Options)
	}
	if want := []string{"1. ▲７八金", "2. ▲５六歩"}; w.record.variations.Options[0] != want[0] || w.record.variations.Options[1] != want[1] {
		t.Errorf("options %q, want %q", w.record.variations.Options, want)
	}
	if _, _, mark, _ := w.record.rowText(5); mark != "+" {
		t.Errorf("move 5 is not marked as having variations: %q", mark)
	}
	// choose the main move in the box, then the variation again
	w.record.variations.SetSelected(w.record.variations.Options[0])
	if s.Node().Move.USI() != "6i7h" || w.Board().LastMove().USI() != "6i7h" {
		t.Fatalf("choosing 1: at %v", s.Node().Move)
	}
	w.record.variations.SetSelected(w.record.variations.Options[1])
	if s.Node().Move.USI() != "5g5f" {
		t.Fatalf("choosing 2: at %v", s.Node().Move)
	}
	// continue the variation, step back into it, promote it, delete it
	play(t, w, "3c3d")
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if s.Node().Move.USI() != "3c3d" {
		t.Errorf("back and forth left the variation: at %v", s.Node().Move)
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	test.Tap(buttonIn(w.record.varBox, w.msg.VarMain))
	if got := s.Record().MainMoves()[4].USI(); got != "5g5f" {
		t.Errorf("after 本譜にする move 5 of the main line is %s", got)
	}
	w.record.variations.SetSelected(w.record.variations.Options[1]) // the old main move, now second
	test.Tap(buttonIn(w.record.varBox, w.msg.VarUp))
	if s.Node().Index() != 0 || s.Record().MainMoves()[4].USI() != "6i7h" {
		t.Errorf("変化を上へ: index %d", s.Node().Index())
	}
	w.record.variations.SetSelected(w.record.variations.Options[1])
	test.Tap(buttonIn(w.record.varBox, w.msg.VarDelete))
	tapDialogButton(t, w, recordTextFor(w.msg).Delete) // its moves, asked about first
	if s.Ply() != 4 || len(s.Node().Children()) != 1 || w.record.varBox.Visible() {
		t.Errorf("after deleting the variation: ply %d, %d continuations", s.Ply(), len(s.Node().Children()))
	}
}

func TestWindowCommentAndHeadersAreEditable(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, henkaKIF)
	if got := w.record.comment.Text; !strings.HasPrefix(got, "開始局面のコメント") {
		t.Errorf("the start's comment reads %q", got)
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if got := w.record.comment.Text; got != "初手のコメント" {
		t.Errorf("move 1's comment reads %q", got)
	}
	test.Type(w.record.comment, "！")
	if got := w.Session().Comment(); got != "！初手のコメント" && got != "初手のコメント！" {
		t.Errorf("typing changed the comment to %q", got)
	}
	if !w.Session().Dirty() {
		t.Error("editing a comment did not mark the record changed")
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if w.record.comment.Text != "２手目のコメント" {
		t.Errorf("move 2's comment reads %q", w.record.comment.Text)
	}
	black := w.info.Entry(0)
	if black.Text != "先手56789012全3456789" {
		t.Errorf("sente reads %q", black.Text)
	}
	black.SetText("羽生")
	if w.Session().Header(kifu.HeaderBlack) != "羽生" || w.Board().names[board.Black] != "羽生" {
		t.Errorf("after editing sente: header %q, stand %q", w.Session().Header(kifu.HeaderBlack), w.Board().names[board.Black])
	}
	if got := w.info.Entry(2).Text; got != "第74期棋聖戦1次予選" {
		t.Errorf("the event reads %q", got)
	}
}

func TestWindowReadErrorNamesFileAndLineAndChangesNothing(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	openRecord(t, w, henkaKIF)
	w.Session().GoTo(3)
	bad := filepath.Join(t.TempDir(), "bad.kif")
	text := "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７七銀(88)\n"
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	d.open = bad
	w.Open()
	if !dialogOpen(w) || w.lastShown.title != w.msg.ReadErrorTitle {
		t.Fatalf("no error dialog; last shown %q", w.lastShown.title)
	}
	if !strings.Contains(w.lastShown.text, "bad.kif") || !strings.Contains(w.lastShown.text, "5 行目") {
		t.Errorf("the message %q does not name the file and the line", w.lastShown.text)
	}
	if !strings.Contains(w.lastDetail, "line 5") {
		t.Errorf("the detail %q does not name the line", w.lastDetail)
	}
	if w.Session().Path() != henkaKIF || w.Session().Ply() != 3 {
		t.Errorf("a file that could not be read changed the window: %v", w.Session())
	}
}

func TestWindowSaveAsWarnsBeforeLosingVariations(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	openRecord(t, w, henkaKIF)
	dir := t.TempDir()
	d.save = filepath.Join(dir, "game.csa")
	w.SaveAs(nil)
	if w.lastShown.title != w.msg.LossyTitle || !strings.Contains(w.lastShown.text, "CSA") {
		t.Fatalf("no warning before saving variations as CSA: %q %q", w.lastShown.title, w.lastShown.text)
	}
	tapDialogButton(t, w, w.msg.Cancel)
	if _, err := os.Stat(d.save); err == nil {
		t.Fatal("cancelling the warning saved the file")
	}
	w.SaveAs(nil)
	tapDialogButton(t, w, w.msg.LossySave)
	if _, err := os.Stat(d.save); err != nil {
		t.Fatalf("confirming did not save: %v", err)
	}
	if w.Session().Path() != d.save || w.Session().Format() != kifu.CSA || w.Session().Dirty() {
		t.Errorf("after saving: %v", w.Session())
	}
	// KIF holds everything: no question, and a file without an extension becomes .kif
	d.save = filepath.Join(dir, "again")
	w.SaveAs(nil)
	if _, err := os.Stat(d.save + ".kif"); err != nil || dialogOpen(w) && w.lastShown.title == w.msg.LossyTitle {
		t.Errorf("saving as KIF: %v, dialog %q", err, w.lastShown.title)
	}
	if got := w.settings.Recent(); len(got) < 2 || filepath.Base(got[0]) != "again.kif" {
		t.Errorf("recent files %v", got)
	}
}

func TestWindowAsksBeforeClosingWithUnsavedChanges(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	play(t, w, "7g7f")
	w.RequestClose()
	if w.lastShown.title != w.msg.SaveChangesTitle || !dialogOpen(w) {
		t.Fatalf("closing with an unsaved move asked nothing (%q)", w.lastShown.title)
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if w.Session().Ply() != 1 {
		t.Error("← moved the record under the open dialog")
	}
	tapDialogButton(t, w, w.msg.Cancel)
	if w.closing {
		t.Fatal("Cancel closed the window")
	}
	// a record without a file is saved under a name (名前を付けて保存…, not 上書き保存): the
	// dialog asks where, and the window closes once it is saved
	d.save = filepath.Join(t.TempDir(), "g.kifu")
	w.RequestClose()
	tapDialogButton(t, w, w.msg.SaveAs)
	if !w.closing {
		t.Fatal("Save did not close the window")
	}
	back := session.New()
	if err := back.Open(d.save); err != nil || back.MoveCount() != 1 {
		t.Errorf("the saved file: %v, %d moves", err, back.MoveCount())
	}
}

// A record opened from a file offers 上書き保存, which writes it where it came from.
func TestWindowAsksToSaveOverTheRecordsFile(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	path := filepath.Join(t.TempDir(), "g.kifu")
	if err := os.WriteFile(path, []byte("手合割：平手\n手数----指手---------消費時間--\n   1 ７六歩(77)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	openRecord(t, w, path)
	w.Session().Last()
	play(t, w, "3c3d")
	w.RequestClose()
	if w.lastShown.title != w.msg.SaveChangesTitle {
		t.Fatalf("closing with an unsaved move asked nothing (%q)", w.lastShown.title)
	}
	tapDialogButton(t, w, w.msg.Save)
	if !w.closing {
		t.Fatal("上書き保存 did not close the window")
	}
	back := session.New()
	if err := back.Open(path); err != nil || back.MoveCount() != 2 {
		t.Errorf("the file saved over: %v, %d moves", err, back.MoveCount())
	}
}

func TestWindowDontSaveClosesAndDropsTheAutosave(t *testing.T) {
	dir := t.TempDir()
	w, _ := windowUnderTest(t, windowOpts{autosaveDir: dir})
	play(t, w, "7g7f")
	if err := w.autosave.Flush(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Fatalf("a move was not autosaved: %d files", len(entries))
	}
	w.RequestClose()
	tapDialogButton(t, w, w.msg.DontSave)
	if !w.closing {
		t.Fatal("Don't Save did not close")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("the autosave stays after Don't Save: %d files", len(entries))
	}
}

func TestWindowOffersAnAutosaveBackAfterACrash(t *testing.T) {
	dir := t.TempDir()
	w1, _ := windowUnderTest(t, windowOpts{autosaveDir: dir})
	openRecord(t, w1, henkaKIF)
	w1.Session().GoTo(4)
	play(t, w1, "5g5f")
	if err := w1.autosave.Flush(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	// The window "crashes": its copy is left. Another Banmen (another process id) finds it.
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		name := strings.Replace(e.Name(), strings.TrimSuffix(strings.TrimPrefix(e.Name(), "autosave-"), filepath.Ext(e.Name())), "424242", 1)
		if err := os.Rename(filepath.Join(dir, e.Name()), filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	w2, _ := windowUnderTest(t, windowOpts{autosaveDir: dir})
	w2.OfferRestore()
	if w2.lastShown.title != w2.msg.RestoreTitle || !strings.Contains(w2.lastShown.text, "henka") {
		t.Fatalf("no offer to restore: %q %q", w2.lastShown.title, w2.lastShown.text)
	}
	tapDialogButton(t, w2, w2.msg.Restore)
	s := w2.Session()
	if !s.Dirty() || s.Path() != henkaKIF {
		t.Errorf("restored: dirty %v path %q", s.Dirty(), s.Path())
	}
	found := false
	s.Record().Root.Walk(func(n *kifu.Node) bool {
		found = found || n.Move != board.NoMove && n.Move.USI() == "5g5f"
		return true
	})
	if !found {
		t.Error("the restored record lacks the move played before the crash")
	}
	if left := session.FindAutosaved(dir, func(pid int) bool { return pid != 424242 }); len(left) != 0 {
		t.Errorf("the crashed copy is still offered after restoring: %d", len(left))
	}
}

// Two crashed copies are offered one after the other, the first saying that another follows.
func TestWindowOffersEachOfSeveralAutosaves(t *testing.T) {
	dir := t.TempDir()
	for i, pid := range []string{"424242", "434343"} {
		w1, _ := windowUnderTest(t, windowOpts{autosaveDir: dir})
		openRecord(t, w1, henkaKIF)
		w1.Session().GoTo(4)
		play(t, w1, []string{"5g5f", "1g1f"}[i])
		if err := w1.autosave.Flush(5 * time.Second); err != nil {
			t.Fatal(err)
		}
		// the window "crashes": its copy is left, under a process id that is gone
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			if strings.Contains(e.Name(), "4242") || strings.Contains(e.Name(), "4343") {
				continue
			}
			name := strings.Replace(e.Name(), strings.TrimSuffix(strings.TrimPrefix(e.Name(), "autosave-"), filepath.Ext(e.Name())), pid, 1)
			if err := os.Rename(filepath.Join(dir, e.Name()), filepath.Join(dir, name)); err != nil {
				t.Fatal(err)
			}
		}
	}
	w2, _ := windowUnderTest(t, windowOpts{autosaveDir: dir})
	w2.OfferRestore()
	more := fmt.Sprintf(w2.msg.RestoreMoreF, 1)
	if w2.lastShown.title != w2.msg.RestoreTitle || !strings.Contains(w2.lastShown.text, more) {
		t.Fatalf("the first offer: %q %q, want it to say %q", w2.lastShown.title, w2.lastShown.text, more)
	}
	tapDialogButton(t, w2, w2.msg.Discard)
	if w2.lastShown.title != w2.msg.RestoreTitle || strings.Contains(w2.lastShown.text, more) {
		t.Fatalf("the second offer: %q %q", w2.lastShown.title, w2.lastShown.text)
	}
	tapDialogButton(t, w2, w2.msg.Discard)
	if left := session.FindAutosaved(dir, func(int) bool { return false }); len(left) != 0 {
		t.Errorf("%d copies still offered after both were discarded", len(left))
	}
}

func TestWindowPaste(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	clip := fyne.CurrentApp().Clipboard()
	clip.SetContent("sfen ln1gkgsnl/1r1s3b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1")
	w.Paste()
	if got := w.Session().Position().SFEN(); got != "ln1gkgsnl/1r1s3b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1" {
		t.Errorf("pasted position %s", got)
	}
	clip.SetContent("V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n")
	w.Paste() // the pasted position has no file: it is unsaved, so the window asks first
	if w.lastShown.title != w.msg.SaveChangesTitle {
		t.Fatalf("pasting over an unsaved record asked nothing: %q", w.lastShown.title)
	}
	tapDialogButton(t, w, w.msg.DontSave)
	if w.Session().MoveCount() != 2 || w.Session().Record().Result() != kifu.Resign {
		t.Errorf("pasted CSA: %d moves, result %v", w.Session().MoveCount(), w.Session().Record().Result())
	}
	before := w.Session().Record()
	clip.SetContent("今日はいい天気")
	w.Paste()
	if w.lastShown.title != w.msg.Error || w.Session().Record() != before {
		t.Errorf("pasting prose: dialog %q, record replaced %v", w.lastShown.title, w.Session().Record() != before)
	}
	tapDialogButton(t, w, w.msg.Close)
	// with the focus in the comment, Ctrl+V pastes text there
	clip.SetContent("コメント")
	w.Window().Canvas().Focus(w.record.comment)
	w.Paste()
	if w.record.comment.Text != "コメント" || w.Session().Record() != before {
		t.Errorf("Ctrl+V in the comment: %q", w.record.comment.Text)
	}
}

func TestWindowTakeBack(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	play(t, w, "7g7f")
	play(t, w, "3c3d")
	w.TakeBack()
	if w.Session().MoveCount() != 1 || w.Session().Ply() != 1 {
		t.Fatalf("Ctrl+Z: %d moves, ply %d", w.Session().MoveCount(), w.Session().Ply())
	}
	w.Session().First()
	w.TakeBack()
	if w.Session().MoveCount() != 1 || w.status.Text != w.msg.NothingToTakeBack {
		t.Errorf("Ctrl+Z at the start: %d moves, status %q", w.Session().MoveCount(), w.status.Text)
	}
	w.Session().Forward()
	play(t, w, "8c8d")
	w.Session().Back()
	w.TakeBack()
	if w.Session().MoveCount() != 2 || w.status.Text != w.msg.TakeBackNotLast {
		t.Errorf("Ctrl+Z in the middle of a line: %d moves, status %q", w.Session().MoveCount(), w.status.Text)
	}
}

func TestWindowDroppedFileOpens(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	abs, _ := filepath.Abs(henkaKIF)
	w.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(abs)})
	if w.Session().Path() != abs {
		t.Errorf("dropping %s opened %q", abs, w.Session().Path())
	}
	if got := w.settings.Recent(); len(got) == 0 || got[0] != abs {
		t.Errorf("recent files %v", got)
	}
	var recent []string
	for _, it := range w.Window().MainMenu().Items[0].Items {
		if it.Label == w.msg.OpenRecent {
			for _, r := range it.ChildMenu.Items {
				recent = append(recent, r.Label)
			}
		}
	}
	if len(recent) == 0 || !strings.HasPrefix(recent[0], "kifu-for-js__henka.kif") {
		t.Errorf("the recent menu lists %q", recent)
	}
}

func TestWindowLanguageAndTheme(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
	menu := func() string { return w.Window().MainMenu().Items[0].Label }
	if menu() != "File" || w.Board().msg.Black != "Sente" {
		t.Fatalf("an English system: menu %q", menu())
	}
	w.SetLanguage("ja")
	if menu() != "ファイル" || w.Board().msg.Black != "先手" || w.tabs.Title(0) != "棋譜" {
		t.Errorf("after choosing Japanese: menu %q, tab %q", menu(), w.tabs.Title(0))
	}
	if got := NewSettings(fyne.CurrentApp().Preferences()).LanguageChoice(); got != "ja" {
		t.Errorf("the choice is kept as %q", got)
	}
	w.SetLanguage("")
	if menu() != "File" {
		t.Errorf("back to the system's language: menu %q", menu())
	}
	w.SetThemeMode(ThemeDark)
	bg := fyne.CurrentApp().Settings().Theme().Color(theme.ColorNameBackground, theme.VariantLight)
	if r, _, _, _ := bg.RGBA(); r > 0x4000 {
		t.Errorf("the dark theme's background is light: %v", bg)
	}
	if NewSettings(fyne.CurrentApp().Preferences()).ThemeMode() != ThemeDark {
		t.Error("the theme is not kept")
	}
	w.Board().Refresh() // as Fyne does for every widget when the theme changes
	if r := test.WidgetRenderer(w.Board()).(*boardRenderer); r.pal != darkPalette {
		t.Error("the board kept the light theme's colours")
	}
}

func TestWindowPositionEditor(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	w.EditPosition()
	if !w.Editing() || w.Board().Mode() != ModeEdit {
		t.Fatal("the editor did not open")
	}
	b := w.Board()
	// move 7g to 7e by clicks, then 2g onto gote's stand by a drag
	tapSpot(b, SquareSpot(sq(7, 7)))
	tapSpot(b, SquareSpot(sq(7, 5)))
	dragSpots(b, SquareSpot(sq(2, 7)), HandSpot(board.White, board.NoPieceType))
	if got := b.ShownPosition().SFEN(); got != "lnsgkgsnl/1r5b1/ppppppppp/9/2P6/9/PP1PPPP1P/1B5R1/LNSGKGSNL b p 1" {
		t.Errorf("the edited position %s", got)
	}
	// an impossible position is refused with the rules' reason, and the editor stays
	tapSpot(b, SquareSpot(sq(5, 9))) // sente's king onto 5b, next to gote's: gote is in check
	tapSpot(b, SquareSpot(sq(5, 2)))
	test.Tap(buttonIn(w.edPanel.content, w.msg.EditorDone))
	// the reason is in the interface's language (this window speaks Japanese)
	if w.lastShown.title != w.msg.EditorImpossibleTitle || w.lastShown.text != "手番でない後手に王手がかかっています" || !w.Editing() {
		t.Fatalf("an impossible position: dialog %q %q, editing %v", w.lastShown.title, w.lastShown.text, w.Editing())
	}
	tapDialogButton(t, w, w.msg.Close)
	// the tsume set-up from a cleared board
	test.Tap(buttonIn(w.edPanel.content, w.msg.EditorClear))
	w.editor.Remove(SquareSpot(sq(5, 2)))
	test.Tap(buttonIn(w.edPanel.content, w.msg.EditorTsume))
	test.Tap(buttonIn(w.edPanel.content, w.msg.EditorDone))
	if w.Editing() {
		t.Fatalf("Done did not close the editor (%q)", w.lastShown.text)
	}
	s := w.Session()
	if got := s.Position().SFEN(); got != "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1" || s.MoveCount() != 0 {
		t.Errorf("the new record starts from %s with %d moves", got, s.MoveCount())
	}
	if b.Mode() != ModePlay {
		t.Error("the board stays in edit mode")
	}
	// Cancel leaves the record as it was
	w.EditPosition()
	w.editor.Clear()
	test.Tap(buttonIn(w.edPanel.content, w.msg.Cancel))
	if w.Editing() || s.Position().SFEN() != "4k4/9/9/9/9/9/9/9/9 b 2r2b4g4s4n4l18p 1" {
		t.Errorf("Cancel: editing %v, position %s", w.Editing(), s.Position().SFEN())
	}
}

// A game, a 棋譜解析 or a mate search asked for under the position editor says to close it
// first and keeps the edits: the game dialog used to leave the editor and drop them unasked,
// the mate search did nothing at all.
func TestActionsWaitForThePositionEditor(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	w.EditPosition()
	b := w.Board()
	tapSpot(b, SquareSpot(sq(7, 7)))
	tapSpot(b, SquareSpot(sq(7, 5)))
	edited := b.ShownPosition().SFEN()
	gt, at := w.gameText(), w.analysisText()
	henka, err := filepath.Abs(henkaKIF)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		title  string
		action func()
	}{
		{gt.DialogTitle, w.StartGameDialog},
		{gt.ContinueGame, w.ContinueGame},
		{at.Title, w.AnalyseDialog},
		{w.msg.MateSearch, w.MateSearchDialog},
		// a new or opened record would close the editor, its edits gone unasked
		{w.msg.NewGame, func() { w.NewGame(kifu.Handicaps[0]) }},
		{w.msg.NewHandicap, func() { w.NewGame(kifu.Handicaps[3]) }},
		{w.msg.Open, w.Open},
		{w.msg.OpenRecent, func() { w.OpenRecent(henka) }},
		{w.msg.Open, func() { w.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(henka)}) }},
	} {
		w.lastShown = shownDialog{}
		tc.action()
		if w.lastShown.title != strings.TrimSuffix(tc.title, "…") || !strings.Contains(w.lastShown.text, w.msg.EditorDone) {
			t.Errorf("%s under the editor showed %q %q", tc.title, w.lastShown.title, w.lastShown.text)
		}
		if !w.Editing() || b.ShownPosition().SFEN() != edited || w.Playing() || w.Analysing() {
			t.Fatalf("%s: editing %v, shown %s, playing %v, analysing %v", tc.title, w.Editing(), b.ShownPosition().SFEN(), w.Playing(), w.Analysing())
		}
		if w.lastShown.d != nil {
			tapDialogButton(t, w, w.msg.Close)
		}
	}
}

// Ctrl+V in the position editor puts the pasted position into the editor: it used to load
// the text as a new record and close the editor, its edits gone unasked.
func TestPasteIntoThePositionEditor(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	play(t, w, "7g7f")
	before := w.Session().Record()
	w.EditPosition()
	clip := fyne.CurrentApp().Clipboard()
	for _, tc := range []struct{ text, want string }{
		{"sfen 4k4/9/9/9/9/9/9/9/4K4 b G 1", "4k4/9/9/9/9/9/9/9/4K4 b G 1"},
		{"position startpos moves 2g2f 8c8d", "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1"},
	} {
		clip.SetContent(tc.text)
		w.Paste()
		if !w.Editing() || dialogOpen(w) || w.Board().ShownPosition().SFEN() != tc.want || w.editor.Position().SFEN() != tc.want {
			t.Fatalf("%q pasted: editing %v, dialog %v, shown %s", tc.text, w.Editing(), dialogOpen(w), w.Board().ShownPosition().SFEN())
		}
		if w.Session().Record() != before || w.Session().MoveCount() != 1 || w.status.Text != w.msg.PastedIntoEditor {
			t.Errorf("%q pasted: the record behind changed (%d moves), status %q", tc.text, w.Session().MoveCount(), w.status.Text)
		}
	}
	// Copy SFEN copies the position being edited, not the record's
	w.copySFEN()
	if got := clip.Content(); got != "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1" {
		t.Errorf("Copy SFEN in the editor copied %q", got)
	}
	clip.SetContent("not a position")
	w.Paste()
	if !dialogOpen(w) || !w.Editing() || w.editor.Position().SFEN() != "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1" {
		t.Errorf("text that is no position: dialog %v, editing %v", dialogOpen(w), w.Editing())
	}
	tapDialogButton(t, w, w.msg.Close)
	test.Tap(buttonIn(w.edPanel.content, w.msg.EditorDone))
	tapDialogButton(t, w, w.msg.DontSave) // the record's unsaved move
	if w.Editing() || w.Session().Position().SFEN() != "lnsgkgsnl/1r5b1/p1ppppppp/1p7/9/7P1/PPPPPPP1P/1B5R1/LNSGKGSNL b - 1" {
		t.Errorf("Done after the paste: editing %v, the record starts at %s", w.Editing(), w.Session().Position().SFEN())
	}
}

// Ctrl+Z in the position editor takes back its last change, one at a time, back to the
// position it opened with (元に戻す; the button says the same, and is off with nothing to
// take back); it did nothing.
func TestUndoInThePositionEditor(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	w.EditPosition()
	b := w.Board()
	start := b.ShownPosition().SFEN()
	undoB := buttonIn(w.edPanel.content, w.msg.EditorUndo)
	if !undoB.Disabled() {
		t.Error("元に戻す is on with nothing to take back")
	}
	tapSpot(b, SquareSpot(sq(7, 7)))
	tapSpot(b, SquareSpot(sq(7, 5))) // 7g to 7e
	moved := b.ShownPosition().SFEN()
	test.Tap(buttonIn(w.edPanel.content, w.msg.EditorClear))
	w.edPanel.side.SetSelected(w.edPanel.side.Options[1]) // gote to move
	if undoB.Disabled() || b.ShownPosition().SideToMove() != board.White {
		t.Fatalf("after three changes: undo off %v, %s", undoB.Disabled(), b.ShownPosition().SFEN())
	}
	w.TakeBack() // the side to move
	if got := b.ShownPosition(); got.SideToMove() != board.Black || got.PieceAt(sq(7, 5)) != board.NoPiece {
		t.Errorf("one undo: %s, want sente to move on the cleared board", got.SFEN())
	}
	if w.edPanel.side.Selected != w.edPanel.side.Options[0] {
		t.Errorf("the side shown is %q", w.edPanel.side.Selected)
	}
	test.Tap(undoB) // the clear
	if got := b.ShownPosition().SFEN(); got != moved {
		t.Errorf("two undos: %s, want %s", got, moved)
	}
	w.TakeBack() // the move
	if got := b.ShownPosition().SFEN(); got != start || w.editor.Position().SFEN() != start {
		t.Errorf("three undos: %s, want %s", got, start)
	}
	if !undoB.Disabled() {
		t.Error("元に戻す is on at the position the editor opened with")
	}
	w.TakeBack()
	if w.status.Text != w.msg.EditorNothingToUndo || !w.Editing() || w.Session().MoveCount() != 0 {
		t.Errorf("nothing to take back: status %q, editing %v", w.status.Text, w.Editing())
	}
}

func TestWindowCopies(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	play(t, w, "7g7f")
	clip := fyne.CurrentApp().Clipboard()
	for _, tc := range []struct{ label, want string }{
		{w.msg.CopySFEN, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
		{w.msg.CopyUSI, "position startpos moves 7g7f"},
		{w.msg.CopyKIF, "   1 ７六歩(77)"},
		{w.msg.CopyKI2, "▲７六歩"},
		{w.msg.CopyCSA, "+7776FU"},
		{w.msg.CopyJKF, `"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"`},
	} {
		var action func()
		for _, it := range w.Window().MainMenu().Items[1].Items {
			if it.Label == tc.label {
				action = it.Action
			}
		}
		if action == nil {
			t.Fatalf("no menu item %q", tc.label)
		}
		action()
		got := clip.Content()
		if !strings.Contains(got, tc.want) {
			t.Errorf("%s copied %q, want %q in it", tc.label, got, tc.want)
		}
		// what is copied pastes back: the game, or the position for the SFEN
		if rec, _, err := recordfile.ParseText(got); err != nil {
			t.Errorf("%s: the copy does not read back: %v", tc.label, err)
		} else if n := len(rec.MainMoves()); tc.label != w.msg.CopySFEN && n != 1 {
			t.Errorf("%s: the copy reads back with %d moves", tc.label, n)
		}
		if strings.Contains(w.status.Text, "含まれません") {
			t.Errorf("%s of a record without variations says something is left out: %q", tc.label, w.status.Text)
		}
	}
	// a record with variations copied as CSA: the status says they are not in the copy
	openRecord(t, w, henkaKIF)
	menuItemNamed(w, w.msg.CopyCSA).Action()
	if want := fmt.Sprintf(w.msg.CopiedLossF, "CSA", "変化, しおり"); w.status.Text != want {
		t.Errorf("CSA of a record with variations: status %q, want %q", w.status.Text, want)
	}
	menuItemNamed(w, w.msg.CopyKIF).Action()
	if want := fmt.Sprintf(w.msg.CopiedF, "KIF"); w.status.Text != want {
		t.Errorf("KIF: status %q, want %q", w.status.Text, want)
	}
}

func TestWindowNewHandicapGame(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	h, _ := kifu.HandicapByName("飛車落ち")
	w.NewGame(h)
	if w.Session().Position().SideToMove() != board.White || w.Board().ShownPosition().PieceAt(sq(8, 2)) != board.NoPiece {
		t.Errorf("飛車落ち: %s", w.Session().Position().SFEN())
	}
	if w.Session().Dirty() {
		t.Error("a new game is marked unsaved")
	}
}

// Rendering masters of the window and of the record list.

func TestWindowImageRecord(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	newTestAppThemeLight(w)
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(11)
	assertMatchesMaster(t, "window_record.png", w.Window().Canvas().Capture())
}

func TestRecordListImageWithVariations(t *testing.T) {
	newTestApp(t, ThemeLight)
	s := session.New()
	if err := s.Open(henkaKIF); err != nil {
		t.Fatal(err)
	}
	s.GoTo(2) // move 2 has variations
	v := NewRecordView(s, MessagesFor(Japanese), nil)
	s.OnChange(v.Update)
	assertMatchesMaster(t, "record_variations.png", capture(t, v, 420, 620))
}

func newTestAppThemeLight(w *MainWindow) {
	w.SetThemeMode(ThemeLight)
}

// The status bar counts the moves in the interface's language: one move, two moves.
func TestStatusCountsMoves(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
	for _, c := range []struct {
		usi, want string
	}{{"", "0 moves"}, {"7g7f", "1 move (unsaved)"}, {"3c3d", "2 moves (unsaved)"}} {
		if c.usi != "" {
			play(t, w, c.usi)
		}
		if w.fileInfo.Text != c.want {
			t.Errorf("after %q the status says %q, want %q", c.usi, w.fileInfo.Text, c.want)
		}
	}
	w, _ = windowUnderTest(t, windowOpts{})
	play(t, w, "7g7f")
	if w.fileInfo.Text != "1 手 （未保存）" {
		t.Errorf("in Japanese: %q", w.fileInfo.Text)
	}
}

// A record whose copy cannot be written (the data folder unwritable, the disk full) says so
// once: the user counted on getting the changes back after a crash.
func TestWindowSaysWhenTheRecordCannotBeAutosaved(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "data")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil { // a file where the folder goes
		t.Fatal(err)
	}
	w, _ := windowUnderTest(t, windowOpts{autosaveDir: filepath.Join(blocker, "autosave")})
	q := &uiQueue{}
	w.study.do = q.post
	play(t, w, "7g7f")
	waitUntil(t, q, "the failure told", func() bool { return w.lastShown.title == w.msg.AutosaveFailedTitle })
	if !strings.Contains(w.lastShown.text, blocker) {
		t.Errorf("the message says %q, not why", w.lastShown.text)
	}
	tapDialogButton(t, w, w.msg.Close)
	w.lastShown = shownDialog{}
	play(t, w, "3c3d")
	if err := w.FlushAutosave(5 * time.Second); err == nil {
		t.Fatal("the second copy was written")
	}
	q.drain()
	if w.lastShown.title != "" {
		t.Errorf("the next change told again: %q", w.lastShown.title)
	}
}

// この手以降を削除 asks first when it would delete more than one move (how many, variations
// included), and キャンセル keeps them: a stray click deleted a whole game with no way back.
// The last move alone goes at once, as 待った takes it back.
func TestDeleteFromHereAsksBeforeDeletingSeveralMoves(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, henkaKIF)
	s := w.Session()
	total := movesFrom(s.Record().Root)
	s.First()
	s.Forward()
	want := movesFrom(s.Node())
	if want < 5 || want >= total {
		t.Fatalf("henka.kif: %d moves from the first, %d in all", want, total)
	}
	del := mustMenuItem(t, w, w.msg.DeleteFromHere)
	del.Action()
	if w.lastShown.title != w.msg.DeleteFromHere || !strings.Contains(w.lastShown.text, fmt.Sprintf("%d 手", want)) ||
		!strings.Contains(w.lastShown.text, "1手目") {
		t.Fatalf("asked %q %q, want the %d moves from move 1 named", w.lastShown.title, w.lastShown.text, want)
	}
	tapDialogButton(t, w, w.gameText().Cancel)
	if movesFrom(s.Record().Root) != total || s.Ply() != 1 {
		t.Fatalf("キャンセル: %d moves left of %d, at ply %d", movesFrom(s.Record().Root), total, s.Ply())
	}
	// the last move of the main line: deleted at once
	s.Last()
	for s.Node().IsSpecial() {
		s.Back() // (with the 投了 after it, which is no move)
	}
	w.lastShown = shownDialog{}
	before := movesFrom(s.Record().Root)
	if n := movesFrom(s.Node()); n != 1 {
		t.Fatalf("the last move counts %d", n)
	}
	del.Action()
	if w.lastShown.title != "" || movesFrom(s.Record().Root) != before-1 {
		t.Errorf("the last move: asked %q, %d moves left of %d", w.lastShown.title, movesFrom(s.Record().Root), before)
	}
	// all of it, from the start, asked and done
	s.First()
	del.Action()
	tapDialogButton(t, w, recordTextFor(w.msg).Delete)
	if movesFrom(s.Record().Root) != 0 {
		t.Errorf("from the start: %d moves left", movesFrom(s.Record().Root))
	}
}
