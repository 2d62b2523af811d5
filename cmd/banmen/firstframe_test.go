//go:build linux

package main

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"image/color"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestFirstFrameUnderXvfb measures how long the real banmen takes from exec to its window on
// screen (mapped) and to its first painted frame, beside the smallest Fyne program
// (testdata/emptywindow) in the same Xvfb: the median and the worst of N runs each (N is
// BANMEN_FIRSTFRAME_RUNS, default 5). Banmen opens testdata/random-300.kif, as a user who
// double-clicks a record does. It reports; it does not judge (issue 15 asks for ≤ 1 s on a
// quiet machine; under Xvfb the OpenGL is Mesa's software rasteriser, and the machine may be
// busy). It runs when BANMEN_FIRSTFRAME=1:
//
//	BANMEN_FIRSTFRAME=1 go test -tags no_emoji -run FirstFrame -v ./cmd/banmen
//
// (`make bench` runs it.) Each run is a first start, in a fresh home; with
// BANMEN_FIRSTFRAME_CACHES=warm each run is a later start instead, with the caches
// (Mesa's compiled shaders, the system font index) that an earlier start left. With
// BANMEN_FIRSTFRAME_BASELINE=PATH it measures the banmen binary at PATH as well, in turn
// with the others: a before and after under the same load (build it from an older commit
// with `go build -tags no_emoji`). With BANMEN_FIRSTFRAME_PROFILE=DIR banmen is built with
// -tags cpuprof and each run writes DIR/banmen-N.prof, the CPU profile of its start from exec
// to the first frame seen (the test sends it SIGUSR1 then): read them together with
// `go tool pprof -top DIR/banmen DIR/*.prof`.
//
// Each first start also reports how many files Mesa's shader cache (XDG_CACHE_HOME/
// mesa_shader_cache) gained: one per GL program or variant that llvmpipe compiled, on the
// main thread, before it could paint. Unlike the times it does not depend on the load; it
// counts what a change in the kinds of canvas objects drawn saves.
//
// How: once xdotool finds the window, the test reads its pixels every 5 ms (through its own
// X11 connection, xcapture_test.go; with ImageMagick's import where that fails) until a
// capture is no longer one colour: that is the first painted frame
// (an unpainted window under Xvfb without a window manager is uniform). For banmen it also
// waits for a capture that shows the board (checkScreenshot). Each time is taken when the
// capture that saw it had returned, so it is late by at most one capture and the 5 ms pause;
// the test logs how long a capture takes. xdotool polls for the window every 5 ms. The
// polling costs CPU that the program under test would otherwise have, on a small machine.
func TestFirstFrameUnderXvfb(t *testing.T) {
	if os.Getenv("BANMEN_FIRSTFRAME") == "" {
		t.Skip("set BANMEN_FIRSTFRAME=1 to measure the time to the first frame")
	}
	runs := 5
	if s := os.Getenv("BANMEN_FIRSTFRAME_RUNS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("BANMEN_FIRSTFRAME_RUNS=%q: want a whole number ≥ 1", s)
		}
		runs = n
	}
	xs := startX(t, "the first-frame test", skipInCI, "xdotool", "import")
	profDir := os.Getenv("BANMEN_FIRSTFRAME_PROFILE")
	var bin string
	if profDir != "" {
		if err := os.MkdirAll(profDir, 0o755); err != nil {
			t.Fatal(err)
		}
		bin = buildBanmen(t, "cpuprof")
		// pprof needs the binary to name the C frames' addresses
		data, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(profDir, "banmen"), data, 0o755); err != nil {
			t.Fatal(err)
		}
	} else {
		bin = buildBanmen(t)
	}
	empty := buildEmptyWindow(t)
	rec, err := filepath.Abs("testdata/random-300.kif")
	if err != nil {
		t.Fatal(err)
	}
	x, err := dialX(xs.display)
	if err != nil {
		t.Logf("reading the window through X11 directly failed (%v); capturing with import, which is slower", err)
		x = nil
	} else {
		defer x.Close()
	}
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		t.Logf("load average before: %s", strings.TrimSpace(string(load)))
	}

	type sample struct {
		mapped, painted, board, cpu, mainCPU []time.Duration
		shaders                              []int // files Mesa's shader cache gained (cold runs)
	}
	type program struct {
		name, title string
		board       bool // wait for the board too
		argv        []string
		cache       string // its XDG_CACHE_HOME; "" for a fresh one each run
		s           sample
	}
	progs := []*program{
		{name: "emptywindow", title: "emptywindow", argv: []string{empty}},
		{name: "banmen", title: "random-300.kif — Banmen", board: true, argv: []string{bin, rec}},
	}
	// BANMEN_FIRSTFRAME_BASELINE names another build of banmen (an older commit's, say),
	// measured in turn with the others: a before and after under the same load.
	if other := os.Getenv("BANMEN_FIRSTFRAME_BASELINE"); other != "" {
		if _, err := os.Stat(other); err != nil {
			t.Fatalf("BANMEN_FIRSTFRAME_BASELINE: %v", err)
		}
		progs = append(progs, &program{name: "baseline", title: "random-300.kif — Banmen", board: true, argv: []string{other, rec}})
	}
	// Each run starts in a fresh home unless BANMEN_FIRSTFRAME_CACHES=warm: then each program
	// has one cache directory (XDG_CACHE_HOME) for all its runs, after one run that is not
	// counted, as a user who starts it again has Mesa's shader cache and the font index that
	// the first start wrote (the rest of the home stays fresh: no autosave to offer back).
	switch c := os.Getenv("BANMEN_FIRSTFRAME_CACHES"); c {
	case "", "cold":
		t.Logf("each run in a fresh home: a first start (no shader cache, no font index)")
	case "warm":
		for _, p := range progs {
			p.cache = t.TempDir()
			firstFrame(xs, x, p.cache, "", p.title, p.board, p.argv...)
		}
		t.Logf("each program with its own cache directory, after a first start that filled it")
	default:
		t.Fatalf("BANMEN_FIRSTFRAME_CACHES=%q: want cold or warm", c)
	}

	var captures []time.Duration
	for i := range runs {
		// in turn, so that a change in the machine's load falls on all
		line := fmt.Sprintf("run %d:", i+1)
		for _, p := range progs {
			cache := p.cache
			if cache == "" { // a first start: count what Mesa compiled and cached for it
				cache = t.TempDir()
			}
			prof := ""
			if profDir != "" && p.name == "banmen" {
				prof = filepath.Join(profDir, fmt.Sprintf("banmen-%d.prof", i+1))
			}
			r := firstFrame(xs, x, cache, prof, p.title, p.board, p.argv...)
			p.s.mapped, p.s.painted, p.s.board = append(p.s.mapped, r.mapped), append(p.s.painted, r.painted), append(p.s.board, r.drawn)
			p.s.cpu, p.s.mainCPU = append(p.s.cpu, r.cpu), append(p.s.mainCPU, r.mainCPU)
			captures = append(captures, r.captures...)
			line += fmt.Sprintf(" %s mapped %v painted %v (CPU %v, main thread %v)", p.name, ms(r.mapped), ms(r.painted), ms(r.cpu), ms(r.mainCPU))
			if p.cache == "" {
				n := countFiles(filepath.Join(cache, "mesa_shader_cache"))
				p.s.shaders = append(p.s.shaders, n)
				line += fmt.Sprintf(" shader cache files %d", n)
			}
			if p.board {
				line += fmt.Sprintf(" board %v", ms(r.drawn))
			}
			line += ";"
		}
		t.Log(line)
	}
	if load, err := os.ReadFile("/proc/loadavg"); err == nil {
		t.Logf("load average after: %s", strings.TrimSpace(string(load)))
	}
	t.Logf("after exec, median (worst) of %d runs:", runs)
	t.Logf("%-12s %17s %17s %17s %17s %17s", "", "window mapped", "first frame", "board drawn", "CPU to 1st frame", "main thread CPU")
	for _, p := range progs {
		board := "-"
		if p.board {
			board = medMax(p.s.board)
		}
		t.Logf("%-12s %17s %17s %17s %17s %17s", p.name, medMax(p.s.mapped), medMax(p.s.painted), board, medMax(p.s.cpu), medMax(p.s.mainCPU))
	}
	for _, p := range progs {
		if len(p.s.shaders) > 0 {
			t.Logf("%-12s Mesa shader cache files written by a first start: %v", p.name, p.s.shaders)
		}
	}
	t.Logf("CPU to 1st frame: the program's user+system time (all its threads; main thread: the one that runs the GUI) when the first frame was seen, in the kernel's %v ticks: unlike the times, it hardly depends on the machine's load; the main thread's is the part that no other core can take", time.Second/clockTick)
	t.Logf("one capture takes %s (median (worst)): the times above are late by up to that",
		medMax(captures))
}

