//go:build linux

package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"banmen/ui"
)

// TestMenuShortcutsAndIconInTheRealWindow is issue 15's "Ctrl+V and Ctrl+Z do nothing in the
// main window although the menus show them" and "an application icon shown in the window
// and the task bar", in the real banmen under Xvfb, where Fyne's GLFW driver turns the keys
// into shortcuts (ui's TestEveryMenuShortcutWorksWhenPressed presses every menu's shortcut
// as that driver dispatches them; this test checks the driver does so): End and Ctrl+Z take
// the last move back (the title marks the record changed, the autosave has one move less),
// Ctrl+S saves it with the file's line ends, Ctrl+Shift+C copies the position and Ctrl+V pastes it as a new record.
// The window carries the icon (_NET_WM_ICON, what task bars draw) and a WM_CLASS.
func TestMenuShortcutsAndIconInTheRealWindow(t *testing.T) {
	x := startX(t, "the shortcuts' Xvfb test", failInCI, "xdotool", "xprop")
	bin := buildBanmen(t)
	home := t.TempDir()
	// a copy of the record, which Ctrl+S writes
	data, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	rec := filepath.Join(t.TempDir(), "game.kif")
	if err := os.WriteFile(rec, data, 0o644); err != nil {
		t.Fatal(err)
	}
	a := x.launch(x.appEnv(home, japanese...), bin, rec)
	defer func() {
		a.stop()
		checkOutput(t, a.out)
	}()
	// waitTitle waits for a visible window titled title and returns its id
	waitTitle := func(title, after string) string {
		t.Helper()
		win, err := x.findWindow(a, regexp.QuoteMeta(title), time.Now().Add(windowWait), 200*time.Millisecond)
		if err != nil {
			t.Fatalf("after %s: %v", after, err)
		}
		return win
	}
	win := waitTitle("game.kif — Banmen", "the start")
	// the record is read in the background: wait until the autosave-free window shows it
	time.Sleep(2 * time.Second)
	_ = x.cmd("xdotool", "windowfocus", "--sync", win).Run()
	key := func(k string) {
		t.Helper()
		x.run("key", "--window", win, "--clearmodifiers", k)
	}

	// the icon, as the window manager and the task bar read it
	icon := x.tool("xprop", "-id", win, "-notype", "32c", "_NET_WM_ICON")
	if m := regexp.MustCompile(`_NET_WM_ICON = (\d+), (\d+),`).FindStringSubmatch(icon); m == nil || m[1] == "0" || m[2] == "0" {
		t.Errorf("the window has no icon: xprop says %.200q", icon)
	} else {
		t.Logf("_NET_WM_ICON: %s×%s", m[1], m[2])
	}
	class := x.tool("xprop", "-id", win, "WM_CLASS")
	// the desktop entry's StartupWMClass names this class: the class must not be the
	// record's title the window has by the time it is shown
	if want := `"` + ui.WindowClass + `"`; !strings.HasSuffix(strings.TrimSpace(class), want) {
		t.Errorf("the window's WM_CLASS is %q, want the class %s that the desktop entry's StartupWMClass names", class, want)
	}
	t.Logf("%s", strings.TrimSpace(class))

	moves := strings.Count(string(data), "\n") // an upper bound; the autosave tells the count
	key("End")
	key("ctrl+z")
	waitTitle("*game.kif — Banmen", "End, Ctrl+Z (取り消し)")
	var got []string
	for deadline := time.Now().Add(10 * time.Second); got == nil && time.Now().Before(deadline); {
		time.Sleep(300 * time.Millisecond)
		got = autosavedMoves(t, home)
	}
	if got == nil || len(got) >= moves {
		t.Fatalf("after Ctrl+Z the autosave has %d moves", len(got))
	}
	t.Logf("after Ctrl+Z the record has %d moves", len(got))
	key("ctrl+s")
	waitTitle("game.kif — Banmen", "Ctrl+S (上書き保存)")
	saved, err := os.ReadFile(rec)
	if err != nil || string(saved) == string(data) {
		t.Errorf("Ctrl+S did not write the record back (%v)", err)
	}
	if crlf := strings.Contains(string(data), "\r\n"); strings.Contains(string(saved), "\r\n") != crlf ||
		!crlf && strings.Contains(string(saved), "\r") {
		t.Errorf("Ctrl+S changed the file's line ends (CRLF before: %v)", crlf)
	}
	key("ctrl+shift+c")
	time.Sleep(500 * time.Millisecond)
	key("ctrl+v")
	waitTitle("*無題 — Banmen", "Ctrl+Shift+C (局面をコピー), Ctrl+V (貼り付け)")
	select {
	case <-a.exited.done:
		t.Errorf("banmen exited (%v)", a.exited.err)
	default:
	}
}
