// Command mkicon draws Banmen's application icon: a shogi piece (王, in the bundled
// Japanese font's outline) standing on a corner of a wooden board. It writes the same drawing
// twice, as SVG (for desktops that scale it) and as a 256×256 PNG (for Fyne's window icon and
// FyneApp.toml), so that the two never differ. Run it from the assets folder:
//
//	go generate ./assets
//
// or go run ./internal/tools/mkicon -dir assets/icon from the repository root.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"log"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"banmen/assets"
)

// size is the side of the icon in SVG units and in PNG pixels.
const size = 256

// A shape is a closed outline in icon coordinates, filled with one colour.
type shape struct {
	path []op
	fill color.NRGBA
}

// op is one step of an outline: 'M' move, 'L' line, 'Q' quadratic, 'C' cubic, 'Z' close.
type op struct {
	kind byte
	pts  []float32 // x, y pairs
}

func rect(x, y, w, h float32) []op {
	return []op{{'M', []float32{x, y}}, {'L', []float32{x + w, y}}, {'L', []float32{x + w, y + h}}, {'L', []float32{x, y + h}}, {'Z', nil}}
}

func poly(pts ...float32) []op {
	p := []op{{'M', pts[:2]}}
	for i := 2; i < len(pts); i += 2 {
		p = append(p, op{'L', pts[i : i+2]})
	}
	return append(p, op{'Z', nil})
}

// roundRect is a rectangle with corners of radius r (quadratic curves).
func roundRect(x, y, w, h, r float32) []op {
	return []op{
		{'M', []float32{x + r, y}}, {'L', []float32{x + w - r, y}}, {'Q', []float32{x + w, y, x + w, y + r}},
		{'L', []float32{x + w, y + h - r}}, {'Q', []float32{x + w, y + h, x + w - r, y + h}},
		{'L', []float32{x + r, y + h}}, {'Q', []float32{x, y + h, x, y + h - r}},
		{'L', []float32{x, y + r}}, {'Q', []float32{x, y, x + r, y}}, {'Z', nil},
	}
}

var (
	boardWood = color.NRGBA{0xE2, 0xB0, 0x5E, 0xFF}
	boardEdge = color.NRGBA{0x9A, 0x64, 0x28, 0xFF}
	gridLine  = color.NRGBA{0x4A, 0x30, 0x12, 0xFF}
	pieceFace = color.NRGBA{0xF8, 0xE0, 0xA8, 0xFF}
	pieceEdge = color.NRGBA{0x7A, 0x4E, 0x1C, 0xFF}
	ink       = color.NRGBA{0x1C, 0x14, 0x0C, 0xFF}
)

// shapes returns the drawing, back to front.
func shapes(glyph []op) []shape {
	s := []shape{
		{roundRect(8, 8, 240, 240, 28), boardEdge},
		{roundRect(16, 16, 224, 224, 22), boardWood},
	}
	// the grid: three by three squares of the board, lines 4 units wide
	for i := 0; i < 4; i++ {
		at := float32(16 + 16 + i*64)
		s = append(s, shape{rect(at-2, 16, 4, 224), gridLine}, shape{rect(16, at-2, 224, 4), gridLine})
	}
	// the piece: a pentagon, its outline then its face
	s = append(s,
		shape{poly(128, 34, 196, 66, 214, 226, 42, 226, 60, 66), pieceEdge},
		shape{poly(128, 43, 188, 72, 205, 218, 51, 218, 68, 72), pieceFace},
		shape{glyph, ink},
	)
	return s
}

