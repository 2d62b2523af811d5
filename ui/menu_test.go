package ui

import (
	"image"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"banmen/board"
	"banmen/usiclient"
)

// driverShortcut is the shortcut Fyne's desktop driver makes of key pressed with mod held
// (internal/driver/glfw/window.go, triggersShortcut, Fyne 2.8.1): Ctrl with Z, Y, V, C, X or
// A and Shift with Insert or Delete become Fyne's standard shortcuts, anything else with a
// modifier a desktop.CustomShortcut. The headless test driver has no keyboard, so the test
// does this part itself.
func driverShortcut(key fyne.KeyName, mod fyne.KeyModifier) fyne.Shortcut {
	if mod == fyne.KeyModifierShortcutDefault {
		switch key {
		case fyne.KeyZ:
			return &fyne.ShortcutUndo{}
		case fyne.KeyY:
			return &fyne.ShortcutRedo{}
		case fyne.KeyV:
			return &fyne.ShortcutPaste{Clipboard: fyne.CurrentApp().Clipboard()}
		case fyne.KeyC:
			return &fyne.ShortcutCopy{Clipboard: fyne.CurrentApp().Clipboard()}
		case fyne.KeyX:
			return &fyne.ShortcutCut{Clipboard: fyne.CurrentApp().Clipboard()}
		case fyne.KeyA:
			return &fyne.ShortcutSelectAll{}
		}
	}
	if mod == fyne.KeyModifierShift {
		switch key {
		case fyne.KeyInsert:
			return &fyne.ShortcutPaste{Clipboard: fyne.CurrentApp().Clipboard(), Secondary: true}
		case fyne.KeyDelete:
			return &fyne.ShortcutCut{Clipboard: fyne.CurrentApp().Clipboard(), Secondary: true}
		}
	}
	return &desktop.CustomShortcut{KeyName: key, Modifier: mod}
}

// pressShortcut presses key with mod in w as the desktop driver dispatches it: to the first
// menu item whose shortcut has the same name, else to the focused widget, else to the canvas.
func pressShortcut(w *MainWindow, key fyne.KeyName, mod fyne.KeyModifier) {
	sc := driverShortcut(key, mod)
	var find func(m *fyne.Menu) bool
	find = func(m *fyne.Menu) bool {
		for _, it := range m.Items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() && it.Action != nil {
				it.Action()
				return true
			}
			if it.ChildMenu != nil && find(it.ChildMenu) {
				return true
			}
		}
		return false
	}
	if mm := w.Window().MainMenu(); mm != nil {
		for _, m := range mm.Items {
			if find(m) {
				return
			}
		}
	}
	if f, ok := w.Window().Canvas().Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(sc)
		return
	}
	if c, ok := w.Window().Canvas().(fyne.Shortcutable); ok { // the desktop canvas is
		c.TypedShortcut(sc)
	}
}

// menuItems returns every item of the menus and their submenus.
func menuItems(mm *fyne.MainMenu) []*fyne.MenuItem {
	var all []*fyne.MenuItem
	var walk func(m *fyne.Menu)
	walk = func(m *fyne.Menu) {
		for _, it := range m.Items {
			all = append(all, it)
			if it.ChildMenu != nil {
				walk(it.ChildMenu)
			}
		}
	}
	for _, m := range mm.Items {
		walk(m)
	}
	return all
}

