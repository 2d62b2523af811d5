package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"banmen/kifu"
	"banmen/kifu/recordfile"
)

// accordionIn finds an accordion among o's descendants.
func accordionIn(o fyne.CanvasObject) *widget.Accordion {
	switch x := o.(type) {
	case *widget.Accordion:
		return x
	case *fyne.Container:
		for _, c := range x.Objects {
			if a := accordionIn(c); a != nil {
				return a
			}
		}
		return nil
	}
	if wd, ok := o.(fyne.Widget); ok {
		for _, c := range test.WidgetRenderer(wd).Objects() {
			if a := accordionIn(c); a != nil {
				return a
			}
		}
	}
	return nil
}

func TestWindowReadErrorIsShortAndFitsTheWindow(t *testing.T) {
	dir := t.TempDir()
	noise := make([]byte, 6000)
	for i := range noise {
		noise[i] = byte(i*131%251 + 1)
	}
	longLine := "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７七" + strings.Repeat("銀", 3000) + "(88)\n   4 ３四歩(33)\n"
	for _, tc := range []struct {
		name, lang string
		data       []byte
		want       []string // in the short message
	}{
		{"image.kif", "ja_JP.UTF-8", noise, []string{"image.kif", "文字ではないデータ"}},
		{"long.kif", "ja_JP.UTF-8", []byte(longLine), []string{"long.kif", "5 行目"}},
		{"prose.txt", "en_US.UTF-8", []byte("just some words\nand more\n"), []string{"prose.txt", "not a record or position in any known format"}},
		{"prose.kif", "en_US.UTF-8", []byte("just some words\nand more\n"), []string{"prose.kif", "line 1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w, _ := windowUnderTest(t, windowOpts{lang: tc.lang})
			w.Window().Resize(fyne.NewSize(800, 600))
			path := filepath.Join(dir, tc.name)
			if err := os.WriteFile(path, tc.data, 0o644); err != nil {
				t.Fatal(err)
			}
			w.OpenFile(path)
			if !dialogOpen(w) || w.lastShown.title != w.msg.ReadErrorTitle {
				t.Fatalf("no read error shown; last dialog %q", w.lastShown.title)
			}
			text := w.lastShown.text
			if n := utf8.RuneCountInString(text); n > 300 {
				t.Errorf("the message is %d characters long: %.100q…", n, text)
			}
			for _, s := range tc.want {
				if !strings.Contains(text, s) {
					t.Errorf("the message %q lacks %q", text, s)
				}
			}
			if !strings.Contains(w.lastDetail, path) {
				t.Errorf("the detail %.200q does not name the file", w.lastDetail)
			}
			ov := w.Window().Canvas().Overlays().Top()
			acc := accordionIn(ov)
			if acc == nil || len(acc.Items) != 1 || acc.Items[0].Title != w.msg.Details || acc.Items[0].Open {
				t.Fatalf("no folded %q section in the dialog", w.msg.Details)
			}
			for _, open := range []bool{false, true} {
				if open {
					acc.Open(0)
				}
				canvas := w.Window().Canvas().Size()
				if ms := ov.MinSize(); ms.Width > canvas.Width || ms.Height > canvas.Height {
					t.Errorf("details open %v: the dialog needs %v in a window of %v", open, ms, canvas)
				}
				b := dialogButtonIn(ov, w.msg.Close)
				if b == nil {
					t.Fatal("the dialog has no close button")
				}
				at := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
				if at.X < 0 || at.Y < 0 || at.X+b.Size().Width > canvas.Width || at.Y+b.Size().Height > canvas.Height {
					t.Errorf("details open %v: the close button at %v (%v) is outside the window %v", open, at, b.Size(), canvas)
				}
			}
			tapDialogButton(t, w, w.msg.Close)
			if dialogOpen(w) {
				t.Error("閉じる did not close the dialog")
			}
		})
	}
}

