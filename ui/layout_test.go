package ui

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

// pathTo returns the objects from root down to target (both included), or nil when target
// is not under root.
func pathTo(root, target fyne.CanvasObject) []fyne.CanvasObject {
	if root == target {
		return []fyne.CanvasObject{root}
	}
	var children []fyne.CanvasObject
	switch x := root.(type) {
	case *fyne.Container:
		children = x.Objects
	case fyne.Widget:
		children = test.WidgetRenderer(x).Objects()
	}
	for _, c := range children {
		if p := pathTo(c, target); p != nil {
			return append([]fyne.CanvasObject{root}, p...)
		}
	}
	return nil
}

// placed returns where o is in w's canvas and whether it is shown (it and every object
// above it visible), laid out by the window.
func placed(w *MainWindow, o fyne.CanvasObject) (pos fyne.Position, size fyne.Size, shown bool) {
	path := pathTo(w.Window().Content(), o)
	if path == nil {
		return pos, size, false
	}
	for _, p := range path {
		if !p.Visible() {
			return pos, size, false
		}
		pos = pos.Add(p.Position())
	}
	return pos, o.Size(), true
}

// visibleIn reports whether o is shown in w, with some size, inside the window.
func visibleIn(w *MainWindow, o fyne.CanvasObject) bool {
	pos, size, shown := placed(w, o)
	cs := w.Window().Canvas().Size()
	return shown && size.Width >= 1 && size.Height >= 1 && pos.X >= 0 && pos.Y >= 0 &&
		pos.X+size.Width <= cs.Width+0.5 && pos.Y+size.Height <= cs.Height+0.5
}

type rect struct {
	name       string
	pos        fyne.Position
	size       fyne.Size
	minW, minH float32
}

func (a rect) overlaps(b rect) bool {
	const e = 0.5
	return a.pos.X+a.size.Width > b.pos.X+e && b.pos.X+b.size.Width > a.pos.X+e &&
		a.pos.Y+a.size.Height > b.pos.Y+e && b.pos.Y+b.size.Height > a.pos.Y+e
}

// The window's parts during a study, at the usual size and at 800×600, and with the text
// larger or smaller (表示 → 文字の大きさ): the board, the move list, the comment, the engine
// panel (with its lines) and the graph are all shown at once, none over another, each big
// enough to use.
func TestEvalGraphLayoutShowsEverythingAtOnce(t *testing.T) {
	for _, tc := range []struct {
		sz   fyne.Size
		text TextSize
	}{
		{fyne.NewSize(1180, 760), TextNormal}, {fyne.NewSize(800, 600), TextNormal},
		{fyne.NewSize(1180, 760), TextLarger}, {fyne.NewSize(1180, 760), TextSmall}, {fyne.NewSize(1000, 700), TextLarge},
	} {
		sz := tc.sz
		t.Run(fmt.Sprintf("%.0fx%.0f-text%d", sz.Width, sz.Height, tc.text), func(t *testing.T) {
			w, _ := windowUnderTest(t, windowOpts{})
			w.SetTextSize(tc.text)
			openRecord(t, w, meijinKIF)
			w.Session().GoTo(20)
			p := w.study.panel
			p.setEngines([]string{"A", "B"}, 3)
			rows := []rowText{{Rank: "1", Depth: "12/20", Time: "1.2s", Score: "+40", PV: strings.Repeat("▲７六歩△３四歩", 8)}}
			p.show([]engineText{{Header: "A", Position: "x", Rows: rows}, {Header: "B", Position: "x", Rows: rows}}, "x")
			w.Window().Resize(sz)
			w.Window().Content().Refresh()

			ts := float32(14)
			parts := []rect{
				{name: "board", minW: 9 * 2 * ts, minH: 9 * 2 * ts},
				{name: "move list", minW: 8 * ts, minH: 4 * ts},
				{name: "comment", minW: 8 * ts, minH: 2 * ts},
				{name: "engine panel", minW: 16 * ts, minH: 4 * ts},
				{name: "graph", minW: 110, minH: 100},
			}
			objs := []fyne.CanvasObject{w.board, w.record.list, w.record.comment, p, w.graph}
			for i := range parts {
				if !visibleIn(w, objs[i]) {
					pos, size, shown := placed(w, objs[i])
					t.Fatalf("the %s is not shown in the window (%v at %v, shown %v)", parts[i].name, size, pos, shown)
				}
				parts[i].pos, parts[i].size, _ = placed(w, objs[i])
				if parts[i].size.Width < parts[i].minW || parts[i].size.Height < parts[i].minH {
					t.Errorf("the %s is %v: too small", parts[i].name, parts[i].size)
				}
			}
			for i := range parts {
				for j := i + 1; j < len(parts); j++ {
					if parts[i].overlaps(parts[j]) {
						t.Errorf("the %s (%v at %v) and the %s (%v at %v) overlap", parts[i].name, parts[i].size, parts[i].pos,
							parts[j].name, parts[j].size, parts[j].pos)
					}
				}
			}
			// the engines' first lines are in the panel's view, not scrolled away
			r := p.blocks[0].rows[0]
			if !visibleIn(w, r) {
				t.Error("the first engine's best line is not shown")
			}
			rp, rs, _ := placed(w, r)
			pp, ps, _ := placed(w, p)
			if rp.Y+rs.Height/2 > pp.Y+ps.Height || rp.X < pp.X || rp.X+rs.Width > pp.X+ps.Width+0.5 {
				t.Errorf("the best line (%v at %v) is outside the panel (%v at %v)", rs, rp, ps, pp)
			}
			// the status line stays at the foot, under everything
			sp, _, _ := placed(w, w.status)
			for _, part := range parts {
				if part.pos.Y+part.size.Height > sp.Y+0.5 {
					t.Errorf("the %s reaches below the status line", part.name)
				}
			}
		})
	}
}

