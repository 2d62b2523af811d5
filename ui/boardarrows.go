package ui

import (
	"image/color"
	"math"
	"slices"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"banmen/board"
	"banmen/engine/study"
	"banmen/ui/session"
	"banmen/usiclient"
)

// Candidate arrows: the first move of each line the study's engines give for the position
// shown, drawn on the board from the piece (or from the mover's stand, for a drop) to its
// destination; the best line's arrow is the thickest and the most opaque, the others thinner
// and paler by rank; optionally each carries its score (from the side to move, as the panel
// writes it). The 詰み探索's answer in the panel puts its first move on the board as the
// best arrow while its position is shown. 表示 → 候補手の矢印を表示 turns them on and off, 矢印に評価値を表示 the scores;
// both are remembered.
//
// The study's poll hands the window its views (showStudyArrows); the board keeps its arrows
// until it is given others and draws only those whose move is legal in the position it
// shows, so that a step through the record never shows the old position's arrows.

const (
	prefArrows      = "boardArrows"      // candidate arrows on the board (default on)
	prefArrowLabels = "boardArrowLabels" // their scores (default off)
	maxArrows       = 8                  // arrows drawn at most
)

// Arrow is a candidate move drawn on the board.
type Arrow struct {
	Move board.Move // from its square, or the mover's stand for a drop, to its destination
	// Rank orders the arrows: 0 for the best line, the thickest; higher ranks are thinner.
	Rank  int
	Label string // drawn on the arrow ("" for none): the line's score
}

// SetArrows sets the arrows drawn (nil for none); the board draws those whose move is
// legal in the position it shows, at most maxArrows, the best on top.
func (b *Board) SetArrows(arrows []Arrow) {
	if slices.Equal(arrows, b.arrows) {
		return
	}
	b.arrows = slices.Clone(arrows)
	b.Refresh()
}

// Arrows returns the arrows set.
func (b *Board) Arrows() []Arrow { return b.arrows }

// ArrowsFromSnapshot turns an engine's lines into arrows: one per MultiPV rank it has
// reported, from the first move of the line, ranked as the engine ranks them (see
// ArrowsFromLines).
func ArrowsFromSnapshot(s usiclient.Snapshot, labels bool) []Arrow {
	return ArrowsFromLines(s.Lines, labels)
}

// ArrowsFromLines turns lines (usiclient.Snapshot.Lines, study.View.Lines) into arrows: the
// first move of each line with a pv, ranked by MultiPV (rank 1 is Rank 0); a move that two
// lines start with gets one arrow, the better rank's. With labels, each carries its line's
// score from the side to move ("+35", "-120", "詰5" when the side to move mates, "-詰5"
// when it is mated).
func ArrowsFromLines(lines []usiclient.Line, labels bool) []Arrow {
	ls := slices.Clone(lines)
	slices.SortStableFunc(ls, func(a, b usiclient.Line) int { return a.MultiPV - b.MultiPV })
	var out []Arrow
	for _, l := range ls {
		if l.MultiPV <= 0 || len(l.PV) == 0 {
			continue
		}
		if slices.ContainsFunc(out, func(a Arrow) bool { return a.Move == l.PV[0] }) {
			continue
		}
		a := Arrow{Move: l.PV[0], Rank: l.MultiPV - 1}
		if labels {
			a.Label = arrowScore(l.Score)
		}
		out = append(out, a)
	}
	return out
}

// mergeArrows joins the arrows of several engines: one per move, the best rank's, best first.
func mergeArrows(arrows []Arrow) []Arrow {
	sorted := slices.Clone(arrows)
	slices.SortStableFunc(sorted, func(a, b Arrow) int { return a.Rank - b.Rank })
	var out []Arrow
	for _, a := range sorted {
		if !slices.ContainsFunc(out, func(o Arrow) bool { return o.Move == a.Move }) {
			out = append(out, a)
		}
	}
	return out
}

// arrowScore is a score as an arrow's label, from the side to move.
func arrowScore(s usiclient.Score) string {
	switch s.Kind {
	case usiclient.ScoreCP:
		if s.Value > 0 {
			return "+" + strconv.Itoa(s.Value)
		}
		return strconv.Itoa(s.Value)
	case usiclient.ScoreMate:
		t := "詰"
		if s.PliesKnown && s.Value != 0 {
			t += strconv.Itoa(max(s.Value, -s.Value))
		}
		if s.MateSign < 0 {
			t = "-" + t
		}
		return t
	}
	return ""
}

