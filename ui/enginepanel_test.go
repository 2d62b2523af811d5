package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"banmen/board"
	"banmen/engine/study"
	"banmen/usiclient"
)

func TestFormatScore(t *testing.T) {
	ja, en := MessagesFor(Japanese), MessagesFor(English)
	cp := func(v int, b usiclient.Bound) usiclient.Score {
		return usiclient.Score{Kind: usiclient.ScoreCP, Value: v, Bound: b}
	}
	mate := func(plies, sign int, known bool, b usiclient.Bound) usiclient.Score {
		return usiclient.Score{Kind: usiclient.ScoreMate, Value: plies, MateSign: sign, PliesKnown: known, Bound: b}
	}
	for _, tc := range []struct {
		s           usiclient.Score
		msg         *Messages
		score, flag string
	}{
		{cp(123, usiclient.Exact), ja, "+123", ""},
		{cp(-45, usiclient.Exact), ja, "-45", ""},
		{cp(0, usiclient.Exact), ja, "0", ""},
		{cp(80, usiclient.LowerBound), ja, "+80", "++"},
		{cp(-80, usiclient.UpperBound), ja, "-80", "--"},
		{mate(5, 1, true, usiclient.Exact), ja, "+5", "詰"},
		{mate(-3, -1, true, usiclient.Exact), ja, "-3", "詰"},
		{mate(-3, -1, true, usiclient.Exact), en, "-3", "mate"},
		{mate(0, 1, false, usiclient.Exact), ja, "+", "詰"},
		{mate(0, -1, false, usiclient.Exact), ja, "-", "詰"},
		{mate(7, 1, true, usiclient.LowerBound), ja, "+7", "++ 詰"},
		{usiclient.Score{}, ja, "", ""},
	} {
		score, flag := formatScore(tc.s, tc.msg)
		if score != tc.score || flag != tc.flag {
			t.Errorf("%+v: %q %q, want %q %q", tc.s, score, flag, tc.score, tc.flag)
		}
	}
}

func TestFormatCount(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{0, "0"}, {999, "999"}, {1000, "1K"}, {1234, "1.2K"}, {9960, "10K"}, {12345, "12K"},
		{123456, "123K"}, {999_600, "1M"}, {1_234_567, "1.2M"}, {45_000_000, "45M"},
		{2_500_000_000, "2.5B"},
	} {
		if got := formatCount(tc.n); got != tc.want {
			t.Errorf("formatCount(%d) = %q, want %q", tc.n, got, tc.want)
		}
	}
	if got := formatHashfull(123); got != "12.3%" {
		t.Errorf("hashfull 123‰: %q", got)
	}
	if got := formatDepth(12, 18); got != "12/18" {
		t.Errorf("depth: %q", got)
	}
	if got := formatDepth(0, 0); got != "---" {
		t.Errorf("no depth: %q", got)
	}
}

// lineFrom makes a line of pos from USI moves, as a session's snapshot holds it.
func lineFrom(t *testing.T, pos *board.Position, rank int, score usiclient.Score, usi ...string) usiclient.Line {
	t.Helper()
	l := usiclient.Line{MultiPV: rank, SenteScore: score, PVText: usi}
	cur := pos.Clone()
	for i, s := range usi {
		m, err := cur.ParseMove(s)
		if err != nil || !cur.IsLegal(m) {
			l.Cut, l.CutAt = true, i
			break
		}
		l.PV = append(l.PV, m)
		cur.Do(m)
	}
	return l
}

