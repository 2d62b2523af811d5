package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"syscall"

	"fyne.io/fyne/v2"

	"banmen/internal/atomicfile"
	"banmen/kifu"
	"banmen/kifu/recordfile"
)

// Open asks for a file with the desktop's dialog and opens it (after asking about unsaved
// changes).
func (w *MainWindow) Open() {
	if w.game.refuse() || w.refuseEditing(w.msg.Open) {
		return // the game's next move would replace the record opened; the editor's edits would be lost
	}
	if w.opts.Dialogs == nil {
		w.setStatus(w.msg.NoFileDialog)
		return
	}
	w.confirmDiscard(func() {
		w.opts.Async(func() {
			path, err := w.opts.Dialogs.OpenFile(w.msg.Open, recordfile.OpenExtensions)
			fyne.Do(func() {
				switch {
				case err != nil:
					w.showError(w.msg.Error, clipText(firstLine(err.Error()), 120), err.Error())
				case path != "":
					w.OpenFile(path)
				}
			})
		})
	})
}

// OpenRecent opens one of the recent files (after asking about unsaved changes).
func (w *MainWindow) OpenRecent(path string) {
	if w.game.refuse() || w.refuseEditing(w.msg.OpenRecent) {
		return
	}
	w.confirmDiscard(func() { w.OpenFile(path) })
}

// OpenFile reads path off the Fyne goroutine and shows its record. A file that cannot be read
// gets a dialog naming the file, the line and the problem, and nothing else changes. It does
// not ask about unsaved changes: its callers do.
func (w *MainWindow) OpenFile(path string) {
	w.opts.Async(func() {
		rec, f, enc, err := recordfile.ReadFile(path)
		fyne.Do(func() {
			if err != nil {
				var part *recordfile.PartialError
				if errors.As(err, &part) {
					w.offerPartial(w.msg.ReadErrorTitle, w.readErrorSummary(fileName(path), err), part, func(line int) {
						w.loadPartial(part, fmt.Sprintf(w.msg.OpenedPartialF, filepath.Base(path), line, part.Moves))
					})
					return
				}
				w.showError(w.msg.ReadErrorTitle, w.readErrorSummary(fileName(path), err), err.Error())
				if errors.Is(err, fs.ErrNotExist) {
					w.settings.RemoveRecent(path)
					w.win.SetMainMenu(w.buildMenu())
				}
				return
			}
			w.sess.Load(rec, path, f, enc)
			w.settings.AddRecent(path)
			w.win.SetMainMenu(w.buildMenu())
			w.setStatus(fmt.Sprintf(w.msg.OpenedF, filepath.Base(path)))
			w.sayWarnings(filepath.Base(path), rec.Warnings)
		})
	})
}

// offerPartial shows the error of a record read only in part with, beside 閉じる, the offer to
// open the moves read before the reader stopped: as a new record with no file, so that saving
// asks for a name and the file is never written over with less. open opens them, given the
// line the reader stopped at.
func (w *MainWindow) offerPartial(title, summary string, part *recordfile.PartialError, open func(line int)) {
	line := 0
	var pe *kifu.ParseError
	if errors.As(part.Err, &pe) {
		line = pe.Line
	}
	text := summary + "\n\n" + fmt.Sprintf(w.msg.PartialOfferF, part.Moves)
	d := newPlainConfirm(title, w.msg.OpenPartial, w.msg.Close, w.errorContent(text, part.Error()), func(ok bool) {
		// a game started since the file was chosen would have its record replaced
		if ok && !w.game.refuse() {
			open(line)
		}
	}, w.win)
	w.lastShown = shownDialog{title, text, d}
	w.lastDetail = part.Error()
	d.Show()
}

// sayWarnings tells in the status line what the reader of the record named name worked around
// (a line it did not understand, more pieces than a set has, …), the first ten of them.
func (w *MainWindow) sayWarnings(name string, warnings []kifu.Warning) {
	if len(warnings) == 0 {
		return
	}
	var lines []string
	for i, wn := range warnings {
		if i == 10 {
			lines = append(lines, "…")
			break
		}
		lines = append(lines, w.warningText(wn))
	}
	w.setStatus(fmt.Sprintf(w.msg.WarningsF, name, len(warnings), strings.Join(lines, "; ")))
}

// loadPartial shows the record of part, with no file, and says so in the status line.
func (w *MainWindow) loadPartial(part *recordfile.PartialError, status string) {
	w.sess.Load(part.Record, "", part.Format, part.Encoding)
	w.setStatus(status)
}

// dropped opens the first file dropped on the window.
func (w *MainWindow) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, u := range uris {
		if u.Scheme() == "file" {
			if w.game.refuse() || w.refuseEditing(w.msg.Open) {
				return
			}
			path := u.Path()
			w.confirmDiscard(func() { w.OpenFile(path) })
			return
		}
	}
	w.setStatus(w.msg.DroppedNotFile)
}

