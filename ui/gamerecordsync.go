package ui

import (
	"slices"
	"time"

	"banmen/engine/game"
	"banmen/kifu"
)

// The record of a game under way reaches the window's session in pieces: the game's
// goroutine owns its record, so the poll (gameflow.go) copies from it, under the game's
// lock, the moves the session does not have yet, and the window puts them on the session's
// main line (session.FollowMainLine). The whole record is copied (written as KIF and read
// back, which keeps everything a record holds) only when there is no other way: at a new
// game (the start, a game resumed, 待った, which goes on from an earlier move), when the
// headers changed, when the game is over (so that the record shown is exactly the game's),
// and after the window could not follow. Over a game of n moves that is a constant number
// of reads, not one read of the whole record per move (n² work).

// recordUpdate is what the poll posts of a game's record: the whole record (full), or the
// nodes after ply from on its main line, or an error reading it.
type recordUpdate struct {
	full  *kifu.Record
	from  int
	nodes []kifu.Node
	err   error
}

func (u *recordUpdate) empty() bool {
	return u == nil || (u.full == nil && len(u.nodes) == 0 && u.err == nil)
}

// parseGameRecord reads back the KIF of a whole game record (tests count the calls).
var parseGameRecord = kifu.ParseKIF

// recordSync is what the poll has posted of a game's record. It belongs to the poll's
// goroutine.
type recordSync struct {
	game    *game.Game
	rec     *kifu.Record
	last    *kifu.Node   // the node of the game's record that ended the main line posted
	headers kifu.Headers // the headers posted
	copied  int          // nodes posted one by one so far (tests read it)
}

// update reads what changed in g's record since the last update: called with the record
// under the game's lock. full asks for the whole record.
func (s *recordSync) update(g *game.Game, rec *kifu.Record, full bool) *recordUpdate {
	if !full && g == s.game && rec == s.rec && s.last != nil && slices.Equal(rec.Headers, s.headers) {
		if u, ok := s.follow(rec); ok {
			return u
		}
	}
	// the whole record, copied through KIF
	s.game, s.rec, s.last, s.headers = g, rec, nil, slices.Clone(rec.Headers)
	kif := kifu.FormatKIF(rec)
	out, err := parseGameRecord(kif)
	if err != nil {
		return &recordUpdate{err: err}
	}
	s.last = rec.MainEnd()
	return &recordUpdate{full: out}
}

// follow copies the nodes after s.last on rec's main line; false when s.last is no longer
// on it (the line was cut or reordered: the whole record is copied instead).
func (s *recordSync) follow(rec *kifu.Record) (*recordUpdate, bool) {
	end := rec.MainEnd()
	var added []*kifu.Node
	for n := end; n != s.last; n = n.Parent() {
		if n == nil || n.Ply() <= s.last.Ply() {
			return nil, false
		}
		added = append(added, n)
	}
	if len(added) == 0 {
		return nil, true
	}
	u := &recordUpdate{from: s.last.Ply(), nodes: make([]kifu.Node, len(added))}
	for i, n := range added {
		// times in whole seconds, as the record's KIF (the autosave, the copy at the end) has them
		u.nodes[len(added)-1-i] = kifu.Node{Move: n.Move, Special: n.Special, SpecialText: n.SpecialText,
			Comment: n.Comment, Bookmark: n.Bookmark, Elapsed: n.Elapsed.Truncate(time.Second),
			Total: n.Total.Truncate(time.Second), Timed: n.Timed, Remarks: slices.Clone(n.Remarks)}
	}
	s.last = end
	s.copied += len(added)
	return u, true
}
