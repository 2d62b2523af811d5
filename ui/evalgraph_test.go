package ui

import (
	"bufio"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"banmen/board"
	"banmen/kifu"
)

const shogihomeKIF = "testdata/records/shogihome__scenario__1__record.kifu"

// commentScores reads the scores straight from the KIF text, without the kifu package: for
// each ply the "**評価値=" value, or for a "**詰み=先手勝ち…" the winner (+1 Black, -1 White).
func commentScores(t *testing.T, path string) (scores map[int]int, mates map[int]int, plies int) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	moveRe := regexp.MustCompile(`^\s*(\d+) `)
	scores, mates = map[int]int{}, map[int]int{}
	ply := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		l := sc.Text()
		if m := moveRe.FindStringSubmatch(l); m != nil {
			ply, _ = strconv.Atoi(m[1])
			if !strings.Contains(l, "投了") {
				plies = ply
			}
			continue
		}
		if v, ok := strings.CutPrefix(l, "**評価値="); ok {
			n, err := strconv.Atoi(v)
			if err != nil {
				t.Fatalf("%s: %q", path, l)
			}
			if _, seen := scores[ply]; !seen {
				scores[ply] = n
			}
		}
		if v, ok := strings.CutPrefix(l, "**詰み="); ok {
			mates[ply] = map[bool]int{true: 1, false: -1}[strings.HasPrefix(v, "先手勝ち")]
		}
	}
	return scores, mates, plies
}

func TestEvalGraphMatchesShogiHomeComments(t *testing.T) {
	scores, mates, plies := commentScores(t, shogihomeKIF)
	if len(scores) < 50 || len(mates) < 3 {
		t.Fatalf("the record should have many scores and a few mates: %d, %d", len(scores), len(mates))
	}
	rec, err := kifu.ReadFile(shogihomeKIF)
	if err != nil {
		t.Fatal(err)
	}
	pts := EvalPoints(rec)
	if len(pts) != plies+1 {
		t.Fatalf("%d points, want %d (ply 0 to %d; 投了 left out)", len(pts), plies+1, plies)
	}
	for _, p := range pts {
		w, isMate := mates[p.Ply]
		s, isScore := scores[p.Ply]
		switch {
		case isMate:
			if !p.OK || !p.Mate || p.Score != w*graphClamp {
				t.Errorf("ply %d: %+v, want a mate won by %d drawn at the edge", p.Ply, p, w)
			}
		case isScore:
			want := max(-graphClamp, min(graphClamp, s))
			if !p.OK || p.Mate || p.Score != want {
				t.Errorf("ply %d: %+v, want score %d (comment %d)", p.Ply, p, want, s)
			}
		default:
			if p.OK {
				t.Errorf("ply %d has no score in the file, but the graph has %+v", p.Ply, p)
			}
		}
	}
}

func TestEvalGraphPrefersAnalysisAndClamps(t *testing.T) {
	rec, err := kifu.ParseKIF("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n")
	if err != nil {
		t.Fatal(err)
	}
	rec.MainLine()[0].Comment = "悪手" // no think
	rec.MainLine()[1].Comment = "*評価値=120\n\n#評価値=-5000\n#エンジン=A"
	pts := EvalPoints(rec)
	if len(pts) != 3 || pts[0].OK || pts[1].OK {
		t.Fatalf("points %+v: only ply 2 has a think", pts)
	}
	if p := pts[2]; !p.OK || p.Score != -graphClamp || p.Mate {
		t.Errorf("ply 2: %+v, want the analysis' -5000 clamped to %d", p, -graphClamp)
	}
}

