package ui

import (
	"fmt"
	"image/color"
	"math"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine/analysis"
	"banmen/kifu"
	"banmen/ui/session"
)

// The 評価値グラフ: the score of each position of the record's main line, from Black's
// (▲'s) point of view, read from the record's comments in the forms other programs write:
//
//   - ShogiHome's think comments: "#評価値=" of an analysis, else "*評価値=" of the engine
//     that played ("#詰み=", "*詰み=" for mates), read by the kifu package;
//   - floodgate's CSA comments "'** 104 -3334FU …" (Black's view; kifu reads them too);
//   - ShogiGUI's "*解析 0 ○ 候補1 時間 00:10.0 深さ 22 ノード数 … 評価値 450 読み筋 ▲…" of an
//     analysis and "*対局 … 評価値 88 読み筋 …" of the engine that played (in a KIF file
//     behind one more "*"), read here (shogiGUIThinks).
//
// A mate is drawn at the edge and marked: ShogiHome's 詰み, ShogiGUI's "評価値 +詰 13", and
// a floodgate or ShogiGUI score of ±30000 or beyond, which is how ShogiHome writes a mate
// in those forms. The current ply is marked; a click moves the record there. In the 勝率
// view the score s is shown as Black's chance to win, 1 / (1 + e^(-s/k)), k 600 unless the
// user changes it (the graph's context menu), as ShogiHome's coefficientInSigmoid.

// Graph limits: scores beyond ±graphClamp (and mates) are drawn at the edge.
const (
	graphClamp         = analysis.ScoreLimit // the losses of 棋譜解析 are measured within it too
	defaultWinRateCoef = 600.0
	prefWinRate        = "evalGraphWinRate"      // the graph shows 勝率, not 評価値
	prefWinRateCoef    = "evalGraphWinRateCoeff" // k of the 勝率 curve
	// foreignMate is the score from which a floodgate or ShogiGUI score is a mate:
	// ShogiHome writes a mate as ±30000 in both forms (its buildFloodgateSearchComment and
	// buildShogiGUISearchComment, src/renderer/store/record.ts); floodgate's engines send
	// ±100000 and the like.
	foreignMate = 30000
)

// EvalPoint is the score of the position after one ply of the main line.
type EvalPoint struct {
	Ply   int
	Score int  // centipawns, Black's view; ±graphClamp for a mate
	Mate  bool // a forced mate (Score's sign says who wins)
	OK    bool // the position has a score
	// Best is the first move of the think's 読み筋 (the engine's choice), or NoMove.
	Best board.Move
	// Series says whose score it is: an analysis's (棋譜解析, 検討), or the engine's that
	// played the move to it, Black's or White's.
	Series EvalSeries
}

// EvalSeries is whose scores a line of the graph joins, as ShogiHome's chart draws them:
// the players' engines apart (two engines of a game, or floodgate's, need not count alike,
// and joined in one line they zigzag from move to move), and the analyses apart from both.
type EvalSeries uint8

const (
	SeriesAnalysis EvalSeries = iota // 棋譜解析's "#" thinks, and 検討's scores
	SeriesBlack                      // "*" thinks of the engine that played Black's moves
	SeriesWhite                      // … White's
	numSeries
)

// EvalPoints reads the scores of rec's main line (ply 0, the start position, first; special
// moves such as 投了 are left out). An analysis think ("#") is preferred to the played
// engine's ("*"); the first analysis in a comment wins.
func EvalPoints(rec *kifu.Record) []EvalPoint {
	nodes := append([]*kifu.Node{rec.Root}, rec.MainLine()...)
	// the side that made ply i's move: the start's side to move at odd plies
	first := rec.Start.SideToMove()
	var out []EvalPoint
	for i, n := range nodes {
		if n.IsSpecial() {
			break
		}
		p := EvalPoint{Ply: i}
		if n.Comment != "" {
			thinks := rec.ThinkComments(n)
			if strings.Contains(n.Comment, "評価値 ") {
				thinks = append(thinks, shogiGUIThinks(n.Comment, rec.Position(n), nodeDest(n))...)
			}
			player := SeriesBlack // the series of the engine that made this move
			if (i%2 == 1) != (first == board.Black) {
				player = SeriesWhite
			}
			p = pointOf(thinks, p, player)
		}
		out = append(out, p)
	}
	return out
}

