package ui

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"banmen/assets"
	"banmen/board"
)

// Piece images are drawn once per kind and colour at this size (a piece is a little taller
// than wide, like the squares) and scaled by the canvas. Fyne cannot rotate text, so the
// pieces are images: that is how gote's pieces face the other way.
const (
	pieceImageW = 120
	pieceImageH = 132
)

var (
	pieceFace       = color.NRGBA{0xf6, 0xdd, 0xa4, 0xff} // the face of a piece
	pieceEdge       = color.NRGBA{0x6b, 0x4a, 0x22, 0xff} // its outline
	pieceInk        = color.NRGBA{0x17, 0x12, 0x0c, 0xff} // kanji of an unpromoted piece
	pieceInkPromote = color.NRGBA{0xb0, 0x1c, 0x12, 0xff} // kanji of a promoted piece, in red as on real pieces
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

// pieceImage returns the picture of a piece: a pentagon with its kanji, turned 180° for gote.
// The images are cached and shared; don't draw on them.
func pieceImage(t board.PieceType, c board.Color) image.Image {
	pieceImages.Lock()
	defer pieceImages.Unlock()
	k := pieceKey{t, c}
	if img, ok := pieceImages.cache[k]; ok {
		return img
	}
	if !pieceImages.parsed {
		pieceImages.parsed = true
		pieceImages.face, pieceImages.err = newPieceFace()
		pieceImages.cache = map[pieceKey]image.Image{}
	}
	img := drawPiece(pieceImages.face, PieceKanji(t, c), t.IsPromoted())
	if c == board.White {
		img = rotate180(img)
	}
	pieceImages.cache[k] = img
	return img
}

func newPieceFace() (font.Face, error) {
	f, err := opentype.Parse(assets.JapaneseFont())
	if err != nil {
		return nil, fmt.Errorf("ui: parsing the bundled font %s: %w", assets.JapaneseFontName, err)
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: 0.56 * pieceImageH, DPI: 72, Hinting: font.HintingNone})
}

// pentagon is the outline of a shogi piece in fractions of the image, clockwise from the tip.
var pentagon = [5][2]float32{{0.5, 0.02}, {0.83, 0.17}, {0.95, 0.98}, {0.05, 0.98}, {0.17, 0.17}}

func drawPiece(face font.Face, kanji string, promoted bool) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, pieceImageW, pieceImageH))
	fillPolygon(img, pentagon[:], 1, pieceEdge)
	fillPolygon(img, pentagon[:], 0.93, pieceFace)
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
	top, bottom := pieceImageH*20/100, pieceImageH*97/100
	x := (pieceImageW-w)/2 - b.Min.X.Floor()
	y := top + (bottom-top-h)/2 - b.Min.Y.Floor()
	d.Dot = fixed.P(x, y)
	d.DrawString(kanji)
	return img
}

// fillPolygon fills pts (fractions of the image) scaled by scale about the centre of the piece.
func fillPolygon(img *image.NRGBA, pts [][2]float32, scale float32, c color.Color) {
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
	r.Draw(img, img.Bounds(), image.NewUniform(c), image.Point{})
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
