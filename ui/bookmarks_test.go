package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
)

// しおり in the record panel: named from the panel, marked in the move list, listed, chosen to
// go there, renamed, removed; the keys still step through the record afterwards.
func TestRecordPanelBookmarks(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, henkaKIF)
	s := w.Session()
	b := w.record.marks
	if len(b.pick.Options) != 1 || !strings.Contains(b.pick.Options[0], "読み込み時表示") {
		t.Fatalf("henka's bookmark is listed as %q", b.pick.Options)
	}
	s.GoTo(3)
	if !b.del.Disabled() {
		t.Error("the remove button is on for a move without a bookmark")
	}
	test.Tap(b.set)
	if b.dlg == nil || !dialogOpen(w) {
		t.Fatal("しおり… opened no dialog")
	}
	b.entry.SetText("序盤の分かれ道")
	b.dlg.Submit()
	n := s.Cursor().Line()[3]
	if n.Bookmark != "序盤の分かれ道" || !s.Dirty() {
		t.Fatalf("the bookmark is %q, dirty %v", n.Bookmark, s.Dirty())
	}
	if _, _, mark, _ := w.record.rowText(3); !strings.Contains(mark, bookmarkMark) {
		t.Errorf("the move list marks the bookmarked move %q", mark)
	}
	if b.del.Disabled() || len(b.pick.Options) != 2 || !strings.Contains(b.pick.Options[1], "序盤の分かれ道") ||
		!strings.Contains(b.pick.Options[1], "3手目") {
		t.Errorf("after naming: remove off %v, listed %q", b.del.Disabled(), b.pick.Options)
	}
	// choose it from the list, from the end of the record
	pressKey(w, fyne.KeyEnd)
	b.pick.SetSelected(b.pick.Options[1])
	if s.Node() != n {
		t.Errorf("choosing the bookmark went to ply %d", s.Ply())
	}
	if b.pick.Selected != "" {
		t.Errorf("the list keeps %q chosen", b.pick.Selected)
	}
	pressKey(w, fyne.KeyRight)
	if s.Ply() != 4 {
		t.Errorf("→ after choosing a bookmark: ply %d", s.Ply())
	}
	// rename, then cancel a rename
	s.GoTo(3)
	test.Tap(b.set)
	if b.entry.Text != "序盤の分かれ道" {
		t.Errorf("the dialog offers %q", b.entry.Text)
	}
	b.entry.SetText("序盤")
	b.dlg.Submit()
	test.Tap(b.set)
	b.entry.SetText("取り消す名前")
	w.Window().Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) // in the name
	if b.dlg != nil || dialogOpen(w) {
		t.Error("Esc in the name left the dialog open")
	}
	if n.Bookmark != "序盤" {
		t.Errorf("after rename and a cancelled rename: %q", n.Bookmark)
	}
	// the 棋譜 menu names it too
	for _, it := range menuItems(w.buildMenu()) {
		if it.Label == japaneseRecord.BookmarkSet {
			it.Action()
		}
	}
	if b.dlg == nil || b.entry.Text != "序盤" {
		t.Fatal("棋譜 → しおり… opened no dialog for the current position")
	}
	b.dlg.Hide()
	test.Tap(b.del)
	if n.Bookmark != "" || len(b.pick.Options) != 1 || !b.del.Disabled() {
		t.Errorf("after removing: %q, listed %q", n.Bookmark, b.pick.Options)
	}
	if _, _, mark, _ := w.record.rowText(3); strings.Contains(mark, bookmarkMark) {
		t.Errorf("the removed bookmark is still marked: %q", mark)
	}
}

func TestRecordPanelBookmarksInEnglish(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
	b := w.record.marks
	if b.set.Text != englishRecord.BookmarkSet || b.tree.Text != englishRecord.Tree || b.pick.PlaceHolder != englishRecord.NoBookmarks {
		t.Errorf("English panel: %q %q %q", b.set.Text, b.tree.Text, b.pick.PlaceHolder)
	}
	test.Tap(b.tree)
	if w.record.tree == nil || w.record.tree.info.Text != englishRecord.StartPos {
		t.Error("the Tree button did not open the tree at the start")
	}
}
