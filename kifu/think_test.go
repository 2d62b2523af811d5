package kifu

import (
	"reflect"
	"strings"
	"testing"

	"banmen/board"
)

// Think comments written by ShogiHome (its usi-csa-bridge scenarios) read back into
// scores, mates and lines of play.
func TestParseThinkCommentsFromShogiHome(t *testing.T) {
	r := readTestFile(t, "jkf/shogihome__scenario__29__record.jkf")
	n := r.MainLine()[1] // after △８四歩
	got := r.ThinkComments(n)
	if len(got) != 1 {
		t.Fatalf("%d thinks", len(got))
	}
	tc := got[0]
	if tc.Analysis || !tc.HasScore || tc.Score != -35 || tc.Depth != 8 || tc.Nodes != 12345 || tc.Engine != "usi-csa-bridge" {
		t.Errorf("think %+v", tc)
	}
	if strings.Join(usiMoves(tc.PV), " ") != "2f2e 8d8e" || tc.PVText != "▲２五歩△８五歩" {
		t.Errorf("PV %v (%q)", usiMoves(tc.PV), tc.PVText)
	}
	// written back, it is the same text
	if tc.Format(r.Position(n)) != strings.Join(strings.Split(n.Comment, "\n")[1:], "\n") {
		t.Errorf("Format:\n%s\nthe file has\n%s", tc.Format(r.Position(n)), n.Comment)
	}

	// a KIF of ShogiHome: every think reads, and writes back as ShogiHome wrote it
	// (the first move of a 読み筋 names its square even where 同 could stand)
	k := readTestFile(t, "kif/shogihome__scenario__1__record.kifu")
	found := 0
	k.Root.Walk(func(n *Node) bool {
		thinks := k.ThinkComments(n)
		for _, tc := range thinks {
			found++
			if !tc.HasScore && !tc.HasMate {
				t.Errorf("ply %d: %+v", n.Ply(), tc)
			}
			if line, _ := k.Position(n).JapaneseLine(tc.PV, board.NoSquare); line != tc.PVText {
				t.Errorf("ply %d: PV read as %s, written %s", n.Ply(), line, tc.PVText)
			}
		}
		if len(thinks) == 1 {
			lines := strings.Split(n.Comment, "\n")
			if got := thinks[0].Format(k.Position(n)); got != strings.Join(lines[len(lines)-strings.Count(got, "\n")-1:], "\n") {
				t.Errorf("ply %d: written\n%s\nthe file has\n%s", n.Ply(), got, n.Comment)
			}
		}
		return true
	})
	if found < 50 {
		t.Errorf("only %d thinks found", found)
	}
}

// "*" (the engine that played) and "#" (analysis) blocks, mates, in a Shift_JIS KI2.
func TestParseThinkCommentsBothKinds(t *testing.T) {
	r := readTestFile(t, "ki2/shogihome__encoding__sjis.ki2")
	main := r.MainLine()
	tests := []struct {
		ply  int
		want []ThinkComment
	}{
		{2, []ThinkComment{{Score: 80, HasScore: true}, {Analysis: true, Score: -60, HasScore: true}}},
		{3, []ThinkComment{{Mate: Mate{Winner: board.Black}, HasMate: true}, {Analysis: true, Mate: Mate{Winner: board.White}, HasMate: true}}},
		{4, []ThinkComment{{Mate: Mate{Winner: board.Black, Plies: 15}, HasMate: true}, {Analysis: true, Mate: Mate{Winner: board.White, Plies: 8}, HasMate: true}}},
	}
	for _, tt := range tests {
		got := r.ThinkComments(main[tt.ply-1])
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ply %d: %+v, want %+v", tt.ply, got, tt.want)
		}
	}
}

// floodgate's "'** score pv" lines in CSA.
func TestParseFloodgateComments(t *testing.T) {
	r := readTestFile(t, "csa/kifu-for-js__v2.csa")
	n := r.MainLine()[6] // +3948GI, then '** 50 -3334FU +7988GI …
	got := r.ThinkComments(n)
	if len(got) != 1 || !got[0].Floodgate || got[0].Score != 50 || len(got[0].PV) != 27 {
		t.Fatalf("%+v", got)
	}
	if got[0].PV[0].USI() != "3c3d" || got[0].PV[1].USI() != "7i8h" {
		t.Errorf("PV starts %v", usiMoves(got[0].PV[:2]))
	}
	if th := r.ThinkComments(r.MainLine()[0]); len(th) != 1 || th[0].Score != 104 || len(th[0].PV) != 0 {
		t.Errorf("score alone: %+v", th)
	}
}

