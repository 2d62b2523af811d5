package kifu

import (
	"os"
	"strings"
	"testing"
	"time"
)

func TestReadCSAFiles(t *testing.T) {
	s := time.Second
	tests := []fileFacts{
		{file: "csa/kifu-for-js__v2.csa", start: hirate, plies: 196, result: Resign, leaves: 1,
			comments: map[int]string{1: "* 104", 2: "* 0"},
			headers:  map[string]string{"先手": "Titanda_L", "後手": "HarrySan", "棋戦": "wdoor+floodgate-600-10F+Titanda_L+HarrySan+20160614033003", "開始日時": "2016/06/14 03:30:03"},
			times:    map[int][2]time.Duration{7: {85 * s, 85 * s}, 9: {67 * s, 152 * s}}},
		{file: "csa/kifu-for-js__2005_GPS_K-SHOGI.csa", start: hirate, plies: 173, result: Resign, leaves: 1,
			headers: map[string]string{"先手": "sente", "後手": "gote"}, times: map[int][2]time.Duration{1: {12 * s, 12 * s}}},
		{file: "csa/kifu-for-js__8mai.csa", start: "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -", plies: 25, result: Interrupt, leaves: 1,
			times: map[int][2]time.Duration{1: {3 * s, 3 * s}, 2: {1 * s, 1 * s}, 3: {2 * s, 5 * s}}},
		{file: "csa/kifu-for-js__illegal_win.csa", start: hirate, plies: 2, result: FoulWin, leaves: 1},
		{file: "csa/kifu-for-js__example.csa", start: hirate, plies: 2, result: Interrupt, leaves: 1,
			headers: map[string]string{"棋戦": "13th World Computer Shogi Championship", "場所": "KAZUSA ARC", "持ち時間": "00:25+00", "戦型": "YAGURA", "終了日時": "2003/05/03 11:11:05"}},
		{file: "csa/mog-core-scala__csa__game__002.csa", start: hirate, plies: 258, result: Impasse, leaves: 1,
			headers: map[string]string{"先手": "elmo YaneuraOu 4.57"}},
		{file: "csa/shogihome__conversion__output__all-to-csa__v3__ki2u-utf8.csa", start: hirate, plies: 15, leaves: 1,
			headers: map[string]string{"開始日時": " 13:28:35"}},
		{file: "csa/shogihome__book__source__src04.csa", start: hirate, plies: 6, leaves: 1},
	}
	for _, ff := range tests {
		t.Run(ff.file, func(t *testing.T) { checkFacts(t, ff) })
	}
}

// Lines CSA marks as meant for no program ("'" without "*") are kept as remarks of the
// node they follow; "'*" lines are comments.
func TestCSARemarksAndComments(t *testing.T) {
	r := readTestFile(t, "csa/kifu-for-js__2005_GPS_K-SHOGI.csa")
	first := r.MainLine()[0]
	if len(first.Remarks) != 1 || first.Remarks[0] != "time left 1488 1500" || first.Comment != "" {
		t.Errorf("ply 1: remarks %q, comment %q", first.Remarks, first.Comment)
	}
	if len(r.Root.Remarks) != 1 || r.Root.Remarks[0] != "Tue May  3 13:50:01 2005" {
		t.Errorf("root remarks %q", r.Root.Remarks)
	}
	r = readTestFile(t, "csa/kifu-for-js__8mai.csa")
	if len(r.Root.Remarks) != 1 || !strings.Contains(r.Root.Remarks[0], "Kifu for Windows") {
		t.Errorf("the encoding line is not a remark, the banner is: %q", r.Root.Remarks)
	}
}

