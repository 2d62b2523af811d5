package session

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"banmen/board"
	"banmen/kifu"
	"banmen/kifu/recordfile"
)

const (
	henka    = "../testdata/records/kifu-for-js__henka.kif"
	meijin   = "../testdata/records/kifu-for-js__meijinsen_20180508_M7_10034.kif"
	floodCSA = "../testdata/records/kifu-for-js__v2.csa"
)

func TestOpenReadsARecordWithItsFormatAndEncoding(t *testing.T) {
	for _, tc := range []struct {
		path  string
		f     kifu.Format
		enc   kifu.Encoding
		moves int
	}{
		{henka, kifu.KIF, kifu.ShiftJIS, 12},
		{meijin, kifu.KIF, kifu.ShiftJIS, 52},
		{floodCSA, kifu.CSA, kifu.UTF8, 196}, // plain ASCII reads as UTF-8
	} {
		s := New()
		ch := watch(s)
		if err := s.Open(tc.path); err != nil {
			t.Fatal(err)
		}
		if s.Path() != tc.path || s.Format() != tc.f || s.Encoding() != tc.enc || s.Dirty() {
			t.Errorf("%s: path %q format %v encoding %v dirty %v", tc.path, s.Path(), s.Format(), s.Encoding(), s.Dirty())
		}
		if got := s.MoveCount(); got != tc.moves {
			t.Errorf("%s: %d moves, want %d", tc.path, got, tc.moves)
		}
		if s.Ply() != 0 || ch.last()&ChangedRecord == 0 {
			t.Errorf("%s: ply %d after opening, changes %b", tc.path, s.Ply(), ch.last())
		}
	}
}

func TestOpenFailureNamesFileAndLineAndChangesNothing(t *testing.T) {
	s := New()
	play(t, s, "7g7f")
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.kif")
	// A record whose third move (line 5) moves a silver from 8h, where the bishop stands.
	text := "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７七銀(88)\n"
	if err := os.WriteFile(bad, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{bad, "line 5"},
		{filepath.Join(dir, "missing.kif"), "no such file"},
	} {
		err := s.Open(tc.path)
		if err == nil {
			t.Fatalf("%s opened", tc.path)
		}
		if !strings.Contains(err.Error(), tc.path) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("the error %q does not name the file and %q", err, tc.want)
		}
		if s.Path() != "" || s.MoveCount() != 1 || !s.Dirty() || s.Ply() != 1 {
			t.Errorf("after a failed open the session changed: %v", s)
		}
	}
}

// A record whose last move is illegal, with nothing saying the game was lost by it, opens
// up to the move before, with a warning that names the line and the move.
func TestOpenIllegalLastMoveKeepsTheMovesBefore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "intocheck.kif")
	text := "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ９四歩(93)\n   5 ７七玉(68)\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	rec, _, _, err := recordfile.ReadFile(path)
	if err != nil {
		t.Fatalf("open: %v", err)
	}
	if n := len(rec.MainMoves()); n != 4 {
		t.Errorf("%d moves, want the 4 before the illegal one", n)
	}
	if len(rec.Warnings) != 1 || rec.Warnings[0].Line != 7 || !strings.Contains(rec.Warnings[0].Msg, "７七玉(68)") {
		t.Errorf("warnings %v, want one naming line 7 and the move", rec.Warnings)
	}
	// pasted, the same
	rec, _, err = recordfile.ParseText("position startpos moves 7g7f 3c3d 5i6h 9c9d 6h7g")
	if err != nil || len(rec.MainMoves()) != 4 || len(rec.Warnings) != 1 || !strings.Contains(rec.Warnings[0].Msg, "6h7g") {
		t.Errorf("paste: %v, %v", rec, err)
	}
}

