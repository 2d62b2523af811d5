package ui

import (
	"fmt"
	"runtime"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// ヘルプ → キー操作… (F1): the keys of the window in one list. The shortcuts are read from the
// menu itself, so that the list can never differ from what the menu shows and runs; the keys
// that have no menu item (moving through the record, F11, Esc and Enter) follow.

// ShowKeys shows the list of keys, in two columns: the keys, and what they do.
func (w *MainWindow) ShowKeys() {
	title, text := strings.TrimSuffix(w.msg.KeysMenu, "…"), w.keysText()
	var cells []fyne.CanvasObject
	for _, l := range strings.Split(text, "\n") {
		key, what, _ := strings.Cut(l, "　")
		cells = append(cells, widget.NewLabel(key), widget.NewLabel(what))
	}
	d := newPlainCustom(title, w.msg.Close, container.New(compactForm{}, cells...), w.win)
	w.lastShown = shownDialog{title, text, d}
	d.Show()
}

// compactForm lays out pairs of cells as a form does (the first column as wide as its widest
// cell), with the rows only as tall as their text: a form's padding made the list taller than
// the window.
type compactForm struct{}

func (compactForm) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w0, w1, h := compactColumns(objs)
	return fyne.NewSize(w0+theme.Padding()*2+w1, h)
}

func (compactForm) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w0, _, _ := compactColumns(objs)
	y := float32(0)
	for i := 0; i+1 < len(objs); i += 2 {
		rh := max(objs[i].MinSize().Height, objs[i+1].MinSize().Height) - theme.Padding()*2
		objs[i].Move(fyne.NewPos(0, y-theme.Padding()))
		objs[i].Resize(fyne.NewSize(w0, rh+theme.Padding()*2))
		objs[i+1].Move(fyne.NewPos(w0+theme.Padding()*2, y-theme.Padding()))
		objs[i+1].Resize(fyne.NewSize(size.Width-w0-theme.Padding()*2, rh+theme.Padding()*2))
		y += rh
	}
}

// compactColumns are the widths of the two columns and the height of the rows.
func compactColumns(objs []fyne.CanvasObject) (w0, w1, h float32) {
	for i := 0; i+1 < len(objs); i += 2 {
		a, b := objs[i].MinSize(), objs[i+1].MinSize()
		w0, w1 = max(w0, a.Width), max(w1, b.Width)
		h += max(a.Height, b.Height) - theme.Padding()*2
	}
	return w0, w1, h
}

// keysText is the list: a line per menu item that has a shortcut ("Ctrl+O　ファイル › 開く…"),
// in the menu's order, then the other keys.
func (w *MainWindow) keysText() string {
	var b strings.Builder
	var walk func(path string, items []*fyne.MenuItem)
	walk = func(path string, items []*fyne.MenuItem) {
		for _, it := range items {
			if it.IsSeparator {
				continue
			}
			if it.ChildMenu != nil {
				walk(path+" › "+it.Label, it.ChildMenu.Items)
			}
			if it.Shortcut != nil {
				fmt.Fprintf(&b, "%s　%s › %s\n", shortcutLabel(it.Shortcut), path, it.Label)
			}
		}
	}
	if mm := w.win.MainMenu(); mm != nil {
		for _, m := range mm.Items {
			walk(m.Label, m.Items)
		}
	}
	b.WriteString("\n")
	b.WriteString(w.msg.KeysOther)
	return b.String()
}

// shortcutLabel writes a shortcut as a menu shows it: "Ctrl+Shift+E" (⌘ on macOS).
func shortcutLabel(sc fyne.Shortcut) string {
	ks, ok := sc.(fyne.KeyboardShortcut)
	if !ok {
		return sc.ShortcutName()
	}
	var parts []string
	mod := ks.Mod()
	if mod&fyne.KeyModifierShortcutDefault != 0 {
		if runtime.GOOS == "darwin" {
			parts = append(parts, "⌘")
		} else {
			parts = append(parts, "Ctrl")
		}
	}
	if mod&fyne.KeyModifierAlt != 0 {
		parts = append(parts, "Alt")
	}
	if mod&fyne.KeyModifierShift != 0 {
		parts = append(parts, "Shift")
	}
	return strings.Join(append(parts, string(ks.Key())), "+")
}
