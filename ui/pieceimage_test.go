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
		black := pieceBody(pt, board.Black)
		white := pieceBody(pt, board.White)
		want := pieceInk
		if pt.IsPromoted() {
			want = pieceInkPromote
		}
		if n := countNear(black, want); n < 250 {
			t.Errorf("%v: only %d pixels of ink: the kanji did not render", pt, n)
		}
		if pt.IsPromoted() && countNear(black, pieceInk) > 20 {
			t.Errorf("%v: a promoted piece written in black ink", pt)
		}
		if pt == board.King { // 玉 and 王 differ; the rest must be exact turns of each other
			continue
		}
		if rot := rotate180(black); string(rot.Pix) != string(white.Pix) {
			t.Errorf("%v: gote's piece is not sente's turned 180°", pt)
		}
		// The tip of the pentagon is at the top for sente and at the bottom for gote: sente's
		// piece is narrow near the top of its image, gote's is wide there.
		if nb, nw := opaqueInRow(black, 14), opaqueInRow(white, 14); nb*2 > nw {
			t.Errorf("%v: near the top, sente's piece is %d pixels wide and gote's %d: the tips point the wrong way", pt, nb, nw)
		}
	}
}

func TestPieceImagesCastAShadowDownAndRight(t *testing.T) {
	for _, c := range []board.Color{board.Black, board.White} {
		img := pieceImageSized(board.Gold, c, pieceDetailW, pieceDetailH).(*image.NRGBA)
		body := pieceBody(board.Gold, c)
		// Right of the body's lowest right corner there is shadow, left of the lowest left none.
		shadowRight, shadowLeft := 0, 0
		for y := 0; y < pieceDetailH; y++ {
			for x := 0; x < pieceDetailW; x++ {
				if body.NRGBAAt(x, y).A == 0 && img.NRGBAAt(x, y).A > 0 {
					if x > pieceDetailW/2 {
						shadowRight++
					} else {
						shadowLeft++
					}
				}
			}
		}
		if shadowRight < 100 || shadowLeft*2 > shadowRight {
			t.Errorf("%v gold: shadow pixels right %d, left %d; want most on the right", c, shadowRight, shadowLeft)
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

// Pieces are drawn at the size they are shown, not scaled from a large picture: a small piece
// has its own size, ink of its own colour, and its shadow; a second call shares the image.
func TestPieceImageSizedIsDrawnAtItsSize(t *testing.T) {
	for _, sz := range []image.Point{{40, 44}, {61, 67}, {200, 220}} {
		img := pieceImageSized(board.Dragon, board.White, sz.X, sz.Y)
		if got := img.Bounds().Size(); got != sz {
			t.Fatalf("size %v, want %v", got, sz)
		}
		if n := countNear(img, pieceInkPromote); n < sz.X*sz.Y/100 {
			t.Errorf("%v: only %d pixels of red ink on 龍", sz, n)
		}
		if img != pieceImageSized(board.Dragon, board.White, sz.X, sz.Y) {
			t.Errorf("%v: the second call drew the piece again", sz)
		}
	}
	// More sizes than are kept: the oldest is forgotten, the newest kept.
	first := pieceImageSized(board.Pawn, board.Black, 30, 33)
	for i := range maxPieceSizes {
		pieceImageSized(board.Pawn, board.Black, 31+i, 34+i)
	}
	if pieceImageSized(board.Pawn, board.Black, 30, 33) == first {
		t.Error("the oldest size was not forgotten")
	}
	pieceImages.Lock()
	n := len(pieceImages.sizes)
	pieceImages.Unlock()
	if n > maxPieceSizes {
		t.Errorf("%d sizes kept, at most %d", n, maxPieceSizes)
	}
}

// Two-kanji pieces (二文字駒) have both kanji written, one above the other, in each half of the
// piece's body; gote's are sente's turned, but for the kings (玉将, 王将).
func TestTwoKanjiPieces(t *testing.T) {
	SetPieceStyle(PieceTwoKanji)
	t.Cleanup(func() { SetPieceStyle(PieceOneKanji) })
	for _, tc := range []struct {
		t    board.PieceType
		c    board.Color
		want string
	}{
		{board.Pawn, board.Black, "歩兵"},
		{board.King, board.Black, "玉将"},
		{board.King, board.White, "王将"},
		{board.ProLance, board.White, "成香"},
		{board.Horse, board.Black, "龍馬"},
		{board.Dragon, board.Black, "龍王"},
	} {
		if got := pieceLabel(tc.t, tc.c, PieceTwoKanji); got != tc.want {
			t.Errorf("pieceLabel(%v, %v) = %q, want %q", tc.t, tc.c, got, tc.want)
		}
	}
	inkIn := func(img *image.NRGBA, y0, y1 int, ink color.NRGBA) int {
		return countNear(img.SubImage(image.Rect(0, y0, pieceDetailW, y1)), ink)
	}
	for pt := board.Pawn; pt <= board.Dragon; pt++ {
		ink := pieceInk
		if pt.IsPromoted() {
			ink = pieceInkPromote
		}
		black := pieceBody(pt, board.Black)
		// the body of the piece, below its shoulders, in halves
		top, mid, bottom := pieceDetailH*20/100, pieceDetailH*57/100, pieceDetailH*93/100
		if up, down := inkIn(black, top, mid, ink), inkIn(black, mid, bottom, ink); up < 150 || down < 150 {
			t.Errorf("%v: %d and %d pixels of ink in the upper and lower halves: a kanji is missing", pt, up, down)
		}
		if pt != board.King && string(rotate180(black).Pix) != string(pieceBody(pt, board.White).Pix) {
			t.Errorf("%v: gote's piece is not sente's turned 180°", pt)
		}
		// the one-kanji piece is another picture, kept apart in the cache
		SetPieceStyle(PieceOneKanji)
		one := pieceImageSized(pt, board.Black, 60, 66)
		SetPieceStyle(PieceTwoKanji)
		if two := pieceImageSized(pt, board.Black, 60, 66); string(one.(*image.NRGBA).Pix) == string(two.(*image.NRGBA).Pix) {
			t.Errorf("%v: the two styles draw the same picture", pt)
		}
	}
}
