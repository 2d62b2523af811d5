package ui

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"banmen/board"
	"banmen/engine"
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
	// the move it searches now, while it thinks: in Japanese, with its number
	v.Stats.CurrMove, v.Stats.CurrMoveNumber = "2g2f", 3
	if et := formatEngine(v, board.NoSquare, ja); !strings.HasSuffix(et.Stats, "　探索手 ▲２六歩 3") {
		t.Errorf("stats with a current move: %q", et.Stats)
	}
	v.State = study.Stopped // stopped, the last currmove is no longer searched
	if et := formatEngine(v, board.NoSquare, ja); strings.Contains(et.Stats, "探索手") {
		t.Errorf("a stopped engine's stats: %q", et.Stats)
	}
	v.State, v.Stats.CurrMove = study.Thinking, "5e5d" // not a move of the position: left out
	if et := formatEngine(v, board.NoSquare, ja); strings.Contains(et.Stats, "探索手") {
		t.Errorf("stats with an illegal current move: %q", et.Stats)
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

// The panel's texts follow the window's language (TestEveryTextTableIsComplete checks them).
func TestEnginePanelTextIsComplete(t *testing.T) {
	if panelTextFor(MessagesFor(English)) != &englishPanel || panelTextFor(MessagesFor(Japanese)) != &japanesePanel {
		t.Error("panelTextFor picks the wrong language")
	}
}

// Lines wrap before a move (▲, △), at spaces, at newlines, and inside a piece only when it
// is wider than the line; nothing is lost.
func TestEnginePanelWrapLine(t *testing.T) {
	test.NewTempApp(t)
	const size = 14
	w := func(s string) float32 { return fyne.MeasureText(s, size, fyne.TextStyle{}).Width }
	move := "▲７六歩"
	for _, tc := range []struct {
		s     string
		width float32
		want  []string
	}{
		{"▲７六歩△３四歩", 1000, []string{"▲７六歩△３四歩"}},
		{"▲７六歩△３四歩▲２六歩", w(move+move) + 1, []string{"▲７六歩△３四歩", "▲２六歩"}},
		{"▲７六歩△３四歩 7g7f", w(move) + 1, []string{"▲７六歩", "△３四歩", "7g7f"}},
		{"1手詰\n▲５二金", 1000, []string{"1手詰", "▲５二金"}},
		{"abcdefgh", w("abcd") + 0.5, []string{"abcd", "efgh"}},
		{"", 100, []string{""}},
	} {
		got := wrapLine(tc.s, tc.width, size)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("wrapLine(%q, %.0f) = %q, want %q", tc.s, tc.width, got, tc.want)
		}
	}
}

// The history keeps the best line of each earlier iteration, newest first, at most
// maxHistory, and starts again at a new position.
func TestEnginePanelHistoryKeepsEarlierIterations(t *testing.T) {
	test.NewTempApp(t)
	p := NewEnginePanel(MessagesFor(Japanese))
	p.setEngines([]string{"A"}, 1)
	win := test.NewWindow(p)
	defer win.Close()
	win.Resize(fyne.NewSize(500, 400))
	row := func(depth int, pv string) rowText {
		return rowText{Rank: "1", Depth: strconv.Itoa(depth), Score: "+" + strconv.Itoa(depth), PV: pv}
	}
	show := func(pos string, r rowText) {
		p.show([]engineText{{Header: "A", Position: pos, Rows: []rowText{r}}}, pos)
	}
	show("p1", row(1, "▲７六歩"))
	show("p1", row(1, "▲２六歩")) // the same iteration, a new best line: not history
	show("p1", row(2, "▲７六歩△３四歩"))
	show("p1", row(3, "▲７六歩△８四歩"))
	b := p.blocks[0]
	if len(b.hist) != 2 || b.hist[0].PV != "▲７六歩△３四歩" || b.hist[1].PV != "▲２六歩" {
		t.Fatalf("history %+v", b.hist)
	}
	if b.hist[0].Rank != "" || b.hist[0].Depth != "2" {
		t.Errorf("a history row: %+v", b.hist[0])
	}
	// hidden until asked
	if len(b.box.Objects) != blockHead+len(b.rows) {
		t.Fatalf("the history is shown before 履歴 is tapped")
	}
	test.Tap(b.histToggle)
	if len(b.box.Objects) != blockHead+len(b.rows)+2 || b.histRows[0].t.PV != "▲７六歩△３四歩" || !b.histRows[0].dim {
		t.Fatalf("履歴 shows %d objects", len(b.box.Objects))
	}
	if !visibleIn2(win, b.histRows[1]) {
		t.Error("the history's rows are not laid out in the panel")
	}
	for d := 4; d < 4+2*maxHistory; d++ {
		show("p1", row(d, "▲７六歩"))
	}
	if len(b.hist) != maxHistory || depthOf(b.hist[0]) != 2+2*maxHistory {
		t.Errorf("history of %d, newest at depth %d", len(b.hist), depthOf(b.hist[0]))
	}
	show("p2", row(1, "△３四歩"))
	if len(b.hist) != 0 || len(b.box.Objects) != blockHead+len(b.rows) {
		t.Errorf("a new position keeps %d earlier lines", len(b.hist))
	}
	test.Tap(b.histToggle)
	if b.showHist {
		t.Error("履歴 does not hide the history")
	}
}