// dividerOf returns where to grab split s's divider in w's canvas.
func dividerOf(t *testing.T, w *MainWindow, s *container.Split) fyne.Position {
	t.Helper()
	lp, ls, ok := placed(w, s.Leading)
	if !ok {
		t.Fatal("the split's leading part is not shown")
	}
	if s.Horizontal {
		return fyne.NewPos(lp.X+ls.Width+2, lp.Y+ls.Height/2)
	}
	return fyne.NewPos(lp.X+ls.Width/2, lp.Y+ls.Height+2)
}

// Dragging the dividers moves them, and the next window (the next start of Banmen: the same
// preferences) has them where the user left them; a new language keeps them too.
func TestEvalGraphLayoutSplitsRemembered(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	c := w.Window().Canvas()
	moved := map[string]float64{}
	for _, name := range []string{splitBoard, splitRows, splitEngines} {
		s := w.splits[name]
		before := s.Offset
		at := dividerOf(t, w, s)
		if s.Horizontal {
			test.Drag(c, at, -60, 0)
		} else {
			test.Drag(c, at, 0, -40)
		}
		if s.Offset >= before {
			t.Fatalf("dragging the divider of %s left it at %.3f (was %.3f)", name, s.Offset, before)
		}
		moved[name] = s.Offset
	}
	deadline := time.Now().Add(10 * time.Second)
	for w.settings.SplitOffset(splitRows, -1) != moved[splitRows] {
		if time.Now().After(deadline) {
			t.Fatal("the dividers were not written down after the drag")
		}
		time.Sleep(20 * time.Millisecond)
	}
	w.SetLanguage("en")
	for name, off := range moved {
		if got := w.splits[name].Offset; got != off {
			t.Errorf("after a new language %s is at %.3f, want %.3f", name, got, off)
		}
	}
	w.RequestClose()

	again := NewMainWindow(fyne.CurrentApp(), Options{Getenv: func(string) string { return "" }, Async: func(f func()) { f() }})
	for name, off := range moved {
		if got := again.splits[name].Offset; got != off {
			t.Errorf("the next window has %s at %.3f, want %.3f", name, got, off)
		}
	}
}

