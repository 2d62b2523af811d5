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
