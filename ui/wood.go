package ui

import (
	"image"
	"image/color"
	"math"
	"sync"
)

// The board and the stands are drawn on a wood texture generated here, in Go, once per
// colour: straight grain (柾目) running from top to bottom with a gentle wave and a few
// darker lines, as on a kaya board. No image file is involved (see assets/README.md).

const (
	woodW = 360
	woodH = 400
	// The stands are narrow: their texture is the board's kind of wood drawn a third as wide,
	// as it looked when the canvas squeezed a woodW-wide one into a stand (190 kB kept instead
	// of 560 kB for each).
	standWoodW = 120
)

var woodCache struct {
	sync.Mutex
	m map[woodKey]image.Image
}

type woodKey struct {
	c     color.NRGBA
	seed  uint32
	stand bool
}

// woodTexture returns the board's woodW×woodH texture of colour base. Textures are cached
// and shared; don't draw on them. Show them with canvas.ImageScaleFastest: the GPU stretches
// them (smoothly); with ImageScaleSmooth Fyne would first rescale them in Go, with a
// Catmull-Rom filter, whenever it makes their texture (30 ms of the start, a blur no one sees).
func woodTexture(base color.NRGBA, seed uint32) image.Image {
	return cachedWood(woodKey{base, seed, false})
}

// standWoodTexture returns a stand's standWoodW×woodH texture of colour base.
func standWoodTexture(base color.NRGBA, seed uint32) image.Image {
	return cachedWood(woodKey{base, seed, true})
}

func cachedWood(k woodKey) image.Image {
	woodCache.Lock()
	defer woodCache.Unlock()
	if img, ok := woodCache.m[k]; ok {
		return img
	}
	if woodCache.m == nil {
		woodCache.m = map[woodKey]image.Image{}
	}
	w := woodW
	if k.stand {
		w = standWoodW
	}
	img := drawWood(k.c, k.seed, w)
	woodCache.m[k] = img
	return img
}

// drawWood draws width×woodH pixels of wood: the board's woodW-wide pattern squeezed into
// width, where lines are no thinner than a pixel (a thinner one is drawn fainter instead).
func drawWood(base color.NRGBA, seed uint32, width int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, width, woodH))
	rnd := newXorshift(seed)
	sx := float64(width) / woodW
	// A handful of grain lines: position, width, darkness, waviness.
	type line struct{ x, w, dark, amp, freq, phase float64 }
	lines := make([]line, 26)
	for i := range lines {
		lines[i] = line{
			x:     rnd.float() * woodW * sx,
			w:     (0.6 + 2.2*rnd.float()) * sx,
			dark:  0.03 + 0.07*rnd.float(),
			amp:   (2 + 6*rnd.float()) * sx,
			freq:  (0.5 + rnd.float()) * 2 * math.Pi / woodH,
			phase: rnd.float() * 2 * math.Pi,
		}
		if l := &lines[i]; sx < 1 && l.w < 1 {
			l.dark *= l.w
			l.w = 1
		}
	}
	// The soft bands, sin(x·2π/97 + wave(y)), from a table of sin and cos over x.
	sinX, cosX := make([]float64, width), make([]float64, width)
	for x := range width {
		sinX[x], cosX[x] = math.Sincos(float64(x) / sx * 2 * math.Pi / 97)
	}
	shade := make([]float64, width)
	for y := 0; y < woodH; y++ {
		fy := float64(y)
		sw, cw := math.Sincos(0.8 * math.Sin(fy*2*math.Pi/woodH))
		for x := range shade {
			shade[x] = 1 + 0.035*(sinX[x]*cw+cosX[x]*sw) + 0.012*(rnd.float()-0.5)
		}
		for _, l := range lines { // each grain line darkens the pixels near where it runs on this row
			c := l.x + l.amp*math.Sin(fy*l.freq+l.phase)
			for x := max(0, int(math.Ceil(c-3*l.w))); x <= min(width-1, int(c+3*l.w)); x++ {
				d := float64(x) - c
				shade[x] -= l.dark * math.Exp(-d*d/(l.w*l.w))
			}
		}
		row := img.Pix[y*img.Stride:]
		for x, sh := range shade {
			p := row[4*x : 4*x+4 : 4*x+4]
			p[0] = clampByte(float64(base.R) * sh)
			p[1] = clampByte(float64(base.G) * sh)
			p[2] = clampByte(float64(base.B) * sh)
			p[3] = 0xff
		}
	}
	return img
}

func clampByte(v float64) uint8 {
	return uint8(min(max(v, 0), 255))
}

// xorshift is a tiny deterministic random source, so that the texture is the same every run
// (the rendering tests compare images).
type xorshift struct{ s uint32 }

func newXorshift(seed uint32) *xorshift {
	if seed == 0 {
		seed = 0x9e3779b9
	}
	return &xorshift{seed}
}

func (x *xorshift) float() float64 {
	x.s ^= x.s << 13
	x.s ^= x.s >> 17
	x.s ^= x.s << 5
	return float64(x.s) / float64(math.MaxUint32)
}
