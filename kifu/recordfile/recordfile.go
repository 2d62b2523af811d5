// Package recordfile is records as files: the formats their extensions stand for, reading a
// file whole (or saying what was read of it before a line that cannot be), reading pasted
// text, writing a record's bytes in a format and encoding, what a format cannot hold, and
// converting a folder of records. The window's session (ui/session) and banmen-cli use it.
// No Fyne.
package recordfile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"banmen/kifu"
)

// FormatExts is a record format with the file extensions that stand for it.
type FormatExts struct {
	Format kifu.Format
	Exts   []string
}

// SaveFormats are the formats a record can be saved in, with their file extensions: the
// first extension of each is the one for Shift_JIS, the second (when there is one) for UTF-8.
var SaveFormats = []FormatExts{
	{kifu.KIF, []string{"kif", "kifu"}},
	{kifu.KI2, []string{"ki2", "ki2u"}},
	{kifu.CSA, []string{"csa"}},
	{kifu.JKF, []string{"jkf"}},
}

// OpenExtensions are the file extensions the open dialog offers.
var OpenExtensions = []string{"kif", "kifu", "ki2", "ki2u", "csa", "jkf", "json", "usi", "sfen", "txt"}

// FormatForPath returns the format a file name's extension stands for and the encoding such a
// file is written in: .kif, .ki2 and .csa in Shift_JIS as their programs expect (or UTF-8 when
// utf8Always), .kifu, .ki2u, .jkf, .usi and .sfen in UTF-8. CSA in UTF-8 is written as V3.0,
// which says so on its first line.
func FormatForPath(path string, utf8Always bool) (kifu.Format, kifu.Encoding, error) {
	ext := strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))
	f, err := kifu.ParseFormat(ext)
	if err != nil {
		return kifu.UnknownFormat, kifu.UTF8, fmt.Errorf("%s: the extension does not say which format to write: use .kif, .kifu, .ki2, .ki2u, .csa or .jkf", filepath.Base(path))
	}
	enc := kifu.UTF8
	switch ext {
	case "kif", "ki2", "csa":
		if !utf8Always {
			enc = kifu.ShiftJIS
		}
	}
	return f, enc, nil
}

// ReadFile reads the record in path: its format (from the extension when it names one, else
// from the content), its encoding and the warnings of the reader. On an error nothing is
// returned but the error, which names the file and, for a record that cannot be read, the line
// (a *PartialError when moves before that line were read); except that a record whose last
// move is illegal (a game lost by it, not recorded as such) is returned up to the move before,
// with the error as a warning.
func ReadFile(path string) (*kifu.Record, kifu.Format, kifu.Encoding, error) {
	data, err := kifu.ReadBytes(path)
	if err != nil {
		return nil, 0, 0, fmt.Errorf("%s: %w", path, unwrapPathError(err))
	}
	rec, enc, err := kifu.Read(data, path)
	err = kifu.IllegalEndAsWarning(rec, err)
	f, ferr := kifu.ParseFormat(filepath.Ext(path))
	if ferr != nil {
		text, _ := kifu.Decode(data)
		f = kifu.Detect(text)
	}
	if err != nil {
		return nil, 0, 0, partial(rec, f, enc, err)
	}
	return rec, f, enc, nil
}

// PartialError is the error of a record that could not be read whole, where the reader had
// read moves before it stopped (at an illegal move with more after it, a line that is no
// move): Record holds them, the main line and the variations read by then, so that
// the window can offer them as a new record, one with no file, never in place of the file,
// which would be written over with less. Err is the reader's error.
type PartialError struct {
	Err      error
	Record   *kifu.Record
	Format   kifu.Format
	Encoding kifu.Encoding
	Moves    int // the moves in Record, its variations' too
}

func (e *PartialError) Error() string { return e.Err.Error() }
func (e *PartialError) Unwrap() error { return e.Err }

// partial returns err, or a *PartialError that wraps it when rec, read before a parse error,
// holds at least one move.
func partial(rec *kifu.Record, f kifu.Format, enc kifu.Encoding, err error) error {
	var pe *kifu.ParseError
	if rec == nil || !errors.As(err, &pe) {
		return err
	}
	n := 0
	rec.Root.Walk(func(c *kifu.Node) bool {
		if !c.IsRoot() && !c.IsSpecial() {
			n++
		}
		return true
	})
	if n == 0 {
		return err
	}
	return &PartialError{Err: err, Record: rec, Format: f, Encoding: enc, Moves: n}
}

// IsBinary reports whether err says that a file holds binary data, not a record.
func IsBinary(err error) bool { return kifu.IsBinary(err) }

// unwrapPathError drops the path of an *os.PathError, which the caller names already.
func unwrapPathError(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// ParseText reads text in any format (a record or a position: KIF, KI2, CSA, JKF, USI, SFEN),
// as pasted from the clipboard, and returns the record and the format it was in.
func ParseText(text string) (*kifu.Record, kifu.Format, error) {
	rec, err := kifu.ReadAny(text)
	if err = kifu.IllegalEndAsWarning(rec, err); err != nil {
		return nil, kifu.UnknownFormat, partial(rec, kifu.Detect(text), kifu.UTF8, err)
	}
	return rec, kifu.Detect(text), nil
}

// Loss is something of a record that a format cannot hold.
type Loss int

const (
	LossVariations Loss = iota + 1
	LossTimes
	LossComments
	LossBookmarks
	LossHeaders
)

func (l Loss) String() string {
	switch l {
	case LossVariations:
		return "variations"
	case LossTimes:
		return "times"
	case LossComments:
		return "comments"
	case LossBookmarks:
		return "bookmarks"
	case LossHeaders:
		return "headers"
	}
	return "?"
}

// cannotHold lists what each format leaves out, as kifu's writers document it.
var cannotHold = map[kifu.Format][]Loss{
	kifu.KIF: nil,
	kifu.KI2: {LossTimes},
	kifu.CSA: {LossVariations, LossBookmarks},
	kifu.JKF: {LossBookmarks},
	kifu.USI: {LossVariations, LossTimes, LossComments, LossBookmarks, LossHeaders},
}

// Losses lists what rec has that format f cannot hold, so that the user can be warned before
// saving.
func Losses(rec *kifu.Record, f kifu.Format) []Loss {
	var has [LossHeaders + 1]bool
	has[LossHeaders] = len(rec.Headers) > 0
	rec.Root.Walk(func(n *kifu.Node) bool {
		if len(n.Children()) > 1 {
			has[LossVariations] = true
		}
		if n.Timed {
			has[LossTimes] = true
		}
		if n.Comment != "" {
			has[LossComments] = true
		}
		if n.Bookmark != "" {
			has[LossBookmarks] = true
		}
		return true
	})
	var out []Loss
	for _, l := range cannotHold[f] {
		if has[l] {
			out = append(out, l)
		}
	}
	return out
}

// Encode returns the bytes of rec in format f and encoding enc, with line ends nl ("": those
// usual for enc), as a record is saved (and converted, convert.go).
func Encode(rec *kifu.Record, f kifu.Format, enc kifu.Encoding, nl string) ([]byte, error) {
	var buf bytes.Buffer
	// CSA V3.0 only where V2.2 would lose a time's fraction: Kifu for JS reads no V3.0
	opts := kifu.WriteOptions{Encoding: enc, Newline: nl, CSAV3: f == kifu.CSA && kifu.NeedsCSAV3(rec)}
	if err := kifu.Write(&buf, rec, f, opts); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}
