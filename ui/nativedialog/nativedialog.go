// Package nativedialog opens the desktop's own file dialogs: GTK 3's on Linux (gtk_linux.go),
// github.com/sqweek/dialog's elsewhere.
//
// On Linux GTK 3 is loaded (dlopen) and started with the first dialog, on a thread of its own,
// not with the program: linked and started at start, as sqweek/dialog does, it held 10 MB of a
// window that may never show a file dialog, and slowed its start. Building needs no GTK
// headers; showing a dialog needs libgtk-3.so.0 and a display, or it returns an error. The
// package is apart from ui because it needs cgo; only cmd/banmen imports it.
package nativedialog

import (
	"errors"
	"path/filepath"
)

// ErrCancelled is returned when the user closes a dialog without choosing a file.
var ErrCancelled = errors.New("Cancelled")

// OpenFile shows the native "open file" dialog with the given title, offering only files
// ending in one of exts (given without the dot: "kif", "csa") when there are any, and returns
// the chosen path, or ErrCancelled.
//
// It blocks until the dialog closes: call it from a goroutine of its own, never from the Fyne
// goroutine, and hand the result back with fyne.Do. Without a display it returns an error.
// Run the app with GSETTINGS_BACKEND=memory where dconf is missing, or GTK prints warnings.
func OpenFile(title string, exts ...string) (string, error) {
	return chooseFile(request{title: title, exts: exts})
}

// SaveFile shows the native "save file" dialog starting at suggested (a file name, or a path
// whose directory the dialog opens in), offering the extensions exts, and returns the chosen
// path, or ErrCancelled. The dialog itself asks before overwriting a file. It blocks like
// OpenFile.
func SaveFile(title, suggested string, exts ...string) (string, error) {
	r := request{title: title, exts: exts, save: true}
	if dir := filepath.Dir(suggested); dir != "." && dir != "" {
		r.startDir = dir
	}
	if name := filepath.Base(suggested); name != "." && name != "" {
		r.startFile = name
	}
	return chooseFile(r)
}

// request is one dialog: open (a file, or a folder) or save.
type request struct {
	title               string
	exts                []string // offered as one filter, without the dot
	save, folder        bool
	startDir, startFile string
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
	return noCancel(chooseFile(request{title: title, folder: true}))
}
