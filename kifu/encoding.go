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
	"golang.org/x/text/encoding/unicode/utf32"
)

// Encoding is a character encoding of a record file.
type Encoding int

const (
	UTF8      Encoding = iota // UTF-8 (.kifu, .ki2u, JKF, CSA V3 by declaration)
	ShiftJIS                  // Shift_JIS as Windows writes it (CP932): .kif, .ki2, CSA by default
	EUCJP                     // EUC-JP, as old Unix programs wrote records
	ISO2022JP                 // ISO-2022-JP (JIS), as records mailed long ago
	UTF16LE                   // UTF-16, little-endian (written with a byte-order mark)
	UTF16BE                   // UTF-16, big-endian (written with a byte-order mark)
	UTF32LE                   // UTF-32, little-endian (written with a byte-order mark)
	UTF32BE                   // UTF-32, big-endian (written with a byte-order mark)
)

var encodingNames = [...]string{"UTF-8", "Shift_JIS", "EUC-JP", "ISO-2022-JP", "UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"}

func (e Encoding) String() string {
	if e >= 0 && int(e) < len(encodingNames) {
		return encodingNames[e]
	}
	return "UTF-8"
}

// x returns x/text's encoding for e; nil for UTF-8.
func (e Encoding) x() encoding.Encoding {
	switch e {
	case ShiftJIS:
		return japanese.ShiftJIS
	case EUCJP:
		return japanese.EUCJP
	case ISO2022JP:
		return japanese.ISO2022JP
	case UTF16LE:
		return unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
	case UTF16BE:
		return unicode.UTF16(unicode.BigEndian, unicode.UseBOM)
	case UTF32LE:
		return utf32.UTF32(utf32.LittleEndian, utf32.UseBOM)
	case UTF32BE:
		return utf32.UTF32(utf32.BigEndian, utf32.UseBOM)
	}
	return nil
}

// ParseEncoding reads an encoding name: utf8, utf-8, sjis, shift_jis, cp932, euc-jp,
// iso-2022-jp, utf-16le, utf-16be, utf-32le, utf-32be, … (any case).
func ParseEncoding(name string) (Encoding, error) {
	switch strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(name)) {
	case "utf8":
		return UTF8, nil
	case "sjis", "shiftjis", "cp932", "windows31j", "ms932":
		return ShiftJIS, nil
	case "eucjp", "euc":
		return EUCJP, nil
	case "iso2022jp", "jis":
		return ISO2022JP, nil
	case "utf16le", "utf16":
		return UTF16LE, nil
	case "utf16be":
		return UTF16BE, nil
	case "utf32le", "utf32":
		return UTF32LE, nil
	case "utf32be":
		return UTF32BE, nil
	}
	return UTF8, fmt.Errorf("kifu: unknown encoding %q: want utf8 or sjis (or euc-jp, iso-2022-jp, utf-16le, utf-16be, utf-32le, utf-32be)", name)
}

var (
	bomUTF8    = []byte{0xEF, 0xBB, 0xBF}
	bomUTF16LE = []byte{0xFF, 0xFE}
	bomUTF16BE = []byte{0xFE, 0xFF}
	bomUTF32LE = []byte{0xFF, 0xFE, 0, 0}
	bomUTF32BE = []byte{0, 0, 0xFE, 0xFF}
)

// Decode turns the bytes of a record file into text and says which encoding they were
// in (see decode). Bytes that are not valid in it become U+FFFD; Read reports them.
func Decode(data []byte) (string, Encoding) {
	text, enc, _ := decode(data)
	return text, enc
}

// decode finds the encoding of data and decodes it. A byte-order mark decides (UTF-8,
// UTF-16, UTF-32); else zero bytes in the places of UTF-32 or UTF-16 text, escape
// sequences of ISO-2022-JP, or valid UTF-8 decide; else the encoding of UTF-8, Shift_JIS
// and EUC-JP that leaves the fewest bytes undecoded (one bad byte in a UTF-8 file keeps
// it UTF-8). bad lists where bytes were replaced, by line.
func decode(data []byte) (text string, enc Encoding, bad []Warning) {
	switch {
	case bytes.HasPrefix(data, bomUTF8):
		text, n := decodeUTF8(data[3:])
		return text, UTF8, replaced(text, n, UTF8)
	case bytes.HasPrefix(data, bomUTF32LE):
		return decodeWith(data, UTF32LE)
	case bytes.HasPrefix(data, bomUTF32BE):
		return decodeWith(data, UTF32BE)
	case bytes.HasPrefix(data, bomUTF16LE):
		return decodeWith(data, UTF16LE)
	case bytes.HasPrefix(data, bomUTF16BE):
		return decodeWith(data, UTF16BE)
	}
	if e, ok := wideEncoding(data); ok {
		return decodeWith(data, e)
	}
	if utf8.Valid(data) {
		if isISO2022JP(data) {
			return decodeWith(data, ISO2022JP)
		}
		return string(data), UTF8, nil
	}
	sjis, euc, u8 := sjisBadBytes(data), eucBadBytes(data), utf8BadBytes(data)
	switch {
	case u8 < sjis && u8 < euc:
		text, n := decodeUTF8(data)
		return text, UTF8, replaced(text, n, UTF8)
	case euc < sjis:
		return decodeWith(data, EUCJP)
	}
	text = decodeShiftJIS(data)
	return text, ShiftJIS, replaced(text, sjis, ShiftJIS)
}