// kingGlyph returns the outline of 王 from the bundled font, fitted into the piece's face.
func kingGlyph() ([]op, error) {
	f, err := sfnt.Parse(assets.JapaneseFont())
	if err != nil {
		return nil, err
	}
	var b sfnt.Buffer
	gi, err := f.GlyphIndex(&b, '王')
	if err != nil || gi == 0 {
		return nil, fmt.Errorf("the font has no 王: %v", err)
	}
	const ppem = 120
	segs, err := f.LoadGlyph(&b, gi, fixed.I(ppem), nil)
	if err != nil {
		return nil, err
	}
	// the glyph's box, to centre it on the face below the pentagon's roof
	minX, minY, maxX, maxY := float32(1e9), float32(1e9), float32(-1e9), float32(-1e9)
	for _, sg := range segs {
		for _, p := range sg.Args[:argCount(sg.Op)] {
			x, y := fx(p.X), fx(p.Y)
			minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
		}
	}
	dx := 128 - (minX+maxX)/2
	dy := 150 - (minY+maxY)/2
	var out []op
	for _, sg := range segs {
		n := argCount(sg.Op)
		pts := make([]float32, 0, 2*n)
		for _, p := range sg.Args[:n] {
			pts = append(pts, fx(p.X)+dx, fx(p.Y)+dy)
		}
		switch sg.Op {
		case sfnt.SegmentOpMoveTo:
			if len(out) > 0 {
				out = append(out, op{'Z', nil})
			}
			out = append(out, op{'M', pts})
		case sfnt.SegmentOpLineTo:
			out = append(out, op{'L', pts})
		case sfnt.SegmentOpQuadTo:
			out = append(out, op{'Q', pts})
		case sfnt.SegmentOpCubeTo:
			out = append(out, op{'C', pts})
		}
	}
	return append(out, op{'Z', nil}), nil
}

func argCount(o sfnt.SegmentOp) int {
	switch o {
	case sfnt.SegmentOpQuadTo:
		return 2
	case sfnt.SegmentOpCubeTo:
		return 3
	}
	return 1
}

func fx(v fixed.Int26_6) float32 { return float32(v) / 64 }

// svg writes the drawing as an SVG document.
func svg(s []shape) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n", size, size, size, size)
	b.WriteString("<!-- Banmen's icon, drawn by internal/tools/mkicon (go generate ./assets): do not edit -->\n")
	for _, sh := range s {
		var d strings.Builder
		for _, o := range sh.path {
			d.WriteByte(o.kind)
			for i, v := range o.pts {
				if i > 0 {
					d.WriteByte(' ')
				}
				fmt.Fprintf(&d, "%.2f", v)
			}
		}
		fmt.Fprintf(&b, "<path fill=\"#%02X%02X%02X\" d=\"%s\"/>\n", sh.fill.R, sh.fill.G, sh.fill.B, d.String())
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// raster draws the shapes into a size×size image, anti-aliased.
func raster(s []shape) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	for _, sh := range s {
		r := vector.NewRasterizer(size, size)
		for _, o := range sh.path {
			p := o.pts
			switch o.kind {
			case 'M':
				r.MoveTo(p[0], p[1])
			case 'L':
				r.LineTo(p[0], p[1])
			case 'Q':
				r.QuadTo(p[0], p[1], p[2], p[3])
			case 'C':
				r.CubeTo(p[0], p[1], p[2], p[3], p[4], p[5])
			case 'Z':
				r.ClosePath()
			}
		}
		r.DrawOp = draw.Over
		r.Draw(img, img.Bounds(), image.NewUniform(sh.fill), image.Point{})
	}
	return img
}

func main() {
	dir := flag.String("dir", "icon", "the folder to write banmen.svg and banmen.png in")
	flag.Parse()
	glyph, err := kingGlyph()
	if err != nil {
		log.Fatalf("mkicon: %v", err)
	}
	s := shapes(glyph)
	var pngData bytes.Buffer
	if err := png.Encode(&pngData, raster(s)); err != nil {
		log.Fatalf("mkicon: %v", err)
	}
	for name, data := range map[string][]byte{"banmen.svg": svg(s), "banmen.png": pngData.Bytes()} {
		if err := os.WriteFile(filepath.Join(*dir, name), data, 0o644); err != nil {
			log.Fatalf("mkicon: %v", err)
		}
	}
}
