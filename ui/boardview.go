package ui

import (
	"image/color"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
)

// BoardView is a plain, read-only drawing of a position: a wooden 9×9 board with the pieces
// in kanji (gote's turned 180°), the file and rank numbers, and each side's pieces in hand on
// a stand — gote's at the top left, sente's at the bottom right. The interactive board widget
// that replaces it is its own issue. Call its methods on the Fyne goroutine.
type BoardView struct {
	widget.BaseWidget
	pos *board.Position
}

// NewBoardView returns a view of pos (the start position when pos is nil). The view keeps pos
// and draws it as it is at each refresh; it never modifies it.
func NewBoardView(pos *board.Position) *BoardView {
	if pos == nil {
		pos = board.NewStartPosition()
	}
	v := &BoardView{pos: pos}
	v.ExtendBaseWidget(v)
	return v
}

// SetPosition shows pos.
func (v *BoardView) SetPosition(pos *board.Position) {
	v.pos = pos
	v.Refresh()
}

// ShownPosition returns the position shown.
func (v *BoardView) ShownPosition() *board.Position { return v.pos }

var (
	boardWood  = color.NRGBA{0xe4, 0xba, 0x6a, 0xff} // kaya
	standWood  = color.NRGBA{0xc9, 0x94, 0x4c, 0xff} // the stands, a darker wood
	gridInk    = color.NRGBA{0x2b, 0x1d, 0x0e, 0xff}
	labelInk   = color.NRGBA{0x3a, 0x2a, 0x18, 0xff}
	standLabel = color.NRGBA{0x20, 0x14, 0x08, 0xff}
)

// The drawing is measured in units of one square's width (u); a square is 1.1u tall.
const (
	squareAspect = 1.1
	boardPad     = 0.25 // wood around the grid
	labelBand    = 0.7  // the file numbers above the board and the rank numbers right of it
	standW       = 2.4
	standGap     = 0.4
	standRowH    = 0.95
	standHeaderH = 0.7
	totalW       = standW + standGap + 9 + 2*boardPad + labelBand + standGap + standW
	totalH       = labelBand + 9*squareAspect + 2*boardPad
	standH       = standHeaderH + 7*standRowH + 0.3
)

var (
	fileDigits = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	rankKanji  = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// CreateRenderer is part of fyne.Widget.
func (v *BoardView) CreateRenderer() fyne.WidgetRenderer {
	r := &boardRenderer{view: v}
	r.wood = canvas.NewRectangle(boardWood)
	r.wood.StrokeColor = gridInk
	r.wood.StrokeWidth = 1
	r.objects = append(r.objects, r.wood)
	for i := range r.lines {
		r.lines[i] = canvas.NewLine(gridInk)
		r.objects = append(r.objects, r.lines[i])
	}
	for i := range r.stars {
		r.stars[i] = canvas.NewCircle(gridInk)
		r.objects = append(r.objects, r.stars[i])
	}
	for i := 1; i <= 9; i++ {
		r.files[i] = canvas.NewText(fileDigits[i], labelInk)
		r.files[i].Alignment = fyne.TextAlignCenter
		r.ranks[i] = canvas.NewText(rankKanji[i], labelInk)
		r.ranks[i].Alignment = fyne.TextAlignCenter
		r.objects = append(r.objects, r.files[i], r.ranks[i])
	}
	for i := range r.squares {
		r.squares[i] = canvas.NewImageFromImage(nil)
		r.squares[i].FillMode = canvas.ImageFillContain
		r.objects = append(r.objects, r.squares[i])
	}
	for c := range r.stands {
		s := &r.stands[c]
		s.bg = canvas.NewRectangle(standWood)
		s.bg.StrokeColor = gridInk
		s.bg.StrokeWidth = 1
		s.bg.CornerRadius = 3
		mark := "☗先手"
		if board.Color(c) == board.White {
			mark = "☖後手"
		}
		s.header = canvas.NewText(mark, standLabel)
		s.none = canvas.NewText("なし", standLabel)
		r.objects = append(r.objects, s.bg, s.header, s.none)
		for i := range s.pieces {
			s.pieces[i] = canvas.NewImageFromImage(nil)
			s.pieces[i].FillMode = canvas.ImageFillContain
			s.counts[i] = canvas.NewText("", standLabel)
			r.objects = append(r.objects, s.pieces[i], s.counts[i])
		}
	}
	r.Refresh()
	return r
}

type boardRenderer struct {
	view    *BoardView
	objects []fyne.CanvasObject
	wood    *canvas.Rectangle
	lines   [20]*canvas.Line // 10 vertical, then 10 horizontal
	stars   [4]*canvas.Circle
	files   [10]*canvas.Text // files[1..9]
	ranks   [10]*canvas.Text // ranks[1..9]
	squares [board.NumSquares]*canvas.Image
	stands  [2]struct {
		bg           *canvas.Rectangle
		header, none *canvas.Text
		pieces       [len(board.HandTypes)]*canvas.Image
		counts       [len(board.HandTypes)]*canvas.Text
		shown        int // rows in use
	}
}

func (r *boardRenderer) Destroy() {}

func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *boardRenderer) MinSize() fyne.Size {
	const u = 26
	return fyne.NewSize(totalW*u, totalH*u)
}

