package nativedialog

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/internal/xtest"
)

// The dialogs work when GTK is loaded with the first of them, not with the program: shown in
// Xvfb, each is driven with xdotool as a user would (Escape, Ctrl+L and a path, Return).
func TestFileDialogsUnderXvfb(t *testing.T) {
	tools := map[string]string{}
	for _, name := range []string{"Xvfb", "xdotool"} {
		path, err := exec.LookPath(name)
		if err != nil {
			if os.Getenv("CI") != "" {
				t.Fatalf("%s is missing (make test-deps installs it)", name)
			}
			t.Skipf("%s is missing (make test-deps installs it)", name)
		}
		tools[name] = path
	}
	if gtkThread.calls != nil {
		// GTK lives as long as the process, on the display of the first run (gone now).
		t.Skip("an earlier run in this process started GTK: run the test once per process (-count=1)")
	}
	if gtkLoaded(t) {
		t.Fatal("GTK was loaded before the first dialog")
	}
	display := xtest.StartXvfb(t, tools["Xvfb"])
	t.Setenv("DISPLAY", display)
	t.Setenv("GSETTINGS_BACKEND", "memory")
	t.Setenv("WAYLAND_DISPLAY", "")
	dir := t.TempDir()
	record := filepath.Join(dir, "game.kif")
	if err := os.WriteFile(record, []byte("手合割：平手\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	type result struct {
		path string
		err  error
	}
	// show runs a dialog, waits for its window titled title, presses keys in it and returns
	// what the dialog returned.
	show := func(title string, dialog func() (string, error), keys ...[]string) result {
		t.Helper()
		done := make(chan result, 1)
		go func() {
			p, err := dialog()
			done <- result{p, err}
		}()
		var win string
		for deadline := time.Now().Add(20 * time.Second); win == ""; {
			out, _ := exec.Command(tools["xdotool"], "search", "--onlyvisible", "--name", "^"+title+"$").Output()
			if f := strings.Fields(string(out)); len(f) > 0 {
				win = f[0]
				break
			}
			select {
			case r := <-done:
				t.Fatalf("%s: the dialog returned %q, %v before its window showed", title, r.path, r.err)
			case <-time.After(100 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no window within 20 s", title)
			}
		}
		time.Sleep(500 * time.Millisecond) // let the dialog take its size and focus
		_ = exec.Command(tools["xdotool"], "windowfocus", "--sync", win).Run()
		for _, k := range keys {
			if out, err := exec.Command(tools["xdotool"], k...).CombinedOutput(); err != nil {
				t.Fatalf("xdotool %v: %v: %s", k, err, out)
			}
			time.Sleep(200 * time.Millisecond)
		}
		select {
		case r := <-done:
			return r
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: the dialog did not return after %v", title, keys)
		}
		return result{}
	}

	r := show("Banmen cancel", func() (string, error) { return OpenFile("Banmen cancel", "kif") }, []string{"key", "Escape"})
	if !errors.Is(r.err, ErrCancelled) || r.path != "" {
		t.Errorf("Escape in the open dialog: %q, %v; want ErrCancelled", r.path, r.err)
	}
	if gtkThread.calls == nil || gtkThread.err != nil || !gtkLoaded(t) {
		t.Fatalf("GTK did not start with the first dialog: %v", gtkThread.err)
	}
	r = show("Banmen open", func() (string, error) { return OpenFile("Banmen open", "kif", "csa") },
		[]string{"key", "ctrl+l"}, []string{"type", record}, []string{"key", "Return"})
	if r.err != nil || r.path != record {
		t.Errorf("open dialog given %s: %q, %v", record, r.path, r.err)
	}
	r = show("Banmen save", func() (string, error) { return SaveFile("Banmen save", filepath.Join(dir, "new.kif"), "kif") },
		[]string{"key", "Return"})
	if want := filepath.Join(dir, "new.kif"); r.err != nil || r.path != want {
		t.Errorf("save dialog started at %s, Return: %q, %v", want, r.path, r.err)
	}
	// Dialogs (the ui package's side) turn a cancel into "".
	p, err := noCancel(show("Banmen folder", func() (string, error) { return Dialogs{}.OpenFolder("Banmen folder") }, []string{"key", "Escape"}).path, nil)
	if p != "" || err != nil {
		t.Errorf("Escape in the folder dialog: %q, %v; want \"\", nil", p, err)
	}
}

// gtkLoaded reports whether libgtk-3 is mapped into this process.
func gtkLoaded(t *testing.T) bool {
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Fatal(err)
	}
	return strings.Contains(string(maps), "libgtk-3.so")
}
