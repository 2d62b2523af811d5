package ui

import (
	"errors"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/kifu"
)

// EditorPanel is the side panel of the position editor: the piece box (駒箱) with what is left
// in it, the side to move, start positions, the tsume set-up, and Done / Cancel. The board,
// in ModeEdit, sends its clicks and drags to the same Editor.
type EditorPanel struct {
	widget.BaseWidget
	ed      *Editor
	board   *Board
	msg     *Messages
	status  func(string)
	box     [2][]*boxItem // by colour, in BoxKinds order
	side    *widget.RadioGroup
	content fyne.CanvasObject
	busy    bool
	undoB   *widget.Button
}

// NewEditorPanel wires ed to b (which it puts in ModeEdit) and returns the panel. status shows
// a message; done receives the position when the user is done and it passed the rules' checks,
// impossible the rules' complaint when it did not; cancel is called when the user gives up.
func NewEditorPanel(ed *Editor, b *Board, msg *Messages, status func(string), done func(*board.Position),
	impossible func(error), cancel func()) *EditorPanel {
	p := &EditorPanel{ed: ed, board: b, msg: msg, status: status}
	b.SetMode(ModeEdit)
	b.OnEditTap = func(s Spot) { p.after(ed.Tap(s)) }
	b.OnEditMove = func(from, to Spot) { p.after(ed.Move(from, to)) }
	b.OnEditRemove = func(s Spot) { ed.Remove(s); p.after("") }

	boxGrid := container.NewGridWithColumns(len(BoxKinds))
	for _, c := range []board.Color{board.White, board.Black} {
		for _, t := range BoxKinds {
			it := newBoxItem(t, c, func() {
				if bt, bc := ed.Brush(); bt == t && bc == c {
					ed.SetBrush(board.NoPieceType, c)
				} else {
					ed.SetBrush(t, c)
				}
				p.after("")
			})
			p.box[c] = append(p.box[c], it)
			boxGrid.Add(it)
		}
	}
	p.side = widget.NewRadioGroup([]string{"☗" + msg.Black, "☖" + msg.White}, func(s string) {
		if p.busy {
			return
		}
		c := board.Black
		if s == "☖"+msg.White {
			c = board.White
		}
		ed.SetSideToMove(c)
		p.after("")
	})
	p.side.Horizontal = true
	p.side.Required = true

	var names []string
	for _, h := range kifu.Handicaps {
		names = append(names, msg.handicapLabel(h))
	}
	preset := widget.NewSelect(names, func(name string) {
		if h, ok := msg.handicapByLabel(name); ok {
			ed.Reset(h.Position())
			p.after("")
		}
	})
	preset.PlaceHolder = msg.EditorPreset
	tsume := widget.NewButton(msg.EditorTsume, func() { ed.Tsume(); p.after("") })
	clearAll := widget.NewButton(msg.EditorClear, func() { ed.Clear(); p.after("") })
	p.undoB = widget.NewButtonWithIcon(msg.EditorUndo, theme.ContentUndoIcon(), func() { p.undo() })
	help := widget.NewLabel(msg.EditorHelp)
	help.Wrapping = fyne.TextWrapWord
	ok := widget.NewButtonWithIcon(msg.EditorDone, theme.ConfirmIcon(), func() {
		pos, err := ed.Result()
		if err != nil {
			impossible(err)
			return
		}
		done(pos)
	})
	ok.Importance = widget.HighImportance
	cancelBtn := widget.NewButtonWithIcon(msg.Cancel, theme.CancelIcon(), cancel)

	title := heading(msg.EditorTitle)
	boxTitle := heading(msg.EditorBox)
	sideTitle := heading(msg.SideToMove)
	p.content = container.NewBorder(
		container.NewVBox(title, help, widget.NewSeparator(), boxTitle, boxGrid,
			container.NewHBox(sideTitle, p.side), preset, tsume, clearAll),
		container.NewGridWithColumns(3, p.undoB, cancelBtn, ok), // the panel is as tall as it was
		nil, nil)
	p.ExtendBaseWidget(p)
	p.after("")
	return p
}

// impossibleReason is what is wrong with a position the rules refuse, as board says it,
// in Japanese when the interface is and board has the words for it.
func impossibleReason(err error, japanese bool) string {
	var se *board.SFENError
	if errors.As(err, &se) {
		if japanese && se.Japanese != "" {
			return se.Japanese
		}
		return se.Reason
	}
	return err.Error()
}

// CreateRenderer is part of fyne.Widget.
func (p *EditorPanel) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(p.content)
}

