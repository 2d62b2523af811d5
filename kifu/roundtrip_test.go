package kifu

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

// Round trips: every record is written in each format, read back and compared with the
// original, as far as the format can hold it.

// capabilities of a format, for comparing a record with its round trip
type holds struct {
	variations, times, bookmarks, remarks, headers bool
	timeUnit                                       time.Duration
	totals                                         bool
	specials                                       func(Special) Special // how the format keeps special moves
}

var formatHolds = map[string]holds{
	"KIF":  {variations: true, times: true, bookmarks: true, remarks: true, headers: true, timeUnit: time.Second, totals: true},
	"KI2":  {variations: true, bookmarks: true, remarks: true, headers: true},
	"CSA":  {times: true, timeUnit: time.Second, specials: csaKeeps(false)},
	"CSA3": {times: true, timeUnit: time.Millisecond, specials: csaKeeps(true)},
	"JKF":  {variations: true, times: true, headers: true, timeUnit: time.Second, totals: true, specials: csaKeeps(true)},
	"USI":  {},
}

// csaKeeps says what CSA makes of a special move: those without a CSA word become %CHUDAN.
func csaKeeps(v3 bool) func(Special) Special {
	return func(s Special) Special {
		if _, ok := csaSpecial(s, board.Black, v3); ok {
			return s
		}
		return Interrupt
	}
}

func write(t *testing.T, r *Record, format string) string {
	t.Helper()
	switch format {
	case "KIF":
		return FormatKIF(r)
	case "KI2":
		return FormatKI2(r)
	case "CSA":
		return FormatCSA(r, CSAOptions{})
	case "CSA3":
		return FormatCSA(r, CSAOptions{V3: true})
	case "JKF":
		return FormatJKF(r)
	case "USI":
		return FormatUSI(r)
	}
	t.Fatalf("no format %s", format)
	return ""
}

func readBack(format, text string) (*Record, error) {
	switch format {
	case "KIF":
		return ParseKIF(text)
	case "KI2":
		return ParseKI2(text)
	case "CSA", "CSA3":
		return ParseCSA(text)
	case "JKF":
		return ParseJKF(text)
	}
	return ParseUSI(text)
}

// compareRecords reports how b (read back from format h) differs from a.
func compareRecords(t *testing.T, a, b *Record, h holds, format string) {
	t.Helper()
	if sfen3(a.Start.SFEN()) != sfen3(b.Start.SFEN()) {
		t.Errorf("%s: start %s, want %s", format, b.Start.SFEN(), a.Start.SFEN())
	}
	if h.headers {
		if len(a.Headers) != len(b.Headers) {
			t.Errorf("%s: headers %q, want %q", format, b.Headers, a.Headers)
		} else {
			for i := range a.Headers {
				if a.Headers[i] != b.Headers[i] {
					t.Errorf("%s: header %q, want %q", format, b.Headers[i], a.Headers[i])
				}
			}
		}
	} else if format != "USI" {
		if a.BlackName() != b.BlackName() || a.WhiteName() != b.WhiteName() {
			t.Errorf("%s: players %q/%q, want %q/%q", format, b.BlackName(), b.WhiteName(), a.BlackName(), a.WhiteName())
		}
		// every other header is kept, under a CSA keyword or as a comment line
		for _, x := range a.Headers {
			if _, ok := b.Headers.Get(x.Key); ok || x.Key == HeaderBlack || x.Key == HeaderWhite || x.Key == HeaderShitate || x.Key == HeaderUwate {
				continue
			}
			if !containsLine(b.Root.Remarks, x.Key+"："+x.Value) && !headerValueKept(b.Headers, x.Value) {
				t.Errorf("%s: header %s：%s lost", format, x.Key, x.Value)
			}
		}
	}
	compareNodes(t, a.Root, b.Root, h, format)
}

func containsLine(ls []string, l string) bool {
	for _, x := range ls {
		if x == l {
			return true
		}
	}
	return false
}

// headerValueKept: 棋戦 and 表題 share CSA's $EVENT, and so on
func headerValueKept(hs Headers, v string) bool {
	for _, h := range hs {
		if h.Value == v {
			return true
		}
	}
	return false
}

