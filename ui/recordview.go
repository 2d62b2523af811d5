package ui

import (
	"fmt"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/kifu"
	"banmen/ui/session"
)

// RecordView shows the record of a session: the moves of the current line in Japanese
// notation with their numbers and times, moves that have alternatives marked with "+", the
// current move selected; buttons to step through it; the alternatives of the current move
// with buttons to choose one, promote it or delete it; and the comment of the current move,
// editable. Clicking a move goes there. It sends everything to the session and redraws when
// told through Update.
type RecordView struct {
	widget.BaseWidget

	sess *session.Session
	msg  *Messages
	// AskIrreversible asks before DeleteFromHere deletes more than one move (title, text,
	// the action's button, what it does); nil: it deletes without asking.
	AskIrreversible func(title, text, action string, do func())

	list     *moveList
	line     []*kifu.Node
	texts    map[*kifu.Node]string
	selected int // the row shown selected

	variations *widget.RadioGroup
	varBox     *fyne.Container // nil until a move with variations is shown
	varHolder  *fyne.Container
	varNodes   []*kifu.Node
	comment    *widget.Entry
	commentFor *kifu.Node
	thinks     *thinkLinks  // the 読み筋 in the comment, as links to the PV preview (commentpv.go)
	marks      *bookmarkBar // しおり and the way to the 分岐ツリー (bookmarks.go)
	tree       *varTree     // the 分岐ツリー while it is open (vartree.go)

	first, prev, next, last *iconButton
	content                 fyne.CanvasObject
	updating                bool
	western                 bool // moves in Western notation (P-7f), not Japanese (７六歩)
}

// NewRecordView returns a view of sess's record. navKey receives the keys typed while the
// move list has the focus (arrows and the like step through the record); it reports whether
// it used the key.
func NewRecordView(sess *session.Session, msg *Messages, navKey func(*fyne.KeyEvent) bool) *RecordView {
	v := &RecordView{sess: sess, msg: msg, texts: map[*kifu.Node]string{}, selected: -1}
	v.list = newMoveList(v, navKey)
	v.list.OnSelected = func(id widget.ListItemID) {
		if !v.updating {
			v.sess.GoTo(id)
		}
	}
	v.first = newIconButton(theme.MediaSkipPreviousIcon(), func() { v.sess.First() })
	v.prev = newIconButton(theme.NavigateBackIcon(), func() { v.sess.Back() })
	v.next = newIconButton(theme.NavigateNextIcon(), func() { v.sess.Forward() })
	v.last = newIconButton(theme.MediaSkipNextIcon(), func() { v.sess.Last() })
	nav := container.NewGridWithColumns(4, v.first, v.prev, v.next, v.last)

	// The box of variations is made when a move with variations is first shown: its buttons
	// write their labels in bold, which costs Fyne a second parse of the font (see heading).
	v.varHolder = container.NewStack()

	v.comment = widget.NewMultiLineEntry()
	v.comment.Wrapping = fyne.TextWrapWord
	v.comment.SetPlaceHolder(msg.Comment)
	v.comment.OnChanged = func(s string) {
		if !v.updating && v.commentFor == v.sess.Node() {
			v.sess.SetComment(s)
		}
	}
	commentTitle := heading(msg.Comment)

	v.thinks = newThinkLinks(msg)
	v.marks = newBookmarkBar(v)
	lower := container.NewBorder(container.NewVBox(v.varHolder, v.marks.box, commentTitle), nil, nil, nil, v.thinks.wrap(v.comment))
	split := container.NewVSplit(v.list, lower)
	split.Offset = 0.62
	v.content = container.NewBorder(nil, nav, nil, nil, split)
	v.ExtendBaseWidget(v)
	v.Update(session.ChangedRecord | session.ChangedCursor | session.ChangedTree | session.ChangedComment)
	return v
}

