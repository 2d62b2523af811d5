package ui

import (
	"bufio"
	"image/color"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"banmen/engine"
	"banmen/usiclient"
)

// loadOptions reads the option lines of testdata/options/name.txt (real engines' lines are
// copied there from the shared corpus; each file says where from).
func loadOptions(t testing.TB, name string) []usiclient.Option {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "options", name+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []usiclient.Option
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		o, err := usiclient.ParseOption(line)
		if err != nil {
			t.Fatalf("%s.txt:%d: %v", name, n, err)
		}
		out = append(out, o)
	}
	return out
}

func testDef(t testing.TB, name string) engine.Definition {
	return engine.Definition{ID: "x", Name: name, Path: "/usr/games/" + name, Options: loadOptions(t, name)}
}

func rowOf(t *testing.T, f *optionForm, name string) *optionRow {
	t.Helper()
	r := f.row(name)
	if r == nil {
		t.Fatalf("no row for option %q", name)
	}
	return r
}

func highlighted(r *optionRow) bool {
	c, ok := r.bg.FillColor.(color.NRGBA)
	return ok && c.A > 0 || !ok && r.bg.FillColor != color.Transparent
}

func TestOptionDialogBuildsEveryOptionOfFairyStockfish(t *testing.T) {
	newTestApp(t, ThemeLight)
	d := testDef(t, "fairy-stockfish")
	f := newOptionForm(d, roomTextFor(Japanese), Japanese, nil, nil, func(string, bool, func(string)) {})
	// it declares Hash and Ponder: no USI_Hash or USI_Ponder is added beside them
	if len(f.rows) != 25 {
		t.Fatalf("%d rows, want the 25 options fairy-stockfish declares", len(f.rows))
	}
	if f.row("USI_Hash") != nil || f.row("USI_Ponder") != nil {
		t.Error("USI_Hash/USI_Ponder added to an engine that takes Hash and Ponder")
	}
	if !rowOf(t, f, "Hash").hash {
		t.Error("Hash is not taken as the hash size")
	}
	if v := rowOf(t, f, "UCI_Variant").sel; v == nil || len(v.Options) != 77 || v.Selected != "shogi" {
		t.Errorf("UCI_Variant: %+v, want a select of 77 with shogi", v)
	}
	if s := rowOf(t, f, "Protocol").sel; s.Selected != "usi" {
		t.Errorf("Protocol shows %q", s.Selected)
	}
	if r := rowOf(t, f, "Skill Level"); r.spin == nil || r.slider == nil || r.spin.Text != "20" {
		t.Errorf("Skill Level (-20..20): want a number entry with a slider showing 20")
	}
	if r := rowOf(t, f, "Hash"); r.spin == nil || r.slider != nil {
		t.Errorf("Hash (1..131072): want a number entry without a slider")
	}
	if r := rowOf(t, f, "Ponder"); r.check == nil || r.check.Checked {
		t.Error("Ponder: want an unchecked checkbox")
	}
	if r := rowOf(t, f, "Debug Log File"); r.entry == nil || r.entry.Text != "" {
		t.Error("Debug Log File: want an empty entry")
	}
	b := rowOf(t, f, "Clear Hash").button
	if b == nil || !b.Disabled() {
		t.Error("Clear Hash: want a disabled button while no engine runs")
	}
	for _, r := range f.rows {
		if highlighted(r) {
			t.Errorf("%s is highlighted though it has its default", r.opt.Name)
		}
	}
	if ch, err := f.changes(); err != nil || len(ch) != 0 {
		t.Errorf("untouched form: changes %v, %v", ch, err)
	}
}

