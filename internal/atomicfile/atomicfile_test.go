package atomicfile

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestWriteNewFileGetsPerm(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.kif")
	if err := Write(path, []byte("hello"), 0o600); err != nil {
		t.Fatal(err)
	}
	assertFile(t, path, "hello", 0o600)
}

func TestWriteKeepsExistingMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	if err := os.WriteFile(path, []byte("old"), 0o444); err != nil {
		t.Fatal(err)
	}
	if err := Write(path, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	assertFile(t, path, "new", 0o444)
}

func TestWriteFollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "store", "engines.json")
	if err := os.MkdirAll(filepath.Dir(real), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "engines.json")
	if err := os.Symlink("store/engines.json", link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Lstat(link)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode()&os.ModeSymlink == 0 {
		t.Fatalf("%s is no longer a symbolic link: %v", link, fi.Mode())
	}
	assertFile(t, real, "new", 0o640)
}

func TestWriteLeavesNoTempFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "x.csa")
	for i := 0; i < 3; i++ {
		if err := Write(path, []byte(strings.Repeat("x", i)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 {
		t.Fatalf("the folder holds %d entries, want only x.csa: %v", len(entries), entries)
	}
}

func TestWriteErrorNamesFileAndKeepsOld(t *testing.T) {
	if os.Geteuid() == 0 {
		// root writes into a read-only folder; use a missing folder instead
		err := Write(filepath.Join(t.TempDir(), "missing", "f.kif"), []byte("x"), 0o644)
		if err == nil || !strings.Contains(err.Error(), "f.kif") {
			t.Fatalf("err = %v, want an error naming f.kif", err)
		}
		return
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "f.kif")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	err := Write(path, []byte("new"), 0o644)
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Fatalf("err = %v, want an error naming %s", err, path)
	}
	assertFile(t, path, "old", 0o644)
}

func assertFile(t *testing.T, path, want string, mode os.FileMode) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(data) != want {
		t.Errorf("%s holds %q, want %q", path, data, want)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != mode {
		t.Errorf("%s has mode %v, want %v", path, fi.Mode().Perm(), mode)
	}
}