func TestPasteReadsAnyFormat(t *testing.T) {
	kif, _ := os.ReadFile(henka)
	kifText, _ := kifu.Decode(kif)
	for _, tc := range []struct {
		name, text string
		moves      int
		sfen       string
	}{
		{"sfen", "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2", 0, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2"},
		{"usi", "position startpos moves 7g7f 3c3d", 2, ""},
		{"kif", kifText, 12, ""},
		{"csa", "V2.2\nPI\n+\n+7776FU\n-3334FU\n%TORYO\n", 2, ""},
	} {
		s := New()
		if err := s.Paste(tc.text); err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if s.MoveCount() != tc.moves || s.Path() != "" || !s.Dirty() {
			t.Errorf("%s: %d moves, path %q, dirty %v", tc.name, s.MoveCount(), s.Path(), s.Dirty())
		}
		if tc.sfen != "" && s.Position().SFEN() != tc.sfen {
			t.Errorf("%s: position %s", tc.name, s.Position().SFEN())
		}
	}
	s := New()
	if err := s.Paste("hello, world"); err == nil {
		t.Error("pasting prose was read as a record")
	}
	if s.Dirty() {
		t.Error("a failed paste changed the session")
	}
}

func TestSaveAsInEveryFormatReadsBack(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"g.kif", "g.kifu", "g.ki2", "g.ki2u", "g.csa", "g.jkf"} {
		for _, utf8Always := range []bool{false, true} {
			s := New()
			if err := s.Open(henka); err != nil {
				t.Fatal(err)
			}
			s.SetComment("開始局面のコメント（書き換え）")
			f, enc, err := recordfile.FormatForPath(name, utf8Always)
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, name)
			if err := s.SaveAs(path, f, enc); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if s.Dirty() || s.Path() != path || s.Format() != f || s.Encoding() != enc {
				t.Errorf("%s: after SaveAs dirty %v path %q format %v enc %v", name, s.Dirty(), s.Path(), s.Format(), s.Encoding())
			}
			data, _ := os.ReadFile(path)
			if f == kifu.CSA && (!bytes.Contains(data, []byte("V2.2\n")) && !bytes.Contains(data, []byte("V2.2\r\n")) ||
				bytes.Contains(data, []byte("V3.0"))) {
				// Kifu for JS reads no CSA V3.0; the record's times are whole seconds
				t.Errorf("%s (%v): CSA written as %q…, want V2.2", name, enc, data[:min(len(data), 30)])
			}
			if isUTF8 := utf8.Valid(data); isUTF8 != (enc == kifu.UTF8) {
				t.Errorf("%s (utf8Always %v): the file is valid UTF-8: %v, want encoding %v", name, utf8Always, isUTF8, enc)
			}
			back := New()
			if err := back.Open(path); err != nil {
				t.Fatalf("%s reads back: %v", name, err)
			}
			if got, want := back.Record().MainMoves(), s.Record().MainMoves(); !slices.Equal(got, want) {
				t.Errorf("%s: main line %d moves, want %d", name, len(got), len(want))
			}
			if back.Comment() != "開始局面のコメント（書き換え）" {
				t.Errorf("%s: the first comment reads back as %q", name, back.Comment())
			}
			if back.Encoding() != enc {
				t.Errorf("%s: reads back as %v, written as %v", name, back.Encoding(), enc)
			}
		}
	}
}

func TestSaveRefusesWhatShiftJISCannotHold(t *testing.T) {
	s := New()
	play(t, s, "7g7f")
	s.SetComment("first line\nan emoji 😀 here")
	path := filepath.Join(t.TempDir(), "g.kif")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	err := s.SaveAs(path, kifu.KIF, kifu.ShiftJIS)
	if err == nil {
		t.Fatal("an emoji was written in Shift_JIS")
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "line") {
		t.Errorf("the error %q does not name the file and the line", err)
	}
	if data, _ := os.ReadFile(path); string(data) != "old" {
		t.Errorf("the old file was changed to %q", data)
	}
	if !s.Dirty() || s.Path() != "" {
		t.Error("a failed save marked the record saved")
	}
	if err := s.SaveAs(path, kifu.KIF, kifu.UTF8); err != nil {
		t.Fatalf("the same record in UTF-8: %v", err)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("saving over a file changed its permissions to %v", fi.Mode().Perm())
	}
}