func TestOptionDialogAddsHashAndPonderToGpsusi(t *testing.T) {
	newTestApp(t, ThemeLight)
	d := testDef(t, "gpsusi")
	f := newOptionForm(d, roomTextFor(English), English, nil, nil, nil)
	if len(f.rows) != 9+2 || f.rows[0].opt.Name != "USI_Ponder" || f.rows[1].opt.Name != "USI_Hash" {
		t.Fatalf("rows: want USI_Ponder, USI_Hash and gpsusi's 9 options; got %d, first %s", len(f.rows), f.rows[0].opt.Name)
	}
	if shown, raw := f.label("USI_Hash"); shown != "Hash size (MB)" || raw != "USI_Hash" {
		t.Errorf("USI_Hash is labelled %q (%q)", shown, raw)
	}
	hash := rowOf(t, f, "USI_Hash")
	hash.spin.SetText("")
	test.Type(hash.spin, "1024")
	test.Tap(rowOf(t, f, "USI_Ponder").check)
	ch, err := f.changes()
	if err != nil {
		t.Fatal(err)
	}
	if want := map[string]string{"USI_Hash": "1024", "USI_Ponder": "true"}; !reflect.DeepEqual(ch, want) {
		t.Fatalf("changes %v, want %v", ch, want)
	}
	applyChanges(&d, ch)
	if d.HashMB != 1024 || d.Values["USI_Ponder"] != "true" || d.Values["USI_Hash"] != "" {
		t.Errorf("applied: HashMB %d, values %v", d.HashMB, d.Values)
	}
	// back to the defaults: nothing stays stored
	f.accepted()
	f.resetAll()
	ch, _ = f.changes()
	applyChanges(&d, ch)
	if d.HashMB != 0 || len(d.Values) != 0 {
		t.Errorf("after reset: HashMB %d, values %v", d.HashMB, d.Values)
	}
}

func TestOptionDialogSpinRefusesTextAndClamps(t *testing.T) {
	newTestApp(t, ThemeLight)
	f := newOptionForm(testDef(t, "fairy-stockfish"), roomTextFor(Japanese), Japanese, nil, nil, nil)
	threads := rowOf(t, f, "Threads")
	threads.spin.SetText("")
	test.Type(threads.spin, "a1-b2x")
	if threads.spin.Text != "12" {
		t.Errorf("typed a1-b2x into Threads: %q, want 12", threads.spin.Text)
	}
	threads.spin.SetText("")
	test.Type(threads.spin, "0")
	threads.spin.FocusLost()
	if threads.spin.Text != "1" || threads.value != "1" {
		t.Errorf("Threads 0 (min 1): shows %q, value %q", threads.spin.Text, threads.value)
	}
	skill := rowOf(t, f, "Skill Level")
	skill.spin.SetText("")
	test.Type(skill.spin, "-30")
	skill.spin.FocusLost()
	if skill.spin.Text != "-20" || skill.value != "-20" || skill.slider.Value != -20 {
		t.Errorf("Skill Level -30 (min -20): %q, value %q, slider %v", skill.spin.Text, skill.value, skill.slider.Value)
	}
	skill.slider.SetValue(3)
	if skill.spin.Text != "3" || skill.value != "3" || !highlighted(skill) {
		t.Errorf("slider at 3: entry %q, value %q, highlighted %v", skill.spin.Text, skill.value, highlighted(skill))
	}
	// a paste that is not a number is refused
	hash := rowOf(t, f, "Hash")
	hash.spin.SetText("64")
	clip := test.NewClipboard()
	clip.SetContent("lots")
	hash.spin.TypedShortcut(&fyne.ShortcutPaste{Clipboard: clip})
	if hash.spin.Text != "64" {
		t.Errorf("pasting text into Hash: %q", hash.spin.Text)
	}
	ch, err := f.changes()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"Threads": "1", "Skill Level": "3", "Hash": "64"}
	if ch["Skill Level"] != "3" || ch["Hash"] != "64" || len(ch) != 2 {
		t.Errorf("changes %v, want %v without Threads (1 is its default)", ch, want)
	}
}

func TestOptionDialogStringsEmptyAndNewlines(t *testing.T) {
	newTestApp(t, ThemeLight)
	var asked []string
	browse := func(title string, folder bool, then func(string)) {
		asked = append(asked, title+map[bool]string{true: " folder", false: " file"}[folder])
		then("/tmp/picked")
	}
	f := newOptionForm(engine.Definition{ID: "x", Name: "fake", Options: loadOptions(t, "every-type")},
		roomTextFor(English), English, nil, nil, browse)
	logf := rowOf(t, f, "Log File Name")
	if logf.entry.Text != "" || logf.def != "" {
		t.Errorf("<empty> default shows %q", logf.entry.Text)
	}
	if c := rowOf(t, f, "Comment"); c.entry.Text != "hello world" {
		t.Errorf("a default with a space: %q", c.entry.Text)
	}
	logf.entry.SetText("a\nb")
	if _, err := f.changes(); err == nil || !strings.Contains(err.Error(), "Log File Name") || !strings.Contains(err.Error(), "line break") {
		t.Errorf("a value with a newline: %v, want it refused naming the option", err)
	}
	if !logf.note.Visible() || !strings.Contains(logf.note.Text, "line break") {
		t.Errorf("the row does not say why the newline is refused: %q", logf.note.Text)
	}
	logf.entry.SetText("x\ry")
	if _, err := f.changes(); err == nil {
		t.Error("a value with a carriage return was accepted")
	}
	logf.entry.SetText("")
	// 参照…: a file for filename, a folder for …Dir
	for _, name := range []string{"BookFile", "EvalDir"} {
		r := rowOf(t, f, name)
		if r.browseB == nil {
			t.Fatalf("%s: no 参照… button", name)
		}
		test.Tap(r.browseB)
		if r.value != "/tmp/picked" {
			t.Errorf("%s: browsing gave %q", name, r.value)
		}
	}
	if want := []string{"BookFile file", "EvalDir folder"}; !reflect.DeepEqual(asked, want) {
		t.Errorf("dialogs asked: %v, want %v", asked, want)
	}
	ch, err := f.changes()
	if err != nil || ch["BookFile"] != "/tmp/picked" || ch["EvalDir"] != "/tmp/picked" || len(ch) != 2 {
		t.Errorf("changes %v, %v", ch, err)
	}
}

