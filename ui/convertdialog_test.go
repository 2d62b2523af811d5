package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"banmen/kifu"
)

// convertFolder makes a folder of real records, one in a subfolder, and a KIF that cannot
// be read.
func convertFolder(t *testing.T) string {
	t.Helper()
	in := filepath.Join(t.TempDir(), "records")
	for name, src := range map[string]string{
		"henka.kif":        "testdata/records/kifu-for-js__henka.kif",
		"flood.csa":        "testdata/records/kifu-for-js__v2.csa",
		"sub/b.ki2":        "../kifu/testdata/ki2/shogihome__encoding__sjis.ki2",
		"broken.kif":       "testdata/evalgraph_light.png",
		"not-a-record.png": "testdata/evalgraph_light.png",
	} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(in, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return in
}

// ファイル → 棋譜の一括変換: a folder converted to CSA through the dialog, as a user does it;
// the summary names the file skipped and what CSA could not hold; the dialog remembers its
// choices; the same folder into one USI file.
func TestConvertDialogConvertsAFolder(t *testing.T) {
	in := convertFolder(t)
	out := filepath.Join(t.TempDir(), "converted")
	w, d := windowUnderTest(t, windowOpts{})
	q := &uiQueue{}
	w.study.do = q.post
	ct := w.convertText()
	if menuItemNamed(w, ct.Menu) == nil {
		t.Fatalf("no %q in the menus", ct.Menu)
	}
	type controls struct {
		in, out, one *dialogEntry
		format       *widget.Select
		output       *widget.RadioGroup
		sub          *widget.Check
	}
	open := func() controls {
		t.Helper()
		menuItemNamed(w, ct.Menu).Action()
		top := w.Window().Canvas().Overlays().Top()
		if top == nil || w.lastShown.title != ct.Title {
			t.Fatal("the conversion dialog did not open")
		}
		e := widgetsIn[*dialogEntry](top)
		s := widgetsIn[*widget.Select](top)
		r := widgetsIn[*widget.RadioGroup](top)
		c := widgetsIn[*widget.Check](top)
		if len(e) != 3 || len(s) != 2 || len(r) != 1 || len(c) != 6 {
			t.Fatalf("%d entries, %d selects, %d radio groups, %d checks; want 3, 2, 1, 6", len(e), len(s), len(r), len(c))
		}
		return controls{e[0], e[1], e[2], s[0], r[0], c[0]}
	}
	c := open()
	// nothing to convert from: said in the dialog, which stays
	c.in.SetText("")
	tapDialogButton(t, w, ct.Start)
	if !dialogOpen(w) || !strings.Contains(labelsText(w.Window().Canvas().Overlays().Top()), ct.NoSource) {
		t.Fatal("an empty source folder was not refused in the dialog")
	}
	c.in.SetText(in)
	c.out.SetText(out)
	c.format.SetSelected(convertFormatChoices(false)[4]) // .csa
	if !c.one.Disabled() || c.out.Disabled() {
		t.Error("into a folder: the one file's entry is enabled, or the folder's disabled")
	}
	tapDialogButton(t, w, ct.Start)
	waitUntil(t, q, "the summary", func() bool { return w.lastShown.title == ct.Title && w.lastShown.text != "" })
	sum := w.lastShown.text
	for _, want := range []string{"3 / 4", out, "broken.kif", "henka.kif", ct.LossVariations} {
		if !strings.Contains(sum, want) {
			t.Errorf("the summary does not say %q:\n%s", want, sum)
		}
	}
	for _, name := range []string{"henka.csa", "flood.csa", "sub/b.csa"} {
		rec, err := kifu.ReadFile(filepath.Join(out, filepath.FromSlash(name)))
		if err != nil {
			t.Errorf("%s: %v", name, err)
		} else if len(rec.MainMoves()) == 0 {
			t.Errorf("%s has no moves", name)
		}
	}
	if _, err := os.Stat(filepath.Join(out, "broken.csa")); err == nil {
		t.Error("the broken record was written")
	}
	tapDialogButton(t, w, w.msg.Close)

	c = open()
	if c.in.Text != in || c.out.Text != out || c.format.SelectedIndex() != 4 || !c.sub.Checked {
		t.Errorf("the dialog offers %q %q %d %v", c.in.Text, c.out.Text, c.format.SelectedIndex(), c.sub.Checked)
	}
	one := filepath.Join(t.TempDir(), "all.usi")
	c.output.SetSelected(ct.ToOneFile)
	if c.one.Disabled() || !c.out.Disabled() || !c.format.Disabled() {
		t.Error("into one file: its entry is disabled, or the folder's enabled")
	}
	// 参照… suggests a file named for the folder, in it
	d.save = one
	test.Tap(buttonIn(w.Window().Canvas().Overlays().Top(), w.analysisText().Browse))
	q.drain()
	if want := filepath.Join(in, "records.usi"); d.lastSaveSuggests != want || c.one.Text != one {
		t.Errorf("参照… suggested %q (want %q) and gave %q", d.lastSaveSuggests, want, c.one.Text)
	}
	tapDialogButton(t, w, ct.Start)
	waitUntil(t, q, "the summary", func() bool { return w.lastShown.title == ct.Title && w.lastShown.text != "" })
	data, err := os.ReadFile(one)
	if err != nil {
		t.Fatalf("%v (summary %q)", err, w.lastShown.text)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines in the one file, want 3:\n%s", len(lines), data)
	}
	for _, l := range lines {
		if _, err := kifu.ParseUSI(l); err != nil || !strings.HasPrefix(l, "position ") {
			t.Errorf("%q: %v", l, err)
		}
	}
	if !strings.Contains(w.lastShown.text, one) {
		t.Errorf("the summary does not name %s: %q", one, w.lastShown.text)
	}
	tapDialogButton(t, w, w.msg.Close)
	if c = open(); c.output.Selected != ct.ToOneFile || c.one.Text != one {
		t.Errorf("the dialog forgot the one file: %q %q", c.output.Selected, c.one.Text)
	}
	test.Tap(buttonIn(w.Window().Canvas().Overlays().Top(), ct.Cancel))
	if dialogOpen(w) {
		t.Error("キャンセル left the dialog open")
	}
}

// menuItemNamed finds the menu item with this label in the window's menus.
func menuItemNamed(w *MainWindow, label string) *fyne.MenuItem {
	for _, it := range menuItems(w.Window().MainMenu()) {
		if it.Label == label {
			return it
		}
	}
	return nil
}

// mustMenuItem is menuItemNamed for an item the test needs: none fails it.
func mustMenuItem(t *testing.T, w *MainWindow, label string) *fyne.MenuItem {
	t.Helper()
	it := menuItemNamed(w, label)
	if it == nil {
		t.Fatalf("no %q in the menus", label)
	}
	return it
}

// labelsText is the text of every label in o, one per line.
func labelsText(o fyne.CanvasObject) string {
	var texts []string
	for _, l := range widgetsIn[*widget.Label](o) {
		texts = append(texts, l.Text)
	}
	return strings.Join(texts, "\n")
}
