package usiclient

import "strings"

// The scanners below walk a line in place: they return substrings of it and
// allocate nothing, which keeps parsing an info line cheap.

// isSpace reports whether c separates tokens. USI allows "arbitrary white space";
// any ASCII control character counts as space too.
func isSpace(c byte) bool { return c <= ' ' }

// nextToken returns the token that starts at or after i, and the index just after it.
// At the end of the line it returns "" and len(s).
func nextToken(s string, i int) (string, int) {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	j := i
	for j < len(s) && !isSpace(s[j]) {
		j++
	}
	return s[i:j], j
}

// skipSpace returns the index of the first non-space byte at or after i.
func skipSpace(s string, i int) int {
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

// trimSpace trims the separators isSpace knows from both ends.
func trimSpace(s string) string {
	return strings.TrimFunc(s, func(r rune) bool { return r < 0x80 && isSpace(byte(r)) })
}

// firstToken returns the first token of s.
func firstToken(s string) string {
	t, _ := nextToken(s, 0)
	return t
}

// parseInt reads a decimal integer with an optional sign. It allocates nothing,
// even on bad input, and refuses values that overflow int64.
func parseInt(s string) (int64, bool) {
	if s == "" {
		return 0, false
	}
	neg := false
	i := 0
	if s[0] == '-' || s[0] == '+' {
		neg = s[0] == '-'
		i = 1
		if len(s) == 1 {
			return 0, false
		}
	}
	var n uint64
	for ; i < len(s); i++ {
		c := s[i] - '0'
		if c > 9 {
			return 0, false
		}
		if n > (1<<63-1-uint64(c))/10 {
			return 0, false
		}
		n = n*10 + uint64(c)
	}
	if neg {
		return -int64(n), true
	}
	return int64(n), true
}
