package mate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/internal/enginetest"
)

func waitRunner(t *testing.T, r *Runner) (Result, bool) {
	t.Helper()
	select {
	case <-r.Done():
	case <-time.After(60 * time.Second):
		t.Fatal("the mate search did not end")
	}
	return r.Result()
}

// A runner finds a mate with the bundled engine and closes the engine when it is done.
func TestRunnerFindsMate(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	p := pos(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	r := Start(m, enginetest.Bundled(t), p, 10*time.Second)
	res, canceled := waitRunner(t, r)
	if canceled || res.Status != Found || len(res.Moves) != 1 || res.Moves[0].USI() != "G*5b" {
		t.Errorf("canceled %v: %s", canceled, res.String(p))
	}
	if n := len(m.Running()); n != 0 {
		t.Errorf("%d engines still run after the search", n)
	}
}

// Cancel ends a search the engine never answers; the engine is closed.
func TestRunnerCancel(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	// an engine that never answers go mate
	script := filepath.Join(t.TempDir(), "slow.sh")
	if err := os.WriteFile(script, []byte(`#!/bin/sh
while read line; do
  case "$line" in
    usi) echo 'id name Slow'; echo usiok;;
    isready) echo readyok;;
    quit) exit 0;;
  esac
done
`), 0o755); err != nil {
		t.Fatal(err)
	}
	r := Start(m, engine.Definition{Name: "Slow", Path: script}, pos(t, board.StartSFEN), 0)
	deadline := time.Now().Add(30 * time.Second)
	for len(m.Running()) == 0 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	r.Cancel()
	res, canceled := waitRunner(t, r)
	if !canceled || res.Status != Timeout || res.Detail != "stopped" {
		t.Errorf("canceled %v: %+v", canceled, res)
	}
	if n := len(m.Running()); n != 0 {
		t.Errorf("%d engines still run after Cancel", n)
	}
}

// An engine that crashes is a Failed result that names it and how it ended; one that
// cannot start is one too.
func TestRunnerFailures(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	crash := enginetest.Definition(enginetest.CrashOnGo, "")
	res, _ := waitRunner(t, Start(m, crash, pos(t, board.StartSFEN), time.Second))
	if res.Status != Failed || res.Engine != crash.Name || !strings.Contains(res.Detail, "exit status 3") {
		t.Errorf("crash: %+v", res)
	}
	res, _ = waitRunner(t, Start(m, engine.Definition{Name: "FalseEngine", Path: "/bin/false"}, pos(t, board.StartSFEN), time.Second))
	if res.Status != Failed || res.Engine != "FalseEngine" || !strings.Contains(res.Detail, "FalseEngine") {
		t.Errorf("no start: %+v", res)
	}
}
