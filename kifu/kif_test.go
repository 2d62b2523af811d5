package kifu

import (
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

// what a test file must read as
type fileFacts struct {
	file     string
	start    string // SFEN (without the move number) of the start position
	plies    int    // moves on the main line
	result   Special
	leaves   int               // lines of play (1 + variations)
	comments map[int]string    // main-line ply → comment (0: the start position)
	headers  map[string]string // header → value
	warnings []string          // each warning (in order) contains this
	times    map[int][2]time.Duration
}

const hirate = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"

func checkFacts(t *testing.T, ff fileFacts) {
	t.Helper()
	r, err := ReadFile("testdata/" + ff.file)
	if err != nil {
		t.Fatalf("%s: %v", ff.file, err)
	}
	if got := sfen3(r.Start.SFEN()); got != ff.start {
		t.Errorf("start %s, want %s", got, ff.start)
	}
	if got := len(r.MainMoves()); got != ff.plies {
		t.Errorf("%d moves, want %d", got, ff.plies)
	}
	if r.Result() != ff.result {
		t.Errorf("ends with %v, want %v", r.Result(), ff.result)
	}
	if got := len(leafLines(r)); got != ff.leaves {
		t.Errorf("%d lines of play, want %d", got, ff.leaves)
	}
	main := append([]*Node{r.Root}, r.MainLine()...)
	for ply, want := range ff.comments {
		if ply >= len(main) || main[ply].Comment != want {
			t.Errorf("comment at ply %d: %q, want %q", ply, main[min(ply, len(main)-1)].Comment, want)
		}
	}
	for k, v := range ff.headers {
		if got, ok := r.Headers.Get(k); !ok || got != v {
			t.Errorf("header %s: %q, want %q", k, got, v)
		}
	}
	if len(r.Warnings) != len(ff.warnings) {
		t.Errorf("warnings %v, want %d", r.Warnings, len(ff.warnings))
	} else {
		for i, w := range ff.warnings {
			if !strings.Contains(r.Warnings[i].String(), w) {
				t.Errorf("warning %q does not say %q", r.Warnings[i], w)
			}
		}
	}
	for ply, want := range ff.times {
		n := main[ply]
		if !n.Timed || n.Elapsed != want[0] || n.Total != want[1] {
			t.Errorf("time at ply %d: %v/%v (%v), want %v/%v", ply, n.Elapsed, n.Total, n.Timed, want[0], want[1])
		}
	}
}

func TestReadKIFFiles(t *testing.T) {
	s := time.Second
	tests := []fileFacts{
		{file: "kif/kifu-for-js__henka.kif", start: hirate, plies: 12, result: Interrupt, leaves: 6,
			comments: map[int]string{1: "初手のコメント", 2: "２手目のコメント"},
			headers:  map[string]string{"棋戦": "第74期棋聖戦1次予選", "先手": "先手56789012全3456789", "消費時間": "26▲26△359"},
			times:    map[int][2]time.Duration{1: {2 * s, 2 * s}, 10: {1 * s, 7 * s}, 13: {0, 7 * s}}},
		{file: "kif/kifu-for-js__doh_branch.kifu", start: hirate, plies: 3, result: Interrupt, leaves: 3},
		{file: "kif/kifu-for-js__illegal.kif", start: hirate, plies: 2, result: FoulLose, leaves: 2},
		{file: "kif/kifu-for-js__32ryu-cumbersome.kif", start: "7kl/5+R1b1/5K1p1/6+R2/9/8b/9/9/9 b 4g4s4n3l17p", plies: 9, result: Checkmate, leaves: 1,
			comments: map[int]string{0: "Twitter上でkisy氏が出した創作課題「32龍(ミニリュー)が出てくる詰将棋」\nタイトル「符号を正確に言うのが面倒」"},
			headers:  map[string]string{"作者": "na2hiro"}},
		{file: "kif/kifu-for-js__9fu.kif", start: "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n", plies: 61, result: Checkmate, leaves: 1,
			warnings: []string{"line 9: board diagram breaks a rule (board: white 歩 on 2i can never move)"}},
		{file: "kif/kifu-for-js__meijinsen_20180508_M7_10034.kif", start: hirate, plies: 52, result: Sealed, leaves: 1,
			headers: map[string]string{"備考": `昼休前33手目22分\n封じ手時刻:18:30＜53手目＞\n`, "昼食休憩": "12:30～13:30", "後手省略名": "佐藤天"},
			times:   map[int][2]time.Duration{53: {25 * time.Minute, 4*time.Hour + 7*time.Minute}}},
		{file: "kif/kifu-for-js__shogidokoro.kifu", start: "4+B2n1/7k1/6pp1/7gp/4P3P/9/9/9/9 b RBSNr3g3s2n4l13p", plies: 19, leaves: 1,
			times: map[int][2]time.Duration{1: {31 * s, 31 * s}, 2: {0, 0}, 3: {0, 31 * s}}},
		{file: "kif/mog-core-scala__kif__game__003.kif", start: "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -", plies: 117, result: Resign, leaves: 5,
			headers: map[string]string{"下手": "Archon", "上手": "Taichi_NAKAMURA"}},
		{file: "kif/mog-core-scala__kif__game__006.kif", start: hirate, plies: 8, leaves: 1}, // its variations repeat the main line
		{file: "kif/mog-core-scala__kif__game__007.kif", start: "4RB1k1/5s3/7n1/5s1LP/9/7r1/9/9/6K2 b b4g2s3n3l17p", plies: 13, leaves: 5,
			comments: map[int]string{2: "This move is a check."}},
		{file: "kif/mog-core-scala__kif__game__009.kif", start: hirate, plies: 85, result: Repetition, leaves: 1,
			comments: map[int]string{1: "63\nP7g-7f G4a-3b G6i-7h P3c-3d P2g-2f P8c-8d P2f-2e P8d-8e P2e-2d P2cx2d R2hx2d P8e-8f P8gx8f R8bx8f S3i-3h S7a-7b K5i-6h R8f-8b P*8g P*2c R2d-2f P7c-7d P3g-3f P1c-1d N2i-3g S7b-7c P9g-9f S7c-6d R2f-2e N2a-3c R2e-2i"},
			times:    map[int][2]time.Duration{1: {4*time.Minute + 35*s, 4*time.Minute + 35*s}}},
		{file: "kif/mog-core-scala__kif__game__012.kif", start: hirate, plies: 121, result: Resign, leaves: 2,
			warnings: []string{"line 138: a move after 投了"}},
		{file: "kif/mog-core-scala__kif__game__013.kif", start: "4k4/9/9/9/9/9/+p+p+p6/2+p6/K1+p6 b 2r2b4g4s4n4l13p", plies: 0, leaves: 0,
			headers: map[string]string{"開始日時": "12/30/2018 10:29:48 PM"}},
		{file: "kif/mog-core-scala__kif__game__017.kif", start: hirate, plies: 27, result: FoulWin, leaves: 1,
			comments: map[int]string{28: "王手放置の反則"},
			warnings: []string{`line 34: illegal move "４五桂(37)" (it leaves the king in check) kept`}},
		{file: "kif/shogihome__scenario__3__record.kifu", start: "4K4/9/9/9/9/9/+r+bgggg+b+r1/ssssk4/9 w -", plies: 0, result: EnteringKing, leaves: 1},
		{file: "kif/shogihome__conversion__input__sub02__kif-sjis.kif", start: hirate, plies: 14, result: Timeout, leaves: 1},
	}
	for _, ff := range tests {
		t.Run(ff.file, func(t *testing.T) { checkFacts(t, ff) })
	}
}

// henka.kif with one line changed: what the error says, and what is kept.
func TestKIFErrors(t *testing.T) {
	data, err := os.ReadFile("testdata/kif/kifu-for-js__henka.kif")
	if err != nil {
		t.Fatal(err)
	}
	henka, _ := Decode(data)
	tests := []struct {
		name, old, new string
		line           int
		says           []string
		kept           int // main-line moves read before the error
	}{
		{"illegal destination", "   1 ７六歩(77)", "   1 ７五歩(77)", 23, []string{`illegal move "７五歩(77)"`, "cannot move to 7e"}, 0},
		{"unknown piece", "   3 ２六歩(27)", "   3 ２六X(27)", 27, []string{`illegal move "２六X(27)"`, "unknown piece"}, 2},
		{"wrong piece", "   3 ２六歩(27)", "   3 ２六角(27)", 27, []string{"the piece on ２七 (2g) is 歩, not 角"}, 2},
		{"no origin there", "   3 ２六歩(27)", "   3 ２六歩(55)", 27, []string{"there is no piece on ５五 (5e)"}, 2},
		{"同 at the start", "   1 ７六歩(77)", "   1 同　歩(77)", 23, []string{"同 (same square) with no previous move"}, 0},
		{"variation too far", "変化：3手\n   3 ６八銀", "変化：30手\n   3 ６八銀", 40, []string{"variation at move 30"}, 12},
		{"bad board row", "手数----", "| ・ ・|一\n手数----", 11, []string{"board diagram row has 2 squares, want 9"}, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := strings.Replace(henka, tt.old, tt.new, 1)
			if text == henka {
				t.Fatalf("%q not in the file", tt.old)
			}
			r, err := ParseKIF(text)
			pe, ok := err.(*ParseError)
			if !ok || pe.Line != tt.line {
				t.Fatalf("error %v, want one at line %d", err, tt.line)
			}
			for _, s := range tt.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("%q does not say %q", err, s)
				}
			}
			if !strings.HasPrefix(err.Error(), "kifu: line ") {
				t.Errorf("%q: want kifu: line N: …", err)
			}
			if r == nil || len(r.MainMoves()) != tt.kept {
				t.Errorf("kept %v moves, want %d", r, tt.kept)
			}
		})
	}
}