// A folder, or an empty path (banmen ""), given to open is named and the reason said in the
// interface's words: they showed "read …: is a directory" and ". could not be read".
func TestWindowOpenSaysAFolderAndAnEmptyPath(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		path string
		want []string
	}{
		{dir, []string{filepath.Base(dir), "folder, not a file"}},
		{"", []string{`"" could not be read`, "does not exist"}},
		// a file larger than any record: refused unread, in the interface's words
		{bigFile(t), []string{"film.kif", "too large to be a record", "64 MB"}},
	} {
		w, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
		w.OpenFile(tc.path)
		if !dialogOpen(w) || w.lastShown.title != w.msg.ReadErrorTitle {
			t.Fatalf("%q: no read error shown; last dialog %q", tc.path, w.lastShown.title)
		}
		for _, s := range tc.want {
			if !strings.Contains(w.lastShown.text, s) {
				t.Errorf("%q: the message %q lacks %q", tc.path, w.lastShown.text, s)
			}
		}
	}
}

// A record readable only in part (Kifu-for-JS's fork-test.kif: line 18 moves the opponent's
// piece) is refused with its line named, and the moves before that line are offered: closed,
// the window is as it was; opened, they are a new record with no file, so that saving asks for
// a name and the file stays as it was.
func TestWindowOpensWhatWasReadOfABrokenRecord(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	dir := t.TempDir()
	path := filepath.Join(dir, "fork-test.kif")
	data, err := os.ReadFile("testdata/records/kifu-for-js__fork-test.kif")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	openRecord(t, w, henkaKIF)
	w.Session().GoTo(3)
	w.OpenFile(path)
	if !dialogOpen(w) || w.lastShown.title != w.msg.ReadErrorTitle {
		t.Fatalf("no read error shown; last dialog %q", w.lastShown.title)
	}
	for _, s := range []string{"fork-test.kif", "18 行目", "読めた7手", "反則手 \"４二銀(31)\": ３一 の駒は後手の駒ですが、手番は先手です"} {
		if !strings.Contains(w.lastShown.text, s) {
			t.Errorf("the message %q lacks %q", w.lastShown.text, s)
		}
	}
	tapDialogButton(t, w, w.msg.Close)
	if dialogOpen(w) || w.Session().Path() != henkaKIF || w.Session().Ply() != 3 {
		t.Fatalf("closing the offer changed the window: %v", w.Session())
	}

	w.OpenFile(path)
	tapDialogButton(t, w, w.msg.OpenPartial)
	s := w.Session()
	if s.Path() != "" || len(s.Record().MainMoves()) != 3 || len(s.Record().Root.Next().Children()) != 2 {
		t.Fatalf("after opening what was read: path %q, record %v", s.Path(), s.Record())
	}
	if !strings.Contains(w.status.Text, "fork-test.kif") || !strings.Contains(w.status.Text, "18") {
		t.Errorf("the status %q does not say what was opened", w.status.Text)
	}
	if !w.savesAs() {
		t.Error("Ctrl+S would write over the file it was read from")
	}
	d.save = filepath.Join(dir, "kept.kif")
	w.Save(nil)
	if after, _ := os.ReadFile(path); string(after) != string(data) {
		t.Error("the file read in part was changed")
	}
	rec, _, _, err := recordfile.ReadFile(d.save)
	if err != nil || w.Session().Path() != d.save {
		t.Fatalf("saved as %s: %v (session path %q)", d.save, err, w.Session().Path())
	}
	n := 0
	rec.Root.Walk(func(*kifu.Node) bool { n++; return true })
	if n != 8 {
		t.Errorf("the saved record has %d nodes, want the root and the 7 moves read", n)
	}
}