// Each player's engine has its own line, as in ShogiHome's chart: the "*" think of a move is
// the series of the side that made it (White's first in a handicap game), an analysis's "#"
// think the analysis series; a line joins the points of one series only (two engines that
// count differently zigzagged in one line from move to move).
func TestEvalGraphSeriesByWhoseScoreItIs(t *testing.T) {
	rec, err := kifu.ParseKIF("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 ２五歩(26)\n")
	if err != nil {
		t.Fatal(err)
	}
	for i, c := range []string{"*評価値=30", "*評価値=400", "*評価値=50", "*評価値=500", "*評価値=60\n\n#評価値=70\n#エンジン=A"} {
		rec.MainLine()[i].Comment = c
	}
	pts := EvalPoints(rec)
	want := []EvalSeries{SeriesAnalysis, SeriesBlack, SeriesWhite, SeriesBlack, SeriesWhite, SeriesAnalysis}
	for i, p := range pts {
		if p.Series != want[i] {
			t.Errorf("ply %d: series %d, want %d (%+v)", i, p.Series, want[i], p)
		}
	}
	// drawn: Black's 1–3, White's 2–4; ply 5 is the analysis's, alone
	newTestApp(t, ThemeLight)
	g := NewEvalGraph()
	g.SetPoints(pts, -1)
	r := test.TempWidgetRenderer(t, g).(*evalGraphRenderer)
	r.Layout(fyne.NewSize(300, 120))
	var lines []*canvas.Line
	for _, o := range r.Objects() {
		if l, ok := o.(*canvas.Line); ok {
			lines = append(lines, l)
		}
	}
	if len(lines) != 2 || lines[0].StrokeColor != graphSeriesColor[SeriesBlack] || lines[1].StrokeColor != graphSeriesColor[SeriesWhite] {
		t.Fatalf("%d lines drawn, want Black's and White's", len(lines))
	}
	// the legend names the series drawn, unless the graph is too narrow beside the caption
	at := japaneseAnalysis
	g.SeriesNames = [numSeries]string{at.GraphAnalysis, at.SideBlack, at.SideWhite}
	g.SetCurrent(3)
	for _, c := range []struct {
		width float32
		want  []string
	}{{300, []string{at.GraphAnalysis, at.SideBlack, at.SideWhite}}, {130, nil}} {
		r.Layout(fyne.NewSize(c.width, 120))
		var names []string
		for _, o := range r.Objects() {
			if tx, ok := o.(*canvas.Text); ok && tx.Text != r.caption(pts[3]) {
				names = append(names, tx.Text)
			}
		}
		slices.Sort(names)
		want := slices.Clone(c.want)
		slices.Sort(want)
		if !slices.Equal(names, want) {
			t.Errorf("%v wide: legend %q, want %q", c.width, names, want)
		}
	}

	// a handicap game: White moves first, so ply 1 is White's
	rec, err = kifu.ParseKIF("手合割：香落ち\n   1 ３四歩(33)\n   2 ７六歩(77)\n")
	if err != nil {
		t.Fatal(err)
	}
	rec.MainLine()[0].Comment = "*評価値=-100"
	rec.MainLine()[1].Comment = "*評価値=-90"
	if pts := EvalPoints(rec); pts[1].Series != SeriesWhite || pts[2].Series != SeriesBlack {
		t.Errorf("a handicap game's series: %+v", pts)
	}
}

func TestEvalGraphWinRate(t *testing.T) {
	if WinRate(0) != 0.5 {
		t.Errorf("WinRate(0) = %v", WinRate(0))
	}
	// 1/(1+e^-1) at one coefficient
	if got := WinRate(600); got < 0.7310 || got > 0.7311 {
		t.Errorf("WinRate(600) = %v, want 0.7311", got)
	}
	if a, b := WinRate(-300), WinRate(300); a+b < 0.9999 || a+b > 1.0001 {
		t.Errorf("WinRate not symmetric: %v + %v", a, b)
	}
}

func TestEvalGraphClickSelectsPly(t *testing.T) {
	newTestApp(t, ThemeLight)
	g := NewEvalGraph()
	pts := make([]EvalPoint, 11)
	for i := range pts {
		pts[i] = EvalPoint{Ply: i, Score: i * 100, OK: true}
	}
	g.SetPoints(pts, 0)
	g.Resize(fyne.NewSize(2*graphPad+100, 100))
	var got []int
	g.OnSelect = func(ply int) { got = append(got, ply) }
	for _, x := range []float32{0, graphPad + 29, graphPad + 71, graphPad + 100, 500} {
		test.TapAt(g, fyne.NewPos(x, 50))
	}
	want := []int{0, 3, 7, 10, 10}
	if !slices.Equal(got, want) {
		t.Errorf("selected %v, want %v", got, want)
	}
	// a drag goes through the plies it passes, each once
	got = nil
	for _, x := range []float32{graphPad + 50, graphPad + 52, graphPad + 61, graphPad + 70} {
		g.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(x, 50)}})
	}
	g.DragEnd()
	g.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: fyne.NewPos(graphPad+70, 50)}})
	if want := []int{5, 6, 7, 7}; !slices.Equal(got, want) {
		t.Errorf("dragging selected %v, want %v", got, want)
	}
}