// pointOf fills p from a comment's thinks: the analyses' if there are any with a score,
// else the played engine's (of series player); among those a mate, else the first score.
func pointOf(thinks []kifu.ThinkComment, p EvalPoint, player EvalSeries) EvalPoint {
	analysis := false
	for _, t := range thinks {
		if t.Analysis && (t.HasScore || t.HasMate) {
			analysis = true
		}
	}
	series := SeriesAnalysis
	if !analysis {
		series = player
	}
	var score *kifu.ThinkComment
	for i := range thinks {
		t := &thinks[i]
		if t.Analysis != analysis {
			continue
		}
		if t.HasMate {
			p.OK, p.Mate, p.Score, p.Series = true, true, graphClamp, series
			p.Best = firstMove(t.PV)
			if t.Mate.Winner == board.White {
				p.Score = -graphClamp
			}
			return p
		}
		if t.HasScore && t.Floodgate && (t.Score >= foreignMate || t.Score <= -foreignMate) {
			p.OK, p.Mate, p.Score, p.Series = true, true, graphClamp, series
			p.Best = firstMove(t.PV)
			if t.Score < 0 {
				p.Score = -graphClamp
			}
			return p
		}
		if t.HasScore && score == nil {
			score = t
		}
	}
	if score != nil {
		p.OK, p.Score, p.Series = true, max(-graphClamp, min(graphClamp, score.Score)), series
		p.Best = firstMove(score.PV)
	}
	return p
}

func firstMove(pv []board.Move) board.Move {
	if len(pv) == 0 {
		return board.NoMove
	}
	return pv[0]
}

// ShogiGUI's comment line: its kind, the candidate's number, and the 評価値 as a number
// or as a mate ("+詰 13", "-詰", "-詰3"), with ShogiGUI's bound arrow. The form is taken
// from ShogiHome, which reads ShogiGUI's files (sunfish-shogi/shogihome,
// src/renderer/store/record.ts, parseShogiGUIAnalysisScoreComment and
// getPVsFromSearchComment; its test src/tests/renderer/store/record.spec.ts "shogi-gui"
// holds "*解析 0 △ 候補1 時間 00:00.0 深さ 32 ノード数 1 評価値 0 読み筋 △３三角(22)"). The
// mate form "評価値 -詰 3" and the arrows ↑/↓ are those that viewers of ShogiGUI's KIF files
// take off (kifPlayer's KIF解析.評価値).
var (
	shogiGUICandidate = regexp.MustCompile(`(?:^| )候補(\d+)(?: |$)`)
	shogiGUIScore     = regexp.MustCompile(`^([+-]?)(詰)? ?(\d*)[↑↓]?(?: |$)`)
)

// shogiGUIThinks reads ShogiGUI's think lines of a comment (the first candidate's of
// each kind) as thinks: "*解析" an analysis, "*対局" the engine that played. Scores are
// Black's view, as ShogiHome takes them.
func shogiGUIThinks(comment string, pos *board.Position, lastTo board.Square) []kifu.ThinkComment {
	var out []kifu.ThinkComment
	for _, l := range strings.Split(comment, "\n") {
		l = strings.TrimRight(l, "\r ")
		kind := ""
		switch {
		case strings.HasPrefix(l, "*解析 "):
			kind = "解析"
		case strings.HasPrefix(l, "*対局 "):
			kind = "対局"
		default:
			continue
		}
		head, rest, ok := strings.Cut(l, " 評価値 ")
		if !ok {
			continue
		}
		if c := shogiGUICandidate.FindStringSubmatch(head); c != nil && c[1] != "1" {
			continue // a candidate after the first
		}
		m := shogiGUIScore.FindStringSubmatch(rest)
		if m == nil {
			continue
		}
		t := kifu.ThinkComment{Analysis: kind == "解析", Floodgate: true}
		n, err := strconv.Atoi(m[3])
		switch {
		case m[2] == "詰":
			t.HasMate, t.Mate = true, kifu.Mate{Winner: board.Black, Plies: n}
			if m[1] == "-" {
				t.Mate.Winner = board.White
			}
		case err == nil:
			t.HasScore, t.Score = true, n
			if m[1] == "-" {
				t.Score = -n
			}
		default:
			continue
		}
		if _, pv, ok := strings.Cut(rest, "読み筋 "); ok && pos != nil {
			if f := strings.Fields(pv); len(f) > 0 {
				if mv, err := pos.ParseJapaneseMove(f[0], lastTo); err == nil {
					t.PV = []board.Move{mv}
				}
			}
		}
		out = append(out, t)
	}
	return out
}