// SetWestern writes the moves in Western notation (▲P-7f) when on, else in Japanese (▲７六歩).
func (v *RecordView) SetWestern(on bool) {
	if on == v.western {
		return
	}
	v.western = on
	v.varNodes = nil // their labels are written again
	v.Update(session.ChangedRecord | session.ChangedCursor | session.ChangedTree)
}

// CreateRenderer is part of fyne.Widget.
func (v *RecordView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(v.content)
}

// Update redraws what changed in the session.
func (v *RecordView) Update(c session.Change) {
	v.updating = true
	defer func() { v.updating = false }()
	if c&session.ChangedRecord != 0 {
		clear(v.texts)
		v.line = v.line[:0]
	}
	if c&(session.ChangedRecord|session.ChangedTree|session.ChangedCursor) != 0 {
		lineChanged := v.syncLine()
		if lineChanged || c&(session.ChangedTree|session.ChangedRecord) != 0 {
			v.list.Refresh()
		}
		ply := v.sess.Ply()
		if ply != v.selected {
			v.selected = ply
			v.list.Select(ply)
		}
		v.list.row = ply
		if c&session.ChangedRecord != 0 || ply == 0 {
			// Select scrolls only when the row changes: a new record, or the start reached
			// again, is shown from its first row however the list was scrolled before.
			v.list.show(ply)
		}
		v.updateVariations()
		v.updateButtons()
		v.marks.update(c)
		v.updateTree()
	}
	if c&(session.ChangedComment|session.ChangedCursor|session.ChangedRecord) != 0 {
		n := v.sess.Node()
		if c&session.ChangedComment != 0 && v.list.ready {
			v.list.RefreshItem(v.sess.Ply()) // its 悪手/疑問手 mark may have changed
		}
		v.thinks.update(v.sess.Record(), n)
		if v.commentFor != n || v.comment.Text != n.Comment {
			v.commentFor = n
			if v.comment.Text != n.Comment {
				v.comment.SetText(n.Comment)
			}
		}
	}
}

// syncLine takes the session's current line and writes the text of its new moves; it reports
// whether the line changed.
func (v *RecordView) syncLine() bool {
	line := v.sess.Cursor().Line()
	if len(line) == len(v.line) {
		same := true
		for i := range line {
			if line[i] != v.line[i] {
				same = false
				break
			}
		}
		if same {
			return false
		}
	}
	v.line = append(v.line[:0], line...)
	pos := v.sess.Record().Start.Clone()
	lastTo := board.NoSquare
	for _, n := range line[1:] {
		if _, ok := v.texts[n]; !ok {
			v.texts[n] = moveText(pos, n, lastTo, v.western)
		}
		if n.Move != board.NoMove {
			pos.Do(n.Move)
			lastTo = n.Move.To()
		}
	}
	return true
}

// makeVariationBox makes the box of a move's alternatives and its buttons.
func (v *RecordView) makeVariationBox() {
	msg := v.msg
	v.variations = widget.NewRadioGroup(nil, func(s string) {
		if v.updating || s == "" {
			return
		}
		for i, o := range v.variations.Options {
			if o == s {
				v.sess.SelectVariation(i)
			}
		}
		// A tapped radio button takes the focus, and then ← → went to it and no longer
		// through the record: give the keys back to the window.
		if c := fyne.CurrentApp().Driver().CanvasForObject(v); c != nil {
			c.Unfocus()
		}
	})
	v.variations.Required = true
	// Short labels, so that the panel keeps its width when the box appears; the menus say more.
	mainLine := widget.NewButtonWithIcon(msg.VarMain, theme.ConfirmIcon(), func() { v.sess.MakeMainLine() })
	up := widget.NewButtonWithIcon(msg.VarUp, theme.MoveUpIcon(), func() { v.sess.PromoteVariation() })
	del := widget.NewButtonWithIcon(msg.VarDelete, theme.DeleteIcon(), v.DeleteFromHere)
	v.varBox = container.NewVBox(heading(msg.Variations), v.variations, container.NewHBox(mainLine, up, del))
	v.varHolder.Objects = []fyne.CanvasObject{v.varBox}
	v.varHolder.Refresh()
}

