package kifu

import (
	"bytes"
	"math/rand"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

// What a writer writes, the reader reads: random records (random legal games with
// variations, comments, bookmarks, headers, times and endings) are written in every
// format and encoding, read back from the bytes (format and encoding detected as for a
// file) and compared with the original, as far as the format can hold it.

// textPieces are what random header values and comments are made of: plain words, and
// the marks that mean something at the start of a line in one format or another.
var textPieces = []string{
	"羽生善治", "a", "b c", "７六歩", "▲", "△", " ", "　", "：", ":", "#", "*", "&", "'", "+", "-", "%TORYO",
	"変化：3手", "まで", "手数----", "|", "1 ７六歩(77)", "P1", "N+", "$EVENT:", "{", "}", "\"", "\\", "(", ")",
	"評価値=80", "読み筋", "ｱｲｳ", "ー", "～", "①",
}

// randomText returns 0..6 pieces, with line breaks when lines is set.
func randomText(rng *rand.Rand, lines bool) string {
	var b strings.Builder
	for i, n := 0, rng.Intn(7); i < n; i++ {
		if lines && rng.Intn(5) == 0 {
			b.WriteString("\n")
		}
		b.WriteString(textPieces[rng.Intn(len(textPieces))])
	}
	return b.String()
}

var randomHeaderKeys = []string{HeaderBlack, HeaderWhite, "棋戦", "場所", "開始日時", "終了日時", "表題", "戦型", "備考", "持ち時間", "メモ", "Xの手"}

var randomSpecials = []Special{Resign, Interrupt, Repetition, Impasse, Timeout, FoulWin, FoulLose, EnteringKing, Draw, Checkmate}

type randomRecordOptions struct {
	plies      int  // at most this many moves on the main line
	variations bool // add variations
	lineBreaks bool // line breaks in header values
}

// randomRecord builds a record as a GUI or a converter might: through Play, End and the fields.
func randomRecord(t testing.TB, rng *rand.Rand, o randomRecordOptions) *Record {
	t.Helper()
	start := board.NewStartPosition()
	if rng.Intn(4) == 0 {
		names := []string{"香落ち", "角落ち", "飛車落ち", "二枚落ち", "六枚落ち"}
		h, ok := HandicapByName(names[rng.Intn(len(names))])
		if !ok {
			t.Fatal("no handicap")
		}
		start = h.Position()
	}
	r := New(start)
	for _, i := range rng.Perm(len(randomHeaderKeys))[:rng.Intn(len(randomHeaderKeys))] {
		v := strings.ReplaceAll(randomText(rng, o.lineBreaks), "\n", "\n"+randomHeaderKeys[rng.Intn(len(randomHeaderKeys))]+"：")
		r.Headers.Set(randomHeaderKeys[i], v)
	}
	timed := rng.Intn(2) == 0
	growLine(t, rng, r, r.Root, o.plies, timed)
	if o.variations {
		main := append([]*Node{r.Root}, r.MainLine()...)
		for i := 0; i < rng.Intn(6); i++ {
			at := main[rng.Intn(len(main))]
			if !at.IsSpecial() {
				growLine(t, rng, r, at, rng.Intn(12), timed)
			}
		}
	}
	r.Root.Comment = randomText(rng, true)
	r.Root.Walk(func(n *Node) bool {
		if rng.Intn(4) == 0 {
			n.Comment = randomText(rng, true)
		}
		if rng.Intn(20) == 0 {
			n.Bookmark = strings.ReplaceAll(randomText(rng, false), " ", "")
		}
		return true
	})
	return r
}

// growLine plays up to plies random legal moves after at, and sometimes a special move.
func growLine(t testing.TB, rng *rand.Rand, r *Record, at *Node, plies int, timed bool) {
	t.Helper()
	p := *r.Position(at)
	var buf [board.MaxMoves]board.Move
	for i := 0; i < plies; i++ {
		ms := p.LegalMoves(buf[:0])
		if len(ms) == 0 {
			if _, err := r.End(at, Checkmate, ""); err != nil {
				t.Fatal(err)
			}
			return
		}
		m := ms[rng.Intn(len(ms))]
		n, err := r.Play(at, m)
		if err != nil {
			t.Fatal(err)
		}
		if timed {
			r.SetElapsed(n, time.Duration(rng.Intn(4000))*time.Second)
		}
		p.Do(m)
		at = n
	}
	if rng.Intn(2) == 0 {
		if _, err := r.End(at, randomSpecials[rng.Intn(len(randomSpecials))], ""); err != nil {
			t.Fatal(err)
		}
	}
}

// writeRead writes r in format f and encoding e and reads the bytes back as file name.
func writeRead(t *testing.T, r *Record, f Format, o WriteOptions, name string) (*Record, string) {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, r, f, o); err != nil {
		t.Fatalf("%s: writing: %v", name, err)
	}
	back, enc, err := Read(buf.Bytes(), name)
	if err != nil {
		t.Fatalf("%s: what was written does not read back: %v\n%s", name, err, head(buf.String()))
	}
	if enc != o.Encoding && !isASCII(buf.Bytes()) {
		t.Errorf("%s: read back as %v, written as %v", name, enc, o.Encoding)
	}
	return back, buf.String()
}

