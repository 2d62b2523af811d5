package kifu

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
)

// Encoding is a character encoding of a record file.
type Encoding int

const (
	UTF8     Encoding = iota // UTF-8 (.kifu, .ki2u, JKF, CSA V3 by declaration)
	ShiftJIS                 // Shift_JIS as Windows writes it (CP932): .kif, .ki2, CSA by default
)

func (e Encoding) String() string {
	if e == ShiftJIS {
		return "Shift_JIS"
	}
	return "UTF-8"
}

// ParseEncoding reads an encoding name: utf8, utf-8, sjis, shift_jis, cp932, … (any case).
func ParseEncoding(name string) (Encoding, error) {
	switch strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(name)) {
	case "utf8":
		return UTF8, nil
	case "sjis", "shiftjis", "cp932", "windows31j", "ms932":
		return ShiftJIS, nil
	}
	return UTF8, fmt.Errorf("kifu: unknown encoding %q: want utf8 or sjis", name)
}

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
)

// Decode turns the bytes of a record file into text: a byte-order mark decides
// (UTF-8 or UTF-16), else valid UTF-8 is UTF-8, else it is Shift_JIS. A Shift_JIS
// file with bytes that are not Shift_JIS decodes them as U+FFFD.
func Decode(data []byte) (string, Encoding) {
	switch {
	case bytes.HasPrefix(data, bomUTF8):
		return string(data[3:]), UTF8
	case bytes.HasPrefix(data, bomUTF16LE):
		if s, err := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder().Bytes(data); err == nil {
			return string(s), UTF8
		}
	case bytes.HasPrefix(data, bomUTF16BE):
		if s, err := unicode.UTF16(unicode.BigEndian, unicode.UseBOM).NewDecoder().Bytes(data); err == nil {
			return string(s), UTF8
		}
	}
	if utf8.Valid(data) {
		return string(data), UTF8
	}
	return decodeShiftJIS(data), ShiftJIS
}

// decodeShiftJIS decodes with a table of the two-byte codes, built from x/text's
// decoder on first use (x/text alone took a quarter of the time of reading a .kif).
// Bytes that are not valid Shift_JIS are left to x/text, which writes U+FFFD for them.
func decodeShiftJIS(data []byte) string {
	sjisOnce.Do(buildShiftJIS)
	var b strings.Builder
	b.Grow(len(data) * 3 / 2)
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c < 0x80:
			b.WriteByte(c)
			i++
		case c >= 0xA1 && c <= 0xDF: // half-width katakana
			b.WriteRune(rune(c) - 0xA1 + 0xFF61)
			i++
		case i+1 < len(data) && sjisTable[int(c)<<8|int(data[i+1])] != 0:
			b.WriteRune(sjisTable[int(c)<<8|int(data[i+1])])
			i += 2
		default:
			return decodeShiftJISSlow(data)
		}
	}
	return b.String()
}

func decodeShiftJISSlow(data []byte) string {
	s, err := japanese.ShiftJIS.NewDecoder().Bytes(data)
	if err != nil { // cannot happen: the decoder replaces what it cannot read
		return strings.ToValidUTF8(string(data), "\uFFFD")
	}
	return string(s)
}

var (
	sjisOnce  sync.Once
	sjisTable []rune // lead<<8 | trail → rune; 0 where the pair is not a character
)

func buildShiftJIS() {
	sjisTable = make([]rune, 1<<16)
	dec := japanese.ShiftJIS.NewDecoder()
	var in [2]byte
	for lead := 0x81; lead <= 0xFC; lead++ {
		if lead > 0x9F && lead < 0xE0 {
			continue
		}
		for trail := 0x40; trail <= 0xFC; trail++ {
			if trail == 0x7F {
				continue
			}
			in[0], in[1] = byte(lead), byte(trail)
			out, err := dec.Bytes(in[:])
			if err != nil {
				continue
			}
			if r, n := utf8.DecodeRune(out); n == len(out) && r != utf8.RuneError {
				sjisTable[lead<<8|trail] = r
			}
		}
	}
}

// Encode turns text into bytes in e. A character Shift_JIS cannot hold is an error
// naming it and its line.
func Encode(text string, e Encoding) ([]byte, error) {
	if e == UTF8 {
		return []byte(text), nil
	}
	out, err := encoding.HTMLEscapeUnsupported(japanese.ShiftJIS.NewEncoder()).Bytes([]byte(text))
	if err == nil && !bytes.Contains(out, []byte("&#")) {
		return out, nil
	}
	// find the first character that does not fit, to say where it is
	line := 1
	enc := japanese.ShiftJIS.NewEncoder()
	for _, r := range text {
		if r == '\n' {
			line++
			continue
		}
		if _, err := enc.String(string(r)); err != nil {
			return nil, fmt.Errorf("kifu: line %d: %q (U+%04X) cannot be written in Shift_JIS: write UTF-8 instead", line, r, r)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("kifu: cannot write Shift_JIS: %v", err)
	}
	return out, nil
}

// WithNewline rewrites the "\n" line ends of text as nl ("\n", "\r\n" or "\r").
func WithNewline(text, nl string) string {
	if nl == "" || nl == "\n" {
		return text
	}
	return strings.ReplaceAll(text, "\n", nl)
}

// lines splits text into lines at "\n", "\r\n" or "\r", mixed as they may be in one file
// (a line ending in "\r\r\n", as some files have, counts once). The last line is included
// only if it is not empty. complete reports whether the text ended with a line end.
func lines(text string) (ls []string, complete bool) {
	if strings.IndexByte(text, '\r') < 0 {
		ls = make([]string, 0, strings.Count(text, "\n")+1)
		for len(text) > 0 {
			i := strings.IndexByte(text, '\n')
			if i < 0 {
				return append(ls, text), false
			}
			ls = append(ls, text[:i])
			text = text[i+1:]
		}
		return ls, true
	}
	ls = make([]string, 0, strings.Count(text, "\n")+strings.Count(text, "\r")/2+1)
	for len(text) > 0 {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			return append(ls, text), false
		}
		ls = append(ls, text[:i])
		j := i
		for j < len(text) && text[j] == '\r' {
			j++
		}
		switch {
		case j < len(text) && text[j] == '\n':
			j++ // "\r\n", "\r\r\n" or "\n": one line end
		case j > i+1:
			j = i + 1 // "\r\r" not before "\n": old Macintosh empty lines
		}
		text = text[j:]
	}
	return ls, true
}
