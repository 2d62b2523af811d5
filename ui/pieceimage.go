package ui

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"banmen/assets"
	"banmen/board"
)

// Piece images are drawn once per kind and colour at this size (a piece is a little taller
// than wide, like the squares) and scaled by the canvas. Fyne cannot rotate text, so the
// pieces are images: that is how gote's pieces face the other way. They are drawn here, in
// Go, from the bundled font: no image files are involved (see assets/README.md).
const (
	pieceImageW = 160
	pieceImageH = 176
)

var (
	pieceFaceTop    = color.NRGBA{0xfb, 0xe9, 0xbd, 0xff} // the face of a piece, lit from above
	pieceFace       = color.NRGBA{0xf1, 0xd3, 0x92, 0xff} // …and its lower part
	pieceEdge       = color.NRGBA{0x7a, 0x52, 0x22, 0xff} // its outline, the side of the wood
	pieceShadow     = color.NRGBA{0x20, 0x10, 0x00, 0x60}
	pieceInk        = color.NRGBA{0x17, 0x12, 0x0c, 0xff} // kanji of an unpromoted piece
	pieceInkPromote = color.NRGBA{0xb8, 0x1c, 0x10, 0xff} // kanji of a promoted piece, in red as on real pieces
)

type pieceKey struct {
	t board.PieceType
	c board.Color
}

var pieceImages struct {
	sync.Mutex
	face   font.Face
	err    error
	parsed bool
	cache  map[pieceKey]image.Image
}

// PieceKanji is the single character Banmen writes on a piece. Both kings are 玉 in the
// rules package; on the board gote's king is 王, as in printed diagrams.
func PieceKanji(t board.PieceType, c board.Color) string {
	if t == board.King && c == board.White {
		return "王"
	}
	return t.ShortKanji()
}

// pieceImage returns the picture of a piece: a pentagon with its kanji, turned 180° for gote,
// with a soft shadow below and to the right. The images are cached and shared; don't draw on them.
func pieceImage(t board.PieceType, c board.Color) image.Image {
	pieceImages.Lock()
	defer pieceImages.Unlock()
	k := pieceKey{t, c}
	if img, ok := pieceImages.cache[k]; ok {
		return img
	}
	body := pieceBodyLocked(t, c)
	img := image.NewNRGBA(body.Bounds())
	// The light comes from the top left whichever way the piece points.
	dx, dy := pieceImageW/40, pieceImageH/40
	for y := 0; y < pieceImageH-dy; y++ {
		for x := 0; x < pieceImageW-dx; x++ {
			if a := body.NRGBAAt(x, y).A; a > 0 {
				s := pieceShadow
				s.A = uint8(int(s.A) * int(a) / 255)
				img.SetNRGBA(x+dx, y+dy, s)
			}
		}
	}
	draw.Draw(img, img.Bounds(), body, image.Point{}, draw.Over)
	pieceImages.cache[k] = img
	return img
}

// pieceBody is the piece without its shadow (for tests: gote's is sente's turned).
func pieceBody(t board.PieceType, c board.Color) *image.NRGBA {
	pieceImages.Lock()
	defer pieceImages.Unlock()
	return pieceBodyLocked(t, c)
}

func pieceBodyLocked(t board.PieceType, c board.Color) *image.NRGBA {
	if !pieceImages.parsed {
		pieceImages.parsed = true
		pieceImages.face, pieceImages.err = newPieceFace()
		pieceImages.cache = map[pieceKey]image.Image{}
	}
	img := drawPiece(pieceImages.face, PieceKanji(t, c), t.IsPromoted())
	if c == board.White {
		img = rotate180(img)
	}
	return img
}

func newPieceFace() (font.Face, error) {
	f, err := opentype.Parse(assets.JapaneseFont())
	if err != nil {
		return nil, fmt.Errorf("ui: parsing the bundled font %s: %w", assets.JapaneseFontName, err)
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: 0.54 * pieceImageH, DPI: 72, Hinting: font.HintingNone})
}

// pentagon is the outline of a shogi piece in fractions of the image, clockwise from the tip.
var pentagon = [5][2]float32{{0.5, 0.03}, {0.82, 0.17}, {0.93, 0.95}, {0.07, 0.95}, {0.18, 0.17}}

func drawPiece(face font.Face, kanji string, promoted bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, pieceImageW, pieceImageH))
	fillPolygon(img, pentagon[:], 1, image.NewUniform(pieceEdge))
	// The face: a gentle gradient, lighter where the light falls.
	grad := &verticalGradient{top: pieceFaceTop, bottom: pieceFace, h: pieceImageH}
	fillPolygon(img, pentagon[:], 0.94, grad)
	if face == nil { // the font failed to parse: a blank piece is better than no window
		return img
	}
	ink := pieceInk
	if promoted {
		ink = pieceInkPromote
	}
	d := font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: face}
	b, _ := d.BoundString(kanji)
	w, h := (b.Max.X - b.Min.X).Ceil(), (b.Max.Y - b.Min.Y).Ceil()
	// Centre the glyph's ink in the body of the piece, below its shoulders.
	top, bottom := pieceImageH*22/100, pieceImageH*93/100
	x := (pieceImageW-w)/2 - b.Min.X.Floor()
	y := top + (bottom-top-h)/2 - b.Min.Y.Floor()
	d.Dot = fixed.P(x, y)
	d.DrawString(kanji)
	return img
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

// Sized piece images: the canvas would scale a piece's image to its size on the screen each
// time it makes a texture of it (with a temporary buffer of a third of a megabyte), that is at
// every move for the squares that changed. The renderer asks for images of the exact size in
// pixels instead, scaled here once per kind and size.

type sizedKey struct {
	t    board.PieceType
	c    board.Color
	w, h int
}

const maxPieceSizes = 6 // the squares, the stands, the drag, the promotion choice, and a resize or two

var sizedImages struct {
	sync.Mutex
	m     map[sizedKey]image.Image
	sizes []image.Point // newest last
}

// pieceImageSized returns pieceImage(t, c) scaled to w×h pixels (the image itself when w×h is
// not smaller). The images are cached and shared; don't draw on them.
func pieceImageSized(t board.PieceType, c board.Color, w, h int) image.Image {
	if w <= 0 || h <= 0 || w >= pieceImageW || h >= pieceImageH {
		return pieceImage(t, c)
	}
	k := sizedKey{t, c, w, h}
	sizedImages.Lock()
	if img, ok := sizedImages.m[k]; ok {
		sizedImages.Unlock()
		return img
	}
	sizedImages.Unlock()
	src := pieceImage(t, c)
	dst := image.NewNRGBA(image.Rect(0, 0, w, h))
	xdraw.CatmullRom.Scale(dst, dst.Bounds(), src, src.Bounds(), xdraw.Src, nil)
	sizedImages.Lock()
	defer sizedImages.Unlock()
	if sizedImages.m == nil {
		sizedImages.m = map[sizedKey]image.Image{}
	}
	p := image.Pt(w, h)
	known := false
	for _, s := range sizedImages.sizes {
		known = known || s == p
	}
	if !known {
		sizedImages.sizes = append(sizedImages.sizes, p)
		if len(sizedImages.sizes) > maxPieceSizes { // forget the oldest size
			old := sizedImages.sizes[0]
			sizedImages.sizes = sizedImages.sizes[1:]
			for key := range sizedImages.m {
				if key.w == old.X && key.h == old.Y {
					delete(sizedImages.m, key)
				}
			}
		}
	}
	sizedImages.m[k] = dst
	return dst
}
