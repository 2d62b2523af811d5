package ui

import (
	"image"
	"image/color"
	"math"
	"strconv"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"banmen/board"
)

var (
	fileDigits = [10]string{"", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
	rankKanji  = [10]string{"", "一", "二", "三", "四", "五", "六", "七", "八", "九"}
)

// boardRenderer draws a Board. Refresh changes only what changed since the last one, so
// that stepping through a record re-creates the textures of two or three squares, not of
// the whole board.
type boardRenderer struct {
	b       *Board
	objects []fyne.CanvasObject
	pal     palette
	palSet  bool

	wood      *canvas.Image
	woodFrame *canvas.Rectangle
	lastFrom  *canvas.Rectangle
	lastTo    *canvas.Rectangle
	selRect   *canvas.Rectangle
	dests     [board.NumSquares]*canvas.Rectangle
	lines     [20]*canvas.Rectangle // 10 vertical, then 10 horizontal: see addGrid
	stars     [4]*canvas.Circle
	files     [9]*canvas.Text // by column
	ranks     [9]*canvas.Text // by row
	squares   [board.NumSquares]*canvas.Image
	shown     [board.NumSquares]board.Piece // what squares[s] shows
	stands    [2]standObjects
	plates    [2]plateObjects // the names and clocks beside the stands (boardplate.go)
	promo     struct {
		bg     *canvas.Rectangle
		images [2]*canvas.Image
		labels [2]*canvas.Text
	}
	dragImg *canvas.Image
	flipped bool        // the orientation the piece images were chosen for
	style   PieceStyle  // the style they were drawn in
	sqPx    image.Point // the size in pixels of the squares' piece images
	standPx image.Point // …and of the stands'

	arrows [maxArrows]arrowObjects // candidate arrows (boardarrows.go)
}

type standObjects struct {
	bg     *canvas.Image
	frame  *canvas.Rectangle
	mark   *canvas.Text
	name   *canvas.Text
	none   *canvas.Text
	pieces [7]*canvas.Image
	counts [7]*canvas.Text
	shown  [7]struct { // what each row shows
		t board.PieceType
		n int
	}
	nameText string // the untruncated name shown
}

func newBoardRenderer(b *Board) *boardRenderer {
	r := &boardRenderer{b: b, flipped: b.flipped, style: CurrentPieceStyle()}
	// objects are drawn in the order added: the later on top
	r.addStandBacks()
	r.addGrid()
	for i := range r.squares {
		r.squares[i] = newPieceImage()
		r.add(r.squares[i])
	}
	r.addStandContents()
	r.addArrows()
	r.addPlates()
	r.addPromotion()
	r.dragImg = newPieceImage()
	r.add(r.dragImg)
	r.Refresh()
	return r
}

func (r *boardRenderer) add(o fyne.CanvasObject) { r.objects = append(r.objects, o) }

// newPieceImage is a hidden image for a piece, scaled to fit its place.
func newPieceImage() *canvas.Image {
	img := canvas.NewImageFromImage(nil)
	img.FillMode = canvas.ImageFillContain
	img.ScaleMode = canvas.ImageScaleSmooth
	img.Hide()
	return img
}

// addStandBacks makes the stands' backgrounds and frames.
func (r *boardRenderer) addStandBacks() {
	for c := range r.stands {
		s := &r.stands[c]
		s.bg = canvas.NewImageFromImage(nil)
		s.bg.FillMode = canvas.ImageFillStretch
		s.bg.ScaleMode = canvas.ImageScaleFastest // see woodTexture
		s.frame = canvas.NewRectangle(color.Transparent)
		s.frame.StrokeWidth = 1
		s.frame.CornerRadius = 4
		r.add(s.bg)
		r.add(s.frame)
	}
}

// addGrid makes the board under the pieces: the wood and its frame, the last move,
// selection and destination highlights, the lines, stars and file and rank labels.
func (r *boardRenderer) addGrid() {
	r.wood = canvas.NewImageFromImage(nil)
	r.wood.FillMode = canvas.ImageFillStretch
	r.wood.ScaleMode = canvas.ImageScaleFastest // see woodTexture
	r.woodFrame = canvas.NewRectangle(color.Transparent)
	r.woodFrame.StrokeWidth = 1
	r.add(r.wood)
	r.add(r.woodFrame)
	r.lastFrom = canvas.NewRectangle(color.Transparent)
	r.lastTo = canvas.NewRectangle(color.Transparent)
	r.selRect = canvas.NewRectangle(color.Transparent)
	r.add(r.lastFrom)
	r.add(r.lastTo)
	r.add(r.selRect)
	for i := range r.dests {
		r.dests[i] = canvas.NewRectangle(color.Transparent)
		r.dests[i].Hide()
		r.add(r.dests[i])
	}
	// The lines are thin filled rectangles, not canvas.Lines: the window draws filled
	// rectangles anyway, and each kind of object drawn costs the very first start a GL
	// program variant that Mesa's software GL compiles on the main thread (llvmpipe under
	// Xvfb: ~50 ms for the line program's). The same goes for the evaluation graph's grid.
	for i := range r.lines {
		r.lines[i] = canvas.NewRectangle(color.Black)
		r.add(r.lines[i])
	}
	for i := range r.stars {
		r.stars[i] = canvas.NewCircle(color.Black)
		r.add(r.stars[i])
	}
	for i := range 9 {
		r.files[i] = canvas.NewText("", color.Black)
		r.files[i].Alignment = fyne.TextAlignCenter
		r.ranks[i] = canvas.NewText("", color.Black)
		r.ranks[i].Alignment = fyne.TextAlignCenter
		r.add(r.files[i])
		r.add(r.ranks[i])
	}
}

// addStandContents makes what the stands show: the side's mark and name, the text for an
// empty hand, and a piece image and count per row.
func (r *boardRenderer) addStandContents() {
	for c := range r.stands {
		s := &r.stands[c]
		s.mark = canvas.NewText("", color.Black)
		s.name = canvas.NewText("", color.Black)
		s.none = canvas.NewText("", color.Black)
		r.add(s.mark)
		r.add(s.name)
		r.add(s.none)
		for i := range s.pieces {
			s.pieces[i] = newPieceImage()
			s.counts[i] = canvas.NewText("", color.Black)
			r.add(s.pieces[i])
			r.add(s.counts[i])
		}
	}
}

// addPromotion makes the promotion choice, hidden: a panel with two pieces and labels.
func (r *boardRenderer) addPromotion() {
	r.promo.bg = canvas.NewRectangle(color.Transparent)
	r.promo.bg.StrokeWidth = 2
	r.promo.bg.CornerRadius = 6
	r.promo.bg.Hide()
	r.add(r.promo.bg)
	for i := range 2 {
		r.promo.images[i] = newPieceImage()
		r.promo.labels[i] = canvas.NewText("", color.Black)
		r.promo.labels[i].Alignment = fyne.TextAlignCenter
		r.promo.labels[i].Hide()
		r.add(r.promo.images[i])
		r.add(r.promo.labels[i])
	}
}

func (r *boardRenderer) Destroy() {}

func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }

