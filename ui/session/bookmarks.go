package session

import (
	"strings"

	"banmen/kifu"
)

// しおり: the bookmarks of a record (KIF "&" lines), one name per node.

// Bookmarks returns the nodes of the record that have a bookmark: the main line's first, then
// the variations' as KIF lists them (Node.Walk: the alternatives to later moves first).
func (s *Session) Bookmarks() []*kifu.Node {
	var out []*kifu.Node
	s.rec.Root.Walk(func(n *kifu.Node) bool {
		if n.Bookmark != "" {
			out = append(out, n)
		}
		return true
	})
	return out
}

// SetBookmark names node n's bookmark; an empty name removes it. The name is kept on one
// line (KIF writes a bookmark as one "&" line), spaces trimmed. Listeners hear ChangedTree
// (the move list marks bookmarked moves) and ChangedFile when the record became unsaved.
func (s *Session) SetBookmark(n *kifu.Node, name string) {
	name = strings.TrimSpace(strings.Join(strings.Fields(name), " "))
	if n == nil || n.Bookmark == name {
		return
	}
	n.Bookmark = name
	s.edited(ChangedTree)
}

// FindBookmark returns the first node whose bookmark is name, or nil.
func (s *Session) FindBookmark(name string) *kifu.Node {
	for _, n := range s.Bookmarks() {
		if n.Bookmark == name {
			return n
		}
	}
	return nil
}
