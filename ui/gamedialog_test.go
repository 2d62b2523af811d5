package ui

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/internal/testbin"
	"banmen/kifu"
)

// shownGameDialog is the 対局開始 dialog on top of w, its controls found in the order the
// dialog lays them out (the test fails if that order changes).
func shownGameDialog(t *testing.T, w *MainWindow) *gameDialog {
	t.Helper()
	ov := w.Window().Canvas().Overlays().Top()
	if ov == nil || w.lastShown.title != w.gameText().DialogTitle {
		t.Fatalf("the 対局開始 dialog is not shown (%q)", w.lastShown.title)
	}
	sels, checks := widgetsIn[*widget.Select](ov), widgetsIn[*widget.Check](ov)
	entries, buttons := widgetsIn[*dialogEntry](ov), widgetsIn[*widget.Button](ov)
	if len(sels) != 5 || len(checks) != 7 || len(entries) != 10 {
		t.Fatalf("the dialog has %d choices, %d checks, %d entries; want 5, 7, 10", len(sels), len(checks), len(entries))
	}
	d := &gameDialog{w: w, list: registered(t, w), sides: [2]*widget.Select{sels[0], sels[1]}, filter: sels[2], start: sels[3], impasse: sels[4],
		ponder: [2]*widget.Check{checks[0], checks[1]}, perSide: checks[2], unlimited: checks[3], timeOut: checks[4], beep: checks[5], shuffle: checks[6],
		main: [2]*dialogEntry{entries[0], entries[3]}, byoyomi: [2]*dialogEntry{entries[1], entries[4]},
		increment: [2]*dialogEntry{entries[2], entries[5]}, file: entries[6], maxMoves: entries[7], games: entries[8], saveDir: entries[9]}
	for _, b := range buttons {
		switch b.Text {
		case w.gameSetupText().Options:
			if d.options[0] == nil {
				d.options[0] = b
			} else {
				d.options[1] = b
			}
		case w.gameText().Swap:
			d.swap = b
		}
	}
	for _, l := range widgetsIn[*widget.Label](ov) {
		if l.Importance == widget.DangerImportance {
			d.errLabel = l
		}
	}
	if d.swap == nil || d.options[1] == nil || d.errLabel == nil {
		t.Fatal("the dialog lacks the swap button, an option button or its error line")
	}
	return d
}

// openGameDialog presses Ctrl+G and returns the dialog's controls.
func openGameDialog(t *testing.T, w *MainWindow, q *uiQueue) *gameDialog {
	t.Helper()
	pressShortcut(w, fyne.KeyG, fyne.KeyModifierShortcutDefault)
	waitUntil(t, q, "the 対局開始 dialog", func() bool { return dialogOpen(w) && w.lastShown.title == w.gameText().DialogTitle })
	return shownGameDialog(t, w)
}

// registered returns the window's engine list.
func registered(t *testing.T, w *MainWindow) []engine.Definition {
	t.Helper()
	reg, err := w.study.registry()
	if err != nil {
		t.Fatal(err)
	}
	return reg.List()
}

// setAll sets the dialog's controls to values none of which is a default.
func setAll(d *gameDialog, black, white string) {
	d.filter.SetSelected(d.w.gameSetupText().FilterAll)
	d.sides[0].SetSelected(black)
	d.sides[1].SetSelected(white)
	d.ponder[0].SetChecked(true)
	d.ponder[1].SetChecked(false)
	d.main[0].SetText("1:02:03")
	d.byoyomi[0].SetText("0")
	d.increment[0].SetText("2.5")
	d.perSide.SetChecked(true)
	d.main[1].SetText("0:05:00")
	d.byoyomi[1].SetText("7")
	d.increment[1].SetText("0")
	d.timeOut.SetChecked(false)
	d.beep.SetChecked(true)
	d.start.SetSelected("角落ち")
	d.maxMoves.SetText("123")
	d.impasse.SetSelected(d.w.gameSetupText().Impasse24)
	d.games.SetText("1")
	d.saveDir.SetText("/tmp/somewhere")
	d.shuffle.SetChecked(true)
	d.file.SetText("/tmp/openings.sfen")
}

