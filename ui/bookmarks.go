package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/kifu"
	"banmen/ui/session"
)

// bookmarkBar is the record panel's row of しおり (KIF "&" bookmarks) and the way to the
// 分岐ツリー: a list of the record's bookmarks that goes to the one chosen, a button that
// names (or renames) the current position's bookmark, one that removes it, and one that
// opens the variation tree. The move list marks bookmarked moves with ◆.
type bookmarkBar struct {
	v     *RecordView
	text  *recordText
	pick  *widget.Select
	nodes []*kifu.Node // the bookmarks pick lists, in its order
	set   *iconButton  // not widget.Buttons: see iconButton
	del   *iconButton
	tree  *iconButton
	box   *fyne.Container

	// the open naming dialog and its entry, for tests; nil when none is open
	dlg   *dialog.FormDialog
	entry *dialogEntry
}

func newBookmarkBar(v *RecordView) *bookmarkBar {
	b := &bookmarkBar{v: v, text: recordTextFor(v.msg)}
	b.pick = widget.NewSelect(nil, func(s string) {
		if v.updating || s == "" {
			return
		}
		for i, o := range b.pick.Options {
			if o == s && i < len(b.nodes) {
				v.sess.Select(b.nodes[i])
			}
		}
		b.pick.ClearSelected()
		unfocus(v)
	})
	b.pick.PlaceHolder = b.text.BookmarkChoose
	b.set = newLabelledIconButton(theme.DocumentCreateIcon(), b.text.BookmarkSet, b.askName)
	b.del = newIconButton(theme.ContentRemoveIcon(), func() { v.sess.SetBookmark(v.sess.Node(), "") })
	b.tree = newLabelledIconButton(theme.ListIcon(), b.text.Tree, v.ShowVariationTree)
	b.box = container.NewBorder(nil, nil, nil, container.NewHBox(b.set, b.del, b.tree), b.pick)
	b.update(session.ChangedRecord)
	return b
}

// update shows the record's bookmarks (listed again only when the record or its tree
// changed: a step through the record costs no walk of the tree) and whether the current
// position has one.
func (b *bookmarkBar) update(c session.Change) {
	sess := b.v.sess
	setEnabled(b.del, sess.Node().Bookmark != "")
	if c&(session.ChangedRecord|session.ChangedTree) == 0 {
		return
	}
	b.nodes = sess.Bookmarks()
	opts := make([]string, len(b.nodes))
	for i, n := range b.nodes {
		opts[i] = fmt.Sprintf("◆ %s — %s", n.Bookmark, b.v.nodeTitle(n))
	}
	b.pick.Options = opts
	if len(opts) == 0 {
		b.pick.PlaceHolder = b.text.NoBookmarks
		b.pick.Disable()
	} else {
		b.pick.PlaceHolder = b.text.BookmarkChoose
		b.pick.Enable()
	}
	b.pick.Refresh()
}

// askName asks for the name of the current position's bookmark; an empty name removes it.
func (b *bookmarkBar) askName() {
	win := windowOf(b.v)
	if win == nil {
		return
	}
	n := b.v.sess.Node()
	b.entry = newDialogEntry()
	b.entry.SetText(n.Bookmark)
	b.entry.SetPlaceHolder(b.text.BookmarkHint)
	item := widget.NewFormItem(b.text.BookmarkName, b.entry)
	item.HintText = b.text.BookmarkHint
	b.dlg = dialog.NewForm(b.text.BookmarkTitle, b.text.OK, b.text.Cancel, []*widget.FormItem{item}, func(ok bool) {
		if ok {
			b.v.sess.SetBookmark(n, b.entry.Text)
		}
		b.dlg, b.entry = nil, nil
	}, win)
	b.entry.OnSubmitted = func(string) { b.dlg.Submit() }
	b.dlg.Resize(fyne.NewSize(420, b.dlg.MinSize().Height))
	b.dlg.Show()
	answerKeys(win.Canvas(), b.dlg.Hide, b.dlg.Submit)
	win.Canvas().Focus(b.entry)
}

// nodeTitle names node n for a person: "12手目 ▲７六歩", or 開始局面.
func (v *RecordView) nodeTitle(n *kifu.Node) string {
	t := recordTextFor(v.msg)
	if n.IsRoot() {
		return t.StartPos
	}
	pos := v.sess.Record().Position(n.Parent())
	lastTo := board.NoSquare
	if p := n.Parent(); p.Move != board.NoMove {
		lastTo = p.Move.To()
	}
	return fmt.Sprintf(t.PlyMoveF, n.Ply(), moveText(pos, n, lastTo, v.western))
}

// windowOf returns the window that shows o, or nil.
func windowOf(o fyne.CanvasObject) fyne.Window {
	app := fyne.CurrentApp()
	if app == nil {
		return nil
	}
	c := app.Driver().CanvasForObject(o)
	if c == nil {
		return nil
	}
	for _, w := range app.Driver().AllWindows() {
		if w.Canvas() == c {
			return w
		}
	}
	return nil
}

// unfocus gives the keys back to the window after a widget of the panel took the focus,
// so that ← → step through the record again.
func unfocus(o fyne.CanvasObject) {
	if app := fyne.CurrentApp(); app != nil {
		if c := app.Driver().CanvasForObject(o); c != nil {
			c.Unfocus()
		}
	}
}

// bookmarkMark is the move list's mark of a bookmarked move.
const bookmarkMark = "◆"

// rowMark is the mark of the move list's row for n: ◆ for a bookmark, + for alternatives.
func rowMark(n *kifu.Node) string {
	m := ""
	if n.Bookmark != "" {
		m = bookmarkMark
	}
	if session.HasVariations(n) {
		m += "+"
	}
	return m
}