func TestFormatEngine(t *testing.T) {
	ja := MessagesFor(Japanese)
	start := board.NewStartPosition()
	l1 := lineFrom(t, start, 1, usiclient.Score{Kind: usiclient.ScoreCP, Value: 40}, "7g7f", "3c3d", "8h2b+", "3a2b")
	l2 := lineFrom(t, start, 2, usiclient.Score{Kind: usiclient.ScoreCP, Value: -12, Bound: usiclient.UpperBound}, "2g2f", "9a9b", "5e5d")
	v := study.EngineView{State: study.Thinking, View: study.View{Engine: "Banmen", Root: start, Position: start.SFEN(),
		Lines: []usiclient.Line{l1, l2}, OK: true, Thinking: true,
		Stats: usiclient.Stats{Depth: 9, SelDepth: 14, Nodes: 1_234_567, NPS: 850_000, Hashfull: 25}}}
	et := formatEngine(v, board.NoSquare, ja)
	if want := "Banmen　思考中　予想手 △３四歩"; et.Header != want {
		t.Errorf("header %q, want %q", et.Header, want)
	}
	if want := "深さ 9/14　ノード 1.2M　NPS 850K　ハッシュ 2.5%"; et.Stats != want {
		t.Errorf("stats %q, want %q", et.Stats, want)
	}
	want := []rowText{
		{Rank: "1", Score: "+40", PV: "▲７六歩△３四歩▲２二角成△同　銀", USI: "7g7f 3c3d 8h2b+ 3a2b", Root: start, Legal: 4},
		// the illegal move as the engine sent it
		{Rank: "2", Score: "-12", Flag: "--", PV: "▲２六歩△９二香 5e5d", USI: "2g2f 9a9b 5e5d", Root: start, Legal: 2},
	}
	if len(et.Rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(et.Rows), len(want))
	}
	for i := range want {
		if et.Rows[i] != want[i] {
			t.Errorf("row %d: %+v, want %+v", i, et.Rows[i], want[i])
		}
	}
	// nothing yet for this position: no rows, no numbers
	et = formatEngine(study.EngineView{State: study.Stopped, View: study.View{Engine: "Banmen", Root: start, Position: start.SFEN()}}, board.NoSquare, ja)
	if len(et.Rows) != 0 || !strings.HasPrefix(et.Header, "Banmen　停止") || strings.Contains(et.Stats, "9") {
		t.Errorf("an engine with nothing to show: %+v", et)
	}
	if et := formatEngine(study.EngineView{State: study.Starting, View: study.View{Engine: "X"}}, board.NoSquare, ja); et.Header != "X　起動中" {
		t.Errorf("starting: %q", et.Header)
	}
}

// The panel shows rows only for the position on the board, and wraps long lines between
// moves without cutting any.
func TestEnginePanelShowsOnlyTheShownPosition(t *testing.T) {
	test.NewTempApp(t)
	ja := MessagesFor(Japanese)
	p := NewEnginePanel(ja)
	p.setEngines([]string{"A"}, 2)
	w := test.NewWindow(p)
	defer w.Close()
	w.Resize(fyne.NewSize(400, 300))
	long := strings.Repeat("▲７六歩△３四歩", 30)
	rows := []rowText{{Rank: "1", Score: "+40", PV: long}}
	p.show([]engineText{{Header: "A　思考中", Position: "sfen-a", Rows: rows}}, "sfen-b")
	if strings.Contains(p.text(), "７六歩") {
		t.Errorf("rows of another position shown:\n%s", p.text())
	}
	p.show([]engineText{{Header: "A　思考中", Position: "sfen-b", Rows: rows}}, "sfen-b")
	if !strings.Contains(p.text(), "７六歩") {
		t.Errorf("rows of the position not shown:\n%s", p.text())
	}
	r := p.blocks[0].rows[0]
	lines := r.shown()
	if len(lines) < 3 {
		t.Fatalf("a line of 60 moves in a 400-wide panel is shown on %d lines", len(lines))
	}
	if got := strings.Join(lines, ""); got != long {
		t.Errorf("the wrapped lines do not make the whole line:\n%q\n%q", got, long)
	}
	for i, l := range lines {
		if strings.Contains(l, "…") || !strings.HasPrefix(l, "▲") && !strings.HasPrefix(l, "△") {
			t.Errorf("line %d %q is cut or does not start with a move", i, l)
		}
		if w := fyne.MeasureText(l, r.pv[i].TextSize, fyne.TextStyle{}).Width; w > r.pvWidth+1 {
			t.Errorf("line %d is %.0f wide, the row has %.0f", i, w, r.pvWidth)
		}
	}
	// the row is as tall as its lines, and the row under it starts below them
	next := p.blocks[0].rows[1]
	if r.Size().Height < float32(len(lines))*lineHeight() || next.Position().Y < r.Position().Y+r.Size().Height {
		t.Errorf("row of %d lines: height %.0f at %.0f; the next row at %.0f", len(lines), r.Size().Height, r.Position().Y, next.Position().Y)
	}
	p.clearRows()
	if strings.Contains(p.text(), "７六歩") {
		t.Error("rows left after clearRows")
	}
	if r.Size().Height > 2*lineHeight() {
		t.Errorf("an empty row is %.0f high", r.Size().Height)
	}
}
