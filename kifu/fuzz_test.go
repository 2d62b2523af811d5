package kifu

import (
	"bytes"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"banmen/board"
)

// Fuzzing every reader: no panic, no hang, and what reads without an error writes
// and reads back. Seeds are the test files. Run one with, for example,
//
//	go test -run '^$' -fuzz '^FuzzReadKIF$' -fuzztime 30s ./kifu

func addSeeds(f *testing.F, dirs ...string) {
	for _, d := range dirs {
		files, _ := filepath.Glob(filepath.Join("testdata", d, "*"))
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err == nil {
				f.Add(data)
			}
		}
	}
}

// readBackSame writes r in format f, reads it back and checks the main line survives.
func readBackSame(t *testing.T, r *Record, format string) {
	t.Helper()
	text := write(t, r, format)
	back, err := readBack(format, text)
	if err != nil {
		t.Fatalf("%s written from a record read without error does not read back: %v\n%s", format, err, text)
	}
	if FormatUSI(back) != FormatUSI(r) {
		t.Fatalf("%s round trip changed the main line:\n%s\n%s", format, FormatUSI(r), FormatUSI(back))
	}
}

func FuzzReadKIF(f *testing.F) {
	addSeeds(f, "kif", "ki2")
	f.Fuzz(func(t *testing.T, data []byte) {
		text, _ := Decode(data)
		r, err := ParseKIF(text)
		if err == nil && r != nil && len(r.Warnings) == 0 {
			readBackSame(t, r, "KIF")
		}
	})
}

func FuzzReadKI2(f *testing.F) {
	addSeeds(f, "ki2")
	f.Fuzz(func(t *testing.T, data []byte) {
		text, _ := Decode(data)
		r, err := ParseKI2(text)
		if err == nil && r != nil && len(r.Warnings) == 0 {
			readBackSame(t, r, "KI2")
		}
	})
}

func FuzzReadCSA(f *testing.F) {
	addSeeds(f, "csa")
	f.Fuzz(func(t *testing.T, data []byte) {
		text, _ := Decode(data)
		r, err := ParseCSA(text)
		if err == nil && r != nil && len(r.Warnings) == 0 {
			readBackSame(t, r, "CSA")
		}
	})
}

