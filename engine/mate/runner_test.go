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

// Progress says how a long search goes while it runs: the time since it started, and the
// nodes and speed the engine (the bundled one, which reports once a second) last sent.
func TestRunnerProgress(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	// Microcosmos: a mate in 1525 plies, far beyond the minute allowed here
	p := pos(t, "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1")
	r := Start(m, enginetest.Bundled(t), p, time.Minute)
	if elapsed, stats := r.Progress(); elapsed < 0 || stats.Nodes != 0 {
		t.Errorf("at the start: %v, %+v", elapsed, stats)
	}
	deadline := time.Now().Add(30 * time.Second)
	for {
		elapsed, stats := r.Progress()
		if stats.Nodes > 0 && stats.NPS > 0 {
			if elapsed < 500*time.Millisecond {
				t.Errorf("numbers after %v: the engine sends them once a second", elapsed)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no numbers after %v: %+v", elapsed, stats)
		}
		time.Sleep(50 * time.Millisecond)
	}
	r.Cancel()
	if _, canceled := waitRunner(t, r); !canceled {
		t.Error("not canceled")
	}
}
