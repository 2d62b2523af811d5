package prefsguard

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/app"

	"banmen/internal/testbin"
)

// Path names the file Fyne itself reads: settings written there before an app with the ID is
// made are the app's, and Fyne reads them as Check does.
func TestPathIsFynes(t *testing.T) {
	// not t.TempDir: Fyne watches and may write in its folders after the test, and the
	// test's cleanup would fail on a folder that is not empty
	dir, err := os.MkdirTemp("", "prefsguard")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		for range 100 {
			if os.RemoveAll(dir) == nil {
				return
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
	for _, v := range []string{"XDG_CONFIG_HOME", "XDG_CACHE_HOME", "HOME"} {
		sub := filepath.Join(dir, v)
		if err := os.Mkdir(sub, 0o700); err != nil {
			t.Fatal(err)
		}
		t.Setenv(v, sub)
	}
	const id = "io.banmen.prefsguard-test"
	p, err := Path(id)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	// with what a longer file written at the same time leaves after it: Fyne reads the first
	// JSON value and no further, as valid does
	write(t, p, `{"language":"en"}`+"\n"+`, "split.topBottom": 0.7}`)
	a := app.NewWithID(id)
	if got := a.Preferences().String("language"); got != "en" {
		t.Fatalf("an app made with the ID reads %q, not what %s holds", got, p)
	}
	defer a.Quit()
	if want := filepath.Join(a.Storage().RootURI().Path(), "preferences.json"); p != want {
		t.Errorf("Path = %s, Fyne's storage holds %s", p, want)
	}
}

const good = `{"language":"ja","recentFiles":["/home/u/a.kif"],"split.topBottom":0.7}` + "\n"

func write(t *testing.T, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// A first run has no file: nothing to say, nothing made.
func TestCheckFirstRun(t *testing.T) {
	dir := t.TempDir()
	if r := Check(filepath.Join(dir, "preferences.json")); r != nil {
		t.Fatalf("a first run reports %+v", r)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("a first run left %v", entries)
	}
}

// A file that reads is left as it is, with a copy kept as the last good one; so is one with
// something after its settings (what two writers at once leave), which Fyne reads too.
func TestCheckKeepsTheLastGoodCopy(t *testing.T) {
	for _, data := range []string{good, good + `0.64, "split.topBottom": 0.7, "textSize": 3}`} {
		path := filepath.Join(t.TempDir(), "preferences.json")
		write(t, path, data)
		if r := Check(path); r != nil {
			t.Fatalf("%q reports %+v", data, r)
		}
		if read(t, path) != data || read(t, path+BackupSuffix) != data {
			t.Errorf("%q: the file changed, or its copy is not the same", data)
		}
	}
}

// What a crash leaves while Fyne writes (the file truncated, or cut in the middle) is moved
// aside, never deleted, and the last good copy put back; with none, Banmen starts afresh.
func TestCheckMovesAnUnreadableFileAside(t *testing.T) {
	for _, tc := range []struct {
		name, data string
		lastGood   bool
	}{
		{"empty, with a last good copy", "", true},
		{"cut short, with a last good copy", good[:30], true},
		{"cut short, no copy", good[:30], false},
		{"not settings", "null", true},
		{"binary", "\x00\x00\x00\x00", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "preferences.json")
			if tc.lastGood {
				write(t, path, good)
				Check(path)
			}
			write(t, path, tc.data)
			r := Check(path)
			if r == nil {
				t.Fatal("an unreadable file reports nothing")
			}
			if r.Path != path || r.Err == nil || r.KeptAs == "" || r.Restored != tc.lastGood {
				t.Fatalf("report %+v", r)
			}
			if !strings.HasPrefix(filepath.Base(r.KeptAs), "preferences.json.corrupt-") || read(t, r.KeptAs) != tc.data {
				t.Errorf("the unreadable file was kept as %s, holding %q", r.KeptAs, read(t, r.KeptAs))
			}
			if tc.lastGood {
				if got := read(t, path); got != good {
					t.Errorf("the file holds %q after the restore, want the last good copy", got)
				}
				if r := Check(path); r != nil {
					t.Errorf("the restored file reports %+v", r)
				}
			} else if _, err := os.Stat(path); !os.IsNotExist(err) {
				t.Errorf("with no copy to put back the unreadable file is still there (%v)", err)
			}
		})
	}
}

const unwritableEnv = "BANMEN_PREFSGUARD_TEST_UNWRITABLE"

// A settings file Banmen cannot write (nor its folder, on a first run) is reported: Fyne
// would read it and lose every change, saying nothing.
func TestCheckReportsWhatCannotBeWritten(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "io.banmen.app")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "preferences.json")
	write(t, path, good)
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	out, err := testbin.RunReadOnly(t, "TestCheckReportsWhatCannotBeWrittenHelper", dir, unwritableEnv+"="+path)
	if err != nil || !strings.Contains(out, "file: unwritable") || !strings.Contains(out, "first run: unwritable") {
		t.Errorf("%v:\n%s", err, out)
	}
}

func TestCheckReportsWhatCannotBeWrittenHelper(t *testing.T) {
	path := os.Getenv(unwritableEnv)
	if path == "" {
		t.Skip("helper for TestCheckReportsWhatCannotBeWritten")
	}
	r := Check(path)
	if r == nil || r.Err != nil || r.Unwritable == nil || r.KeptAs != "" {
		t.Fatalf("a good file that cannot be written: %+v", r)
	}
	fmt.Println("file: unwritable:", r.Unwritable)
	r = Check(filepath.Join(filepath.Dir(path), "sub", "preferences.json"))
	if r == nil || r.Unwritable == nil {
		t.Fatalf("no file, and a folder that cannot be written: %+v", r)
	}
	fmt.Println("first run: unwritable:", r.Unwritable)
}
