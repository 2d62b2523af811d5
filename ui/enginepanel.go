package ui

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine/study"
	"banmen/usiclient"
)

// The engine panel shows what the engines think, below the board and the record: for each
// engine a header with its name, its state and its running numbers, then its lines, best
// first, as ShogiHome shows them: rank, depth, elapsed time, score from sente's point of
// view, bound and mate marks, and the whole line in Japanese notation, wrapped at the
// panel's width (never cut). A toggle (履歴) shows the lines of earlier iterations under the
// current ones; a right click on a line copies it in USI or in Japanese. Above the engines,
// a mate search (詰み探索) shows its state: searching (with キャンセル), the mating line, 不詰,
// timeout or failure.
//
// Its texts are made off the Fyne goroutine (formatEngine, FormatPanelEngine) and handed to
// the panel, which only copies them into canvas texts: polling an activity costs the Fyne
// goroutine little, however fast its engines talk.
//
// The panel is the window's one place for engines: 検討 feeds it, and a game or a 棋譜解析
// feeds it the same way (MainWindow.EnginePanel returns it). On the Fyne goroutine:
//
//	p.SetEngines(names, lines)            // one block per engine, lines rows each; none: idle text
//	p.ShowEngines(texts, shownSFEN)       // texts from FormatPanelEngine, made on any goroutine
//	p.SetStates(names, EngineStopped)     // the activity ended: headers say so
//	p.ClearRows()                         // the position changed while no engine thinks
//
// and the hooks, both nil-safe, which the window's preview board sets:
//
//	p.OnLine = func(root *board.Position, pv []board.Move, label string) // a line was tapped
//	p.OnMate = func(root *board.Position, pv []board.Move, label string) // the mate answer was tapped
//
// pv holds the legal moves of the line from root (an engine's illegal tail is left out).

// engineText is what the panel shows of one engine.
type engineText struct {
	Header   string // name and state, and the move it expects in reply
	Stats    string // depth, nodes, speed, hash
	Message  string // the engine's last info string of the search, labelled ("" when none)
	Notice   string // the engine's complaints as it got ready, labelled ("" when none)
	Position string // SFEN of the position the rows are for ("" when there are none)
	Rows     []rowText
}

// EngineText is what the panel shows of one engine (exported for the activities that feed
// the panel; see the file's comment).
type EngineText = engineText

// rowText is one line of an engine. It stays comparable: the panel redraws a row only when
// its text changed.
type rowText struct {
	Rank, Depth, Time, Score, Flag, PV string
	USI                                string          // the line as the engine sent it
	Root                               *board.Position // where the line starts (nil: no line)
	Legal                              int             // how many moves of USI are legal from Root
}

