package engine_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"banmen/board"
	. "banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/usiclient"
)

func init() { enginetest.RunIfRequested() }

func fakeDefinition(behaviour, logPath string) Definition {
	return enginetest.Definition(behaviour, logPath)
}

func writeScript(t *testing.T, body string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "engine.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

func readLog(t *testing.T, path string) string {
	t.Helper()
	data, _ := os.ReadFile(path)
	return string(data)
}

func search(t *testing.T, r *Running) (usiclient.Result, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	sr, err := r.Go(ctx, usiclient.NewPosition(board.NewStartPosition()), usiclient.Go{Depth: 2})
	if err != nil {
		return usiclient.Result{}, err
	}
	return sr.Wait(ctx)
}

func TestStartSendsSettingsUnderTheEnginesNames(t *testing.T) {
	for _, c := range []struct {
		behaviour, hash, ponder string
	}{
		{"normal", "setoption name USI_Hash value 64", "setoption name USI_Ponder value true"},
		{"ponder-name", "setoption name Hash value 64", "setoption name Ponder value true"},
	} {
		logPath := filepath.Join(t.TempDir(), "received")
		def := fakeDefinition(c.behaviour, logPath)
		def.HashMB = 64
		def.Values = map[string]string{"Style": "b", "Skill": "5", "Clear Hash": "", "Not Declared": "1"}
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		r, err := Start(ctx, def, StartOptions{Ponder: true})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if res, err := search(t, r); err != nil || !board.NewStartPosition().IsLegal(res.BestMove) {
			t.Errorf("search: %v %v", res.BestMove, err)
		}
		if err := r.Close(context.Background()); err != nil {
			t.Error(err)
		}
		got := readLog(t, logPath)
		for _, want := range []string{"usi\n", c.hash, c.ponder, "setoption name Style value b", "setoption name Skill value 5", "isready", "quit"} {
			if !strings.Contains(got, want) {
				t.Errorf("%s: the engine did not receive %q; it got:\n%s", c.behaviour, want, got)
			}
		}
		for _, not := range []string{"Clear Hash", "Not Declared"} {
			if strings.Contains(got, not) {
				t.Errorf("%s: sent %q at start:\n%s", c.behaviour, not, got)
			}
		}
		if strings.Index(got, "setoption") > strings.Index(got, "isready") {
			t.Errorf("options sent after isready:\n%s", got)
		}
		if r.Failure() != nil {
			t.Errorf("a normal close reported a failure: %v", r.Failure())
		}
	}
}

func TestEngineDeathIsReportedAndRestartable(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "received")
	failures := make(chan *Failure, 1)
	m := NewManager(nil)
	r, err := m.Start(context.Background(), fakeDefinition("crash-on-go", logPath), StartOptions{OnFailure: func(f *Failure) { failures <- f }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := search(t, r); err == nil {
		t.Fatal("a search on a crashing engine succeeded")
	}
	select {
	case <-r.Died():
	case <-time.After(10 * time.Second):
		t.Fatal("Died not closed")
	}
	var f *Failure
	select {
	case f = <-failures:
	case <-time.After(5 * time.Second):
		t.Fatal("OnFailure not called")
	}
	if f != r.Failure() {
		t.Error("OnFailure and Failure disagree")
	}
	msg := f.Error()
	for _, want := range []string{"Fake crash-on-go", "searching", "exit status 3", "segmentation fault (pretend)"} {
		if !strings.Contains(msg, want) {
			t.Errorf("failure %q lacks %q", msg, want)
		}
	}
	if len(f.LastLines) == 0 || !strings.Contains(strings.Join(f.LastLines, "\n"), "go") {
		t.Errorf("last lines %q", f.LastLines)
	}
	nr, err := m.Restart(context.Background(), r)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(readLog(t, logPath), "usi\n") != 2 {
		t.Errorf("restart did not start the engine again")
	}
	if len(m.Running()) != 1 {
		t.Errorf("%d engines tracked", len(m.Running()))
	}
	m.CloseAll(5 * time.Second)
	if !nr.Exited() || len(m.Running()) != 0 {
		t.Error("CloseAll left the engine running")
	}
}

// waitFailure waits for the failure OnFailure reports.
func waitFailure(t *testing.T, r *Running, failures <-chan *Failure) *Failure {
	t.Helper()
	select {
	case <-r.Died():
	case <-time.After(20 * time.Second):
		t.Fatal("Died not closed")
	}
	select {
	case f := <-failures:
		if f != r.Failure() {
			t.Error("OnFailure and Failure disagree")
		}
		return f
	case <-time.After(20 * time.Second):
		t.Fatal("OnFailure not called")
	}
	return nil
}

// An engine that dies with no search running was idle: the failure says so, not
// what the session became afterwards ("closed").
func TestEngineDeathWhileIdle(t *testing.T) {
	failures := make(chan *Failure, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := Start(ctx, fakeDefinition(enginetest.CrashWhenIdle, ""), StartOptions{OnFailure: func(f *Failure) { failures <- f }})
	if err != nil {
		t.Fatal(err)
	}
	f := waitFailure(t, r, failures)
	if f.Doing != "idle" {
		t.Errorf("doing %q, want idle", f.Doing)
	}
	msg := f.Error()
	for _, want := range []string{`"Fake crash-idle" failed while idle`, "exit status 3", "out of memory while idle (pretend)"} {
		if !strings.Contains(msg, want) {
			t.Errorf("failure %q lacks %q", msg, want)
		}
	}
	if last := strings.Join(f.LastLines, "\n"); !strings.Contains(last, "< readyok") {
		t.Errorf("last lines %q", f.LastLines)
	}
}

// An engine that never answers isready fails Start with a timeout that names the wait.
func TestStartWithoutReadyOK(t *testing.T) {
	def := fakeDefinition(enginetest.NoReadyOK, "")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := Start(ctx, def, StartOptions{Timeouts: usiclient.Timeouts{ReadyOK: 300 * time.Millisecond}})
	var f *Failure
	if !errors.As(err, &f) || r != nil {
		t.Fatalf("Start = %v, %v", r, err)
	}
	if !errors.Is(err, usiclient.ErrTimeout) || f.Doing != "getting ready (waiting for readyok)" {
		t.Errorf("doing %q: %v", f.Doing, err)
	}
	if msg := err.Error(); !strings.Contains(msg, "no readyok within 300ms") {
		t.Errorf("failure %q does not name the wait", msg)
	}
}

// An engine that hangs in a search and ignores stop is killed after Timeouts.Stop;
// the failure says it was stopping a search, how it ended and what was said last.
func TestEngineHungInASearch(t *testing.T) {
	failures := make(chan *Failure, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := Start(ctx, fakeDefinition(enginetest.IgnoreStop, ""), StartOptions{
		OnFailure: func(f *Failure) { failures <- f },
		Timeouts:  usiclient.Timeouts{Stop: 300 * time.Millisecond},
	})
	if err != nil {
		t.Fatal(err)
	}
	sr, err := r.Go(ctx, usiclient.NewPosition(board.NewStartPosition()), usiclient.Go{Infinite: true})
	if err != nil {
		t.Fatal(err)
	}
	r.Stop()
	if _, err := sr.Wait(ctx); !errors.Is(err, usiclient.ErrTimeout) {
		t.Fatalf("Wait = %v, want a timeout", err)
	}
	f := waitFailure(t, r, failures)
	if f.Doing != "stopping a search" || !errors.Is(f, usiclient.ErrTimeout) {
		t.Errorf("doing %q: %v", f.Doing, f)
	}
	if !strings.HasPrefix(f.Exit, "killed by signal") {
		t.Errorf("exit %q", f.Exit)
	}
	msg := f.Error()
	for _, want := range []string{"failed while stopping a search", "no bestmove after stop within 300ms"} {
		if !strings.Contains(msg, want) {
			t.Errorf("failure %q lacks %q", msg, want)
		}
	}
	last := strings.Join(f.LastLines, "\n")
	for _, want := range []string{"> go infinite", "> stop", "< info depth 1"} {
		if !strings.Contains(last, want) {
			t.Errorf("last lines lack %q: %q", want, f.LastLines)
		}
	}
	if !r.Exited() {
		t.Error("the engine still runs")
	}
}

// Saved values that no longer fit the engine's options (it was updated and not
// probed again) are skipped and reported; the engine starts with the rest.
func TestStartSkipsValuesThatNoLongerFit(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "received")
	def := fakeDefinition(enginetest.PonderNames, logPath)
	def.HashMB = 4096 // the engine's Hash goes up to 1024
	def.Values = map[string]string{"Skill": "50", "Style": "c", "Clear Hash": ""}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := Start(ctx, def, StartOptions{Ponder: true})
	if err != nil {
		t.Fatal(err)
	}
	warnings := r.Warnings()
	if res, err := search(t, r); err != nil || !board.NewStartPosition().IsLegal(res.BestMove) {
		t.Errorf("search: %v %v", res.BestMove, err)
	}
	if err := r.Close(context.Background()); err != nil {
		t.Error(err)
	}
	if len(warnings) != 3 {
		t.Errorf("warnings %q, want 3", warnings)
	}
	for _, want := range []string{`option "Hash": 4096 is outside 1..1024`, `option "Skill": 50 is outside 0..20`, `option "Style": "c" is not one of a, b`} {
		if !strings.Contains(strings.Join(warnings, "\n"), want) {
			t.Errorf("warnings %q lack %q", warnings, want)
		}
	}
	got := readLog(t, logPath)
	if !strings.Contains(got, "setoption name Ponder value true") || !strings.Contains(got, "isready") {
		t.Errorf("the engine got:\n%s", got)
	}
	for _, not := range []string{"Hash value", "Skill", "Style"} {
		if strings.Contains(got, "setoption name "+not) {
			t.Errorf("sent %q:\n%s", not, got)
		}
	}
	// a fitting setup has no warnings
	def.HashMB, def.Values = 64, map[string]string{"Skill": "5"}
	r, err = Start(ctx, def, StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close(context.Background())
	if w := r.Warnings(); w != nil {
		t.Errorf("warnings %q", w)
	}
}

func TestCloseKillsAnEngineThatIgnoresQuit(t *testing.T) {
	def := fakeDefinition("ignore-quit", "")
	def.TimeoutScale = 0.2 // quit timeout 3 s × 0.2
	r, err := Start(context.Background(), def, StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// The context only catches a Close that never gives up: without the quit timeout
	// the error would be the context's, not "ignored quit".
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	err = r.Close(ctx)
	if err == nil || !strings.Contains(err.Error(), "ignored quit") {
		t.Errorf("Close = %v", err)
	}
	if d := time.Since(start); !r.Exited() || d < 600*time.Millisecond {
		t.Errorf("exited %v after %v; want killed after the 600ms quit timeout", r.Exited(), d)
	}
	if !logNotes(r, "killed the engine") {
		t.Error("the log does not say the engine was killed")
	}
}

// An engine that quits when told is not said to be killed: the protocol log ended in
// "killed the engine" 3 ms after every quit, the process long gone.
func TestCloseOfAnEngineThatQuitsKillsNothing(t *testing.T) {
	r, err := Start(context.Background(), fakeDefinition("normal", ""), StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if logNotes(r, "kill") {
		t.Errorf("the log of an engine that quit speaks of a kill: %v", r.Log())
	}
}

// logNotes reports whether r's protocol log has a note of the session's containing text.
func logNotes(r *Running, text string) bool {
	for _, l := range r.Log() {
		if l.Dir == usiclient.Note && strings.Contains(l.Text, text) {
			return true
		}
	}
	return false
}

// Reprobed applies what the engine declares now to the engine as stored when the
// probe ends: what another copy of the app saved meanwhile stays.
func TestReprobeKeepsChangesOfAnotherCopy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	reg, _ := OpenRegistry(path)
	def, err := reg.Add(fakeDefinition(enginetest.Normal, ""))
	if err != nil {
		t.Fatal(err)
	}
	other, _ := OpenRegistry(path)
	if _, err := other.Edit(def.ID, func(d *Definition) error { d.SetValue("Skill", "5"); d.HashMB = 32; return nil }); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := Probe(ctx, def) // the engine as it was when the probe began
	if err != nil {
		t.Fatal(err)
	}
	re, dropped, err := reg.Reprobed(def.ID, res)
	if err != nil || len(dropped) != 0 {
		t.Fatalf("Reprobed: %v, dropped %v", err, dropped)
	}
	if re.Values["Skill"] != "5" || re.HashMB != 32 || re.EngineName != "Fake Engine" || len(re.Options) != 3 || re.Name != def.Name {
		t.Errorf("reprobed %q (%q): values %v, hash %d, %d options", re.Name, re.EngineName, re.Values, re.HashMB, len(re.Options))
	}
	if stored, _ := other.Find(def.ID); stored.Values["Skill"] != "5" || len(stored.Options) != 3 {
		t.Errorf("stored values %v, %d options", stored.Values, len(stored.Options))
	}
}

// Probe reports a missing id name, and only then: an engine whose display name is
// its id name (any engine probed again) sent one.
func TestProbeIDName(t *testing.T) {
	def := fakeDefinition(enginetest.Normal, "")
	def.Name = "Fake Engine" // as the engine calls itself
	res, err := Probe(context.Background(), def)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range res.Problems {
		if strings.Contains(p, "id name") {
			t.Errorf("problem %q for an engine that sent its id name", p)
		}
	}
	if runtime.GOOS == "windows" {
		return
	}
	nameless := Definition{Name: "nameless", Path: writeScript(t, `while read l; do case "$l" in usi) echo usiok;; quit) exit 0;; esac; done`)}
	res, err = Probe(context.Background(), nameless)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(res.Problems, "\n"), `the engine sent no "id name"`) {
		t.Errorf("problems %q", res.Problems)
	}
}

func TestProbeNotUSI(t *testing.T) {
	def := fakeDefinition("nousiok", "")
	def.TimeoutScale = 0.1 // usiok timeout 10 s × 0.1
	// The context only catches a probe that never gives up: it would end with the
	// context's error, not ErrNotUSI.
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	start := time.Now()
	_, err := Probe(ctx, def)
	if !errors.Is(err, ErrNotUSI) || !strings.Contains(err.Error(), "I speak xboard") {
		t.Errorf("Probe = %v", err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("gave up after %v, before the 1s usiok timeout", d)
	}
}

func engineBinary(t *testing.T, name string) string { return enginetest.DebianEngine(t, name) }

// gpsusiDefinition gives gpsusi six times the default timeouts, a minute for usiok: it
// loads its data before it answers, and with make test's packages sharing two cores
// that has taken more than 30 s. What the tests check is not how fast it loads.
func gpsusiDefinition(t *testing.T) Definition {
	def := enginetest.Gpsusi(t)
	def.TimeoutScale = max(def.TimeoutScale, 6)
	return def
}

func TestProbeRealEngines(t *testing.T) {
	ctx := context.Background()
	fairy, err := Probe(ctx, Definition{Path: engineBinary(t, "fairy-stockfish")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(fairy.Name, "Fairy-Stockfish") || len(fairy.Options) < 10 {
		t.Errorf("fairy-stockfish: %q with %d options", fairy.Name, len(fairy.Options))
	}
	var skill bool
	for _, o := range fairy.Options {
		skill = skill || o.Name == "Skill Level" && o.Type == usiclient.OptionSpin
	}
	if !skill {
		t.Error("fairy-stockfish: no spin option \"Skill Level\"")
	}
	gps, err := Probe(ctx, gpsusiDefinition(t))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ToLower(gps.Name), "gps") {
		t.Errorf("gpsusi: %q", gps.Name)
	}
	gnu := Definition{Path: engineBinary(t, "gnushogi"), TimeoutScale: 0.2}
	if _, err := Probe(ctx, gnu); !errors.Is(err, ErrNotUSI) {
		t.Errorf("gnushogi: %v, want ErrNotUSI", err)
	}
}

func TestBundledEngine(t *testing.T) {
	bin := filepath.Join(t.TempDir(), "banmen-engine")
	build := exec.Command("go", "build", "-o", bin, "banmen/cmd/banmen-engine")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building banmen-engine: %v\n%s", err, out)
	}
	reg, _ := OpenRegistry(filepath.Join(t.TempDir(), "engines.json"))
	m := NewManager(reg)
	def, err := reg.EnsureBundled(bin, "Banmen")
	if err != nil {
		t.Fatal(err)
	}
	res, err := Probe(context.Background(), def)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Name, "Banmen") {
		t.Errorf("bundled engine calls itself %q", res.Name)
	}
	r, err := m.StartByName(context.Background(), "Banmen", StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.CloseAll(5 * time.Second)
	if r.Info().Name != res.Name {
		t.Errorf("started %q", r.Info().Name)
	}
}

func TestAddSearchAndCloseFairyStockfish(t *testing.T) {
	reg, _ := OpenRegistry(filepath.Join(t.TempDir(), "engines.json"))
	m := NewManager(reg)
	def, res, err := m.Add(context.Background(), engineBinary(t, "fairy-stockfish"))
	if err != nil {
		t.Fatal(err)
	}
	if def.Name != res.Name || def.ID == "" || len(def.Options) != len(res.Options) {
		t.Errorf("added %+v", def)
	}
	def, err = reg.Edit(def.ID, func(d *Definition) error {
		d.SetValue("Skill Level", "3")
		d.HashMB = 16
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.StartByName(context.Background(), def.ID, StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res2, err := search(t, r)
	if err != nil || !board.NewStartPosition().IsLegal(res2.BestMove) {
		t.Errorf("search: %v %v", res2.BestMove, err)
	}
	m.CloseAll(5 * time.Second)
	if !r.Exited() {
		t.Error("still running")
	}
	res3, err := Probe(context.Background(), def)
	if err != nil {
		t.Fatal(err)
	}
	re, dropped, err := reg.Reprobed(def.ID, res3)
	if err != nil || len(dropped) != 0 || re.Values["Skill Level"] != "3" {
		t.Errorf("Reprobed: %v dropped %v values %v", err, dropped, re.Values)
	}
}

// A remote engine is a command like "ssh host /path/to/engine": the wrapper here
// stands in for ssh, running its arguments.
func TestRemoteEngineThroughAWrapper(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell wrapper")
	}
	wrapper := writeScript(t, `exec "$@"`)
	def := Definition{Name: "remote fairy", Path: wrapper, Args: []string{engineBinary(t, "fairy-stockfish")}}
	r, err := Start(context.Background(), def, StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res, err := search(t, r); err != nil || res.BestMove == board.NoMove {
		t.Errorf("search: %v %v", res.BestMove, err)
	}
	r.Close(context.Background())
}

// A crash in the middle of a search: the search's error is the engine's *Failure, which
// says how the process ended ("exit status 3") rather than that its output closed, and
// quotes its stderr, decoded from Shift_JIS, which the protocol log holds too.
func TestCrashMidSearchNamesTheExit(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell script engine")
	}
	// "エラー: 評価関数がありません" in Shift_JIS, as an engine built for Windows writes it
	script := writeScript(t, `while read line; do
  case "$line" in
    usi) echo 'id name Crasher'; echo usiok;;
    isready) echo readyok;;
    go*) echo 'info depth 1 score cp 10 pv 7g7f'; printf '\203G\203\211\201[: \225]\211\277\212\326\220\224\202\252\202\240\202\350\202\334\202\271\202\361\n' >&2; exit 3;;
    quit) exit 0;;
  esac
done`)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := Start(ctx, Definition{Name: "Crasher", Path: script}, StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close(context.Background())
	_, err = search(t, r)
	var f *Failure
	if !errors.As(err, &f) {
		t.Fatalf("search = %v, want the engine's *Failure", err)
	}
	if !errors.Is(err, usiclient.ErrEOF) || f != r.Failure() {
		t.Errorf("the failure %v is not the session's end, or not the engine's", err)
	}
	msg := err.Error()
	const said = "エラー: 評価関数がありません"
	for _, want := range []string{`engine "Crasher" failed while searching: exit status 3`, said} {
		if !strings.Contains(msg, want) {
			t.Errorf("failure %q lacks %q", msg, want)
		}
	}
	if strings.Contains(msg, "closed its output") {
		t.Errorf("failure %q says the output closed instead of how the engine ended", msg)
	}
	var logged bool
	for _, l := range r.Log() {
		logged = logged || l.Dir == usiclient.Stderr && l.Text == said
	}
	if !logged {
		t.Errorf("the protocol log lacks the stderr line %q: %v", said, r.Log())
	}
}

// CloseAll leaves no engine behind: an engine whose Start is under way when it is
// called is waited for, then closed.
func TestCloseAllWaitsForStartsUnderWay(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("shell script engine")
	}
	mark := filepath.Join(t.TempDir(), "started")
	script := writeScript(t, `touch "`+mark+`"
while read line; do
  case "$line" in
    usi) sleep 1; echo 'id name Slow starter'; echo usiok;;
    isready) echo readyok;;
    quit) exit 0;;
  esac
done`)
	m := NewManager(nil)
	started := make(chan *Running, 1)
	go func() {
		r, err := m.Start(context.Background(), Definition{Name: "Slow starter", Path: script}, StartOptions{})
		if err != nil {
			t.Error(err)
		}
		started <- r
	}()
	deadline := time.Now().Add(20 * time.Second)
	for _, err := os.Stat(mark); err != nil; _, err = os.Stat(mark) {
		if time.Now().After(deadline) {
			t.Fatal("the engine did not start")
		}
		time.Sleep(10 * time.Millisecond)
	}
	m.CloseAll(20 * time.Second)
	r := <-started
	if r != nil && !r.Exited() {
		t.Error("an engine started during CloseAll still runs")
	}
	if n := len(m.Running()); n != 0 {
		t.Errorf("%d engines still tracked", n)
	}
}
