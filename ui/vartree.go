package ui

import (
	"image/color"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/kifu"
)

// The 分岐ツリー: an overview of the whole record as a graph, one dot per position, the moves
// from left to right (a column per ply), the main line on the top row and each variation on a
// row of its own below the line it leaves. A click on a dot goes there; the current position
// is the large dot; bookmarked positions (しおり) are marked ◆ with their names. It opens in a
// dialog from the record panel's ツリー button and 棋譜 → 分岐ツリー…, and follows the record
// while open; the arrow keys step through the record there as in the move list.
//
// Rows are given depth first, a move's main continuation before its alternatives, each
// alternative the next free row: everything between a branch's row and the row of the line it
// leaves starts at a later ply, so the connectors (down from the parent's column, then across)
// never cross a dot.

// treeCell is a dot's place: its column (the ply) and its row.
type treeCell struct{ col, row int }

// Geometry of the tree, in units of the theme's text size.
const (
	treeDX     = 1.5  // between columns
	treeDY     = 1.7  // between rows
	treeLeft   = 1.0  // margin before column 0
	treeTop    = 1.8  // room for the ply ruler above row 0
	treeRadius = 0.33 // a dot; the current one is twice as large
)

// layoutTree places every node of the record below root.
func layoutTree(root *kifu.Node) (cells map[*kifu.Node]treeCell, nodes []*kifu.Node, rows, cols int) {
	cells = map[*kifu.Node]treeCell{}
	rows = 1
	var place func(n *kifu.Node, row int)
	place = func(n *kifu.Node, row int) {
		for ; n != nil; n = n.Next() { // along the line, without recursing on it
			cells[n] = treeCell{n.Ply(), row}
			nodes = append(nodes, n)
			cols = max(cols, n.Ply()+1)
			if n.Next() == nil {
				return
			}
			alts := n.Children()[1:]
			if len(alts) == 0 {
				continue
			}
			// the alternatives to the next move, after the rest of this line and the
			// alternatives to its later moves (as KIF lists them)
			defer func(alts []*kifu.Node) {
				for _, a := range alts {
					r := rows
					rows++
					place(a, r)
				}
			}(alts)
		}
	}
	place(root, 0)
	return cells, nodes, rows, cols
}

// varTree draws the tree of a record view's session and goes where it is clicked.
type varTree struct {
	widget.BaseWidget
	v       *RecordView
	text    *recordText
	cells   map[*kifu.Node]treeCell
	byCell  map[treeCell]*kifu.Node
	nodes   []*kifu.Node
	rows    int
	cols    int
	hovered *kifu.Node
	info    *widget.Label // the current (or hovered) position, named
	scroll  *container.Scroll
	dlg     dialog.Dialog
}

func newVarTree(v *RecordView) *varTree {
	t := &varTree{v: v, text: recordTextFor(v.msg), info: widget.NewLabel("")}
	t.ExtendBaseWidget(t)
	t.relayout()
	return t
}

// ShowVariationTree opens the 分岐ツリー of the record in a dialog.
func (v *RecordView) ShowVariationTree() {
	win := windowOf(v)
	if win == nil {
		return
	}
	if v.tree != nil && v.tree.dlg != nil {
		v.tree.dlg.Hide()
	}
	t := newVarTree(v)
	text := recordTextFor(v.msg)
	hint := widget.NewLabel(text.TreeHint)
	hint.Importance = widget.LowImportance
	t.scroll = container.NewScroll(t)
	content := container.NewBorder(t.info, hint, nil, nil, t.scroll)
	t.dlg = newPlainCustom(text.TreeTitle, v.msg.Close, content, win) // no bold: plaindialog.go
	t.dlg.SetOnClosed(func() {
		if v.tree == t {
			v.tree = nil
		}
	})
	v.tree = t
	size := win.Canvas().Size()
	t.dlg.Resize(fyne.NewSize(size.Width*0.85, size.Height*0.75))
	t.dlg.Show()
	t.update()
	t.showCurrent()
	t.focus()
}

// updateTree redraws the open 分岐ツリー, if any.
func (v *RecordView) updateTree() {
	if v.tree != nil {
		v.tree.update()
	}
}