// frameTimes is what firstFrame measures of one run.
type frameTimes struct {
	mapped, painted, drawn time.Duration // after the exec: window mapped, first painted, board shown
	cpu, mainCPU           time.Duration // the program's CPU time (user+system) when painted was seen: all threads, the main thread
	captures               []time.Duration
}

// clockTick is the unit of the CPU times in /proc/PID/stat (USER_HZ, 100 on Linux).
const clockTick = 100

// cpuTime returns the user+system CPU time of process pid (all its threads), from
// /proc/PID/stat.
func cpuTime(pid int) (time.Duration, error) {
	return statCPUTime(fmt.Sprintf("/proc/%d/stat", pid))
}

// mainThreadCPUTime returns the user+system CPU time of the main thread of process pid (the
// thread that runs a Fyne program's GUI), from /proc/PID/task/PID/stat.
func mainThreadCPUTime(pid int) (time.Duration, error) {
	return statCPUTime(fmt.Sprintf("/proc/%d/task/%d/stat", pid, pid))
}

// statCPUTime returns the user+system CPU time read from a stat file of proc(5).
func statCPUTime(path string) (time.Duration, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	// the command name, in parentheses, may hold spaces: the fields counted here follow it
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, fmt.Errorf("%s: no ')' in %q", path, s)
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 13 {
		return 0, fmt.Errorf("%s: %d fields after the name, want ≥ 13", path, len(f))
	}
	var ticks int64
	for _, field := range f[11:13] { // utime, stime: fields 14 and 15 of proc(5)
		n, err := strconv.ParseInt(field, 10, 64)
		if err != nil {
			return 0, fmt.Errorf("%s: CPU time %q: %v", path, field, err)
		}
		ticks += n
	}
	return time.Duration(ticks) * time.Second / clockTick, nil
}

