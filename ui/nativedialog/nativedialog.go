// Package nativedialog opens the desktop's own file dialogs (GTK 3 on Linux, through
// github.com/sqweek/dialog).
//
// It is a package of its own, apart from ui, because sqweek/dialog initialises GTK when the
// package is loaded: a program that imports it needs cgo, GTK 3 and, to show a dialog, a
// display. ui's headless tests stay free of that; only cmd/banmen imports this package.
package nativedialog

import "github.com/sqweek/dialog"

// ErrCancelled is returned when the user closes a dialog without choosing a file.
var ErrCancelled = dialog.ErrCancelled

// OpenFile shows the native "open file" dialog with the given title, offering only files
// ending in one of exts (given without the dot: "kif", "csa") when there are any, and returns
// the chosen path, or ErrCancelled.
//
// It blocks until the dialog closes: call it from a goroutine of its own, never from the Fyne
// goroutine, and hand the result back with fyne.Do. It panics when there is no display.
// Run the app with GSETTINGS_BACKEND=memory where dconf is missing, or GTK prints warnings.
func OpenFile(title string, exts ...string) (string, error) {
	b := dialog.File().Title(title)
	if len(exts) > 0 {
		b = b.Filter(filterName(exts), exts...)
	}
	return b.Load()
}

// filterName is what the dialog shows for a filter: "*.kif *.kifu".
func filterName(exts []string) string {
	s := ""
	for i, e := range exts {
		if i > 0 {
			s += " "
		}
		s += "*." + e
	}
	return s
}
