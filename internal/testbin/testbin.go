// Package testbin builds the project's own programs for tests that run them as real child
// processes.
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
	engineOnce sync.Once
	enginePath string
	engineErr  error
)

// BanmenEngine builds cmd/banmen-engine (pure Go, CGO_ENABLED=0) into a temporary folder,
// once per test binary, and returns its path.
func BanmenEngine(t testing.TB) string {
	t.Helper()
	engineOnce.Do(func() {
		dir, err := os.MkdirTemp("", "banmen-engine-")
		if err != nil {
			engineErr = err
			return
		}
		enginePath = filepath.Join(dir, "banmen-engine")
		cmd := exec.Command("go", "build", "-o", enginePath, "banmen/cmd/banmen-engine")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			engineErr = fmt.Errorf("building banmen-engine: %v\n%s", err, out)
		}
	})
	if engineErr != nil {
		t.Fatal(engineErr)
	}
	return enginePath
}