func compareNodes(t *testing.T, a, b *Node, h holds, format string) {
	t.Helper()
	where := func() string {
		return format + ": ply " + itoa(a.ply) + " (" + strings.Join(usiMoves(a.Moves()), " ") + ")"
	}
	if a.Move != b.Move {
		t.Errorf("%s: move %v, want %v", where(), b.Move, a.Move)
		return
	}
	want := a.Special
	if h.specials != nil && want != NotSpecial {
		want = h.specials(want)
	}
	if format != "USI" && want != b.Special {
		t.Errorf("%s: special %v, want %v", where(), b.Special, want)
	}
	if format == "USI" {
		if a.Move == board.NoMove {
			return
		}
	} else {
		if a.Comment != b.Comment {
			t.Errorf("%s: comment %q, want %q", where(), b.Comment, a.Comment)
		}
		if h.bookmarks && a.Bookmark != b.Bookmark {
			t.Errorf("%s: bookmark %q, want %q", where(), b.Bookmark, a.Bookmark)
		}
		if h.remarks && !a.IsRoot() && strings.Join(a.Remarks, "\n") != strings.Join(b.Remarks, "\n") {
			t.Errorf("%s: remarks %q, want %q", where(), b.Remarks, a.Remarks)
		}
		if h.times && !a.IsRoot() {
			if a.Timed != b.Timed || a.Elapsed.Truncate(h.timeUnit) != b.Elapsed {
				t.Errorf("%s: time %v (%v), want %v (%v)", where(), b.Elapsed, b.Timed, a.Elapsed.Truncate(h.timeUnit), a.Timed)
			}
			if h.totals && a.Total.Truncate(time.Second) != b.Total {
				t.Errorf("%s: total %v, want %v", where(), b.Total, a.Total)
			}
		}
	}
	ac := a.children
	if !h.variations && len(ac) > 1 {
		ac = ac[:1]
	}
	if format == "USI" && len(ac) == 1 && ac[0].IsSpecial() {
		ac = nil
	}
	if len(ac) != len(b.children) {
		t.Errorf("%s: %d continuations, want %d", where(), len(b.children), len(ac))
		return
	}
	for i := range ac {
		compareNodes(t, ac[i], b.children[i], h, format)
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// testdataFiles lists the record files in testdata (not the fuzz seeds in testdata/fuzz).
func testdataFiles() []string {
	m, _ := filepath.Glob("testdata/*/*")
	var files []string
	for _, f := range m {
		if !strings.HasPrefix(f, filepath.Join("testdata", "fuzz")) {
			files = append(files, f)
		}
	}
	return files
}

// recordFiles lists the record files to test: kifu/testdata, and the shared corpus if present.
func recordFiles(t *testing.T) []string {
	var files []string
	for _, pattern := range []string{"testdata/*/*", corpusDir + "/*/*"} {
		m, _ := filepath.Glob(pattern)
		for _, f := range m {
			if fi, err := os.Stat(f); err == nil && !fi.IsDir() && !strings.HasSuffix(f, ".json") && !strings.HasSuffix(f, ".md") {
				files = append(files, f)
			}
		}
	}
	if len(files) == 0 {
		t.Fatal("no record files found")
	}
	return files
}

func TestRoundTrips(t *testing.T) {
	for _, f := range recordFiles(t) {
		f := f
		t.Run(f, func(t *testing.T) {
			rec, err := ReadFile(f)
			if err != nil {
				if rec == nil {
					t.Fatalf("read: %v", err)
				}
				// a file with an error (fork-test.kif, bad_*): the part read must round-trip
			}
			for _, format := range []string{"KIF", "KI2", "CSA", "CSA3", "JKF", "USI"} {
				text := write(t, rec, format)
				back, err := readBack(format, text)
				if format == "USI" && endsWithIllegalMove(rec) {
					// USI cannot say that the game was lost by its illegal last move:
					// reading it back stops before that move and says so
					pe, ok := err.(*ParseError)
					want := rec.MainMoves()
					if !ok || !pe.AtEnd || back == nil || len(back.MainMoves()) != len(want)-1 || !strings.Contains(pe.Msg, want[len(want)-1].USI()) {
						t.Errorf("USI of a game lost by an illegal move: reading back gave %v, %v", back, err)
					}
					continue
				}
				if err != nil {
					t.Errorf("%s: reading back: %v\n%s", format, err, text)
					continue
				}
				compareRecords(t, rec, back, formatHolds[format], format)
				// writing what was read back gives the same text
				if again := write(t, back, format); again != text && formatHolds[format].headers {
					t.Errorf("%s: written twice differs:\n%s\n----\n%s", format, text, again)
				}
			}
		})
	}
}

// endsWithIllegalMove reports whether the last move of r's main line breaks a rule
// (a game lost by it, kept because the record says so).
func endsWithIllegalMove(r *Record) bool {
	ms := r.MainMoves()
	if len(ms) == 0 {
		return false
	}
	p := *r.Start
	for _, m := range ms[:len(ms)-1] {
		p.Do(m)
	}
	return !p.IsLegal(ms[len(ms)-1])
}

// Through a chain of formats, what every format in the chain holds survives.
func TestConversionChains(t *testing.T) {
	chains := [][]string{{"KIF", "CSA", "KIF"}, {"KIF", "JKF", "KIF"}, {"KI2", "KIF", "KI2"}, {"CSA", "KIF", "CSA"}, {"JKF", "KI2", "JKF"}}
	for _, f := range recordFiles(t) {
		rec, err := ReadFile(f)
		if err != nil {
			continue
		}
		for _, chain := range chains {
			r := rec
			h := formatHolds[chain[0]]
			for _, format := range chain {
				back, err := readBack(format, write(t, r, format))
				if err != nil {
					t.Fatalf("%s %v at %s: %v", f, chain, format, err)
				}
				r = back
				fh := formatHolds[format]
				h.variations = h.variations && fh.variations
				h.times = h.times && fh.times
				h.totals = h.totals && fh.totals
				h.bookmarks = h.bookmarks && fh.bookmarks
				h.remarks = h.remarks && fh.remarks
				h.headers = h.headers && fh.headers
				if fh.timeUnit > h.timeUnit {
					h.timeUnit = fh.timeUnit
				}
				if fh.specials != nil {
					h.specials = fh.specials
				}
			}
			if !h.times {
				// nothing to compare: the first format of the chain may not have had them
			}
			compareRecords(t, rec, r, h, f+" "+strings.Join(chain, "→"))
		}
	}
}

// Writing in Shift_JIS and reading back the bytes gives the same record.
func TestShiftJISRoundTrip(t *testing.T) {
	for _, f := range recordFiles(t) {
		rec, err := ReadFile(f)
		if err != nil {
			continue
		}
		var buf bytes.Buffer
		if err := Write(&buf, rec, KIF, WriteOptions{Encoding: ShiftJIS}); err != nil {
			if strings.Contains(err.Error(), "Shift_JIS") {
				continue // a character Shift_JIS cannot hold: the error says which
			}
			t.Fatalf("%s: %v", f, err)
		}
		back, enc, err := Read(buf.Bytes(), "x.kif")
		if err != nil || enc != ShiftJIS {
			t.Fatalf("%s: read back as %v: %v", f, enc, err)
		}
		compareRecords(t, rec, back, formatHolds["KIF"], f+" KIF Shift_JIS")
		if !bytes.Contains(buf.Bytes(), []byte("\r\n")) {
			t.Errorf("%s: Shift_JIS KIF written without CRLF", f)
		}
	}
}

var _ = os.ReadFile

// A line break in a header value must not become a line of the file: a 先手 of
// "a\n手合割：香落ち" would turn the game into a lance-handicap game. Write refuses it
// for the line formats, naming the header; JKF keeps it; the Format functions fold it.
func TestHeaderLineBreaks(t *testing.T) {
	for _, nl := range []string{"\n", "\r\n", "\r"} {
		jkf := `{"header":{"先手":"a` + strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(nl) + `手合割：香落ち"},"moves":[{},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"comments":["x` + strings.NewReplacer("\n", `\n`, "\r", `\r`).Replace(nl) + `まで1手で後手の勝ち"]}]}`
		r, err := ParseJKF(jkf)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range []Format{KIF, KI2, CSA} {
			var buf bytes.Buffer
			err := Write(&buf, r, f, WriteOptions{})
			if err == nil || !strings.Contains(err.Error(), "先手") || !strings.Contains(err.Error(), "line break") {
				t.Errorf("%v: Write gave %v, want an error naming 先手", f, err)
			}
		}
		var buf bytes.Buffer
		if err := Write(&buf, r, JKF, WriteOptions{}); err != nil {
			t.Fatal(err)
		}
		if back, _, err := Read(buf.Bytes(), "x.jkf"); err != nil || back.BlackName() != r.BlackName() {
			t.Errorf("JKF: %v, %v", back, err)
		}
		for _, f := range []string{"KIF", "KI2", "CSA"} {
			back, err := readBack(f, write(t, r, f))
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if back.Start.SFEN() != board.NewStartPosition().SFEN() || back.BlackName() != "a 手合割：香落ち" {
				t.Errorf("%s: start %s, 先手 %q", f, back.Start.SFEN(), back.BlackName())
			}
			if n := back.Root.Next(); n == nil || n.Comment != "x\nまで1手で後手の勝ち" || n.Next() != nil {
				t.Errorf("%s: the comment's second line became part of the record: %+v", f, n)
			}
		}
	}
}
