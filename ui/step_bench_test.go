package ui

import (
	"path/filepath"
	"slices"
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// BenchmarkHoldArrowKey is issue 15's "hold ← or → through a 300-move record, every frame
// ≤ 16 ms", as far as a headless test can measure it. It opens cmd/banmen/testdata/random-300.kif
// (the record the Xvfb tests open) in a 1180×760 main window and, per iteration, presses → (to
// the end, then ← back to the start, and so on) as the keyboard does, through the canvas's
// focused object or its key handler:
//
//   - key: the window's own work for the step (session, board, move list, comment, title);
//   - key+paint: that and a paint of the whole window by Fyne's software painter
//     (Canvas.Capture), an upper bound of the frame's CPU work.
//
// Besides ns/op it reports the slowest step (max-ms) and the 99th percentile (p99-ms), the
// numbers to hold against 16 ms. What it cannot measure is the real driver's part: the GLFW
// window paints with OpenGL, uploads only the textures that changed, and waits for vsync; none
// of that is in Fyne's test driver.
//
//	go test -tags no_emoji -run '^$' -bench HoldArrowKey -benchtime 600x -count 2 ./ui
//
// 600 steps are one pass to the end and back. The first run in a process is the one a user
// sees on the first pass through a record: Fyne's caches of measured text are cold, and a step
// costs several times what it costs in the runs after it.
func BenchmarkHoldArrowKey(b *testing.B) {
	for _, paint := range []bool{false, true} {
		name := "key"
		if paint {
			name = "key+paint"
		}
		b.Run(name, func(b *testing.B) {
			newTestApp(b, ThemeLight)
			path, err := filepath.Abs(filepath.Join("..", "cmd", "banmen", "testdata", "random-300.kif"))
			if err != nil {
				b.Fatal(err)
			}
			w, _ := windowUnderTest(b, windowOpts{})
			w.OpenFile(path)
			n := w.Session().MoveCount()
			if n != 300 {
				b.Fatalf("%s: %d moves, want 300", path, n)
			}
			c := w.Window().Canvas()
			c.Capture() // the first paint lays out and textures everything: not a step's
			forward := true
			steps := make([]time.Duration, 0, b.N)
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				start := time.Now()
				ply := w.Session().Ply()
				if forward && ply == n || !forward && ply == 0 {
					forward = !forward
				}
				k := fyne.KeyRight
				if !forward {
					k = fyne.KeyLeft
				}
				pressKey(w, k)
				if paint {
					c.Capture()
				}
				steps = append(steps, time.Since(start))
				if got := w.Session().Ply(); got == ply {
					b.Fatalf("%s at ply %d did not step", k, ply)
				}
			}
			b.StopTimer()
			slices.Sort(steps)
			b.ReportMetric(float64(steps[len(steps)-1])/1e6, "max-ms")
			b.ReportMetric(float64(steps[len(steps)*99/100])/1e6, "p99-ms")
		})
	}
}
