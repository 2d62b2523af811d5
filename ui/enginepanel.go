package ui

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine/study"
	"banmen/usiclient"
)

// The engine panel (the tab エンジン) shows what the engines of a study think: for each
// engine a header with its name, its state and its running numbers, then its lines, best
// first, as ShogiHome shows them: rank, score from sente's point of view, bound and mate
// marks, and the line in Japanese notation.
//
// Its texts are made off the Fyne goroutine (formatEngine) and handed to the panel, which
// only copies them into canvas texts: polling the study costs the Fyne goroutine little.

// engineText is what the panel shows of one engine.
type engineText struct {
	Header   string // name and state, and the move it expects in reply
	Stats    string // depth, nodes, speed, hash
	Position string // SFEN of the position the rows are for ("" when there are none)
	Rows     []rowText
}

// rowText is one line of an engine.
type rowText struct {
	Rank, Score, Flag, PV string
}

// formatScore writes a score as ShogiHome does, from sente's (▲) point of view: the value
// with its sign ("+123", "-45", "0"), or for a mate the signed number of plies ("+5": sente
// mates in 5; "-3": sente is mated in 3) marked 詰 in the flag; the flag also shows "++"
// for a lower bound and "--" for an upper bound. A score that came without any gives "".
func formatScore(s usiclient.Score, msg *Messages) (score, flag string) {
	var marks []string
	switch s.Bound {
	case usiclient.LowerBound:
		marks = append(marks, "++")
	case usiclient.UpperBound:
		marks = append(marks, "--")
	}
	switch s.Kind {
	case usiclient.ScoreCP:
		if s.Value == 0 {
			score = "0"
		} else {
			score = fmt.Sprintf("%+d", s.Value)
		}
	case usiclient.ScoreMate:
		sign := "+"
		if s.MateSign < 0 {
			sign = "-"
		}
		score = sign
		if s.PliesKnown && s.Value != 0 {
			score = fmt.Sprintf("%+d", s.Value)
		}
		marks = append(marks, msg.MateShort)
	default:
		return "", ""
	}
	return score, strings.Join(marks, " ")
}

// formatCount writes a count of nodes (or nodes a second) in short: 999, 1.2K, 12K,
// 123K, 1.2M, 1.2B, as ShogiHome's compact format does.
func formatCount(n int64) string {
	if n < 0 {
		return "-" + formatCount(-n)
	}
	if n < 1000 {
		return strconv.FormatInt(n, 10)
	}
	units := []string{"K", "M", "B", "T"}
	v := float64(n)
	for i, u := range units {
		v /= 1000
		// rounded as shown: one decimal under 10, none above
		r := math.Round(v)
		if v < 10 {
			r = math.Round(v*10) / 10
		}
		if r >= 1000 && i < len(units)-1 {
			continue
		}
		if r < 10 {
			return strconv.FormatFloat(r, 'f', -1, 64) + u
		}
		return strconv.FormatFloat(r, 'f', 0, 64) + u
	}
	return strconv.FormatInt(n, 10) // not reached
}

// formatHashfull writes hashfull (per mille) as a percentage: "12.3%".
func formatHashfull(permill int) string {
	return strconv.FormatFloat(float64(permill)/10, 'f', 1, 64) + "%"
}

// formatDepth writes depth/seldepth, "---" when the engine sent no depth.
func formatDepth(depth, sel int) string {
	switch {
	case depth == 0 && sel == 0:
		return "---"
	case sel == 0:
		return strconv.Itoa(depth)
	}
	return strconv.Itoa(depth) + "/" + strconv.Itoa(sel)
}

// formatPV writes a line in Japanese notation from pos (▲７六歩△３四歩…); lastTo is
// where the move before pos went (for 同). The moves after a cut (an illegal move) follow
// as the engine sent them.
func formatPV(pos *board.Position, l usiclient.Line, lastTo board.Square) string {
	ja, n := pos.JapaneseLine(l.PV, lastTo)
	var rest []string
	switch {
	case n < len(l.PV):
		rest = l.PVText[min(n, len(l.PVText)):]
	case l.Cut && l.CutAt < len(l.PVText):
		rest = l.PVText[l.CutAt:]
	}
	if len(rest) > 0 {
		if ja != "" {
			ja += " "
		}
		ja += strings.Join(rest, " ")
	}
	return ja
}

