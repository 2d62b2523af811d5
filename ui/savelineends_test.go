package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestWindowSaveKeepsTheFilesLineEnds is issue 15's "saving keeps the file's line endings
// (a KIF read with LF was written back with CRLF)" through the window, as 上書き保存 (Ctrl+S)
// does it: a Shift_JIS KIF with LF is saved back with LF; saved as another file it gets
// Shift_JIS's usual CRLF, which the next Save keeps.
func TestWindowSaveKeepsTheFilesLineEnds(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	data, err := os.ReadFile(henkaKIF)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "lf.kif")
	lf := bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	if err := os.WriteFile(path, lf, 0o644); err != nil {
		t.Fatal(err)
	}
	openRecord(t, w, path)
	w.Session().Last()
	play(t, w, "1g1f")
	w.Save(nil)
	out, _ := os.ReadFile(path)
	if bytes.Equal(out, lf) || bytes.Count(out, []byte("\n")) < 10 {
		t.Fatal("Save did not write the record back")
	}
	if bytes.Contains(out, []byte("\r")) {
		t.Errorf("Save wrote the LF file back with %d CRs", bytes.Count(out, []byte("\r")))
	}
	if w.Session().Dirty() {
		t.Error("still unsaved after Save")
	}
	d.save = filepath.Join(dir, "other.kif")
	w.SaveAs(nil)
	play(t, w, "9c9d")
	w.Save(nil)
	out, _ = os.ReadFile(d.save)
	if n := bytes.Count(out, []byte("\n")); n < 10 || bytes.Count(out, []byte("\r\n")) != n {
		t.Errorf("SaveAs as Shift_JIS KIF, then Save: %d of %d lines end with CRLF", bytes.Count(out, []byte("\r\n")), n)
	}
}