func FuzzReadJKF(f *testing.F) {
	addSeeds(f, "jkf")
	for _, s := range []string{ // small ones, with the parts the two files lack
		`{"header":{"先手":"a"},"moves":[{"comments":["c"]},{"move":{"color":0,"from":{"x":7,"y":7},"to":{"x":7,"y":6},"piece":"FU"},"forks":[[{"move":{"color":0,"to":{"x":5,"y":5},"piece":"KA","relative":"H"}}]]},{"special":"TORYO"}]}`,
		`{"header":{},"initial":{"preset":"OTHER","data":{"color":1,"board":[[{"color":1,"kind":"OU"}],[],[{"color":0,"kind":"KI"}]],"hands":[{"KI":1},{}]}},"moves":[{}]}`,
		`{"header":{},"initial":{"preset":"KY"},"moves":[{},{"move":{"color":1,"from":{"x":3,"y":3},"to":{"x":3,"y":4},"piece":"FU"},"time":{"now":{"m":1,"s":2},"total":{"h":0,"m":1,"s":2}}}]}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		text, _ := Decode(data)
		r, err := ParseJKF(text)
		if err == nil && r != nil && len(r.Warnings) == 0 {
			readBackSame(t, r, "JKF")
		}
	})
}

func FuzzReadUSI(f *testing.F) {
	for _, s := range []string{"position startpos moves 7g7f 3c3d 8h2b+ 3a2b", "sfen 8k/9/9/9/9/9/9/9/9 b G 1 moves G*1b", "7g7f"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseUSI(string(data))
		if err == nil && r != nil && len(r.Warnings) == 0 {
			readBackSame(t, r, "USI")
		}
	})
}

// ReadAny takes any pasted text; whatever it reads must survive KIF.
func FuzzReadAny(f *testing.F) {
	addSeeds(f, "kif", "ki2", "csa", "jkf")
	f.Fuzz(func(t *testing.T, data []byte) {
		text, _ := Decode(data)
		r, err := ReadAny(text)
		if err == nil && r != nil && len(r.Warnings) == 0 {
			readBackSame(t, r, "KIF")
		}
	})
}

func FuzzParseThinkComments(f *testing.F) {
	for _, s := range []string{"*評価値=80\n*読み筋=▲７六歩△３四歩\n\n#詰み=後手勝ち:8手", "* 104 -3334FU +7988GI", "#深さ=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p := board.NewStartPosition()
		for _, tc := range ParseThinkComments(s, p, board.NoSquare) {
			text := tc.Format(p)
			if strings.Contains(s, "\n\n") {
				continue
			}
			_ = ParseThinkComments(text, p, board.NoSquare)
		}
	})
}

// Writers: what they write reads back as the same record. FuzzWriteRead builds random
// records (legal games, variations, comments, headers, times, endings) from its seed;
// FuzzWriteReadText puts any text in a header, a comment and a bookmark.

func FuzzWriteRead(f *testing.F) {
	for i := int64(0); i < 12; i++ {
		f.Add(i, uint8(i*7), i%2 == 0, i%3 == 0, uint8(i))
	}
	f.Fuzz(func(t *testing.T, seed int64, plies uint8, variations, lineBreaks bool, format uint8) {
		rng := rand.New(rand.NewSource(seed))
		r := randomRecord(t, rng, randomRecordOptions{plies: int(plies % 128), variations: variations, lineBreaks: lineBreaks})
		wf := writeReadFormats[int(format/2)%len(writeReadFormats)]
		checkWriteReadAs(t, r, "seed "+strconv.FormatInt(seed, 10), wf.name, Encoding(format%2))
	})
}

func FuzzWriteReadText(f *testing.F) {
	f.Add("羽生善治", "７六歩は\n定跡", "しおり")
	f.Add("a\n手合割：香落ち", "*x\r\nまで1手で後手の勝ち", "&")
	f.Add(" lead", "", "")
	f.Fuzz(func(t *testing.T, header, comment, bookmark string) {
		for _, s := range []string{header, comment, bookmark} {
			if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 && r != '\t' && r != '\n' && r != '\r' }) {
				return // records hold text, not control characters
			}
		}
		r := New(board.NewStartPosition())
		r.Headers.Set("棋戦", header)
		n, err := r.PlayUSI(r.Root, "7g7f")
		if err != nil {
			t.Fatal(err)
		}
		n.Comment = comment
		n.Bookmark = bookmark
		r.Root.Comment = comment
		for _, wf := range writeReadFormats {
			var buf bytes.Buffer
			err := Write(&buf, r, wf.f, WriteOptions{CSAV3: wf.v3})
			if err != nil {
				if hasLineBreak(header) && strings.Contains(err.Error(), "棋戦") {
					continue // refused, naming the header
				}
				t.Fatalf("%s: %v", wf.name, err)
			}
			back, _, err := Read(buf.Bytes(), "x"+wf.ext)
			if err != nil {
				t.Fatalf("%s: what was written does not read back: %v\n%s", wf.name, err, buf.String())
			}
			if got := len(back.MainMoves()); got != 1 {
				t.Fatalf("%s: %d moves read back, want 1\n%s", wf.name, got, buf.String())
			}
			if wf.f == USI {
				continue
			}
			if v := back.Headers.Value("棋戦"); wf.f != CSA && v != header {
				t.Errorf("%s: header %q read back as %q\n%s", wf.name, header, v, buf.String())
			}
			want := comment
			if wf.f != JKF {
				want = textOf(comment) // line formats end lines with "\n"
			}
			if got := back.Root.Next().Comment; got != want {
				t.Errorf("%s: comment %q read back as %q\n%s", wf.name, comment, got, buf.String())
			}
		}
	})
}

// textOf is a comment as the line formats keep it: its line ends all "\n".
func textOf(s string) string {
	return strings.NewReplacer("\r\n", "\n", "\r", "\n").Replace(s)
}