func TestSaveWritesBackInTheFilesFormat(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "h.kif")
	data, _ := os.ReadFile(henka)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s := New()
	if err := s.Open(path); err != nil {
		t.Fatal(err)
	}
	s.Last()
	s.Back()
	play(t, s, "1g1f") // a variation at the last move
	if err := s.Save(); err != nil {
		t.Fatal(err)
	}
	out, _ := os.ReadFile(path)
	if utf8.Valid(out) {
		t.Error("a Shift_JIS file was saved back as UTF-8")
	}
	back := New()
	if err := back.Open(path); err != nil {
		t.Fatal(err)
	}
	found := false
	back.Record().Root.Walk(func(n *kifu.Node) bool {
		found = found || (n.Move != board.NoMove && n.Move.USI() == "1g1f")
		return true
	})
	if !found {
		t.Error("the variation played was not saved")
	}
	if err := New().Save(); err == nil {
		t.Error("Save of a record without a file succeeded")
	}
}

func TestAutosaveKeepsUnsavedWorkAndOffersItBack(t *testing.T) {
	dir := t.TempDir()
	a := NewAutosaver(dir)
	s := New()
	if err := s.Open(henka); err != nil {
		t.Fatal(err)
	}
	a.Submit(s) // not dirty: nothing to keep
	if err := a.Flush(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("a saved record was autosaved: %d files", len(entries))
	}
	s.Last()
	s.Back()
	play(t, s, "1g1f")
	for range 20 { // many quick submissions: the last one wins
		a.Submit(s)
	}
	if err := a.Flush(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	// As another Banmen that started after this one crashed would see it:
	found := FindAutosaved(dir, func(pid int) bool { return false })
	if len(found) != 0 {
		t.Fatal("FindAutosaved offers this process's own copy")
	}
	a.Clear()
	if err := a.Flush(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Fatalf("Clear left %d files", len(entries))
	}
	a.id = "999999999" // pretend the copy is another, dead process's
	a.Submit(s)
	if err := a.Flush(5 * time.Second); err != nil {
		t.Fatal(err)
	}
	if alive := FindAutosaved(dir, func(pid int) bool { return true }); len(alive) != 0 {
		t.Error("the copy of a running Banmen is offered")
	}
	found = FindAutosaved(dir, func(pid int) bool { return false })
	if len(found) != 1 || found[0].Err != nil {
		t.Fatalf("found %d copies (%v)", len(found), found)
	}
	as := found[0]
	if as.Meta.Path != henka || as.Meta.Format != "kif" || as.Meta.Moves != 12 {
		t.Errorf("meta %+v", as.Meta)
	}
	r := New()
	as.RestoreInto(r)
	if !r.Dirty() || r.Path() != henka || r.Format() != kifu.KIF || r.Encoding() != kifu.ShiftJIS {
		t.Errorf("restored: dirty %v path %q format %v enc %v", r.Dirty(), r.Path(), r.Format(), r.Encoding())
	}
	var moves []string
	r.Record().Root.Walk(func(n *kifu.Node) bool {
		if n.Move != board.NoMove {
			moves = append(moves, n.Move.USI())
		}
		return true
	})
	if !slices.Contains(moves, "1g1f") {
		t.Error("the restored record lacks the move played after opening")
	}
	if err := as.Discard(); err != nil {
		t.Fatal(err)
	}
	if left := FindAutosaved(dir, func(int) bool { return false }); len(left) != 0 {
		t.Error("Discard left the copy")
	}
	// Clear removes this process's copy.
	a.Submit(s)
	a.Clear()
	a.Close()
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("after Clear and Close %d files remain", len(entries))
	}
}

