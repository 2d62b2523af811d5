package ui

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
	"banmen/internal/testbin"
	"banmen/usiclient"
)

// fyneQueue stands for the Fyne goroutine in the tests: work done off it posts here, and
// the test runs what was posted until what it waits for happened.
type fyneQueue chan func()

func (q fyneQueue) post(f func()) { q <- f }

func (q fyneQueue) runUntil(t *testing.T, what string, done func() bool) {
	t.Helper()
	deadline := time.After(60 * time.Second)
	for !done() {
		select {
		case f := <-q:
			f()
		case <-deadline:
			t.Fatalf("gave up waiting for %s", what)
		}
	}
}

// stubDialogs is the FileDialogs seam: it answers with the paths given, in turn.
type stubDialogs struct {
	open    []string
	folders []string
	save    string
	asked   []string
}

func (s *stubDialogs) OpenFile(title string, exts []string) (string, error) {
	s.asked = append(s.asked, "file:"+title)
	if len(s.open) == 0 {
		return "", nil
	}
	p := s.open[0]
	s.open = s.open[1:]
	return p, nil
}

func (s *stubDialogs) SaveFile(title, suggested string, exts []string) (string, error) {
	s.asked = append(s.asked, "save:"+title)
	return s.save, nil
}

func (s *stubDialogs) OpenFolder(title string) (string, error) {
	s.asked = append(s.asked, "folder:"+title)
	if len(s.folders) == 0 {
		return "", nil
	}
	p := s.folders[0]
	s.folders = s.folders[1:]
	return p, nil
}

type roomFixture struct {
	es      *engineSettings
	q       fyneQueue
	reg     *engine.Registry
	path    string
	dialogs *stubDialogs
}

func newRoomFixture(t *testing.T, lang Lang) *roomFixture {
	t.Helper()
	a := newTestApp(t, ThemeLight)
	path := filepath.Join(t.TempDir(), "engines.json")
	reg := bundledRegistry(t, path)
	q := make(fyneQueue, 16)
	d := &stubDialogs{}
	win := a.NewWindow("")
	t.Cleanup(win.Close)
	es := newEngineSettings(win, reg, roomTextFor(lang), lang, d, a.Preferences(), nil, func(f func()) { go f() }, q.post)
	win.Resize(win.Content().MinSize().Max(win.Canvas().Size()))
	return &roomFixture{es: es, q: q, reg: reg, path: path, dialogs: d}
}

// bundledRegistry opens the engine list at path with the bundled engine in it.
func bundledRegistry(t *testing.T, path string) *engine.Registry {
	t.Helper()
	reg, err := engine.OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.EnsureBundled("/opt/banmen/banmen-engine", "Banmen"); err != nil {
		t.Fatal(err)
	}
	return reg
}

func needEngine(t *testing.T, path string) {
	t.Helper()
	if _, err := os.Stat(path); err != nil {
		t.Skipf("%s is not installed (make test-deps installs it)", path)
	}
}

// fileHolds reads the engine list file as another copy of the app would.
func fileHolds(t *testing.T, path, id string) engine.Definition {
	t.Helper()
	reg, err := engine.OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	d, ok := reg.Find(id)
	if !ok {
		t.Fatalf("%s holds no engine %s", path, id)
	}
	return d
}

// Adding fairy-stockfish through the file dialog probes it, and its options set in the
// dialog are in the registry file and in the dialog opened again.
func TestEngineListAddsFairyStockfishAndKeepsItsOptions(t *testing.T) {
	const fs = "/usr/games/fairy-stockfish"
	needEngine(t, fs)
	fx := newRoomFixture(t, Japanese)
	es := fx.es
	fx.dialogs.open = []string{fs}
	test.Tap(es.add)
	fx.q.runUntil(t, "the probe", func() bool { return len(es.engines) == 2 && es.progress == nil })
	if es.failure != "" {
		t.Fatalf("probe failed: %s", es.failure)
	}
	d, _ := es.chosen()
	if d.Path != fs || d.EngineName != "Fairy-Stockfish 11.1 LB 64" || d.Author != "Fabian Fichter" || len(d.Options) != 25 {
		t.Fatalf("added %q by %q at %s with %d options", d.EngineName, d.Author, d.Path, len(d.Options))
	}
	if !d.HasTag(engine.TagAnalysis) || !d.HasTag(engine.TagPlay) {
		t.Errorf("tags %v", d.Tags)
	}
	test.Tap(es.opts)
	f := es.optionForm
	rowOf(t, f, "Skill Level").spin.SetText("3")
	rowOf(t, f, "MultiPV").spin.SetText("2")
	test.Tap(f.ok)
	if f.status.Text != "" && f.status.Importance == widget.DangerImportance {
		t.Fatalf("OK: %s", f.status.Text)
	}
	got := fileHolds(t, fx.path, d.ID)
	if got.Values["Skill Level"] != "3" || got.Values["MultiPV"] != "2" {
		t.Errorf("the file holds %v", got.Values)
	}
	test.Tap(es.opts)
	if v := rowOf(t, es.optionForm, "Skill Level").spin.Text; v != "3" {
		t.Errorf("reopened: Skill Level %q", v)
	}
	if v := rowOf(t, es.optionForm, "MultiPV").spin.Text; v != "2" {
		t.Errorf("reopened: MultiPV %q", v)
	}
}

