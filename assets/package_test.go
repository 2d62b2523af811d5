package assets

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"banmen/internal/xtest"
)

// make package, then the tarball as a user gets it: it holds the four programs side by side,
// the desktop entry with the record types, the icon; its own Makefile installs them all into a
// prefix; there banmen-engine answers USI, and banmen (started under Xvfb with an empty
// config folder) registers the banmen-engine beside it as its engine, as banmen-cli does.
// Slow (it builds everything, and fetches fyne.io/tools the first time): set BANMEN_PACKAGE=1.
func TestMakePackageTarballFindsItsEngine(t *testing.T) {
	if os.Getenv("BANMEN_PACKAGE") == "" {
		t.Skip("set BANMEN_PACKAGE=1 to build the package (minutes)")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bin")
	tarball := filepath.Join(tmp, "banmen.tar.xz")
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	if out, err := exec.CommandContext(ctx, "make", "-C", "..", "package", "BIN="+bin, "PACKAGE="+tarball).CombinedOutput(); err != nil {
		t.Fatalf("make package: %v\n%s", err, out)
	}
	x := filepath.Join(tmp, "x")
	os.MkdirAll(x, 0o755)
	if out, err := exec.Command("tar", "-xJf", tarball, "-C", x).CombinedOutput(); err != nil {
		t.Fatalf("tar: %v\n%s", err, out)
	}
	root := filepath.Join(x, "banmen")
	for _, f := range []string{
		"usr/local/bin/banmen", "usr/local/bin/banmen-cli", "usr/local/bin/banmen-engine", "usr/local/bin/banmen-guard",
		"usr/local/share/applications/io.banmen.app.desktop", "usr/local/share/mime/packages/io.banmen.app.xml",
		"usr/local/share/pixmaps/io.banmen.app.png", "Makefile", "THIRD_PARTY_LICENSES.txt",
	} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Errorf("the tarball lacks %s", f)
		}
	}
	if lic, _ := os.ReadFile(filepath.Join(root, "THIRD_PARTY_LICENSES.txt")); !strings.Contains(string(lic), "\nfyne.io/fyne/v2 ") {
		t.Errorf("THIRD_PARTY_LICENSES.txt does not name Fyne:\n%.300s", lic)
	}
	desktop, _ := os.ReadFile(filepath.Join(root, "usr/local/share/applications/io.banmen.app.desktop"))
	if !strings.Contains(string(desktop), "\nExec=banmen %f\n") || !strings.Contains(string(desktop), "MimeType=application/x-shogi-kif;") {
		t.Errorf("the desktop entry:\n%s", desktop)
	}

	// the tarball's own Makefile, into a prefix
	prefix := filepath.Join(tmp, "prefix")
	if out, err := exec.Command("make", "-C", root, "install", "PREFIX="+prefix).CombinedOutput(); err != nil {
		t.Fatalf("the tarball's make install: %v\n%s", err, out)
	}
	for _, p := range []string{"banmen", "banmen-cli", "banmen-engine", "banmen-guard"} {
		if st, err := os.Stat(filepath.Join(prefix, "bin", p)); err != nil || st.Mode().Perm()&0o111 == 0 {
			t.Errorf("the tarball's make install did not install %s: %v", p, err)
		}
	}
	if _, err := os.Stat(filepath.Join(prefix, "share/mime/packages/io.banmen.app.xml")); err != nil {
		t.Errorf("the record types are not installed: %v", err)
	}
	if _, err := os.Stat(filepath.Join(prefix, "share/doc/banmen/THIRD_PARTY_LICENSES.txt")); err != nil {
		t.Errorf("the licence notices are not installed: %v", err)
	}
	engine := filepath.Join(prefix, "bin", "banmen-engine")
	usi := exec.Command(engine)
	usi.Stdin = strings.NewReader("usi\nquit\n")
	if out, err := usi.Output(); err != nil || !strings.Contains(string(out), "\nusiok") {
		t.Errorf("the installed banmen-engine answers usi with %q, %v", out, err)
	}

	// banmen-cli and banmen, each with a config folder of its own, register the engine beside them
	home := func() []string {
		h := t.TempDir()
		return []string{"HOME=" + h, "XDG_CONFIG_HOME=" + filepath.Join(h, "config"), "PATH=/usr/bin:/bin"}
	}
	cliEnv := home()
	cli := exec.Command(filepath.Join(prefix, "bin", "banmen-cli"), "engines", "list")
	cli.Env = cliEnv
	if out, err := cli.CombinedOutput(); err != nil || !strings.Contains(string(out), engine) {
		t.Errorf("banmen-cli engines list does not name %s: %v\n%s", engine, err, out)
	}
	xvfb, err := exec.LookPath("Xvfb")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatal("no Xvfb")
		}
		t.Skip("no Xvfb: the GUI's engine is not checked")
	}
	guiEnv := home()
	gui := exec.Command(filepath.Join(prefix, "bin", "banmen"))
	gui.Env = append(guiEnv, "DISPLAY="+xtest.StartXvfb(t, xvfb))
	gui.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out strings.Builder
	gui.Stdout, gui.Stderr = &out, &out
	if err := gui.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() {
		syscall.Kill(-gui.Process.Pid, syscall.SIGKILL)
		gui.Wait()
	}()
	list := filepath.Join(strings.TrimPrefix(guiEnv[1], "XDG_CONFIG_HOME="), "banmen", "engines.json")
	deadline := time.Now().Add(60 * time.Second)
	for {
		data, err := os.ReadFile(list)
		if err == nil {
			var reg struct {
				Engines []struct {
					Path    string
					Args    []string
					Bundled bool
				}
			}
			if json.Unmarshal(data, &reg) == nil {
				found := false
				for _, d := range reg.Engines {
					found = found || d.Bundled && d.Path == engine && len(d.Args) == 0
				}
				if found {
					return
				}
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("banmen did not register %s within 60 s; engines.json: %q (%v); its output:\n%s", engine, data, err, out.String())
		}
		time.Sleep(200 * time.Millisecond)
	}
}