// formatRow writes one line of an engine.
func formatRow(pos *board.Position, l usiclient.Line, lastTo board.Square, msg *Messages) rowText {
	score, flag := formatScore(l.SenteScore, msg)
	return rowText{Rank: strconv.Itoa(l.MultiPV), Score: score, Flag: flag, PV: formatPV(pos, l, lastTo)}
}

// predicted returns the reply the engine expects to its best move (the second move of
// its first line) in Japanese notation, or "".
func predicted(pos *board.Position, lines []usiclient.Line, lastTo board.Square) string {
	if len(lines) == 0 || len(lines[0].PV) < 2 {
		return ""
	}
	pv := lines[0].PV
	if !pos.IsLegal(pv[0]) {
		return ""
	}
	after := pos.Clone()
	after.Do(pv[0])
	s, n := after.JapaneseLine(pv[1:2], pv[0].To())
	if n != 1 {
		return ""
	}
	return s
}

// engineState says what an engine does.
type engineState int

const (
	stateStarting engineState = iota
	stateThinking
	stateStopped
)

func (s engineState) text(msg *Messages) string {
	switch s {
	case stateStarting:
		return msg.EngineStarting
	case stateThinking:
		return msg.EngineThinking
	}
	return msg.EngineStopped
}

// formatHeader writes an engine's header: name, state and the reply it expects.
func formatHeader(name string, st engineState, expects string, msg *Messages) string {
	h := name + "　" + st.text(msg)
	if expects != "" {
		h += "　" + msg.Predicted + " " + expects
	}
	return h
}

// formatStats writes an engine's running numbers.
func formatStats(s usiclient.Stats, msg *Messages) string {
	nodes, nps, hash := "---", "---", "---"
	if s.Nodes > 0 {
		nodes = formatCount(s.Nodes)
	}
	if s.NPS > 0 {
		nps = formatCount(s.NPS)
	}
	if s.Hashfull > 0 {
		hash = formatHashfull(s.Hashfull)
	}
	return fmt.Sprintf("%s %s　%s %s　NPS %s　%s %s", msg.Depth, formatDepth(s.Depth, s.SelDepth),
		msg.Nodes, nodes, nps, msg.Hash, hash)
}

// formatEngine writes what one engine of a study shows. lastTo is where the move before
// the study's position went (board.NoSquare when unknown).
func formatEngine(v study.EngineView, lastTo board.Square, msg *Messages) engineText {
	st := stateStopped
	switch v.State {
	case study.Starting:
		st = stateStarting
	case study.Thinking:
		st = stateThinking
	}
	et := engineText{Stats: formatStats(usiclient.Stats{}, msg)}
	var expects string
	if v.OK && v.Root != nil {
		et.Stats = formatStats(v.Stats, msg)
		et.Position = v.Position
		for _, l := range v.Lines {
			et.Rows = append(et.Rows, formatRow(v.Root, l, lastTo, msg))
		}
		expects = predicted(v.Root, v.Lines, lastTo)
	}
	et.Header = formatHeader(v.Engine, st, expects, msg)
	return et
}

// EnginePanel is the tab エンジン.
type EnginePanel struct {
	widget.BaseWidget
	msg    *Messages
	idle   *textLine
	box    *fyne.Container
	blocks []*engineBlock
	root   fyne.CanvasObject
}

// engineBlock is one engine in the panel: header, numbers and a row for each line.
type engineBlock struct {
	header, stats *textLine
	rows          []*pvRow
	box           *fyne.Container
}

// NewEnginePanel returns a panel that shows no study.
func NewEnginePanel(msg *Messages) *EnginePanel {
	p := &EnginePanel{msg: msg}
	p.idle = newTextLine(msg.EngineIdle, true)
	p.box = container.NewVBox(p.idle)
	p.root = container.NewVScroll(p.box)
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer is part of fyne.Widget.
func (p *EnginePanel) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(p.root) }

// setEngines lays the panel out for engines with the names, each with rows for lines
// lines; no names shows the panel's idle text.
func (p *EnginePanel) setEngines(names []string, lines int) {
	p.blocks = nil
	objs := []fyne.CanvasObject{}
	if len(names) == 0 {
		objs = append(objs, p.idle)
	}
	for i, name := range names {
		b := &engineBlock{
			header: newTextLine(formatHeader(name, stateStarting, "", p.msg), false),
			stats:  newTextLine(formatStats(usiclient.Stats{}, p.msg), true),
		}
		b.box = container.NewVBox(b.header, b.stats)
		for range lines {
			r := newPVRow(p.msg.MateShort)
			b.rows = append(b.rows, r)
			b.box.Add(r)
		}
		if i > 0 {
			objs = append(objs, widget.NewSeparator())
		}
		objs = append(objs, b.box)
		p.blocks = append(p.blocks, b)
	}
	p.box.Objects = objs
	p.box.Refresh()
}