// visibleIn2 reports whether o is laid out inside win's content with some size.
func visibleIn2(win fyne.Window, o fyne.CanvasObject) bool {
	path := pathTo(win.Content(), o)
	if path == nil || o.Size().Height < 1 {
		return false
	}
	var y float32
	for _, p := range path {
		if !p.Visible() {
			return false
		}
		y += p.Position().Y
	}
	return y >= 0
}

// A real study's lines in the panel: wrapped whole at the panel's width, copied as USI and
// as Japanese (the clipboard holds exactly the line), handed to OnLine with their start
// position and legal moves, the earlier iterations shown under 履歴, and a tapped line opened on the
// PV preview board.
func TestPVPreviewFromPanelLinesOfARealStudy(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(10)
	w.Window().Resize(fyne.NewSize(800, 600))
	p := w.study.panel
	test.Tap(func() *tabTitle { // 履歴 before the study: the toggle is the block's
		w.study.start([]engine.Definition{{Name: engine.BundledName, Path: bundledEngine(t)}}, 2)
		return p.blocks[0].histToggle
	}())
	b := p.blocks[0]
	waitUntil(t, q, "two lines and an earlier iteration", func() bool {
		return len(panelRows(w, 0)) == 2 && len(b.hist) > 0 && depthOf(b.rows[0].t) > 1
	})
	w.StopStudy()
	q.drain()

	pos := w.Session().Position()
	for i, r := range append(b.rows[:2:2], b.histRows[:len(b.hist)]...) {
		if got := strings.Join(r.shown(), ""); got != r.t.PV || r.t.PV == "" {
			t.Errorf("row %d shows %q of %q", i, got, r.t.PV)
		}
		if r.t.Root == nil || r.t.Root.SFEN() != pos.SFEN() || r.t.Depth == "" || r.t.Time == "" {
			t.Errorf("row %d: %+v", i, r.t)
		}
	}
	if len(b.hist) > 0 && depthOf(b.hist[0]) >= depthOf(b.rows[0].t) {
		t.Errorf("the newest earlier iteration is at depth %d, the line at %d", depthOf(b.hist[0]), depthOf(b.rows[0].t))
	}

	best := b.rows[0].t
	menu := p.lineMenu(b.name, best)
	item := func(label string) *fyne.MenuItem {
		for _, it := range menu.Items {
			if it.Label == label {
				return it
			}
		}
		t.Fatalf("the line's menu has no %q", label)
		return nil
	}
	clip := w.app.Clipboard()
	item(p.txt.CopyUSI).Action()
	usi := clip.Content()
	cur := pos.Clone()
	for _, s := range strings.Fields(usi) {
		m, err := cur.ParseMove(s)
		if err != nil || !cur.IsLegal(m) {
			t.Fatalf("the copied line %q has %q, not a legal move", usi, s)
		}
		cur.Do(m)
	}
	if strings.Count(usi, " ")+1 != best.Legal || strings.Contains(usi, "▲") {
		t.Errorf("copied as USI: %q (%d moves)", usi, best.Legal)
	}
	if ja, _ := pos.JapaneseLine(best.moves(), lastTo(w)); ja != best.PV {
		t.Fatalf("the row's moves read %q, it shows %q", ja, best.PV)
	}
	item(p.txt.CopyJapanese).Action()
	if got := clip.Content(); got != best.PV {
		t.Errorf("copied in Japanese: %q, want %q", got, best.PV)
	}
	if !strings.Contains(w.status.Text, p.txt.LineJapanese) {
		t.Errorf("status after the copy: %q", w.status.Text)
	}

	if item(p.txt.ShowLine).Disabled {
		t.Error("読み筋を盤面で見る is not offered, although the window shows lines on the preview board")
	}
	test.Tap(b.rows[0]) // the window's OnLine: the line on the preview board
	if w.preview == nil || len(w.preview.pv) != best.Legal || w.preview.root.SFEN() != best.Root.SFEN() {
		t.Errorf("tapping the line opens the preview %+v", w.preview)
	} else {
		w.preview.win.Close()
	}
	var gotRoot *board.Position
	var gotPV []board.Move
	var gotLabel string
	p.OnLine = func(root *board.Position, pv []board.Move, label string) { gotRoot, gotPV, gotLabel = root, pv, label }
	test.Tap(b.rows[0])
	if gotRoot != best.Root || len(gotPV) != best.Legal || gotPV[0] != best.moves()[0] || !strings.HasPrefix(gotLabel, engine.BundledName+" 1: ") {
		t.Errorf("OnLine got %v %v %q", gotRoot, gotPV, gotLabel)
	}
}