// Every control of the dialog reaches the game's config: the engines and their ponder,
// each side's time, 切れ負け, the handicap, 最大手数, the 入玉 rule; swap exchanges the
// sides; the filter narrows the engines by tag.
func TestGameDialogControlsReachConfig(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	list := []engine.Definition{
		{ID: "a", Name: "Alpha", Tags: []string{engine.TagPlay}},
		{ID: "b", Name: "Beta", Tags: []string{engine.TagAnalysis}},
		{ID: "c", Name: "Gamma", Tags: []string{engine.TagPlay, engine.TagMate}},
	}
	d := newGameDialog(w, list, gameSetup{})
	if got := d.sides[0].Options; !reflect.DeepEqual(got, []string{w.gameText().Human, "Alpha", "Gamma"}) {
		t.Errorf("for play the dialog offers %q", got)
	}
	d.filter.SetSelected(w.gameSetupText().FilterAnalysis)
	if got := d.sides[1].Options; !reflect.DeepEqual(got, []string{w.gameText().Human, "Beta"}) {
		t.Errorf("for analysis the dialog offers %q", got)
	}
	if !d.options[0].Disabled() || !d.ponder[0].Disabled() {
		t.Error("a person's side has its engine option button or ponder enabled")
	}
	setAll(d, "Gamma", "Beta")
	if d.options[0].Disabled() || d.ponder[1].Disabled() {
		t.Error("an engine's option button or ponder is disabled")
	}
	g, err := d.read()
	if err != nil {
		t.Fatal(err)
	}
	defs := [2]*engine.Definition{d.engine(0), d.engine(1)}
	if defs[0] == nil || defs[0].ID != "c" || defs[1] == nil || defs[1].ID != "b" {
		t.Fatalf("the engines chosen are %v, %v", defs[0], defs[1])
	}
	cfg, names := g.runnerConfig(defs, board.NewStartPosition(), "you")
	if cfg.Seats[0].Engine.ID != "c" || !cfg.Seats[0].Ponder || cfg.Seats[1].Engine.ID != "b" || cfg.Seats[1].Ponder {
		t.Errorf("seats %+v", cfg.Seats)
	}
	if names != [2]string{"Gamma", "Beta"} {
		t.Errorf("names %q", names)
	}
	want := [2]game.TimeControl{{Main: time.Hour + 2*time.Minute + 3*time.Second, Increment: 2500 * time.Millisecond},
		{Main: 5 * time.Minute, Byoyomi: 7 * time.Second}}
	gc := cfg.Game
	if gc.Time != want {
		t.Errorf("time %+v, want %+v", gc.Time, want)
	}
	if gc.EngineLosesOnTime || gc.MaxMoves != 123 || gc.Impasse != game.Impasse24Rule {
		t.Errorf("loses on time %v, max moves %d, impasse %+v", gc.EngineLosesOnTime, gc.MaxMoves, gc.Impasse)
	}
	if gc.Start == nil || gc.Start.SFEN() != mustHandicap(t, "角落ち").SFEN || len(gc.Prior) != 0 {
		t.Errorf("the game starts from %v, want 角落ち", gc.Start)
	}

	// shared time, unlimited, 切れ負け on, the CSA rule, the board's position
	d.perSide.SetChecked(false)
	d.timeOut.SetChecked(true)
	d.impasse.SetSelected(w.gameSetupText().Impasse27)
	d.start.SetSelected(w.gameText().StartHere)
	g, _ = d.read()
	onBoard, _ := board.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b G 1")
	cfg, _ = g.runnerConfig(defs, onBoard, "you")
	if cfg.Game.Time != [2]game.TimeControl{want[0], want[0]} || !cfg.Game.EngineLosesOnTime ||
		cfg.Game.Impasse != board.CSAImpasseRule || cfg.Game.Start != onBoard {
		t.Errorf("shared: time %+v, loses on time %v, impasse %+v, start %v", cfg.Game.Time, cfg.Game.EngineLosesOnTime, cfg.Game.Impasse, cfg.Game.Start)
	}
	d.unlimited.SetChecked(true)
	g, _ = d.read()
	if cfg, _ = g.runnerConfig(defs, onBoard, "you"); cfg.Game.Time != [2]game.TimeControl{} {
		t.Errorf("unlimited: time %+v", cfg.Game.Time)
	}

	d.unlimited.SetChecked(false)
	d.perSide.SetChecked(true)
	before, _ := d.read()
	d.swap.OnTapped()
	if d.sides[0].Selected != "Beta" || d.sides[1].Selected != "Gamma" || d.ponder[0].Checked || !d.ponder[1].Checked {
		t.Errorf("after swap: %q (ponder %v), %q (ponder %v)", d.sides[0].Selected, d.ponder[0].Checked, d.sides[1].Selected, d.ponder[1].Checked)
	}
	if after, _ := d.read(); !reflect.DeepEqual(after, before.swapped()) || after.timeControls()[1] != want[0] {
		t.Errorf("after swap the setup is %+v, want %+v", after, before.swapped())
	}
	d.sides[0].SetSelected(w.gameText().Human)
	g, _ = d.read()
	if cfg, names = g.runnerConfig([2]*engine.Definition{d.engine(0), d.engine(1)}, nil, "you"); cfg.Seats[0].Engine != nil ||
		cfg.Seats[0].Human != "you" || names[0] != "you" {
		t.Errorf("a person's seat: %+v, %q", cfg.Seats[0], names[0])
	}
	// gpsshogi cannot ponder (it aborts on go ponder): its ponder is off and disabled
	gps := engine.Definition{ID: "g", Name: "gpsshogi", EngineName: "gpsshogi (smp) vm r3033", Author: "teamgps", Tags: []string{engine.TagPlay}}
	dg := newGameDialog(w, []engine.Definition{gps}, gameSetup{Players: [2]string{"gpsshogi", ""}, Ponder: [2]bool{true, false}})
	if dg.ponder[0].Checked || !dg.ponder[0].Disabled() || dg.options[0].Disabled() {
		t.Errorf("gpsshogi's ponder: ticked %v, enabled %v; options enabled %v", dg.ponder[0].Checked, !dg.ponder[0].Disabled(), !dg.options[0].Disabled())
	}
	// the engine that pondered gives way to a person: the tick goes, as a person does not ponder
	d.sides[1].SetSelected(w.gameText().Human)
	if d.ponder[1].Checked || !d.ponder[1].Disabled() {
		t.Errorf("a person's side shows ponder ticked (%v) or enabled (%v)", d.ponder[1].Checked, !d.ponder[1].Disabled())
	}

	for _, bad := range []struct {
		e    *dialogEntry
		text string
	}{{d.main[0], "1:75:00"}, {d.byoyomi[0], "-1"}, {d.maxMoves, "many"}, {d.games, "1.5"}} {
		old := bad.e.Text
		bad.e.SetText(bad.text)
		if _, err := d.read(); err == nil || !strings.Contains(err.Error(), bad.text) {
			t.Errorf("%q is taken (%v)", bad.text, err)
		}
		bad.e.SetText(old)
	}
}