func TestCSAStatements(t *testing.T) {
	tests := []struct {
		name, text string
		start      string // SFEN without the move number
		usi        string // moves
		result     Special
		warn       string
	}{
		{"PI with removals is a handicap", "V2.2\nPI82HI22KA\n-\n-3334FU\n", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -", "3c3d", NotSpecial, ""},
		{"P+ pieces and 00AL", "P1 *  *  *  *  *  *  *  * -OU\nP+32KI00KI\nP-00AL\n+\n+0012KI\n%CHUDAN\n",
			"8k/6G2/9/9/9/9/9/9/9 b G2r2b2g4s4n4l18p", "G*1b", Interrupt, ""},
		{"statements joined by commas, real-number times", "V3.0\nPI\n+\n+7776FU,T1.25,-3334FU,T0.5\n%TORYO,T3\n",
			hirate, "7g7f 3c3d", Resign, ""},
		{"squeezed empty squares", "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY\nP2 * -HI * * * * * -KA *\nP3-FU-FU-FU-FU-FU-FU-FU-FU-FU\nP4\nP5\nP6\nP7+FU+FU+FU+FU+FU+FU+FU+FU+FU\nP8 * +KA *  *  *  *  * +HI * \nP9+KY+KE+GI+KI+OU+KI+GI+KE+KY\n+\n+7776FU\n",
			hirate, "7g7f", NotSpecial, ""},
		{"no side-to-move line", "PI\n+2726FU\n", hirate, "2g2f", NotSpecial, "no side-to-move line"},
		{"no start position", "+\n+2726FU\n", hirate, "2g2f", NotSpecial, "no start position"},
		{"two records", "PI\n+\n+2726FU\n/\nPI\n+\n+7776FU\n", hirate, "2g2f", NotSpecial, "more than one record"},
		{"unknown ending kept", "PI\n+\n+2726FU\n%FOO\n", hirate, "2g2f", Other, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ParseCSA(tt.text)
			if err != nil {
				t.Fatal(err)
			}
			if got := sfen3(r.Start.SFEN()); got != tt.start {
				t.Errorf("start %s, want %s", got, tt.start)
			}
			if got := strings.Join(usiMoves(r.MainMoves()), " "); got != tt.usi {
				t.Errorf("moves %q, want %q", got, tt.usi)
			}
			if r.Result() != tt.result {
				t.Errorf("ends with %v, want %v", r.Result(), tt.result)
			}
			if tt.warn == "" && len(r.Warnings) > 0 || tt.warn != "" && (len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, tt.warn)) {
				t.Errorf("warnings %v, want one saying %q", r.Warnings, tt.warn)
			}
		})
	}
	r, _ := ParseCSA("V3.0\nPI\n+\n+7776FU,T1.25,-3334FU,T0.5\n%TORYO,T3\n")
	ms := r.MainLine()
	if ms[0].Elapsed != 1250*time.Millisecond || ms[1].Elapsed != 500*time.Millisecond || ms[2].Elapsed != 3*time.Second || ms[2].Total != 3*time.Second+1250*time.Millisecond {
		t.Errorf("times %v %v %v (total %v)", ms[0].Elapsed, ms[1].Elapsed, ms[2].Elapsed, ms[2].Total)
	}
	if r, _ := ParseCSA("PI\n+\n+2726FU\n%FOO\n"); r.MainEnd().SpecialText != "%FOO" {
		t.Errorf("unknown ending text %q", r.MainEnd().SpecialText)
	}
}

// v2.csa with one statement changed.
func TestCSAErrors(t *testing.T) {
	data, _ := os.ReadFile("testdata/csa/kifu-for-js__v2.csa")
	text := string(data)
	tests := []struct {
		name, old, new string
		line           int
		says           string
	}{
		{"wrong side", "-8384FU", "+8384FU", 25, `move "+8384FU" is Black (先手)'s, but White (後手) is to move`},
		{"unknown piece", "+7776FU", "+7776XX", 22, `unknown piece "XX"`},
		{"piece that is not there", "+7776FU", "+7776KA", 22, "the piece on ７七 (7g) is FU, which cannot become KA"},
		{"illegal", "+7776FU", "+7775FU", 22, "cannot move to 7e"},
		{"bad square", "+7776FU", "+7706FU", 22, `"06" is not a square`},
		{"bad row", "P5 *  *  *  *  *  *  *  *  * ", "P5 *  *  * +XX *  *  *  *  * ", 13, `unknown piece "XX"`},
		{"board after the moves", "-8384FU", "-8384FU\nP1 * ", 26, "start position line after the first move"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			changed := strings.Replace(text, tt.old, tt.new, 1)
			_, err := ParseCSA(changed)
			pe, ok := err.(*ParseError)
			if !ok || pe.Line != tt.line || !strings.Contains(pe.Msg, tt.says) {
				t.Errorf("error %v, want line %d saying %q", err, tt.line, tt.says)
			}
		})
	}
}