// A game or an analysis feeds the panel through its public API as a study does: formatted on
// its own goroutine, shown on Fyne's.
func TestEnginePanelPublicAPI(t *testing.T) {
	ja := MessagesFor(Japanese)
	w, _ := windowUnderTest(t, windowOpts{})
	p := w.EnginePanel()
	start := board.NewStartPosition()
	l := lineFrom(t, start, 1, usiclient.Score{Kind: usiclient.ScoreCP, Value: 55}, "2g2f", "8c8d")
	l.Depth, l.Time = 7, 1500*time.Millisecond
	e := PanelEngine{Name: "先手エンジン", State: EngineThinking, Root: start, LastTo: board.NoSquare,
		Lines: []usiclient.Line{l}, Stats: usiclient.Stats{Depth: 7, Nodes: 5000, Time: 1500 * time.Millisecond}}
	texts := make(chan EngineText)
	go func() { texts <- FormatPanelEngine(e, ja) }()
	et := <-texts

	p.SetEngines([]string{"先手エンジン"}, 2)
	p.ShowEngines([]EngineText{et}, start.SFEN())
	got := p.text()
	for _, want := range []string{"先手エンジン　思考中　予想手 △８四歩", "時間 1.5s", "1 +55  ▲２六歩△８四歩"} {
		if !strings.Contains(got, want) {
			t.Errorf("the panel lacks %q:\n%s", want, got)
		}
	}
	if r := p.blocks[0].rows[0].t; r.Depth != "7" || r.Time != "1.5s" {
		t.Errorf("row %+v: want depth 7 and 1.5s", r)
	}
	// the pointer over a line that can be tapped highlights it
	row := p.blocks[0].rows[0]
	row.MouseIn(&desktop.MouseEvent{})
	if !row.bg.Visible() || row.Cursor() != desktop.PointerCursor {
		t.Error("a line under the pointer is not highlighted")
	}
	row.MouseOut()
	if row.bg.Visible() {
		t.Error("the highlight stays after the pointer left")
	}
	empty := p.blocks[0].rows[1]
	if empty.MouseIn(&desktop.MouseEvent{}); empty.bg.Visible() || empty.Cursor() != desktop.DefaultCursor {
		t.Error("an empty row is highlighted")
	}
	// a right click opens the line's menu over the window
	test.TapSecondary(p.blocks[0].rows[0])
	ov := w.Window().Canvas().Overlays().Top()
	if ov == nil {
		t.Fatal("a right click on a line shows nothing")
	}
	var labels []string
	for _, tx := range widgetsIn[*canvas.Text](ov) {
		labels = append(labels, tx.Text)
	}
	if l := strings.Join(labels, " | "); !strings.Contains(l, "読み筋をコピー（USI）") || !strings.Contains(l, "読み筋をコピー（日本語）") {
		t.Errorf("the line's menu: %s", l)
	}
	w.Window().Canvas().Overlays().Remove(ov)
	p.SetStates([]string{"先手エンジン"}, EngineStopped)
	if h := p.blocks[0].header.full; h != "先手エンジン　停止" {
		t.Errorf("header after SetStates: %q", h)
	}
	p.ClearRows()
	if strings.Contains(p.text(), "２六歩") {
		t.Error("ClearRows left the line")
	}
	p.SetEngines(nil, 0)
	if len(p.box.Objects) != 1 || p.box.Objects[0] != p.idle {
		t.Error("no engines: the panel does not show its idle text")
	}
}

func TestFormatElapsed(t *testing.T) {
	for d, want := range map[time.Duration]string{
		400 * time.Millisecond: "0.4s", 9990 * time.Millisecond: "9.9s", 12 * time.Second: "12s",
		65 * time.Second: "1:05", time.Hour + 2*time.Minute + 3*time.Second: "1:02:03",
	} {
		if got := formatElapsed(d); got != want {
			t.Errorf("formatElapsed(%v) = %q, want %q", d, got, want)
		}
	}
}