func TestEveryMenuShortcutWorksWhenPressed(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	// Every item's action is replaced by one that counts, so that pressing a shortcut shows
	// which item ran without running it.
	ran := map[*fyne.MenuItem]int{}
	var withShortcut []*fyne.MenuItem
	for _, it := range menuItems(w.Window().MainMenu()) {
		if it.Action == nil {
			continue
		}
		it := it
		it.Action = func() { ran[it]++ }
		if it.Shortcut != nil {
			withShortcut = append(withShortcut, it)
		}
	}
	if len(withShortcut) < 8 {
		t.Fatalf("only %d menu items have shortcuts", len(withShortcut))
	}
	for _, it := range withShortcut {
		ks, ok := it.Shortcut.(fyne.KeyboardShortcut)
		if !ok {
			t.Errorf("%s: the shortcut %s names no key to press", it.Label, it.Shortcut.ShortcutName())
			continue
		}
		clear(ran)
		pressShortcut(w, ks.Key(), ks.Mod())
		if ran[it] != 1 || len(ran) != 1 {
			var others []string
			for o := range ran {
				if o != it {
					others = append(others, o.Label)
				}
			}
			t.Errorf("pressing %s (%s) ran it %d times, and also %v", it.Shortcut.ShortcutName(), it.Label, ran[it], others)
		}
	}

	// and with the real actions: Ctrl+Z takes back, Ctrl+V pastes a position
	w.Window().SetMainMenu(w.buildMenu())
	play(t, w, "7g7f")
	play(t, w, "3c3d")
	pressShortcut(w, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	if w.Session().MoveCount() != 1 {
		t.Errorf("Ctrl+Z left %d moves, want 1", w.Session().MoveCount())
	}
	w.Session().MarkSavedAt("", 0, 0, w.Session().Edits()) // nothing to ask about
	sfen := "ln1gkgsnl/1r1s3b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1"
	fyne.CurrentApp().Clipboard().SetContent("sfen " + sfen)
	pressShortcut(w, fyne.KeyV, fyne.KeyModifierShortcutDefault)
	if dialogOpen(w) {
		tapDialogButton(t, w, w.msg.DontSave)
	}
	if got := w.Session().Position().SFEN(); got != sfen {
		t.Errorf("Ctrl+V: the position is %s, want %s", got, sfen)
	}
}

// Under a dialog the menu's shortcuts do nothing, as the menu itself cannot be opened
// there, but paste and undo still reach a text entry of the dialog that has the focus,
// a number entry of an engine's options too.
func TestShortcutsUnderADialog(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	play(t, w, "7g7f")
	w.showMessage("題", "本文")
	pressShortcut(w, fyne.KeyZ, fyne.KeyModifierShortcutDefault)
	pressShortcut(w, fyne.KeyR, fyne.KeyModifierShortcutDefault)
	if w.Session().MoveCount() != 1 || w.board.Flipped() {
		t.Errorf("under a message Ctrl+Z and Ctrl+R acted: %d moves, flipped %v", w.Session().MoveCount(), w.board.Flipped())
	}
	w.lastShown.d.Hide()

	// the 勝率 coefficient's entry: typed in, undone, pasted into
	w.coefficientDialog()
	e := widgetsIn[*dialogEntry](w.win.Canvas().Overlays().Top())[0]
	w.win.Canvas().Focus(e)
	w.app.Clipboard().SetContent("7")
	pressShortcut(w, fyne.KeyV, fyne.KeyModifierShortcutDefault)
	if e.Text != "6007" && e.Text != "7600" && e.Text != "7" {
		t.Errorf("Ctrl+V in the coefficient: %q", e.Text)
	}
	if w.Session().MoveCount() != 1 {
		t.Errorf("Ctrl+V in the coefficient reached the record: %d moves", w.Session().MoveCount())
	}
	w.lastShown.d.Hide()

	// a spin entry is a text entry too
	s := newSpinEntry(usiclient.Option{Name: "Threads", Type: usiclient.OptionSpin})
	w.win.SetContent(s)
	w.win.Canvas().Focus(s)
	if w.focusedEntry() == nil {
		t.Error("a focused number entry is not taken for a text entry: Ctrl+V would paste a record")
	}
}

// 表示 → 全画面表示 and F11, typed with nothing focused, with the move list focused and
// in the position editor; the menu's check follows.
func TestFullScreenByMenuAndF11(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	item := func() *fyne.MenuItem {
		for _, it := range menuItems(w.Window().MainMenu()) {
			if strings.HasPrefix(it.Label, w.msg.FullScreen) {
				return it
			}
		}
		t.Fatal("no 全画面表示 in the menus")
		return nil
	}
	check := func(what string, want bool) {
		t.Helper()
		if got := w.Window().FullScreen(); got != want {
			t.Errorf("after %s: full screen %v", what, got)
		}
		if got := item().Checked; got != want {
			t.Errorf("after %s: the menu item checked %v", what, got)
		}
	}
	check("start", false)
	if !strings.Contains(item().Label, "F11") {
		t.Errorf("the menu does not show F11: %q", item().Label)
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyF11})
	check("F11", true)
	w.record.list.TypedKey(&fyne.KeyEvent{Name: fyne.KeyF11})
	check("F11 in the move list", false)
	item().Action()
	check("the menu", true)
	w.EditPosition()
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyF11})
	check("F11 in the position editor", false)
}