func TestFormatCSA(t *testing.T) {
	r := readTestFile(t, "jkf/kifu-for-js__same_move_minimal.jkf")
	n := r.MainEnd()
	r.SetElapsed(n, 1500*time.Millisecond)
	n.Comment = "*評価値=120"
	r.End(n, Resign, "")
	want := "V2.2\nPI\n+\n+7776FU\n-3334FU\n+8822UM\n-3122GI\n+2726FU\nT1\n'**評価値=120\n%TORYO\n"
	if got := FormatCSA(r, CSAOptions{Encoding: ShiftJIS}); got != want {
		t.Errorf("V2.2:\n%s\nwant\n%s", got, want)
	}
	// UTF-8 beyond ASCII says so with V3.0's first line, a comment to V2.2's readers
	if got := FormatCSA(r, CSAOptions{Encoding: UTF8}); got != "'CSA encoding=UTF-8\n"+want {
		t.Errorf("V2.2 in UTF-8:\n%s", got)
	}
	n.Comment = "*score=120"
	if got := FormatCSA(r, CSAOptions{Encoding: UTF8}); !strings.HasPrefix(got, "V2.2\n") {
		t.Errorf("V2.2 in UTF-8, all ASCII:\n%s", got)
	}
	n.Comment = "*評価値=120"
	v3 := FormatCSA(r, CSAOptions{V3: true, Encoding: ShiftJIS})
	if !strings.HasPrefix(v3, "'CSA encoding=SHIFT_JIS\nV3.0\n") || !strings.Contains(v3, "+2726FU\nT1.500\n") {
		t.Errorf("V3.0:\n%s", v3)
	}
	// a handicap start is PI with the pieces taken off; another position is P1…P9 and hands
	if got := FormatCSA(readTestFile(t, "kif/mog-core-scala__kif__game__003.kif"), CSAOptions{}); !strings.Contains(got, "PI82HI22KA\n-\n") || !strings.Contains(got, "N+Archon\nN-Taichi_NAKAMURA\n") {
		t.Errorf("handicap:\n%s", got[:200])
	}
	got := FormatCSA(readTestFile(t, "kif/kifu-for-js__32ryu-cumbersome.kif"), CSAOptions{})
	for _, l := range []string{"P2 *  *  *  *  * +RY * -KA * \n", "P-00KI00KI00KI00KI00GI", "'作者：na2hiro\n", "%TSUMI\n"} {
		if !strings.Contains(got, l) {
			t.Errorf("missing %q in\n%s", l, got)
		}
	}
}

func TestCSANotARecord(t *testing.T) {
	if _, err := ParseCSA("hello\nworld\n"); err == nil || !strings.Contains(err.Error(), "not a CSA record") {
		t.Errorf("junk: %v", err)
	}
	if r, err := ParseCSA("' only a comment\n"); err != nil || len(r.Root.Remarks) != 1 {
		t.Errorf("a comment alone: %v", err)
	}
}

func TestNeedsCSAV3OnlyForFractionsOfASecond(t *testing.T) {
	whole := "V2.2\nPI\n+\n+7776FU\nT3\n-3334FU\nT12\n%TORYO\n"
	r, err := ParseCSA(whole)
	if err != nil {
		t.Fatal(err)
	}
	if NeedsCSAV3(r) {
		t.Errorf("whole seconds need V3.0:\n%s", whole)
	}
	if got := FormatCSA(r, CSAOptions{}); !strings.Contains(got, "+7776FU\nT3\n-3334FU\nT12\n") {
		t.Errorf("V2.2 lost the times:\n%s", got)
	}
	frac := "V3.0\nPI\n+\n+7776FU\nT3.250\n-3334FU\nT12\n%TORYO\n"
	if r, err = ParseCSA(frac); err != nil {
		t.Fatal(err)
	}
	if !NeedsCSAV3(r) {
		t.Errorf("T3.250 does not need V3.0:\n%s", frac)
	}
}
