package ui

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"
	"sync/atomic"
	"unicode/utf8"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"fyne.io/fyne/v2"

	"banmen/assets"
	"banmen/board"
)

// Piece images are drawn per kind, colour and size: at the size in pixels they take on the
// screen (the squares, the stands, the drag, the promotion choice), so that the canvas never
// scales them, and at pieceImageW×pieceImageH where the canvas scales them anyway (the
// position editor's piece box, whose cells are about 40 pixels wide: twice that is enough for
// a screen at scale 2; 28 such pieces are 0.8 MB, at twice the size they were 3 MB). A piece
// is a little taller than wide, like the squares.
// Fyne cannot rotate text, so the pieces are images: that is how gote's pieces face the other
// way. They are drawn here, in Go, from the bundled font: no image files are involved (see
// assets/README.md).
const (
	pieceImageW = 80
	pieceImageH = 88
	// pieces drawn at this size show the drawing's details (tests)
	pieceDetailW = 160
	pieceDetailH = 176
)

var (
	pieceFaceTop    = color.NRGBA{0xfb, 0xe9, 0xbd, 0xff} // the face of a piece, lit from above
	pieceFace       = color.NRGBA{0xf1, 0xd3, 0x92, 0xff} // …and its lower part
	pieceEdge       = color.NRGBA{0x7a, 0x52, 0x22, 0xff} // its outline, the side of the wood
	pieceShadow     = color.NRGBA{0x20, 0x10, 0x00, 0x60}
	pieceInk        = color.NRGBA{0x17, 0x12, 0x0c, 0xff} // kanji of an unpromoted piece
	pieceInkPromote = color.NRGBA{0xb8, 0x1c, 0x10, 0xff} // kanji of a promoted piece, in red as on real pieces
)

// maxPieceSizes is how many sizes of the pieces are kept: the squares, the stands, the drag,
// the promotion choice, the piece box, and a resize or two. The oldest size is forgotten.
const maxPieceSizes = 6

type pieceKey struct {
	t     board.PieceType
	c     board.Color
	w, h  int
	style PieceStyle
}

// PieceStyle is how the pieces are written: one kanji (歩, 杏) as on board diagrams, or two
// (歩兵, 成香) as on a wooden set (表示 → 駒の表示).
type PieceStyle int32

const (
	PieceOneKanji PieceStyle = iota
	PieceTwoKanji
)

// pieceStyle is the style the pieces are drawn in now: every board of the program follows it.
var pieceStyle atomic.Int32

// CurrentPieceStyle is the style the pieces are drawn in.
func CurrentPieceStyle() PieceStyle { return PieceStyle(pieceStyle.Load()) }

// SetPieceStyle draws the pieces in style s from now on; boards show it at their next Refresh.
func SetPieceStyle(s PieceStyle) { pieceStyle.Store(int32(s)) }

// twoKanji are the names written on the pieces of a wooden set, by piece type (the king is
// 玉将 for sente, 王将 for gote, as PieceKanji has it).
var twoKanji = [board.NumPieceTypes]string{"", "歩兵", "香車", "桂馬", "銀将", "角行", "飛車", "金将", "玉将", "と金", "成香", "成桂", "成銀", "龍馬", "龍王"}

// pieceLabel is what style writes on a piece.
func pieceLabel(t board.PieceType, c board.Color, style PieceStyle) string {
	if style == PieceTwoKanji && int(t) < len(twoKanji) {
		if t == board.King && c == board.White {
			return "王将"
		}
		return twoKanji[t]
	}
	return PieceKanji(t, c)
}

var pieceImages struct {
	sync.Mutex
	font   *opentype.Font // parsed once; nil when the bundled font failed to parse
	parsed bool
	faces  map[faceKey]font.Face
	cache  map[pieceKey]image.Image
	sizes  []image.Point // newest last
}

// PieceKanji is the single character Banmen writes on a piece. Both kings are 玉 in the
// rules package; on the board gote's king is 王, as in printed diagrams.
func PieceKanji(t board.PieceType, c board.Color) string {
	if t == board.King && c == board.White {
		return "王"
	}
	return t.ShortKanji()
}

// pieceImage returns the picture of a piece at pieceImageW×pieceImageH, for a canvas that
// scales it. The images are cached and shared; don't draw on them.
func pieceImage(t board.PieceType, c board.Color) image.Image {
	return pieceImageSized(t, c, pieceImageW, pieceImageH)
}

