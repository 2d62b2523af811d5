//go:build linux

package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
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
// directory under the system's temp dir; the test logs where.

const (
	record       = "testdata/kifu-for-js__meijinsen_20180508_M7_10034.kif"
	windowTitle  = "kifu-for-js__meijinsen_20180508_M7_10034.kif — Banmen" // the file's name, then the app's
	windowWait   = 60 * time.Second                                        // from start to a window with the board drawn
	buildTimeout = 10 * time.Minute                                        // a cold cgo build of Fyne takes about 5
)

// Lines that must never appear in the app's output.
var forbiddenOutput = []string{
	"Error in Fyne call thread", // a widget touched off the Fyne goroutine (Fyne ≥ 2.6)
	"panic:",
	"fatal error:",
	"SIGSEGV",
}

func TestSmokeWindowUnderXvfb(t *testing.T) {
	tools := map[string]string{}
	for _, name := range []string{"Xvfb", "xdotool", "import"} {
		path, err := exec.LookPath(name)
		if err != nil {
			msg := fmt.Sprintf("smoke test needs %s (packages xvfb, xdotool, imagemagick: run `make test-deps`)", name)
			if os.Getenv("CI") != "" {
				t.Fatal(msg + "; CI is set, so a missing tool is a failure")
			}
			t.Skip(msg)
		}
		tools[name] = path
	}

	artifacts := artifactDir(t)
	bin := buildBanmen(t)
	display := startXvfb(t, tools["Xvfb"])

	// Fyne writes preferences and caches under the home and XDG dirs: keep the user's out of it.
	home := t.TempDir()
	// In Japanese, as most of Banmen's users run it (and as the README shows it). Only the
	// messages: a machine without the ja_JP locale would garble the window's title otherwise.
	env := append(cleanEnv(), "DISPLAY="+display, "GSETTINGS_BACKEND=memory", "HOME="+home,
		"LANG=C.UTF-8", "LC_MESSAGES=ja_JP.UTF-8")
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR"} {
		dir := filepath.Join(home, strings.ToLower(v))
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		env = append(env, v+"="+dir)
	}
	rec, err := filepath.Abs(record)
	if err != nil {
		t.Fatal(err)
	}
	app := exec.Command(bin, rec)
	app.Env = env
	var out syncBuffer
	app.Stdout, app.Stderr = &out, &out
	app.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	started := time.Now()
	if err := app.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	exited := waitInBackground(app)
	stopped := false
	stop := func() {
		if stopped {
			return
		}
		stopped = true
		killGroup(app.Process.Pid, exited.done)
		writeArtifact(t, artifacts, "banmen-output.txt", out.Bytes())
	}
	defer stop()

	deadline := time.Now().Add(windowWait)
	win := waitForWindow(t, tools["xdotool"], display, deadline, exited, &out)
	t.Logf("the window was on screen %v after the start", time.Since(started).Round(time.Millisecond))

	// The window is mapped before its first frame is drawn: take screenshots until one shows
	// the board, or the time is up.
	shot := filepath.Join(artifacts, "banmen-smoke.png")
	var problem string
	var first image.Image
	for {
		first, problem = screenshot(tools["import"], display, win, shot)
		if problem == "" || time.Now().After(deadline) {
			break
		}
		select {
		case <-exited.done:
			t.Fatalf("banmen exited (%v) before its window showed the board; output:\n%s", exited.err, out.String())
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
		img, problem := screenshot(tools["import"], display, win, shot)
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
	focus := exec.Command(tools["xdotool"], "windowfocus", "--sync", win)
	focus.Env = append(cleanEnv(), "DISPLAY="+display)
	_ = focus.Run() // without a window manager the window may have the focus already
	key := exec.Command(tools["xdotool"], "key", "End")
	key.Env = append(cleanEnv(), "DISPLAY="+display)
	if out, err := key.CombinedOutput(); err != nil {
		t.Fatalf("xdotool key End: %v: %s", err, out)
	}
	endShot := filepath.Join(artifacts, "banmen-smoke-end.png")
	for end := time.Now().Add(10 * time.Second); ; {
		img, problem := screenshot(tools["import"], display, win, endShot)
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
	case <-exited.done:
		t.Errorf("banmen exited by itself (%v) while its window was open", exited.err)
	case <-time.After(1500 * time.Millisecond):
	}
	if rss, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", app.Process.Pid)); err == nil {
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
	for _, bad := range forbiddenOutput {
		if strings.Contains(out.String(), bad) {
			t.Errorf("banmen's output contains %q:\n%s", bad, out.String())
		}
	}
	t.Logf("app output: %s", filepath.Join(artifacts, "banmen-output.txt"))
}

// artifactDir is where the screenshot and the app's output are kept after the test.
func artifactDir(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("BANMEN_ARTIFACTS"); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		return dir
	}
	dir, err := os.MkdirTemp("", "banmen-smoke-")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func writeArtifact(t *testing.T, dir, name string, data []byte) {
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Errorf("saving %s: %v", name, err)
	}
}

