//go:build linux

package main

// The harness of the tests that run the real banmen (or another Fyne program) under Xvfb.
// startX looks up the tools a test needs (a missing one skips the test, or fails it under
// CI=true where the test is one CI runs) and starts an Xvfb of the test's own on a display
// that the server picks itself (-displayfd: two tests never share one). x.appEnv gives a
// program a fresh home, x.launch starts it, x.waitWindow waits for its window by title,
// x.screenshot, x.shot and x.still take screenshots, x.run and x.tool run xdotool and the
// other tools on the display. What a test starts is ended when the test ends (t.Cleanup):
// the programs first, then Xvfb.

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"banmen/internal/xtest"
)

const (
	windowWait   = 60 * time.Second // from start to a window with the board drawn
	buildTimeout = 10 * time.Minute // a cold cgo build of Fyne takes about 5
)

// buildTags are the build tags of `make build` (TAGS in the Makefile).
const buildTags = "no_emoji"

// ciPolicy is what a missing tool does to a test under CI=true.
type ciPolicy bool

const (
	failInCI ciPolicy = true  // fails it: a test that CI runs
	skipInCI ciPolicy = false // skips it, as anywhere: a measurement run on request
)

// toolPackages names the Debian package of each tool (`make test-deps` installs them).
var toolPackages = map[string]string{"Xvfb": "xvfb", "xdotool": "xdotool", "import": "imagemagick", "xprop": "x11-utils"}

// xSession is a test's own X server and the tools it looked up for it.
type xSession struct {
	t         *testing.T
	display   string            // ":N"
	tools     map[string]string // the path of each tool looked up, by the name asked for
	artifacts string            // where shot and still keep their screenshots
	prefix    string            // of still's screenshots' names ("": engineroom)
	shots     int
}

// startX looks up Xvfb and tools (names on PATH or paths) for the test what, and starts Xvfb.
// A missing tool skips the test, unless ci is failInCI and CI is set: then it fails.
func startX(t *testing.T, what string, ci ciPolicy, tools ...string) *xSession {
	t.Helper()
	paths := map[string]string{}
	for _, name := range append([]string{"Xvfb"}, tools...) {
		path, err := exec.LookPath(name)
		if err != nil {
			pkg := toolPackages[name]
			if pkg == "" {
				pkg = filepath.Base(name)
			}
			msg := fmt.Sprintf("%s needs %s (package %s: run `make test-deps`)", what, name, pkg)
			if ci == failInCI && os.Getenv("CI") != "" {
				t.Fatal(msg + "; CI is set, so a missing tool is a failure")
			}
			t.Skip(msg)
		}
		paths[name] = path
	}
	return &xSession{t: t, display: xtest.StartXvfb(t, paths["Xvfb"]), tools: paths}
}

// japanese is the language of most tests: Japanese, as most of Banmen's users run it (and
// as the README shows it). Only the messages: a machine without the ja_JP locale would
// garble the window's title otherwise.
var japanese = []string{"LANG=C.UTF-8", "LC_MESSAGES=ja_JP.UTF-8"}

// appEnv is the environment of a program on x's display with home as its home (Fyne writes
// preferences and caches under the home and XDG dirs: keep the user's out of it), each XDG
// dir a directory under it (home/xdg_config_home, …), then extra (its language, say; a
// variable named again there replaces the one before).
func (x *xSession) appEnv(home string, extra ...string) []string {
	x.t.Helper()
	env := append(cleanEnv(), "DISPLAY="+x.display, "GSETTINGS_BACKEND=memory", "HOME="+home)
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR"} {
		dir := filepath.Join(home, strings.ToLower(v))
		if err := os.MkdirAll(dir, 0o700); err != nil {
			x.t.Fatal(err)
		}
		env = append(env, v+"="+dir)
	}
	return append(env, extra...)
}

// xApp is a program started on a test's display.
type xApp struct {
	cmd     *exec.Cmd
	exited  *exitStatus
	out     *syncBuffer // its stdout and stderr
	started time.Time   // just before the exec
	once    sync.Once
}

// launch starts argv with the environment env in a process group of its own, which is
// ended when the test ends (or at a.stop).
func (x *xSession) launch(env []string, argv ...string) *xApp {
	x.t.Helper()
	a := &xApp{cmd: exec.Command(argv[0], argv[1:]...), out: &syncBuffer{}}
	a.cmd.Env = env
	a.cmd.Stdout, a.cmd.Stderr = a.out, a.out
	a.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	a.started = time.Now()
	if err := a.cmd.Start(); err != nil {
		x.t.Fatalf("starting %s: %v", argv[0], err)
	}
	a.exited = waitInBackground(a.cmd)
	x.t.Cleanup(a.stop)
	return a
}

// stop ends a's process group and waits for it; once only, so that a later call cannot
// signal a group whose id was given to another.
func (a *xApp) stop() { a.once.Do(func() { killGroup(a.cmd.Process.Pid, a.exited.done) }) }

func (a *xApp) pid() int { return a.cmd.Process.Pid }

func (a *xApp) name() string { return filepath.Base(a.cmd.Path) }

