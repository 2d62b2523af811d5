package session

import (
	"fmt"
	"strings"

	"banmen/board"
	"banmen/kifu"
)

// AddLine adds moves to the record after node at, as ShogiHome's 変化として追加 does with an
// engine's line: moves already there are followed, the first new one becomes a variation
// (or the continuation, where at had none). The cursor stays where it is. It returns the
// last node of the line and how many moves were new. At a special move (投了, …) the line
// goes after the move before it, whose position the special shows. A move that is not
// legal in turn is refused before anything is added, with its number in the line.
func (s *Session) AddLine(at *kifu.Node, moves []board.Move) (*kifu.Node, int, error) {
	if at.IsSpecial() && at.Parent() != nil {
		at = at.Parent()
	}
	pos := s.rec.Position(at)
	if pos == nil {
		return nil, 0, fmt.Errorf("session: the node to add the line at is not in this record")
	}
	if len(moves) == 0 {
		return nil, 0, fmt.Errorf("session: the line has no moves")
	}
	p := *pos
	for i, m := range moves {
		if !p.IsLegal(m) {
			return nil, 0, fmt.Errorf("session: move %d of the line (%s) is not legal in turn", i+1, m.USI())
		}
		p.Do(m)
	}
	n, added := at, 0
	for _, m := range moves {
		if c := n.ChildWithMove(m); c != nil {
			n = c
			continue
		}
		c, err := s.rec.Play(n, m)
		if err != nil {
			return nil, added, err // checked above: does not happen
		}
		n, added = c, added+1
	}
	if added > 0 {
		// a line added where the current line ended continues it (Refresh extends the
		// line by its main continuation; the current node stays)
		s.cur.Refresh()
		s.edited(ChangedTree)
	}
	return n, added, nil
}

// FindPosition returns the node of the record whose position is pos (the move number left
// aside): the current node if it is; else on the current line the latest before the current
// node, or the first after it; else the first met walking the whole tree, variations
// included; nil when the record never reaches pos.
func (s *Session) FindPosition(pos *board.Position) *kifu.Node {
	want := PlaceKey(pos)
	if PlaceKey(s.Position()) == want {
		return s.Node()
	}
	p := *s.rec.Start
	var found *kifu.Node
	for i, n := range s.cur.Line() {
		if i > s.cur.Ply() && found != nil {
			break
		}
		if i > 0 && n.Move != board.NoMove {
			p.Do(n.Move)
		}
		if !n.IsSpecial() && PlaceKey(&p) == want {
			found = n
			if i > s.cur.Ply() {
				break
			}
		}
	}
	if found == nil {
		found = findIn(s.rec.Root, *s.rec.Start, want)
	}
	return found
}

// findIn walks the tree below n, whose position is p, depth first, for a node at want.
func findIn(n *kifu.Node, p board.Position, want string) *kifu.Node {
	if !n.IsSpecial() && PlaceKey(&p) == want {
		return n
	}
	for _, c := range n.Children() {
		if c.IsSpecial() {
			continue
		}
		q := p
		q.Do(c.Move)
		if f := findIn(c, q, want); f != nil {
			return f
		}
	}
	return nil
}

// PlaceKey is pos's SFEN without its move number: two positions with the same key are the
// same place on the board, whatever ply they came at.
func PlaceKey(pos *board.Position) string {
	sfen := pos.SFEN()
	if i := strings.LastIndexByte(sfen, ' '); i > 0 {
		return sfen[:i]
	}
	return sfen
}