func mustHandicap(t *testing.T, name string) kifu.Handicap {
	t.Helper()
	h, ok := kifu.HandicapByName(name)
	if !ok {
		t.Fatalf("no handicap %s", name)
	}
	return h
}

// Every handicap is offered and starts its game from its position; 平手 from the standard
// one. Started from the dialog against the bundled engine, 香落ち has the engine (上手,
// White) move first.
func TestGameDialogHandicapStart(t *testing.T) {
	w, q := gameWindow(t)
	d := newGameDialog(w, registered(t, w), gameSetup{})
	for _, h := range kifu.Handicaps {
		if !contains(d.start.Options, h.Name) {
			t.Errorf("%s is not offered", h.Name)
			continue
		}
		d.start.SetSelected(h.Name)
		g, err := d.read()
		if err != nil {
			t.Fatal(err)
		}
		cfg, _ := g.runnerConfig([2]*engine.Definition{}, board.NewStartPosition(), "you")
		start := cfg.Game.Start
		if start == nil {
			start = board.NewStartPosition()
		}
		if start.SFEN() != h.SFEN {
			t.Errorf("%s starts from %s", h.Name, start.SFEN())
		}
	}

	if d.players.Items[0].Text != w.gameSetupText().Shitate || d.players.Items[1].Text != w.gameSetupText().Uwate {
		t.Errorf("with 十枚落ち the sides are %q and %q", d.players.Items[0].Text, d.players.Items[1].Text)
	}
	d.start.SetSelected("平手")
	if d.players.Items[0].Text != w.gameText().Black {
		t.Errorf("with 平手 Black is %q", d.players.Items[0].Text)
	}

	d = openGameDialog(t, w, q)
	d.sides[0].SetSelected(w.gameText().Human)
	d.sides[1].SetSelected(engine.BundledName)
	d.main[0].SetText("0")
	d.byoyomi[0].SetText("1")
	d.start.SetSelected("香落ち")
	tapDialogButton(t, w, w.gameText().Start)
	if !w.Playing() {
		t.Fatalf("no game (%q: %q)", w.lastShown.title, w.lastShown.text)
	}
	waitUntil(t, q, "上手's first move", func() bool { return w.Session().MoveCount() == 1 })
	rec := w.Session().Record()
	if got := rec.Position(rec.Root).SFEN(); got != mustHandicap(t, "香落ち").SFEN {
		t.Errorf("the record starts from %s", got)
	}
	if w.Session().Position().SideToMove() != board.Black {
		t.Error("after 上手's move it is not 下手's turn")
	}
}

