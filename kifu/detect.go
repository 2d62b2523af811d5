package kifu

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"banmen/board"
)

// Format is a record file format.
type Format int

const (
	UnknownFormat Format = iota
	KIF
	KI2
	CSA
	JKF
	USI // a USI position command or an SFEN
)

var formatNames = [...]string{"unknown", "KIF", "KI2", "CSA", "JKF", "USI"}

func (f Format) String() string {
	if int(f) < len(formatNames) {
		return formatNames[f]
	}
	return "unknown"
}

// ParseFormat reads a format name or file extension: kif, kifu, ki2, ki2u, csa, jkf,
// json, usi, sfen (any case, with or without a dot).
func ParseFormat(name string) (Format, error) {
	switch strings.ToLower(strings.TrimPrefix(name, ".")) {
	case "kif", "kifu":
		return KIF, nil
	case "ki2", "ki2u":
		return KI2, nil
	case "csa":
		return CSA, nil
	case "jkf", "json":
		return JKF, nil
	case "usi", "sfen":
		return USI, nil
	}
	return UnknownFormat, fmt.Errorf("kifu: unknown format %q: want kif, ki2, csa, jkf or usi", name)
}

var sfenStart = regexp.MustCompile(`^[1-9lnsgkrbpLNSGKRBP+]+(/[1-9lnsgkrbpLNSGKRBP+]+){8} [bw] `)

// Detect guesses the format of a record from its text (decoded already).
func Detect(text string) Format {
	t := strings.TrimLeft(text, " \t\r\n\uFEFF")
	if strings.HasPrefix(t, "{") {
		return JKF
	}
	first := t
	if i := strings.IndexAny(first, "\r\n"); i >= 0 {
		first = first[:i]
	}
	first = strings.TrimSpace(first)
	if strings.HasPrefix(first, "position ") || first == "startpos" || strings.HasPrefix(first, "startpos ") ||
		strings.HasPrefix(first, "sfen ") || sfenStart.MatchString(first+" ") {
		return USI
	}
	// the whole file decides: the format more of its lines belong to
	var csa, kif int
	ls, _ := lines(t)
	for _, l := range ls {
		switch {
		case l == "":
		case isCSALine(l):
			csa++
		case isKIFLine(l):
			kif++
		}
	}
	switch {
	case csa > kif:
		return CSA
	case kif > 0:
		return KIF // KIF and KI2 are read by one reader
	}
	if allUSIMoves(first) {
		return USI
	}
	return UnknownFormat
}

// isKIFMoveLine: "  12 ７七角成(88)", "1 同　歩(23)"
func isKIFMoveLine(l string) bool {
	l = trimLeftSpace(l)
	i := 0
	for i < len(l) && l[i] >= '0' && l[i] <= '9' {
		i++
	}
	if i == 0 || i == len(l) {
		return false
	}
	rest := trimLeftSpace(l[i:])
	if len(rest) == len(l[i:]) {
		return false
	}
	r, n := utf8.DecodeRuneInString(rest)
	if r == '同' || r == '仝' {
		return true
	}
	r2, _ := utf8.DecodeRuneInString(rest[n:])
	return r >= '１' && r <= '９' && board.JapaneseDigit(r2) > 0
}

// isKI2MoveLine: "▲７六歩    △３四歩"
func isKI2MoveLine(l string) bool {
	l = trimLeftSpace(l)
	return strings.HasPrefix(l, "▲") || strings.HasPrefix(l, "△") || strings.HasPrefix(l, "☗") || strings.HasPrefix(l, "☖")
}

// isKIFLine: a line of KIF or KI2 (a move, a header, a comment, a board diagram, …).
func isKIFLine(l string) bool {
	if isKIFMoveLine(l) || isKI2MoveLine(l) {
		return true
	}
	t := trimLeftSpace(l)
	switch {
	case t == "":
		return false
	case t[0] == '#':
		return false // a remark: text files of other kinds (opening lists) have them too
	case t[0] == '*' || t[0] == '&' || t[0] == '|':
		return true
	}
	for _, p := range []string{"手数", "変化", "まで", "+---", "先手番", "後手番", "下手番", "上手番"} {
		if strings.HasPrefix(t, p) {
			return true
		}
	}
	_, _, ok := cutHeader(t)
	return ok
}