// nodeDest is where the move to n went (for a 読み筋 that starts with 同), or NoSquare.
func nodeDest(n *kifu.Node) board.Square {
	if n.Move == board.NoMove {
		return board.NoSquare
	}
	return n.Move.To()
}

// WinRate is Black's chance to win for a score (centipawns, Black's view) with the
// default coefficient.
func WinRate(score int) float64 { return WinRateWith(score, defaultWinRateCoef) }

// WinRateWith is Black's chance to win for a score with the coefficient k of the curve.
func WinRateWith(score int, k float64) float64 { return 1 / (1 + math.Exp(-float64(score)/k)) }

// EvalGraph draws EvalPoints. OnSelect gets the ply clicked.
type EvalGraph struct {
	widget.BaseWidget
	points  []EvalPoint
	current int // the ply shown, or -1
	winRate bool
	coeff   float64 // k of the 勝率 curve
	dragged int     // the ply a drag last went to
	// OnSelect is called with the ply of the point clicked, or dragged over.
	OnSelect func(ply int)
	// OnMenu, if set, is called on a right click, where it was (absolute).
	OnMenu func(at fyne.Position)
	// SeriesNames name the lines in the legend, by EvalSeries.
	SeriesNames [numSeries]string
}

// NewEvalGraph returns an empty graph.
func NewEvalGraph() *EvalGraph {
	g := &EvalGraph{current: -1, dragged: -1, coeff: defaultWinRateCoef}
	g.ExtendBaseWidget(g)
	return g
}

// SetPoints sets the scores and the current ply and redraws.
func (g *EvalGraph) SetPoints(points []EvalPoint, current int) {
	g.points, g.current = points, current
	g.Refresh()
}

// SetCurrent marks ply as the one shown.
func (g *EvalGraph) SetCurrent(ply int) {
	if g.current != ply {
		g.current = ply
		g.Refresh()
	}
}

// SetWinRate switches between 評価値 (false) and 勝率 (true).
func (g *EvalGraph) SetWinRate(on bool) {
	if g.winRate != on {
		g.winRate = on
		g.Refresh()
	}
}

// SetCoefficient sets k of the 勝率 curve (positive).
func (g *EvalGraph) SetCoefficient(k float64) {
	if k > 0 && g.coeff != k {
		g.coeff = k
		g.Refresh()
	}
}

// TappedSecondary is part of fyne.SecondaryTappable: the graph's menu.
func (g *EvalGraph) TappedSecondary(ev *fyne.PointEvent) {
	if g.OnMenu != nil {
		g.OnMenu(ev.AbsolutePosition)
	}
}

// Points returns the points drawn.
func (g *EvalGraph) Points() []EvalPoint { return g.points }

// MinSize is part of fyne.Widget.
func (g *EvalGraph) MinSize() fyne.Size { return fyne.NewSize(120, 110) }

// graphPad is the margin around the plot.
const graphPad = 6

// plyAt is the ply drawn nearest to x in a graph of width w.
func (g *EvalGraph) plyAt(x, w float32) int {
	n := len(g.points)
	if n == 0 {
		return -1
	}
	left, right := float32(graphPad), w-graphPad
	if n == 1 || right <= left {
		return 0
	}
	f := (x - left) / (right - left) * float32(n-1)
	return max(0, min(n-1, int(math.Round(float64(f)))))
}

// Tapped is part of fyne.Tappable: the record goes to the ply clicked.
func (g *EvalGraph) Tapped(ev *fyne.PointEvent) {
	if ply := g.plyAt(ev.Position.X, g.Size().Width); ply >= 0 && g.OnSelect != nil {
		g.OnSelect(ply)
	}
}