// Save keeps the line ends of the file read: a Shift_JIS KIF with LF stays LF (SaveAs would
// write CRLF), a UTF-8 one with CRLF stays CRLF; SaveAs writes the usual ones, which a later
// Save keeps.
func TestSaveKeepsTheFilesLineEnds(t *testing.T) {
	data, err := os.ReadFile(henka)
	if err != nil {
		t.Fatal(err)
	}
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	crlf := bytes.ReplaceAll(lf, []byte("\n"), []byte("\r\n"))
	text, _ := kifu.Decode(lf)
	utf8CRLF := bytes.ReplaceAll([]byte(text), []byte("\n"), []byte("\r\n"))
	dir := t.TempDir()
	for _, tt := range []struct {
		name     string
		data     []byte
		wantCRLF bool
	}{{"lf.kif", lf, false}, {"crlf.kif", crlf, true}, {"crlf.kifu", utf8CRLF, true}} {
		path := filepath.Join(dir, tt.name)
		if err := os.WriteFile(path, tt.data, 0o644); err != nil {
			t.Fatal(err)
		}
		s := New()
		if err := s.Open(path); err != nil {
			t.Fatal(err)
		}
		play(t, s, "1g1f")
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
		out, _ := os.ReadFile(path)
		if got := bytes.Contains(out, []byte("\r\n")); got != tt.wantCRLF || bytes.Count(out, []byte("\n")) < 10 {
			t.Errorf("%s: saved back with CRLF %v, want %v", tt.name, got, tt.wantCRLF)
		}
		if !tt.wantCRLF && bytes.Contains(out, []byte("\r")) {
			t.Errorf("%s: saved back with a CR", tt.name)
		}
		// SaveAs writes Shift_JIS with CRLF; Save then keeps that
		other := filepath.Join(dir, "as-"+tt.name)
		if err := s.SaveAs(other, kifu.KIF, kifu.ShiftJIS); err != nil {
			t.Fatal(err)
		}
		play(t, s, "9c9d")
		if err := s.Save(); err != nil {
			t.Fatal(err)
		}
		out, _ = os.ReadFile(other)
		if bytes.Count(out, []byte("\r\n")) != bytes.Count(out, []byte("\n")) {
			t.Errorf("%s: SaveAs then Save did not write CRLF throughout", tt.name)
		}
	}
}

// A copy that cannot be written is told (OnFailure) once, not at every change while it keeps
// failing, and again after a copy was written in between.
func TestAutosaveTellsOfAFailureOnce(t *testing.T) {
	root := t.TempDir()
	blocker := filepath.Join(root, "data")
	if err := os.WriteFile(blocker, nil, 0o644); err != nil { // a file where the folder goes
		t.Fatal(err)
	}
	dir := filepath.Join(blocker, "autosave")
	a := NewAutosaver(dir)
	defer a.Close()
	var told []error
	var mu sync.Mutex
	a.OnFailure(func(err error) { mu.Lock(); told = append(told, err); mu.Unlock() })
	count := func() int { mu.Lock(); defer mu.Unlock(); return len(told) }
	s := New()
	play(t, s, "7g7f")
	for i := range 3 {
		a.Submit(s)
		if err := a.Flush(5 * time.Second); err == nil {
			t.Fatalf("write %d into %s succeeded", i, dir)
		}
	}
	if count() != 1 || !strings.Contains(told[0].Error(), "data") {
		t.Fatalf("three failed writes told %v", told)
	}
	// the folder can be made: written, nothing told
	if err := os.Remove(blocker); err != nil {
		t.Fatal(err)
	}
	a.Submit(s)
	if err := a.Flush(5 * time.Second); err != nil || count() != 1 {
		t.Fatalf("a write that went well: %v, told %d times", err, count())
	}
	// a new failure is told again
	if err := os.RemoveAll(dir); err != nil || os.MkdirAll(filepath.Join(dir, "autosave-"+strconv.Itoa(os.Getpid())+".kifu", "x"), 0o755) != nil {
		t.Fatal("can't block the copy's file")
	}
	a.Submit(s)
	if err := a.Flush(5 * time.Second); err == nil || count() != 2 {
		t.Fatalf("a write failing again: %v, told %d times", err, count())
	}
}