func (r *boardRenderer) MinSize() fyne.Size {
	const u = 24
	return fyne.NewSize(totalW*u, totalH*u)
}

// Refresh brings the drawing up to date with the widget's state.
func (r *boardRenderer) Refresh() {
	r.updateColours()
	redraw := r.updatePixelSizes(r.b.Size()) || r.flipped != r.b.flipped || r.style != CurrentPieceStyle()
	r.flipped, r.style = r.b.flipped, CurrentPieceStyle()
	r.updatePieces(redraw)
	r.updateStands(redraw)
	r.Layout(r.b.Size())
	canvas.Refresh(r.b)
}

// pixels is the size in pixels of the texture of an object of size s (as the GL painter
// rounds it).
func (r *boardRenderer) pixels(s fyne.Size) image.Point {
	scale := r.scale()
	return image.Pt(int(math.Round(float64(s.Width*scale))), int(math.Round(float64(s.Height*scale))))
}

// scale is the number of pixels per unit of Fyne's coordinates on the board's canvas.
func (r *boardRenderer) scale() float32 {
	if a := fyne.CurrentApp(); a != nil {
		if c := a.Driver().CanvasForObject(r.b); c != nil {
			return c.Scale()
		}
	}
	return 1
}

// updatePixelSizes works out the sizes in pixels of the piece images for a widget of the
// given size, and reports whether they changed.
func (r *boardRenderer) updatePixelSizes(size fyne.Size) bool {
	g := newGeom(size, r.b.flipped)
	inset := 0.03 * g.u
	sq := r.pixels(fyne.NewSize(g.u-2*inset, g.h-2*inset))
	st := r.pixels(fyne.NewSize(handPieceW*g.u, handPieceW*squareAspect*g.u))
	if sq == r.sqPx && st == r.standPx {
		return false
	}
	r.sqPx, r.standPx = sq, st
	return true
}