// Dragged is part of fyne.Draggable: a drag along the graph goes through the record.
func (g *EvalGraph) Dragged(ev *fyne.DragEvent) {
	if ply := g.plyAt(ev.Position.X, g.Size().Width); ply >= 0 && ply != g.dragged && g.OnSelect != nil {
		g.dragged = ply
		g.OnSelect(ply)
	}
}

// DragEnd is part of fyne.Draggable.
func (g *EvalGraph) DragEnd() { g.dragged = -1 }

// CreateRenderer is part of fyne.Widget.
func (g *EvalGraph) CreateRenderer() fyne.WidgetRenderer {
	r := &evalGraphRenderer{g: g, bg: canvas.NewRectangle(nil)}
	return r
}

type evalGraphRenderer struct {
	g       *EvalGraph
	bg      *canvas.Rectangle
	objects []fyne.CanvasObject
	size    fyne.Size
}

func (r *evalGraphRenderer) Destroy() {}

func (r *evalGraphRenderer) MinSize() fyne.Size { return r.g.MinSize() }

func (r *evalGraphRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *evalGraphRenderer) Layout(size fyne.Size) {
	r.size = size
	r.build()
}

func (r *evalGraphRenderer) Refresh() {
	r.build()
	canvas.Refresh(r.g)
}

// Colours of the graph beyond the theme's: a line's by its series (analysis blue, the
// players' engines teal for Black and purple for White).
var (
	graphLineColor   = color.NRGBA{R: 0x2a, G: 0x6f, B: 0xd6, A: 0xff}
	graphMateColor   = color.NRGBA{R: 0xd0, G: 0x30, B: 0x30, A: 0xff}
	graphCurColor    = color.NRGBA{R: 0xe0, G: 0x90, B: 0x10, A: 0xff}
	graphSeriesColor = [numSeries]color.NRGBA{
		SeriesAnalysis: graphLineColor,
		SeriesBlack:    {R: 0x2a, G: 0xa8, B: 0xa0, A: 0xff},
		SeriesWhite:    {R: 0x99, G: 0x66, B: 0xff, A: 0xff},
	}
)

// y gives the height of a point: Black's advantage up.
func (r *evalGraphRenderer) y(p EvalPoint, top, bottom float32) float32 {
	var f float64 // 0 at the bottom (White wins), 1 at the top (Black wins)
	if r.g.winRate {
		f = WinRateWith(p.Score, r.g.coeff)
		if p.Mate {
			f = 0
			if p.Score > 0 {
				f = 1
			}
		}
	} else {
		f = (float64(p.Score) + graphClamp) / (2 * graphClamp)
	}
	return bottom - float32(f)*(bottom-top)
}

