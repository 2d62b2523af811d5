package kifu

import (
	"errors"
	"fmt"
	"strings"
)

// ParseError says why a record could not be read (completely): the file (when known),
// the line (1-based; 0 when it is not about one line), and what was wrong there.
// Readers that fail part-way return the record read so far together with a *ParseError.
type ParseError struct {
	File string
	Line int
	Col  int // 1-based column (in characters) when the line alone does not say where, as in one-line JSON; else 0
	Msg  string

	// AtEnd is set when reading stopped at an illegal move that ends its line with no
	// 反則 ending after it (a game lost by that move, recorded without saying so): the
	// record returned with the error holds every move before it.
	AtEnd bool

	// Format and Args made Msg (fmt.Sprintf) when a reader's error did (an argument may be
	// a *Message, a cause passed on): a window can write the message in its own language by
	// its format ("" when Msg is all).
	Format string
	Args   []any
}

// errorf is a reader's error at line (0: none) made of a format and its arguments, which it
// keeps (Format, Args) beside the message.
func errorf(line int, format string, args ...any) *ParseError {
	return &ParseError{Line: line, Msg: fmt.Sprintf(format, args...), Format: format, Args: args}
}

// Message is a part of a reader's message made of a format and its arguments, which it
// keeps: an error passed on as an argument of a ParseError, a Warning or another Message (the
// JKF reader's "initial: %v", "(ply %d): %v"), so that a window can write all of it in its
// own language.
type Message struct {
	Format string
	Args   []any
}

func (m *Message) Error() string { return fmt.Sprintf(m.Format, m.Args...) }

// messagef is a Message of the format and its arguments.
func messagef(format string, args ...any) *Message { return &Message{Format: format, Args: args} }

// warning is a reader's warning at line (0: none) made of a format and its arguments, which
// it keeps.
func warning(line int, format string, args ...any) Warning {
	return Warning{Line: line, Msg: fmt.Sprintf(format, args...), Format: format, Args: args}
}

func (e *ParseError) Error() string {
	var b strings.Builder
	b.WriteString("kifu: ")
	if e.File != "" {
		b.WriteString(e.File)
		b.WriteString(": ")
	}
	if e.Line > 0 && e.Col > 0 {
		fmt.Fprintf(&b, "line %d, column %d: ", e.Line, e.Col)
	} else if e.Line > 0 {
		fmt.Fprintf(&b, "line %d: ", e.Line)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// IllegalEndAsWarning takes the error of a reader (and the record it returned): for an
// illegal last move (ParseError.AtEnd: a game lost by that move, recorded without saying so)
// it adds the error as a warning to rec, which holds every move before it, and returns nil;
// any other error is returned as it is. A record read only in part for another reason is no
// game to use as far as it was read.
func IllegalEndAsWarning(rec *Record, err error) error {
	var pe *ParseError
	if rec != nil && errors.As(err, &pe) && pe.AtEnd {
		rec.Warnings = append(rec.Warnings, Warning{Line: pe.Line, Msg: pe.Msg + "; read up to the move before it"})
		return nil
	}
	return err
}

// Warning is an irregularity a reader met and worked around: a line it did not
// understand and skipped, a file cut short, a second record it did not read.
type Warning struct {
	Line int // 1-based; 0 when it is not about one line
	Msg  string
	// Format and Args made Msg (fmt.Sprintf), when a reader's warning did: a window can
	// write the message in its own language by its format ("" when Msg is all there is).
	Format string
	Args   []any
}

func (w Warning) String() string {
	if w.Line > 0 {
		return fmt.Sprintf("line %d: %s", w.Line, w.Msg)
	}
	return w.Msg
}

// errEmpty is the error for a text with nothing but white space in it.
func errEmpty(text string) error {
	if strings.TrimSpace(strings.TrimPrefix(text, "\ufeff")) != "" {
		return nil
	}
	return &ParseError{Msg: "empty file: there is no record in it"}
}

// withFile sets the file name on a *ParseError (other errors are returned as they are).
func withFile(err error, file string) error {
	if pe, ok := err.(*ParseError); ok && pe.File == "" {
		pe.File = file
	}
	return err
}
