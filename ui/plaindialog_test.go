package ui

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
)

// assertPlain fails the test if the dialog o writes anything in bold: Fyne's buttons (their
// labels are bold), bold texts, labels or rich texts (a widget.Form's labels). The first bold
// text makes Fyne parse the bundled font again, about 6 MB (plaindialog.go).
func assertPlain(t *testing.T, name string, o fyne.CanvasObject) {
	t.Helper()
	if bs := widgetsIn[*widget.Button](o); len(bs) > 0 {
		t.Errorf("%s: %d of Fyne's buttons (%q…), which write their labels in bold", name, len(bs), bs[0].Text)
	}
	texts := widgetsIn[*canvas.Text](o)
	for _, tx := range texts {
		if tx.TextStyle.Bold {
			t.Errorf("%s: %q is bold", name, tx.Text)
		}
	}
	for _, l := range widgetsIn[*widget.Label](o) {
		if l.TextStyle.Bold {
			t.Errorf("%s: the label %q is bold", name, l.Text)
		}
	}
	for _, rt := range widgetsIn[*widget.RichText](o) {
		for _, s := range rt.Segments {
			if ts, ok := s.(*widget.TextSegment); ok && ts.Style.TextStyle.Bold {
				t.Errorf("%s: %q is bold", name, ts.Text)
			}
		}
	}
	if len(texts) == 0 {
		t.Errorf("%s: no text found: the walk through the dialog is broken", name)
	}
}

// The dialogs of everyday work write nothing in bold; each closes with its button.
func TestEverydayDialogsArePlain(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	at := w.analysisText()
	for _, c := range []struct {
		name, close string
		open        func()
	}{
		{"a message", w.msg.Close, func() { w.showMessage("題", "本文") }},
		{"an error", w.msg.Close, func() { w.showError("題", "開けませんでした", "") }},
		{"保存しますか", w.msg.Cancel, func() {
			play(t, w, "7g7f")
			w.confirmDiscard(func() { t.Error("キャンセル went on") })
		}},
		{"棋譜解析", at.Cancel, func() { w.analyseDialog([]engine.Definition{{Name: "A", Path: "/bin/true"}}) }},
		{"勝率の係数", at.Cancel, w.coefficientDialog},
	} {
		c.open()
		ov := w.Window().Canvas().Overlays().Top()
		if ov == nil {
			t.Fatalf("%s: no dialog", c.name)
		}
		assertPlain(t, c.name, ov)
		tapDialogButton(t, w, c.close)
		if dialogOpen(w) {
			t.Errorf("%s: %q left the dialog open", c.name, c.close)
		}
	}
}

// A plain confirmation tells its callback which button closed it; closed otherwise, it was
// dismissed.
func TestPlainConfirmReportsTheAnswer(t *testing.T) {
	test.NewTempApp(t)
	win := test.NewTempWindow(t, widget.NewLabel(""))
	win.Resize(fyne.NewSize(600, 400))
	var answers []bool
	d := newPlainConfirm("題", "はい", "いいえ", widget.NewLabel("本文"), func(ok bool) { answers = append(answers, ok) }, win)
	ov := func() fyne.CanvasObject { return win.Canvas().Overlays().Top() }
	d.Show()
	assertPlain(t, "the confirmation", ov())
	tapPlainButton(t, ov(), "はい")
	d.Show()
	tapPlainButton(t, ov(), "いいえ")
	d.Show()
	d.Hide()
	if want := []bool{true, false, false}; len(answers) != 3 || answers[0] != want[0] || answers[1] != want[1] || answers[2] != want[2] {
		t.Errorf("はい, いいえ, Hide: the callback heard %v, want %v", answers, want)
	}
	if ov() != nil {
		t.Error("the dialog is still open")
	}
}

// A plain button is coloured by its importance as Fyne's buttons are.
func TestPlainButtonImportance(t *testing.T) {
	test.NewTempApp(t)
	for _, c := range []struct {
		imp    widget.Importance
		bg, fg fyne.ThemeColorName
	}{
		{widget.MediumImportance, theme.ColorNameButton, theme.ColorNameForeground},
		{widget.HighImportance, theme.ColorNamePrimary, theme.ColorNameForegroundOnPrimary},
		{widget.DangerImportance, theme.ColorNameError, theme.ColorNameForegroundOnError},
	} {
		b := newPlainButtonOf("押す", c.imp, nil)
		test.WidgetRenderer(b).Refresh()
		if !sameColor(b.bg.FillColor, theme.Color(c.bg)) || !sameColor(b.label.Color, theme.Color(c.fg)) {
			t.Errorf("importance %v: background %v and text %v, want %s and %s", c.imp, b.bg.FillColor, b.label.Color, c.bg, c.fg)
		}
		if b.label.TextStyle.Bold {
			t.Errorf("importance %v: the label is bold", c.imp)
		}
	}
}

func sameColor(a, b color.Color) bool {
	r1, g1, b1, a1 := a.RGBA()
	r2, g2, b2, a2 := b.RGBA()
	return r1 == r2 && g1 == g2 && b1 == b2 && a1 == a2
}

// drawnIn is widgetsIn less what is hidden: what the window draws.
func drawnIn[T fyne.CanvasObject](o fyne.CanvasObject) []T {
	var out []T
	if o == nil || !o.Visible() {
		return nil
	}
	if x, ok := o.(T); ok {
		out = append(out, x)
	}
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			out = append(out, drawnIn[T](c)...)
		}
		return out
	}
	if wd, ok := o.(fyne.Widget); ok {
		for _, c := range test.WidgetRenderer(wd).Objects() {
			out = append(out, drawnIn[T](c)...)
		}
	}
	return out
}