// A game does not go on after an illegal move: one that is followed by more moves is an error.
func TestKIFIllegalMoveFollowedByMoves(t *testing.T) {
	data, _ := os.ReadFile("testdata/kif/mog-core-scala__kif__game__017.kif")
	text := strings.Replace(string(data), "28 反則勝ち", "28 ９四歩(93)", 1)
	r, err := ParseKIF(text)
	pe, ok := err.(*ParseError)
	if !ok || pe.Line != 34 || !strings.Contains(pe.Msg, "４五桂(37)") || !strings.Contains(pe.Msg, "leaves the king in check") {
		t.Fatalf("error %v, want the illegal move of line 34", err)
	}
	if len(r.MainMoves()) != 26 || len(r.Warnings) != 0 {
		t.Errorf("kept %d moves and %v, want the 26 before it and no warning", len(r.MainMoves()), r.Warnings)
	}
}

// A file cut in the middle of a line reads up to the line before, with a warning;
// lines nobody understands are skipped with a warning.
func TestKIFTruncatedAndUnknownLines(t *testing.T) {
	data, _ := os.ReadFile("testdata/kif/mog-core-scala__kif__game__004.kif")
	text := string(data)
	cut := text[:strings.Index(text, "同　銀(")+len("同　")]
	r, err := ParseKIF(cut)
	if err != nil || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, "ends in the middle of this line") {
		t.Fatalf("cut file: %v, warnings %v", err, r.Warnings)
	}
	full, _ := ParseKIF(text)
	if n := len(r.MainMoves()); n == 0 || n >= len(full.MainMoves()) {
		t.Errorf("cut file gave %d moves", n)
	}
	r, err = ParseKIF(strings.Replace(text, "戦型：矢倉\n", "戦型：矢倉\nこれは何でしょう\n", 1))
	if err != nil || len(r.Warnings) != 1 || r.Warnings[0].Line != 8 || !strings.Contains(r.Warnings[0].Msg, "これは何でしょう") {
		t.Errorf("unknown line: %v, %v", err, r.Warnings)
	}
	// kept, and written back as a remark
	if len(r.Root.Remarks) != 1 || !strings.Contains(FormatKIF(r), "#これは何でしょう\n") {
		t.Errorf("unknown line not kept: %q", r.Root.Remarks)
	}
	if _, err := ParseKIF("nothing here\nat all\n"); err == nil || !strings.Contains(err.Error(), "not a KIF or KI2 record") {
		t.Errorf("junk: %v", err)
	}
	// a file of "key:value" lines (/etc/passwd, a configuration) is no record of headers alone
	if r, err := ParseKIF("root:x:0:0:root:/root:/bin/bash\nname: value\n"); err == nil || !strings.Contains(err.Error(), "not a KIF or KI2 record") {
		t.Errorf("key:value lines: %v, headers %q", err, r.Headers)
	}
	// a URL on a line of its own is kept as a remark with a warning, not made a header "http"
	r, err = ParseKIF(strings.Replace(text, "戦型：矢倉\n", "戦型：矢倉\nhttps://example.com/kifu\n", 1))
	if err != nil || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, "https://example.com/kifu") {
		t.Errorf("a URL line: %v, %v", err, r.Warnings)
	} else if _, ok := r.Headers.Get("https"); ok {
		t.Error("a URL line read as the header https")
	}
}

