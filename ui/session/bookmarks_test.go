package session

import (
	"path/filepath"
	"slices"
	"testing"

	"banmen/kifu"
	"banmen/kifu/recordfile"
)

// しおり set in the session are listed in the record's order, renamed, removed, and kept by a
// KIF and a KI2 file (and named as lost by CSA and JKF, which cannot hold them).
func TestBookmarksSetRenameRemoveAndSave(t *testing.T) {
	s := New()
	if err := s.Open(henka); err != nil {
		t.Fatal(err)
	}
	// henka.kif has Kifu for Windows' bookmark on its start position
	var changes []Change
	s.OnChange(func(c Change) { changes = append(changes, c) })
	line := s.Cursor().Line()
	if len(line) < 6 {
		t.Fatalf("henka has %d nodes on its main line", len(line))
	}
	var variation *kifu.Node
	s.Record().Root.Walk(func(n *kifu.Node) bool {
		if !n.IsMainLine() {
			variation = n
			return false
		}
		return true
	})
	if variation == nil {
		t.Fatal("henka has no variation")
	}
	s.SetBookmark(variation, "変化の一手")
	s.SetBookmark(line[5], "  中盤 \n の入口 ")
	s.SetBookmark(line[2], "序盤")
	if got := names(s.Bookmarks()); !slices.Equal(got, []string{"読み込み時表示", "序盤", "中盤 の入口", "変化の一手"}) {
		t.Errorf("bookmarks %q", got)
	}
	if !s.Dirty() || len(changes) != 3 || changes[0]&ChangedTree == 0 {
		t.Errorf("dirty %v, changes %v", s.Dirty(), changes)
	}
	s.SetBookmark(line[2], "序盤") // unchanged: nothing heard
	if len(changes) != 3 {
		t.Errorf("an unchanged bookmark was heard: %v", changes)
	}
	s.SetBookmark(line[5], "中盤")
	s.SetBookmark(line[2], "")
	if got := names(s.Bookmarks()); !slices.Equal(got, []string{"読み込み時表示", "中盤", "変化の一手"}) {
		t.Errorf("after rename and remove: %q", got)
	}
	if s.FindBookmark("中盤") != line[5] || s.FindBookmark("序盤") != nil {
		t.Error("FindBookmark")
	}
	for _, f := range []kifu.Format{kifu.CSA, kifu.JKF} {
		if !slices.Contains(recordfile.Losses(s.Record(), f), recordfile.LossBookmarks) {
			t.Errorf("%v does not say it loses the bookmarks", f)
		}
	}
	dir := t.TempDir()
	for _, name := range []string{"b.kif", "b.kifu", "b.ki2", "b.ki2u"} {
		f, enc, err := recordfile.FormatForPath(name, false)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, name)
		if err := s.SaveAs(path, f, enc); err != nil {
			t.Fatal(err)
		}
		back := New()
		if err := back.Open(path); err != nil {
			t.Fatal(err)
		}
		if got := names(back.Bookmarks()); !slices.Equal(got, []string{"読み込み時表示", "中盤", "変化の一手"}) {
			t.Errorf("%s reads back bookmarks %q", name, got)
		}
		if n := back.FindBookmark("中盤"); n == nil || n.Ply() != 5 || !n.IsMainLine() {
			t.Errorf("%s: 中盤 is not on the main line's 5th move", name)
		}
		if n := back.FindBookmark("変化の一手"); n == nil || n.IsMainLine() || n.Ply() != variation.Ply() {
			t.Errorf("%s: 変化の一手 is not in the variation", name)
		}
	}
}

func names(ns []*kifu.Node) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Bookmark)
	}
	return out
}
