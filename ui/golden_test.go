package ui

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// The rendering tests draw widgets with Fyne's headless test driver and compare the images
// with masters in testdata/. Run `go test ./ui -update` to write the masters again after a
// deliberate change of the look, and look at every one of them before committing.
var update = flag.Bool("update", false, "write the master images in testdata/ instead of comparing with them")

// Two images match when at most maxDiffShare of the pixels differ by more than pixelTolerance
// in some channel: enough for differences of anti-aliasing between machines, far too little
// for a missing piece (one piece is about 0.5% of the board's pixels) or a wrong highlight.
const (
	pixelTolerance = 48
	maxDiffShare   = 0.001
)

// newTestApp starts a headless app with Banmen's theme in the given mode.
func newTestApp(t testing.TB, mode ThemeMode) fyne.App {
	t.Helper()
	a := test.NewTempApp(t)
	a.Settings().SetTheme(NewThemeMode(mode))
	sampleFyneClock(t)
	return a
}

// sampleFyneClock makes Fyne read the clock its renderer cache stamps new renderers with.
// Fyne 2.8 samples it only when a paint cleans the cache; after a minute of tests that
// paint nothing (games, studies), renderers made next are born expired, and the next
// capture destroys them: the picture then shows widgets never laid out (entries without
// text). A capture of an empty window samples the clock.
func sampleFyneClock(t testing.TB) {
	test.NewTempWindow(t, widget.NewLabel("")).Canvas().Capture()
}

// capture shows o alone in a headless window of the given size and returns the picture.
func capture(t testing.TB, o fyne.CanvasObject, w, h float32) image.Image {
	t.Helper()
	win := test.NewTempWindow(t, o)
	win.Resize(fyne.NewSize(w, h))
	return win.Canvas().Capture()
}

// assertMatchesMaster compares img with testdata/name (or writes it there with -update).
// On a mismatch the image drawn is kept next to the temp dir and its path logged.
func assertMatchesMaster(t *testing.T, name string, img image.Image) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := writePNG(path, img); err != nil {
			t.Fatal(err)
		}
		t.Logf("wrote master %s", path)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("master image: %v (run go test -update to write it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if msg := compareImages(want, img); msg != "" {
		got := filepath.Join(os.TempDir(), "banmen-ui-failed", name)
		if err := writePNG(got, img); err != nil {
			t.Log(err)
		}
		t.Errorf("%s: %s; the image drawn is in %s", path, msg, got)
	}
}

// compareImages says how two images differ beyond the tolerance, or "".
func compareImages(want, got image.Image) string {
	wb, gb := want.Bounds(), got.Bounds()
	if wb.Size() != gb.Size() {
		return fmt.Sprintf("size %v, want %v", gb.Size(), wb.Size())
	}
	diff := 0
	for y := 0; y < wb.Dy(); y++ {
		for x := 0; x < wb.Dx(); x++ {
			a := color.NRGBAModel.Convert(want.At(wb.Min.X+x, wb.Min.Y+y)).(color.NRGBA)
			b := color.NRGBAModel.Convert(got.At(gb.Min.X+x, gb.Min.Y+y)).(color.NRGBA)
			if far(a.R, b.R) || far(a.G, b.G) || far(a.B, b.B) || far(a.A, b.A) {
				diff++
			}
		}
	}
	if total := wb.Dx() * wb.Dy(); float64(diff) > maxDiffShare*float64(total) {
		return fmt.Sprintf("%d of %d pixels differ (at most %.0f may)", diff, total, maxDiffShare*float64(total))
	}
	return ""
}

func far(a, b uint8) bool {
	d := int(a) - int(b)
	return d > pixelTolerance || d < -pixelTolerance
}

func writePNG(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func TestCompareImagesSeesAMissingPiece(t *testing.T) {
	a := image.NewNRGBA(image.Rect(0, 0, 100, 100))
	b := image.NewNRGBA(image.Rect(0, 0, 100, 100))
	if msg := compareImages(a, b); msg != "" {
		t.Fatalf("equal images: %s", msg)
	}
	for y := 40; y < 45; y++ { // 25 pixels of 10000: 0.25%
		for x := 40; x < 45; x++ {
			b.SetNRGBA(x, y, color.NRGBA{200, 0, 0, 255})
		}
	}
	if compareImages(a, b) == "" {
		t.Error("a 5×5 red patch went unnoticed")
	}
	c := image.NewNRGBA(image.Rect(0, 0, 100, 101))
	if compareImages(a, c) == "" {
		t.Error("a different size went unnoticed")
	}
}