// FormatKIF writes the move section as Kifu for Windows does: henka.kif's moves,
// comments, bookmark, time columns, variation marks, trailers and 変化 lines come out
// the same, character for character.
func TestFormatKIFLikeKifuForWindows(t *testing.T) {
	data, _ := os.ReadFile("testdata/kif/kifu-for-js__henka.kif")
	orig, _ := Decode(data)
	r, err := ParseKIF(orig)
	if err != nil {
		t.Fatal(err)
	}
	got := FormatKIF(r)
	moveSection := func(s string) string {
		s = strings.ReplaceAll(s, "\r\n", "\n")
		return s[strings.Index(s, "手数----"):]
	}
	if moveSection(got) != moveSection(orig) {
		t.Errorf("move section differs:\n%s\n---- want\n%s", moveSection(got), moveSection(orig))
	}
	for _, h := range []string{"開始日時：2000/12/30 10:00\n", "手合割：平手\n", "# --- Kifu for Windows V6.39c 棋譜ファイル ---\n"} {
		if !strings.Contains(got, h) {
			t.Errorf("missing %q", h)
		}
	}
	// a board diagram when the start is not a named position
	r = readTestFile(t, "kif/kifu-for-js__32ryu-cumbersome.kif")
	out := FormatKIF(r)
	for _, l := range []string{"後手の持駒：金四　銀四　桂四　香三　歩十七　\n", "| ・ ・ ・ ・ ・ 龍 ・v角 ・|二\n", "先手の持駒：なし\n", "先手番\n", "  10 詰み         ( 0:00/00:00:00)\nまで9手で詰み\n"} {
		if !strings.Contains(out, l) {
			t.Errorf("board diagram: missing %q in\n%s", l, out)
		}
	}
}

