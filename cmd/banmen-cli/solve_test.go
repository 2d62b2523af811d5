package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/mate"
	"banmen/internal/testbin"
)

// registerGpsusi registers gpsusi in the engine list at reg as a user would on a slow
// machine: gpsusi loads its data before it answers usi, which on a loaded machine takes
// more than the default 10 s, so it gets a timeout scale of 6 (a minute for usiok).
// That costs nothing when it starts fast: a timeout only bounds a wait. It returns the
// name to give --engine.
func registerGpsusi(t *testing.T, reg string) string {
	t.Helper()
	home := t.TempDir()
	if err := os.Symlink("/usr/share/gpsshogi-data/data", filepath.Join(home, "data")); err != nil {
		t.Fatal(err)
	}
	r, err := engine.OpenRegistry(reg)
	if err != nil {
		t.Fatal(err)
	}
	d, err := r.Add(engine.Definition{Name: "gpsusi", Path: debianEngine(t, "gpsusi"), Env: []string{"OSL_HOME=" + home}, TimeoutScale: 6})
	if err != nil {
		t.Fatal(err)
	}
	return d.Name
}

func TestSolveCommand(t *testing.T) {
	reg := filepath.Join(t.TempDir(), "engines.json")
	gps := registerGpsusi(t, reg)
	code, out, errs := runCLI("solve", "--registry", reg, "--engine", gps, "--time", "5s", "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if code != 0 || !strings.Contains(out, "mate in 1: ▲５二金 (G*5b)") {
		t.Errorf("mate in 1: %d %q %q", code, out, errs)
	}
	code, out, _ = runCLI("solve", "--registry", reg, "--engine", gps, "--time", "5s", "position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if code != 0 || !strings.Contains(out, "no mate") {
		t.Errorf("no mate: %d %q", code, out)
	}
	list := filepath.Join(t.TempDir(), "problems.json")
	os.WriteFile(list, []byte(`{"problems":[
	 {"id":"atama-kin","sfen":"4k4/9/4P4/9/9/9/9/9/4K4 b G 1","expected":"mate","length":1},
	 {"id":"bare","sfen":"4k4/9/9/9/9/9/9/9/4K4 b - 1","expected":"no_mate"}]}`), 0o644)
	code, out, _ = runCLI("solve", "--registry", reg, "--engine", gps, "--time", "5s", list)
	if code != 0 || !strings.Contains(out, "solved 1 of 1 problems with a mate (100.0%)") || !strings.Contains(out, "wrong nomate 0") {
		t.Errorf("list: %d %q", code, out)
	}
	os.WriteFile(list, []byte(`{"problems":[{"id":"x"}]}`), 0o644)
	if code, _, errs := runCLI("solve", "--registry", reg, "--engine", gps, list); code != 1 || !strings.Contains(errs, "no sfen") {
		t.Errorf("bad list: %d %q", code, errs)
	}
	if code, _, errs := runCLI("solve", "--registry", reg, "--engine", gps, "not a position"); code != 1 || !strings.Contains(errs, "neither") {
		t.Errorf("bad position: %d %q", code, errs)
	}
	// a record read only in part ends elsewhere than the file: refused with the line, not
	// solved where the reading stopped
	part := filepath.Join(t.TempDir(), "part.kif")
	os.WriteFile(part, []byte("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７七銀(88)\n   4 ８四歩(83)\n"), 0o644)
	if code, out, errs := runCLI("solve", "--registry", reg, "--engine", gps, part); code != 1 || !strings.Contains(errs, "line 5") {
		t.Errorf("a record read in part: %d %q %q", code, out, errs)
	}
	if code, _, _ := runCLI("solve", "--engine", gps); code != 2 {
		t.Errorf("no target: %d", code)
	}
}

