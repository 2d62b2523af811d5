package kifu

import (
	"fmt"
	"strings"
)

// Text that the line-based formats (KIF, KI2, CSA) write: a header value, a bookmark or
// a remark is one line of the file, so a line break in it would start a line of its own
// (a "手合割：香落ち" in a player's name would make the game a handicap game). Comments
// take one line of the file per line of text.

// hasLineBreak reports whether s holds a line end as the readers see one ("\n" or "\r").
func hasLineBreak(s string) bool { return strings.ContainsAny(s, "\r\n") }

// oneLine folds the line breaks of s into spaces.
func oneLine(s string) string {
	if !hasLineBreak(s) {
		return s
	}
	return strings.NewReplacer("\r\n", " ", "\r", " ", "\n", " ").Replace(s)
}

// textLines splits a comment into the lines it is written as: at "\n", "\r\n" or "\r",
// each the line end the readers split at.
func textLines(s string) []string {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
	}
	return strings.Split(s, "\n")
}

// oneLineHeaders returns r, or a copy of it whose header keys and values have their line
// breaks folded into spaces, so that no part of one becomes a line of its own.
func oneLineHeaders(r *Record) *Record {
	for i, h := range r.Headers {
		if hasLineBreak(h.Key) || hasLineBreak(h.Value) {
			c := *r
			c.Headers = append(Headers(nil), r.Headers[:i]...)
			for _, h := range r.Headers[i:] {
				c.Headers = append(c.Headers, Header{oneLine(h.Key), oneLine(h.Value)})
			}
			return &c
		}
	}
	return r
}

// HeaderLineBreakError is the error of writing a record whose header (a JKF's, which may
// hold line breaks) has a line break, in a format that writes each header on one line.
type HeaderLineBreakError struct {
	Key, Value string
	Format     Format
}

func (e *HeaderLineBreakError) Error() string {
	return fmt.Sprintf("kifu: header %q holds a line break (%q), which %v cannot hold: take it out, or write JKF", oneLine(e.Key), e.Value, e.Format)
}

// checkOneLineHeaders refuses a record whose header keys or values hold a line break, for
// a format that writes each header on one line: writing it would change it.
func checkOneLineHeaders(r *Record, f Format) error {
	for _, h := range r.Headers {
		if hasLineBreak(h.Key) || hasLineBreak(h.Value) {
			return &HeaderLineBreakError{Key: h.Key, Value: h.Value, Format: f}
		}
	}
	return nil
}