// decodeWith decodes data as e, a byte-order mark (if any) taken off.
func decodeWith(data []byte, e Encoding) (string, Encoding, []Warning) {
	out, err := e.x().NewDecoder().Bytes(data)
	if err != nil { // cannot happen: the decoders replace what they cannot read
		out = []byte(strings.ToValidUTF8(string(data), "\uFFFD"))
	}
	text := string(out)
	return text, e, replaced(text, strings.Count(text, "\uFFFD"), e)
}

// replaced lists, by line, the U+FFFD that stand for n bytes that were not valid in e.
func replaced(text string, n int, e Encoding) []Warning {
	if n == 0 {
		return nil
	}
	var ws []Warning
	line, more := 1, 0
	for i := 0; i < len(text); {
		r, size := utf8.DecodeRuneInString(text[i:])
		switch r {
		case '\n':
			line++
		case '\r':
			if !strings.HasPrefix(text[i+1:], "\n") {
				line++
			}
		case '\uFFFD':
			if len(ws) < 10 {
				ws = append(ws, Warning{Line: line, Msg: fmt.Sprintf("bytes that are not %v replaced by U+FFFD (\uFFFD)", e)})
			} else {
				more++
			}
		}
		i += size
	}
	if more > 0 {
		ws = append(ws, Warning{Msg: fmt.Sprintf("%d more bytes that are not %v replaced by U+FFFD", more, e)})
	}
	return ws
}

// decodeUTF8 decodes UTF-8, each invalid byte as U+FFFD, and counts those.
func decodeUTF8(data []byte) (string, int) {
	if utf8.Valid(data) {
		return string(data), 0
	}
	var b strings.Builder
	b.Grow(len(data) + 16)
	n := 0
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
			n++
		} else {
			b.Write(data[i : i+size])
		}
		i += size
	}
	return b.String(), n
}

// wideEncoding recognises UTF-32 and UTF-16 without a byte-order mark by their zero
// bytes: the high bytes of ASCII characters, which records are full of.
func wideEncoding(data []byte) (Encoding, bool) {
	if bytes.IndexByte(data, 0) < 0 {
		return 0, false
	}
	if len(data)%4 == 0 && len(data) >= 8 {
		le, be := true, true
		for i := 0; i+3 < len(data) && (le || be); i += 4 {
			le = le && data[i+3] == 0 && data[i+2] <= 0x10
			be = be && data[i] == 0 && data[i+1] <= 0x10
		}
		switch {
		case le && !be:
			return UTF32LE, true
		case be && !le:
			return UTF32BE, true
		}
	}
	var even, odd int
	for i, c := range data {
		if c == 0 {
			if i%2 == 0 {
				even++
			} else {
				odd++
			}
		}
	}
	if (odd+even)*16 < len(data) {
		return 0, false // a few zero bytes in 8-bit text, not the high bytes of its ASCII
	}
	switch {
	case odd > 4*even:
		return UTF16LE, true
	case even > 4*odd:
		return UTF16BE, true
	}
	return 0, false
}

// isISO2022JP reports whether 7-bit data switches to JIS X 0208 the way ISO-2022-JP does.
func isISO2022JP(data []byte) bool {
	return bytes.Contains(data, []byte("\x1b$B")) || bytes.Contains(data, []byte("\x1b$@"))
}

// utf8BadBytes counts the bytes of data that are not part of a valid UTF-8 character.
func utf8BadBytes(data []byte) int {
	n := 0
	for i := 0; i < len(data); {
		if data[i] < 0x80 {
			i++
			continue
		}
		r, size := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && size == 1 {
			n++
		}
		i += size
	}
	return n
}

// sjisBadBytes counts the bytes (or pairs) of data that are not Shift_JIS characters.
func sjisBadBytes(data []byte) int {
	sjisOnce.Do(buildShiftJIS)
	n := 0
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c < 0x80 || c >= 0xA1 && c <= 0xDF:
			i++
		case i+1 < len(data) && sjisTable[int(c)<<8|int(data[i+1])] != 0:
			i += 2
		default:
			n++
			i++
		}
	}
	return n
}

// eucBadBytes counts the bytes of data that are not EUC-JP characters: two bytes
// A1–FE, 8E before a half-width katakana, 8F before two bytes of JIS X 0212.
func eucBadBytes(data []byte) int {
	isHigh := func(i int) bool { return i < len(data) && data[i] >= 0xA1 && data[i] <= 0xFE }
	n := 0
	for i := 0; i < len(data); {
		c := data[i]
		switch {
		case c < 0x80:
			i++
		case c >= 0xA1 && c <= 0xFE && isHigh(i+1):
			i += 2
		case c == 0x8E && i+1 < len(data) && data[i+1] >= 0xA1 && data[i+1] <= 0xDF:
			i += 2
		case c == 0x8F && isHigh(i+1) && isHigh(i+2):
			i += 3
		default:
			n++
			i++
		}
	}
	return n
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

// Encode turns text into bytes in e. A character e cannot hold is an error naming it
// and its line. UTF-16 and UTF-32 are written with a byte-order mark.
func Encode(text string, e Encoding) ([]byte, error) {
	x := e.x()
	if x == nil {
		return []byte(text), nil
	}
	out, err := x.NewEncoder().Bytes([]byte(text))
	if err == nil {
		return out, nil
	}
	// find the first character that does not fit, to say where it is
	line := 1
	enc := x.NewEncoder()
	for _, r := range text {
		if r == '\n' {
			line++
			continue
		}
		if _, err := enc.String(string(r)); err != nil {
			return nil, fmt.Errorf("kifu: line %d: %q (U+%04X) cannot be written in %v: write UTF-8 instead", line, r, r, e)
		}
	}
	return nil, fmt.Errorf("kifu: cannot write %v: %v", e, err)
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
