package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2/test"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/study"
	"banmen/usiclient"
)

func cp(v int) usiclient.Score { return usiclient.Score{Kind: usiclient.ScoreCP, Value: v} }

// snapshotLines are three lines of the start position as an engine with MultiPV 4 reports
// them: rank 3 starts with the same move as rank 1, rank 4 is not reported yet.
func snapshotLines(t *testing.T) (*board.Position, []usiclient.Line) {
	pos := board.NewStartPosition()
	return pos, []usiclient.Line{
		{MultiPV: 2, PV: usiLine(t, pos, "7g7f", "3c3d"), Score: cp(-12)},
		{MultiPV: 1, PV: usiLine(t, pos, "2g2f", "8c8d"), Score: cp(35)},
		{MultiPV: 3, PV: usiLine(t, pos, "2g2f", "3c3d"), Score: cp(-40)},
		{MultiPV: 5, PV: usiLine(t, pos, "5i6h"), Score: usiclient.Score{Kind: usiclient.ScoreMate, Value: -7, MateSign: -1, PliesKnown: true}},
		{MultiPV: 0},
		{MultiPV: 4},
	}
}

func TestArrowsFromASnapshot(t *testing.T) {
	pos, lines := snapshotLines(t)
	snap := usiclient.Snapshot{Root: pos, SideToMove: board.Black, Lines: lines}
	got := ArrowsFromSnapshot(snap, true)
	want := []Arrow{
		{Move: usiLine(t, pos, "2g2f")[0], Rank: 0, Label: "+35"},
		{Move: usiLine(t, pos, "7g7f")[0], Rank: 1, Label: "-12"},
		{Move: usiLine(t, pos, "5i6h")[0], Rank: 4, Label: "-詰7"},
	}
	if !slices.Equal(got, want) {
		t.Fatalf("arrows %+v, want %+v", got, want)
	}
	for _, a := range ArrowsFromSnapshot(snap, false) {
		if a.Label != "" {
			t.Fatalf("an arrow without labels asked for has %q", a.Label)
		}
	}
	if a := ArrowsFromSnapshot(usiclient.Snapshot{}, true); len(a) != 0 {
		t.Fatalf("an engine with no lines gives arrows %v", a)
	}
	for s, want := range map[usiclient.Score]string{
		cp(0): "0", {Kind: usiclient.ScoreMate, Value: 5, MateSign: 1, PliesKnown: true}: "詰5",
		{Kind: usiclient.ScoreMate, MateSign: 1}: "詰", {}: "",
	} {
		if got := arrowScore(s); got != want {
			t.Errorf("arrowScore(%+v) = %q, want %q", s, got, want)
		}
	}
}

// The best line's arrow is the thickest and drawn on top; an arrow whose move is not legal
// in the position shown (an old position's) is not drawn; a drop starts at the stand.
func TestArrowThicknessFollowsTheRank(t *testing.T) {
	b, _, _ := boardInWindow(t, board.NewStartPosition())
	pos := board.NewStartPosition()
	illegal, err := board.ParseUSIMove("7f7e")
	if err != nil {
		t.Fatal(err)
	}
	b.SetArrows([]Arrow{
		{Move: usiLine(t, pos, "7g7f")[0], Rank: 1},
		{Move: usiLine(t, pos, "2g2f")[0], Rank: 0},
		{Move: illegal, Rank: 2},
		{Move: usiLine(t, pos, "5i6h")[0], Rank: 3},
	})
	r := test.WidgetRenderer(b).(*boardRenderer)
	var widths []float32
	for _, o := range r.arrows {
		if o.shaft.Visible() {
			widths = append(widths, o.shaft.StrokeWidth)
		}
	}
	if len(widths) != 3 {
		t.Fatalf("%d arrows drawn, want 3 (the illegal one left out)", len(widths))
	}
	// drawn worst first: each later (on top) arrow is thicker
	if !(widths[0] < widths[1] && widths[1] < widths[2]) {
		t.Fatalf("shaft widths in drawing order %v: the best should be thickest and last", widths)
	}
	// the best arrow goes from 2g towards 2f: straight up the board
	best := r.arrows[2].shaft
	if best.Position1.X != best.Position2.X || best.Position1.Y <= best.Position2.Y {
		t.Fatalf("▲２六歩's arrow runs from %v to %v", best.Position1, best.Position2)
	}

	// a drop's arrow starts at the mover's stand
	drop := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b G 1")
	b.SetPosition(drop, board.NoMove)
	b.SetArrows([]Arrow{{Move: usiLine(t, drop, "G*5b")[0]}})
	g := b.geom()
	stand := g.stand[board.Black]
	s := r.arrows[0].shaft
	if !s.Visible() || s.Position1.X < stand.X || s.Position1.X > stand.X+standW*g.u {
		t.Fatalf("a drop's arrow starts at %v, not on the stand at %v", s.Position1, stand)
	}
	b.SetArrows(nil)
	for _, o := range r.arrows {
		if o.shaft.Visible() || o.label.Visible() {
			t.Fatal("an arrow stays drawn after SetArrows(nil)")
		}
	}
}

