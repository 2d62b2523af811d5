package kifu

import (
	"os"
	"strings"
	"testing"
)

func TestReadKI2Files(t *testing.T) {
	tests := []fileFacts{
		{file: "ki2/kifu-for-js__7mai.ki2u", start: "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -", plies: 2, result: Interrupt, leaves: 1,
			headers: map[string]string{"下手": "shitate", "上手": "uwate"}},
		{file: "ki2/kifu-for-js__kobayashi_kinsho196702.ki2", start: "8k/2rrl4/2n2ln2/g3pp2p/3l4n/2lp5/g5p2/9/7+p1 b 2B2GN4s12p", plies: 49, result: Checkmate, leaves: 1,
			comments: map[int]string{0: "近代将棋　昭和42年2月号"}, headers: map[string]string{"受賞": "塚田賞", "手数": "49"}},
		{file: "ki2/kifu-for-js__noeol.ki2", start: hirate, plies: 3, result: Interrupt, leaves: 1}, // no newline at the end
		{file: "ki2/kifu-for-js__8mai.ki2u", start: "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w -", plies: 25, result: Interrupt, leaves: 1},
		{file: "ki2/kifu-for-js__20091203.ki2", start: hirate, plies: 172, result: Resign, leaves: 1},
		{file: "ki2/mog-core-scala__ki2__game__003.ki2", start: hirate, plies: 34, leaves: 1}, // ▲７六歩△８四歩… with no spaces
		{file: "ki2/mog-core-scala__ki2__game__004.ki2", start: hirate, plies: 27, leaves: 1}, // ▽ for White
		{file: "ki2/shogihome__encoding__sjis.ki2", start: hirate, plies: 4, leaves: 1,
			comments: map[int]string{2: "*評価値=80\n\n#評価値=-60", 3: "*詰み=先手勝ち\n\n#詰み=後手勝ち"}},
	}
	for _, ff := range tests {
		t.Run(ff.file, func(t *testing.T) { checkFacts(t, ff) })
	}
}

func TestKI2Errors(t *testing.T) {
	data, _ := os.ReadFile("testdata/ki2/kifu-for-js__kobayashi_kinsho196702.ki2")
	text, _ := Decode(data)
	tests := []struct {
		name, old, new string
		line           int
		says           string
		kept           int
	}{
		{"ambiguous without 右", "▲３五馬右", "▲３五馬", 24, `illegal move "３五馬": ambiguous: 2 pieces can make it`, 12},
		{"wrong side's mark", "△１二玉", "▲１二玉", 22, `move "▲１二玉" is Black (先手)'s, but White (後手) is to move`, 1},
		{"no such move", "▲２二金", "▲２二銀", 22, `illegal move "２二銀": no legal move of a 銀 to ２二`, 2},
		{"not a move after a mark", "▲６八金", "▲？？", 25, `illegal move "？？": want a move like ７六歩`, 18},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ParseKI2(strings.Replace(text, tt.old, tt.new, 1))
			pe, ok := err.(*ParseError)
			if !ok || pe.Line != tt.line || !strings.Contains(pe.Msg, tt.says) {
				t.Fatalf("error %v, want line %d saying %q", err, tt.line, tt.says)
			}
			if len(r.MainMoves()) != tt.kept {
				t.Errorf("kept %d moves, want %d", len(r.MainMoves()), tt.kept)
			}
		})
	}
}

// FormatKI2 tells pieces apart with the same words as the files written by other
// programs (右 左 上 引 寄, 打, 成 and 不成; board writes them by the JSA rules).
// Some writers differ in style, which is not tested here: mog-core-scala writes 打 on
// every drop and "△同金直" where the JSA rules give "△同金上" (the other gold moves
// sideways, so 上 and 寄 already tell them apart).
func TestFormatKI2WordsAsInRealFiles(t *testing.T) {
	for _, f := range []string{"ki2/kifu-for-js__kobayashi_kinsho196702.ki2", "ki2/kifu-for-js__20091203.ki2", "ki2/kifu-for-js__8mai.ki2u"} {
		data, _ := os.ReadFile("testdata/" + f)
		orig, _ := Decode(data)
		r, err := ParseKI2(orig)
		if err != nil {
			t.Fatal(err)
		}
		want, got := ki2Moves(orig), ki2Moves(FormatKI2(r))
		if len(want) != len(got) {
			t.Fatalf("%s: %d moves written, the file has %d", f, len(got), len(want))
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: move %d written %s, the file has %s", f, i+1, got[i], want[i])
			}
		}
	}
}

// ki2Moves lists the moves of KI2 text, without spaces.
func ki2Moves(text string) []string {
	var out []string
	ls, _ := lines(text)
	for _, l := range ls {
		if !isKI2MoveLine(l) {
			continue
		}
		for _, m := range splitMarked(l) {
			out = append(out, strings.NewReplacer(" ", "", "　", "").Replace(m))
		}
	}
	return out
}

func TestFormatKI2Layout(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	out := FormatKI2(r)
	for _, want := range []string{
		"&読み込み時表示\n▲７六歩\n*初手のコメント\n△８四歩\n*２手目のコメント\n",
		"▲２六歩    △８五歩    ▲７七角    △３四歩    ▲８八銀    △３二金\n",
		"▲７八金    △７七角成  ▲同　銀    △６二銀\nまで12手で中断\n\n変化：3手\n▲６八銀",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
}
