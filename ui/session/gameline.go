package session

import (
	"fmt"
	"slices"

	"banmen/kifu"
)

// FollowMainLine puts nodes on the main line after its node at ply from: the moves (or the
// special move that ends the line) a game played since the session last heard from it,
// each with its time, comment, bookmark and remarks. A move the main line already has
// there (the person's move, shown at once) is kept and given what nodes says of it; a
// different one makes way, becoming a variation. The cursor goes to the end of the main
// line. The work is that of the new moves, however long the record is: a game's record
// follows the game move by move, not read again whole at every move.
func (s *Session) FollowMainLine(from int, nodes []kifu.Node) error {
	if len(nodes) == 0 {
		return nil
	}
	at := s.rec.Root
	for at.Ply() < from {
		if at = at.Next(); at == nil {
			return fmt.Errorf("the record's main line has %d moves, not the %d the game's next move follows", s.rec.MainEnd().Ply(), from)
		}
	}
	var err error
	changed := false
	for i := range nodes {
		src := &nodes[i]
		var n *kifu.Node
		if src.Special != kifu.NotSpecial {
			n, err = s.rec.End(at, src.Special, src.SpecialText)
		} else {
			n, err = s.rec.Play(at, src.Move)
		}
		if err != nil {
			err = fmt.Errorf("the game's move %d: %w", at.Ply()+1, err)
			break
		}
		n.MakeMainLine()
		n.Comment, n.Bookmark, n.Remarks = src.Comment, src.Bookmark, slices.Clone(src.Remarks)
		n.Elapsed, n.Total, n.Timed = src.Elapsed, src.Total, src.Timed
		at, changed = n, true
	}
	if changed {
		s.cur.Select(s.rec.MainEnd())
		s.edited(ChangedTree | ChangedCursor | ChangedComment)
	}
	return err
}