func TestEvalGraphImage(t *testing.T) {
	rec, err := kifu.ReadFile(shogihomeKIF)
	if err != nil {
		t.Fatal(err)
	}
	floodgate, err := kifu.ReadFile(floodgateCSA)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		rec     *kifu.Record
		winRate bool
		mode    ThemeMode
	}{
		{"evalgraph_light.png", rec, false, ThemeLight},
		{"evalgraph_winrate_dark.png", rec, true, ThemeDark},
		// floodgate's '** scores, the mates at the end marked in red
		{"evalgraph_floodgate_light.png", floodgate, false, ThemeLight},
	} {
		t.Run(c.name, func(t *testing.T) {
			newTestApp(t, c.mode)
			g := NewEvalGraph()
			at := japaneseAnalysis
			g.SeriesNames = [numSeries]string{at.GraphAnalysis, at.SideBlack, at.SideWhite}
			g.SetPoints(EvalPoints(c.rec), 100)
			g.SetWinRate(c.winRate)
			assertMatchesMaster(t, c.name, capture(t, g, 420, 160))
		})
	}
}

func TestEvalGraphInTheWindow(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, shogihomeKIF)
	g := w.graph
	scores, _, plies := commentScores(t, shogihomeKIF)
	if len(g.Points()) != plies+1 || !g.Points()[12].OK || g.Points()[12].Score != scores[12] {
		t.Fatalf("the window's graph does not show the record: %d points", len(g.Points()))
	}
	if g.current != 0 {
		t.Errorf("current ply %d at the start, want 0", g.current)
	}
	// a click on the graph moves the record there, and the mark follows
	g.OnSelect(40)
	if w.Session().Ply() != 40 || g.current != 40 {
		t.Errorf("after a click on ply 40 the record is at %d, the mark at %d", w.Session().Ply(), g.current)
	}
	w.Session().Forward()
	if g.current != 41 {
		t.Errorf("the mark is at %d after a step to 41", g.current)
	}
	// at the record's 投了 the mark stays on the last move, whose position the board shows
	w.Session().Last()
	if !w.Session().Node().IsSpecial() || g.current != plies || g.current >= len(g.Points()) {
		t.Errorf("at the record's end (%v) the mark is at %d of %d points, want %d", w.Session().Node().IsSpecial(), g.current, len(g.Points()), plies)
	}
	w.Session().GoTo(41)
	// a comment written at the current move shows at once
	w.Session().SetComment("#評価値=-777")
	if p := g.Points()[41]; !p.OK || p.Score != -777 {
		t.Errorf("ply 41 after the comment: %+v", p)
	}
	// the 勝率 view is a setting, kept and checked in the menu
	w.SetGraphWinRate(true)
	if !g.winRate || !w.GraphWinRate() {
		t.Error("勝率 view not set")
	}
	found := false
	for _, it := range menuItems(w.Window().MainMenu()) {
		if it.Label == japaneseAnalysis.GraphWinRate {
			found = it.Checked
		}
	}
	if !found {
		t.Error("the 勝率 menu item is missing or not checked")
	}
}

func TestEvalGraphCaption(t *testing.T) {
	newTestApp(t, ThemeLight)
	g := NewEvalGraph()
	r := g.CreateRenderer().(*evalGraphRenderer)
	for _, c := range []struct {
		p       EvalPoint
		winRate bool
		want    string
	}{
		{EvalPoint{Ply: 41, Score: 350, OK: true}, false, "41: +350"},
		{EvalPoint{Ply: 8, Score: -12, OK: true}, false, "8: -12"},
		{EvalPoint{Ply: 8, Score: 600, OK: true}, true, "8: 73%"},
		{EvalPoint{Ply: 9, Score: -graphClamp, Mate: true, OK: true}, false, "9: △詰"},
		{EvalPoint{Ply: 9, Score: graphClamp, Mate: true, OK: true}, true, "9: ▲詰"},
		{EvalPoint{Ply: 3}, false, "3: —"},
	} {
		g.winRate = c.winRate
		if got := r.caption(c.p); got != c.want {
			t.Errorf("%+v (勝率 %v): %q, want %q", c.p, c.winRate, got, c.want)
		}
	}
}