// show copies the texts of the engines into the panel. Rows for another position than
// shownSFEN (the position on the board) are left out: the panel never shows lines of a
// position the user has left.
func (p *EnginePanel) show(texts []engineText, shownSFEN string) {
	for i, et := range texts {
		if i >= len(p.blocks) {
			break
		}
		b := p.blocks[i]
		b.header.set(et.Header)
		b.stats.set(et.Stats)
		rows := et.Rows
		if et.Position != shownSFEN {
			rows = nil
		}
		for j, r := range b.rows {
			if j < len(rows) {
				r.set(rows[j])
			} else {
				r.set(rowText{})
			}
		}
	}
}

// clearRows empties every engine's rows (the position changed while no engine thinks).
func (p *EnginePanel) clearRows() {
	for _, b := range p.blocks {
		for _, r := range b.rows {
			r.set(rowText{})
		}
	}
}

// setStates writes each engine's header with the state st and no expected move (the
// study stopped: nothing polls it any more).
func (p *EnginePanel) setStates(names []string, st engineState) {
	for i, b := range p.blocks {
		if i < len(names) {
			b.header.set(formatHeader(names[i], st, "", p.msg))
		}
	}
}

// text returns everything the panel shows, a line for each header and row, for tests.
func (p *EnginePanel) text() string {
	var b strings.Builder
	for _, bl := range p.blocks {
		b.WriteString(bl.header.full + "\n" + bl.stats.full + "\n")
		for _, r := range bl.rows {
			if r.t.PV != "" || r.t.Score != "" {
				fmt.Fprintf(&b, "%s %s %s %s\n", r.t.Rank, r.t.Score, r.t.Flag, r.t.PV)
			}
		}
	}
	return b.String()
}

// shorten returns s cut with "…" to fit width at size.
func shorten(s string, width, size float32) string {
	if s == "" || fyne.MeasureText(s, size, fyne.TextStyle{}).Width <= width {
		return s
	}
	rs := []rune(s)
	lo, hi := 0, len(rs) // the longest prefix that fits is in [lo, hi)
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if fyne.MeasureText(string(rs[:mid])+"…", size, fyne.TextStyle{}).Width <= width {
			lo = mid
		} else {
			hi = mid
		}
	}
	return string(rs[:lo]) + "…"
}

// textLine is one line of text cut with "…" at the panel's width.
type textLine struct {
	widget.BaseWidget
	full  string
	dim   bool
	text  *canvas.Text
	width float32
}

func newTextLine(s string, dim bool) *textLine {
	l := &textLine{full: s, dim: dim, text: canvas.NewText(s, nil)}
	l.ExtendBaseWidget(l)
	return l
}

func (l *textLine) set(s string) {
	if l.full == s {
		return
	}
	l.full = s
	l.Refresh()
}

func (l *textLine) CreateRenderer() fyne.WidgetRenderer {
	r := &textLineRenderer{l: l}
	r.Refresh()
	return r
}

type textLineRenderer struct{ l *textLine }

func (r *textLineRenderer) Destroy() {}

func (r *textLineRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.l.text} }

func (r *textLineRenderer) MinSize() fyne.Size {
	ts := theme.TextSize()
	return fyne.NewSize(4*ts, fyne.MeasureText("７六歩", ts, fyne.TextStyle{}).Height+theme.InnerPadding()/2)
}

func (r *textLineRenderer) Layout(size fyne.Size) {
	pad := theme.InnerPadding() / 2
	r.l.width = size.Width - 2*pad
	r.l.text.Move(fyne.NewPos(pad, pad/2))
	r.l.text.Resize(fyne.NewSize(r.l.width, size.Height-pad))
	r.fit()
}

func (r *textLineRenderer) fit() {
	t := r.l.text
	s := r.l.full
	if r.l.width > 0 {
		s = shorten(s, r.l.width, t.TextSize)
	}
	if t.Text != s {
		t.Text = s
		t.Refresh()
	}
}