// A problem the engine fails on (a crash, a wrong line) is a failure: counted, listed
// with its reason, and the exit status is 1 (it used to print "failures 0" and exit 0).
func TestSolveListCountsFailures(t *testing.T) {
	problems := []mate.Problem{
		{ID: "ok", SFEN: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", Expected: "mate", Length: 1},
		{ID: "bad-line", SFEN: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", Expected: "mate", Length: 1},
		{ID: "crash", SFEN: "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", Expected: "mate", Length: 1},
	}
	calls := 0
	solve := func(p *board.Position) (mate.Result, error) {
		calls++
		switch calls {
		case 1:
			m, _ := p.ParseMove("G*5b")
			return mate.Result{Status: mate.Found, Moves: []board.Move{m}, Elapsed: time.Millisecond}, nil
		case 2:
			return mate.Result{Status: mate.Failed, Detail: "the engine's mating line is wrong: the final position is not mate"}, nil
		}
		return mate.Result{Status: mate.Failed, Detail: "engine died"}, errors.New("engine died")
	}
	for _, term := range []bool{false, true} {
		calls = 0
		var out strings.Builder
		code := solveList(context.Background(), "E", problems, solve, &out, term)
		s := out.String()
		if code != 1 {
			t.Errorf("term %v: exit %d with two failures", term, code)
		}
		for _, want := range []string{"solved 1 of 3 problems", "failures 2\n",
			"bad-line                     failed: the engine's mating line is wrong: the final position is not mate",
			"failures:\n  bad-line: the engine's mating line is wrong", "\n  crash: engine died"} {
			if !strings.Contains(s, want) {
				t.Errorf("term %v: no %q in\n%s", term, want, s)
			}
		}
		if progress := strings.Contains(s, "%), solved") && strings.Contains(s, "ETA"); progress != term {
			t.Errorf("term %v: progress shown %v:\n%s", term, progress, s)
		}
	}
	// all solved: exit 0
	calls = 0
	var out strings.Builder
	if code := solveList(context.Background(), "E", problems[:1], solve, &out, false); code != 0 || !strings.Contains(out.String(), "failures 0") {
		t.Errorf("exit %d: %s", code, out.String())
	}
}

// An engine that never answers go mate and then ignores stop is hung: it is killed,
// and that is a failure, counted and named (it used to be a "timeout", exit 0,
// "failures 0"). A real search that runs out of time on a hard problem and answers
// stop is still a timeout, not a failure.
func TestSolveHungEngineIsAFailure(t *testing.T) {
	reg := filepath.Join(t.TempDir(), "none.json")
	hung := testbin.ScriptEngine(t, "Hanger", nil, "sleep 3600")
	list := filepath.Join(t.TempDir(), "problems.json")
	os.WriteFile(list, []byte(`{"problems":[{"id":"atama-kin","sfen":"4k4/9/4P4/9/9/9/9/9/4K4 b G 1","expected":"mate","length":1}]}`), 0o644)
	code, out, errs := runCLI("solve", "--registry", reg, "--engine", hung, "--time", "500ms", list)
	if code != 1 || !strings.Contains(out, "failures 1\n") || !strings.Contains(out, "atama-kin: ") || !strings.Contains(out, `"Hanger"`) {
		t.Errorf("hung engine: exit %d\n%s%s", code, out, errs)
	}
	if strings.Contains(out, "timeout") {
		t.Errorf("a hung engine reported as a timeout:\n%s", out)
	}

	// the 117-ply kanju-kemuri in 300 ms: the bundled engine runs out of time, and stops when told
	ps, err := mate.ReadProblems("../../engine/mate/testdata/problems.json")
	if err != nil {
		t.Fatal(err)
	}
	var long string
	for _, p := range ps {
		if p.Length == 117 {
			long = p.SFEN
		}
	}
	code, out, errs = runCLI("solve", "--registry", reg, "--engine", testbin.BanmenEngine(t), "--time", "300ms", long)
	if code != 0 || !strings.HasPrefix(out, "timeout") {
		t.Errorf("hard problem: exit %d: %s%s", code, out, errs)
	}
}

// KomoringHeights answers go mate where the side to move is in check with the mate of that
// side, its reply first (RootIsAndNodeIfChecked, on by default): solve takes the line as
// right and says whose mate it is (it used to count it a failure, "a mate ends on the
// attacker's move").
func TestSolveSideToMoveMated(t *testing.T) {
	reg := filepath.Join(t.TempDir(), "none.json")
	kh := testbin.ScriptEngine(t, "KomoringHeights-like", nil, `echo "checkmate 1a2a G*2b"`)
	list := filepath.Join(t.TempDir(), "problems.json")
	os.WriteFile(list, []byte(`{"problems":[{"id":"in-check","sfen":"8k/9/7P1/9/9/9/9/9/4K3L w G 1","expected":"mate","length":2,"side":"defender_to_move"}]}`), 0o644)
	code, out, errs := runCLI("solve", "--registry", reg, "--engine", kh, "--time", "5s", list)
	if code != 0 || !strings.Contains(out, "mate in 2") || !strings.Contains(out, "(of the side to move, in check)") || !strings.Contains(out, "failures 0") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}