// moves returns the legal moves of the line, complete (the pieces they move and take).
func (t rowText) moves() []board.Move {
	if t.Root == nil {
		return nil
	}
	f := strings.Fields(t.USI)
	out, _, _ := t.Root.ParseMoves(strings.Join(f[:min(t.Legal, len(f))], " "))
	return out
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

// formatElapsed writes a search's time: "0.4s", "9.9s", "12s", "1:05", "1:02:03".
func formatElapsed(d time.Duration) string {
	switch {
	case d < 10*time.Second:
		return strconv.FormatFloat(math.Floor(d.Seconds()*10)/10, 'f', 1, 64) + "s"
	case d < time.Minute:
		return strconv.Itoa(int(d/time.Second)) + "s"
	case d < time.Hour:
		return fmt.Sprintf("%d:%02d", int(d/time.Minute), int(d/time.Second)%60)
	}
	return fmt.Sprintf("%d:%02d:%02d", int(d/time.Hour), int(d/time.Minute)%60, int(d/time.Second)%60)
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
// where the move before pos went (for 同). A pass in the line (gpsusi's null moves) is written
// パス and the line goes on with the other side; the moves after a cut (an illegal move)
// follow as the engine sent them.
func formatPV(pos *board.Position, l usiclient.Line, lastTo board.Square) string {
	ja, n := pos.JapaneseLine(l.PV, lastTo)
	var rest []string
	switch {
	case n < len(l.PV):
		rest = l.PVText[min(n, len(l.PVText)):]
	case l.Cut && l.CutAt < len(l.PVText):
		rest = l.PVText[l.CutAt:]
		if rest[0] == usiclient.PassToken {
			var more string
			more, rest = passesOn(pos, l.PV, rest)
			ja = strings.TrimPrefix(ja+more, " ")
		}
	}
	if len(rest) > 0 {
		if ja != "" {
			ja += " "
		}
		ja += strings.Join(rest, " ")
	}
	return ja
}

// passesOn writes, from the position after moves from pos, the rest of a line that starts
// with a pass: each pass as ▲パス or △パス, the moves between in Japanese notation (同 not
// across a pass). It returns what it wrote and the tokens left from the first it could not
// read (an illegal move, or a pass that leaves a king in check).
func passesOn(pos *board.Position, moves []board.Move, rest []string) (string, []string) {
	cur := *pos
	for _, m := range moves {
		cur.Do(m)
	}
	var b strings.Builder
	for len(rest) > 0 && rest[0] == usiclient.PassToken {
		mark := "▲"
		if cur.SideToMove() == board.White {
			mark = "△"
		}
		if cur.InCheck() { // a side in check cannot pass: its king would be taken
			break
		}
		next := cur
		next.SetSideToMove(cur.SideToMove().Opp())
		b.WriteString(" " + mark + "パス")
		rest = rest[1:]
		var seg []board.Move
		p := next
		for len(rest) > 0 && rest[0] != usiclient.PassToken {
			m, err := p.ParseMove(rest[0])
			if err != nil {
				break
			}
			seg = append(seg, m)
			p.Do(m)
			rest = rest[1:]
		}
		if ja, _ := next.JapaneseLine(seg, board.NoSquare); ja != "" {
			b.WriteString(" " + ja)
		}
		cur = p
		if len(rest) > 0 && rest[0] != usiclient.PassToken {
			break
		}
	}
	return b.String(), rest
}

// formatRow writes one line of an engine.
func formatRow(pos *board.Position, l usiclient.Line, lastTo board.Square, msg *Messages) rowText {
	score, flag := formatScore(l.SenteScore, msg)
	t := rowText{Rank: strconv.Itoa(l.MultiPV), Score: score, Flag: flag, PV: formatPV(pos, l, lastTo),
		USI: strings.Join(l.PVText, " "), Root: pos, Legal: len(l.PV)}
	if l.Depth > 0 || l.SelDepth > 0 {
		t.Depth = formatDepth(l.Depth, l.SelDepth)
	}
	if l.Time > 0 {
		t.Time = formatElapsed(l.Time)
	}
	return t
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
	out := fmt.Sprintf("%s %s　%s %s　NPS %s　%s %s", msg.Depth, formatDepth(s.Depth, s.SelDepth),
		msg.Nodes, nodes, nps, msg.Hash, hash)
	if s.Time > 0 {
		out += "　" + panelTextFor(msg).Elapsed + " " + formatElapsed(s.Time)
	}
	return out
}

// formatEngine writes what one engine of a study shows. lastTo is where the move before
// the study's position went (board.NoSquare when unknown).
func formatEngine(v study.EngineView, lastTo board.Square, msg *Messages) engineText {
	e := PanelEngine{Name: v.Engine, State: EngineStopped, LastTo: lastTo, Notices: v.Notices}
	switch v.State {
	case study.Starting:
		e.State = EngineStarting
	case study.Thinking:
		e.State = EngineThinking
	}
	if v.OK && v.Root != nil {
		e.Root, e.Position, e.Lines, e.Stats, e.Message = v.Root, v.Position, v.Lines, v.Stats, v.Message
	}
	return FormatPanelEngine(e, msg)
}

// EngineState says what an engine in the panel does: EngineStarting, EngineThinking or
// EngineStopped.
type EngineState = engineState

// The states of an engine in the panel's header.
const (
	EngineStarting = stateStarting
	EngineThinking = stateThinking
	EngineStopped  = stateStopped
)

// PanelEngine is what any activity (a study, a game, an analysis) has of one engine, for
// FormatPanelEngine.
type PanelEngine struct {
	Name     string
	State    EngineState
	Root     *board.Position // the position the lines are for; nil: no lines yet
	Position string          // Root's SFEN (the panel shows lines only for the board's position)
	LastTo   board.Square    // where the move before Root went (for 同), board.NoSquare if unknown
	Lines    []usiclient.Line
	Stats    usiclient.Stats
	Message  string   // the search's last info string
	Notices  []string // what the engine complained of as it got ready (a file it could not read)
}

// FormatPanelEngine writes what the panel shows of one engine. It touches no widget: call it
// on the activity's polling goroutine and hand the result to EnginePanel.ShowEngines.
func FormatPanelEngine(e PanelEngine, msg *Messages) EngineText {
	et := engineText{Stats: formatStats(usiclient.Stats{}, msg)}
	var expects string
	if e.Root != nil {
		et.Stats = formatStats(e.Stats, msg)
		et.Position = e.Position
		if et.Position == "" {
			et.Position = e.Root.SFEN()
		}
		for _, l := range e.Lines {
			et.Rows = append(et.Rows, formatRow(e.Root, l, e.LastTo, msg))
		}
		expects = predicted(e.Root, e.Lines, e.LastTo)
		if cur := currentMove(e, msg); cur != "" {
			et.Stats += "　" + cur
		}
		if m := strings.TrimSpace(e.Message); m != "" {
			et.Message = panelTextFor(msg).InfoString + " " + m
		}
	}
	if len(e.Notices) > 0 {
		et.Notice = "⚠ " + panelTextFor(msg).EngineSaid + " " + strings.Join(e.Notices, "　／　")
	}
	et.Header = formatHeader(e.Name, e.State, expects, msg)
	return et
}

// currentMove is the move the engine searches now, as its currmove and currmovenumber say
// ("探索手 ▲７六歩 3"), while it thinks; "" when it says none, or the move is not legal in the
// position (a currmove of an older search).
func currentMove(e PanelEngine, msg *Messages) string {
	if e.State != EngineThinking || e.Stats.CurrMove == "" {
		return ""
	}
	m, err := e.Root.ParseMove(e.Stats.CurrMove)
	if err != nil {
		return ""
	}
	jp, n := e.Root.JapaneseLine([]board.Move{m}, e.LastTo)
	if n != 1 {
		return ""
	}
	s := panelTextFor(msg).CurrMove + " " + jp
	if e.Stats.CurrMoveNumber > 0 {
		s += " " + strconv.Itoa(e.Stats.CurrMoveNumber)
	}
	return s
}

// maxHistory is how many earlier iterations an engine's block keeps.
const maxHistory = 50

// EnginePanel is the window's engine panel (see the file's comment).
type EnginePanel struct {
	widget.BaseWidget

	// OnLine is called when the user taps an engine's line (or chooses 読み筋を盤面で見る):
	// the position it starts from, its legal moves and a label naming the engine, the rank and
	// the score ("Banmen 1: +40"). Nil: tapping does nothing.
	OnLine func(root *board.Position, pv []board.Move, label string)
	// OnMate is called when the user taps the mate search's mating line.
	OnMate func(root *board.Position, pv []board.Move, label string)

	msg  *Messages
	txt  *panelText
	copy func(what, text string) // puts text on the clipboard (the window's copyText)
	do   func(func())            // runs a function later on the Fyne goroutine (fyne.Do)

	names  []string
	lines  int
	idle   *textLine
	mate   *mateBlock
	box    *fyne.Container // the mate search, then the idle text or the engines
	scroll *container.Scroll
	blocks []*engineBlock

	cols          pvColumns // the rows' column widths, grown to the widest text shown
	heightChanges int       // rows whose wrapped height changed, counted
	inLayout      int       // the depth of the panel's layouts under way
	inShow        bool      // show is copying texts: the height is settled once, at its end
	needRelayout  bool
}

// engineBlock is one engine in the panel: header (with the 履歴 toggle), numbers, a row for
// each line, and when asked the lines of earlier iterations.
type engineBlock struct {
	name          string
	header, stats *textLine
	note          *textLine     // the engine's info string, hidden when it has none
	notice        *widget.Label // its complaints as it got ready, wrapped, hidden when none
	histToggle    *tabTitle
	showHist      bool
	rows          []*pvRow
	hist          []rowText // earlier iterations' best lines, newest first
	histRows      []*pvRow
	best          rowText // the best line shown last
	position      string  // the position best and hist are for
	box           *fyne.Container
}

// blockHead is how many of an engine block's objects come before its rows: the header (with
// 履歴), the numbers, the report of what went wrong as the engine got ready, and the info string.
const blockHead = 4

// mateBlock is the mate search's part of the panel: what it does and its answer.
type mateBlock struct {
	header *textLine
	action *tabTitle // キャンセル while searching, 閉じる after
	onAct  func()
	body   *pvRow
	box    *fyne.Container
}

// NewEnginePanel returns a panel that shows no engine.
func NewEnginePanel(msg *Messages) *EnginePanel {
	p := &EnginePanel{msg: msg, txt: panelTextFor(msg), do: fyne.Do}
	p.copy = func(_, text string) { fyne.CurrentApp().Clipboard().SetContent(text) }
	p.idle = newTextLine(msg.EngineIdle, true)
	p.box = container.New(vlist{p}, p.idle)
	p.scroll = container.NewVScroll(p.box)
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer is part of fyne.Widget.
func (p *EnginePanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.scroll)
}

// SetMessages switches the panel's language; the engines' texts follow at the next Show.
func (p *EnginePanel) SetMessages(msg *Messages) {
	if msg == p.msg {
		return
	}
	p.msg, p.txt = msg, panelTextFor(msg)
	p.idle.set(msg.EngineIdle)
	p.setEngines(p.names, p.lines)
	if p.mate != nil {
		p.mate.action.text.Text = p.txt.Dismiss
		p.mate.action.Refresh()
	}
}

// SetEngines lays the panel out for engines with the names, each with lines rows; no names
// shows the idle text. The mate search's part stays.
func (p *EnginePanel) SetEngines(names []string, lines int) { p.setEngines(names, lines) }

// ShowEngines copies the engines' texts into the panel; rows for another position than shownSFEN
// (the position on the board) are left out.
func (p *EnginePanel) ShowEngines(texts []EngineText, shownSFEN string) { p.show(texts, shownSFEN) }

// SetStates writes each engine's header with the state st and no expected move.
func (p *EnginePanel) SetStates(names []string, st EngineState) { p.setStates(names, st) }

// ClearRows empties every engine's rows.
func (p *EnginePanel) ClearRows() { p.clearRows() }

// setEngines lays the panel out for engines with the names, each with rows for lines
// lines; no names shows the panel's idle text.
func (p *EnginePanel) setEngines(names []string, lines int) {
	p.names, p.lines = names, lines
	p.blocks = nil
	for _, name := range names {
		b := &engineBlock{
			name:   name,
			header: newTextLine(formatHeader(name, stateStarting, "", p.msg), false),
			stats:  newTextLine(formatStats(usiclient.Stats{}, p.msg), true),
		}
		b.note = newTextLine("", false)
		b.note.Hide()
		b.notice = widget.NewLabel("")
		b.notice.Wrapping = fyne.TextWrapWord
		b.notice.Importance = widget.WarningImportance
		b.notice.Hide()
		b.histToggle = newTabTitle(p.txt.History, func() { p.toggleHistory(b) })
		b.box = container.New(vlist{p}, container.NewBorder(nil, nil, nil, b.histToggle, b.header), b.stats, b.notice, b.note)
		for range lines {
			r := p.newRow(b, false)
			b.rows = append(b.rows, r)
			b.box.Add(r)
		}
		p.blocks = append(p.blocks, b)
	}
	p.rebuild()
}

// rebuild puts the mate search, the idle text or the engine blocks into the panel.
func (p *EnginePanel) rebuild() {
	objs := []fyne.CanvasObject{}
	if p.mate != nil {
		objs = append(objs, p.mate.box, widget.NewSeparator())
	}
	if len(p.blocks) == 0 {
		objs = append(objs, p.idle)
	}
	for i, b := range p.blocks {
		if i > 0 {
			objs = append(objs, widget.NewSeparator())
		}
		objs = append(objs, b.box)
	}
	p.box.Objects = objs
	p.box.Refresh()
	p.scroll.Refresh()
}

// newRow makes a row of block b (nil: the mate search's); hist rows are dimmed.
func (p *EnginePanel) newRow(b *engineBlock, hist bool) *pvRow {
	r := newPVRow(p.msg.MateShort)
	r.cols = &p.cols
	r.dim = hist
	r.onHeight = p.heightChanged
	r.onWider = p.columnsGrew
	if b != nil {
		r.onTap = func(t rowText) { p.tapLine(b.name, t) }
		r.onMenu = func(t rowText, at fyne.Position) { p.showMenu(b.name, t, at) }
	}
	return r
}

// lineLabel names a line for OnLine: engine, rank and score.
func lineLabel(engine string, t rowText) string {
	s := engine
	if t.Rank != "" {
		s += " " + t.Rank
	}
	if sc := strings.TrimSpace(t.Score + " " + t.Flag); sc != "" {
		s += ": " + sc
	}
	return s
}

func (p *EnginePanel) tapLine(engine string, t rowText) {
	if p.OnLine == nil || t.Root == nil || t.Legal == 0 {
		return
	}
	p.OnLine(t.Root, t.moves(), lineLabel(engine, t))
}

// lineMenu is the menu of a line (right click): see it on a board, copy it in USI or in
// Japanese.
func (p *EnginePanel) lineMenu(engine string, t rowText) *fyne.Menu {
	show := fyne.NewMenuItem(p.txt.ShowLine, func() { p.tapLine(engine, t) })
	show.Disabled = p.OnLine == nil || t.Root == nil || t.Legal == 0
	return fyne.NewMenu("",
		show,
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(p.txt.CopyUSI, func() { p.copy(p.txt.LineUSI, t.USI) }),
		fyne.NewMenuItem(p.txt.CopyJapanese, func() { p.copy(p.txt.LineJapanese, t.PV) }),
	)
}

func (p *EnginePanel) showMenu(engine string, t rowText, at fyne.Position) {
	if t.PV == "" && t.USI == "" {
		return
	}
	c := fyne.CurrentApp().Driver().CanvasForObject(p)
	if c == nil {
		return
	}
	widget.ShowPopUpMenuAtPosition(p.lineMenu(engine, t), c, at)
}

// toggleHistory shows or hides the earlier iterations of block b.
func (p *EnginePanel) toggleHistory(b *engineBlock) {
	b.showHist = !b.showHist
	b.histToggle.setSelected(b.showHist)
	p.showHistory(b)
}

// showHistory puts the rows of b's history into its box, or takes them out.
func (p *EnginePanel) showHistory(b *engineBlock) {
	n := 0
	if b.showHist {
		n = len(b.hist)
	}
	for len(b.histRows) < n {
		b.histRows = append(b.histRows, p.newRow(b, true))
	}
	for i := range n {
		b.histRows[i].set(b.hist[i])
	}
	want := blockHead + len(b.rows) + n
	if len(b.box.Objects) == want {
		return
	}
	objs := b.box.Objects[:blockHead+len(b.rows)]
	for _, r := range b.histRows[:n] {
		objs = append(objs, r)
	}
	b.box.Objects = objs
	b.box.Refresh()
	p.heightChanged()
}

// depthOf reads the depth of a row ("12/20" → 12; 0 when none).
func depthOf(t rowText) int {
	d, _, _ := strings.Cut(t.Depth, "/")
	n, _ := strconv.Atoi(d)
	return n
}

// remember keeps b's best line of an earlier iteration when best (a row of position) is of
// a new one.
func (b *engineBlock) remember(position string, best rowText) bool {
	if position != b.position {
		changed := len(b.hist) > 0
		b.position, b.hist, b.best = position, nil, rowText{}
		if best.PV != "" {
			b.best = best
		}
		return changed
	}
	if best.PV == "" {
		return false
	}
	prev := b.best
	b.best = best
	if prev.PV == "" || depthOf(prev) == depthOf(best) || depthOf(prev) == 0 {
		return false
	}
	prev.Rank = ""
	b.hist = append([]rowText{prev}, b.hist[:min(len(b.hist), maxHistory-1)]...)
	return true
}

// show copies the texts of the engines into the panel. Rows for another position than
// shownSFEN (the position on the board) are left out: the panel never shows lines of a
// position the user has left.
func (p *EnginePanel) show(texts []engineText, shownSFEN string) {
	p.inShow = true
	for i, et := range texts {
		if i >= len(p.blocks) {
			break
		}
		b := p.blocks[i]
		b.header.set(et.Header)
		b.stats.set(et.Stats)
		rows, note := et.Rows, et.Message
		if et.Position != shownSFEN {
			rows, note = nil, ""
		} else {
			var best rowText
			if len(rows) > 0 {
				best = rows[0]
			}
			if b.remember(et.Position, best) && b.showHist {
				p.showHistory(b)
			}
		}
		b.note.set(note)
		if (note != "") != b.note.Visible() {
			b.note.Hidden = note == ""
			b.box.Refresh()
		}
		if et.Notice != b.notice.Text {
			b.notice.SetText(et.Notice)
			b.notice.Hidden = et.Notice == ""
			b.box.Refresh()
		}
		for j, r := range b.rows {
			if j < len(rows) {
				r.set(rows[j])
			} else {
				r.set(rowText{})
			}
		}
	}
	p.inShow = false
	p.settle()
}

// clearRows empties every engine's rows (the position changed while no engine thinks).
func (p *EnginePanel) clearRows() {
	p.inShow = true
	for _, b := range p.blocks {
		for _, r := range b.rows {
			r.set(rowText{})
		}
	}
	p.inShow = false
	p.settle()
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

// setMate shows the mate search's part: header, the line or message in body, and an
// action (キャンセル, 閉じる) that runs act.
func (p *EnginePanel) setMate(header string, body rowText, action string, act func()) {
	if p.mate == nil {
		m := &mateBlock{header: newTextLine("", false)}
		m.action = newTabTitle("", func() {
			if m.onAct != nil {
				m.onAct()
			}
		})
		m.body = p.newRow(nil, false)
		m.body.onTap = func(t rowText) {
			if p.OnMate != nil && t.Root != nil && t.Legal > 0 {
				p.OnMate(t.Root, t.moves(), m.header.full)
			}
		}
		m.box = container.New(vlist{p}, container.NewBorder(nil, nil, nil, m.action, m.header), m.body)
		p.mate = m
		p.rebuild()
	}
	m := p.mate
	m.header.set(header)
	m.action.text.Text = action
	m.action.Refresh()
	m.onAct = act
	m.body.set(body)
	p.settle()
}

// setMateHeader writes the mate search's header anew (its progress), if the panel shows one.
func (p *EnginePanel) setMateHeader(header string) {
	if p.mate != nil {
		p.mate.header.set(header)
	}
}

// hideMate takes the mate search's part away.
func (p *EnginePanel) hideMate() {
	if p.mate == nil {
		return
	}
	p.mate = nil
	p.rebuild()
}

// MateAnswer returns the mate search's mating line shown (root, moves), or ok false when
// the panel shows none.
func (p *EnginePanel) MateAnswer() (root *board.Position, pv []board.Move, ok bool) {
	if p.mate == nil || p.mate.body.t.Root == nil || p.mate.body.t.Legal == 0 {
		return nil, nil, false
	}
	return p.mate.body.t.Root, p.mate.body.t.moves(), true
}

// heightChanged is called by a row whose wrapped lines changed in number: the rows below it
// move. Inside the panel's own layout the layout does it; otherwise once, after show.
func (p *EnginePanel) heightChanged() {
	p.heightChanges++
	if p.inLayout > 0 {
		return
	}
	p.needRelayout = true
	if !p.inShow {
		p.settle()
	}
}

// columnsGrew lays every row out again when one showed a text wider than its column (a
// depth of 110/110, an hour's time): the columns stay aligned and none runs into the next.
func (p *EnginePanel) columnsGrew() {
	rows := []*pvRow{}
	if p.mate != nil {
		rows = append(rows, p.mate.body)
	}
	for _, b := range p.blocks {
		rows = append(rows, b.rows...)
		rows = append(rows, b.histRows...)
	}
	for _, r := range rows {
		if r.rr != nil && !r.Size().IsZero() {
			r.rr.Layout(r.Size())
		}
	}
	p.needRelayout = true
	if p.inLayout == 0 && !p.inShow {
		p.settle()
	}
}

// settle lays the panel out again when a row's height changed.
func (p *EnginePanel) settle() {
	if !p.needRelayout {
		return
	}
	p.needRelayout = false
	p.box.Refresh()
	p.scroll.Refresh()
}

// text returns everything the panel shows, a line for each header and row, for tests.
func (p *EnginePanel) text() string {
	var b strings.Builder
	if m := p.mate; m != nil {
		b.WriteString(m.header.full + "\n" + m.body.t.PV + "\n")
	}
	for _, bl := range p.blocks {
		b.WriteString(bl.header.full + "\n" + bl.stats.full + "\n")
		if bl.notice.Visible() {
			b.WriteString(bl.notice.Text + "\n")
		}
		if bl.note.Visible() {
			b.WriteString(bl.note.full + "\n")
		}
		for _, r := range bl.rows {
			if r.t.PV != "" || r.t.Score != "" {
				fmt.Fprintf(&b, "%s %s %s %s\n", r.t.Rank, r.t.Score, r.t.Flag, r.t.PV)
			}
		}
	}
	return b.String()
}

// vlist lays its objects out one under the other at their minimum heights, the full width.
// Rows wrap at the width they get, so that their heights change as they are laid out: then
// it lays them out again, and has the scroll take the new height.
type vlist struct{ p *EnginePanel }

func (l vlist) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		if o.Visible() {
			m := o.MinSize()
			s.Width = max(s.Width, m.Width)
			s.Height += m.Height
		}
	}
	return s
}

func (l vlist) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	p := l.p
	p.inLayout++
	start := p.heightChanges
	for range 3 {
		before := p.heightChanges
		var y float32
		for _, o := range objs {
			if !o.Visible() {
				continue
			}
			h := o.MinSize().Height
			o.Move(fyne.NewPos(0, y))
			o.Resize(fyne.NewSize(size.Width, h))
			y += h
		}
		if p.heightChanges == before {
			break
		}
	}
	p.inLayout--
	if p.inLayout == 0 && p.heightChanges != start {
		// the content's height changed under the scroll: it takes the new one later
		p.do(func() { p.scroll.Refresh() })
	}
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

// splitMoves cuts a line into the pieces it may wrap between: before each ▲ and △, after
// each space.
func splitMoves(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		switch {
		case (r == '▲' || r == '△') && i > start:
			out = append(out, s[start:i])
			start = i
		case r == ' ':
			out = append(out, s[start:i+len(" ")])
			start = i + len(" ")
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// wrapLine breaks s into lines no wider than width at size: at its newlines, between moves
// where it can, inside a piece only when the piece alone is wider than the line.
func wrapLine(s string, width, size float32) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		out = append(out, wrapPara(para, width, size)...)
	}
	return out
}

func wrapPara(s string, width, size float32) []string {
	measure := func(s string) float32 { return fyne.MeasureText(s, size, fyne.TextStyle{}).Width }
	if width <= 0 || measure(s) <= width {
		return []string{s}
	}
	var lines []string
	cur, curW := "", float32(0)
	for _, tok := range splitMoves(s) {
		if cur == "" {
			tok = strings.TrimLeft(tok, " ")
		}
		tw := measure(strings.TrimRight(tok, " ")) // a space may hang past the end
		if cur != "" && curW+tw > width {
			lines = append(lines, strings.TrimRight(cur, " "))
			cur, curW = "", 0
			tok = strings.TrimLeft(tok, " ")
		}
		for tw > width { // one piece wider than the line: break it where it must
			rs := []rune(tok)
			n := 1
			for n < len(rs) && measure(string(rs[:n+1])) <= width {
				n++
			}
			lines = append(lines, string(rs[:n]))
			tok = strings.TrimLeft(string(rs[n:]), " ")
			tw = measure(strings.TrimRight(tok, " "))
		}
		cur += tok
		curW += measure(tok)
	}
	if cur != "" || len(lines) == 0 {
		lines = append(lines, strings.TrimRight(cur, " "))
	}
	return lines
}

// textLine is one line of text cut with "…" at the panel's width. It is drawn a word at a
// time (words are separated by spaces, ASCII or ideographic), each word where it falls in
// the whole line: Fyne keeps the texture of every text it drew for a minute, and an engine's
// numbers (深さ 23/34　ノード 47M　NPS 687K…) change four times a second. Drawn whole, each
// change made a texture of the whole line (about 30 kB); drawn by words, only the numbers'
// textures are new, and the labels' are drawn again from the cache.
type textLine struct {
	widget.BaseWidget
	full  string
	dim   bool
	width float32

	shown string         // full as drawn: cut at the width
	words []*canvas.Text // the words of shown, and spare ones (hidden) for a longer text
	objs  []fyne.CanvasObject
}

func newTextLine(s string, dim bool) *textLine {
	l := &textLine{full: s, dim: dim}
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

// lineWords cuts s into its words: the runs of characters between spaces (ASCII and
// ideographic), each with its offset in bytes.
func lineWords(s string) (words []string, at []int) {
	start := -1
	for i, r := range s {
		space := r == ' ' || r == '　'
		switch {
		case space && start >= 0:
			words, at = append(words, s[start:i]), append(at, start)
			start = -1
		case !space && start < 0:
			start = i
		}
	}
	if start >= 0 {
		words, at = append(words, s[start:]), append(at, start)
	}
	return words, at
}

type textLineRenderer struct {
	l          *textLine
	size       float32     // the text size the words were placed for
	color      color.Color // …and their colour
	laidShown  string      // the text they were placed for
	laidHeight float32     // …and the height
}

func (r *textLineRenderer) Destroy() {}

func (r *textLineRenderer) Objects() []fyne.CanvasObject { return r.l.objs }

func (r *textLineRenderer) MinSize() fyne.Size {
	ts := theme.TextSize()
	return fyne.NewSize(4*ts, fyne.MeasureText("７六歩", ts, fyne.TextStyle{}).Height+theme.InnerPadding()/2)
}

func (r *textLineRenderer) Layout(size fyne.Size) {
	pad := theme.InnerPadding() / 2
	r.l.width = size.Width - 2*pad
	r.laidHeight = size.Height - pad
	r.laidShown = "\x00" // place the words again
	r.fit()
}

// fit cuts the text at the width and places its words.
func (r *textLineRenderer) fit() {
	l := r.l
	s := l.full
	if l.width > 0 {
		s = shorten(s, l.width, r.size)
	}
	l.shown = s
	if s == r.laidShown {
		return
	}
	r.laidShown = s
	pad := theme.InnerPadding() / 2
	words, at := lineWords(s)
	for len(l.words) < len(words) {
		l.words = append(l.words, canvas.NewText("", nil))
	}
	l.objs = l.objs[:0]
	for i, t := range l.words {
		if i >= len(words) {
			continue
		}
		t.Text, t.TextSize, t.Color = words[i], r.size, r.color
		x := fyne.MeasureText(s[:at[i]], r.size, fyne.TextStyle{}).Width
		t.Move(fyne.NewPos(pad+x, pad/2))
		t.Resize(fyne.NewSize(fyne.MeasureText(words[i], r.size, fyne.TextStyle{}).Width, r.laidHeight))
		t.Refresh()
		l.objs = append(l.objs, t)
	}
}

func (r *textLineRenderer) Refresh() {
	r.size = theme.TextSize()
	r.color = theme.Color(theme.ColorNameForeground)
	if r.l.dim {
		r.size = theme.TextSize() * 0.9
		r.color = theme.Color(theme.ColorNamePlaceHolder)
	}
	for _, t := range r.l.words { // a new theme: every word takes the new size and colour
		t.TextSize, t.Color = r.size, r.color
	}
	r.laidShown = "\x00"
	r.fit()
}

// pvRow is one line of an engine: rank, depth, time, score, flag, and the line wrapped at
// the row's width. A tap calls onTap, a right click onMenu.
type pvRow struct {
	widget.BaseWidget
	t        rowText
	mate     string // the mate mark, for the flag column's width
	dim      bool   // a line of an earlier iteration
	onTap    func(rowText)
	onMenu   func(rowText, fyne.Position)
	onHeight func() // the number of wrapped lines changed
	onWider  func() // a text was wider than its column: the columns grew
	cols     *pvColumns
	rr       *pvRowRenderer // the renderer, once made

	hovered                        bool
	bg                             *canvas.Rectangle // the hover's highlight
	rank, depth, time, score, flag *canvas.Text
	pv                             []*canvas.Text // one per wrapped line
	wrapped                        []string
	pvX, pvY, pvWidth              float32 // where the line's texts go
	objs                           []fyne.CanvasObject
}

var (
	_ fyne.Tappable          = (*pvRow)(nil)
	_ fyne.SecondaryTappable = (*pvRow)(nil)
	_ desktop.Hoverable      = (*pvRow)(nil)
	_ desktop.Cursorable     = (*pvRow)(nil)
)

func newPVRow(mate string) *pvRow {
	r := &pvRow{mate: mate, bg: canvas.NewRectangle(nil), cols: &pvColumns{}}
	r.bg.Hide()
	r.rank, r.depth, r.time = canvas.NewText("", nil), canvas.NewText("", nil), canvas.NewText("", nil)
	r.score, r.flag = canvas.NewText("", nil), canvas.NewText("", nil)
	r.rank.Alignment = fyne.TextAlignTrailing
	r.depth.Alignment = fyne.TextAlignTrailing
	r.time.Alignment = fyne.TextAlignTrailing
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

// Tapped is part of fyne.Tappable: the line is shown on a board (OnLine).
func (r *pvRow) Tapped(*fyne.PointEvent) {
	if r.onTap != nil {
		r.onTap(r.t)
	}
}

// TappedSecondary is part of fyne.SecondaryTappable: the line's menu.
func (r *pvRow) TappedSecondary(ev *fyne.PointEvent) {
	if r.onMenu != nil {
		r.onMenu(r.t, ev.AbsolutePosition)
	}
}

// playable reports whether the row holds a line a tap can show.
func (r *pvRow) playable() bool { return r.t.Root != nil && r.t.Legal > 0 }

// MouseIn is part of desktop.Hoverable: a line that can be tapped is highlighted.
func (r *pvRow) MouseIn(*desktop.MouseEvent) { r.hovered = true; r.Refresh() }

// MouseMoved is part of desktop.Hoverable.
func (r *pvRow) MouseMoved(*desktop.MouseEvent) {}

// MouseOut is part of desktop.Hoverable.
func (r *pvRow) MouseOut() { r.hovered = false; r.Refresh() }

// Cursor is part of desktop.Cursorable: a pointer over a line that can be tapped.
func (r *pvRow) Cursor() desktop.Cursor {
	if r.playable() {
		return desktop.PointerCursor
	}
	return desktop.DefaultCursor
}

// shown returns the texts of the line as shown, one per wrapped line, for tests.
func (r *pvRow) shown() []string { return r.wrapped }

func (r *pvRow) CreateRenderer() fyne.WidgetRenderer {
	rr := &pvRowRenderer{r: r}
	r.rr = rr
	rr.Refresh()
	return rr
}

type pvRowRenderer struct{ r *pvRow }

func (rr *pvRowRenderer) Destroy() {}

func (rr *pvRowRenderer) Objects() []fyne.CanvasObject { return rr.r.objs }

// rowGap is the space between two rows, wider than between the wrapped lines of one row so
// that a wrapped line reads as one.
func rowGap() float32 { return theme.InnerPadding() }

func lineHeight() float32 {
	return fyne.MeasureText("７六歩", theme.TextSize(), fyne.TextStyle{}).Height
}

func (rr *pvRowRenderer) MinSize() fyne.Size {
	ts := theme.TextSize()
	n := max(1, len(rr.r.wrapped))
	rankW, depthW, timeW, scoreW, flagW := rr.columns()
	pad := theme.InnerPadding() / 2
	return fyne.NewSize(rankW+depthW+timeW+scoreW+flagW+6*pad+6*ts, float32(n)*lineHeight()+rowGap())
}

// pvColumns are the widths the rows' texts have needed beyond columns' own, in text sizes,
// one for each column (rank, depth, time, score, flag): the rows of a panel share them.
type pvColumns struct{ em [5]float32 }

// columns returns the widths of the rank, depth, time, score and flag columns: wide enough
// for "10", "99/99", "9:59", "-99999" and "-- 詰" so that the lines do not move as the
// numbers change, and for the widest text the panel's rows have shown (a mate's depth of
// 110/110, an analysis of an hour: 1:02:03).
func (rr *pvRowRenderer) columns() (rankW, depthW, timeW, scoreW, flagW float32) {
	ts := theme.TextSize()
	m := func(s string) float32 { return fyne.MeasureText(s, ts, fyne.TextStyle{}).Width }
	em := rr.r.cols.em
	return max(m("10"), em[0]*ts), max(m("99/99"), em[1]*ts), max(m("9:59"), em[2]*ts),
		max(m("-99999"), em[3]*ts), max(m("-- "+rr.r.mate), em[4]*ts)
}

// grow widens the columns the row's texts do not fit in, and reports whether any grew.
func (rr *pvRowRenderer) grow() bool {
	r := rr.r
	ts := theme.TextSize()
	widths := [5]float32{}
	widths[0], widths[1], widths[2], widths[3], widths[4] = rr.columns()
	grew := false
	for i, t := range []*canvas.Text{r.rank, r.depth, r.time, r.score, r.flag} {
		if t.Text == "" {
			continue
		}
		// half a pixel of slack: em·ts need not give w back exactly, and a column that
		// seemed to grow at every refresh would lay the whole panel out each time
		if w := fyne.MeasureText(t.Text, t.TextSize, fyne.TextStyle{}).Width; w > widths[i]+0.5 {
			r.cols.em[i] = (w + 0.5) / ts
			grew = true
		}
	}
	return grew
}

func (rr *pvRowRenderer) Layout(size fyne.Size) {
	r := rr.r
	pad := theme.InnerPadding() / 2
	rankW, depthW, timeW, scoreW, flagW := rr.columns()
	y := rowGap() / 2
	lh := lineHeight()
	x := pad
	for _, c := range []struct {
		t *canvas.Text
		w float32
	}{{r.rank, rankW}, {r.depth, depthW}, {r.time, timeW}, {r.score, scoreW}, {r.flag, flagW}} {
		c.t.Move(fyne.NewPos(x, y))
		c.t.Resize(fyne.NewSize(c.w, lh))
		x += c.w + pad
	}
	r.pvX, r.pvY, r.pvWidth = x, y, max(0, size.Width-x-pad)
	r.bg.Resize(size)
	rr.fit()
}

// fit wraps the line at the row's width, and tells onHeight when the number of lines changed.
func (rr *pvRowRenderer) fit() {
	r := rr.r
	ts := theme.TextSize()
	var lines []string
	if r.t.PV != "" {
		lines = wrapLine(r.t.PV, r.pvWidth, ts)
	}
	before := len(r.wrapped)
	r.wrapped = lines
	for len(r.pv) < len(lines) {
		r.pv = append(r.pv, canvas.NewText("", nil))
	}
	fg := theme.Color(theme.ColorNameForeground)
	if r.dim {
		fg = theme.Color(theme.ColorNamePlaceHolder)
	}
	lh := lineHeight()
	for i, t := range r.pv {
		t.Move(fyne.NewPos(r.pvX, r.pvY+float32(i)*lh))
		t.Resize(fyne.NewSize(r.pvWidth, lh))
		s := ""
		if i < len(lines) {
			s = lines[i]
		}
		t.Hidden = i >= len(lines)
		if t.Text != s || t.TextSize != ts || t.Color != fg {
			t.Text, t.TextSize, t.Color = s, ts, fg
			t.Refresh()
		}
	}
	if len(r.objs) != 6+len(r.pv) {
		r.objs = append([]fyne.CanvasObject{r.bg, r.rank, r.depth, r.time, r.score, r.flag}, textObjects(r.pv)...)
	}
	if max(1, len(lines)) != max(1, before) && r.onHeight != nil {
		r.onHeight()
	}
}

func textObjects(ts []*canvas.Text) []fyne.CanvasObject {
	out := make([]fyne.CanvasObject, len(ts))
	for i, t := range ts {
		out[i] = t
	}
	return out
}

func (rr *pvRowRenderer) Refresh() {
	r := rr.r
	ts := theme.TextSize()
	fg := theme.Color(theme.ColorNameForeground)
	dimmed := theme.Color(theme.ColorNamePlaceHolder)
	r.rank.Text, r.depth.Text, r.time.Text = r.t.Rank, r.t.Depth, r.t.Time
	r.score.Text, r.flag.Text = r.t.Score, r.t.Flag
	for _, t := range []*canvas.Text{r.rank, r.depth, r.time, r.score, r.flag} {
		t.TextSize = ts
		t.Color = fg
		if r.dim {
			t.Color = dimmed
		}
	}
	r.rank.Color, r.depth.Color, r.time.Color = dimmed, dimmed, dimmed
	r.depth.TextSize, r.time.TextSize = ts*0.9, ts*0.9
	r.flag.Color = theme.Color(theme.ColorNamePrimary)
	r.bg.FillColor = theme.Color(theme.ColorNameHover)
	r.bg.Hidden = !r.hovered || !r.playable()
	r.bg.Refresh()
	if rr.grow() {
		if r.onWider != nil {
			r.onWider() // every row of the panel, this one too
		} else if !r.Size().IsZero() {
			rr.Layout(r.Size())
		}
	}
	rr.fit()
	for _, t := range []*canvas.Text{r.rank, r.depth, r.time, r.score, r.flag} {
		t.Refresh()
	}
}
