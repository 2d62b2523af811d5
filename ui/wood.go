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
)

var woodCache struct {
	sync.Mutex
	m map[woodKey]image.Image
}

type woodKey struct {
	c    color.NRGBA
	seed uint32
}

// woodTexture returns a woodW×woodH texture of colour base. Textures are cached and shared;
// don't draw on them.
func woodTexture(base color.NRGBA, seed uint32) image.Image {
	woodCache.Lock()
	defer woodCache.Unlock()
	k := woodKey{base, seed}
	if img, ok := woodCache.m[k]; ok {
		return img
	}
	if woodCache.m == nil {
		woodCache.m = map[woodKey]image.Image{}
	}
	img := drawWood(base, seed)
	woodCache.m[k] = img
	return img
}

func drawWood(base color.NRGBA, seed uint32) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, woodW, woodH))
	rnd := newXorshift(seed)
	// A handful of grain lines: position, width, darkness, waviness.
	type line struct{ x, w, dark, amp, freq, phase float64 }
	lines := make([]line, 26)
	for i := range lines {
		lines[i] = line{
			x:     rnd.float() * woodW,
			w:     0.6 + 2.2*rnd.float(),
			dark:  0.03 + 0.07*rnd.float(),
			amp:   2 + 6*rnd.float(),
			freq:  (0.5 + rnd.float()) * 2 * math.Pi / woodH,
			phase: rnd.float() * 2 * math.Pi,
		}
	}
	for y := 0; y < woodH; y++ {
		for x := 0; x < woodW; x++ {
			fx := float64(x)
			// broad, soft bands of lighter and darker wood
			shade := 1 + 0.035*math.Sin(fx*2*math.Pi/97+0.8*math.Sin(float64(y)*2*math.Pi/woodH))
			for _, l := range lines {
				d := math.Abs(fx - (l.x + l.amp*math.Sin(float64(y)*l.freq+l.phase)))
				if d < 3*l.w {
					shade -= l.dark * math.Exp(-d*d/(l.w*l.w))
				}
			}
			shade += 0.012 * (rnd.float() - 0.5)
			img.SetNRGBA(x, y, color.NRGBA{
				R: clampByte(float64(base.R) * shade),
				G: clampByte(float64(base.G) * shade),
				B: clampByte(float64(base.B) * shade),
				A: 0xff,
			})
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