// showStudyArrows puts on the board the arrows of the study's views for the position it
// shows, and the first move of the 詰み探索's mating line in the panel when it is that
// position's, as the best (none when arrows are off or nothing is known of the position).
func (w *MainWindow) showStudyArrows(views []study.EngineView) {
	if !w.ArrowsShown() || w.editor != nil {
		w.board.SetArrows(nil)
		return
	}
	labels := w.settings.p.Bool(prefArrowLabels)
	key := session.PlaceKey(w.board.ShownPosition())
	var arrows []Arrow
	if root, pv, ok := w.mateAnswer(); ok && session.PlaceKey(root) == key {
		a := Arrow{Move: pv[0]}
		if labels {
			a.Label = "詰" + strconv.Itoa(len(pv))
		}
		arrows = append(arrows, a)
	}
	for _, v := range views {
		if v.OK && v.Root != nil && session.PlaceKey(v.Root) == key {
			arrows = append(arrows, ArrowsFromLines(v.Lines, labels)...)
		}
	}
	w.board.SetArrows(mergeArrows(arrows))
}

// ArrowsShown reports whether candidate arrows are drawn.
func (w *MainWindow) ArrowsShown() bool { return w.settings.p.BoolWithFallback(prefArrows, true) }

// SetArrowsShown draws the candidate arrows (true) or not, and remembers the choice.
func (w *MainWindow) SetArrowsShown(on bool) {
	w.settings.p.SetBool(prefArrows, on)
	w.refreshArrows()
}

// ArrowLabelsShown reports whether the arrows carry their scores.
func (w *MainWindow) ArrowLabelsShown() bool { return w.settings.p.Bool(prefArrowLabels) }

// SetArrowLabelsShown writes the scores on the arrows (true) or not, and remembers it.
func (w *MainWindow) SetArrowLabelsShown(on bool) {
	w.settings.p.SetBool(prefArrowLabels, on)
	w.refreshArrows()
}

// refreshArrows draws the arrows again after a change of the settings, and the menu's ticks.
func (w *MainWindow) refreshArrows() {
	w.showArrows()
	w.win.SetMainMenu(w.buildMenu())
}

// mateAnswer is the panel's mating line (EnginePanel.MateAnswer), if the panel is built.
func (w *MainWindow) mateAnswer() (*board.Position, []board.Move, bool) {
	if w.study == nil || w.study.panel == nil {
		return nil, nil, false
	}
	return w.study.panel.MateAnswer()
}

// showArrows draws the arrows of the study under way, if any, and of the mate answer.
func (w *MainWindow) showArrows() {
	var views []study.EngineView
	if r := w.study.run; r != nil {
		views = r.runner.Views()
	} else if _, _, ok := w.mateAnswer(); !ok {
		w.board.SetArrows(nil) // nothing to draw: a step need not look at the position
		return
	}
	w.showStudyArrows(views)
}

// arrowsItem and arrowLabelsItem are the 表示 menu's items for the arrows.
func (w *MainWindow) arrowsItem() *fyne.MenuItem {
	it := fyne.NewMenuItem(w.previewText().Arrows, func() { w.SetArrowsShown(!w.ArrowsShown()) })
	it.Checked = w.ArrowsShown()
	return it
}

func (w *MainWindow) arrowLabelsItem() *fyne.MenuItem {
	it := fyne.NewMenuItem(w.previewText().ArrowLabels, func() { w.SetArrowLabelsShown(!w.ArrowLabelsShown()) })
	it.Checked = w.ArrowLabelsShown()
	it.Disabled = !w.ArrowsShown()
	return it
}

// arrowObjects draw one arrow: a shaft, the two strokes of its head, a label on a plate.
type arrowObjects struct {
	shaft, head1, head2 *canvas.Line
	plate               *canvas.Rectangle
	label               *canvas.Text
}

// arrowColor is the colour of an arrow of rank: the best a strong blue, the others paler.
func arrowColor(rank int) color.NRGBA {
	switch rank {
	case 0:
		return color.NRGBA{R: 0x1f, G: 0x6f, B: 0xe0, A: 0xd0}
	case 1:
		return color.NRGBA{R: 0x2e, G: 0x9a, B: 0x5a, A: 0xb0}
	}
	return color.NRGBA{R: 0x5a, G: 0x5a, B: 0x5a, A: 0xa8}
}

// arrowWidth is the stroke of an arrow of rank for squares u wide: the best line thickest.
func arrowWidth(rank int, u float32) float32 {
	switch rank {
	case 0:
		return 0.17 * u
	case 1:
		return 0.11 * u
	}
	return 0.07 * u
}