func (r *boardRenderer) updateColours() {
	p := palette{
		boardWood: themeColor(ColorBoardWood), standWood: themeColor(ColorStandWood),
		gridInk: themeColor(ColorGridInk), labelInk: themeColor(ColorLabelInk),
		lastMove: themeColor(ColorLastMove), selected: themeColor(ColorSelected),
		destination: themeColor(ColorDestination), turnMark: themeColor(ColorTurnMark),
		promo: themeColor(ColorPromotionPanel),
	}
	if r.palSet && p == r.pal {
		return
	}
	r.pal, r.palSet = p, true
	r.wood.Image = woodTexture(p.boardWood, 1)
	r.woodFrame.StrokeColor = p.gridInk
	for c := range r.stands {
		s := &r.stands[c]
		s.bg.Image = standWoodTexture(p.standWood, uint32(7+c))
		s.frame.StrokeColor = p.gridInk
		s.name.Color = p.labelInk
		s.none.Color = p.labelInk
		for i := range s.counts {
			s.counts[i].Color = p.labelInk
		}
	}
	r.lastFrom.FillColor = withAlpha(p.lastMove, p.lastMove.A/2)
	r.lastTo.FillColor = p.lastMove
	r.selRect.FillColor = p.selected
	for _, d := range r.dests {
		d.FillColor = p.destination
	}
	for _, l := range r.lines {
		l.FillColor = p.gridInk
	}
	for _, s := range r.stars {
		s.FillColor = p.gridInk
	}
	for i := range 9 {
		r.files[i].Color = p.labelInk
		r.ranks[i].Color = p.labelInk
	}
	r.promo.bg.FillColor = p.promo
	r.promo.bg.StrokeColor = p.gridInk
	r.promo.labels[0].Color = pieceInkPromote
	r.promo.labels[1].Color = pieceInk
	if p.promo.R < 0x80 { // the dark panel needs light letters
		r.promo.labels[1].Color = color.NRGBA{0xee, 0xe6, 0xd8, 0xff}
		r.promo.labels[0].Color = color.NRGBA{0xff, 0x80, 0x70, 0xff}
	}
	for _, o := range r.objects {
		canvas.Refresh(o)
	}
}

func withAlpha(c color.NRGBA, a uint8) color.NRGBA {
	c.A = a
	return c
}

// updatePieces shows the pieces on the squares: those that changed, or all of them. A board
// not laid out yet (no size) has nothing drawn: the window lays it out several times before
// its first frame, and drawing the pieces for each size cost the start ~30 ms.
func (r *boardRenderer) updatePieces(all bool) {
	if r.sqPx.X <= 0 || r.sqPx.Y <= 0 {
		return // Layout draws them all once the board has a size
	}
	pos := r.b.pos
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		pc := pos.PieceAt(sq)
		if pc == r.shown[sq] && !all {
			continue
		}
		r.shown[sq] = pc
		img := r.squares[sq]
		if pc == board.NoPiece {
			img.Image = nil
			img.Hide()
			continue
		}
		c := pc.Color()
		if r.b.flipped {
			c = c.Opp()
		}
		img.Image = pieceImageSized(pc.Type(), c, r.sqPx.X, r.sqPx.Y)
		img.Show()
		img.Refresh()
	}
}