// isCSALine: a line of CSA (a comment, a header, a position, a move, a time, …).
func isCSALine(l string) bool {
	if l == "+" || l == "-" || l == "/" || l[0] == '\'' {
		return true
	}
	if l[0] == 'T' && len(l) > 1 && l[1] >= '0' && l[1] <= '9' {
		return true
	}
	if len(l) >= 7 && (l[0] == '+' || l[0] == '-') {
		ok := true
		for i := 1; i <= 4; i++ {
			ok = ok && l[i] >= '0' && l[i] <= '9'
		}
		if ok && l[5] >= 'A' && l[5] <= 'Z' && l[6] >= 'A' && l[6] <= 'Z' {
			return true
		}
	}
	return strings.HasPrefix(l, "PI") ||
		len(l) >= 2 && l[0] == 'P' && (l[1] >= '1' && l[1] <= '9' || l[1] == '+' || l[1] == '-') ||
		strings.HasPrefix(l, "V2") || strings.HasPrefix(l, "V3") || strings.HasPrefix(l, "N+") ||
		strings.HasPrefix(l, "N-") || strings.HasPrefix(l, "%") || strings.HasPrefix(l, "$")
}

func allUSIMoves(s string) bool {
	f := strings.Fields(s)
	if len(f) == 0 {
		return false
	}
	for _, t := range f {
		if t != "moves" && !looksLikeUSIMove(t) {
			return false
		}
	}
	return true
}

// ReadAny reads a record in any format, detected from the text (for pasted text).
func ReadAny(text string) (*Record, error) {
	return parseAs(Detect(text), text)
}

func parseAs(f Format, text string) (*Record, error) {
	switch f {
	case KIF, KI2:
		return readKakinoki(text)
	case CSA:
		return ParseCSA(text)
	case JKF:
		return ParseJKF(text)
	case USI:
		return ParseUSI(text)
	}
	if err := errEmpty(text); err != nil {
		return nil, err
	}
	return nil, &ParseError{Msg: "not a record in any format known (KIF, KI2, CSA, JKF, USI/SFEN)"}
}

// Read reads a record file's bytes: the encoding is detected, then the format: the one
// the extension of name (the file name) names, else the one the content has (Detect).
// It returns the encoding found. Bytes that are not valid in it are warnings naming
// their lines; when they leave no record with moves, the other 8-bit encodings are tried.
func Read(data []byte, name string) (*Record, Encoding, error) {
	f, err := ParseFormat(filepath.Ext(name))
	if err != nil {
		f = UnknownFormat
	}
	rec, enc, err := readAs(data, f)
	if err != nil {
		err = withFile(err, name)
	}
	return rec, enc, err
}

// readAs decodes data and reads it in format f (UnknownFormat: the one Detect finds).
func readAs(data []byte, f Format) (*Record, Encoding, error) {
	if len(data) > binaryProbe {
		// no text at all (an archive, an image) is said at once, from its start: decoding and
		// reading all of it in every encoding took 27 s for 300 MB
		if head, enc, _ := decode(data[:binaryProbe]); looksBinary(head) {
			return nil, enc, &ParseError{Msg: binaryMsg}
		}
	}
	text, enc, bad := decode(data)
	if strings.HasPrefix(text, "\x00") {
		return nil, enc, &ParseError{Msg: binaryMsg}
	}
	rec, err := parseDetected(f, text)
	if len(bad) > 0 && (err != nil || rec == nil || rec.Root.Next() == nil) {
		// the bytes did not all decode, and no moves came out: another encoding may read them
		for _, e := range []Encoding{UTF8, ShiftJIS, EUCJP} {
			if e == enc {
				continue
			}
			text2, bad2 := decodeAs(data, e)
			if rec2, err2 := parseDetected(f, text2); err2 == nil && rec2 != nil && rec2.Root.Next() != nil {
				rec, err, enc, bad = rec2, nil, e, bad2
				break
			}
		}
	}
	if (err != nil || rec == nil || rec.Root.Next() == nil) && looksBinary(text) {
		// nothing was read, and the bytes are no text at all (an archive, an image): say
		// so, rather than an empty record with a warning for every line
		return nil, enc, &ParseError{Msg: binaryMsg}
	}
	if rec != nil && len(bad) > 0 {
		rec.Warnings = append(bad, rec.Warnings...)
	}
	if rec != nil {
		rec.Newline = newlineOf(text)
	}
	return rec, enc, err
}

// newlineOf returns the first line end in text: "\r\n", "\r" or "\n"; "" when it has none.
func newlineOf(text string) string {
	i := strings.IndexAny(text, "\r\n")
	switch {
	case i < 0:
		return ""
	case strings.HasPrefix(text[i:], "\r\n"):
		return "\r\n"
	}
	return text[i : i+1]
}

// DefaultNewline is the line end Write uses for encoding e when WriteOptions.Newline is
// empty: "\r\n" for Shift_JIS (the Windows programs that want Shift_JIS want CRLF), "\n"
// for the others.
func DefaultNewline(e Encoding) string {
	if e == ShiftJIS {
		return "\r\n"
	}
	return "\n"
}

func parseDetected(f Format, text string) (*Record, error) {
	if f == UnknownFormat {
		f = Detect(text)
	}
	return parseAs(f, text)
}