// The main window, a record open, draws nothing in bold: the first bold text would make
// Fyne parse the bundled font a second time (plaindialog.go). (A game's clocks are bold for
// the side to move: a game pays for it.)
func TestMainWindowWritesNothingInBold(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(30)
	content := w.Window().Content()
	w.Window().Canvas().Capture() // lays everything out
	if bs := drawnIn[*widget.Button](content); len(bs) > 0 {
		t.Errorf("%d of Fyne's buttons (%q…), which write their labels in bold", len(bs), bs[0].Text)
	}
	texts := drawnIn[*canvas.Text](content)
	for _, tx := range texts {
		if tx.TextStyle.Bold && tx.Text != "" {
			t.Errorf("%q is bold", tx.Text)
		}
	}
	for _, rt := range drawnIn[*widget.RichText](content) {
		for _, s := range rt.Segments {
			if ts, ok := s.(*widget.TextSegment); ok && ts.Style.TextStyle.Bold && ts.Text != "" {
				t.Errorf("%q is bold", ts.Text)
			}
		}
	}
	if len(texts) < 50 {
		t.Errorf("only %d texts found in the window: the walk through it is broken", len(texts))
	}
}

// Esc typed in the window answers the plain dialog on top as its cancel button does: a
// message closes, 保存しますか cancels (nothing dropped, nothing run), and a dialog whose every
// answer does something (the autosave's restore or discard) stays open. Enter presses its
// default button; other keys do nothing.
func TestEscapeAndEnterAnswerThePlainDialogOnTop(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	esc := func() { w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape}) }
	top := func() fyne.CanvasObject { return w.win.Canvas().Overlays().Top() }

	w.showMessage("題", "本文")
	if top() == nil {
		t.Fatal("no message shown")
	}
	esc()
	if top() != nil {
		t.Error("Esc left the message open")
	}

	if _, _, err := w.sess.Play(w.sess.Position().LegalMoves(nil)[0]); err != nil {
		t.Fatal(err)
	}
	ran := false
	w.confirmDiscard(func() { ran = true })
	if top() == nil {
		t.Fatal("unsaved changes asked nothing")
	}
	esc()
	if top() != nil || ran || !w.sess.Dirty() {
		t.Errorf("Esc on 保存しますか: open %v, went on %v, changes kept %v", top() != nil, ran, w.sess.Dirty())
	}

	answered := ""
	var d *plainDialog
	d = newPlainDialog("題", widget.NewLabel("本文"), []*plainButton{
		newPlainButton("捨てる", false, func() { answered = "discard"; d.Hide() }),
		newPlainButton("戻す", true, func() { answered = "restore"; d.Hide() }),
	}, w.win)
	d.Show()
	esc()
	if top() == nil || answered != "" {
		t.Errorf("Esc answered a dialog with no cancel: open %v, answer %q", top() != nil, answered)
	}
	d.Hide()

	// the next dialog's cancel, once the one above it is closed
	w.showMessage("下", "一")
	w.showMessage("上", "二")
	esc()
	if top() == nil {
		t.Error("Esc closed both messages")
	}
	esc()
	if top() != nil {
		t.Error("the second Esc left the first message open")
	}
	esc() // nothing open: the board's selection, as before

	// Enter presses the default button: a message's only one, a question's main action
	enter := func() { w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyReturn}) }
	w.showMessage("題", "本文")
	enter()
	if top() != nil {
		t.Error("Enter left the message open")
	}
	var answers []bool
	c := newPlainConfirm("題", "はい", "いいえ", widget.NewLabel("本文"), func(ok bool) { answers = append(answers, ok) }, w.win)
	c.Show()
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEnter}) // the keypad's
	c.Show()
	esc()
	c.Show()
	w.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyA})
	if len(answers) != 2 || !answers[0] || answers[1] || top() == nil {
		t.Errorf("Enter, Esc, A on a question: answers %v, open %v; want [true false], open", answers, top() != nil)
	}
	c.Hide()
}

// A dialog's text entries pass Esc to the dialog (its cancel), and Enter too where the entry
// has no use for it (its default button); Ctrl+V and Ctrl+Z still go to the entry.
func TestEntriesOfDialogsPassEscAndEnter(t *testing.T) {
	w, q := gameWindow(t)
	typeIn := func(e *dialogEntry, key fyne.KeyName) {
		w.win.Canvas().Focus(e)
		w.win.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: key})
	}
	// a plain dialog: the 勝率 coefficient
	w.coefficientDialog()
	e := widgetsIn[*dialogEntry](w.win.Canvas().Overlays().Top())[0]
	w.win.Canvas().Focus(e)
	if w.focusedEntry() == nil {
		t.Error("Ctrl+V and Ctrl+Z in a dialog's entry would go to the record")
	}
	e.SetText("300")
	typeIn(e, fyne.KeyReturn)
	if dialogOpen(w) || w.WinRateCoefficient() != 300 {
		t.Errorf("Enter in the coefficient: open %v, coefficient %v", dialogOpen(w), w.WinRateCoefficient())
	}
	w.coefficientDialog()
	e = widgetsIn[*dialogEntry](w.win.Canvas().Overlays().Top())[0]
	e.SetText("400")
	typeIn(e, fyne.KeyEscape)
	if dialogOpen(w) || w.WinRateCoefficient() != 300 {
		t.Errorf("Esc in the coefficient: open %v, coefficient %v", dialogOpen(w), w.WinRateCoefficient())
	}

	// one of Fyne's: 対局開始, Esc in its main time
	d := openGameDialog(t, w, q)
	typeIn(d.main[0], fyne.KeyEscape)
	if dialogOpen(w) || w.game.dialogOpen || w.Playing() {
		t.Errorf("Esc in 対局開始's main time: open %v, playing %v", dialogOpen(w), w.Playing())
	}
}