// pieceImageSized returns the picture of a piece drawn at w×h pixels: a pentagon with its
// kanji, turned 180° for gote, with a soft shadow below and to the right. Where w or h is not
// positive it is pieceImage's size. The images are cached and shared; don't draw on them.
func pieceImageSized(t board.PieceType, c board.Color, w, h int) image.Image {
	if w <= 0 || h <= 0 {
		w, h = pieceImageW, pieceImageH
	}
	pieceImages.Lock()
	defer pieceImages.Unlock()
	k := pieceKey{t, c, w, h, CurrentPieceStyle()}
	if img, ok := pieceImages.cache[k]; ok {
		return img
	}
	body := pieceBodyLocked(t, c, w, h, k.style)
	img := image.NewNRGBA(body.Bounds())
	// The light comes from the top left whichever way the piece points.
	dx, dy := max(1, (w+20)/40), max(1, (h+20)/40)
	for y := 0; y < h-dy; y++ {
		for x := 0; x < w-dx; x++ {
			if a := body.NRGBAAt(x, y).A; a > 0 {
				s := pieceShadow
				s.A = uint8(int(s.A) * int(a) / 255)
				img.SetNRGBA(x+dx, y+dy, s)
			}
		}
	}
	draw.Draw(img, img.Bounds(), body, image.Point{}, draw.Over)
	rememberSizeLocked(image.Pt(w, h))
	pieceImages.cache[k] = img
	releaseFontPagesSoon() // the glyphs were read from the font's pages (fontpages.go)
	return img
}

// rememberSizeLocked notes that pieces of size p are cached, and forgets the oldest size
// (its images and its font face) when there are more than maxPieceSizes.
func rememberSizeLocked(p image.Point) {
	for _, s := range pieceImages.sizes {
		if s == p {
			return
		}
	}
	pieceImages.sizes = append(pieceImages.sizes, p)
	if len(pieceImages.sizes) <= maxPieceSizes {
		return
	}
	old := pieceImages.sizes[0]
	pieceImages.sizes = pieceImages.sizes[1:]
	for key := range pieceImages.cache {
		if key.w == old.X && key.h == old.Y {
			delete(pieceImages.cache, key)
		}
	}
	for _, s := range pieceImages.sizes {
		if s.Y == old.Y {
			return // the face is still used
		}
	}
	for k := range pieceImages.faces {
		if k.h == old.Y {
			delete(pieceImages.faces, k)
		}
	}
}

// pieceBody is the piece without its shadow at pieceDetailW×pieceDetailH (for tests: gote's
// is sente's turned).
func pieceBody(t board.PieceType, c board.Color) *image.NRGBA {
	pieceImages.Lock()
	defer pieceImages.Unlock()
	return pieceBodyLocked(t, c, pieceDetailW, pieceDetailH, CurrentPieceStyle())
}

func pieceBodyLocked(t board.PieceType, c board.Color, w, h int, style PieceStyle) *image.NRGBA {
	if !pieceImages.parsed {
		pieceImages.parsed = true
		f, err := opentype.Parse(assets.JapaneseFont())
		if err != nil { // a blank piece is better than no window
			fyne.LogError(fmt.Sprintf("ui: parsing the bundled font %s", assets.JapaneseFontName), err)
		}
		pieceImages.font = f
		pieceImages.faces = map[faceKey]font.Face{}
		pieceImages.cache = map[pieceKey]image.Image{}
	}
	label := pieceLabel(t, c, style)
	img := drawPiece(pieceFaceLocked(h, utf8.RuneCountInString(label)), label, t.IsPromoted(), w, h)
	if c == board.White {
		img = rotate180(img)
	}
	return img
}

// faceKey is a face of the pieces' font: for a piece h pixels tall that has n kanji on it.
type faceKey struct{ h, n int }