// updateStands shows the pieces in hand: the rows that changed, or all of them.
func (r *boardRenderer) updateStands(all bool) {
	pos := r.b.pos
	for c := board.Black; c <= board.White; c++ {
		s := &r.stands[c]
		hand := pos.Hand(c)
		rows := r.b.rows[c]
		drawAs := c
		if r.b.flipped {
			drawAs = c.Opp()
		}
		for i := range s.pieces {
			img, cnt := s.pieces[i], s.counts[i]
			if i >= len(rows) {
				s.shown[i].t, s.shown[i].n = board.NoPieceType, 0
				img.Hide()
				cnt.Hide()
				continue
			}
			t, n := rows[i], hand.Count(rows[i])
			if (s.shown[i].t != t || all) && r.standPx.X > 0 && r.standPx.Y > 0 { // see updatePieces
				img.Image = pieceImageSized(t, drawAs, r.standPx.X, r.standPx.Y)
				img.Refresh()
			}
			if s.shown[i].n != n {
				cnt.Text = ""
				if n > 1 {
					cnt.Text = strconv.Itoa(n)
				}
				cnt.Refresh()
			}
			s.shown[i].t, s.shown[i].n = t, n
			img.Show()
			cnt.Show()
		}
		s.none.Text = r.b.msg.NoPieces
		s.none.Hidden = len(rows) > 0
		mark := "☗"
		if c == board.White {
			mark = "☖"
		}
		s.mark.Text = mark
		s.mark.Color = r.pal.labelInk
		if pos.SideToMove() == c {
			s.mark.Color = r.pal.turnMark
		}
		s.mark.Refresh()
		// the stand says whose it is; the player's name is on the plate beside it
		name := r.b.msg.Black
		if c == board.White {
			name = r.b.msg.White
		}
		s.nameText = name
	}
}

// Layout places everything for a widget of the given size, keeping the proportions of a real
// board and centring the drawing.
func (r *boardRenderer) Layout(size fyne.Size) {
	if r.updatePixelSizes(size) { // a new size: pieces drawn for it
		r.updatePieces(true)
		r.updateStands(true)
	}
	g := newGeom(size, r.b.flipped)
	if g.u <= 0 {
		return
	}
	r.layoutGrid(&g)
	r.layoutSquares(&g)
	r.layoutLastMove(&g)
	for c := board.Black; c <= board.White; c++ {
		r.layoutStand(&g, c)
		r.layoutPlate(&g, c)
	}
	r.layoutArrows(&g)
	r.layoutSelection(&g)
	r.layoutDrag(&g)
	r.layoutPromotion(&g)
}

// layoutGrid places the wood, the lines (the edge heavier), the stars and the file and
// rank labels.
func (r *boardRenderer) layoutGrid(g *geom) {
	u, h := g.u, g.h
	r.wood.Move(fyne.NewPos(g.bx, g.by))
	r.wood.Resize(fyne.NewSize(g.bw, g.bh))
	r.woodFrame.Move(fyne.NewPos(g.bx, g.by))
	r.woodFrame.Resize(fyne.NewSize(g.bw, g.bh))

	// Whole pixels wide, at whole pixels, as wide and where the GL painter drew a canvas.Line
	// of width w (measured on its screenshots): one pixel left of the point for w ≤ 1,
	// else round(w+0.5) pixels rounded down to even, about the point rounded to a pixel
	// (its lineCoords and line shader). A filled rectangle is drawn snapped to pixels.
	sc := r.scale()
	snap := func(v float32) float32 { return float32(math.Round(float64(v*sc))) / sc }
	lineW := max(1, u/40)
	for i := 0; i <= 9; i++ {
		v, hz := r.lines[i], r.lines[10+i]
		w := lineW
		if i == 0 || i == 9 { // the edge of the grid is drawn heavier
			w = 2 * lineW
		}
		px, before := float32(1), float32(1) // its width in pixels, and how many left of the point
		if w > 1 {
			px = max(2, 2*float32(math.Floor(math.Round(float64((w+0.5)*sc))/2)))
			before = px / 2
		}
		x, y := snap(g.gx+float32(i)*u)-before/sc, snap(g.gy+float32(i)*h)-before/sc
		v.Move(fyne.NewPos(x, snap(g.gy)))
		v.Resize(fyne.NewSize(px/sc, snap(g.gy+9*h)-snap(g.gy)))
		hz.Move(fyne.NewPos(snap(g.gx), y))
		hz.Resize(fyne.NewSize(snap(g.gx+9*u)-snap(g.gx), px/sc))
	}
	starR := max(2, u/13)
	for i, p := range [4][2]float32{{3, 3}, {6, 3}, {3, 6}, {6, 6}} {
		r.stars[i].Move(fyne.NewPos(g.gx+p[0]*u-starR, g.gy+p[1]*h-starR))
		r.stars[i].Resize(fyne.NewSize(2*starR, 2*starR))
	}
	textSize := 0.36 * u
	for i := range 9 {
		f := r.files[i]
		f.Text = fileDigits[g.fileLabel(i)]
		f.TextSize = textSize
		f.Move(fyne.NewPos(g.gx+float32(i)*u, g.by))
		f.Resize(fyne.NewSize(u, (labelBand+boardPad)*u))
		k := r.ranks[i]
		k.Text = rankKanji[g.rankLabel(i)]
		k.TextSize = textSize
		k.Move(fyne.NewPos(g.gx+9*u+boardPad*0.5*u, g.gy+float32(i)*h))
		k.Resize(fyne.NewSize(labelBand*u, h))
	}
}

