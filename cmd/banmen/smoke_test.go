//go:build linux

package main

import (
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The smoke test starts the real banmen binary under Xvfb with a record given on the command
// line (testdata/, a real game), waits for its window, takes a screenshot and checks it: the
// title names the file, the board is drawn. It logs how long the window took to appear and
// how much memory the app holds. It needs Xvfb, xdotool and ImageMagick's import (`make test-deps`
// installs them). Without them it skips, except under CI=true, where it fails.
//
// The screenshot and the app's output are kept in $BANMEN_ARTIFACTS, or else in a new
// directory under the system's temp dir, removed when the test passes; the test logs where.

const (
	record      = "testdata/kifu-for-js__meijinsen_20180508_M7_10034.kif"
	windowTitle = "kifu-for-js__meijinsen_20180508_M7_10034.kif — Banmen" // the file's name, then the app's
)

// Lines that must never appear in the app's output.
var forbiddenOutput = []string{
	"Error in Fyne call thread", // a widget touched off the Fyne goroutine (Fyne ≥ 2.6)
	"panic:",
	"fatal error:",
	"SIGSEGV",
}

func TestSmokeWindowUnderXvfb(t *testing.T) {
	x := startX(t, "the smoke test", failInCI, "xdotool", "import")
	artifacts := artifactDir(t)
	bin := buildBanmen(t)

	home := t.TempDir()
	rec, err := filepath.Abs(record)
	if err != nil {
		t.Fatal(err)
	}
	a := x.launch(x.appEnv(home, japanese...), bin, rec)
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		a.stop()
		writeArtifact(t, artifacts, "banmen-output.txt", a.out.Bytes())
	}
	defer stop()

	deadline := a.started.Add(windowWait)
	// the title of a window showing the record given: a window titled otherwise did not open it
	win := x.waitWindow(a, regexp.QuoteMeta(windowTitle))
	t.Logf("the window was on screen %v after the start", time.Since(a.started).Round(time.Millisecond))

	// The window is mapped before its first frame is drawn: take screenshots until one shows
	// the board, or the time is up.
	shot := filepath.Join(artifacts, "banmen-smoke.png")
	var problem string
	var first image.Image
	for {
		first, problem = x.screenshot(win, shot)
		if problem == "" || time.Now().After(deadline) {
			break
		}
		select {
		case <-a.exited.done:
			t.Fatalf("banmen exited (%v) before its window showed the board; output:\n%s", a.exited.err, a.out.String())
		case <-time.After(500 * time.Millisecond):
		}
	}
	t.Logf("screenshot: %s", shot)
	if problem != "" {
		t.Fatalf("screenshot of the window after %v: %s", windowWait, problem)
	}

	// Wait until the window is still (the record is read in the background and shown when
	// read), then the End key goes to the last move of the record: the window changes (the
	// README's screenshot is this one).
	for still := time.Now().Add(15 * time.Second); ; {
		time.Sleep(400 * time.Millisecond)
		img, problem := x.screenshot(win, shot)
		if problem == "" && changedShare(first, img) == 0 {
			break
		}
		if problem == "" {
			first = img
		}
		if time.Now().After(still) {
			t.Fatalf("the window did not keep still for 0.4 s within 15 s (%s)", problem)
		}
	}
	_ = x.cmd("xdotool", "windowfocus", "--sync", win).Run() // without a window manager the window may have the focus already
	x.run("key", "End")
	endShot := filepath.Join(artifacts, "banmen-smoke-end.png")
	for end := time.Now().Add(10 * time.Second); ; {
		img, problem := x.screenshot(win, endShot)
		if problem == "" && changedShare(first, img) > 0.01 {
			t.Logf("screenshot after End: %s", endShot)
			break
		}
		if time.Now().After(end) {
			t.Errorf("after the End key the window did not change (%s); see %s", problem, endShot)
			break
		}
		time.Sleep(300 * time.Millisecond)
	}

	// Give the app a moment to report errors from its first frames, then check it still runs.
	select {
	case <-a.exited.done:
		t.Errorf("banmen exited by itself (%v) while its window was open", a.exited.err)
	case <-time.After(1500 * time.Millisecond):
	}
	if rss, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", a.pid())); err == nil {
		for _, l := range strings.Split(string(rss), "\n") {
			if strings.HasPrefix(l, "VmRSS:") || strings.HasPrefix(l, "VmHWM:") {
				t.Logf("banmen's memory: %s", strings.Join(strings.Fields(l), " "))
			}
		}
	}
	stop()
	// the first run registered the engine installed beside the GUI
	engines, err := os.ReadFile(filepath.Join(home, "xdg_config_home", "banmen", "engines.json"))
	if err != nil || !strings.Contains(string(engines), `"bundled": true`) || !strings.Contains(string(engines), filepath.Join(filepath.Dir(bin), "banmen-engine")) {
		t.Errorf("the bundled engine was not registered at the first run: %v\n%s", err, engines)
	}
	checkOutput(t, a.out)
	t.Logf("app output: %s", filepath.Join(artifacts, "banmen-output.txt"))
}

// changedShare is the share of pixels that differ clearly between two screenshots.
func changedShare(a, b image.Image) float64 {
	ab, bb := a.Bounds(), b.Bounds()
	if ab.Size() != bb.Size() {
		return 1
	}
	diff := 0
	for y := 0; y < ab.Dy(); y++ {
		for x := 0; x < ab.Dx(); x++ {
			p := color.NRGBAModel.Convert(a.At(ab.Min.X+x, ab.Min.Y+y)).(color.NRGBA)
			q := color.NRGBAModel.Convert(b.At(bb.Min.X+x, bb.Min.Y+y)).(color.NRGBA)
			if absDiff(p.R, q.R)+absDiff(p.G, q.G)+absDiff(p.B, q.B) > 96 {
				diff++
			}
		}
	}
	return float64(diff) / float64(ab.Dx()*ab.Dy())
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// isWood reports whether c looks like the wood of the board or the stands, in the light or
// the dark theme: an orange-brown (ui's tests check the drawing itself; this one only needs to
// know that the board reached the screen).
func isWood(c color.NRGBA) bool {
	return c.R >= 0x70 && c.R > c.G && c.G > c.B && int(c.R)-int(c.B) >= 0x40 && int(c.R)-int(c.G) <= 0x50
}

// checkScreenshot says what is wrong with a screenshot of the window, or "".
func checkScreenshot(img image.Image) string {
	b := img.Bounds()
	if b.Dx() < 200 || b.Dy() < 200 {
		return fmt.Sprintf("the window is only %dx%d", b.Dx(), b.Dy())
	}
	colours := map[color.NRGBA]bool{}
	wood := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			c := color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
			if len(colours) < 1000 {
				colours[c] = true
			}
			if isWood(c) {
				wood++
			}
		}
	}
	switch {
	case len(colours) == 1:
		return "blank: the whole window is one colour"
	case len(colours) < 20:
		return fmt.Sprintf("nearly blank: only %d colours", len(colours))
	case wood < b.Dx()*b.Dy()/8:
		return fmt.Sprintf("no board: only %d of %d pixels are the colour of wood", wood, b.Dx()*b.Dy())
	}
	return ""
}