func TestFormatThinkComment(t *testing.T) {
	p := board.NewStartPosition()
	var pv []board.Move
	q := *p
	for _, s := range []string{"7g7f", "3c3d", "8h2b+", "3a2b"} {
		m, _ := q.ParseMove(s)
		pv = append(pv, m)
		q.Do(m)
	}
	tc := ThinkComment{Analysis: true, Engine: "Banmen 1.0", Score: 35, HasScore: true, PV: pv, Depth: 12, Nodes: 123456, Extra: []string{"ES-選択=x"}}
	want := "#評価値=35\n#読み筋=▲７六歩△３四歩▲２二角成△同　銀\n#深さ=12\n#ノード数=123456\n#エンジン=Banmen 1.0\n#ES-選択=x"
	if got := tc.Format(p); got != want {
		t.Errorf("Format:\n%s\nwant\n%s", got, want)
	}
	back := ParseThinkComments(want, p, board.NoSquare)
	back[0].PVText = ""
	if !reflect.DeepEqual(back, []ThinkComment{tc}) {
		t.Errorf("read back %+v", back)
	}
	mate := ThinkComment{Mate: MateFromUSI(board.White, 7), HasMate: true}
	if got := mate.Format(p); got != "*詰み=後手勝ち:7手" {
		t.Errorf("mate: %s", got)
	}
}

func TestEngineScoresToBlacksView(t *testing.T) {
	if BlackScore(board.Black, 120) != 120 || BlackScore(board.White, 120) != -120 {
		t.Error("BlackScore")
	}
	tests := []struct {
		side board.Color
		n    int
		want Mate
	}{
		{board.Black, 5, Mate{board.Black, 5}},
		{board.White, 5, Mate{board.White, 5}},
		{board.Black, -3, Mate{board.White, 3}},
		{board.White, 0, Mate{board.Black, 0}},
	}
	for _, tt := range tests {
		if got := MateFromUSI(tt.side, tt.n); got != tt.want {
			t.Errorf("MateFromUSI(%v, %d) = %v, want %v", tt.side, tt.n, got, tt.want)
		}
	}
}

// SetThinkComment replaces a think of the same kind and keeps everything else.
func TestSetThinkComment(t *testing.T) {
	r := readTestFile(t, "jkf/shogihome__scenario__29__record.jkf")
	n := r.MainLine()[1]
	r.SetThinkComment(n, ThinkComment{Analysis: true, Score: 10, HasScore: true})
	r.SetThinkComment(n, ThinkComment{Analysis: true, Score: 20, HasScore: true, Engine: "e"})
	want := "互角\n*評価値=-35\n*読み筋=▲２五歩△８五歩\n*深さ=8\n*ノード数=12345\n*エンジン=usi-csa-bridge\n\n#評価値=20\n#エンジン=e"
	if n.Comment != want {
		t.Errorf("comment:\n%s\nwant\n%s", n.Comment, want)
	}
	r.SetThinkComment(n, ThinkComment{Score: -1, HasScore: true})
	if got := r.ThinkComments(n); len(got) != 2 || got[1].Score != -1 || got[0].Score != 20 || !strings.HasPrefix(n.Comment, "互角\n\n#評価値=20") {
		t.Errorf("after replacing the played think: %q", n.Comment)
	}
	// analyses by two engines stand side by side; each replaces only its own
	r.SetThinkComment(n, ThinkComment{Analysis: true, Score: 30, HasScore: true, Engine: "f"})
	r.SetThinkComment(n, ThinkComment{Analysis: true, Score: 25, HasScore: true, Engine: "e"})
	var scores []int
	for _, tc := range r.ThinkComments(n) {
		if tc.Analysis {
			scores = append(scores, tc.Score)
		}
	}
	if len(scores) != 2 || scores[0] != 30 || scores[1] != 25 {
		t.Errorf("two engines' analyses: %v in %q", scores, n.Comment)
	}
	empty := r.MainLine()[0]
	r.SetThinkComment(empty, ThinkComment{Score: 5, HasScore: true})
	if empty.Comment != "*評価値=5" {
		t.Errorf("on an empty comment: %q", empty.Comment)
	}
}

// ShogiHome's spec allows a real number wherever it asks for a number: a 評価値 such as
// 35.6 is read, rounded to the nearest centipawn.
func TestThinkCommentRealScore(t *testing.T) {
	p := board.NewStartPosition()
	for _, tc := range []struct {
		in    string
		score int
		ok    bool
	}{
		{"*評価値=35", 35, true},
		{"*評価値=+12", 12, true},
		{"*評価値=35.6", 36, true},
		{"*評価値=-35.6", -36, true},
		{"*評価値=-0.4", 0, true},
		{"*評価値=.5", 1, true},
		{"*評価値=12.", 12, true},
		{"*評価値=1.2.3", 0, false},
		{"*評価値=1e3", 0, false},
		{"*評価値=NaN", 0, false},
		{"*評価値=0x1p3", 0, false},
		{"*評価値=.", 0, false},
	} {
		got := ParseThinkComments(tc.in, p, board.NoSquare)
		if len(got) != 1 || got[0].HasScore != tc.ok || got[0].Score != tc.score {
			t.Errorf("%s: %+v, want score %d (%v)", tc.in, got, tc.score, tc.ok)
		}
	}
}
