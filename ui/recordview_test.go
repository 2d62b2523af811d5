package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"banmen/ui/session"
)

// pressKey types a key in w as the desktop driver delivers it: to the focused widget, else
// to the canvas (and so to the window's own key handler).
func pressKey(w *MainWindow, k fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: k}
	c := w.Window().Canvas()
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
		return
	}
	if h := c.OnTypedKey(); h != nil {
		h(ev)
	}
}

func TestRecordArrowsStillStepAfterAVariationIsChosen(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, henkaKIF)
	s := w.Session()
	for s.Ply() < s.MoveCount() && !session.HasVariations(s.Node()) {
		s.Forward()
	}
	if !session.HasVariations(s.Node()) {
		t.Fatalf("%s has no move with variations", henkaKIF)
	}
	ply := s.Ply()
	// tap the second radio button, as the user does
	items := test.WidgetRenderer(w.record.variations).Objects()
	if len(items) < 2 {
		t.Fatalf("the variations box shows %d buttons", len(items))
	}
	test.Tap(items[1].(fyne.Tappable))
	if s.Node().Index() != 1 {
		t.Fatalf("tapping the second variation: at index %d", s.Node().Index())
	}
	if f := w.Window().Canvas().Focused(); f != nil {
		t.Errorf("the focus stayed on %T after choosing a variation", f)
	}
	pressKey(w, fyne.KeyLeft)
	if s.Ply() != ply-1 {
		t.Errorf("← after choosing a variation: ply %d, want %d", s.Ply(), ply-1)
	}
	pressKey(w, fyne.KeyRight)
	pressKey(w, fyne.KeyRight)
	if s.Ply() != ply+1 || s.Cursor().Line()[ply].Index() != 1 {
		t.Errorf("→ → then: ply %d, want %d in the variation", s.Ply(), ply+1)
	}
}

func TestRecordStartRowIsShownAtPlyZero(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, meijinKIF)
	l := w.record.list
	// the user scrolls the list with the wheel at ply 0, then opens another record
	l.ScrollToOffset(400)
	if l.GetScrollOffset() == 0 {
		t.Fatal("the list did not scroll")
	}
	openRecord(t, w, meijinKIF) // again: as long as before
	if w.Session().Ply() != 0 || l.GetScrollOffset() != 0 {
		t.Errorf("a record opened at ply %d shows the list scrolled by %v", w.Session().Ply(), l.GetScrollOffset())
	}
	// from the end, back to the start
	pressKey(w, fyne.KeyEnd)
	l.ScrollToOffset(10)
	pressKey(w, fyne.KeyHome)
	if l.GetScrollOffset() != 0 {
		t.Errorf("Home: the list is scrolled by %v", l.GetScrollOffset())
	}
	// a list laid out after it was told the row (a new window) shows the start row too
	w.SetLanguage("en")
	w.Window().Resize(fyne.NewSize(1000, 700))
	if l := w.record.list; l.GetScrollOffset() != 0 {
		t.Errorf("after the window was built again: the list is scrolled by %v", l.GetScrollOffset())
	}
}
