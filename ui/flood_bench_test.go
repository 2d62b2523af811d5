package ui

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"banmen/engine"
)

// floodEnv makes the test binary the info-flood engine: its value is how many info lines
// it prints after go.
const floodEnv = "BANMEN_FLOOD_ENGINE"

// floodPV is a legal line from the start position, as engines send them: long.
const floodPV = "7g7f 3c3d 2g2f 8c8d 2f2e 8d8e 6i7h 4a3b 2e2d 2c2d 2h2d P*2c 2d2f"

// floodEngine is a USI engine that answers go with n info lines as fast as it can write
// them (three lines a depth, MultiPV 3, every field real engines send), then waits for
// stop. It is a real child process: the study reads it through a pipe as any engine.
func floodEngine(n string) int {
	total, err := strconv.Atoi(n)
	if err != nil {
		fmt.Fprintln(os.Stderr, "flood engine: bad count", n)
		return 2
	}
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	say := func(s string) { out.WriteString(s + "\n"); out.Flush() }
	stop := make(chan struct{})
	done := make(chan struct{})
	for in.Scan() {
		f := strings.Fields(in.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "usi":
			say("id name Flood\nid author banmen tests\noption name MultiPV type spin default 1 min 1 max 10\nusiok")
		case "isready":
			say("readyok")
		case "go":
			go func() {
				defer close(done)
				for i := 1; i <= total; i++ {
					select {
					case <-stop:
						return
					default:
					}
					d := i/3 + 1
					fmt.Fprintf(out, "info depth %d seldepth %d multipv %d score cp %d nodes %d nps 1234567 time %d hashfull %d pv %s\n",
						d, d+7, i%3+1, (i%200)-100, i, i/10, i%1000, floodPV)
				}
				out.Flush()
			}()
		case "stop":
			close(stop)
			<-done
			say("bestmove 7g7f")
		case "quit":
			return 0
		}
	}
	return 0
}

// rssMB reads this process' resident memory.
func rssMB() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

func heapMB() float64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return float64(m.HeapAlloc) / (1 << 20)
}

// BenchmarkEnginePanelInfoFlood studies with an engine that prints 1,000,000 info lines
// (BANMEN_FLOOD_LINES to change) as fast as it can, while the benchmark stands for the
// window's Fyne goroutine: every 16 ms a frame runs what the study posted (the panel's
// redraw: texts, wrapping, layout), and every 20th frame also paints the whole 1180×760
// window with Fyne's software painter, which is compared with the same paint before the
// flood (the real window paints with OpenGL: the software paint is only an upper bound,
// slow on a loaded machine). It reports the slowest frame's update, the paints, the heap
// and RSS before and after the flood, and how fast the lines were read. Run it once:
//
//	go test -tags no_emoji -run '^$' -bench InfoFlood -benchtime 1x ./ui
func BenchmarkEnginePanelInfoFlood(b *testing.B) {
	lines := 1_000_000
	if s := os.Getenv("BANMEN_FLOOD_LINES"); s != "" {
		lines, _ = strconv.Atoi(s)
	}
	self, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	newTestApp(b, ThemeLight)
	for range b.N {
		w, _ := windowUnderTest(b, windowOpts{})
		q := &uiQueue{}
		w.study.do = q.post
		w.study.panel.do = q.post
		c := w.Window().Canvas()
		var idle []time.Duration
		for range 3 {
			t0 := time.Now()
			c.Capture()
			idle = append(idle, time.Since(t0))
		}
		def := engine.Definition{Name: "Flood", Path: self, Args: []string{"-test.run=^$"},
			Dir: filepath.Dir(self), Env: []string{floodEnv + "=" + strconv.Itoa(lines)}}

		heap0, rss0 := heapMB(), rssMB()
		start := time.Now()
		w.study.start([]engine.Definition{def}, 3)
		r := w.study.run
		var update, paint []time.Duration
		deadline := start.Add(5 * time.Minute)
		tick := time.NewTicker(16 * time.Millisecond)
		for frame := 0; ; frame++ {
			<-tick.C
			t0 := time.Now()
			q.drain()
			update = append(update, time.Since(t0))
			if frame%20 == 19 {
				t1 := time.Now()
				c.Capture()
				paint = append(paint, time.Since(t1))
			}
			if err := r.runner.Err(); err != nil {
				b.Fatal(err)
			}
			if v := r.runner.Views(); len(v) == 1 && v[0].Stats.Nodes >= int64(lines) {
				break
			}
			if time.Now().After(deadline) {
				b.Fatalf("the study did not read the %d lines in time", lines)
			}
		}
		tick.Stop()
		read := time.Since(start)
		q.drain()
		if rows := panelRows(w, 0); len(rows) != 3 || !strings.HasPrefix(rows[0].PV, "▲７六歩△３四歩") {
			b.Fatalf("after the flood the panel shows %+v", rows)
		}
		heap1, rss1 := heapMB(), rssMB()
		w.StopStudy()
		w.CloseEngines(10 * time.Second)
		q.drain()

		slices.Sort(update)
		slices.Sort(paint)
		slices.Sort(idle)
		pct := func(d []time.Duration, p float64) float64 {
			if len(d) == 0 {
				return 0
			}
			return float64(d[int(float64(len(d)-1)*p)]) / float64(time.Millisecond)
		}
		b.ReportMetric(pct(update, 1), "worst-update-ms")
		b.ReportMetric(pct(update, 0.99), "p99-update-ms")
		b.ReportMetric(pct(idle, 0.5), "paint-idle-ms")
		b.ReportMetric(pct(paint, 0.5), "paint-flood-median-ms")
		b.ReportMetric(float64(len(update)), "frames")
		b.ReportMetric(float64(lines)/read.Seconds(), "lines/s")
		b.ReportMetric(heap0, "heap-before-MB")
		b.ReportMetric(heap1, "heap-after-MB")
		b.ReportMetric(rss0, "rss-before-MB")
		b.ReportMetric(rss1, "rss-after-MB")
		b.Logf("%d lines in %v, %d frames: slowest update %.2f ms (p99 %.2f); software paint %.0f ms idle, %.0f ms (median of %d) in the flood; heap %.1f → %.1f MB, RSS %.1f → %.1f MB",
			lines, read.Round(time.Millisecond), len(update), pct(update, 1), pct(update, 0.99), pct(idle, 0.5), pct(paint, 0.5), len(paint), heap0, heap1, rss0, rss1)
	}
}