func TestOptionDialogButtonPressesInTheRunningEngine(t *testing.T) {
	newTestApp(t, ThemeLight)
	var pressed []string
	f := newOptionForm(testDef(t, "fairy-stockfish"), roomTextFor(Japanese), Japanese, nil,
		func(n string) error { pressed = append(pressed, n); return nil }, nil)
	b := rowOf(t, f, "Clear Hash").button
	if b.Disabled() {
		t.Fatal("Clear Hash is disabled though an engine runs")
	}
	test.Tap(b)
	if !reflect.DeepEqual(pressed, []string{"Clear Hash"}) {
		t.Errorf("pressed %v", pressed)
	}
	if ch, _ := f.changes(); len(ch) != 0 {
		t.Errorf("a button press is stored as a value: %v", ch)
	}
}

func TestOptionDialogFilterFavouritesAndReset(t *testing.T) {
	newTestApp(t, ThemeLight)
	var saved [][]string
	f := newOptionForm(testDef(t, "fairy-stockfish"), roomTextFor(Japanese), Japanese, []string{"MultiPV"}, nil, nil)
	f.onFavs = func(n []string) { saved = append(saved, n) }
	if f.list.Objects[0] != rowOf(t, f, "MultiPV").obj {
		t.Error("the favourite MultiPV is not first")
	}
	test.Tap(rowOf(t, f, "Threads").star)
	if f.list.Objects[0] != rowOf(t, f, "Threads").obj && f.list.Objects[1] != rowOf(t, f, "Threads").obj {
		t.Error("starring Threads did not pin it to the top")
	}
	if len(saved) != 1 || !reflect.DeepEqual(saved[0], []string{"MultiPV", "Threads"}) {
		t.Errorf("favourites saved: %v", saved)
	}
	test.Type(f.search, "hash")
	var visible []string
	for _, r := range f.rows {
		if r.obj.Visible() {
			visible = append(visible, r.opt.Name)
		}
	}
	if !reflect.DeepEqual(visible, []string{"Hash", "Clear Hash"}) {
		t.Errorf("filter hash shows %v", visible)
	}
	f.search.SetText("ハッシュ") // the translated name filters too
	if !rowOf(t, f, "Hash").obj.Visible() || rowOf(t, f, "Threads").obj.Visible() {
		t.Error("filtering by the Japanese name")
	}
	f.search.SetText("")

	threads := rowOf(t, f, "Threads")
	threads.spin.SetText("8")
	if !highlighted(threads) || threads.reset.Disabled() {
		t.Error("Threads 8 (default 1) is not highlighted with its reset enabled")
	}
	test.Tap(threads.reset)
	if threads.spin.Text != "1" || highlighted(threads) {
		t.Errorf("reset Threads: %q, highlighted %v", threads.spin.Text, highlighted(threads))
	}
	test.Tap(rowOf(t, f, "UCI_LimitStrength").check)
	rowOf(t, f, "Analysis Contempt").sel.SetSelected("Off")
	f.resetAll()
	if ch, _ := f.changes(); len(ch) != 0 {
		t.Errorf("after すべて既定値に戻す: %v", ch)
	}
}