// update follows the record: placed again when its nodes changed, redrawn for the cursor.
func (t *varTree) update() {
	if t.changed() {
		t.relayout()
	}
	t.showInfo()
	t.Refresh()
	t.showCurrent()
}

// changed reports whether the record's nodes are no longer those placed.
func (t *varTree) changed() bool {
	n := 0
	same := true
	t.v.sess.Record().Root.Walk(func(x *kifu.Node) bool {
		if n >= len(t.nodes) || t.nodes[n] != x {
			same = false
			return false
		}
		n++
		return true
	})
	return !same || n != len(t.nodes)
}

func (t *varTree) relayout() {
	t.cells, t.nodes, t.rows, t.cols = layoutTree(t.v.sess.Record().Root)
	t.byCell = make(map[treeCell]*kifu.Node, len(t.cells))
	for n, c := range t.cells {
		t.byCell[c] = n
	}
}

// showInfo names the hovered position, else the current one.
func (t *varTree) showInfo() {
	n := t.hovered
	if n == nil {
		n = t.v.sess.Node()
	}
	s := t.v.nodeTitle(n)
	if n.Bookmark != "" {
		s += "  " + bookmarkMark + " " + n.Bookmark
	}
	if t.info.Text != s {
		t.info.SetText(s)
	}
}

// showCurrent scrolls the current position into view.
func (t *varTree) showCurrent() {
	if t.scroll == nil {
		return
	}
	c, ok := t.cells[t.v.sess.Node()]
	if !ok {
		return
	}
	p := t.at(c)
	view := t.scroll.Size()
	off := t.scroll.Offset
	ts := theme.TextSize()
	if p.X < off.X+ts || p.X > off.X+view.Width-ts {
		off.X = max(0, p.X-view.Width/2)
	}
	if p.Y < off.Y+ts || p.Y > off.Y+view.Height-ts {
		off.Y = max(0, p.Y-view.Height/2)
	}
	if off != t.scroll.Offset {
		t.scroll.ScrollToOffset(off)
	}
}

// at is the centre of cell c's dot.
func (t *varTree) at(c treeCell) fyne.Position {
	ts := theme.TextSize()
	return fyne.NewPos(ts*(treeLeft+treeDX*float32(c.col)), ts*(treeTop+treeDY*float32(c.row)))
}

// nodeAt returns the node whose dot is nearest p, if p is near enough to one.
func (t *varTree) nodeAt(p fyne.Position) *kifu.Node {
	ts := theme.TextSize()
	col := int(math.Round(float64((p.X/ts - treeLeft) / treeDX)))
	row := int(math.Round(float64((p.Y/ts - treeTop) / treeDY)))
	n := t.byCell[treeCell{col, row}]
	if n == nil {
		return nil
	}
	c := t.at(treeCell{col, row})
	if dx, dy := c.X-p.X, c.Y-p.Y; dx*dx+dy*dy > ts*ts*0.6*0.6 {
		return nil
	}
	return n
}

// Tapped is part of fyne.Tappable: a click on a dot goes to its position.
func (t *varTree) Tapped(ev *fyne.PointEvent) {
	t.focus()
	if n := t.nodeAt(ev.Position); n != nil {
		t.v.sess.Select(n)
	}
}

// focus takes the keys, so that the arrows step through the record while the tree is open.
func (t *varTree) focus() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(t); c != nil {
		c.Focus(t)
	}
}

// FocusGained is part of fyne.Focusable.
func (t *varTree) FocusGained() {}

// FocusLost is part of fyne.Focusable.
func (t *varTree) FocusLost() {}

// TypedRune is part of fyne.Focusable.
func (t *varTree) TypedRune(rune) {}

// TypedKey is part of fyne.Focusable: the keys of the move list (← → Home End …).
func (t *varTree) TypedKey(ev *fyne.KeyEvent) {
	if nav := t.v.list.navKey; nav != nil {
		nav(ev)
	}
}

// MouseIn is part of desktop.Hoverable.
func (t *varTree) MouseIn(ev *desktop.MouseEvent) { t.MouseMoved(ev) }

// MouseMoved is part of desktop.Hoverable: the position under the pointer is named above.
func (t *varTree) MouseMoved(ev *desktop.MouseEvent) {
	if n := t.nodeAt(ev.Position); n != t.hovered {
		t.hovered = n
		t.showInfo()
	}
}