const floodgateCSA = "testdata/records/kifu-for-js__v2.csa"

// floodgateScores reads the "'** score …" line after each move of a CSA file, without the
// kifu package.
func floodgateScores(t *testing.T, path string) map[int]int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	scores := map[int]int{}
	ply := 0
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimRight(l, "\r")
		switch {
		case len(l) == 7 && (l[0] == '+' || l[0] == '-'):
			ply++
		case strings.HasPrefix(l, "'** "):
			n, err := strconv.Atoi(strings.Fields(l[4:])[0])
			if err != nil {
				t.Fatalf("%s: %q", path, l)
			}
			scores[ply] = n
		}
	}
	return scores
}

// A floodgate game (CSA): each "'**" score is the graph's, from Black's view as floodgate
// writes it; the engines' ±100000 at the end are mates, drawn at the edge and marked.
func TestEvalGraphReadsFloodgateComments(t *testing.T) {
	scores := floodgateScores(t, floodgateCSA)
	rec, err := kifu.ReadFile(floodgateCSA)
	if err != nil {
		t.Fatal(err)
	}
	pts := EvalPoints(rec)
	if len(scores) < 150 || len(pts) != 197 {
		t.Fatalf("%d scores in the file, %d points (want 197: plies 0 to 196)", len(scores), len(pts))
	}
	mates := 0
	for _, p := range pts[1:] {
		s, ok := scores[p.Ply]
		switch {
		case !ok:
			if p.OK {
				t.Errorf("ply %d has no score in the file, the graph has %+v", p.Ply, p)
			}
		case s <= -foreignMate || s >= foreignMate:
			mates++
			if !p.OK || !p.Mate || p.Score != graphClamp*(s/abs(s)) {
				t.Errorf("ply %d: %+v, want the mate of %d at the edge", p.Ply, p, s)
			}
		default:
			if !p.OK || p.Mate || p.Score != max(-graphClamp, min(graphClamp, s)) {
				t.Errorf("ply %d: %+v, want %d", p.Ply, p, s)
			}
		}
	}
	if mates < 3 || !pts[196].Mate || pts[196].Score != -graphClamp {
		t.Errorf("%d mates; the last point %+v (White won)", mates, pts[196])
	}
}

func abs(x int) int { return max(x, -x) }