// firstFrame starts argv in xs's display, in a fresh home, with its XDG cache directory in
// cache (in that home if cache is ""), and returns how long after the exec its window titled
// title was mapped, first painted (not one colour) and, if board, showed the board; the CPU
// time the program had used when it was first seen painted; and how long each capture took.
// It reads the window through x, or with import where x is nil.
// If profile is not "", the program (built with -tags cpuprof) writes its CPU profile there
// and is sent SIGUSR1 when its first frame is seen, which ends the profile.
func firstFrame(xs *xSession, x *xConn, cache, profile, title string, board bool, argv ...string) (r frameTimes) {
	t := xs.t
	t.Helper()
	var mapped, painted, drawn time.Duration
	var captures []time.Duration
	env := xs.appEnv(t.TempDir(), japanese...)
	if cache != "" {
		env = append(env, "XDG_CACHE_HOME="+cache)
	}
	if profile != "" {
		env = append(env, "BANMEN_CPUPROFILE="+profile, "BANMEN_CPUPROFILE_FOR=60s")
	}
	a := xs.launch(env, argv...)
	defer a.stop()
	deadline := a.started.Add(windowWait)
	alive := func(what string) {
		t.Helper()
		select {
		case <-a.exited.done:
			t.Fatalf("%s exited (%v) before %s; output:\n%s", argv[0], a.exited.err, what, a.out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: not %s within %v; output:\n%s", argv[0], what, windowWait, a.out.String())
		}
	}
	// xdotool polls for the window every 5 ms
	win, err := xs.findWindow(a, title, deadline, 5*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	mapped = time.Since(a.started)
	winID, err := strconv.ParseUint(win, 10, 32)
	if err != nil {
		t.Fatalf("xdotool search printed window id %q; want a number", win)
	}
	for painted == 0 || board && drawn == 0 {
		alive("its window was painted")
		before := time.Now()
		var img image.Image
		if x != nil {
			img, err = x.capture(uint32(winID))
		} else {
			var data []byte
			if data, err = xs.cmd("import", "-window", win, "-depth", "8", "ppm:-").Output(); err == nil {
				if img, err = decodePPM(data); err != nil {
					t.Fatalf("import -window %s: %v", win, err)
				}
			}
		}
		captures = append(captures, time.Since(before))
		if err != nil {
			time.Sleep(5 * time.Millisecond)
			continue // the window may be mapped before the server lets it be read
		}
		at := time.Since(a.started)
		if painted == 0 && !uniform(img) {
			painted = at
			if r.cpu, err = cpuTime(a.pid()); err != nil {
				t.Fatal(err)
			}
			if r.mainCPU, err = mainThreadCPUTime(a.pid()); err != nil {
				t.Fatal(err)
			}
			if profile != "" {
				if err := syscall.Kill(a.pid(), syscall.SIGUSR1); err != nil {
					t.Fatal(err)
				}
			}
		}
		if board && drawn == 0 && checkScreenshot(img) == "" {
			drawn = at
		}
		time.Sleep(5 * time.Millisecond)
	}
	if profile != "" {
		waitProfile(t, profile, deadline)
	}
	r.mapped, r.painted, r.drawn, r.captures = mapped, painted, drawn, captures
	return r
}

// waitProfile waits until the CPU profile at path is written whole (its size stays the same
// for 100 ms), or deadline.
func waitProfile(t *testing.T, path string, deadline time.Time) {
	t.Helper()
	last := int64(-1)
	for time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
		st, err := os.Stat(path)
		if err == nil && st.Size() > 0 && st.Size() == last {
			return
		}
		if err == nil {
			last = st.Size()
		}
	}
	t.Errorf("the CPU profile %s was not written by the deadline", path)
}

// countFiles returns the number of regular files under dir (0 if there is no dir): what
// Mesa's shader cache holds, one file (or entry of its single-file cache) per compiled
// program variant.
func countFiles(dir string) int {
	n := 0
	_ = filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			n++
		}
		return nil
	})
	return n
}