// A program that is not a USI engine, and one that crashes at start, are refused with why.
func TestEngineListProbeFailureSaysWhy(t *testing.T) {
	crash := filepath.Join(t.TempDir(), "crash.sh")
	if err := os.WriteFile(crash, []byte("#!/bin/sh\necho 'cannot load eval/nn.bin' >&2\nexit 3\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		path string
		want []string
	}{
		{crash, []string{"exit status 3", "cannot load eval/nn.bin"}},
	}
	if _, err := os.Stat("/usr/games/gnushogi"); err == nil {
		cases = append(cases, struct {
			path string
			want []string
		}{"/usr/games/gnushogi", []string{"not a USI engine", "gnushogi"}})
	} else {
		t.Log("gnushogi is not installed: only the crashing program is tried")
	}
	for _, c := range cases {
		fx := newRoomFixture(t, English)
		fx.es.probeScale = 0.3 // gnushogi never says usiok: 3 s instead of 10
		fx.dialogs.open = []string{c.path}
		test.Tap(fx.es.add)
		fx.q.runUntil(t, "the probe of "+c.path, func() bool { return fx.es.failure != "" })
		t.Logf("%s:\n%s", c.path, fx.es.failure)
		for _, w := range c.want {
			if !strings.Contains(fx.es.failure, w) {
				t.Errorf("%s: the failure says %q, without %q", c.path, fx.es.failure, w)
			}
		}
		if len(fx.reg.List()) != 1 {
			t.Errorf("%s was registered", c.path)
		}
	}
}

// Cancel stops a probe under way; nothing is registered and no failure is shown.
func TestEngineListCancelProbe(t *testing.T) {
	hang := filepath.Join(t.TempDir(), "hang.sh")
	if err := os.WriteFile(hang, []byte("#!/bin/sh\nexec sleep 60\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	fx := newRoomFixture(t, Japanese)
	fx.dialogs.open = []string{hang}
	test.Tap(fx.es.add)
	fx.q.runUntil(t, "the progress dialog", func() bool { return fx.es.cancelProbe != nil })
	start := time.Now()
	test.Tap(fx.es.cancelProbe)
	fx.q.runUntil(t, "the end of the probe", func() bool { return fx.es.progress == nil })
	if time.Since(start) > 9*time.Second {
		t.Errorf("Cancel took %v: the probe ran to its timeout", time.Since(start))
	}
	if fx.es.failure != "" || len(fx.reg.List()) != 1 {
		t.Errorf("after Cancel: failure %q, %d engines", fx.es.failure, len(fx.reg.List()))
	}
}

func TestEngineListDeleteDuplicateRenameMove(t *testing.T) {
	fx := newRoomFixture(t, Japanese)
	es := fx.es
	if !es.del.Disabled() {
		t.Error("the bundled engine can be deleted")
	}
	es.confirm = func(_, _ string, then func()) { then() }
	es.Delete() // refused without asking
	if len(fx.reg.List()) != 1 {
		t.Fatal("the bundled engine was deleted")
	}
	other, err := fx.reg.Add(engine.Definition{Name: "YaneuraOu", Path: "/opt/yo/YaneuraOu"})
	if err != nil {
		t.Fatal(err)
	}
	es.reload(other.ID)
	test.Tap(es.dup)
	names := func() []string {
		var out []string
		for _, d := range es.engines {
			out = append(out, d.Name)
		}
		return out
	}
	if want := []string{"Banmen", "YaneuraOu", "YaneuraOu (2)"}; !reflect.DeepEqual(names(), want) {
		t.Fatalf("after 複製: %v", names())
	}
	es.ask = func(_, _, initial string, then func(string)) {
		if initial != "YaneuraOu (2)" {
			t.Errorf("rename starts from %q", initial)
		}
		then("YaneuraOu 8 threads")
	}
	test.Tap(es.ren)
	if !es.down.Disabled() {
		t.Error("下へ is enabled on the last engine")
	}
	test.Tap(es.up)
	test.Tap(es.up)
	if want := []string{"YaneuraOu 8 threads", "Banmen", "YaneuraOu"}; !reflect.DeepEqual(names(), want) {
		t.Fatalf("after 名前の変更 and 上へ twice: %v", names())
	}
	if !es.up.Disabled() {
		t.Error("上へ is enabled on the first engine")
	}
	test.Tap(es.down)
	if want := []string{"Banmen", "YaneuraOu 8 threads", "YaneuraOu"}; !reflect.DeepEqual(names(), want) {
		t.Fatalf("after 下へ: %v", names())
	}
	asked := ""
	es.confirm = func(_, text string, then func()) { asked = text; then() }
	test.Tap(es.del)
	if !strings.Contains(asked, "YaneuraOu 8 threads") {
		t.Errorf("削除 asked %q", asked)
	}
	// the file holds what the window shows
	var inFile []string
	again, _ := engine.OpenRegistry(fx.path)
	for _, d := range again.List() {
		inFile = append(inFile, d.Name)
	}
	if want := []string{"Banmen", "YaneuraOu"}; !reflect.DeepEqual(inFile, want) || !reflect.DeepEqual(names(), want) {
		t.Errorf("after 削除: the file holds %v, the window shows %v", inFile, names())
	}
}

func TestEngineSettingsSavesHowTheEngineRuns(t *testing.T) {
	fx := newRoomFixture(t, English)
	es := fx.es
	d, err := fx.reg.Add(engine.Definition{Name: "gpsusi", Path: "/usr/games/gpsusi", Tags: []string{"play", "someday"}})
	if err != nil {
		t.Fatal(err)
	}
	es.reload(d.ID)
	es.args.SetText(`-T 'my host' /path/to/engine`)
	es.dir.SetText("/tmp")
	es.env.SetText("OSL_HOME=/home/me/osl\n\nLANG=C\n")
	es.enc.SetSelected("Shift_JIS")
	es.scale.SetText("2.5")
	es.tags[engine.TagPlay].SetChecked(false)
	es.tags[engine.TagMate].SetChecked(true)
	test.Tap(es.save)
	got := fileHolds(t, fx.path, d.ID)
	want := engine.Definition{Args: []string{"-T", "my host", "/path/to/engine"}, Dir: "/tmp",
		Env: []string{"OSL_HOME=/home/me/osl", "LANG=C"}, Encoding: engine.EncodingShiftJIS, TimeoutScale: 2.5,
		Tags: []string{engine.TagMate, "someday"}}
	if !reflect.DeepEqual(got.Args, want.Args) || got.Dir != want.Dir || !reflect.DeepEqual(got.Env, want.Env) ||
		got.Encoding != want.Encoding || got.TimeoutScale != want.TimeoutScale || !reflect.DeepEqual(got.Tags, want.Tags) {
		t.Errorf("saved args %q dir %q env %q enc %q scale %v tags %v", got.Args, got.Dir, got.Env, got.Encoding, got.TimeoutScale, got.Tags)
	}
	if es.args.Text != `-T 'my host' /path/to/engine` {
		t.Errorf("the arguments read back as %q", es.args.Text)
	}
	for _, bad := range []struct{ field, text, says string }{
		{"env", "OSL_HOME", "NAME=value"},
		{"scale", "0", "timeout scale"},
		{"scale", "fast", "timeout scale"},
		{"args", `-T 'open`, "unclosed"},
	} {
		es.reload(d.ID)
		map[string]func(string){"env": es.env.SetText, "scale": es.scale.SetText, "args": es.args.SetText}[bad.field](bad.text)
		test.Tap(es.save)
		if !strings.Contains(es.status.Text, bad.says) {
			t.Errorf("%s %q: status %q", bad.field, bad.text, es.status.Text)
		}
		if again := fileHolds(t, fx.path, d.ID); !reflect.DeepEqual(again.Env, want.Env) || again.TimeoutScale != 2.5 {
			t.Errorf("%s %q was saved", bad.field, bad.text)
		}
	}
}

func TestEngineSettingsArgsRoundTrip(t *testing.T) {
	for _, args := range [][]string{
		nil, {"-T", "host", "/x"}, {"a b", "it's", `back\slash`, ""}, {`"q"`},
	} {
		s := joinArgs(args)
		got, err := splitArgs(s)
		if err != nil || !reflect.DeepEqual(got, args) && !(len(got) == 0 && len(args) == 0) {
			t.Errorf("%q → %q → %q, %v", args, s, got, err)
		}
	}
	if _, err := splitArgs("a\nb"); err == nil {
		t.Error("a line break in the arguments was accepted")
	}
}

// Tags filter the engine choosers; a list where no engine has the tag is offered whole.
func TestEngineListTagsFilterChoosers(t *testing.T) {
	list := []engine.Definition{{Name: "a", Tags: []string{engine.TagPlay}}, {Name: "b", Tags: []string{engine.TagMate}}}
	if got := EnginesWithTag(list, engine.TagMate); len(got) != 1 || got[0].Name != "b" {
		t.Errorf("mate engines: %v", got)
	}
	if got := EnginesWithTag(list, engine.TagAnalysis); len(got) != 2 {
		t.Errorf("no engine tagged for study: %d offered, want all", len(got))
	}
}

// With the engine running, the option dialog presses its buttons in it and shows the
// settings it refused at its start (Running.Warnings).
func TestEngineSettingsOptionsOfARunningEngine(t *testing.T) {
	const fs = "/usr/games/fairy-stockfish"
	needEngine(t, fs)
	fx := newRoomFixture(t, English)
	def := testDef(t, "fairy-stockfish")
	def.Path = fs
	def.Values = map[string]string{"Skill Level": "99"} // saved for another build: out of range here
	def, err := fx.reg.Add(def)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := engine.Start(ctx, def, engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close(context.Background())
	var logOf *engine.Running
	fx.es.openLog = func(x *engine.Running) { logOf = x }
	fx.es.reload(def.ID)
	test.Tap(fx.es.logB)
	if logOf != nil || fx.es.status.Text != roomTextFor(English).NoRunning {
		t.Errorf("通信ログ… of an engine not running: opened %v, status %q", logOf, fx.es.status.Text)
	}
	fx.es.running = func() []*engine.Running { return []*engine.Running{r} }
	test.Tap(fx.es.logB)
	if logOf != r {
		t.Error("通信ログ… did not open the log of the running engine")
	}
	// not running, but among the last that ended: its log opens
	logOf = nil
	fx.es.running = func() []*engine.Running { return nil }
	fx.es.ended = func() []*engine.Running { return []*engine.Running{r} }
	test.Tap(fx.es.logB)
	fx.es.ended = nil
	fx.es.running = func() []*engine.Running { return []*engine.Running{r} }
	if logOf != r {
		t.Error("通信ログ… did not open the log of the engine that ended")
	}
	test.Tap(fx.es.opts)
	f := fx.es.optionForm
	if !strings.Contains(f.status.Text, "Skill Level") || !strings.Contains(f.status.Text, "99") {
		t.Errorf("the dialog does not show the engine's warning: %q (warnings %q)", f.status.Text, r.Warnings())
	}
	if note := rowOf(t, f, "Skill Level").note; !note.Visible() || !strings.Contains(note.Text, "99") {
		t.Errorf("the Skill Level row does not warn: %q", note.Text)
	}
	b := rowOf(t, f, "Clear Hash").button
	if b.Disabled() {
		t.Fatal("Clear Hash is disabled though the engine runs")
	}
	test.Tap(b)
	found := false
	for _, l := range r.Log() {
		found = found || (l.Dir == usiclient.Sent && l.Text == "setoption name Clear Hash")
	}
	if !found {
		t.Error("pressing Clear Hash sent nothing to the engine")
	}
}

// エンジン → エンジン設定… (Ctrl+Shift+E) opens one settings window on the window's engine list;
// 通信ログ… says when no engine runs.
func TestEngineSettingsFromTheMenu(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	reg := bundledRegistry(t, filepath.Join(t.TempDir(), "engines.json"))
	w.opts.EngineRegistry = func() (*engine.Registry, error) { return reg, nil }
	txt := roomTextFor(Japanese)
	var settings, logs *fyne.MenuItem
	for _, m := range w.Window().MainMenu().Items {
		if m.Label == txt.MenuEngines {
			for _, it := range m.Items {
				switch it.Label {
				case txt.EngineSettings:
					settings = it
				case txt.ProtocolLogMenu:
					logs = it
				}
			}
		}
	}
	if settings == nil || logs == nil {
		t.Fatalf("no %s menu with %s and %s", txt.MenuEngines, txt.EngineSettings, txt.ProtocolLogMenu)
	}
	sc, ok := settings.Shortcut.(*desktop.CustomShortcut)
	if !ok || sc.KeyName != fyne.KeyE || sc.Modifier&fyne.KeyModifierShift == 0 {
		t.Errorf("shortcut %v, want Ctrl+Shift+E", settings.Shortcut)
	}
	settings.Action()
	first := w.room.settings
	if first == nil || len(first.engines) != 1 || !first.engines[0].Bundled {
		t.Fatalf("the settings window shows %+v", first)
	}
	settings.Action()
	if w.room.settings != first {
		t.Error("a second エンジン設定… opened a second window")
	}
	first.win.Close()
	if w.room.settings != nil {
		t.Error("closing the window did not forget it")
	}
	logs.Action()
	if w.lastShown.text != txt.NoRunning {
		t.Errorf("通信ログ… with no engine running says %q", w.lastShown.text)
	}
}

// A star pins an option for that engine only, and the pin is there when the dialog opens again.
func TestEngineSettingsFavouritesPersistPerEngine(t *testing.T) {
	fx := newRoomFixture(t, Japanese)
	a, err := fx.reg.Add(testDef(t, "fairy-stockfish"))
	if err != nil {
		t.Fatal(err)
	}
	b, err := fx.reg.Duplicate(a.ID)
	if err != nil {
		t.Fatal(err)
	}
	fx.es.reload(a.ID)
	test.Tap(fx.es.opts)
	test.Tap(rowOf(t, fx.es.optionForm, "Skill Level").star)
	fx.es.optionsShow.Hide()
	test.Tap(fx.es.opts)
	if f := fx.es.optionForm; f.list.Objects[0] != rowOf(t, f, "Skill Level").obj {
		t.Error("reopened: Skill Level is not pinned to the top")
	}
	fx.es.optionsShow.Hide()
	fx.es.reload(b.ID)
	test.Tap(fx.es.opts)
	if f := fx.es.optionForm; f.list.Objects[0] == rowOf(t, f, "Skill Level").obj {
		t.Error("the duplicate has the first configuration's pin")
	}
}

// Esc in the option dialog's search box empties the box and shows every option again; only
// the next Esc closes the dialog (it closed the dialog with the filter still typed).
func TestOptionSearchEscClearsBeforeItCloses(t *testing.T) {
	fx := newRoomFixture(t, Japanese)
	a, err := fx.reg.Add(testDef(t, "fairy-stockfish"))
	if err != nil {
		t.Fatal(err)
	}
	fx.es.reload(a.ID)
	test.Tap(fx.es.opts)
	f := fx.es.optionForm
	c := fyne.CurrentApp().Driver().CanvasForObject(f.search)
	if c == nil {
		t.Fatal("the option dialog is not shown")
	}
	c.Focus(f.search)
	test.Type(f.search, "hash")
	if rowOf(t, f, "Threads").obj.Visible() {
		t.Fatal("the filter hash shows Threads")
	}
	esc := func() { c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) }
	esc()
	if f.search.Text != "" || !rowOf(t, f, "Threads").obj.Visible() || c.Overlays().Top() == nil {
		t.Fatalf("the first Esc: search %q, Threads shown %v, dialog open %v", f.search.Text, rowOf(t, f, "Threads").obj.Visible(), c.Overlays().Top() != nil)
	}
	esc()
	if c.Overlays().Top() != nil {
		t.Error("Esc in the empty search box did not close the dialog")
	}
}

// エンジンから再取得 in the options dialog: an engine whose program was updated in place is asked
// again; its new option gets a row, a saved value of an option it dropped is dropped and named,
// and the values that still fit stay.
func TestEngineSettingsAskTheEngineAgain(t *testing.T) {
	fx := newRoomFixture(t, Japanese)
	old := testbin.ScriptEngine(t, "Updated", []string{"Alpha type check default false", "Gamma type spin default 1 min 0 max 9"}, "echo bestmove resign")
	def := engine.Definition{Path: old}
	def.ApplyProbe("Updated", "", []usiclient.Option{
		{Name: "Alpha", Type: usiclient.OptionCheck, Default: "false"},
		{Name: "Gamma", Type: usiclient.OptionSpin, Default: "1", Min: 0, Max: 9, HasMin: true, HasMax: true},
	})
	def.Values = map[string]string{"Alpha": "true", "Gamma": "5"}
	def, err := fx.reg.Add(def)
	if err != nil {
		t.Fatal(err)
	}
	// the new build: Gamma gone, Beta new
	newer := testbin.ScriptEngine(t, "Updated", []string{"Alpha type check default false", "Beta type string default x"}, "echo bestmove resign")
	data, err := os.ReadFile(newer)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(old, data, 0o755); err != nil {
		t.Fatal(err)
	}
	fx.es.reload(def.ID)
	test.Tap(fx.es.opts)
	f := fx.es.optionForm
	if f.row("Beta") != nil || f.reload == nil {
		t.Fatal("Beta is shown before asking, or there is nothing to ask with")
	}
	test.Tap(f.reload)
	fx.q.runUntil(t, "the dialog again", func() bool { return fx.es.optionForm != f && fx.es.progress == nil })
	f = fx.es.optionForm
	if f.row("Beta") == nil || f.row("Gamma") != nil || rowOf(t, f, "Alpha").value != "true" {
		t.Errorf("after asking again: Beta %v, Gamma %v, Alpha %q", f.row("Beta") != nil, f.row("Gamma") != nil, rowOf(t, f, "Alpha").value)
	}
	if !strings.Contains(f.status.Text, "Gamma") {
		t.Errorf("the dropped value is not named: %q", f.status.Text)
	}
	saved := fileHolds(t, fx.path, def.ID)
	if _, ok := saved.Values["Gamma"]; ok || saved.Values["Alpha"] != "true" {
		t.Errorf("the list keeps %v", saved.Values)
	}
}

// Settings changed and not saved are asked about before another engine is chosen, a new one
// added or duplicated, or the window closes (保存, 保存しない, キャンセル), and kept while the
// same engine stays chosen (a rename, a move): they were dropped unasked.
func TestEngineSettingsAskBeforeDroppingChanges(t *testing.T) {
	fx := newRoomFixture(t, English)
	es := fx.es
	gps, err := fx.reg.Add(engine.Definition{Name: "gpsusi", Path: "/usr/games/gpsusi"})
	if err != nil {
		t.Fatal(err)
	}
	bundled := es.engines[0]
	es.reload(bundled.ID)
	var asked []string
	answer := "cancel"
	es.askSave = func(text string, save, dont, cancel func()) {
		asked = append(asked, text)
		map[string]func(){"save": save, "dont": dont, "cancel": cancel}[answer]()
	}
	chosen := func() string {
		d, _ := es.chosen()
		return d.Name
	}

	// nothing changed: no question
	es.list.Select(1)
	es.list.Select(0)
	if len(asked) != 0 || chosen() != "Banmen" {
		t.Fatalf("with nothing changed: asked %q, chosen %q", asked, chosen())
	}

	// キャンセル stays, with the changes and the list's choice
	es.args.SetText("-v")
	es.list.Select(1)
	if len(asked) != 1 || !strings.Contains(asked[0], "Banmen") {
		t.Fatalf("choosing another engine with changes asked %q", asked)
	}
	if chosen() != "Banmen" || es.args.Text != "-v" {
		t.Fatalf("after キャンセル: chosen %q, arguments %q", chosen(), es.args.Text)
	}

	// a rename and a move keep them
	es.ask = func(_, _, _ string, then func(string)) { then("Banmen 2") }
	test.Tap(es.ren)
	test.Tap(es.down)
	if chosen() != "Banmen 2" || es.args.Text != "-v" || es.sel != 1 {
		t.Fatalf("after a rename and a move: chosen %q (%d), arguments %q", chosen(), es.sel, es.args.Text)
	}
	if len(asked) != 1 {
		t.Errorf("a rename or a move asked: %q", asked)
	}

	// 保存しない drops them and goes on
	answer = "dont"
	es.list.Select(0)
	if chosen() != "gpsusi" || es.args.Text != "" || len(asked) != 2 {
		t.Fatalf("after 保存しない: chosen %q, arguments %q, asked %q", chosen(), es.args.Text, asked)
	}
	if got := fileHolds(t, fx.path, bundled.ID); len(got.Args) != 0 {
		t.Errorf("保存しない saved %q", got.Args)
	}

	// 保存 saves them and goes on
	es.scale.SetText("2")
	answer = "save"
	es.list.Select(1)
	if chosen() != "Banmen 2" || len(asked) != 3 {
		t.Fatalf("after 保存: chosen %q, asked %q", chosen(), asked)
	}
	if got := fileHolds(t, fx.path, gps.ID); got.TimeoutScale != 2 {
		t.Errorf("保存 saved timeout scale %v", got.TimeoutScale)
	}

	// 保存 of settings that can't be saved stays, and says why
	es.scale.SetText("fast")
	es.list.Select(0)
	if chosen() != "Banmen 2" || es.scale.Text != "fast" || !strings.Contains(es.status.Text, "timeout scale") {
		t.Fatalf("保存 refused: chosen %q, scale %q, status %q", chosen(), es.scale.Text, es.status.Text)
	}
	// the list shows the engine the form shows: choosing it again there is no change
	fired := widget.ListItemID(-1)
	onSelected := es.list.OnSelected
	es.list.OnSelected = func(i widget.ListItemID) { fired = i; onSelected(i) }
	es.list.Select(es.sel)
	if fired != -1 {
		t.Errorf("the list showed another engine chosen than the form's %d", es.sel)
	}

	// 複製 and 追加 ask too; closing the window asks
	answer = "cancel"
	n := len(es.engines)
	test.Tap(es.dup)
	if len(es.engines) != n || len(asked) != 5 {
		t.Errorf("複製 with changes: %d engines, asked %d times", len(es.engines), len(asked))
	}
	closed := false
	es.requestClose(func() { closed = true })
	if closed || len(asked) != 6 {
		t.Errorf("closing with changes, cancelled: closed %v, asked %d times", closed, len(asked))
	}
	answer = "dont"
	es.requestClose(func() { closed = true })
	if !closed {
		t.Error("保存しない did not close")
	}
	es.reload("")
	asked = nil
	closed = false
	es.requestClose(func() { closed = true })
	if !closed || len(asked) != 0 {
		t.Errorf("closing with nothing changed: closed %v, asked %q", closed, asked)
	}
}

// Quitting the main window asks about an engine's settings changed and not saved in the
// engine settings window first, and キャンセル keeps both open.
func TestQuitAsksAboutEngineSettingsNotSaved(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	reg := bundledRegistry(t, filepath.Join(t.TempDir(), "engines.json"))
	w.opts.EngineRegistry = func() (*engine.Registry, error) { return reg, nil }
	w.EngineSettings()
	es := w.room.settings
	es.args.SetText("--threads 2")
	w.RequestClose()
	txt := roomTextFor(Japanese)
	top := es.win.Canvas().Overlays().Top()
	if w.closing || top == nil || dialogButtonIn(top, txt.DontSave) == nil {
		t.Fatalf("quitting with settings not saved: closing %v, the settings window shows %v", w.closing, top)
	}
	test.Tap(dialogButtonIn(top, txt.Cancel))
	if w.closing || w.room.settings != es || es.args.Text != "--threads 2" {
		t.Fatalf("キャンセル: closing %v, arguments %q", w.closing, es.args.Text)
	}
	w.RequestClose()
	test.Tap(dialogButtonIn(es.win.Canvas().Overlays().Top(), txt.Save))
	if !w.closing {
		t.Error("保存 did not go on closing")
	}
	if d, _ := reg.Find(es.engines[0].ID); strings.Join(d.Args, " ") != "--threads 2" {
		t.Errorf("保存 saved %q", d.Args)
	}
}

// An engine list found corrupt at start is said in the window's language, the detail (where
// the file was kept) folded under it, as the window's other errors are: it was Fyne's error
// dialog, titled "Error" in English whatever the language.
func TestReportEngineListSaysTheProblemInTheWindowsLanguage(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	path := filepath.Join(t.TempDir(), "engines.json")
	if err := os.WriteFile(path, []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := engine.OpenRegistry(path)
	var corrupt *engine.CorruptError
	if !errors.As(err, &corrupt) {
		t.Fatalf("a corrupt list: %v", err)
	}
	w.ReportEngineList(err)
	if w.lastShown.title != w.msg.Error || !strings.HasPrefix(w.lastShown.text, "エンジンの一覧 "+path+" を読めませんでした。") ||
		!strings.Contains(w.lastShown.text, filepath.Base(corrupt.MovedTo)) || !strings.Contains(w.lastDetail, corrupt.MovedTo) {
		t.Errorf("shown %q %q, detail %q", w.lastShown.title, w.lastShown.text, w.lastDetail)
	}
	tapDialogButton(t, w, w.msg.Close)
}

// Any other problem with the list is said with the reader's words, under the same heading.
func TestReportEngineListOtherProblems(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
	w.ReportEngineList(errors.New("open /x/engines.json: not a directory"))
	if w.lastShown.text != "The engine list has a problem: open /x/engines.json: not a directory" {
		t.Errorf("shown %q", w.lastShown.text)
	}
	tapDialogButton(t, w, w.msg.Close)
}

// 削除 asks with buttons named by what they do, in the window's language (キャンセル, and 削除
// in red, which Enter does not press): Fyne's はい/いいえ followed the system's language.
func TestEngineListDeleteAsksInTheWindowsLanguage(t *testing.T) {
	for _, lang := range []Lang{Japanese, English} {
		fx := newRoomFixture(t, lang)
		es, txt := fx.es, roomTextFor(lang)
		d, err := fx.reg.Add(engine.Definition{Name: "gpsusi", Path: "/usr/games/gpsusi"})
		if err != nil {
			t.Fatal(err)
		}
		es.reload(d.ID)
		test.Tap(es.del)
		top := es.win.Canvas().Overlays().Top()
		cancel, del := dialogButtonIn(top, txt.Cancel), dialogButtonIn(top, txt.Delete)
		if cancel == nil || del == nil {
			t.Fatalf("%v: 削除 asks with no %q and %q buttons", lang, txt.Cancel, txt.Delete)
		}
		pressDialogKey(es.win.Canvas(), fyne.KeyReturn)
		if len(fx.reg.List()) != 2 {
			t.Fatalf("%v: Enter deleted the engine", lang)
		}
		test.Tap(cancel)
		if len(fx.reg.List()) != 2 || es.win.Canvas().Overlays().Top() != nil {
			t.Fatalf("%v: キャンセル deleted the engine or left the question", lang)
		}
		test.Tap(es.del)
		test.Tap(dialogButtonIn(es.win.Canvas().Overlays().Top(), txt.Delete))
		if len(fx.reg.List()) != 1 {
			t.Errorf("%v: 削除 left %d engines", lang, len(fx.reg.List()))
		}
	}
}

// プログラム → 変更… gives an engine a new program (a new version in another folder): the
// engine keeps its ID, its name as the user set it, its settings and the values of the options
// the new program still declares; those it no longer declares are dropped and named. A program
// that does not answer changes nothing; Banmen's own engine has no 変更….
func TestEngineListChangesAnEnginesProgram(t *testing.T) {
	const fs = "/usr/games/fairy-stockfish"
	needEngine(t, fs)
	fx := newRoomFixture(t, Japanese)
	es := fx.es
	if !es.changeProgram.Disabled() {
		t.Error("変更… is enabled for the bundled engine")
	}
	fx.dialogs.open = []string{fs}
	test.Tap(es.add)
	fx.q.runUntil(t, "the probe", func() bool { return len(es.engines) == 2 && es.progress == nil })
	d, _ := es.chosen()
	if _, err := fx.reg.Edit(d.ID, func(def *engine.Definition) error {
		def.Name = "My Fairy"
		def.Env = []string{"FOO=1"}
		def.Values = map[string]string{"Skill Level": "3", "MultiPV": "2"}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	es.reload(d.ID)
	if es.changeProgram.Disabled() || es.program.Text != fs {
		t.Fatalf("the program row shows %q, 変更… disabled %v", es.program.Text, es.changeProgram.Disabled())
	}

	// a program that is no engine: nothing changes
	es.probeScale = 0.3
	fx.dialogs.open = []string{"/bin/true"}
	test.Tap(es.changeProgram)
	fx.q.runUntil(t, "the failed probe", func() bool { return es.failure != "" && es.progress == nil })
	if got := fileHolds(t, fx.path, d.ID); got.Path != fs || got.Name != "My Fairy" {
		t.Fatalf("a failed change left %s at %s", got.Name, got.Path)
	}

	// the new version: declares MultiPV, not Skill Level
	next := testbin.ScriptEngine(t, "Fairy 12", []string{"MultiPV type spin default 1 min 1 max 500"}, "echo bestmove resign")
	fx.dialogs.open = []string{next}
	test.Tap(es.changeProgram)
	fx.q.runUntil(t, "the probe of the new program", func() bool { return es.progress == nil && strings.Contains(es.status.Text, next) })
	got := fileHolds(t, fx.path, d.ID)
	if got.Path != next || got.Name != "My Fairy" || got.EngineName != "Fairy 12" || len(got.Env) != 1 {
		t.Errorf("after the change: %q (%q) at %s, env %v", got.Name, got.EngineName, got.Path, got.Env)
	}
	if got.Values["MultiPV"] != "2" || got.Values["Skill Level"] != "" {
		t.Errorf("the values after the change: %v", got.Values)
	}
	if !strings.Contains(es.status.Text, "Skill Level") || es.program.Text != next {
		t.Errorf("status %q, program row %q", es.status.Text, es.program.Text)
	}
	if n := len(fx.reg.List()); n != 2 {
		t.Errorf("%d engines after the change, want the same 2", n)
	}
}
