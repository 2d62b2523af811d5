package engine

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Printable returns text that came from an engine (its id name and author, option names
// and values, info strings, stderr) made safe to print on a terminal or in a table: every
// control character (escape sequences, carriage returns, tabs, newlines, C1 controls),
// the Unicode line and paragraph separators, the bidirectional overrides and isolates
// (which reorder the rest of the line) and bytes that are not UTF-8 are written as Go
// escapes (\x1b, \u202e). Everything else, Japanese text and full-width spaces included,
// is left as it is. Every place that prints engine text goes through it.
func Printable(s string) string {
	if !needsEscape(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case unsafeRune(r) && r < 0x100:
			fmt.Fprintf(&b, `\x%02x`, r)
		case unsafeRune(r):
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

func needsEscape(s string) bool {
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 || unsafeRune(r) {
			return true
		}
		i += n
	}
	return false
}

// unsafeRune reports whether r changes what a terminal shows beyond itself.
func unsafeRune(r rune) bool {
	switch {
	case r < 0x20, r == 0x7f, r >= 0x80 && r < 0xa0: // C0, DEL, C1
		return true
	case r == 0x2028, r == 0x2029: // line and paragraph separators
		return true
	case r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069, r == 0x200e, r == 0x200f, r == 0x061c: // bidi
		return true
	}
	return false
}
