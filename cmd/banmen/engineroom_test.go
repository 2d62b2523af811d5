//go:build linux

package main

import (
	"encoding/json"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// The engine room under Xvfb: the real banmen (built with the tag banmen_stubdialogs, so that
// its file dialog answers /usr/games/fairy-stockfish without showing itself) opens Engines…
// with Ctrl+Shift+E, adds fairy-stockfish with 追加 (the real probe), opens its options, sets
// Skill Level to 3 and MultiPV to 2 and presses OK; the engine list file holds them. Then
// banmen is closed and started again, and the option dialog of fairy-stockfish shows the two
// rows as changed. Clicks go to fixed places of the windows (English, Fyne's default sizes):
// a change of layout moves them, and the test says which step found nothing.
//
// Screenshots of each step are kept in $BANMEN_ARTIFACTS (or a new temp dir, kept if the test fails), as the smoke
// test does; the README's pictures of the engine room come from there.

const (
	roomListTitle = "Engines"
	mainTitle     = "Untitled — Banmen"
)

// where things are in the Engines window (1040×660) and its option dialog
var (
	atAdd       = image.Pt(74, 598)
	atOptions   = image.Pt(480, 638)
	atSecondRow = image.Pt(200, 100)
	atSkill     = image.Pt(465, 500) // Skill Level's number entry
	atMultiPV   = image.Pt(648, 451) // MultiPV's number entry
	atOK        = image.Pt(915, 612)
	// a point in the row's background, left of its name: highlighted when changed
	rowSkill, rowMultiPV, rowThreads = image.Pt(112, 488), image.Pt(112, 440), image.Pt(112, 268)
)

// registered reads the engine list file and returns the engine whose path is path.
func registered(t *testing.T, file, path string) (map[string]any, bool) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	var list struct {
		Engines []map[string]any `json:"engines"`
	}
	if err := json.Unmarshal(data, &list); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, e := range list.Engines {
		if e["path"] == path {
			return e, true
		}
	}
	return nil, false
}

func waitFor(t *testing.T, what string, d time.Duration, ok func() bool) {
	t.Helper()
	for end := time.Now().Add(d); !ok(); time.Sleep(200 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("gave up after %v waiting for %s", d, what)
		}
	}
}

func TestEngineSettingsUnderXvfb(t *testing.T) {
	const fs = "/usr/games/fairy-stockfish"
	x := startX(t, "the engine room's Xvfb test", failInCI, "xdotool", "import", fs)
	x.artifacts = artifactDir(t)
	bin := buildBanmen(t, "banmen_stubdialogs")

	home := t.TempDir()
	env := x.appEnv(home, "LANG=C.UTF-8", "LC_MESSAGES=en_US.UTF-8", "BANMEN_STUB_OPEN="+fs)
	list := filepath.Join(home, "xdg_config_home", "banmen", "engines.json")

	// first run: add fairy-stockfish and set two options
	a := x.launch(env, bin)
	main := x.waitWindow(a, mainTitle)
	x.still(main, "main")
	x.run("windowfocus", "--sync", main)
	x.run("key", "ctrl+shift+e")
	room := x.waitWindow(a, roomListTitle)
	x.still(room, "list")
	x.click(room, atAdd)
	waitFor(t, "fairy-stockfish in "+list, 60*time.Second, func() bool { _, ok := registered(t, list, fs); return ok })
	x.still(room, "added")
	x.click(room, atOptions)
	x.still(room, "options")
	x.click(room, atSkill)
	x.run("key", "ctrl+a")
	x.run("type", "3")
	x.click(room, atMultiPV)
	x.run("key", "ctrl+a")
	x.run("type", "2")
	x.still(room, "options-set")
	x.click(room, atOK)
	waitFor(t, "Skill Level and MultiPV in "+list, 20*time.Second, func() bool {
		e, _ := registered(t, list, fs)
		v, _ := e["values"].(map[string]any)
		return v["Skill Level"] == "3" && v["MultiPV"] == "2"
	})
	a.stop()
	checkOutput(t, a.out)

	// second run: the option dialog finds them
	a = x.launch(env, bin)
	main = x.waitWindow(a, mainTitle)
	x.still(main, "main-again")
	x.run("windowfocus", "--sync", main)
	x.run("key", "ctrl+shift+e")
	room = x.waitWindow(a, roomListTitle)
	x.still(room, "list-again")
	x.click(room, atSecondRow)
	x.still(room, "chosen-again")
	x.click(room, atOptions)
	img := x.still(room, "options-again")
	bg := pixel(img, rowThreads)
	for name, at := range map[string]image.Point{"Skill Level": rowSkill, "MultiPV": rowMultiPV} {
		if c := pixel(img, at); colourDistance(c, bg) < 20 {
			t.Errorf("reopened: the %s row (%v at %v) looks like the unchanged Threads row (%v): not highlighted", name, c, at, bg)
		}
	}
	if e, _ := registered(t, list, fs); e != nil {
		v, _ := e["values"].(map[string]any)
		if len(v) != 2 {
			t.Errorf("after the second run the list holds the values %v", v)
		}
	}
	checkOutput(t, a.out)
	t.Logf("screenshots in %s", x.artifacts)
}

func pixel(img image.Image, at image.Point) color.NRGBA {
	b := img.Bounds()
	return color.NRGBAModel.Convert(img.At(b.Min.X+at.X, b.Min.Y+at.Y)).(color.NRGBA)
}

func colourDistance(a, b color.NRGBA) int {
	return absDiff(a.R, b.R) + absDiff(a.G, b.G) + absDiff(a.B, b.B)
}