// addArrows makes the arrows' objects, hidden, above the pieces.
func (r *boardRenderer) addArrows() {
	for i := range r.arrows {
		a := &r.arrows[i]
		a.shaft, a.head1, a.head2 = canvas.NewLine(color.Black), canvas.NewLine(color.Black), canvas.NewLine(color.Black)
		a.plate = canvas.NewRectangle(color.NRGBA{R: 0xff, G: 0xff, B: 0xff, A: 0xd8})
		a.plate.CornerRadius = 3
		a.label = canvas.NewText("", color.Black)
		a.label.Alignment = fyne.TextAlignCenter
		a.label.TextStyle.Bold = true
		for _, o := range []fyne.CanvasObject{a.shaft, a.head1, a.head2, a.plate, a.label} {
			o.Hide()
			r.add(o)
		}
	}
}

// layoutArrows places the board's arrows that are legal in its position, the worst first
// so that the best is drawn on top, and hides the rest.
func (r *boardRenderer) layoutArrows(g *geom) {
	b := r.b
	var shown []Arrow
	if b.mode != ModeEdit {
		for _, a := range b.arrows {
			if len(shown) < maxArrows && b.pos.IsLegal(a.Move) {
				shown = append(shown, a)
			}
		}
	}
	slices.SortStableFunc(shown, func(x, y Arrow) int { return y.Rank - x.Rank })
	for i := range r.arrows {
		o := &r.arrows[i]
		if i >= len(shown) {
			for _, x := range []fyne.CanvasObject{o.shaft, o.head1, o.head2, o.plate, o.label} {
				x.Hide()
			}
			continue
		}
		r.placeArrow(g, o, shown[i])
	}
}

// placeArrow draws arrow a with objects o.
func (r *boardRenderer) placeArrow(g *geom, o *arrowObjects, a Arrow) {
	m := a.Move
	var from fyne.Position
	if m.IsDrop() {
		from = g.spotCenter(HandSpot(r.b.pos.SideToMove(), m.Piece()), &r.b.rows)
	} else {
		from = g.spotCenter(SquareSpot(m.From()), &r.b.rows)
	}
	to := g.spotCenter(SquareSpot(m.To()), &r.b.rows)
	dx, dy := float64(to.X-from.X), float64(to.Y-from.Y)
	l := math.Hypot(dx, dy)
	if l == 0 {
		return
	}
	ux, uy := dx/l, dy/l
	w := arrowWidth(a.Rank, g.u)
	c := arrowColor(a.Rank)
	// the shaft starts a little off the piece's centre and stops short of the tip, where
	// the head's strokes meet
	start := fyne.NewPos(from.X+float32(ux)*0.2*g.u, from.Y+float32(uy)*0.2*g.u)
	tip := fyne.NewPos(to.X-float32(ux)*0.12*g.u, to.Y-float32(uy)*0.12*g.u)
	headLen := float64(0.32*g.u + 1.2*w)
	neck := fyne.NewPos(tip.X-float32(ux*headLen*0.5), tip.Y-float32(uy*headLen*0.5))
	setLine(o.shaft, start, neck, w, c)
	for i, side := range []float64{1, -1} {
		ang := math.Atan2(uy, ux) + math.Pi - side*0.5
		end := fyne.NewPos(tip.X+float32(math.Cos(ang)*headLen), tip.Y+float32(math.Sin(ang)*headLen))
		h := o.head1
		if i == 1 {
			h = o.head2
		}
		setLine(h, tip, end, w, c)
	}
	if a.Label == "" {
		o.plate.Hide()
		o.label.Hide()
		return
	}
	size := 0.3 * g.u
	o.label.Text = a.Label
	o.label.TextSize = size
	o.label.Color = color.NRGBA{R: c.R / 2, G: c.G / 2, B: c.B / 2, A: 0xff}
	ts := fyne.MeasureText(a.Label, size, o.label.TextStyle)
	box := fyne.NewSize(ts.Width+0.16*g.u, ts.Height+0.04*g.u)
	// the label stands just past the tip, in the destination square, so that it hides
	// neither the arrow (a one-square move is short) nor the piece that moves
	reach := float32(math.Abs(ux))*box.Width/2 + float32(math.Abs(uy))*box.Height/2 + 0.03*g.u
	mid := fyne.NewPos(tip.X+float32(ux)*reach, tip.Y+float32(uy)*reach)
	o.plate.Move(fyne.NewPos(mid.X-box.Width/2, mid.Y-box.Height/2))
	o.plate.Resize(box)
	o.plate.StrokeColor = c
	o.plate.StrokeWidth = 1
	o.label.Move(fyne.NewPos(mid.X-box.Width/2, mid.Y-box.Height/2))
	o.label.Resize(box)
	o.plate.Show()
	o.label.Show()
}

func setLine(l *canvas.Line, a, b fyne.Position, w float32, c color.Color) {
	l.Position1, l.Position2 = a, b
	l.StrokeWidth = w
	l.StrokeColor = c
	l.Show()
}