// build makes the graph's objects for the current size and points.
func (r *evalGraphRenderer) build() {
	g, size := r.g, r.size
	r.bg.FillColor = theme.Color(theme.ColorNameInputBackground)
	r.bg.Resize(size)
	objs := []fyne.CanvasObject{r.bg}
	left, right := float32(graphPad), size.Width-graphPad
	top, bottom := float32(graphPad), size.Height-graphPad
	if right <= left || bottom <= top {
		r.objects = objs
		return
	}
	// the caption and the legend have a strip of their own above the plot, so that a line
	// at its top (a won game's scores) does not run through their words; a graph too
	// low for it keeps them over the plot
	textTop := top
	if strip := theme.CaptionTextSize() * 1.4; bottom-top > 6*strip {
		top += strip
	}
	mid := (top + bottom) / 2
	grid := theme.Color(theme.ColorNameSeparator)
	// the grid and the current move's marker are thin rectangles, not canvas.Lines: see
	// boardRenderer.addGrid (one kind of GL object fewer for the first frame)
	for _, gy := range []float32{top, (top + mid) / 2, mid, (mid + bottom) / 2, bottom} {
		l := canvas.NewRectangle(grid)
		if gy == mid {
			l.FillColor = theme.Color(theme.ColorNameDisabled)
		}
		l.Move(fyne.NewPos(left, gy-1)) // where Fyne draws a 1-wide line (lineCoords shifts it)
		l.Resize(fyne.NewSize(right-left, 1))
		objs = append(objs, l)
	}
	n := len(g.points)
	x := func(i int) float32 {
		if n <= 1 {
			return left
		}
		return left + (right-left)*float32(i)/float32(n-1)
	}
	if g.current >= 0 && g.current < n {
		c := canvas.NewRectangle(graphCurColor)
		cx := x(g.current)
		c.Move(fyne.NewPos(cx-1, top))
		c.Resize(fyne.NewSize(2, bottom-top))
		objs = append(objs, c)
	}
	// each series joins its own points: the players' engines each their own moves
	prev := [numSeries]int{-1, -1, -1}
	var seen [numSeries]bool
	for i, p := range g.points {
		if !p.OK || p.Series >= numSeries {
			continue
		}
		seen[p.Series] = true
		col := graphSeriesColor[p.Series]
		py := r.y(p, top, bottom)
		if j := prev[p.Series]; j >= 0 {
			l := canvas.NewLine(col)
			l.StrokeWidth = 2
			l.Position1 = fyne.NewPos(x(j), r.y(g.points[j], top, bottom))
			l.Position2 = fyne.NewPos(x(i), py)
			objs = append(objs, l)
		}
		prev[p.Series] = i
		if p.Mate || i == g.current {
			d := float32(3)
			dc := color.Color(col)
			if p.Mate {
				d, dc = 4, graphMateColor
			}
			dot := canvas.NewCircle(dc)
			dot.Move(fyne.NewPos(x(i)-d, py-d))
			dot.Resize(fyne.NewSize(2*d, 2*d))
			objs = append(objs, dot)
		}
	}
	captionEnd := left
	if g.current >= 0 && g.current < n {
		t := canvas.NewText(r.caption(g.points[g.current]), theme.Color(theme.ColorNameForeground))
		t.TextSize = theme.CaptionTextSize()
		t.Move(fyne.NewPos(left+2, textTop))
		objs = append(objs, t)
		captionEnd = left + 2 + t.MinSize().Width
	}
	objs = append(objs, r.legend(seen, captionEnd, right, textTop)...)
	r.objects = objs
}

// legend names the series drawn, each in its colour, at the top right: only where the
// players' engines have lines (an analysis alone needs none), and where it does not run into
// the caption, which ends at from (a narrow graph has none).
func (r *evalGraphRenderer) legend(seen [numSeries]bool, from, right, top float32) []fyne.CanvasObject {
	if !seen[SeriesBlack] && !seen[SeriesWhite] {
		return nil
	}
	var objs []fyne.CanvasObject
	x := right - 2
	for s := numSeries - 1; ; s-- {
		if seen[s] && r.g.SeriesNames[s] != "" {
			t := canvas.NewText(r.g.SeriesNames[s], graphSeriesColor[s])
			t.TextSize = theme.CaptionTextSize()
			x -= t.MinSize().Width
			t.Move(fyne.NewPos(x, top))
			x -= theme.Padding()
			objs = append(objs, t)
		}
		if s == 0 {
			break
		}
	}
	if x < from {
		return nil
	}
	return objs
}

// caption is what the graph says of the current ply: its number and score ("41: +350"),
// Black's chance to win in the 勝率 view ("41: 64%"), or who mates ("41: ▲詰").
func (r *evalGraphRenderer) caption(p EvalPoint) string {
	s := strconv.Itoa(p.Ply) + ": "
	switch {
	case !p.OK:
		return s + "—"
	case p.Mate && p.Score > 0:
		return s + "▲詰"
	case p.Mate:
		return s + "△詰"
	case r.g.winRate:
		return s + strconv.Itoa(int(math.Round(100*WinRateWith(p.Score, r.g.coeff)))) + "%"
	}
	return s + fmt.Sprintf("%+d", p.Score)
}

// updateGraph reads the scores again when the record or its comments changed, and marks
// the ply shown.
func (w *MainWindow) updateGraph(c session.Change) {
	if c&(session.ChangedRecord|session.ChangedTree) != 0 || w.sess.Edits() != w.graphEdits || w.graph.points == nil {
		w.graphEdits = w.sess.Edits()
		w.graph.SetPoints(w.graphPoints(), w.graphCurrent())
		return
	}
	w.graph.SetCurrent(w.graphCurrent())
}