// findWindow polls every poll for a visible window whose whole name matches the regular
// expression pattern (POSIX, as xdotool takes it) and returns its id, the newest where several
// match; an error once a has exited or deadline has passed.
func (x *xSession) findWindow(a *xApp, pattern string, deadline time.Time, poll time.Duration) (string, error) {
	for {
		ids, _ := x.cmd("xdotool", "search", "--onlyvisible", "--name", "^"+pattern+"$").Output() // exits 1 while there is no such window
		if f := strings.Fields(string(ids)); len(f) > 0 {
			return f[len(f)-1], nil
		}
		if time.Now().After(deadline) {
			return "", fmt.Errorf("no window %q within %v of %s's start; its output:\n%s",
				pattern, deadline.Sub(a.started).Round(time.Second), a.name(), a.out.String())
		}
		select {
		case <-a.exited.done:
			return "", fmt.Errorf("%s exited (%v) before window %q appeared; output:\n%s", a.name(), a.exited.err, pattern, a.out.String())
		case <-time.After(poll):
		}
	}
}

// waitWindow waits up to windowWait for a window of a named as findWindow's pattern says.
func (x *xSession) waitWindow(a *xApp, pattern string) string {
	x.t.Helper()
	win, err := x.findWindow(a, pattern, time.Now().Add(windowWait), 250*time.Millisecond)
	if err != nil {
		x.t.Fatal(err)
	}
	return win
}

// cmd is a command of the tool startX looked up as name, on x's display.
func (x *xSession) cmd(name string, args ...string) *exec.Cmd {
	path := x.tools[name]
	if path == "" {
		path = name
	}
	c := exec.Command(path, args...)
	c.Env = append(cleanEnv(), "DISPLAY="+x.display)
	return c
}

// tool runs tool name and returns its output; the test fails if the tool does.
func (x *xSession) tool(name string, args ...string) string {
	x.t.Helper()
	out, err := x.cmd(name, args...).CombinedOutput()
	if err != nil {
		x.t.Fatalf("%s %s: %v: %s", name, strings.Join(args, " "), err, out)
	}
	return string(out)
}

// run runs xdotool.
func (x *xSession) run(args ...string) string {
	x.t.Helper()
	return x.tool("xdotool", args...)
}

func (x *xSession) click(win string, at image.Point) {
	x.t.Helper()
	x.run("mousemove", "--window", win, fmt.Sprint(at.X), fmt.Sprint(at.Y), "click", "1")
}

// screenshot saves window win as a PNG in path (with ImageMagick's import) and returns it and
// what is wrong with it as a picture of the board (checkScreenshot), or "".
func (x *xSession) screenshot(win, path string) (image.Image, string) {
	if out, err := x.cmd("import", "-window", win, "png:"+path).CombinedOutput(); err != nil {
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

// shot takes one screenshot of win into the artifacts as name.
func (x *xSession) shot(win, name string) image.Image {
	x.t.Helper()
	img, problem := x.screenshot(win, filepath.Join(x.artifacts, name))
	if img == nil {
		x.t.Fatalf("%s: %s", name, problem)
	}
	return img
}

// still waits until two screenshots of win 0.4 s apart are the same, and returns the last,
// kept as an artifact named step.
func (x *xSession) still(win, step string) image.Image {
	x.t.Helper()
	x.shots++
	prefix := x.prefix
	if prefix == "" {
		prefix = "engineroom"
	}
	path := filepath.Join(x.artifacts, fmt.Sprintf("%s-%02d-%s.png", prefix, x.shots, step))
	var last image.Image
	for end := time.Now().Add(20 * time.Second); ; {
		img, problem := x.screenshot(win, path)
		if problem == "" || strings.Contains(problem, "wood") || strings.Contains(problem, "board") {
			problem = "" // the smoke test's checks are about the board, which this window lacks
		}
		if img != nil && last != nil && changedShare(last, img) == 0 {
			return img
		}
		if img != nil {
			last = img
		}
		if time.Now().After(end) {
			if last == nil {
				x.t.Fatalf("%s: no screenshot of window %s (%s)", step, win, problem)
			}
			return last
		}
		time.Sleep(400 * time.Millisecond)
	}
}

// buildBanmen builds this package's binary as a user gets it from `make build`, with the
// extra build tags given, and the bundled engine beside it.
func buildBanmen(t *testing.T, tags ...string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "banmen")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "go", "build", "-tags", strings.Join(append([]string{buildTags}, tags...), ","), "-o", bin, ".")
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

// buildEmptyWindow builds testdata/emptywindow, the smallest Fyne program, that the
// measurements compare banmen with.
func buildEmptyWindow(t *testing.T) string {
	t.Helper()
	empty := filepath.Join(t.TempDir(), "emptywindow")
	if out, err := exec.Command("go", "build", "-tags", buildTags, "-o", empty, "./testdata/emptywindow").CombinedOutput(); err != nil {
		t.Fatalf("go build of emptywindow: %v\n%s", err, out)
	}
	return empty
}

// artifactDir is where the screenshots and the app's output are kept after the test:
// $BANMEN_ARTIFACTS, or else a new directory under the system's temp dir that is removed
// when the test passes and kept (its path logged) when it fails.
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
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("screenshots and output kept in %s", dir)
			return
		}
		os.RemoveAll(dir)
	})
	return dir
}

func writeArtifact(t *testing.T, dir, name string, data []byte) {
	if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
		t.Errorf("saving %s: %v", name, err)
	}
}

// checkOutput fails the test if out holds a line that must never appear (forbiddenOutput).
func checkOutput(t *testing.T, out *syncBuffer) {
	t.Helper()
	for _, bad := range forbiddenOutput {
		if strings.Contains(out.String(), bad) {
			t.Errorf("banmen's output contains %q:\n%s", bad, out.String())
		}
	}
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

// killGroup ends the process group led by pid and waits for the leader (xtest.KillGroup).
func killGroup(pid int, done <-chan struct{}) { xtest.KillGroup(pid, done) }

// syncBuffer collects a process's stdout and stderr.
type syncBuffer = xtest.SyncBuffer