// buildTags are the build tags of `make build` (TAGS in the Makefile).
const buildTags = "no_emoji"

// buildBanmen builds this package's binary as a user gets it from `make build`.
func buildBanmen(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "banmen")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-tags", buildTags, "-o", bin, ".")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build of banmen: %v\n%s", err, out)
	}
	// the bundled engine is installed beside the GUI, as make build does
	eng := exec.CommandContext(ctx, "go", "build", "-o", filepath.Join(filepath.Dir(bin), "banmen-engine"), "banmen/cmd/banmen-engine")
	if out, err := eng.CombinedOutput(); err != nil {
		t.Fatalf("go build of banmen-engine: %v\n%s", err, out)
	}
	return bin
}

// startXvfb starts Xvfb on a display it picks itself (-displayfd) and returns ":N".
// It is stopped when the test ends.
func startXvfb(t *testing.T, xvfb string) string {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(xvfb, "-displayfd", "3", "-screen", "0", "1280x900x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w} // fd 3 in Xvfb
	var out syncBuffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		w.Close()
		t.Fatalf("starting Xvfb: %v", err)
	}
	w.Close()
	exited := waitInBackground(cmd)
	t.Cleanup(func() { killGroup(cmd.Process.Pid, exited.done) })

	got := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(r).ReadString('\n')
		got <- strings.TrimSpace(line)
	}()
	select {
	case n := <-got:
		if n == "" {
			t.Fatalf("Xvfb did not report a display number; its output:\n%s", out.String())
		}
		return ":" + n
	case <-time.After(30 * time.Second):
		t.Fatalf("Xvfb did not start within 30 s; its output:\n%s", out.String())
	}
	return ""
}

// waitForWindow polls for a visible window titled exactly windowTitle (the title of a window
// showing the record given: a window titled otherwise did not open it) and returns its id.
func waitForWindow(t *testing.T, xdotool, display string, deadline time.Time, exited *exitStatus, out *syncBuffer) string {
	t.Helper()
	for {
		cmd := exec.Command(xdotool, "search", "--onlyvisible", "--name", "^"+regexp.QuoteMeta(windowTitle)+"$")
		cmd.Env = append(cleanEnv(), "DISPLAY="+display)
		ids, _ := cmd.Output() // exits 1 while there is no such window
		if f := strings.Fields(string(ids)); len(f) > 0 {
			return f[0]
		}
		if time.Now().After(deadline) {
			t.Fatalf("no window named %q appeared within %v; banmen's output:\n%s", windowTitle, windowWait, out.String())
		}
		select {
		case <-exited.done:
			t.Fatalf("banmen exited (%v) before its window appeared; output:\n%s", exited.err, out.String())
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// screenshot saves window win as a PNG in path and returns it and what is wrong with it, or "".
func screenshot(importTool, display, win, path string) (image.Image, string) {
	cmd := exec.Command(importTool, "-window", win, "png:"+path)
	cmd.Env = append(cleanEnv(), "DISPLAY="+display)
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Sprintf("import failed: %v: %s", err, out)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err.Error()
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return nil, fmt.Sprintf("%s: %v", path, err)
	}
	return img, checkScreenshot(img)
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

// cleanEnv is the test's environment without what would send the app elsewhere or turn
// Fyne's thread checks off.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		switch strings.SplitN(kv, "=", 2)[0] {
		case "DISPLAY", "WAYLAND_DISPLAY", "XAUTHORITY", "FYNE_DISABLE_CALL_CHECKING", "LANG", "LC_ALL", "LC_MESSAGES",
			"HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR":
			continue
		}
		env = append(env, kv)
	}
	return env
}

// exitStatus tells when a started process has exited (done is closed) and how (err).
type exitStatus struct {
	done chan struct{}
	err  error
}

func waitInBackground(cmd *exec.Cmd) *exitStatus {
	s := &exitStatus{done: make(chan struct{})}
	go func() {
		s.err = cmd.Wait()
		close(s.done)
	}()
	return s
}

// killGroup ends the process group led by pid (SIGTERM, then SIGKILL after 5 s) and waits
// for the leader to exit (done is closed).
func killGroup(pid int, done <-chan struct{}) {
	_ = syscall.Kill(-pid, syscall.SIGTERM)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		_ = syscall.Kill(-pid, syscall.SIGKILL)
		<-done
	}
	_ = syscall.Kill(-pid, syscall.SIGKILL) // anything the leader left behind
}

// syncBuffer is a bytes.Buffer that a process's stdout and stderr may write concurrently.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) Bytes() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return bytes.Clone(s.b.Bytes())
}

func (s *syncBuffer) String() string { return string(s.Bytes()) }