// ヘルプ → Banmen について names the version the program was given, under its name.
func TestAboutShowsTheVersion(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	w.opts.Version = "0.2 (094398c)"
	w.ShowAbout()
	lines := strings.Split(w.lastShown.text, "\n")
	if w.lastShown.title != w.msg.About || len(lines) < 3 || lines[1] != "バージョン 0.2 (094398c)" || !strings.HasPrefix(lines[0], "Banmen") {
		t.Errorf("%q: %q", w.lastShown.title, w.lastShown.text)
	}
}

// 表示 → 駒の表示: the board is drawn again with two kanji on each piece, the piece box of
// the position editor too, the choice is checked and remembered, and one kanji again gives
// back the same picture.
func TestPieceStyleFromTheMenu(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	t.Cleanup(func() { SetPieceStyle(PieceOneKanji) })
	item := func(label string) *fyne.MenuItem { t.Helper(); return mustMenuItem(t, w, label) }
	c := w.Window().Canvas()
	before := c.Capture().(*image.NRGBA)
	if !item(w.msg.PieceOneKanji).Checked || item(w.msg.PieceTwoKanji).Checked {
		t.Error("one kanji is not the checked style at first")
	}
	item(w.msg.PieceTwoKanji).Action()
	if w.settings.PieceStyle() != PieceTwoKanji || !item(w.msg.PieceTwoKanji).Checked {
		t.Error("two kanji not remembered, or not checked")
	}
	two := c.Capture().(*image.NRGBA)
	if string(two.Pix) == string(before.Pix) {
		t.Error("the board looks the same with two kanji")
	}
	w.EditPosition()
	box := w.edPanel.box[board.Black][0]
	if got, want := box.img.Image, pieceImage(box.t, box.c); got != want {
		t.Error("the piece box is not drawn in the style chosen")
	}
	item(w.msg.PieceOneKanji).Action()
	if got, want := box.img.Image, pieceImage(box.t, box.c); got != want {
		t.Error("the piece box did not follow the change back to one kanji")
	}
	w.leaveEditor()
	if after := c.Capture().(*image.NRGBA); string(after.Pix) != string(before.Pix) {
		t.Error("one kanji again does not give back the first picture")
	}
	item(w.msg.PieceTwoKanji).Action()
	SetPieceStyle(PieceOneKanji)
	NewMainWindow(fyne.CurrentApp(), Options{Getenv: func(string) string { return "" }, Async: func(f func()) { f() }})
	if CurrentPieceStyle() != PieceTwoKanji {
		t.Error("the next window does not draw two kanji")
	}
}

// ヘルプ → キー操作… and F1 list every shortcut the menu has, with its menu and item, as the
// menu shows it, and the keys that have no menu item.
func TestKeysListsEveryMenuShortcut(t *testing.T) {
	for _, lang := range []string{"ja_JP.UTF-8", "en_US.UTF-8"} {
		w, _ := windowUnderTest(t, windowOpts{lang: lang})
		w.typedKey(&fyne.KeyEvent{Name: fyne.KeyF1})
		if w.lastShown.title != strings.TrimSuffix(w.msg.KeysMenu, "…") {
			t.Fatalf("%s: F1 showed %q", lang, w.lastShown.title)
		}
		text := w.lastShown.text
		n := 0
		for _, m := range w.Window().MainMenu().Items {
			for _, it := range m.Items {
				if it.Shortcut == nil {
					continue
				}
				n++
				if line := shortcutLabel(it.Shortcut) + "　" + m.Label + " › " + it.Label; !strings.Contains(text, line+"\n") {
					t.Errorf("%s: the list has no line %q", lang, line)
				}
			}
		}
		if n < 10 || strings.Count(text, "Ctrl+") != n {
			t.Errorf("%s: %d shortcuts in the menu, the list names Ctrl %d times:\n%s", lang, n, strings.Count(text, "Ctrl+"), text)
		}
		rt, _ := w.roomText()
		if !strings.Contains(text, "Ctrl+Shift+E　"+rt.MenuEngines+" › "+rt.EngineSettings) || !strings.Contains(text, "Ctrl+O　") {
			t.Errorf("%s: Ctrl+Shift+E or Ctrl+O missing:\n%s", lang, text)
		}
		if !strings.HasSuffix(text, w.msg.KeysOther) || !strings.Contains(text, "F11") {
			t.Errorf("%s: the keys without a menu item are missing:\n%s", lang, text)
		}
		tapDialogButton(t, w, w.msg.Close)
		// and from the menu
		mustMenuItem(t, w, w.msg.KeysMenu+"  (F1)").Action()
		if w.lastShown.text != text {
			t.Errorf("%s: the menu item showed %q", lang, w.lastShown.text)
		}
	}
}
