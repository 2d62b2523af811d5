package testbin

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// A folder left by a test binary that has ended is removed by the next one that builds a
// program; a running one's stays.
func TestTempDirSweepsFoldersOfEndedTestBinaries(t *testing.T) {
	done := exec.Command("true")
	if err := done.Run(); err != nil {
		t.Skip("no true(1) to get the PID of an ended process")
	}
	left := filepath.Join(os.TempDir(), fmt.Sprintf("%s%d-banmen-engine-x", dirPrefix, done.Process.Pid))
	running := filepath.Join(os.TempDir(), fmt.Sprintf("%s%d-banmen-engine-x", dirPrefix, os.Getppid()))
	for _, d := range []string{left, running} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	defer os.RemoveAll(running)
	defer os.RemoveAll(left)
	mine, err := tempDir("test")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(mine)
	if _, err := os.Stat(left); !os.IsNotExist(err) {
		t.Errorf("the folder of an ended test binary is still there: %v", err)
	}
	if _, err := os.Stat(running); err != nil {
		t.Errorf("the folder of a running one was removed: %v", err)
	}
	if _, err := os.Stat(mine); err != nil {
		t.Errorf("this binary's own folder: %v", err)
	}
}