// pieceFaceLocked returns the face that writes the n kanji of a piece h pixels tall, or nil:
// one large, or two smaller, one above the other.
func pieceFaceLocked(h, n int) font.Face {
	if pieceImages.font == nil {
		return nil
	}
	k := faceKey{h, min(n, 2)}
	if f, ok := pieceImages.faces[k]; ok {
		return f
	}
	size := 0.54 * float64(h)
	if k.n == 2 {
		size = 0.34 * float64(h)
	}
	f, err := opentype.NewFace(pieceImages.font, &opentype.FaceOptions{Size: size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		fyne.LogError("ui: a face of the bundled font", err)
		return nil
	}
	pieceImages.faces[k] = f
	return f
}

// pentagon is the outline of a shogi piece in fractions of the image, clockwise from the tip.
var pentagon = [5][2]float32{{0.5, 0.03}, {0.82, 0.17}, {0.93, 0.95}, {0.07, 0.95}, {0.18, 0.17}}

func drawPiece(face font.Face, kanji string, promoted bool, pw, ph int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, pw, ph))
	fillPolygon(img, pentagon[:], 1, image.NewUniform(pieceEdge))
	// The face: a gentle gradient, lighter where the light falls.
	grad := &verticalGradient{top: pieceFaceTop, bottom: pieceFace, h: ph}
	fillPolygon(img, pentagon[:], 0.94, grad)
	if face == nil { // the font failed to parse: a blank piece is better than no window
		return img
	}
	ink := pieceInk
	if promoted {
		ink = pieceInkPromote
	}
	d := font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: face}
	// The body of the piece, below its shoulders.
	top, bottom := ph*22/100, ph*93/100
	runes := []rune(kanji)
	if len(runes) == 2 {
		// two kanji one above the other, each centred in its half (the upper one a little
		// lower, under the narrow shoulders)
		top = ph * 20 / 100
		mid := (top + bottom) / 2
		drawCentred(&d, string(runes[0]), pw, top+ph/50, mid)
		drawCentred(&d, string(runes[1]), pw, mid, bottom)
		return img
	}
	// Centre the glyph's ink in the body of the piece.
	drawCentred(&d, kanji, pw, top, bottom)
	return img
}

// drawCentred draws text with its ink centred across the width pw and between the rows top and
// bottom.
func drawCentred(d *font.Drawer, text string, pw, top, bottom int) {
	b, _ := font.BoundString(d.Face, text) // at the origin: the drawer's would be at its dot
	w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	x := (pw-w)/2 - b.Min.X.Floor()
	y := top + (bottom-top-h)/2 - b.Min.Y.Floor()
	d.Dot = fixed.P(x, y)
	d.DrawString(text)
}

// verticalGradient is an image that runs from top to bottom over h pixels.
type verticalGradient struct {
	top, bottom color.NRGBA
	h           int
}

func (g *verticalGradient) ColorModel() color.Model { return color.NRGBAModel }
func (g *verticalGradient) Bounds() image.Rectangle {
	return image.Rect(-1e9, -1e9, 1e9, 1e9)
}
func (g *verticalGradient) At(_, y int) color.Color {
	f := float32(y) / float32(g.h)
	f = min(max(f, 0), 1)
	mix := func(a, b uint8) uint8 { return uint8(float32(a)*(1-f) + float32(b)*f) }
	return color.NRGBA{mix(g.top.R, g.bottom.R), mix(g.top.G, g.bottom.G), mix(g.top.B, g.bottom.B), 0xff}
}

// fillPolygon fills pts (fractions of the image) scaled by scale about the centre of the piece.
func fillPolygon(img *image.NRGBA, pts [][2]float32, scale float32, src image.Image) {
	w, h := float32(img.Bounds().Dx()), float32(img.Bounds().Dy())
	cx, cy := float32(0.5), float32(0.55)
	at := func(p [2]float32) (float32, float32) {
		return (cx + (p[0]-cx)*scale) * w, (cy + (p[1]-cy)*scale) * h
	}
	r := vector.NewRasterizer(img.Bounds().Dx(), img.Bounds().Dy())
	r.DrawOp = draw.Over
	r.MoveTo(at(pts[0]))
	for _, p := range pts[1:] {
		r.LineTo(at(p))
	}
	r.ClosePath()
	r.Draw(img, img.Bounds(), src, image.Point{})
}

func rotate180(src *image.NRGBA) *image.NRGBA {
	b := src.Bounds()
	dst := image.NewNRGBA(b)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			dst.SetNRGBA(b.Max.X-1-(x-b.Min.X), b.Max.Y-1-(y-b.Min.Y), src.NRGBAAt(x, y))
		}
	}
	return dst
}
