//go:build linux

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
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
// Screenshots of each step are kept in $BANMEN_ARTIFACTS (or a new temp dir), as the smoke
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

type xSession struct {
	t         *testing.T
	display   string
	xdotool   string
	importCmd string
	artifacts string
	prefix    string // of the screenshots' names ("": engineroom)
	shots     int
}

func (x *xSession) run(args ...string) string {
	x.t.Helper()
	cmd := exec.Command(x.xdotool, args...)
	cmd.Env = append(cleanEnv(), "DISPLAY="+x.display)
	out, err := cmd.CombinedOutput()
	if err != nil {
		x.t.Fatalf("xdotool %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// window waits for a visible window named exactly name.
func (x *xSession) window(name string, app *exitStatus, out *syncBuffer) string {
	x.t.Helper()
	deadline := time.Now().Add(windowWait)
	for {
		cmd := exec.Command(x.xdotool, "search", "--onlyvisible", "--name", "^"+name+"$")
		cmd.Env = append(cleanEnv(), "DISPLAY="+x.display)
		ids, _ := cmd.Output()
		if f := strings.Fields(string(ids)); len(f) > 0 {
			return f[len(f)-1]
		}
		if time.Now().After(deadline) {
			x.t.Fatalf("no window %q within %v; banmen's output:\n%s", name, windowWait, out.String())
		}
		select {
		case <-app.done:
			x.t.Fatalf("banmen exited (%v) before window %q appeared; output:\n%s", app.err, name, out.String())
		case <-time.After(250 * time.Millisecond):
		}
	}
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
		img, problem := screenshot(x.importCmd, x.display, win, path)
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

func (x *xSession) click(win string, at image.Point) {
	x.t.Helper()
	x.run("mousemove", "--window", win, fmt.Sprint(at.X), fmt.Sprint(at.Y), "click", "1")
}

// startBanmen starts the test build of banmen with the environment env.
func startBanmen(t *testing.T, bin string, env []string) (*exec.Cmd, *exitStatus, *syncBuffer) {
	t.Helper()
	app := exec.Command(bin)
	app.Env = env
	var out syncBuffer
	app.Stdout, app.Stderr = &out, &out
	app.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := app.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	exited := waitInBackground(app)
	t.Cleanup(func() { killGroup(app.Process.Pid, exited.done) })
	return app, exited, &out
}

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
	tools := map[string]string{}
	for _, name := range []string{"Xvfb", "xdotool", "import", fs} {
		path, err := exec.LookPath(name)
		if err != nil {
			msg := fmt.Sprintf("the engine room's Xvfb test needs %s (run `make test-deps`)", name)
			if os.Getenv("CI") != "" {
				t.Fatal(msg + "; CI is set, so a missing tool is a failure")
			}
			t.Skip(msg)
		}
		tools[name] = path
	}
	artifacts := artifactDir(t)
	bin := filepath.Join(t.TempDir(), "banmen")
	ctx, cancel := context.WithTimeout(context.Background(), buildTimeout)
	defer cancel()
	for _, b := range [][]string{
		{"build", "-tags", buildTags + ",banmen_stubdialogs", "-o", bin, "."},
		{"build", "-o", filepath.Join(filepath.Dir(bin), "banmen-engine"), "banmen/cmd/banmen-engine"},
	} {
		if out, err := exec.CommandContext(ctx, "go", b...).CombinedOutput(); err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(b, " "), err, out)
		}
	}
	x := &xSession{t: t, display: startXvfb(t, tools["Xvfb"]), xdotool: tools["xdotool"], importCmd: tools["import"], artifacts: artifacts}

	home := t.TempDir()
	env := append(cleanEnv(), "DISPLAY="+x.display, "GSETTINGS_BACKEND=memory", "HOME="+home,
		"LANG=C.UTF-8", "LC_MESSAGES=en_US.UTF-8", "BANMEN_STUB_OPEN="+fs)
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_RUNTIME_DIR"} {
		dir := filepath.Join(home, strings.ToLower(v))
		if err := os.Mkdir(dir, 0o700); err != nil {
			t.Fatal(err)
		}
		env = append(env, v+"="+dir)
	}
	list := filepath.Join(home, "xdg_config_home", "banmen", "engines.json")

	// first run: add fairy-stockfish and set two options
	app, exited, out := startBanmen(t, bin, env)
	main := x.window(mainTitle, exited, out)
	x.still(main, "main")
	x.run("windowfocus", "--sync", main)
	x.run("key", "ctrl+shift+e")
	room := x.window(roomListTitle, exited, out)
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
	killGroup(app.Process.Pid, exited.done)
	checkOutput(t, out)

	// second run: the option dialog finds them
	_, exited, out = startBanmen(t, bin, env)
	main = x.window(mainTitle, exited, out)
	x.still(main, "main-again")
	x.run("windowfocus", "--sync", main)
	x.run("key", "ctrl+shift+e")
	room = x.window(roomListTitle, exited, out)
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
	checkOutput(t, out)
	t.Logf("screenshots in %s", artifacts)
}

func checkOutput(t *testing.T, out *syncBuffer) {
	t.Helper()
	for _, bad := range forbiddenOutput {
		if strings.Contains(out.String(), bad) {
			t.Errorf("banmen's output contains %q:\n%s", bad, out.String())
		}
	}
}

func pixel(img image.Image, at image.Point) color.NRGBA {
	b := img.Bounds()
	return color.NRGBAModel.Convert(img.At(b.Min.X+at.X, b.Min.Y+at.Y)).(color.NRGBA)
}

func colourDistance(a, b color.NRGBA) int {
	return absDiff(a.R, b.R) + absDiff(a.G, b.G) + absDiff(a.B, b.B)
}