// A value saved for an older build of the engine that it no longer accepts is shown with a
// warning and kept, not dropped.
func TestOptionDialogStaleValueWarns(t *testing.T) {
	newTestApp(t, ThemeLight)
	d := engine.Definition{ID: "x", Name: "fake", Options: loadOptions(t, "every-type"),
		Values: map[string]string{"Style": "Wild", "Threads": "128"}}
	f := newOptionForm(d, roomTextFor(English), English, nil, nil, nil)
	for name, v := range map[string]string{"Style": "Wild", "Threads": "128"} {
		r := rowOf(t, f, name)
		if !r.note.Visible() || !strings.Contains(r.note.Text, v) {
			t.Errorf("%s=%s: note %q", name, v, r.note.Text)
		}
	}
	if s := rowOf(t, f, "Style").sel.Selected; s != "Normal" {
		t.Errorf("Style shows %q", s)
	}
	if ch, _ := f.changes(); len(ch) != 0 {
		t.Errorf("the stale values were changed or dropped: %v", ch)
	}
	oor := rowOf(t, f, "Out Of Range")
	if !oor.note.Visible() || !strings.Contains(oor.note.Text, "outside 1..10") {
		t.Errorf("a default outside its range: note %q", oor.note.Text)
	}
	rowOf(t, f, "Style").sel.SetSelected("Risky")
	ch, _ := f.changes()
	if ch["Style"] != "Risky" || rowOf(t, f, "Style").note.Visible() {
		t.Errorf("choosing a new Style: %v, note %q", ch, rowOf(t, f, "Style").note.Text)
	}
}

// Options saved through the dialog's save go into the engine list file and are read back.
func TestOptionDialogSavesIntoTheRegistry(t *testing.T) {
	newTestApp(t, ThemeLight)
	path := filepath.Join(t.TempDir(), "engines.json")
	reg, err := engine.OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	d, err := reg.Add(testDef(t, "fairy-stockfish"))
	if err != nil {
		t.Fatal(err)
	}
	f := newOptionForm(d, roomTextFor(Japanese), Japanese, nil, nil, nil)
	rowOf(t, f, "Skill Level").spin.SetText("3")
	rowOf(t, f, "MultiPV").spin.SetText("2")
	rowOf(t, f, "Hash").spin.SetText("128")
	ch, err := f.changes()
	if err != nil {
		t.Fatal(err)
	}
	if err := saveOptions(reg, d.ID, ch); err != nil {
		t.Fatal(err)
	}
	again, err := engine.OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := again.Find(d.ID)
	if got.Values["Skill Level"] != "3" || got.Values["MultiPV"] != "2" || got.HashMB != 128 || len(got.Values) != 2 {
		t.Errorf("read back: values %v, hash %d", got.Values, got.HashMB)
	}
	f2 := newOptionForm(got, roomTextFor(Japanese), Japanese, nil, nil, nil)
	if rowOf(t, f2, "Skill Level").spin.Text != "3" || rowOf(t, f2, "Hash").spin.Text != "128" {
		t.Error("a form on the saved engine does not show the saved values")
	}
}

func TestOptionDialogLooks(t *testing.T) {
	for _, tc := range []struct {
		lang Lang
		mode ThemeMode
		name string
	}{
		{Japanese, ThemeLight, "options_ja_light.png"},
		{Japanese, ThemeDark, "options_ja_dark.png"},
		{English, ThemeLight, "options_en_light.png"},
		{English, ThemeDark, "options_en_dark.png"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			newTestApp(t, tc.mode)
			d := engine.Definition{ID: "x", Name: "fake", Options: loadOptions(t, "every-type"),
				Values: map[string]string{"Threads": "8", "Style": "Wild"}}
			f := newOptionForm(d, roomTextFor(tc.lang), tc.lang, []string{"Comment"}, nil, func(string, bool, func(string)) {})
			assertMatchesMaster(t, tc.name, capture(t, f.content, 820, 900))
		})
	}
}

// Every text of the engine room exists in both languages, and formats take the same verbs.
func TestEngineSettingsTextIsComplete(t *testing.T) {
	ja, en := reflect.ValueOf(*roomTextFor(Japanese)), reflect.ValueOf(*roomTextFor(English))
	for i := range ja.NumField() {
		name := ja.Type().Field(i).Name
		j, e := ja.Field(i).String(), en.Field(i).String()
		if j == "" || e == "" {
			t.Errorf("%s is empty in %s", name, map[bool]string{true: "Japanese", false: "English"}[j == ""])
		}
		if strings.HasSuffix(name, "F") && strings.Count(j, "%") != strings.Count(e, "%") {
			t.Errorf("%s: the formats %q and %q take different arguments", name, j, e)
		}
	}
}
