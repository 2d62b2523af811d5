package ui

import (
	"image"
	"image/color"
	"testing"

	"banmen/board"
)

func TestPieceKanji(t *testing.T) {
	for _, tc := range []struct {
		t    board.PieceType
		c    board.Color
		want string
	}{
		{board.Pawn, board.Black, "歩"},
		{board.King, board.Black, "玉"},
		{board.King, board.White, "王"},
		{board.ProLance, board.White, "杏"},
		{board.Dragon, board.Black, "龍"},
	} {
		if got := PieceKanji(tc.t, tc.c); got != tc.want {
			t.Errorf("PieceKanji(%v, %v) = %q, want %q", tc.t, tc.c, got, tc.want)
		}
	}
}

func TestPieceImagesHaveInkAndGoteFacesTheOtherWay(t *testing.T) {
	for pt := board.Pawn; pt <= board.Dragon; pt++ {
		black := pieceImage(pt, board.Black).(*image.NRGBA)
		white := pieceImage(pt, board.White).(*image.NRGBA)
		want := pieceInk
		if pt.IsPromoted() {
			want = pieceInkPromote
		}
		if n := countNear(black, want); n < 150 {
			t.Errorf("%v: only %d pixels of ink: the kanji did not render", pt, n)
		}
		if pt == board.King { // 玉 and 王 differ; the rest must be exact turns of each other
			continue
		}
		if rot := rotate180(black); string(rot.Pix) != string(white.Pix) {
			t.Errorf("%v: gote's piece is not sente's turned 180°", pt)
		}
		// The tip of the pentagon is at the top for sente and at the bottom for gote: sente's
		// piece is narrow near the top of its image, gote's is wide there.
		if nb, nw := opaqueInRow(black, 10), opaqueInRow(white, 10); nb*2 > nw {
			t.Errorf("%v: near the top, sente's piece is %d pixels wide and gote's %d: the tips point the wrong way", pt, nb, nw)
		}
	}
}

func opaqueInRow(img *image.NRGBA, y int) int {
	n := 0
	for x := 0; x < img.Bounds().Dx(); x++ {
		if img.NRGBAAt(x, y).A > 128 {
			n++
		}
	}
	return n
}

// countNear counts the pixels of img within a small distance of c.
func countNear(img image.Image, c color.NRGBA) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			p := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if p.A > 200 && near(p.R, c.R) && near(p.G, c.G) && near(p.B, c.B) {
				n++
			}
		}
	}
	return n
}

func near(a, b uint8) bool {
	d := int(a) - int(b)
	return -24 < d && d < 24
}