// What the reader worked around in pasted text is told as for a file opened: a position with
// more pieces than a set has (a composed problem's) is read as given, and the status says so.
func TestWindowPasteTellsTheWarnings(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	fyne.CurrentApp().Clipboard().SetContent("sfen 4k4/9/9/9/9/9/9/9/4K4 b 19P 1")
	w.Paste()
	if got := w.Session().Position().SFEN(); got != "4k4/9/9/9/9/9/9/9/4K4 b 19P 1" {
		t.Fatalf("pasted position %s", got)
	}
	for _, s := range []string{w.msg.PastedText, "駒が一組より多いですが、そのまま読みました"} { // in the window's language
		if !strings.Contains(w.status.Text, s) {
			t.Errorf("the status %q lacks %q", w.status.Text, s)
		}
	}
}

// bigFile makes a sparse file of 300 MB named film.kif.
func bigFile(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "film.kif")
	if err := os.WriteFile(path, nil, 0o644); err != nil || os.Truncate(path, 300<<20) != nil {
		t.Fatal("can't make a sparse file")
	}
	return path
}

// A folder's summary says why a record was skipped in the interface's words where it can,
// with the line the reader stopped at, not the whole error with the path it names already;
// any other error (an engine's) whole.
func TestSkipReason(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	dir := t.TempDir()
	film := bigFile(t)
	passwd := filepath.Join(dir, "passwd.kif")
	if err := os.WriteFile(passwd, []byte("root:x:0:0:root:/root:/bin/bash\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	junkCSA := filepath.Join(dir, "junk.csa")
	if err := os.WriteFile(junkCSA, []byte("hello\nworld\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	read := func(p string) error {
		_, _, _, err := recordfile.ReadFile(p)
		return err
	}
	engineErr := errors.New("analysis: Banmen failed: exit status 2\nstderr: panic")
	for _, tc := range []struct {
		err  error
		want string
	}{
		{read(film), fmt.Sprintf(w.msg.TooLargeF, 64)},
		{read(passwd), "1 行目: KIF・KI2 の棋譜として読める行がありません。"},
		{read(filepath.Join(dir, "none.kif")), w.msg.NoSuchFile},
		{read(junkCSA), `1 行目: CSA の棋譜として読める行がありません。（最初の行: "hello"）`},
		{engineErr, engineErr.Error()},
	} {
		if got := w.skipReason(tc.err); !strings.HasPrefix(got, tc.want) || strings.Contains(got, dir) {
			t.Errorf("skipReason(%v) = %q, want %q", tc.err, got, tc.want)
		}
	}
}

// A record that cannot be saved says why in the interface's words where the reason is a
// common one: a header with a line break (a JKF's) for KIF, no permission, a full disk.
func TestWriteErrorReason(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	dir := t.TempDir()
	jkf := filepath.Join(dir, "game.jkf")
	if err := os.WriteFile(jkf, []byte(`{"header":{"棋戦":"第76期\n名人戦"},"moves":[{},{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":6},"color":0,"piece":"FU"}}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	w.OpenFile(jkf)
	if w.Session().Path() != jkf {
		t.Fatalf("game.jkf was not opened: %q", w.lastShown.text)
	}
	d.save = filepath.Join(dir, "game.kif")
	w.SaveAs(nil)
	if want := "対局情報の「棋戦」に改行があり、KIF には書けません。改行を除くか、JKF で保存してください。"; w.lastShown.title != w.msg.Error || !strings.Contains(w.lastShown.text, want) {
		t.Errorf("saving as KIF: %q %q, want %q", w.lastShown.title, w.lastShown.text, want)
	}
	if _, err := os.Stat(d.save); err == nil {
		t.Error("game.kif was written")
	}
	for err, want := range map[error]string{
		&fs.PathError{Op: "open", Path: "/x/game.kif", Err: syscall.EACCES}:                                  w.msg.NoPermission,
		fmt.Errorf("writing game.kif: %w", &fs.PathError{Op: "write", Path: "/x/.tmp", Err: syscall.ENOSPC}): w.msg.DiskFull,
		errors.New("something else\nand more"):                                                               "something else",
	} {
		if got := w.writeErrorReason(err); got != want {
			t.Errorf("writeErrorReason(%v) = %q, want %q", err, got, want)
		}
	}
}