// writeStartFile writes lines into a file of start positions in a temp folder.
func writeStartFile(t *testing.T, lines ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "starts.sfen")
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

var startLines = []string{
	"# three openings",
	"position startpos moves 7g7f 3c3d",
	"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
	"",
	"startpos moves 2g2f 8c8d 2f2e",
}

// The file's start positions are used in its order, or shuffled (a permutation of the
// same positions, which differs from the file's order for some seeds); a bad line is an
// error naming the file and the line, shown in the dialog, and no game starts. The
// game starts from the file's first position with its moves already played.
func TestGameDialogStartFileOrderedAndShuffled(t *testing.T) {
	path := writeStartFile(t, startLines...)
	ordered, err := readStartPositions(path, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	key := func(o []board.Move, p *board.Position) string {
		s := p.SFEN()
		for _, m := range o {
			s += " " + m.USI()
		}
		return s
	}
	var want []string
	for _, o := range ordered {
		want = append(want, key(o.Moves, o.Start))
	}
	if len(want) != 3 || !strings.HasSuffix(want[0], "7g7f 3c3d") || !strings.HasSuffix(want[2], "2g2f 8c8d 2f2e") {
		t.Fatalf("in order: %q", want)
	}
	differs := false
	for seed := uint64(1); seed <= 20; seed++ {
		list, err := readStartPositions(path, true, rand.New(rand.NewPCG(seed, seed)))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, o := range list {
			got = append(got, key(o.Moves, o.Start))
		}
		if !sameSet(got, want) {
			t.Fatalf("shuffled %q is not a permutation of %q", got, want)
		}
		differs = differs || !reflect.DeepEqual(got, want)
	}
	if !differs {
		t.Error("20 shuffles all kept the file's order")
	}
	// a position the reader would take as given (19 pawns in hand) is none a game starts from
	extra := writeStartFile(t, startLines[0], "sfen 4k4/9/9/9/9/9/9/9/4K4 b 19P 1")
	if _, err := readStartPositions(extra, false, nil); err == nil || !strings.Contains(err.Error(), "line 2") || !strings.Contains(err.Error(), "more pieces") {
		t.Errorf("19 pawns in hand: %v", err)
	}

	w, q := gameWindow(t)
	bad := writeStartFile(t, startLines[1], startLines[2], "sfen this is not a position", startLines[4])
	d := humanAgainstBanmen(t, w, q, w.gameSetupText().StartFile)
	d.file.SetText(bad)
	tapDialogButton(t, w, w.gameText().Start)
	if w.Playing() || !strings.Contains(d.errLabel.Text, bad) || !strings.Contains(d.errLabel.Text, "line 3:") ||
		strings.Count(d.errLabel.Text, "line") != 1 {
		t.Fatalf("a bad line 3: playing %v, the dialog says %q", w.Playing(), d.errLabel.Text)
	}
	d.file.SetText("")
	tapDialogButton(t, w, w.gameText().Start)
	if w.Playing() || d.errLabel.Text != w.gameSetupText().NoStartFile {
		t.Fatalf("no file: playing %v, the dialog says %q", w.Playing(), d.errLabel.Text)
	}

	// 参照… asks the desktop's dialog for the file
	w.opts.Dialogs.(*fakeDialogs).open = path
	var browse []*widget.Button
	for _, b := range widgetsIn[*widget.Button](w.Window().Canvas().Overlays().Top()) {
		if b.Text == w.gameSetupText().Browse {
			browse = append(browse, b)
		}
	}
	if len(browse) != 2 {
		t.Fatalf("%d 参照… buttons, want one for the file and one for the folder", len(browse))
	}
	test.Tap(browse[0])
	if d.file.Text != path {
		t.Fatalf("参照… put %q in the file's entry, want %q", d.file.Text, path)
	}
	d.shuffle.SetChecked(false)
	tapDialogButton(t, w, w.gameText().Start)
	if !w.Playing() {
		t.Fatalf("no game (%q: %q; %q)", w.lastShown.title, w.lastShown.text, d.errLabel.Text)
	}
	// the first line: 7g7f 3c3d played, Black (the person) to move
	waitUntil(t, q, "the opening's moves in the record", func() bool { return w.Session().MoveCount() == 2 })
	if got := w.Session().Record().MainMoves(); got[0].USI() != "7g7f" || got[1].USI() != "3c3d" {
		t.Errorf("the game starts with %v", got)
	}
	if s := w.settings.gameSetup(""); !s.FromFile || s.StartFile != path || s.Shuffle {
		t.Errorf("the setup kept is %+v", s)
	}
}

func sameSet(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	count := map[string]int{}
	for _, x := range a {
		count[x]++
	}
	for _, x := range b {
		count[x]--
	}
	for _, n := range count {
		if n != 0 {
			return false
		}
	}
	return true
}

// gpsusiProbed is gpsusi (Debian's gpsshogi) as the registry keeps it after its probe.
func gpsusiProbed(t *testing.T) engine.Definition {
	t.Helper()
	path := testbin.DebianEngine(t, "gpsusi")
	home := t.TempDir()
	if err := os.Symlink("/usr/share/gpsshogi-data/data", filepath.Join(home, "data")); err != nil {
		t.Fatal(err)
	}
	d := engine.Definition{Name: "GPS", Path: path, Env: []string{"OSL_HOME=" + home}, TimeoutScale: 3,
		Tags: []string{engine.TagPlay}}
	ctx, cancel := context.WithTimeout(context.Background(), engineDeadline)
	defer cancel()
	res, err := engine.Probe(ctx, d)
	if err != nil {
		t.Fatal(err)
	}
	d.ApplyProbe(res.Name, res.Author, res.Options)
	return d
}

// An engine that cannot take a Fischer increment (gpsusi, known by its probe) gets a
// warning before the game starts, naming it; 戻る leaves the dialog as it was and no
// game starts. Without an increment, or on the other side of a byoyomi-only White, no
// warning is due.
func TestGameDialogFischerWarning(t *testing.T) {
	w, q := gameWindow(t)
	gps := gpsusiProbed(t)
	reg, err := w.study.registry()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := reg.Add(gps); err != nil {
		t.Fatal(err)
	}
	d := openGameDialog(t, w, q)
	st := w.gameSetupText()
	d.sides[0].SetSelected(engine.BundledName)
	d.sides[1].SetSelected("GPS")
	d.main[0].SetText("0:01:00")
	d.byoyomi[0].SetText("0")
	d.increment[0].SetText("1")
	tapDialogButton(t, w, w.gameText().Start)
	if w.lastShown.title != st.IncrementWarnTitle || !strings.Contains(w.lastShown.text, "GPS") ||
		strings.Contains(w.lastShown.text, engine.BundledName) {
		t.Fatalf("the warning is %q: %q", w.lastShown.title, w.lastShown.text)
	}
	if w.Playing() {
		t.Fatal("the game started before the warning was answered")
	}
	tapDialogButton(t, w, st.Back)
	if w.Playing() || !dialogOpen(w) || d.sides[1].Selected != "GPS" {
		t.Fatalf("after 戻る: playing %v, dialog open %v", w.Playing(), dialogOpen(w))
	}

	g, err := d.read()
	if err != nil {
		t.Fatal(err)
	}
	defs := [2]*engine.Definition{d.engine(0), d.engine(1)}
	if got := g.incrementRefused(defs); !reflect.DeepEqual(got, []string{"GPS"}) {
		t.Errorf("1 s increments: warned of %q, want GPS", got)
	}
	g.PerSide, g.WhiteMain, g.WhiteByoyomi = true, time.Minute, time.Second // GPS (White) on byoyomi
	if got := g.incrementRefused(defs); len(got) != 0 {
		t.Errorf("byoyomi for GPS: warned of %q", got)
	}
	g.PerSide, g.Increment = false, 0
	if got := g.incrementRefused(defs); len(got) != 0 {
		t.Errorf("no increment: warned of %q", got)
	}
}

// Every setting of the dialog is remembered: the next dialog shows them all.
func TestGameDialogRemembersEverySetting(t *testing.T) {
	w, q := gameWindow(t)
	d := openGameDialog(t, w, q)
	setAll(d, w.gameText().Human, w.gameText().Human) // two people: the game starts at once
	d.ponder[0].SetChecked(false)
	d.start.SetSelected("飛香落ち")
	want, err := d.read()
	if err != nil {
		t.Fatal(err)
	}
	tapDialogButton(t, w, w.gameText().Start)
	waitUntil(t, q, "the game", func() bool { return w.Playing() })
	if got := w.settings.gameSetup(""); !reflect.DeepEqual(got, want) {
		t.Errorf("kept %+v,\nwant %+v", got, want)
	}
	w.AbortGame()
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	w.lastShown.d.Hide()
	again := openGameDialog(t, w, q)
	got, err := again.read()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the dialog shows %+v,\nwant %+v", got, want)
	}
	if again.filter.Selected != w.gameSetupText().FilterPlay {
		t.Errorf("the filter is %q; two people need no other", again.filter.Selected)
	}
}

