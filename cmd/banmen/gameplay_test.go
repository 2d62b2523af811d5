//go:build linux

package main

import (
	"image"
	"image/color"
	"os"
	"path/filepath"
	"testing"
	"time"

	"banmen/kifu"
)

// A game against the bundled engine under Xvfb: the real banmen opens 対局開始 with Ctrl+G,
// starts the game it offers (先手 人, 後手 Banmen, the setup kept from a last game: 2 minutes
// and 10 s byoyomi), and the
// person plays ▲７六歩 by clicking the pawn and then its square; the engine answers, and the
// autosaved record holds both moves. The 開始 button and the squares are found on the
// screenshots (the button is the dialog's one large patch of the primary colour, the board
// the largest patch of wood), not at fixed places. Screenshots of the dialog and of the game
// after the engine's reply are kept in $BANMEN_ARTIFACTS (or a new temp dir, kept if the test fails): the README's
// pictures of a game come from there.
func TestPlayAgainstBanmenUnderXvfb(t *testing.T) {
	x := startX(t, "the game's Xvfb test", failInCI, "xdotool", "import")
	x.artifacts, x.prefix = artifactDir(t), "game"
	bin := buildBanmen(t)
	home := t.TempDir()
	env := x.appEnv(home, japanese...)
	// the last game's setup, as the dialog keeps it: 2 minutes and 10 s byoyomi, so that the
	// engine answers in seconds
	prefs := filepath.Join(home, "xdg_config_home", "fyne", appID)
	if err := os.MkdirAll(prefs, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(prefs, "preferences.json"), []byte(`{"game.black":"","game.white":"Banmen",`+
		`"game.mainMinutes":2,"game.byoyomiSeconds":10,"game.incrementSeconds":0,"game.unlimited":false,`+
		`"game.fromBoard":false,"game.ponder":false,"game.saved":true}`), 0o600); err != nil {
		t.Fatal(err)
	}
	a := x.launch(env, bin)
	main := x.waitWindow(a, "無題 — Banmen")
	before := x.still(main, "game-start")
	x.run("windowfocus", "--sync", main)
	x.run("key", "ctrl+g")
	var dialog image.Image
	waitFor(t, "the 対局開始 dialog", 20*time.Second, func() bool {
		dialog = x.still(main, "game-dialog")
		return changedShare(before, dialog) > 0.05
	})
	start, ok := largestPatch(dialog, isPrimary)
	if !ok {
		t.Fatal("no 開始 button (a patch of the primary colour) on the dialog's screenshot")
	}
	x.click(main, start)
	var game image.Image
	waitFor(t, "the dialog to close", 20*time.Second, func() bool {
		game = x.still(main, "game-begun")
		_, open := largestPatch(game, isPrimary)
		return !open
	})
	wood, ok := widestPatchRect(game, isWood)
	if !ok {
		t.Fatal("no board on the screenshot of the game")
	}
	// the board's wood is 10.06 squares wide (ui/boardgeom.go): the grid starts 0.22 square
	// in from the left and 0.84 square down, a square is 1.1 as tall as wide
	u := float64(wood.Dx()) / 10.06
	square := func(file, rank int) image.Point {
		return image.Pt(wood.Min.X+int((0.22+float64(9-file)+0.5)*u), wood.Min.Y+int((0.84+(float64(rank-1)+0.5)*1.1)*u))
	}
	x.click(main, square(7, 7))
	time.Sleep(600 * time.Millisecond) // polls of the game come between the clicks
	x.click(main, square(7, 6))

	// the engine's reply: the autosaved record holds both moves
	var moves []string
	waitFor(t, "the person's move and the engine's reply in the autosave", 90*time.Second, func() bool {
		moves = autosavedMoves(t, home)
		return len(moves) >= 2
	})
	if moves[0] != "7g7f" {
		t.Fatalf("the first move is %s, want 7g7f (clicked at %v then %v)", moves[0], square(7, 7), square(7, 6))
	}
	time.Sleep(500 * time.Millisecond) // the window shows the move at its next poll
	x.still(main, "game-reply")
	checkOutput(t, a.out)
	t.Logf("the engine answered %s; screenshots in %s", moves[1], x.artifacts)
}

// isPrimary reports whether c is Fyne's primary blue (the 開始 button, a picked radio).
func isPrimary(c color.NRGBA) bool {
	return c.B >= 0xc0 && c.R < 0x60 && c.G > 0x50 && c.G < 0xa0
}

// largestPatch returns the centre of the largest patch of pixels of img that match.
func largestPatch(img image.Image, match func(color.NRGBA) bool) (image.Point, bool) {
	r, ok := largestPatchRect(img, match)
	return image.Pt((r.Min.X+r.Max.X)/2, (r.Min.Y+r.Max.Y)/2), ok
}

// largestPatchRect returns the bounds of the largest 4-connected patch of pixels of img
// that match; ok is false when there is none of 200 pixels or more.
func largestPatchRect(img image.Image, match func(color.NRGBA) bool) (image.Rectangle, bool) {
	return bestPatchRect(img, match, func(n int, _ image.Rectangle) int { return n })
}

// widestPatchRect returns the bounds of the widest such patch: the board, whose wood the
// grid and the pieces cut into a frame of fewer pixels than a stand's.
func widestPatchRect(img image.Image, match func(color.NRGBA) bool) (image.Rectangle, bool) {
	return bestPatchRect(img, match, func(_ int, r image.Rectangle) int { return r.Dx() })
}

// bestPatchRect returns the bounds of the 4-connected patch of pixels of img that match
// that measure rates highest, among those of 200 pixels or more.
func bestPatchRect(img image.Image, match func(color.NRGBA) bool, measure func(n int, r image.Rectangle) int) (image.Rectangle, bool) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	on := make([]bool, w*h)
	for y := range h {
		for x := range w {
			on[y*w+x] = match(color.NRGBAModel.Convert(img.At(b.Min.X+x, b.Min.Y+y)).(color.NRGBA))
		}
	}
	seen := make([]bool, w*h)
	var best image.Rectangle
	bestM, found := 0, false
	stack := []int{}
	for i := range on {
		if !on[i] || seen[i] {
			continue
		}
		n := 0
		r := image.Rectangle{Min: image.Pt(w, h)} // grown by each pixel (image.Rect would sort it)
		stack = append(stack[:0], i)
		seen[i] = true
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			n++
			px, py := p%w, p/w
			r.Min.X, r.Min.Y = min(r.Min.X, px), min(r.Min.Y, py)
			r.Max.X, r.Max.Y = max(r.Max.X, px+1), max(r.Max.Y, py+1)
			for _, q := range [4]int{p - 1, p + 1, p - w, p + w} {
				if q < 0 || q >= len(on) || seen[q] || !on[q] || (q == p-1 && px == 0) || (q == p+1 && px == w-1) {
					continue
				}
				seen[q] = true
				stack = append(stack, q)
			}
		}
		if n >= 200 && (!found || measure(n, r) > bestM) {
			best, bestM, found = r, measure(n, r), true
		}
	}
	return best, found
}

// autosavedMoves reads the moves of the record banmen autosaved under home (none yet: nil).
func autosavedMoves(t *testing.T, home string) []string {
	t.Helper()
	paths, _ := filepath.Glob(filepath.Join(home, "*", "fyne", "*", "autosave", "autosave-*.kifu"))
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		rec, _, err := kifu.Read(data, p)
		if err != nil {
			continue // caught while written
		}
		var moves []string
		for _, m := range rec.MainMoves() {
			moves = append(moves, m.USI())
		}
		return moves
	}
	return nil
}
