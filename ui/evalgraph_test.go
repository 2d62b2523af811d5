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
	"fyne.io/fyne/v2/test"

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
	for _, c := range []struct {
		name    string
		winRate bool
		mode    ThemeMode
	}{{"evalgraph_light.png", false, ThemeLight}, {"evalgraph_winrate_dark.png", true, ThemeDark}} {
		t.Run(c.name, func(t *testing.T) {
			newTestApp(t, c.mode)
			g := NewEvalGraph()
			g.SetPoints(EvalPoints(rec), 100)
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
