package ui

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"

	"banmen/internal/prefsguard"
)

// Settings are the user's choices that outlive the window, kept in Fyne's preferences (a
// file in the user's config directory, which Fyne writes in place: internal/prefsguard keeps
// a copy of it at each start and puts the copy back when a crash left the file unreadable).
type Settings struct {
	p fyne.Preferences
}

const (
	prefLanguage = "language"        // "", "ja" or "en"
	prefTheme    = "theme"           // "auto", "light" or "dark"
	prefRecent   = "recentFiles"     // newest first
	prefSaveUTF8 = "saveUTF8"        // write .kif, .ki2 and .csa in UTF-8 instead of Shift_JIS
	prefWestern  = "westernNotation" // the record's moves as P-7f instead of ７六歩
	prefPieces   = "pieceStyle"      // 0: one kanji on a piece, 1: two
	prefNoClick  = "pieceSoundOff"   // no 駒音 when a move is played on the board
	prefVolume   = "soundVolume"     // SoundVolume
	prefSplit    = "split."          // + a split's name: where its divider is (0–1)
	prefTextSize = "textSize"        // TextSize
	prefWinW     = "window.width"    // the main window's size when it last closed
	prefWinH     = "window.height"
	maxRecent    = 10
)

// WesternNotation reports whether the record shows its moves in Western notation (P-7f).
func (s Settings) WesternNotation() bool { return s.p.Bool(prefWestern) }

// SetWesternNotation chooses Western (P-7f) or Japanese (７六歩) notation for the record.
func (s Settings) SetWesternNotation(on bool) { s.p.SetBool(prefWestern, on) }

// PieceStyle is how the pieces are written: one kanji or two.
func (s Settings) PieceStyle() PieceStyle {
	if s.p.Int(prefPieces) == int(PieceTwoKanji) {
		return PieceTwoKanji
	}
	return PieceOneKanji
}

// SetPieceStyle chooses how the pieces are written.
func (s Settings) SetPieceStyle(st PieceStyle) { s.p.SetInt(prefPieces, int(st)) }

// PieceSound reports whether a move played on the board sounds (駒音; on unless turned off).
func (s Settings) PieceSound() bool { return !s.p.Bool(prefNoClick) }

// SetPieceSound turns the 駒音 on or off.
func (s Settings) SetPieceSound(on bool) { s.p.SetBool(prefNoClick, !on) }

// SoundVolume is how loud the 駒音 and the clock's beep are.
func (s Settings) SoundVolume() SoundVolume {
	if v := SoundVolume(s.p.Int(prefVolume)); v >= VolumeLoud && v <= VolumeQuiet {
		return v
	}
	return VolumeLoud
}

// SetSoundVolume chooses how loud the sounds are.
func (s Settings) SetSoundVolume(v SoundVolume) { s.p.SetInt(prefVolume, int(v)) }

// SplitOffset is where the user left the divider of the window's split name (0–1), or def.
func (s Settings) SplitOffset(name string, def float64) float64 {
	if v := s.p.FloatWithFallback(prefSplit+name, -1); v >= 0 && v <= 1 {
		return v
	}
	return def
}

// SetSplitOffset remembers where the divider of split name is.
func (s Settings) SetSplitOffset(name string, v float64) { s.p.SetFloat(prefSplit+name, v) }

// WindowSize is the main window's size when it last closed, or def when none is known or
// the one known is no size a window can have.
func (s Settings) WindowSize(def fyne.Size) fyne.Size {
	w, h := s.p.Float(prefWinW), s.p.Float(prefWinH)
	if w < minWindowSide || h < minWindowSide || w > maxWindowSide || h > maxWindowSide {
		return def
	}
	return fyne.NewSize(float32(w), float32(h))
}

// SetWindowSize remembers the main window's size.
func (s Settings) SetWindowSize(sz fyne.Size) {
	s.p.SetFloat(prefWinW, float64(sz.Width))
	s.p.SetFloat(prefWinH, float64(sz.Height))
}

// The sizes WindowSize takes for a window's: a side of 200 to 20000 (a size written down by
// hand, or by a window that had not been laid out, is not).
const (
	minWindowSide = 200
	maxWindowSide = 20000
)