var writeReadFormats = []struct {
	name, ext string
	f         Format
	v3        bool
}{
	{"KIF", ".kif", KIF, false}, {"KI2", ".ki2", KI2, false}, {"CSA", ".csa", CSA, false},
	{"CSA3", ".csa", CSA, true}, {"JKF", ".jkf", JKF, false}, {"USI", ".usi", USI, false},
}

func checkWriteRead(t *testing.T, r *Record, label string) {
	t.Helper()
	for _, wf := range writeReadFormats {
		for _, e := range []Encoding{UTF8, ShiftJIS} {
			checkWriteReadAs(t, r, label, wf.name, e)
		}
	}
}

// checkWriteReadAs writes r in the format named (a name of writeReadFormats) and e, and
// reads it back.
func checkWriteReadAs(t *testing.T, r *Record, label, format string, e Encoding) {
	t.Helper()
	for _, wf := range writeReadFormats {
		if wf.name != format || e == ShiftJIS && (wf.f == JKF || wf.f == USI) {
			continue // JSON is UTF-8; USI is ASCII
		}
		o := WriteOptions{Encoding: e, CSAV3: wf.v3}
		if wf.f == KIF || wf.f == KI2 || wf.f == CSA {
			if checkOneLineHeaders(r, wf.f) != nil {
				if err := Write(&bytes.Buffer{}, r, wf.f, o); err == nil {
					t.Fatalf("%s in %s: a header with a line break written without an error", label, wf.name)
				}
				continue
			}
		}
		back, text := writeRead(t, r, wf.f, o, "record"+wf.ext)
		before := t.Failed()
		compareRecords(t, r, back, formatHolds[wf.name], wf.name)
		if !before && t.Failed() {
			t.Fatalf("%s in %s %v, written as:\n%s", label, wf.name, e, head(text))
		}
	}
}

func TestWriteReadRandomRecords(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	n := 300
	if testing.Short() {
		n = 40
	}
	for i := 0; i < n; i++ {
		plies := []int{0, 1, 2, 5, 30, 150}[i%6]
		r := randomRecord(t, rng, randomRecordOptions{plies: plies, variations: i%3 != 0, lineBreaks: i%5 == 0})
		checkWriteRead(t, r, "record "+itoa(i))
		if t.Failed() {
			return
		}
	}
}

// A record longer than any game: every format writes it so that it reads back.
func TestWriteReadLongRecord(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	r := New(board.NewStartPosition())
	shuffle := []string{"2h3h", "8b7b", "3h2h", "7b8b"}
	at, p := r.Root, *r.Start
	for i := 0; i < 100001; i++ {
		m, err := p.ParseMove(shuffle[i%4])
		if err != nil {
			t.Fatal(err)
		}
		at = at.addMove(m) // Play finds the position from the start each time: too slow here
		p.Do(m)
	}
	if _, err := r.End(at, Interrupt, ""); err != nil {
		t.Fatal(err)
	}
	for _, wf := range writeReadFormats {
		back, _ := writeRead(t, r, wf.f, WriteOptions{CSAV3: wf.v3}, "long"+wf.ext)
		if got := len(back.MainMoves()); got != 100001 {
			t.Errorf("%s: %d moves read back, want 100001", wf.name, got)
		}
	}
}

// head returns the start of a long text, for a failure message.
func head(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "\n…"
	}
	return s
}

func isASCII(b []byte) bool {
	for _, c := range b {
		if c >= 0x80 {
			return false
		}
	}
	return true
}
