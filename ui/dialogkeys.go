package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Esc and Enter in dialogs. Fyne's dialogs take no keys; Banmen's answer Esc as their cancel
// (close, no) button does and Enter as their default button (the main action) does, as
// desktop dialogs do, when the key reaches the window: typed while no text entry has the
// focus (an entry keeps Enter and Esc for itself).

// dialogKeys is what Esc and Enter do in one dialog (nil: nothing).
type dialogKeys struct {
	canvas        fyne.Canvas
	escape, enter func()
}

// shownDialogKeys are the dialogs open, by the overlay each put on its canvas.
var shownDialogKeys = map[fyne.CanvasObject]dialogKeys{}

// answerKeys makes Esc and Enter run escape and enter while the dialog just shown on c is
// on top of c's overlays, and returns its overlay (for forgetKeys). Dialogs closed since
// they were shown are forgotten here too.
func answerKeys(c fyne.Canvas, escape, enter func()) fyne.CanvasObject {
	for o, k := range shownDialogKeys {
		if !slices.Contains(k.canvas.Overlays().List(), o) {
			delete(shownDialogKeys, o)
		}
	}
	top := c.Overlays().Top()
	if top != nil {
		shownDialogKeys[top] = dialogKeys{c, escape, enter}
	}
	return top
}

// forgetKeys forgets the dialog whose overlay is o, closed.
func forgetKeys(o fyne.CanvasObject) { delete(shownDialogKeys, o) }

// pressDialogKey answers Esc or Enter typed in c: the dialog on top of c's overlays, if it
// answers that key, does what it does for it, and true is reported; with no such dialog on
// top, or another key, nothing happens.
func pressDialogKey(c fyne.Canvas, key fyne.KeyName) bool {
	k, ok := shownDialogKeys[c.Overlays().Top()]
	if !ok {
		return false
	}
	var f func()
	switch key {
	case fyne.KeyEscape:
		f = k.escape
	case fyne.KeyReturn, fyne.KeyEnter:
		f = k.enter
	}
	if f == nil {
		return false
	}
	f()
	return true
}

// dialogEntry is a one-line text entry of a dialog: Esc typed in it answers the dialog as
// Esc typed outside it does (its cancel), and so does Enter where the entry has no use of
// its own for it (no OnSubmitted): the dialog's default button.
type dialogEntry struct {
	widget.Entry
	outer     fyne.CanvasObject // the widget in the window: this one, or one that embeds it
	escClears bool              // a search box: Esc empties it first, and answers when empty
}

func newDialogEntry() *dialogEntry {
	e := &dialogEntry{}
	e.outer = e
	e.ExtendBaseWidget(e)
	return e
}

// TypedKey is part of fyne.Focusable.
func (e *dialogEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape && e.escClears && e.Text != "" {
		e.SetText("")
		return
	}
	answers := ev.Name == fyne.KeyEscape ||
		(ev.Name == fyne.KeyReturn || ev.Name == fyne.KeyEnter) && e.OnSubmitted == nil
	if answers {
		if c := fyne.CurrentApp().Driver().CanvasForObject(e.outer); c != nil && pressDialogKey(c, ev.Name) {
			return
		}
	}
	e.Entry.TypedKey(ev)
}