// NewSettings reads and writes p.
func NewSettings(p fyne.Preferences) Settings { return Settings{p} }

// Language is the language chosen, or the system's (read through getenv) when none was.
func (s Settings) Language(getenv func(string) string) Lang {
	if l, ok := ParseLang(s.p.String(prefLanguage)); ok {
		return l
	}
	return SystemLang(getenv)
}

// LanguageChoice is "" (follow the system), "ja" or "en".
func (s Settings) LanguageChoice() string {
	if _, ok := ParseLang(s.p.String(prefLanguage)); ok {
		return s.p.String(prefLanguage)
	}
	return ""
}

// SetLanguageChoice sets the language: "" to follow the system, "ja" or "en".
func (s Settings) SetLanguageChoice(code string) { s.p.SetString(prefLanguage, code) }

// ThemeMode is the light or dark chosen.
func (s Settings) ThemeMode() ThemeMode { return ParseThemeMode(s.p.String(prefTheme)) }

// SetThemeMode keeps the light or dark chosen.
func (s Settings) SetThemeMode(m ThemeMode) { s.p.SetString(prefTheme, m.Code()) }

// TextSize is how large the window's text is.
func (s Settings) TextSize() TextSize {
	if v := TextSize(s.p.Int(prefTextSize)); v >= TextNormal && v <= TextLarger {
		return v
	}
	return TextNormal
}

// SetTextSize keeps how large the window's text is.
func (s Settings) SetTextSize(v TextSize) { s.p.SetInt(prefTextSize, int(v)) }

// SaveUTF8 reports whether .kif, .ki2 and .csa files are written in UTF-8.
func (s Settings) SaveUTF8() bool { return s.p.Bool(prefSaveUTF8) }

// SetSaveUTF8 chooses UTF-8 (true) or Shift_JIS (false) for .kif, .ki2 and .csa files.
func (s Settings) SetSaveUTF8(on bool) { s.p.SetBool(prefSaveUTF8, on) }

// Recent returns the files opened or saved lately, newest first.
func (s Settings) Recent() []string { return s.p.StringList(prefRecent) }

// AddRecent puts path first in the recent files (once), keeping at most ten.
func (s Settings) AddRecent(path string) {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	list := slices.DeleteFunc(slices.Clone(s.Recent()), func(p string) bool { return p == path })
	list = append([]string{path}, list...)
	if len(list) > maxRecent {
		list = list[:maxRecent]
	}
	s.p.SetStringList(prefRecent, list)
}

// RemoveRecent drops path from the recent files (it could not be opened).
func (s Settings) RemoveRecent(path string) {
	list := slices.DeleteFunc(slices.Clone(s.Recent()), func(p string) bool { return p == path })
	s.p.SetStringList(prefRecent, list)
}

// ClearRecent empties the recent files.
func (s Settings) ClearRecent() { s.p.SetStringList(prefRecent, nil) }

// ReportPreferences tells the user what was found wrong with the settings file as Banmen
// started (prefsguard.Check): an unreadable file moved aside, and the last good copy put back
// or the first run's settings taken.
func (w *MainWindow) ReportPreferences(r *prefsguard.Report) {
	if r == nil {
		return
	}
	var summary string
	switch {
	case r.Err == nil && r.Unwritable != nil:
		summary = fmt.Sprintf(w.msg.PrefsUnwritableF, r.Path, strings.TrimRight(w.writeErrorReason(r.Unwritable), "。."))
	case r.KeptAs == "":
		summary = fmt.Sprintf(w.msg.PrefsUnreadableF, r.Path)
	case r.Restored:
		summary = fmt.Sprintf(w.msg.PrefsRestoredF, r.Path, filepath.Base(r.KeptAs))
	default:
		summary = fmt.Sprintf(w.msg.PrefsResetF, r.Path, filepath.Base(r.KeptAs))
	}
	detail := ""
	switch {
	case r.Err != nil:
		detail = r.Err.Error()
	case r.Unwritable != nil:
		detail = r.Unwritable.Error()
	}
	w.showError(w.msg.SettingsTitle, summary, detail)
}