// decodeAs decodes data as e, and lists the bytes that were not valid in it.
func decodeAs(data []byte, e Encoding) (string, []Warning) {
	switch e {
	case UTF8:
		text, n := decodeUTF8(bytes.TrimPrefix(data, bomUTF8))
		return text, replaced(text, n, UTF8)
	case ShiftJIS:
		text := decodeShiftJIS(data)
		return text, replaced(text, strings.Count(text, "\uFFFD"), ShiftJIS)
	}
	text, _, bad := decodeWith(data, e)
	return text, bad
}

// MaxFileBytes is the most ReadBytes reads: far more than any record (a 1549-move game with
// an analysis in every comment is a few hundred kilobytes), and far less than a video or a
// disk image opened by mistake, which took minutes and gigabytes of memory to be refused
// (300 MB: 27 s and 4.1 GB).
const MaxFileBytes = 64 << 20

// ErrTooLarge is ReadBytes's error for a file larger than MaxFileBytes.
var ErrTooLarge = errors.New("too large to be a record")

// ReadBytes reads a record file's bytes, at most MaxFileBytes. Its errors are *os.PathError,
// which name the file, as os.ReadFile's: a file larger than that is one whose Err wraps
// ErrTooLarge and says how large.
func ReadBytes(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	tooLarge := func(detail string) error {
		return &os.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w: %s", ErrTooLarge, detail)}
	}
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() && st.Size() > MaxFileBytes {
		return nil, tooLarge(fmt.Sprintf("%d MB, where Banmen reads records of at most %d MB", st.Size()>>20, MaxFileBytes>>20))
	}
	// a file that is not regular (a pipe, /dev/zero) has no size to ask: read up to the limit
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFileBytes {
		return nil, tooLarge(fmt.Sprintf("more than the %d MB Banmen reads at most", MaxFileBytes>>20))
	}
	return data, nil
}

// ReadFile reads the record in a file, whatever its format and encoding. Errors name the file.
func ReadFile(path string) (*Record, error) {
	data, err := ReadBytes(path)
	if err != nil {
		return nil, fmt.Errorf("kifu: %w", err)
	}
	rec, _, err := Read(data, path)
	return rec, err
}

// WriteOptions say how Write encodes a record.
type WriteOptions struct {
	Encoding Encoding
	// Newline ends lines: "\n", "\r\n" or "\r". Empty: "\r\n" for Shift_JIS (the
	// Windows programs that want Shift_JIS want CRLF), "\n" for UTF-8.
	Newline string
	// CSAV3 writes CSA V3.0 instead of V2.2.
	CSAV3 bool
}

// FormatRecord writes r as text in format f (lines end with "\n"). KIF starts with the
// line that declares the encoding o names; KI2 has none (Kifu for JS cannot read a KI2 file
// with one): its extension (.ki2 Shift_JIS, .ki2u UTF-8) says it, and Write gives UTF-8 a
// BOM. A header holding a line break is an error naming it for KIF, KI2 and CSA, which
// write each header on one line (FormatKIF, FormatKI2 and FormatCSA fold it into a space).
func FormatRecord(r *Record, f Format, o WriteOptions) (string, error) {
	// Kifu for Windows reads a .kif as Shift_JIS unless the first line says otherwise
	encLine := "#KIF version=2.0 encoding=" + o.Encoding.String() + "\n"
	if f == KIF || f == KI2 || f == CSA {
		if err := checkOneLineHeaders(r, f); err != nil {
			return "", err
		}
	}
	switch f {
	case KIF:
		return encLine + FormatKIF(r), nil
	case KI2:
		// no #KIF line: Kifu for JS's KI2 reader stops at it; .ki2u says UTF-8
		return FormatKI2(r), nil
	case CSA:
		return FormatCSA(r, CSAOptions{V3: o.CSAV3, Encoding: o.Encoding}), nil
	case JKF:
		return FormatJKF(r), nil
	case USI:
		return FormatUSI(r) + "\n", nil
	}
	return "", fmt.Errorf("kifu: cannot write format %v", f)
}

// Write writes r to w in format f, encoded as o says. KI2 in UTF-8 opens with a byte order
// mark: KI2 has no line that declares its encoding (KIF has #KIF, CSA V3.0 its first line), and
// a UTF-8 file named .ki2 would otherwise read as Shift_JIS; the readers skip the mark.
func Write(w io.Writer, r *Record, f Format, o WriteOptions) error {
	text, err := FormatRecord(r, f, o)
	if err != nil {
		return err
	}
	if f == KI2 && o.Encoding == UTF8 {
		text = "\uFEFF" + text
	}
	nl := o.Newline
	if nl == "" {
		nl = DefaultNewline(o.Encoding)
	}
	data, err := Encode(WithNewline(text, nl), o.Encoding)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}
