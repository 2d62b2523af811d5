package kifu

import (
	"errors"
	"unicode/utf8"
)

// binaryMsg is the reason given for a file that holds no text.
const binaryMsg = "binary data, not a record"

// IsBinary reports whether err says that the data read holds binary data, not a record.
func IsBinary(err error) bool {
	var pe *ParseError
	return errors.As(err, &pe) && pe.Msg == binaryMsg
}

// binaryProbe is how many bytes of a larger file are looked at first for binary data: more
// than the 8000 characters looksBinary counts in any encoding.
const binaryProbe = 32 << 10

// looksBinary reports whether decoded text is not text at all (an image, an archive, a
// program): more than one in ten of its first 8000 characters are control characters (NUL
// included) or bytes its encoding could not read. Read asks only when no move was read, so a
// record whose comments hold odd characters still reads.
func looksBinary(text string) bool {
	n, bad := 0, 0
	for _, r := range text {
		if n == 8000 {
			break
		}
		n++
		switch {
		case r == '\t', r == '\n', r == '\r', r == '\f', r == 0x1a: // 0x1a: the end of a DOS text file
		case r < 0x20, r == 0x7f, r == utf8.RuneError:
			bad++
		}
	}
	return bad*10 > n
}