// Paste reads the clipboard as a record or a position in any format and shows it (after
// asking about unsaved changes). Text that is neither gets a dialog and changes nothing. While
// a text entry has the focus, Ctrl+V pastes into it instead; while the position editor is
// open, the position goes into the editor.
func (w *MainWindow) Paste() {
	if e := w.focusedEntry(); e != nil {
		e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: w.app.Clipboard()})
		return
	}
	if w.game.refuse() {
		return
	}
	text := w.app.Clipboard().Content()
	if strings.TrimSpace(text) == "" {
		w.setStatus(w.msg.PasteNothing)
		return
	}
	rec, f, err := recordfile.ParseText(text)
	var part *recordfile.PartialError
	if errors.As(err, &part) && w.editor == nil {
		w.offerPartial(w.msg.Error, fmt.Sprintf(w.msg.PasteErrorF, w.errorReason(err)), part, func(line int) {
			w.confirmDiscard(func() { w.loadPartial(part, fmt.Sprintf(w.msg.PastedPartialF, line, part.Moves)) })
		})
		return
	}
	if err != nil {
		w.showError(w.msg.Error, fmt.Sprintf(w.msg.PasteErrorF, w.errorReason(err)), err.Error())
		return
	}
	if w.editor != nil {
		// into the position editor: the position the text ends at (an SFEN's, a record's
		// last), to edit on; the record behind the editor stays as it is
		w.edPanel.setPosition(rec.Position(rec.MainEnd()), w.msg.PastedIntoEditor)
		return
	}
	w.confirmDiscard(func() {
		w.sess.Load(rec, "", f, kifu.UTF8)
		w.sayWarnings(w.msg.PastedText, rec.Warnings)
	})
}

// Save writes the record back to its file, or asks where when it has none; then runs after
// (nil for nothing) once it is saved.
func (w *MainWindow) Save(after func()) {
	if w.savesAs() {
		w.SaveAs(after)
		return
	}
	w.writeRecord(w.sess.Path(), w.sess.Format(), w.sess.Encoding(), after)
}

// savesAs reports whether Save asks where to save: the record has no file, or one of a
// format Banmen does not write.
func (w *MainWindow) savesAs() bool {
	return w.sess.Path() == "" || w.sess.Format() == kifu.UnknownFormat
}

// SaveAs asks where to save (the extension chooses the format: .kif .kifu .ki2 .ki2u .csa
// .jkf; none means KIF) and saves; then runs after (nil for nothing).
func (w *MainWindow) SaveAs(after func()) {
	if w.opts.Dialogs == nil {
		w.setStatus(w.msg.NoFileDialog)
		return
	}
	suggested := w.sess.Path()
	if suggested == "" || w.sess.Format() == kifu.USI {
		ext := ".kif"
		if w.settings.SaveUTF8() {
			ext = ".kifu"
		}
		suggested = strings.TrimSuffix(w.sess.Name(w.msg.Untitled), filepath.Ext(w.sess.Path())) + ext
	}
	var exts []string
	for _, sf := range recordfile.SaveFormats {
		exts = append(exts, sf.Exts...)
	}
	w.opts.Async(func() {
		path, err := w.opts.Dialogs.SaveFile(w.msg.SaveAs, suggested, exts)
		fyne.Do(func() {
			if err != nil {
				w.showError(w.msg.Error, clipText(firstLine(err.Error()), 120), err.Error())
				return
			}
			if path == "" {
				return
			}
			if filepath.Ext(path) == "" {
				path += ".kif"
				if w.settings.SaveUTF8() {
					path += "u"
				}
			}
			f, enc, err := recordfile.FormatForPath(path, w.settings.SaveUTF8())
			if err == nil && f == kifu.USI {
				err = fmt.Errorf("%s: USI and SFEN hold one line of moves only: save as .kif, .kifu, .ki2, .csa or .jkf", filepath.Base(path))
			}
			if err != nil {
				w.showError(w.msg.Error, fmt.Sprintf(w.msg.WriteErrF, filepath.Base(path), w.writeErrorReason(err)), err.Error())
				return
			}
			w.writeRecord(path, f, enc, after)
		})
	})
}