// Move spellings seen in files of other programs, each read as the same move.
func TestKIFMoveSpellings(t *testing.T) {
	p := readTestFile(t, "kif/kifu-for-js__henka.kif") // after 7g7f 8c8d … 7a6b: Black has a bishop in hand
	pos := p.FinalPosition()
	last := p.MainEnd().Parent().Move.To()
	tests := []struct{ text, usi string }{
		{"５五角打", "B*5e"},
		{"５五角打(00)", "B*5e"},
		{"５五角(00)", "B*5e"},
		{"５五角打( 0:01/00:00:01)", "B*5e"},
		{"55角打", "B*5e"},
		{"５五角打    ( 0:00/00:00:00)", "B*5e"},
		{"２五歩(26)", "2f2e"},
		{"２五歩(26)( 0:01/00:00:08)", "2f2e"},
		{"２五歩", "2f2e"},
		{"1六歩(17)", "1g1f"},
	}
	for _, tt := range tests {
		m, n, err := pos.ReadJapaneseMove(tt.text, last)
		if err != nil || m.USI() != tt.usi {
			t.Errorf("%q: %v %v, want %s", tt.text, m, err, tt.usi)
		}
		// what is left is the time column, for the KIF reader
		if rest := strings.TrimSpace(tt.text[n:]); rest != "" && !(strings.HasPrefix(rest, "(") && strings.Contains(rest, ":")) {
			t.Errorf("%q: left %q after the move", tt.text, rest)
		}
	}
}