// decodePPM reads a binary PPM (P6, maxval 255), as `import ppm:-` writes it.
func decodePPM(data []byte) (image.Image, error) {
	r := bufio.NewReader(bytes.NewReader(data))
	var fields []int
	var magic string
	for len(fields) < 3 {
		var tok string
		if _, err := fmt.Fscan(r, &tok); err != nil {
			return nil, fmt.Errorf("PPM header: %v", err)
		}
		if strings.HasPrefix(tok, "#") {
			_, _ = r.ReadString('\n')
			continue
		}
		if magic == "" {
			magic = tok
			if magic != "P6" {
				return nil, fmt.Errorf("PPM header: magic %q, want P6", magic)
			}
			continue
		}
		n, err := strconv.Atoi(tok)
		if err != nil {
			return nil, fmt.Errorf("PPM header: %q is not a number", tok)
		}
		fields = append(fields, n)
	}
	w, h, maxval := fields[0], fields[1], fields[2]
	if maxval != 255 {
		return nil, fmt.Errorf("PPM maxval %d, want 255", maxval)
	}
	if _, err := r.ReadByte(); err != nil { // the one white space after the header
		return nil, fmt.Errorf("PPM header: %v", err)
	}
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	px := make([]byte, 3*w*h)
	if _, err := io.ReadFull(r, px); err != nil {
		return nil, fmt.Errorf("PPM pixels (%dx%d): %v", w, h, err)
	}
	for i := range w * h {
		img.Pix[4*i], img.Pix[4*i+1], img.Pix[4*i+2], img.Pix[4*i+3] = px[3*i], px[3*i+1], px[3*i+2], 0xff
	}
	return img, nil
}

// uniform reports whether every pixel of img is the same colour.
func uniform(img image.Image) bool {
	b := img.Bounds()
	first := color.NRGBAModel.Convert(img.At(b.Min.X, b.Min.Y))
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if color.NRGBAModel.Convert(img.At(x, y)) != first {
				return false
			}
		}
	}
	return true
}

func ms(d time.Duration) string { return fmt.Sprintf("%d ms", d.Milliseconds()) }

// medMax formats the median and the largest of ds as "M ms (X ms)".
func medMax(ds []time.Duration) string {
	if len(ds) == 0 {
		return "-"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return fmt.Sprintf("%s (%s)", ms(s[len(s)/2]), ms(s[len(s)-1]))
}

func TestDecodePPM(t *testing.T) {
	data := append([]byte("P6\n# by hand\n2 1\n255\n"), 10, 20, 30, 10, 20, 31)
	img, err := decodePPM(data)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 2 || b.Dy() != 1 {
		t.Fatalf("bounds %v, want 2x1", b)
	}
	if got := color.NRGBAModel.Convert(img.At(1, 0)); got != (color.NRGBA{10, 20, 31, 0xff}) {
		t.Fatalf("pixel (1,0) = %v", got)
	}
	if uniform(img) {
		t.Fatal("two colours read as uniform")
	}
	if _, err := decodePPM(data[:len(data)-1]); err == nil {
		t.Fatal("a short PPM read without an error")
	}
	if _, err := decodePPM([]byte("P3\n1 1\n255\n0 0 0\n")); err == nil {
		t.Fatal("an ASCII PPM read without an error")
	}
}

func TestCPUTime(t *testing.T) {
	start, err := cpuTime(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// burn CPU until the kernel has counted at least one more tick of it
	deadline := time.Now().Add(10 * time.Second)
	x := 0
	for {
		for i := range 1_000_000 {
			x += i
		}
		now, err := cpuTime(os.Getpid())
		if err != nil {
			t.Fatal(err)
		}
		main, err := mainThreadCPUTime(os.Getpid())
		if err != nil {
			t.Fatal(err)
		}
		if main > now {
			t.Fatalf("the main thread's CPU time %v is more than the process's %v", main, now)
		}
		if now > start {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the CPU time read stays at %v while this test spins (%d)", now, x)
		}
	}
	if _, err := cpuTime(-1); err == nil {
		t.Fatal("no error for a process that does not exist")
	}
}