// graphCurrent is the ply of the main line shown, or -1 off the main line. At the end of a
// game (投了, 詰み, …) the board shows the position of the last move, and so does the graph:
// its points leave the special move out, and the mark and caption were gone there.
func (w *MainWindow) graphCurrent() int {
	n := w.sess.Node()
	if !n.IsMainLine() {
		return -1
	}
	if n.IsSpecial() && n.Parent() != nil {
		n = n.Parent()
	}
	return n.Ply()
}

// goToMainLine shows the position after ply of the main line.
func (w *MainWindow) goToMainLine(ply int) {
	n := w.sess.Record().Root
	if line := w.sess.Record().MainLine(); ply > 0 && ply <= len(line) {
		n = line[ply-1]
	}
	w.sess.Select(n)
}

// GraphWinRate reports whether the graph shows 勝率 rather than 評価値.
func (w *MainWindow) GraphWinRate() bool { return w.settings.p.Bool(prefWinRate) }

// WinRateCoefficient is k of the graph's 勝率 curve, 600 unless changed.
func (w *MainWindow) WinRateCoefficient() float64 {
	if k := w.settings.p.FloatWithFallback(prefWinRateCoef, defaultWinRateCoef); k > 0 {
		return k
	}
	return defaultWinRateCoef
}

// SetWinRateCoefficient changes k of the 勝率 curve and remembers it.
func (w *MainWindow) SetWinRateCoefficient(k float64) {
	w.settings.p.SetFloat(prefWinRateCoef, k)
	w.graph.SetCoefficient(k)
}

// configureGraph gives the window's graph its settings and its menu (勝率 on or off, the
// coefficient).
func (w *MainWindow) configureGraph() {
	at := w.analysisText()
	w.graph.SeriesNames = [numSeries]string{SeriesAnalysis: at.GraphAnalysis, SeriesBlack: at.SideBlack, SeriesWhite: at.SideWhite}
	w.graph.SetWinRate(w.settings.p.Bool(prefWinRate))
	w.graph.SetCoefficient(w.WinRateCoefficient())
	w.graph.OnMenu = func(at fyne.Position) {
		widget.ShowPopUpMenuAtPosition(w.graphMenu(), w.win.Canvas(), at)
	}
}

// graphMenu is the graph's context menu.
func (w *MainWindow) graphMenu() *fyne.Menu {
	at := w.analysisText()
	winRate := fyne.NewMenuItem(at.GraphWinRate, func() { w.SetGraphWinRate(!w.GraphWinRate()) })
	winRate.Checked = w.GraphWinRate()
	return fyne.NewMenu("", winRate, fyne.NewMenuItem(at.CoefficientMenu, w.coefficientDialog))
}

// coefficientDialog asks for k of the 勝率 curve.
func (w *MainWindow) coefficientDialog() {
	at := w.analysisText()
	entry := newDialogEntry()
	entry.SetText(strconv.FormatFloat(w.WinRateCoefficient(), 'f', -1, 64))
	problem := widget.NewLabel("")
	problem.Importance = widget.DangerImportance
	note := widget.NewLabel(at.CoefficientNote)
	note.Wrapping = fyne.TextWrapWord
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(340, 1))
	var d *plainDialog // not Fyne's: no bold text, no second parse of the font
	ok := newPlainButton(at.OK, true, func() {
		k, err := strconv.ParseFloat(strings.TrimSpace(entry.Text), 64)
		if err != nil || k < 1 || k > 100000 {
			problem.SetText(fmt.Sprintf(at.BadCoefficientF, entry.Text))
			return
		}
		d.Hide()
		w.SetWinRateCoefficient(k)
	})
	cancel := newPlainButton(at.Cancel, false, func() { d.Hide() }).cancels()
	d = newPlainDialog(at.Coefficient, container.NewVBox(width, note, entry, problem), []*plainButton{cancel, ok}, w.win)
	w.lastShown = shownDialog{at.Coefficient, "", d}
	d.Show()
}

// SetGraphWinRate shows 勝率 (true) or 評価値 in the graph, and remembers the choice.
func (w *MainWindow) SetGraphWinRate(on bool) {
	w.settings.p.SetBool(prefWinRate, on)
	w.graph.SetWinRate(on)
	w.win.SetMainMenu(w.buildMenu())
}