// Kakinoki lists variations depth first; the "+" marks say which move a variation
// replaces, so a file listing them in another order reads the same.
func TestKIFVariationsFollowThePlusMarks(t *testing.T) {
	data, _ := os.ReadFile("testdata/kif/kifu-for-js__henka.kif")
	text, _ := Decode(data)
	text = strings.ReplaceAll(text, "\r\n", "\n")
	blocks := strings.Split(text, "\n\n変化：")
	if len(blocks) != 6 {
		t.Fatalf("%d blocks", len(blocks))
	}
	// main line; the variation at move 1 and its own at move 2; then the main line's at 2 and 3
	reordered := strings.Join([]string{blocks[0], blocks[4], blocks[5], blocks[3], blocks[1], blocks[2]}, "\n\n変化：")
	want, err := ParseKIF(text)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ParseKIF(reordered)
	if err != nil {
		t.Fatal(err)
	}
	sortLines := func(ls []tsshogiLine) []string {
		var out []string
		for _, l := range ls {
			out = append(out, strings.Join(l.Moves, " ")+" / "+deref(l.End))
		}
		sort.Strings(out)
		return out
	}
	if g, w := sortLines(leafLines(got)), sortLines(leafLines(want)); strings.Join(g, "\n") != strings.Join(w, "\n") {
		t.Errorf("lines:\n%s\nwant\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

// A file edited on two systems mixes line ends: it reads as it does with one kind.
func TestKIFMixedLineEnds(t *testing.T) {
	data, err := os.ReadFile("testdata/kif/kifu-for-js__henka.kif")
	if err != nil {
		t.Fatal(err)
	}
	text, _ := Decode(data)
	text = strings.ReplaceAll(text, "\r\n", "\n")
	want, err := ParseKIF(text)
	if err != nil {
		t.Fatal(err)
	}
	ends := []string{"\n", "\r\n", "\r"}
	ls := strings.Split(text, "\n")
	var b strings.Builder
	for i, l := range ls {
		b.WriteString(l)
		if i < len(ls)-1 {
			b.WriteString(ends[i%3])
		}
	}
	got, err := ParseKIF(b.String())
	if err != nil {
		t.Fatalf("mixed line ends: %v", err)
	}
	if FormatKIF(got) != FormatKIF(want) || len(got.MainMoves()) == 0 {
		t.Errorf("mixed line ends read differently:\n%s\nwant\n%s", FormatKIF(got), FormatKIF(want))
	}
}

// Going back to where a variation starts costs the same however deep the line is: a
// record with a variation at each of its 40,000 moves reads in time linear in its size
// (it took 21 s when each variation replayed the moves from the start).
func TestKIFDeepVariationsLinear(t *testing.T) {
	const n = 40000
	r := New(board.NewStartPosition())
	at, p := r.Root, *r.Start
	main := []string{"2h3h", "8b7b", "3h2h", "7b8b"}
	alt := []string{"1g1f", "9c9d"}
	for i := 0; i < n; i++ {
		a, err := p.ParseMove(alt[i%2])
		if err != nil {
			t.Fatal(err)
		}
		m, err := p.ParseMove(main[i%4])
		if err != nil {
			t.Fatal(err)
		}
		next := at.addMove(m)
		at.addMove(a)
		at = next
		p.Do(m)
	}
	text := FormatKIF(r)
	kr := newKakinokiReader()
	back, err := kr.read(text)
	if err != nil {
		t.Fatal(err)
	}
	if got := len(back.MainMoves()); got != n {
		t.Fatalf("%d moves read, want %d", got, n)
	}
	leaves := 0
	back.Root.Walk(func(x *Node) bool {
		if len(x.children) == 0 {
			leaves++
		}
		return true
	})
	if leaves != n+1 {
		t.Errorf("%d lines read, want %d", leaves, n+1)
	}
	if kr.replayed > 64*n {
		t.Errorf("%d moves played again for %d variations: going back is not bounded", kr.replayed, n)
	}
}