func (v *RecordView) updateVariations() {
	n := v.sess.Node()
	if !session.HasVariations(n) {
		if v.varBox != nil {
			v.varBox.Hide()
		}
		v.varNodes = nil
		return
	}
	if v.varBox == nil {
		v.makeVariationBox()
	}
	sib := n.Siblings()
	if len(sib) != len(v.varNodes) || !sameNodes(sib, v.varNodes) {
		v.varNodes = append(v.varNodes[:0], sib...)
		opts := make([]string, len(sib))
		pos := v.sess.Record().Position(n.Parent())
		lastTo := board.NoSquare
		if p := n.Parent(); p.Move != board.NoMove {
			lastTo = p.Move.To()
		}
		for i, s := range sib {
			opts[i] = fmt.Sprintf("%d. %s", i+1, moveText(pos, s, lastTo, v.western))
		}
		v.variations.Options = opts
	}
	v.variations.Selected = v.variations.Options[n.Index()]
	v.variations.Refresh()
	v.varBox.Show()
}

func sameNodes(a, b []*kifu.Node) bool {
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func (v *RecordView) updateButtons() {
	atStart := v.sess.Ply() == 0
	atEnd := v.sess.Ply() == len(v.line)-1
	setEnabled(v.first, !atStart)
	setEnabled(v.prev, !atStart)
	setEnabled(v.next, !atEnd)
	setEnabled(v.last, !atEnd)
}

func setEnabled(w fyne.Disableable, on bool) {
	if on == w.Disabled() {
		if on {
			w.Enable()
		} else {
			w.Disable()
		}
	}
}

// rowText returns the texts of row id: the ply, the move, the mark of alternatives, the time.
func (v *RecordView) rowText(id int) (ply, move, mark, tm string) {
	if id == 0 {
		return "", v.msg.Start, rowMark(v.sess.Record().Root), ""
	}
	if id >= len(v.line) {
		return "", "", "", ""
	}
	n := v.line[id]
	return strconv.Itoa(id), v.texts[n], rowMark(n), timeText(n)
}

// rowLabel is the 悪手/疑問手 label that 棋譜解析 put first in row id's comment, or "".
func (v *RecordView) rowLabel(id int) string {
	if id <= 0 || id >= len(v.line) {
		return ""
	}
	return moveLabel(v.line[id].Comment)
}

// showMoveMenu goes to the move of row id and shows its menu at at (a right click on it):
// what the 棋譜 and 編集 menus do to the current move, at hand.
func (v *RecordView) showMoveMenu(id int, at fyne.Position) {
	c := fyne.CurrentApp().Driver().CanvasForObject(v)
	if c == nil || id < 0 || id >= len(v.line) {
		return
	}
	v.sess.GoTo(id)
	widget.ShowPopUpMenuAtPosition(v.moveMenu(), c, at)
}

// DeleteFromHere deletes the current move and what follows it, the variations below it too,
// after asking (AskIrreversible) when that is more than one move: a stray click of the menu
// item or the variation box's 削除 at the start of a 150-move game deleted all of it, with no
// way back.
func (v *RecordView) DeleteFromHere() {
	n := v.sess.Node()
	moves := movesFrom(n)
	if moves <= 1 || v.AskIrreversible == nil {
		v.sess.DeleteFromHere()
		return
	}
	t := recordTextFor(v.msg)
	v.AskIrreversible(v.msg.DeleteFromHere, fmt.Sprintf(t.DeleteAskF, v.nodeTitle(n), moves), t.Delete, func() {
		if v.sess.Node() == n { // not moved on meanwhile (a game's move)
			v.sess.DeleteFromHere()
		}
	})
}

// movesFrom counts the moves DeleteFromHere at n deletes: n's (not the start's, nor a
// special's) and every move below it.
func movesFrom(n *kifu.Node) int {
	count := 0
	n.Walk(func(x *kifu.Node) bool {
		if !x.IsRoot() && !x.IsSpecial() {
			count++
		}
		return true
	})
	return count
}

// moveMenu is the menu of the current move: make its line the main line, move it up among
// the variations, delete it and what follows, set a しおり, show the 分岐ツリー.
func (v *RecordView) moveMenu() *fyne.Menu {
	m := v.msg
	rt := recordTextFor(m)
	items := []*fyne.MenuItem{
		fyne.NewMenuItem(m.MakeMainLine, func() { v.sess.MakeMainLine() }),
		fyne.NewMenuItem(m.MoveVariationUp, func() { v.sess.PromoteVariation() }),
		fyne.NewMenuItem(m.DeleteFromHere, v.DeleteFromHere),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(rt.BookmarkSet, func() { v.marks.askName() }),
		fyne.NewMenuItem(rt.TreeMenu, func() { v.ShowVariationTree() }),
	}
	n, line := v.sess.Node(), v.sess.Cursor().Line()
	items[0].Disabled = line[len(line)-1].IsMainLine()       // already the main line
	items[1].Disabled = n.Index() == 0                       // first of its alternatives, or the start
	items[2].Disabled = n.IsRoot() && len(n.Children()) == 0 // nothing to delete
	return fyne.NewMenu("", items...)
}

// moveList is the list of moves: a widget.List whose arrow keys step through the record
// instead of moving the list's own highlight.
type moveList struct {
	widget.List
	navKey func(*fyne.KeyEvent) bool
	row    int  // the row of the current move
	ready  bool // the list has its renderer (and its scroller)
}

// CreateRenderer is part of fyne.Widget.
func (l *moveList) CreateRenderer() fyne.WidgetRenderer {
	r := l.List.CreateRenderer()
	l.ready = true
	return r
}

// Resize is part of fyne.CanvasObject: the current move stays in view. (Before its first
// layout the list has no height, and a row selected then was scrolled past by one row: the
// start position's row was hidden at ply 0.)
func (l *moveList) Resize(s fyne.Size) {
	l.List.Resize(s)
	l.show(l.row)
}

// show scrolls row into view; row 0 (the start position) to the very top.
func (l *moveList) show(row int) {
	if !l.ready || l.Size().Height <= 0 {
		return
	}
	if row == 0 {
		l.ScrollToTop()
		return
	}
	l.ScrollTo(row)
}

func newMoveList(v *RecordView, navKey func(*fyne.KeyEvent) bool) *moveList {
	l := &moveList{navKey: navKey}
	l.Length = func() int { return len(v.line) }
	l.CreateItem = func() fyne.CanvasObject {
		r := newMoveRow()
		r.onMenu = v.showMoveMenu
		return r
	}
	l.UpdateItem = func(id widget.ListItemID, o fyne.CanvasObject) {
		o.(*moveRow).id = id
		o.(*moveRow).set(v.rowText(id))
		o.(*moveRow).setLabel(v.rowLabel(id))
	}
	l.ExtendBaseWidget(l)
	return l
}

// TypedKey is part of fyne.Focusable.
func (l *moveList) TypedKey(ev *fyne.KeyEvent) {
	if l.navKey != nil && l.navKey(ev) {
		return
	}
	l.List.TypedKey(ev)
}

// moveRow is one row of the move list, drawn with plain texts so that a step through a long
// record redraws quickly.
type moveRow struct {
	widget.BaseWidget
	ply, move, mark, time *canvas.Text
	label                 *canvas.Text // 悪 or 疑, coloured
	id                    int          // the row shown
	onMenu                func(id int, at fyne.Position)
}

var _ fyne.SecondaryTappable = (*moveRow)(nil)

// TappedSecondary is part of fyne.SecondaryTappable: the move's menu (a right click).
func (r *moveRow) TappedSecondary(ev *fyne.PointEvent) {
	if r.onMenu != nil {
		r.onMenu(r.id, ev.AbsolutePosition)
	}
}

func newMoveRow() *moveRow {
	r := &moveRow{
		ply:   canvas.NewText("", nil),
		move:  canvas.NewText("", nil),
		mark:  canvas.NewText("", nil),
		time:  canvas.NewText("", nil),
		label: canvas.NewText("", nil),
	}
	r.ply.Alignment = fyne.TextAlignTrailing
	r.time.Alignment = fyne.TextAlignTrailing
	r.ExtendBaseWidget(r)
	return r
}

// setLabel shows the mark of a 悪手 or 疑問手 label ("" for none).
func (r *moveRow) setLabel(label string) {
	if mark := labelMarks[label]; r.label.Text != mark {
		r.label.Text = mark
		r.Refresh()
	}
}

func (r *moveRow) set(ply, move, mark, tm string) {
	if r.ply.Text == ply && r.move.Text == move && r.mark.Text == mark && r.time.Text == tm {
		return
	}
	r.ply.Text, r.move.Text, r.mark.Text, r.time.Text = ply, move, mark, tm
	r.Refresh()
}

func (r *moveRow) CreateRenderer() fyne.WidgetRenderer {
	rr := &moveRowRenderer{r: r}
	rr.Refresh() // colours before the first paint
	return rr
}

type moveRowRenderer struct{ r *moveRow }

func (rr *moveRowRenderer) Destroy() {}

func (rr *moveRowRenderer) Objects() []fyne.CanvasObject {
	r := rr.r
	return []fyne.CanvasObject{r.ply, r.move, r.mark, r.label, r.time}
}

func (rr *moveRowRenderer) MinSize() fyne.Size {
	ts := theme.TextSize()
	h := fyne.MeasureText("７六歩", ts, fyne.TextStyle{}).Height + theme.InnerPadding()
	return fyne.NewSize(14*ts, h)
}

func (rr *moveRowRenderer) Layout(size fyne.Size) {
	r := rr.r
	ts := theme.TextSize()
	pad := theme.InnerPadding() / 2
	numW := 2.4 * ts
	moveW := 6.5 * ts
	markW := 1.6 * ts // ◆ and +
	r.ply.Move(fyne.NewPos(0, 0))
	r.ply.Resize(fyne.NewSize(numW, size.Height))
	r.move.Move(fyne.NewPos(numW+pad*2, 0))
	r.move.Resize(fyne.NewSize(moveW, size.Height))
	r.mark.Move(fyne.NewPos(numW+pad*2+moveW, 0))
	r.mark.Resize(fyne.NewSize(markW, size.Height))
	r.label.Move(fyne.NewPos(numW+pad*2+moveW+markW, 0))
	r.label.Resize(fyne.NewSize(1.2*ts, size.Height))
	tx := numW + pad*2 + moveW + markW
	r.time.Move(fyne.NewPos(tx, 0))
	r.time.Resize(fyne.NewSize(max(0, size.Width-tx-pad), size.Height))
}

func (rr *moveRowRenderer) Refresh() {
	r := rr.r
	ts := theme.TextSize()
	fg := theme.Color(theme.ColorNameForeground)
	for _, t := range []*canvas.Text{r.ply, r.move, r.mark, r.time} {
		t.TextSize = ts
		t.Color = fg
	}
	r.ply.Color = theme.Color(theme.ColorNamePlaceHolder)
	r.time.Color = theme.Color(theme.ColorNamePlaceHolder)
	r.time.TextSize = ts * 0.85
	r.mark.Color = theme.Color(theme.ColorNamePrimary)
	r.label.TextSize = ts
	r.label.Color = labelColor(r.label.Text)
	r.label.Refresh()
	for _, t := range []*canvas.Text{r.ply, r.move, r.mark, r.time} {
		t.Refresh()
	}
}