// An engine's numbers are drawn a word at a time, each where it falls in the whole line, so
// that a new number makes a texture of the number alone (Fyne keeps every text's texture for
// a minute); the labels between them stay the same texts.
func TestEnginePanelStatsDrawnByWords(t *testing.T) {
	test.NewTempApp(t)
	ja := MessagesFor(Japanese)
	p := NewEnginePanel(ja)
	p.setEngines([]string{"A"}, 1)
	w := test.NewWindow(p)
	defer w.Close()
	w.Resize(fyne.NewSize(700, 300))
	stats := func(nodes int64) string {
		return formatStats(usiclient.Stats{Depth: 12, SelDepth: 20, Nodes: nodes, NPS: 687_000, Hashfull: 999, Time: 48 * time.Second}, ja)
	}
	words := func() (texts []string, objs []*canvas.Text) {
		for _, o := range test.WidgetRenderer(p.blocks[0].stats).Objects() {
			tx := o.(*canvas.Text)
			texts, objs = append(texts, tx.Text), append(objs, tx)
		}
		return texts, objs
	}
	p.show([]engineText{{Header: "A", Stats: stats(47_000_000)}}, "")
	l := p.blocks[0].stats
	if l.shown != stats(47_000_000) {
		t.Fatalf("the line shows %q, want %q whole", l.shown, stats(47_000_000))
	}
	got, objs := words()
	if want, _ := lineWords(l.shown); !reflect.DeepEqual(got, want) || len(got) < 8 {
		t.Fatalf("the line is drawn as %q, want its words %q", got, want)
	}
	_, at := lineWords(l.shown)
	pad := objs[0].Position().X
	for i, tx := range objs {
		x := pad + fyne.MeasureText(l.shown[:at[i]], tx.TextSize, fyne.TextStyle{}).Width
		if d := tx.Position().X - x; d < -0.5 || d > 0.5 || tx.Position().Y != objs[0].Position().Y {
			t.Errorf("%q is at %v, want x %.1f (where it falls in the whole line), y %.1f", tx.Text, tx.Position(), x, objs[0].Position().Y)
		}
	}
	p.show([]engineText{{Header: "A", Stats: stats(48_000_000)}}, "")
	after, _ := words()
	changed := 0
	for i := range after {
		if i < len(got) && after[i] != got[i] {
			changed++
			if after[i] != "48M" {
				t.Errorf("word %d became %q, want only the nodes, 48M", i, after[i])
			}
		}
	}
	if changed != 1 || len(after) != len(got) {
		t.Errorf("after the nodes changed: %q (before %q)", after, got)
	}
	// cut at a narrow width: the words of the cut line, ending with …
	w.Resize(fyne.NewSize(220, 300))
	cut, _ := words()
	if !strings.HasSuffix(l.shown, "…") || strings.Join(cut, "") != strings.NewReplacer(" ", "", "　", "").Replace(l.shown) {
		t.Errorf("in a narrow panel the line shows %q, drawn as %q", l.shown, cut)
	}
}

func TestLineWords(t *testing.T) {
	for _, c := range []struct {
		s     string
		words []string
		at    []int
	}{
		{"", nil, nil},
		{"abc", []string{"abc"}, []int{0}},
		{" a  b ", []string{"a", "b"}, []int{1, 4}},
		{"深さ 12/20　ノード 47M", []string{"深さ", "12/20", "ノード", "47M"}, []int{0, 7, 15, 25}},
	} {
		words, at := lineWords(c.s)
		if !reflect.DeepEqual(words, c.words) || !reflect.DeepEqual(at, c.at) {
			t.Errorf("lineWords(%q) = %q %v, want %q %v", c.s, words, at, c.words, c.at)
		}
	}
}

