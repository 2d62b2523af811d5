package ui

import (
	"reflect"
	"slices"
	"strings"
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

// A right click on a move goes there and opens its menu: make its line the main line, move
// it up, delete from it, しおり, 分岐ツリー, each enabled where it can act.
func TestRecordMoveMenu(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, henkaKIF)
	v, s := w.record, w.Session()
	rows := widgetsIn[*moveRow](w.Window().Content())
	var row3 *moveRow
	for _, r := range rows {
		if r.id == 3 {
			row3 = r
		}
	}
	if row3 == nil {
		t.Fatalf("no row of move 3 among %d rows", len(rows))
	}
	row3.TappedSecondary(&fyne.PointEvent{AbsolutePosition: fyne.NewPos(20, 20)})
	if s.Ply() != 3 || w.Window().Canvas().Overlays().Top() == nil {
		t.Fatalf("a right click on move 3: at ply %d, menu shown %v", s.Ply(), w.Window().Canvas().Overlays().Top() != nil)
	}
	w.Window().Canvas().Overlays().Top().Hide()
	enabled := func(m *fyne.Menu) []bool {
		return []bool{!m.Items[0].Disabled, !m.Items[1].Disabled, !m.Items[2].Disabled}
	}
	// on the main line: nothing to promote
	if got := enabled(v.moveMenu()); !reflect.DeepEqual(got, []bool{false, false, true}) {
		t.Errorf("main-line move: main line, up, delete enabled %v", got)
	}
	// move 3's alternative: make it the main line from the menu
	if !s.SelectVariation(1) {
		t.Fatal("move 3 has no alternative")
	}
	alt := s.Node()
	m := v.moveMenu()
	if got := enabled(m); !reflect.DeepEqual(got, []bool{true, true, true}) {
		t.Errorf("a variation: main line, up, delete enabled %v", got)
	}
	m.Items[0].Action()
	if !alt.IsMainLine() {
		t.Error("本譜にする from the menu left the variation aside")
	}
	// delete from it: the cursor goes back to move 2, and the move is gone
	parent := alt.Parent()
	v.moveMenu().Items[2].Action()
	if w.lastShown.title != w.msg.DeleteFromHere || !strings.Contains(w.lastShown.text, "3手目") {
		t.Fatalf("この手以降を削除 of several moves asked %q %q", w.lastShown.title, w.lastShown.text)
	}
	tapDialogButton(t, w, recordTextFor(w.msg).Delete)
	if s.Ply() != 2 || slices.Contains(parent.Children(), alt) {
		t.Errorf("この手以降を削除: at ply %d, still there %v", s.Ply(), slices.Contains(parent.Children(), alt))
	}
	// the start position: nothing to promote, the whole record can go
	s.First()
	if got := enabled(v.moveMenu()); !reflect.DeepEqual(got, []bool{false, false, true}) {
		t.Errorf("the start: main line, up, delete enabled %v", got)
	}
}