// ShogiGUI's comments: "*解析 …" is an analysis (preferred), "*対局 …" the engine that
// played; only the first candidate counts; mates are marked. The first two lines are the
// comment of ShogiHome's test of ShogiGUI's form (sunfish-shogi/shogihome,
// src/tests/renderer/store/record.spec.ts, "shogi-gui").
func TestEvalGraphReadsShogiGUIComments(t *testing.T) {
	p, err := board.ParseSFEN("lnsgk1snl/6gb1/p1pppp2p/6R2/9/1rP6/P2PPPP1P/1BG6/LNS1KGSNL w 3P2p 16")
	if err != nil {
		t.Fatal(err)
	}
	rec := kifu.New(p)
	at := rec.Root
	for _, u := range []string{"2b3c", "3d3e"} {
		if at, err = rec.PlayUSI(at, u); err != nil {
			t.Fatal(err)
		}
	}
	line := rec.MainLine()
	rec.Root.Comment = "*対局 時間 00:00.8 深さ 22/28 ノード数 744743 評価値 88 読み筋 ▲３四飛(24) △３三角(22) ▲５八玉(59) \n" +
		"*解析 0 △ 候補1 時間 00:00.0 深さ 32 ノード数 1 評価値 -120↓ 読み筋 △３三角(22) \n" +
		"*解析 0  候補2 時間 00:00.0 深さ 32 ノード数 1 評価値 -500 読み筋 △３三角(22) "
	line[0].Comment = "*対局 時間 00:01.0 深さ 10 ノード数 100 評価値 +詰 7 読み筋 ▲３五飛(34)"
	line[1].Comment = "*解析 0 ○ 候補1 時間 00:01.0 深さ 5 ノード数 100 評価値 -詰 3 読み筋 △２二角(33)\n*対局 評価値 350"
	pts := EvalPoints(rec)
	want := []EvalPoint{
		{Ply: 0, Score: -120, OK: true, Best: line[0].Move},
		{Ply: 1, Score: graphClamp, Mate: true, OK: true, Best: line[1].Move},
		{Ply: 2, Score: -graphClamp, Mate: true, OK: true},
	}
	if len(pts) != 3 {
		t.Fatalf("%d points", len(pts))
	}
	for i, w := range want {
		if pts[i].Ply != w.Ply || pts[i].Score != w.Score || pts[i].Mate != w.Mate || pts[i].OK != w.OK {
			t.Errorf("ply %d: %+v, want %+v", i, pts[i], w)
		}
	}
	if pts[0].Best != line[0].Move || pts[1].Best != line[1].Move {
		t.Errorf("the engine's choices: %v %v, want △３三角 and ▲３五飛", pts[0].Best, pts[1].Best)
	}
	// a ±30000 score (how ShogiHome writes a mate in ShogiGUI's form) is a mate
	line[0].Comment = "*解析 深さ 3 ノード数 9 評価値 -30000 読み筋 ▲３五飛(34)"
	if p := EvalPoints(rec)[1]; !p.Mate || p.Score != -graphClamp {
		t.Errorf("評価値 -30000: %+v", p)
	}
}

// The 勝率 curve's coefficient is set from the graph's context menu, checked, kept and
// drawn.
func TestEvalGraphWinRateCoefficient(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	if w.WinRateCoefficient() != 600 {
		t.Fatalf("default coefficient %v, want 600", w.WinRateCoefficient())
	}
	menu := w.graphMenu()
	if len(menu.Items) != 2 || menu.Items[0].Label != japaneseAnalysis.GraphWinRate || menu.Items[1].Label != japaneseAnalysis.CoefficientMenu {
		t.Fatalf("the graph's menu: %v", menu.Items)
	}
	menu.Items[0].Action()
	if !w.GraphWinRate() || !w.graph.winRate || !w.graphMenu().Items[0].Checked {
		t.Error("勝率 not switched on from the graph's menu")
	}
	for _, bad := range []string{"0", "abc", "-5"} {
		menu.Items[1].Action()
		entries := widgetsIn[*dialogEntry](w.Window().Canvas().Overlays().Top())
		if len(entries) != 1 || entries[0].Text != "600" {
			t.Fatalf("the coefficient dialog: %d entries", len(entries))
		}
		entries[0].SetText(bad)
		tapDialogButton(t, w, japaneseAnalysis.OK)
		if !dialogOpen(w) || w.WinRateCoefficient() != 600 {
			t.Errorf("coefficient %q accepted", bad)
		}
		tapDialogButton(t, w, japaneseAnalysis.Cancel)
	}
	menu.Items[1].Action()
	widgetsIn[*dialogEntry](w.Window().Canvas().Overlays().Top())[0].SetText("300")
	tapDialogButton(t, w, japaneseAnalysis.OK)
	if dialogOpen(w) || w.WinRateCoefficient() != 300 || w.graph.coeff != 300 {
		t.Fatalf("coefficient %v (graph %v), want 300", w.WinRateCoefficient(), w.graph.coeff)
	}
	r := w.graph.CreateRenderer().(*evalGraphRenderer)
	if got := r.caption(EvalPoint{Ply: 8, Score: 600, OK: true}); got != "8: 88%" {
		t.Errorf("+600 at coefficient 300 reads %q, want 88%%", got)
	}
	// kept in the preferences, from which a window sets up its graph
	w.graph.SetCoefficient(600)
	w.configureGraph()
	if w.settings.p.Float(prefWinRateCoef) != 300 || w.graph.coeff != 300 {
		t.Errorf("the graph set up again has coefficient %v", w.graph.coeff)
	}
}
