// Package testbin helps the tests of any package run real programs: it builds the project's
// own (banmen-engine, banmen-guard) once per test binary, finds the Debian engines the
// integration tests use, and reruns a test where a folder can't be written.
//
// A test binary that uses it has a TestMain that ends with os.Exit(testbin.Run(m)), so that
// the programs it built are removed when the tests end.
package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

var (
	mu   sync.Mutex
	dirs []string // temporary folders to remove when the tests end

	engineOnce sync.Once
	enginePath string
	engineErr  error
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

// tempDir makes a temporary folder that Run removes.
func tempDir(pattern string) (string, error) {
	dir, err := os.MkdirTemp("", pattern)
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
	engineOnce.Do(func() {
		dir, err := tempDir("banmen-engine-")
		if err != nil {
			engineErr = err
			return
		}
		enginePath = filepath.Join(dir, "banmen-engine")
		engineErr = build("banmen/cmd/banmen-engine", enginePath)
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return enginePath
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