// MouseOut is part of desktop.Hoverable.
func (t *varTree) MouseOut() {
	t.hovered = nil
	t.showInfo()
}

// Cursor is part of desktop.Cursorable.
func (t *varTree) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CreateRenderer is part of fyne.Widget.
func (t *varTree) CreateRenderer() fyne.WidgetRenderer {
	r := &varTreeRenderer{t: t}
	r.Refresh()
	return r
}

type varTreeRenderer struct {
	t       *varTree
	objects []fyne.CanvasObject
}

func (r *varTreeRenderer) Destroy() {}

func (r *varTreeRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *varTreeRenderer) Layout(fyne.Size) {}

func (r *varTreeRenderer) MinSize() fyne.Size {
	t := r.t
	ts := theme.TextSize()
	far := t.at(treeCell{t.cols - 1, t.rows - 1})
	return fyne.NewSize(far.X+ts*(treeLeft+8), far.Y+ts*treeDY)
}

// Refresh draws the tree again: the ply ruler, the connectors, the dots, the names of the
// bookmarks and of the variations' first moves.
func (r *varTreeRenderer) Refresh() {
	t := r.t
	ts := theme.TextSize()
	fg := theme.Color(theme.ColorNameForeground)
	dim := theme.Color(theme.ColorNamePlaceHolder)
	primary := theme.Color(theme.ColorNamePrimary)
	mark := theme.Color(theme.ColorNameWarning)
	objs := r.objects[:0]
	for col := 0; col < t.cols; col += 10 {
		p := t.at(treeCell{col, 0})
		l := canvas.NewText(strconv.Itoa(col), dim)
		l.TextSize = ts * 0.75
		l.Move(fyne.NewPos(p.X-ts*0.3, p.Y-ts*1.6))
		objs = append(objs, l)
	}
	line := func(a, b fyne.Position, c color.Color) {
		l := canvas.NewLine(c)
		l.StrokeWidth = 1.5
		l.Position1, l.Position2 = a, b
		objs = append(objs, l)
	}
	for _, n := range t.nodes {
		if n.IsRoot() {
			continue
		}
		a, b := t.at(t.cells[n.Parent()]), t.at(t.cells[n])
		c := fg
		if !n.IsMainLine() {
			c = dim
		}
		if a.Y != b.Y {
			line(a, fyne.NewPos(a.X, b.Y), c)
			a = fyne.NewPos(a.X, b.Y)
		}
		line(a, b, c)
	}
	cur := t.v.sess.Node()
	// the names go over the connectors, on a patch of the background so that a line
	// crossing one doesn't strike it through, and under the dots, which stay whole
	bg := theme.Color(theme.ColorNameOverlayBackground)
	for _, n := range t.nodes {
		label := ""
		var lc color.Color = dim
		if n.Bookmark != "" {
			label, lc = bookmarkMark+" "+n.Bookmark, mark
		} else if !n.IsMainLine() && n.Index() > 0 {
			label = t.v.nodeTitle(n)
		}
		if label == "" {
			continue
		}
		p := t.at(t.cells[n])
		l := canvas.NewText(label, lc)
		l.TextSize = ts * 0.75
		pos := fyne.NewPos(p.X+ts*0.4, p.Y+ts*0.25)
		l.Move(pos)
		patch := canvas.NewRectangle(bg)
		patch.Move(pos)
		patch.Resize(l.MinSize())
		objs = append(objs, patch, l)
	}
	onLine := map[*kifu.Node]bool{}
	for _, n := range t.v.sess.Cursor().Line() {
		onLine[n] = true
	}
	for _, n := range t.nodes {
		p := t.at(t.cells[n])
		rad := ts * treeRadius
		c := dim
		switch {
		case n == cur:
			rad *= 2
			c = primary
		case onLine[n]:
			c = fg
		}
		if n.IsSpecial() {
			rad *= 0.7
		}
		dot := canvas.NewCircle(c)
		dot.Move(fyne.NewPos(p.X-rad, p.Y-rad))
		dot.Resize(fyne.NewSize(rad*2, rad*2))
		objs = append(objs, dot)
	}
	r.objects = objs
	canvas.Refresh(t)
}