// Refresh reads the position again: which piece stands where, and what is in hand.
func (r *boardRenderer) Refresh() {
	pos := r.view.pos
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		img := r.squares[sq]
		pc := pos.PieceAt(sq)
		if pc == board.NoPiece {
			img.Image = nil
			img.Hide()
		} else {
			img.Image = pieceImage(pc.Type(), pc.Color())
			img.Show()
		}
	}
	for c := range r.stands {
		s := &r.stands[c]
		hand := pos.Hand(board.Color(c))
		s.shown = 0
		for _, t := range board.HandTypes {
			n := hand.Count(t)
			if n == 0 {
				continue
			}
			s.pieces[s.shown].Image = pieceImage(t, board.Color(c))
			s.counts[s.shown].Text = ""
			if n > 1 {
				s.counts[s.shown].Text = strconv.Itoa(n)
			}
			s.shown++
		}
		for i := range s.pieces {
			s.pieces[i].Hidden = i >= s.shown
			s.counts[i].Hidden = i >= s.shown
		}
		s.none.Hidden = s.shown > 0
	}
	r.Layout(r.view.Size())
	canvas.Refresh(r.view)
}

// Layout places everything for a widget of the given size, keeping the proportions of a real
// board and centring the drawing.
func (r *boardRenderer) Layout(size fyne.Size) {
	u := min(size.Width/totalW, size.Height/totalH)
	if u <= 0 {
		return
	}
	h := u * squareAspect // a square's height
	ox := (size.Width - totalW*u) / 2
	oy := (size.Height - totalH*u) / 2

	bx, by := ox+(standW+standGap)*u, oy+labelBand*u // the board's top left
	bw, bh := (9+2*boardPad)*u, 9*h+2*boardPad*u
	gx, gy := bx+boardPad*u, by+boardPad*u // the grid's top left
	// The wood takes in the bands of file and rank numbers, so that they are read on wood.
	r.wood.Move(fyne.NewPos(bx, oy))
	r.wood.Resize(fyne.NewSize(bw+labelBand*u, labelBand*u+bh))
	lineW := max(1, u/36)
	for i := 0; i <= 9; i++ {
		v, hz := r.lines[i], r.lines[10+i]
		w := lineW
		if i == 0 || i == 9 { // the edge of the grid is drawn heavier
			w = 2 * lineW
		}
		v.StrokeWidth, hz.StrokeWidth = w, w
		v.Position1, v.Position2 = fyne.NewPos(gx+float32(i)*u, gy), fyne.NewPos(gx+float32(i)*u, gy+9*h)
		hz.Position1, hz.Position2 = fyne.NewPos(gx, gy+float32(i)*h), fyne.NewPos(gx+9*u, gy+float32(i)*h)
	}
	starR := max(2, u/14)
	for i, p := range [4][2]float32{{3, 3}, {6, 3}, {3, 6}, {6, 6}} {
		r.stars[i].Move(fyne.NewPos(gx+p[0]*u-starR, gy+p[1]*h-starR))
		r.stars[i].Resize(fyne.NewSize(2*starR, 2*starR))
	}
	textSize := 0.42 * u
	for i := 1; i <= 9; i++ {
		col := float32(9 - i) // file 9 is on the left, as sente sees the board
		f := r.files[i]
		f.TextSize = textSize
		f.Move(fyne.NewPos(gx+col*u, oy+0.1*u))
		f.Resize(fyne.NewSize(u, labelBand*u))
		k := r.ranks[i]
		k.TextSize = textSize
		k.Move(fyne.NewPos(bx+bw-0.1*u, gy+float32(i-1)*h))
		k.Resize(fyne.NewSize(labelBand*u, h))
	}
	inset := 0.05 * u
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		col, row := float32(9-sq.File()), float32(sq.Rank()-1)
		img := r.squares[sq]
		img.Move(fyne.NewPos(gx+col*u+inset, gy+row*h+inset))
		img.Resize(fyne.NewSize(u-2*inset, h-2*inset))
	}
	// Gote's stand at the top left, beside the board's top; sente's at the bottom right.
	r.layoutStand(board.White, ox, by, u)
	r.layoutStand(board.Black, ox+totalW*u-standW*u, by+bh-standH*u, u)
}

func (r *boardRenderer) layoutStand(c board.Color, x, y, u float32) {
	s := &r.stands[c]
	s.bg.Move(fyne.NewPos(x, y))
	s.bg.Resize(fyne.NewSize(standW*u, standH*u))
	pad := 0.2 * u
	s.header.TextSize = 0.4 * u
	s.header.Move(fyne.NewPos(x+pad, y+0.15*u))
	s.none.TextSize = 0.4 * u
	s.none.Move(fyne.NewPos(x+pad, y+standHeaderH*u))
	for i := range s.pieces {
		rowY := y + (standHeaderH+float32(i)*standRowH)*u
		s.pieces[i].Move(fyne.NewPos(x+pad, rowY))
		s.pieces[i].Resize(fyne.NewSize(0.82*u, 0.82*u*squareAspect))
		s.counts[i].TextSize = 0.45 * u
		s.counts[i].Move(fyne.NewPos(x+pad+0.95*u, rowY+0.2*u))
	}
}
