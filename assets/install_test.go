package assets

import (
	"bytes"
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// make install and make uninstall, into a temporary PREFIX, with stand-ins for the built
// programs (make -o build: the build target is taken as done).
func TestMakeInstallAndUninstall(t *testing.T) {
	if _, err := exec.LookPath("make"); err != nil {
		t.Skip("no make")
	}
	tmp := t.TempDir()
	bin, prefix := filepath.Join(tmp, "built"), filepath.Join(tmp, "prefix")
	programs := []string{"banmen", "banmen-cli", "banmen-engine", "banmen-guard"}
	os.MkdirAll(bin, 0o755)
	for _, p := range programs {
		if err := os.WriteFile(filepath.Join(bin, p), []byte("#!/bin/sh\necho "+p+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	// files of the user's own in the same folders, which uninstall must leave
	theirs := []string{filepath.Join(prefix, "bin", "other-tool"), filepath.Join(prefix, "share", "applications", "other.desktop")}
	for _, f := range theirs {
		os.MkdirAll(filepath.Dir(f), 0o755)
		os.WriteFile(f, []byte("x"), 0o644)
	}
	run := func(target string) {
		t.Helper()
		cmd := exec.Command("make", "-C", "..", "-o", "build", target, "PREFIX="+prefix, "BIN="+bin)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("make %s: %v\n%s", target, err, out)
		}
	}
	run("install")
	want := map[string]os.FileMode{
		"share/applications/io.banmen.app.desktop":            0o644,
		"share/icons/hicolor/256x256/apps/io.banmen.app.png":  0o644,
		"share/icons/hicolor/scalable/apps/io.banmen.app.svg": 0o644,
		"share/mime/packages/io.banmen.app.xml":               0o644,
		"share/doc/banmen/THIRD_PARTY_LICENSES.txt":           0o644,
	}
	for _, p := range programs {
		want["bin/"+p] = 0o755
	}
	for rel, mode := range want {
		st, err := os.Stat(filepath.Join(prefix, rel))
		if err != nil {
			t.Errorf("not installed: %v", err)
			continue
		}
		if st.Mode().Perm() != mode {
			t.Errorf("%s: mode %v, want %v", rel, st.Mode().Perm(), mode)
		}
	}
	if got, _ := os.ReadFile(filepath.Join(prefix, "share/icons/hicolor/256x256/apps/io.banmen.app.png")); !bytes.Equal(got, Icon()) {
		t.Error("the installed icon is not the embedded one")
	}
	desktop, _ := os.ReadFile(filepath.Join(prefix, "share/applications/io.banmen.app.desktop"))
	entry := map[string]string{}
	for _, line := range strings.Split(string(desktop), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			entry[k] = v
		}
	}
	if got := entry["Exec"]; got != filepath.Join(prefix, "bin", "banmen")+" %f" {
		t.Errorf("Exec=%s", got)
	}
	if entry["Icon"] != "io.banmen.app" || entry["Type"] != "Application" {
		t.Errorf("Icon=%s Type=%s", entry["Icon"], entry["Type"])
	}
	// the class X11 gives Banmen's window (ui.WindowClass), so that task bars show the window
	// under this entry's icon
	if entry["StartupWMClass"] != "Banmen" {
		t.Errorf("StartupWMClass=%q, want Banmen (the main window's WM_CLASS)", entry["StartupWMClass"])
	}
	// every record type the entry opens is defined, with the extensions Banmen reads
	var mime struct {
		Types []struct {
			Type  string `xml:"type,attr"`
			Globs []struct {
				Pattern string `xml:"pattern,attr"`
			} `xml:"glob"`
		} `xml:"mime-type"`
	}
	data, _ := os.ReadFile(filepath.Join(prefix, "share/mime/packages/io.banmen.app.xml"))
	if err := xml.Unmarshal(data, &mime); err != nil {
		t.Fatalf("the shared-mime XML: %v", err)
	}
	var globs, types []string
	for _, m := range mime.Types {
		types = append(types, m.Type)
		for _, g := range m.Globs {
			globs = append(globs, g.Pattern)
		}
	}
	opened := strings.Split(strings.TrimSuffix(entry["MimeType"], ";"), ";")
	slices.Sort(opened)
	slices.Sort(types)
	if !slices.Equal(opened, types) {
		t.Errorf("the entry opens %v, the XML defines %v", opened, types)
	}
	for _, ext := range []string{"kif", "kifu", "ki2", "ki2u", "csa", "jkf"} {
		if !slices.Contains(globs, "*."+ext) {
			t.Errorf("no record type for .%s", ext)
		}
	}
	if _, err := exec.LookPath("update-mime-database"); err == nil {
		g, _ := os.ReadFile(filepath.Join(prefix, "share/mime/globs2"))
		if !strings.Contains(string(g), "application/x-shogi-kif:*.kif") {
			t.Errorf("the MIME database does not map *.kif:\n%s", g)
		}
	}

	run("uninstall")
	for rel := range want {
		if _, err := os.Stat(filepath.Join(prefix, rel)); err == nil {
			t.Errorf("%s is still there after uninstall", rel)
		}
	}
	for _, f := range theirs {
		if _, err := os.Stat(f); err != nil {
			t.Errorf("uninstall removed a file it did not install: %v", err)
		}
	}
}