// A depth of 110/110 (a mate found) or an hour's time fits its column: the columns of every
// row widen together, so that no text runs into the column before it and the rows stay
// aligned. The depth drew over the line's rank.
func TestEnginePanelColumnsFitLongDepthsAndTimes(t *testing.T) {
	test.NewTempApp(t)
	p := NewEnginePanel(MessagesFor(Japanese))
	p.setEngines([]string{"A", "B"}, 2)
	win := test.NewWindow(p)
	defer win.Close()
	win.Resize(fyne.NewSize(600, 400))
	short := rowText{Rank: "1", Depth: "15/27", Time: "2.8s", Score: "+14", PV: "▲７六歩"}
	long := rowText{Rank: "2", Depth: "110/110", Time: "1:02:03", Score: "+5", Flag: "詰", PV: "▲１二金"}
	p.show([]engineText{{Header: "A", Position: "p", Rows: []rowText{short, long}},
		{Header: "B", Position: "p", Rows: []rowText{short}}}, "p")
	rows := []*pvRow{p.blocks[0].rows[0], p.blocks[0].rows[1], p.blocks[1].rows[0]}
	for _, r := range rows {
		if r.rr.grow() {
			t.Errorf("row %s: the columns grow again for texts they were widened for", r.t.Rank)
		}
	}
	for _, r := range rows {
		texts := []*canvas.Text{r.rank, r.depth, r.time, r.score}
		for i := 1; i < len(texts); i++ {
			prevEnd := texts[i-1].Position().X + texts[i-1].Size().Width
			w := fyne.MeasureText(texts[i].Text, texts[i].TextSize, fyne.TextStyle{}).Width
			// right-aligned: the text starts at its box's right edge less its width
			if start := texts[i].Position().X + texts[i].Size().Width - w; start < prevEnd {
				t.Errorf("row %s: %q starts at %.1f, inside the column before (to %.1f)", r.t.Rank, texts[i].Text, start, prevEnd)
			}
		}
		if r.time.Position().X != rows[0].time.Position().X || r.pvX != rows[0].pvX {
			t.Errorf("row %s of %v is not aligned with the first (time at %.1f/%.1f, line at %.1f/%.1f)", r.t.Rank, r.t.Depth,
				r.time.Position().X, rows[0].time.Position().X, r.pvX, rows[0].pvX)
		}
	}
}

// gpsusi puts "pass" (a null move of its search) in some lines: the line is written on past
// it, パス with the side's mark and the other side's moves after it in Japanese, not cut into
// USI text; a pass by a side in check is no pass (its king would be taken) and the rest stays
// as sent.
func TestFormatPVWithPasses(t *testing.T) {
	// as gpsusi sent it in a test of usiclient (engines_test.go's middle game)
	root, err := board.ParseSFEN("ln1g1k1nl/1r1s2gb1/p1pppp1pp/6p2/1p7/2P6/PPSPPPPPP/1B5R1/LN1GKGSNL b - 1")
	if err != nil {
		t.Fatal(err)
	}
	pv := strings.Fields("2h6h 5c5d 5i4h 6b5c 3i3h 6a5b 1g1f 1c1d pass 7c7d 6g6f")
	moves, cut, at, reason := usiclient.CheckPV(root, pv)
	if !cut || at != 8 || len(moves) != 8 || !strings.Contains(reason, "null move") {
		t.Fatalf("CheckPV: %d moves, cut %v at %d: %q", len(moves), cut, at, reason)
	}
	l := usiclient.Line{PV: moves, PVText: pv, Cut: cut, CutAt: at}
	want := "▲６八飛△５四歩▲４八玉△５三銀▲３八銀△５二金▲１六歩△１四歩 ▲パス △７四歩▲６六歩"
	if got := formatPV(root, l, board.NoSquare); got != want {
		t.Errorf("formatPV = %q, want %q", got, want)
	}
	// two passes in a row, and a move after them that is illegal
	pv2 := strings.Fields("2h6h pass pass 6h6i 9z9z")
	moves, cut, at, _ = usiclient.CheckPV(root, pv2)
	l = usiclient.Line{PV: moves, PVText: pv2, Cut: cut, CutAt: at}
	if got, want := formatPV(root, l, board.NoSquare), "▲６八飛 △パス ▲パス 6h6i 9z9z"; got != want { // 6h6i is sente's rook, and gote moves
		t.Errorf("two passes: %q, want %q", got, want)
	}
	// a line that starts with a pass
	pv4 := strings.Fields("pass 4c4d")
	moves, cut, at, _ = usiclient.CheckPV(root, pv4)
	l = usiclient.Line{PV: moves, PVText: pv4, Cut: cut, CutAt: at}
	if got, want := formatPV(root, l, board.NoSquare), "▲パス △４四歩"; got != want {
		t.Errorf("a pass first: %q, want %q", got, want)
	}
	// a pass in check
	checked, err := board.ParseSFEN("4k4/4P4/9/9/9/9/9/9/4K4 w - 1")
	if err != nil {
		t.Fatal(err)
	}
	pv3 := strings.Fields("pass 5a4a")
	moves, cut, at, _ = usiclient.CheckPV(checked, pv3)
	l = usiclient.Line{PV: moves, PVText: pv3, Cut: cut, CutAt: at}
	if got := formatPV(checked, l, board.NoSquare); got != "pass 5a4a" {
		t.Errorf("a pass in check: %q", got)
	}
}
