package ui

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"

	"banmen/board"
)

// The 局面図 is a PNG of the position shown at a fixed size, the record's names on its plates,
// turned when the board is; saved where the dialog says, with .png added when missing.
func TestExportBoardImage(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	newTestAppThemeLight(w)
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(10)
	dir := t.TempDir()
	d.save = filepath.Join(dir, "pos")
	w.ExportBoardImage()
	if want := filepath.Join(filepath.Dir(meijinKIF), strings.TrimSuffix(filepath.Base(meijinKIF), ".kif")+"-10.png"); d.lastSaveSuggests != want {
		t.Errorf("the dialog suggests %q, want %q", d.lastSaveSuggests, want)
	}
	data, err := os.ReadFile(filepath.Join(dir, "pos.png"))
	if err != nil {
		t.Fatalf("no pos.png: %v (status %q)", err, w.status.Text)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	size := boardImageSize()
	wantW, wantH := int(size.Width*boardImageScale), int(size.Height*boardImageScale)
	if b := img.Bounds(); b.Dx() != wantW || b.Dy() != wantH {
		t.Fatalf("the picture is %v, want %dx%d", b.Size(), wantW, wantH)
	}
	// the picture shows the position: a square's centre differs between a piece and no piece,
	// and the same squares in a picture of the start position differ where the position does
	pos := w.Session().Position()
	start := boardImage(board.NewStartPosition(), board.NoMove, "", "", false, w.msg)
	differs := 0
	for s := board.Square(0); s < board.NumSquares; s++ {
		here, there := pos.PieceAt(s), board.NewStartPosition().PieceAt(s)
		same := sameAround(img, start, squareCentre(img, s, false))
		if (here == there) != same {
			t.Errorf("square %v: %v here, %v at the start, the pictures alike %v", s, here, there, same)
		}
		if !same {
			differs++
		}
	}
	if differs == 0 {
		t.Error("the picture does not show the position")
	}
	// the names are on the plates: a picture without them differs
	rec := w.Session().Record()
	if rec.BlackName() == "" {
		t.Fatal("the record has no names")
	}
	noNames := boardImage(pos, w.shownLastMove(), "", "", false, w.msg)
	if imagesEqual(img, noNames) {
		t.Error("the players' names are not in the picture")
	}
	// at the record's end (投了) the name counts the moves
	w.Session().Last()
	w.ExportBoardImage()
	if moves := w.Session().MoveCount(); !strings.HasSuffix(d.lastSaveSuggests, "-"+strconv.Itoa(moves)+".png") || w.Session().Node().Move != board.NoMove {
		t.Errorf("at the end (%d moves, %v) the dialog suggests %q", moves, w.Session().Node().Move, d.lastSaveSuggests)
	}
	w.Session().GoTo(10)
	// turned as the board is
	w.Flip()
	d.save = filepath.Join(dir, "turned.PNG")
	w.ExportBoardImage()
	turned, err := os.ReadFile(filepath.Join(dir, "turned.PNG"))
	if err != nil {
		t.Fatal(err)
	}
	timg, err := png.Decode(bytes.NewReader(turned))
	if err != nil {
		t.Fatal(err)
	}
	if imagesEqual(img, timg) {
		t.Error("the turned board's picture is the same")
	}
	s := board.NewSquare(7, 7)
	if !sameAround(timg, boardImage(pos, w.shownLastMove(), rec.BlackName(), rec.WhiteName(), true, w.msg), squareCentre(timg, s, true)) {
		t.Error("the turned picture is not the board turned")
	}
}

// squareCentre is the pixel at the centre of square s in a picture of the board.
func squareCentre(img image.Image, s board.Square, flipped bool) image.Point {
	b := img.Bounds()
	g := newGeom(fyne.NewSize(float32(b.Dx()), float32(b.Dy())), flipped) // in pixels
	p, size := g.squarePos(s), g.squareSize()
	return image.Pt(int(p.X+size.Width/2), int(p.Y+size.Height/2))
}

// sameAround reports whether a and b agree in the 9×9 pixels around p.
func sameAround(a, b image.Image, p image.Point) bool {
	for dy := -4; dy <= 4; dy++ {
		for dx := -4; dx <= 4; dx++ {
			if color.NRGBAModel.Convert(a.At(p.X+dx, p.Y+dy)) != color.NRGBAModel.Convert(b.At(p.X+dx, p.Y+dy)) {
				return false
			}
		}
	}
	return true
}

func imagesEqual(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if color.NRGBAModel.Convert(a.At(x, y)) != color.NRGBAModel.Convert(b.At(x, y)) {
				return false
			}
		}
	}
	return true
}