// layoutSquares places the squares' pieces and the destination highlights (hidden while
// the promotion choice is shown).
func (r *boardRenderer) layoutSquares(g *geom) {
	b := r.b
	inset := 0.03 * g.u
	for sq := board.Square(0); sq < board.NumSquares; sq++ {
		p := g.squarePos(sq)
		img := r.squares[sq]
		img.Move(fyne.NewPos(p.X+inset, p.Y+inset))
		img.Resize(fyne.NewSize(g.u-2*inset, g.h-2*inset))
		img.Translucency = 0
		d := r.dests[sq]
		d.Hidden = !b.dests[sq] || b.promo != nil
		d.Move(p)
		d.Resize(g.squareSize())
	}
}

// layoutLastMove highlights the last move's squares (its destination only for a drop).
func (r *boardRenderer) layoutLastMove(g *geom) {
	r.lastFrom.Hide()
	r.lastTo.Hide()
	if m := r.b.last; m != board.NoMove {
		r.lastTo.Move(g.squarePos(m.To()))
		r.lastTo.Resize(g.squareSize())
		r.lastTo.Show()
		if !m.IsDrop() {
			r.lastFrom.Move(g.squarePos(m.From()))
			r.lastFrom.Resize(g.squareSize())
			r.lastFrom.Show()
		}
	}
}

// layoutSelection highlights the picked piece: its square, its row on a stand, or (for
// no piece type) the whole stand.
func (r *boardRenderer) layoutSelection(g *geom) {
	b, u := r.b, g.u
	r.selRect.Hide()
	switch s := b.sel; s.Kind {
	case SpotSquare:
		r.selRect.Move(g.squarePos(s.Square))
		r.selRect.Resize(g.squareSize())
		r.selRect.Show()
	case SpotHand:
		for i, t := range b.rows[s.Color] {
			if t == s.Type {
				p := g.handRowPos(s.Color, i)
				r.selRect.Move(fyne.NewPos(p.X-0.1*u, p.Y))
				r.selRect.Resize(fyne.NewSize((standW-0.24)*u, standRowH*u))
				r.selRect.Show()
			}
		}
		if s.Type == board.NoPieceType {
			r.selRect.Move(g.stand[s.Color])
			r.selRect.Resize(g.standSize())
			r.selRect.Show()
		}
	}
}

func (r *boardRenderer) layoutStand(g *geom, c board.Color) {
	s := &r.stands[c]
	u := g.u
	p := g.stand[c]
	s.bg.Move(p)
	s.bg.Resize(g.standSize())
	s.frame.Move(p)
	s.frame.Resize(g.standSize())
	pad := 0.16 * u
	ts := 0.36 * u
	s.mark.TextSize = 0.46 * u
	s.mark.Move(fyne.NewPos(p.X+pad, p.Y+0.08*u))
	s.mark.Resize(fyne.NewSize(0.5*u, standHeaderH*u))
	nameX := p.X + pad + 0.52*u
	s.name.Text, s.name.TextSize = fitText(s.nameText, standW*u-(nameX-p.X)-pad, ts, s.name.TextStyle)
	s.name.Move(fyne.NewPos(nameX, p.Y+0.12*u))
	s.name.Resize(fyne.NewSize(standW*u-(nameX-p.X)-pad, standHeaderH*u-0.1*u))
	s.name.Refresh()
	s.none.TextSize = 0.34 * u
	s.none.Move(fyne.NewPos(p.X+pad, p.Y+standHeaderH*u))
	s.none.Refresh()
	for i := range s.pieces {
		rp := g.handRowPos(c, i)
		s.pieces[i].Move(rp)
		s.pieces[i].Resize(fyne.NewSize(handPieceW*u, handPieceW*squareAspect*u))
		s.pieces[i].Translucency = 0
		s.counts[i].TextSize = 0.46 * u
		s.counts[i].Move(fyne.NewPos(rp.X+(handPieceW+0.12)*u, rp.Y))
		s.counts[i].Resize(fyne.NewSize(0.9*u, handPieceW*squareAspect*u))
	}
}