func (r *textLineRenderer) Refresh() {
	t := r.l.text
	t.TextSize = theme.TextSize()
	t.Color = theme.Color(theme.ColorNameForeground)
	if r.l.dim {
		t.TextSize = theme.TextSize() * 0.9
		t.Color = theme.Color(theme.ColorNamePlaceHolder)
	}
	r.fit()
	t.Refresh()
}

// pvRow is one line of an engine: rank, score, flag and the line, cut with "…".
type pvRow struct {
	widget.BaseWidget
	t                     rowText
	mate                  string // the mate mark, for the flag column's width
	rank, score, flag, pv *canvas.Text
	pvWidth               float32
}

func newPVRow(mate string) *pvRow {
	r := &pvRow{mate: mate, rank: canvas.NewText("", nil), score: canvas.NewText("", nil), flag: canvas.NewText("", nil), pv: canvas.NewText("", nil)}
	r.rank.Alignment = fyne.TextAlignTrailing
	r.score.Alignment = fyne.TextAlignTrailing
	r.ExtendBaseWidget(r)
	return r
}

func (r *pvRow) set(t rowText) {
	if r.t == t {
		return
	}
	r.t = t
	r.Refresh()
}

func (r *pvRow) CreateRenderer() fyne.WidgetRenderer {
	rr := &pvRowRenderer{r: r}
	rr.Refresh()
	return rr
}

type pvRowRenderer struct{ r *pvRow }

func (rr *pvRowRenderer) Destroy() {}

func (rr *pvRowRenderer) Objects() []fyne.CanvasObject {
	r := rr.r
	return []fyne.CanvasObject{r.rank, r.score, r.flag, r.pv}
}

func (rr *pvRowRenderer) MinSize() fyne.Size {
	ts := theme.TextSize()
	h := fyne.MeasureText("７六歩", ts, fyne.TextStyle{}).Height + theme.InnerPadding()/2
	return fyne.NewSize(14*ts, h)
}

// columns returns the widths of the rank, score and flag columns: wide enough for "10",
// "-99999" and "-- 詰" so that the lines do not move as the numbers change.
func (rr *pvRowRenderer) columns() (rankW, scoreW, flagW float32) {
	ts := theme.TextSize()
	m := func(s string) float32 { return fyne.MeasureText(s, ts, fyne.TextStyle{}).Width }
	return m("10"), m("-99999"), m("-- " + rr.r.mate)
}

func (rr *pvRowRenderer) Layout(size fyne.Size) {
	r := rr.r
	pad := theme.InnerPadding() / 2
	rankW, scoreW, flagW := rr.columns()
	y := pad / 2
	h := size.Height - pad
	x := pad
	r.rank.Move(fyne.NewPos(x, y))
	r.rank.Resize(fyne.NewSize(rankW, h))
	x += rankW + pad
	r.score.Move(fyne.NewPos(x, y))
	r.score.Resize(fyne.NewSize(scoreW, h))
	x += scoreW + pad
	r.flag.Move(fyne.NewPos(x, y))
	r.flag.Resize(fyne.NewSize(flagW, h))
	x += flagW + pad
	r.pv.Move(fyne.NewPos(x, y))
	r.pvWidth = max(0, size.Width-x-pad)
	r.pv.Resize(fyne.NewSize(r.pvWidth, h))
	rr.fit()
}

func (rr *pvRowRenderer) fit() {
	r := rr.r
	s := r.t.PV
	if r.pvWidth > 0 {
		s = shorten(s, r.pvWidth, r.pv.TextSize)
	}
	r.pv.Text = s
}

func (rr *pvRowRenderer) Refresh() {
	r := rr.r
	ts := theme.TextSize()
	fg := theme.Color(theme.ColorNameForeground)
	r.rank.Text, r.score.Text, r.flag.Text = r.t.Rank, r.t.Score, r.t.Flag
	for _, t := range []*canvas.Text{r.rank, r.score, r.flag, r.pv} {
		t.TextSize = ts
		t.Color = fg
	}
	r.rank.Color = theme.Color(theme.ColorNamePlaceHolder)
	r.flag.Color = theme.Color(theme.ColorNamePrimary)
	rr.fit()
	for _, t := range []*canvas.Text{r.rank, r.score, r.flag, r.pv} {
		t.Refresh()
	}
}