// 表示's items turn the arrows and their scores on and off, and the choice is remembered.
func TestArrowToggle(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	pos, lines := snapshotLines(t)
	views := []study.EngineView{{View: study.View{Engine: "E", Root: pos, Lines: lines, OK: true}}}
	if !w.ArrowsShown() || w.ArrowLabelsShown() {
		t.Fatal("arrows should be on and their scores off at first")
	}
	w.showStudyArrows(views)
	if n := len(w.Board().Arrows()); n != 3 || w.Board().Arrows()[0].Label != "" {
		t.Fatalf("arrows %+v", w.Board().Arrows())
	}
	item := func(label string) (checked, disabled bool) {
		for _, m := range w.Window().MainMenu().Items {
			for _, it := range m.Items {
				if it.Label == label {
					return it.Checked, it.Disabled
				}
			}
		}
		t.Fatalf("no menu item %q", label)
		return
	}
	if on, _ := item(japanesePreview.Arrows); !on {
		t.Fatal("the menu item is not ticked")
	}
	w.SetArrowLabelsShown(true)
	w.showStudyArrows(views)
	if w.Board().Arrows()[0].Label != "+35" {
		t.Fatalf("with scores: %+v", w.Board().Arrows())
	}
	w.SetArrowsShown(false)
	w.showStudyArrows(views)
	if len(w.Board().Arrows()) != 0 {
		t.Fatal("arrows drawn while turned off")
	}
	if on, _ := item(japanesePreview.Arrows); on {
		t.Fatal("the menu item stays ticked")
	}
	if _, disabled := item(japanesePreview.ArrowLabels); !disabled {
		t.Fatal("the scores' item should be off while the arrows are")
	}
	if w.app.Preferences().BoolWithFallback(prefArrows, true) {
		t.Fatal("the choice is not remembered")
	}
	// lines for another position draw nothing
	w.SetArrowsShown(true)
	play(t, w, "7g7f")
	w.showStudyArrows(views)
	if len(w.Board().Arrows()) != 0 {
		t.Fatal("the start position's arrows drawn after ▲７六歩")
	}
}

// A study with the bundled engine puts its lines' arrows on the board, for the position
// shown, and stopping it takes them away.
func TestArrowsFollowARealStudy(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(10)
	w.study.start([]engine.Definition{{Name: engine.BundledName, Path: bundledEngine(t)}}, 2)
	waitUntil(t, q, "two arrows", func() bool { return len(w.Board().Arrows()) == 2 })
	pos := w.Board().ShownPosition()
	for _, a := range w.Board().Arrows() {
		if !pos.IsLegal(a.Move) {
			t.Fatalf("arrow %v is not a move of the position shown", a.Move)
		}
	}
	w.StopStudy()
	if len(w.Board().Arrows()) != 0 {
		t.Fatal("the arrows stay after the study stopped")
	}
}

func TestArrowImage(t *testing.T) {
	newTestApp(t, ThemeLight)
	pos, last := middleGame(t)
	b := NewBoard(pos, nil)
	b.SetPosition(pos, last)
	var arrows []Arrow
	for i, u := range []string{"2c4e", "2h5h", "7f7e"} {
		m, err := pos.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		arrows = append(arrows, Arrow{Move: m, Rank: i, Label: []string{"+120", "+45", "-30"}[i]})
	}
	b.SetArrows(arrows)
	assertMatchesMaster(t, "board_arrows.png", capture(t, b, 800, 560))
}

// The bundled engine's 詰み探索 answer is on the board as the best arrow (its length on it
// when scores are shown) while its position is shown, not after a move; 閉じる takes it away.
func TestArrowShowsTheMateAnswer(t *testing.T) {
	w, q := studyWindow(t)
	pos, err := board.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	w.Session().Reset(pos)
	w.SetArrowLabelsShown(true)
	w.study.searchMate(engine.Definition{Name: engine.BundledName, Path: bundledEngine(t)}, 0)
	waitUntil(t, q, "the answer", func() bool { return w.study.mate == nil })
	mateArrow := func() bool {
		return slices.ContainsFunc(w.Board().Arrows(), func(a Arrow) bool {
			return a.Move.USI() == "G*5b" && a.Rank == 0 && a.Label == "詰1"
		})
	}
	if !mateArrow() {
		t.Fatalf("the mate answer's arrows: %+v", w.Board().Arrows())
	}
	play(t, w, "5i4h")
	if len(w.Board().Arrows()) != 0 {
		t.Errorf("after a move the board has the arrows %+v", w.Board().Arrows())
	}
	w.Session().GoTo(0)
	if !mateArrow() {
		t.Fatalf("back at the answer's position, the arrows: %+v", w.Board().Arrows())
	}
	test.Tap(w.study.panel.mate.action) // 閉じる
	if len(w.Board().Arrows()) != 0 {
		t.Errorf("after 閉じる the board has the arrows %+v", w.Board().Arrows())
	}
}