// 表示 → レイアウトを元に戻す puts dragged dividers back where a first run has them, and the
// next window has them there too.
func TestResetLayoutPutsTheDividersBack(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	c := w.Window().Canvas()
	for _, name := range []string{splitBoard, splitRows, splitEngines} {
		s := w.splits[name]
		if s.Horizontal {
			test.Drag(c, dividerOf(t, w, s), -60, 0)
		} else {
			test.Drag(c, dividerOf(t, w, s), 0, -40)
		}
		if s.Offset == splitDefaults[name] {
			t.Fatalf("dragging %s did not move it", name)
		}
	}
	var reset *fyne.MenuItem
	for _, it := range menuItems(w.Window().MainMenu()) {
		if it.Label == w.msg.ResetLayout {
			reset = it
		}
	}
	if reset == nil {
		t.Fatal("no レイアウトを元に戻す in the menus")
	}
	reset.Action()
	for name, def := range splitDefaults {
		if got := w.splits[name].Offset; got != def {
			t.Errorf("%s at %.3f after the reset, want %.3f", name, got, def)
		}
		if got := w.settings.SplitOffset(name, -1); got != def {
			t.Errorf("%s written down at %.3f after the reset, want %.3f", name, got, def)
		}
	}
	w.RequestClose()
	again := NewMainWindow(fyne.CurrentApp(), Options{Getenv: func(string) string { return "" }, Async: func(f func()) { f() }})
	for name, def := range splitDefaults {
		if got := again.splits[name].Offset; got != def {
			t.Errorf("the next window has %s at %.3f, want %.3f", name, got, def)
		}
	}
}

// The main window opens at the size it had when it last closed (the next start of Banmen:
// the same preferences), not at the first run's size; closed full screen, it keeps the size
// it had before; a size no window can have is not taken.
func TestWindowSizeRemembered(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	left := fyne.NewSize(1010, 655)
	w.Window().Resize(left)
	w.RequestClose()
	if !w.closing {
		t.Fatal("the window did not close")
	}
	next := func() *MainWindow {
		return NewMainWindow(fyne.CurrentApp(), Options{Getenv: func(string) string { return "" }, Async: func(f func()) { f() }, AutosaveDir: t.TempDir()})
	}
	again := next()
	if got := again.Window().Canvas().Size(); got != left {
		t.Fatalf("the next window is %v, want %v as the last one was left", got, left)
	}

	again.Window().SetFullScreen(true)
	again.Window().Resize(fyne.NewSize(1400, 900))
	again.RequestClose()
	if got := next().Window().Canvas().Size(); got != left {
		t.Errorf("after a window closed full screen the next is %v, want %v", got, left)
	}

	for _, bad := range [][2]float64{{0, 0}, {-5, 700}, {1e9, 700}, {900, 50}} {
		p := fyne.CurrentApp().Preferences()
		p.SetFloat(prefWinW, bad[0])
		p.SetFloat(prefWinH, bad[1])
		if got := next().Window().Canvas().Size(); got != defaultWindowSize {
			t.Errorf("with %v written down the window is %v, want the first run's %v", bad, got, defaultWindowSize)
		}
	}
}

// 表示 → 文字の大きさ scales the window's text (and paddings) at once, the record panel's
// buttons too, ticks the choice, and the next start of Banmen has it.
func TestTextSizeFromTheMenu(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	normal := theme.TextSize()
	pick := func(label string) *fyne.MenuItem {
		t.Helper()
		for _, it := range menuItems(w.Window().MainMenu()) {
			if it.Label == w.msg.TextSize && it.ChildMenu != nil {
				for _, c := range it.ChildMenu.Items {
					if c.Label == label {
						return c
					}
				}
			}
		}
		t.Fatalf("no %s → %s in the menus", w.msg.TextSize, label)
		return nil
	}
	if !pick(w.msg.TextNormal).Checked {
		t.Error("標準 is not ticked on a first run")
	}
	pick(w.msg.TextLarger).Action()
	if got, want := theme.TextSize(), normal*1.3; math.Abs(float64(got-want)) > 0.01 {
		t.Fatalf("text size %.2f after 特大, want %.2f", got, want)
	}
	if l := w.record.marks.set.label; math.Abs(float64(l.TextSize-theme.TextSize())) > 0.01 {
		t.Errorf("the しおり button's text is %.2f, the theme's %.2f", l.TextSize, theme.TextSize())
	}
	if !pick(w.msg.TextLarger).Checked || pick(w.msg.TextNormal).Checked {
		t.Error("特大 is not the one ticked")
	}
	w.RequestClose()
	NewMainWindow(fyne.CurrentApp(), Options{Getenv: func(string) string { return "" }, Async: func(f func()) { f() }, AutosaveDir: t.TempDir()})
	if got, want := theme.TextSize(), normal*1.3; math.Abs(float64(got-want)) > 0.01 {
		t.Errorf("the next window's text size is %.2f, want %.2f", got, want)
	}
}