// setPosition puts pos in the editor (a pasted position), saying msg in the status line.
func (p *EditorPanel) setPosition(pos *board.Position, msg string) {
	p.ed.Reset(pos)
	p.after(msg)
}

// undo takes back the editor's last change (元に戻す, Ctrl+Z) and reports whether there was one.
func (p *EditorPanel) undo() bool {
	if !p.ed.Undo() {
		p.after(p.msg.EditorNothingToUndo)
		return false
	}
	p.after("")
	return true
}

// after shows the editor's state on the board and the panel, and msg in the status line;
// a change is noted for Undo.
func (p *EditorPanel) after(msg string) {
	p.ed.Noted()
	if p.ed.CanUndo() {
		p.undoB.Enable()
	} else {
		p.undoB.Disable()
	}
	p.board.SetPosition(p.ed.Position(), board.NoMove)
	bt, bc := p.ed.Brush()
	if bt != board.NoPieceType && p.ed.InBox(bt) == 0 {
		// the last piece of the chosen kind left the box: nothing is chosen any more
		p.ed.SetBrush(board.NoPieceType, bc)
		bt = board.NoPieceType
	}
	p.board.SetSelection(p.ed.Selected())
	for c := range p.box {
		for i, it := range p.box[c] {
			t := BoxKinds[i]
			it.set(p.ed.InBox(t), bt == t && bc == board.Color(c))
		}
	}
	p.busy = true
	want := p.side.Options[p.ed.Position().SideToMove()]
	if p.side.Selected != want {
		p.side.SetSelected(want)
	}
	p.busy = false
	if p.status != nil {
		p.status(msg)
	}
}

// boxItem is one kind in the piece box: the piece, how many are left, and whether it is the
// kind chosen to put down.
type boxItem struct {
	widget.BaseWidget
	t      board.PieceType
	c      board.Color
	n      int
	chosen bool
	onTap  func()

	bg    *canvas.Rectangle
	img   *canvas.Image
	count *canvas.Text
}

func newBoxItem(t board.PieceType, c board.Color, onTap func()) *boxItem {
	it := &boxItem{t: t, c: c, onTap: onTap}
	it.bg = canvas.NewRectangle(theme.Color(theme.ColorNameSelection))
	it.bg.CornerRadius = 4
	it.img = canvas.NewImageFromImage(pieceImage(t, c))
	it.img.FillMode = canvas.ImageFillContain
	it.count = canvas.NewText("", theme.Color(theme.ColorNameForeground))
	it.count.Alignment = fyne.TextAlignCenter
	it.ExtendBaseWidget(it)
	return it
}

// redrawBox draws the piece box's pieces again, in the style now chosen.
func (p *EditorPanel) redrawBox() {
	for _, items := range p.box {
		for _, it := range items {
			it.img.Image = pieceImage(it.t, it.c)
			it.img.Refresh()
		}
	}
}

func (it *boxItem) set(n int, chosen bool) {
	if it.n == n && it.chosen == chosen && it.count.Text != "" {
		return
	}
	it.n, it.chosen = n, chosen
	it.count.Text = strconv.Itoa(n)
	it.Refresh()
}

// Tapped is part of fyne.Tappable.
func (it *boxItem) Tapped(*fyne.PointEvent) { it.onTap() }

func (it *boxItem) CreateRenderer() fyne.WidgetRenderer {
	r := &boxItemRenderer{it: it}
	r.Refresh() // colours before the first paint
	return r
}

type boxItemRenderer struct{ it *boxItem }

func (r *boxItemRenderer) Destroy() {}

func (r *boxItemRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.it.bg, r.it.img, r.it.count}
}

func (r *boxItemRenderer) MinSize() fyne.Size {
	return fyne.NewSize(40, 40*squareAspect+theme.TextSize()+6)
}

func (r *boxItemRenderer) Layout(size fyne.Size) {
	it := r.it
	it.bg.Resize(size)
	ts := theme.TextSize()
	it.img.Move(fyne.NewPos(2, 2))
	it.img.Resize(fyne.NewSize(size.Width-4, size.Height-ts-6))
	it.count.TextSize = ts * 0.9
	it.count.Move(fyne.NewPos(0, size.Height-ts-4))
	it.count.Resize(fyne.NewSize(size.Width, ts+2))
}

func (r *boxItemRenderer) Refresh() {
	it := r.it
	it.bg.FillColor = theme.Color(theme.ColorNameSelection)
	it.bg.Hidden = !it.chosen
	it.count.Color = theme.Color(theme.ColorNameForeground)
	it.img.Translucency = 0
	if it.n == 0 {
		it.img.Translucency = 0.7
	}
	it.bg.Refresh()
	it.img.Refresh()
	it.count.Refresh()
}
