//go:build linux

package ui

import (
	"path/filepath"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"

	"banmen/engine"
)

// BenchmarkFrameDuringEngineGame is issue 13's "the window stays responsive while both
// engines think": a 1180×760 main window shows an engine-vs-engine game, the bundled engine
// against itself at 0/0.1 s (a move every ~0.1 s, each side's engine thinking on the
// machine's cores beside the test), and each iteration is one frame at a pace of 60 a
// second: what the game's poll posted (the record, the clocks on the plates, the engine
// panel) is run (poll), and then the whole window is painted by Fyne's software painter
// (poll+paint: Canvas.Capture, an upper bound of a frame's CPU work; the real window paints
// with OpenGL and keeps the textures of what did not change). A game that ends is followed
// by another. Besides ns/op it reports the slowest frame (max-ms), the 99th percentile (p99-ms)
// (wall time, the wait for a core included), the same of the CPU time the frame's thread
// used (cpu-max-ms, cpu-p99-ms: the window's own work, whatever else the machine runs) and
// the moves played per frame measured (moves/frame), to hold against 50 ms:
//
//	go test -tags no_emoji -run '^$' -bench FrameDuringEngineGame -benchtime 600x ./ui
func BenchmarkFrameDuringEngineGame(b *testing.B) {
	for _, paint := range []bool{false, true} {
		name := "poll"
		if paint {
			name = "poll+paint"
		}
		b.Run(name, func(b *testing.B) { frameDuringEngineGame(b, paint) })
	}
}

func frameDuringEngineGame(b *testing.B, paint bool) {
	newTestApp(b, ThemeLight)
	w, _ := windowUnderTest(b, windowOpts{})
	reg, err := engine.OpenRegistry(filepath.Join(b.TempDir(), "engines.json"))
	if err != nil {
		b.Fatal(err)
	}
	def, err := reg.EnsureBundled(bundledEngine(b), engine.BundledName)
	if err != nil {
		b.Fatal(err)
	}
	q := &uiQueue{}
	w.study.do = q.post
	w.game.do = q.post
	b.Cleanup(func() {
		w.game.abortAll()
		if r := w.game.run; r != nil {
			<-r.runner.Done()
		}
		w.CloseEngines(10 * time.Second)
	})
	start := func() {
		w.game.start(gameSetup{Byoyomi: 100 * time.Millisecond}, [2]*engine.Definition{&def, &def})
	}
	start()
	c := w.Window().Canvas()
	// the engines start and the first moves come before the frames are counted
	for deadline := time.Now().Add(engineDeadline); w.Session().MoveCount() < 2; {
		if time.Now().After(deadline) {
			b.Fatal("the game did not start")
		}
		q.drain()
		time.Sleep(10 * time.Millisecond)
	}
	c.Capture()
	// the frames run on one thread, whose CPU time tells the window's work apart from the
	// time the frame waited for a core (the engines and everything else on the machine)
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	frames := make([]time.Duration, 0, b.N)
	cpu := make([]time.Duration, 0, b.N)
	moves := 0
	next := time.Now()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		b.StopTimer()
		next = next.Add(time.Second / 60)
		time.Sleep(time.Until(next))
		if !w.Playing() {
			start()
		}
		before := w.Session().MoveCount()
		b.StartTimer()
		t0, c0 := time.Now(), threadCPU(b)
		q.drain()
		for c.Overlays().Top() != nil {
			// the end's dialog: not a frame of the game (and its spacer, a rectangle with
			// no colour, is more than the software painter can draw)
			c.Overlays().Remove(c.Overlays().Top())
		}
		if paint {
			c.Capture()
		}
		frames = append(frames, time.Since(t0))
		cpu = append(cpu, threadCPU(b)-c0)
		if n := w.Session().MoveCount(); n > before {
			moves += n - before
		}
	}
	b.StopTimer()
	slices.Sort(frames)
	b.ReportMetric(float64(frames[len(frames)-1])/1e6, "max-ms")
	b.ReportMetric(float64(frames[len(frames)*99/100])/1e6, "p99-ms")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/frame")
	slices.Sort(cpu)
	b.ReportMetric(float64(cpu[len(cpu)-1])/1e6, "cpu-max-ms")
	b.ReportMetric(float64(cpu[len(cpu)*99/100])/1e6, "cpu-p99-ms")
}

// threadCPU is the CPU time the calling thread has used (RUSAGE_THREAD).
func threadCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // 1: RUSAGE_THREAD
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