// parseHMS reads h:m:s, m:s and minutes, and refuses what is not a time.
func TestGameDialogTimeFormat(t *testing.T) {
	for in, want := range map[string]time.Duration{"": 0, "0": 0, "10": 10 * time.Minute, "1.5": 90 * time.Second,
		"2:30": 2*time.Minute + 30*time.Second, "1:00:05": time.Hour + 5*time.Second, " 0:10:00 ": 10 * time.Minute} {
		if got, err := parseHMS(in); err != nil || got != want {
			t.Errorf("parseHMS(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"1:60", "a:b", "1:2:3:4", "-5", "1::2"} {
		if _, err := parseHMS(in); err == nil {
			t.Errorf("parseHMS(%q) is taken", in)
		}
	}
	for _, d := range []time.Duration{0, 59 * time.Second, time.Hour + 2*time.Minute + 3*time.Second} {
		if got, err := parseHMS(formatHMS(d)); err != nil || got != d {
			t.Errorf("%v → %q → %v, %v", d, formatHMS(d), got, err)
		}
	}
}

// Each side's option button opens the option dialog of the engine chosen there; a
// person's side has none to open. Several games need two engines.
func TestGameDialogEngineOptions(t *testing.T) {
	w, q := gameWindow(t)
	d := openGameDialog(t, w, q)
	if d.sides[0].Selected != w.gameText().Human || !d.options[0].Disabled() || d.options[1].Disabled() {
		t.Fatalf("sides %q/%q, option buttons disabled %v/%v", d.sides[0].Selected, d.sides[1].Selected,
			d.options[0].Disabled(), d.options[1].Disabled())
	}
	under := w.Window().Canvas().Overlays().Top()
	test.Tap(d.options[1])
	top := w.Window().Canvas().Overlays().Top()
	if top == under {
		t.Fatal("オプション… opened nothing")
	}
	txt, _ := w.roomText()
	title := fmt.Sprintf(txt.OptionsTitleF, engine.BundledName)
	found := false
	for _, l := range widgetsIn[*widget.Label](top) {
		found = found || l.Text == title
	}
	if !found {
		t.Errorf("the dialog opened is not %q", title)
	}

	d.games.SetText("2")
	d.saveDir.SetText(t.TempDir())
	g, err := d.read()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.check(g, [2]*engine.Definition{d.engine(0), d.engine(1)}); err == nil || err.Error() != w.gameSetupText().GamesNeedEngines {
		t.Errorf("two games of a person against an engine: %v", err)
	}
	d.sides[0].SetSelected(engine.BundledName)
	d.saveDir.SetText("")
	g, _ = d.read()
	if _, err := d.check(g, [2]*engine.Definition{d.engine(0), d.engine(1)}); err == nil || err.Error() != w.gameSetupText().NeedSaveDir {
		t.Errorf("a series with no folder: %v", err)
	}
}

// A game from the board's position is refused, with the rules' reason, when that position is
// one the reader took as given (19 pawns in hand, pasted): no game starts.
func TestGameDialogRefusesAnUnplayableBoard(t *testing.T) {
	w, q := gameWindow(t)
	fyne.CurrentApp().Clipboard().SetContent("sfen 4k4/9/9/9/9/9/9/9/4K4 b 19P 1")
	w.Paste()
	if got := w.Session().Position().SFEN(); got != "4k4/9/9/9/9/9/9/9/4K4 b 19P 1" {
		t.Fatalf("pasted %s", got)
	}
	d := humanAgainstBanmen(t, w, q, w.gameText().StartHere)
	tapDialogButton(t, w, w.gameText().Start)
	if w.Playing() || d.errLabel.Text == "" {
		t.Fatalf("playing %v, the dialog says %q", w.Playing(), d.errLabel.Text)
	}
	if d.errLabel.Text != fmt.Sprintf(w.gameSetupText().BoardUnplayableF, "歩が駒の数（18枚）より多くあります") {
		t.Errorf("the dialog says %q", d.errLabel.Text)
	}
}

// humanAgainstBanmen opens the game dialog set for a person (sente) against the bundled engine
// at 1 s byoyomi, starting from start (a choice of the 開始局面 list).
func humanAgainstBanmen(t *testing.T, w *MainWindow, q *uiQueue, start string) *gameDialog {
	t.Helper()
	d := openGameDialog(t, w, q)
	d.sides[0].SetSelected(w.gameText().Human)
	d.sides[1].SetSelected(engine.BundledName)
	d.main[0].SetText("0")
	d.byoyomi[0].SetText("1")
	d.start.SetSelected(start)
	return d
}
