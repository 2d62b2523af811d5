package ui

import (
	"image"
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"banmen/board"
)

// render draws v in a headless window of the given size with Banmen's theme.
func render(t *testing.T, v fyne.CanvasObject, w, h float32) image.Image {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(NewTheme())
	win := test.NewTempWindow(t, v)
	win.Resize(fyne.NewSize(w, h))
	return win.Canvas().Capture()
}

func TestBoardViewRendersTheStartPosition(t *testing.T) {
	img := render(t, NewBoardView(board.NewStartPosition()), 800, 560)
	b := img.Bounds()
	if b.Dx() < 700 || b.Dy() < 500 {
		t.Fatalf("captured %v, want about 800×560", b)
	}
	colours := map[color.NRGBA]bool{}
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			colours[color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)] = true
		}
	}
	if len(colours) < 20 {
		t.Errorf("the drawing has %d colours: blank or nearly", len(colours))
	}
	total := b.Dx() * b.Dy()
	if n := countNear(img, boardWood); n < total/5 {
		t.Errorf("%d of %d pixels are the board's wood, want at least a fifth", n, total)
	}
	if n := countNear(img, pieceFace); n < total/20 {
		t.Errorf("%d of %d pixels are the faces of pieces: the 40 pieces are missing", n, total)
	}
	if n := countNear(img, standWood); n < total/40 {
		t.Errorf("%d of %d pixels are the stands' wood: the stands are missing", n, total)
	}
}

func TestBoardViewShowsHands(t *testing.T) {
	// Sente holds a rook and three pawns, gote a bishop; the board is otherwise empty but for kings.
	pos, err := board.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b R3Pb 1")
	if err != nil {
		t.Fatal(err)
	}
	v := NewBoardView(pos)
	render(t, v, 800, 560)
	r := test.WidgetRenderer(v).(*boardRenderer)
	sente, gote := &r.stands[board.Black], &r.stands[board.White]
	if sente.shown != 2 || gote.shown != 1 {
		t.Fatalf("stands show %d and %d kinds, want 2 (sente) and 1 (gote)", sente.shown, gote.shown)
	}
	if got := sente.counts[1].Text; got != "3" {
		t.Errorf("sente's pawns are counted %q, want 3", got)
	}
	if sente.none.Visible() || !gote.pieces[0].Visible() || gote.pieces[1].Visible() {
		t.Error("the wrong stand rows are visible")
	}

	v.SetPosition(board.NewStartPosition())
	if sente.shown != 0 || !sente.none.Visible() || sente.pieces[0].Visible() {
		t.Error("after SetPosition(start) the stands still show pieces")
	}
	if r.squares[board.NewSquare(7, 7)].Image == nil || !r.squares[board.NewSquare(7, 7)].Visible() {
		t.Error("after SetPosition(start) 7g shows no pawn")
	}
}