// layoutDrag shows the dragged piece under the pointer and its origin faded.
func (r *boardRenderer) layoutDrag(g *geom) {
	b := r.b
	d := b.drag
	if !d.active {
		r.dragImg.Hide()
		return
	}
	var t board.PieceType
	var c board.Color
	switch d.from.Kind {
	case SpotSquare:
		pc := b.pos.PieceAt(d.from.Square)
		t, c = pc.Type(), pc.Color()
		r.squares[d.from.Square].Translucency = 0.7
	case SpotHand:
		t, c = d.from.Type, d.from.Color
		for i, rt := range b.rows[c] {
			if rt == t {
				r.stands[c].pieces[i].Translucency = 0.7
			}
		}
	}
	if b.flipped {
		c = c.Opp()
	}
	px := r.pixels(g.squareSize())
	r.dragImg.Image = pieceImageSized(t, c, px.X, px.Y)
	r.dragImg.Resize(g.squareSize())
	r.dragImg.Move(fyne.NewPos(d.at.X-g.u/2, d.at.Y-g.h/2))
	r.dragImg.Show()
	r.dragImg.Refresh()
}

// layoutPromotion shows the 成 / 不成 choice of a pending promotion.
func (r *boardRenderer) layoutPromotion(g *geom) {
	b := r.b
	pr := r.promo
	if b.promo == nil {
		pr.bg.Hide()
		for i := range 2 {
			pr.images[i].Hide()
			pr.labels[i].Hide()
		}
		return
	}
	pPos, nPos, size := b.promotionRects(g)
	left := min(pPos.X, nPos.X)
	m := 0.06 * g.u
	pr.bg.Move(fyne.NewPos(left-m, pPos.Y-m))
	pr.bg.Resize(fyne.NewSize(2*g.u+2*m, size.Height+2*m))
	pr.bg.Show()
	mover := b.promo.promote
	c := b.pos.SideToMove()
	if b.flipped {
		c = c.Opp()
	}
	for i, at := range [2]fyne.Position{pPos, nPos} {
		t := mover.PieceAfter()
		text := b.msg.Promote
		if i == 1 {
			t = mover.Piece()
			text = b.msg.NotPromote
		}
		img := pr.images[i]
		isz := fyne.NewSize(0.76*g.u, 0.76*g.h)
		px := r.pixels(isz)
		img.Image = pieceImageSized(t, c, px.X, px.Y)
		img.Move(fyne.NewPos(at.X+0.12*g.u, at.Y))
		img.Resize(isz)
		img.Show()
		img.Refresh()
		l := pr.labels[i]
		l.Text = text
		l.TextSize = 0.3 * g.u
		l.Move(fyne.NewPos(at.X, at.Y+0.72*g.h))
		l.Resize(fyne.NewSize(g.u, 0.28*g.h))
		l.Show()
		l.Refresh()
	}
}

// fitText returns s and the size to write it at so that it fits in width: the given size,
// or down to 70% of it, or at that size shortened with "…".
func fitText(s string, width, size float32, style fyne.TextStyle) (string, float32) {
	if width <= 0 {
		return s, size
	}
	for _, f := range []float32{1, 0.9, 0.8, 0.7} {
		if fyne.MeasureText(s, size*f, style).Width <= width {
			return s, size * f
		}
	}
	size *= 0.7
	rs := []rune(s)
	for n := len(rs) - 1; n > 0; n-- {
		t := string(rs[:n]) + "…"
		if fyne.MeasureText(t, size, style).Width <= width {
			return t, size
		}
	}
	return "…", size
}
