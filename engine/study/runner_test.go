package study

import (
	"errors"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/internal/enginetest"
)

// waitRunner polls r as a window does until cond holds for its views, or fails.
func waitRunner(t *testing.T, r *Runner, what string, cond func([]EngineView) bool) []EngineView {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		vs := r.Views()
		if cond(vs) {
			return vs
		}
		if err := r.Err(); err != nil {
			t.Fatalf("waiting for %s: the study failed: %v", what, err)
		}
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting for %s: %+v", what, vs)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func waitDone(t *testing.T, r *Runner) {
	t.Helper()
	select {
	case <-r.Done():
	case <-time.After(30 * time.Second):
		t.Fatal("the runner did not close its engines")
	}
}

// A runner starts the bundled engine, thinks on the position it is given with the lines
// asked for, follows it to another position without showing the old one's lines, pauses,
// resumes, and closes its engine when stopped.
func TestRunnerFollowsThePosition(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	def := enginetest.Bundled(t)
	r := Start(m, []engine.Definition{def}, Options{MultiPV: 2})
	if vs := r.Views(); len(vs) != 1 || vs[0].State == Thinking || vs[0].Engine != def.Name || vs[0].OK {
		t.Fatalf("with no position: %+v", vs)
	}
	root := board.NewStartPosition()
	line, _, _ := root.ParseMoves("7g7f 3c3d 2g2f")
	r.SetPosition(root, line[:1])
	after1 := root.Play(line[0])
	v0 := r.Version()
	waitRunner(t, r, "two lines of the position after 7g7f", func(vs []EngineView) bool {
		v := vs[0]
		return v.State == Thinking && v.OK && v.Position == after1.SFEN() && len(v.Lines) >= 2
	})
	if r.Version() == v0 {
		t.Error("the version did not move while the engine thought")
	}

	r.SetPosition(root, line)
	want := root.Play(line[0]).Play(line[1]).Play(line[2])
	waitRunner(t, r, "lines of the position after 2g2f", func(vs []EngineView) bool {
		v := vs[0]
		if v.OK && v.Position != want.SFEN() && v.Position != after1.SFEN() {
			t.Fatalf("lines of %s, a position the study was never on", v.Position)
		}
		for _, l := range v.Lines {
			if v.Position == want.SFEN() && len(l.PV) > 0 && !want.IsLegal(l.PV[0]) {
				t.Fatalf("line %v shown for %s, where it is illegal", l.PV, v.Position)
			}
		}
		return v.OK && v.Position == want.SFEN() && len(v.Lines) > 0 && v.Root.SFEN() == want.SFEN()
	})

	r.Pause()
	waitRunner(t, r, "the pause", func(vs []EngineView) bool { return vs[0].State == Stopped })
	r.Resume()
	waitRunner(t, r, "the engine to think again", func(vs []EngineView) bool { return vs[0].State == Thinking })

	r.Stop()
	waitDone(t, r)
	if err := r.Err(); err != nil {
		t.Errorf("a stopped study reports %v", err)
	}
	if n := len(m.Running()); n != 0 {
		t.Errorf("%d engines still run after the study stopped", n)
	}
	if vs := r.Views(); vs[0].State != Stopped {
		t.Errorf("state %v after Stop", vs[0].State)
	}
}

// An engine that dies while it thinks stops the study with a failure that names it and
// says how it ended; the other engine is closed too.
func TestRunnerEngineDies(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	crash := enginetest.Definition(enginetest.CrashOnGo, "")
	r := Start(m, []engine.Definition{enginetest.Definition(enginetest.Normal, ""), crash}, Options{})
	r.SetPosition(board.NewStartPosition(), nil)
	waitDone(t, r)
	var f *engine.Failure
	if err := r.Err(); !errors.As(err, &f) || f.Engine != crash.Name {
		t.Fatalf("Err = %v, want the failure of %q", err, crash.Name)
	}
	if msg := f.Error(); !strings.Contains(msg, "exit status 3") || !strings.Contains(msg, "segmentation fault (pretend)") {
		t.Errorf("failure %q does not say how the engine ended", msg)
	}
	if n := len(m.Running()); n != 0 {
		t.Errorf("%d engines still run after the failure", n)
	}
	for _, v := range r.Views() {
		if v.State != Stopped {
			t.Errorf("%s: state %v after the failure", v.Engine, v.State)
		}
	}
}

// An engine that cannot start is a failure that names it; stopping a study while its
// engines start is none.
func TestRunnerStartFailureAndEarlyStop(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	r := Start(m, []engine.Definition{{Name: "FalseEngine", Path: "/bin/false"}}, Options{})
	waitDone(t, r)
	var f *engine.Failure
	if err := r.Err(); !errors.As(err, &f) || f.Engine != "FalseEngine" || !strings.HasPrefix(f.Doing, "starting") {
		t.Errorf("Err = %v, want FalseEngine failing while starting", err)
	}

	r = Start(m, []engine.Definition{enginetest.Definition(enginetest.NoUSIOK, "")}, Options{})
	r.Stop()
	waitDone(t, r)
	if err := r.Err(); err != nil {
		t.Errorf("a study stopped while starting reports %v", err)
	}
	if n := len(m.Running()); n != 0 {
		t.Errorf("%d engines still run", n)
	}
}
