// Package testbin helps the tests of any package run real programs: it builds the project's
// own (banmen-engine, banmen-guard) once per test binary, finds the Debian engines the
// integration tests use, and reruns a test where a folder can't be written.
//
// A test binary that uses it has a TestMain that ends with os.Exit(testbin.Run(m)), so that
// the programs it built are removed when the tests end. The folders of test binaries that
// could not (no such TestMain, or killed) are removed by the next one that builds a program.
package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
)

var (
	mu   sync.Mutex
	dirs []string // temporary folders to remove when the tests end
)

// Run runs the tests, removes the temporary folders of the programs built for them, and
// returns the exit code for os.Exit.
func Run(m *testing.M) int {
	code := m.Run()
	mu.Lock()
	defer mu.Unlock()
	for _, d := range dirs {
		os.RemoveAll(d)
	}
	dirs = nil
	return code
}

// dirPrefix starts the names of testbin's temporary folders: banmen-testbin-PID-…, PID
// being the test binary's.
const dirPrefix = "banmen-testbin-"

// tempDir makes a temporary folder that Run removes, after removing those left behind by
// test binaries that have ended.
func tempDir(what string) (string, error) {
	sweep()
	dir, err := os.MkdirTemp("", fmt.Sprintf("%s%d-%s-", dirPrefix, os.Getpid(), what))
	if err != nil {
		return "", err
	}
	mu.Lock()
	dirs = append(dirs, dir)
	mu.Unlock()
	return dir, nil
}

// BanmenEngine builds cmd/banmen-engine (pure Go, CGO_ENABLED=0) into a temporary folder,
// once per test binary, and returns its path.
func BanmenEngine(t testing.TB) string {
	t.Helper()
	return Program(t, "banmen/cmd/banmen-engine")
}

// built is a program Program built, or why it could not.
type built struct {
	once sync.Once
	path string
	err  error
}

var programs sync.Map // package path → *built

// Program builds the main package pkg (pure Go, CGO_ENABLED=0) into a temporary folder
// that Run removes, once per test binary, and returns the program's path: for the tests
// that run one of the project's programs as a real process.
func Program(t testing.TB, pkg string) string {
	t.Helper()
	v, _ := programs.LoadOrStore(pkg, &built{})
	b := v.(*built)
	b.once.Do(func() {
		name := filepath.Base(pkg)
		dir, err := tempDir(name)
		if err != nil {
			b.err = err
			return
		}
		b.path = filepath.Join(dir, name)
		b.err = build(pkg, b.path)
	})
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b.path
}

// sweep removes the temporary folders of test binaries that are no longer running.
func sweep() {
	matches, _ := filepath.Glob(filepath.Join(os.TempDir(), dirPrefix+"*"))
	for _, m := range matches {
		pidText, _, _ := strings.Cut(strings.TrimPrefix(filepath.Base(m), dirPrefix), "-")
		if pid, err := strconv.Atoi(pidText); err == nil && pid != os.Getpid() && ended(pid) {
			os.RemoveAll(m)
		}
	}
}

// Build builds the package pkg (pure Go, CGO_ENABLED=0) into the file out.
func Build(t testing.TB, pkg, out string) error {
	t.Helper()
	return build(pkg, out)
}

func build(pkg, out string) error {
	cmd := exec.Command("go", "build", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s: %v\n%s", pkg, err, msg)
	}
	return nil
}

// FindDebianEngine returns the path of a Debian engine (name looked up in PATH, then in
// /usr/games, which root's PATH often lacks) and whether it is installed.
func FindDebianEngine(name string) (string, bool) {
	if p, err := exec.LookPath(name); err == nil {
		return p, true
	}
	p := filepath.Join("/usr/games", name)
	if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 {
		return p, true
	}
	return "", false
}

// DebianEngine returns the path of a Debian engine for a test that needs it. A missing
// engine skips the test, unless CI is set: then the test fails.
func DebianEngine(t testing.TB, name string) string {
	t.Helper()
	if p, ok := FindDebianEngine(name); ok {
		return p
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s is not installed, and CI is set (make test-deps installs it)", name)
	}
	t.Skipf("%s is not installed; make test-deps installs it", name)
	return ""
}
