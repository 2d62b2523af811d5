// Package nativedialog opens the desktop's own file dialogs (GTK 3 on Linux, through
// github.com/sqweek/dialog).
//
// It is a package of its own, apart from ui, because sqweek/dialog initialises GTK when the
// package is loaded: a program that imports it needs cgo, GTK 3 and, to show a dialog, a
// display. ui's headless tests stay free of that; only cmd/banmen imports this package.
package nativedialog

import (
	"errors"
	"path/filepath"

	"github.com/sqweek/dialog"
)

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

// SaveFile shows the native "save file" dialog starting at suggested (a file name, or a path
// whose directory the dialog opens in), offering the extensions exts, and returns the chosen
// path, or ErrCancelled. The dialog itself asks before overwriting a file. It blocks like
// OpenFile.
func SaveFile(title, suggested string, exts ...string) (string, error) {
	b := dialog.File().Title(title)
	if len(exts) > 0 {
		b = b.Filter(filterName(exts), exts...)
	}
	if dir := filepath.Dir(suggested); dir != "." && dir != "" {
		b = b.SetStartDir(dir)
	}
	if name := filepath.Base(suggested); name != "." && name != "" {
		b = b.SetStartFile(name)
	}
	return b.Save()
}

// Dialogs are the native dialogs as the ui package asks for them: a cancelled dialog is an
// empty path, not an error.
type Dialogs struct{}

// OpenFile is nativedialog.OpenFile with cancelling as "".
func (Dialogs) OpenFile(title string, exts []string) (string, error) {
	return noCancel(OpenFile(title, exts...))
}

// SaveFile is nativedialog.SaveFile with cancelling as "".
func (Dialogs) SaveFile(title, suggested string, exts []string) (string, error) {
	return noCancel(SaveFile(title, suggested, exts...))
}

func noCancel(path string, err error) (string, error) {
	if errors.Is(err, ErrCancelled) {
		return "", nil
	}
	return path, err
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

// OpenFolder shows the native folder chooser and returns the chosen folder, or "" when the
// user cancelled (ui.FolderDialogs: for engine options that name a folder). It blocks like
// OpenFile.
func (Dialogs) OpenFolder(title string) (string, error) {
	return noCancel(dialog.Directory().Title(title).Browse())
}