// writeRecord warns about what format f cannot hold (variations in CSA, times in KI2, …),
// then writes the record to path off the Fyne goroutine, atomically.
func (w *MainWindow) writeRecord(path string, f kifu.Format, enc kifu.Encoding, after func()) {
	write := func() {
		data, nl, err := w.sess.EncodeFor(path, f, enc) // Save keeps the file's line ends
		if err != nil {
			w.showError(w.msg.Error, fmt.Sprintf(w.msg.WriteErrF, filepath.Base(path), w.writeErrorReason(err)), err.Error())
			return
		}
		edits := w.sess.Edits()
		w.opts.Async(func() {
			err := atomicfile.Write(path, data, 0o644)
			fyne.Do(func() {
				if err != nil {
					w.showError(w.msg.Error, fmt.Sprintf(w.msg.WriteErrF, filepath.Base(path), w.writeErrorReason(err)), err.Error())
					return
				}
				w.sess.MarkWrittenAt(path, f, enc, nl, edits)
				w.settings.AddRecent(path)
				w.win.SetMainMenu(w.buildMenu())
				w.setStatus(fmt.Sprintf(w.msg.SavedF, filepath.Base(path)))
				if after != nil {
					after()
				}
			})
		})
	}
	losses := recordfile.Losses(w.sess.Record(), f)
	if len(losses) == 0 {
		write()
		return
	}
	var lines []string
	for _, l := range losses {
		switch l {
		case recordfile.LossVariations:
			lines = append(lines, fmt.Sprintf(w.msg.LossyVariationsF, f))
		case recordfile.LossTimes:
			lines = append(lines, fmt.Sprintf(w.msg.LossyTimesF, f))
		case recordfile.LossComments:
			lines = append(lines, w.msg.LossyComments)
		case recordfile.LossBookmarks:
			lines = append(lines, w.msg.LossyBookmarks)
		case recordfile.LossHeaders:
			lines = append(lines, w.msg.LossyHeaders)
		}
	}
	text := strings.Join(lines, "\n")
	d := newPlainConfirm(w.msg.LossyTitle, w.msg.LossySave, w.msg.Cancel, messageContent(text), func(ok bool) {
		if ok {
			write()
		}
	}, w.win)
	w.lastShown = shownDialog{w.msg.LossyTitle, text, d}
	d.Show()
}

// readErrorSummary is the short message of a file that could not be read, in the interface's
// language: the file, the line when there is one, and why.
func (w *MainWindow) readErrorSummary(name string, err error) string {
	var pe *kifu.ParseError
	if errors.As(err, &pe) && pe.Line > 0 {
		return fmt.Sprintf(w.msg.ReadErrorLineF, name, pe.Line, w.errorReason(err))
	}
	return fmt.Sprintf(w.msg.ReadErrorF, name, w.errorReason(err))
}

// errorReason says briefly why a record could not be read: in the interface's language when
// the reason is a common one (no such file, binary data, too large, no known format) or one
// of the readers' own (in Japanese by its format, see readwarnings.go), else the reader's own
// words cut to a few lines' length. The whole error goes behind 詳細.
func (w *MainWindow) errorReason(err error) string {
	if r, ok := w.readReason(err); ok {
		return r
	}
	return clipText(firstLine(err.Error()), 120)
}

// readReason is errorReason's for the errors of reading a record; ok is false for any other
// error (an engine's, during 棋譜解析).
func (w *MainWindow) readReason(err error) (string, bool) {
	var pe *kifu.ParseError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return w.msg.NoSuchFile, true
	case errors.Is(err, syscall.EISDIR):
		return w.msg.IsFolder, true
	case recordfile.IsBinary(err):
		return w.msg.BinaryFile, true
	case errors.Is(err, kifu.ErrTooLarge):
		return fmt.Sprintf(w.msg.TooLargeF, kifu.MaxFileBytes>>20), true
	case errors.As(err, &pe):
		if ja, ok := w.errorText(pe); ok {
			return clipText(firstLine(ja), 80), true
		}
		if strings.HasPrefix(pe.Msg, "not a record in any format") {
			return w.msg.NotARecord, true
		}
		return clipText(firstLine(pe.Msg), 80), true
	}
	return "", false
}

// writeErrorReason says briefly why a record could not be written: in the interface's
// language when the reason is a common one (a header with a line break for KIF, KI2 or CSA;
// no permission; a full disk), else the error's first line. The whole error goes behind 詳細.
func (w *MainWindow) writeErrorReason(err error) string {
	var hl *kifu.HeaderLineBreakError
	switch {
	case errors.As(err, &hl):
		return fmt.Sprintf(w.msg.HeaderLineBreakF, strings.TrimSpace(hl.Key), strings.ToUpper(hl.Format.String()))
	case errors.Is(err, fs.ErrPermission):
		return w.msg.NoPermission
	case errors.Is(err, syscall.ENOSPC):
		return w.msg.DiskFull
	}
	return clipText(firstLine(err.Error()), 120)
}

// skipReason says in a folder's summary (conversion, 棋譜解析, book) why a record was
// skipped, as errorReason does, with the line the reader stopped at: "18 行目: …" instead
// of the whole error with the file's path, which the summary names already.
// Other errors (an engine's, during 棋譜解析) are given whole.
func (w *MainWindow) skipReason(err error) string {
	r, ok := w.readReason(err)
	if !ok {
		return err.Error()
	}
	if pe := (*kifu.ParseError)(nil); errors.As(err, &pe) && pe.Line > 0 {
		return fmt.Sprintf(w.msg.AtLineF, pe.Line, r)
	}
	return r
}

// fileName is the name of path as messages show it: its last element, or "" in quotes for
// an empty path (filepath.Base says "." for it, which names nothing the user typed).
func fileName(path string) string {
	if path == "" {
		return `""`
	}
	return filepath.Base(path)
}

// firstLine is s up to its first newline.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
