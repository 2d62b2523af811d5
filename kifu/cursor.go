package kifu

import (
	"banmen/board"
)

// Cursor is a place in a record as a record view shows it: a current node on a
// current line. The line runs from the root through the current node to the end of a
// line, and stays selected when the cursor moves back and forth along it, so that
// stepping back from a variation and forward again returns into that variation.
//
// Edits made through the cursor (Play, End, Remove) keep it valid. After changing the
// tree by other means, call Refresh.
type Cursor struct {
	rec  *Record
	line []*Node          // root … end of the current line
	i    int              // index of the current node in line
	pos  []board.Position // pos[k] is the position at line[k], for k < len(pos)
}

// NewCursor returns a cursor at the start of r's main line.
func (r *Record) NewCursor() *Cursor {
	c := &Cursor{rec: r}
	c.setLine(r.Root)
	return c
}

// Record returns the record the cursor walks.
func (c *Cursor) Record() *Record { return c.rec }

// Node returns the current node.
func (c *Cursor) Node() *Node { return c.line[c.i] }

// Ply returns the ply of the current node.
func (c *Cursor) Ply() int { return c.i }

// Line returns the current line from the root to its end. Do not modify the slice.
func (c *Cursor) Line() []*Node { return c.line }

// Position returns the position at the current node (a copy).
func (c *Cursor) Position() *board.Position {
	p := *c.positionAt(c.i)
	return &p
}

// positionAt returns the cached position at line[k], computing what is missing.
func (c *Cursor) positionAt(k int) *board.Position {
	if len(c.pos) == 0 {
		c.pos = append(c.pos, *c.rec.Start)
	}
	for len(c.pos) <= k {
		p := c.pos[len(c.pos)-1]
		if m := c.line[len(c.pos)].Move; m != board.NoMove {
			p.Do(m)
		}
		c.pos = append(c.pos, p)
	}
	return &c.pos[k]
}

// Forward steps to the next node on the current line; false at its end.
func (c *Cursor) Forward() bool {
	if c.i+1 >= len(c.line) {
		return false
	}
	c.i++
	return true
}

// Back steps to the previous node; false at the root.
func (c *Cursor) Back() bool {
	if c.i == 0 {
		return false
	}
	c.i--
	return true
}

// GoTo moves to ply on the current line (clamped to the line) and reports whether
// that ply exists.
func (c *Cursor) GoTo(ply int) bool {
	ok := ply >= 0 && ply < len(c.line)
	switch {
	case ply < 0:
		ply = 0
	case ply >= len(c.line):
		ply = len(c.line) - 1
	}
	c.i = ply
	return ok
}

// First moves to the root.
func (c *Cursor) First() { c.i = 0 }

// Last moves to the end of the current line.
func (c *Cursor) Last() { c.i = len(c.line) - 1 }

// Select makes n the current node. If n is on the current line the line is kept;
// otherwise the current line becomes the path to n and n's main continuation.
// It reports false (and does nothing) if n is not in the record.
func (c *Cursor) Select(n *Node) bool {
	if n.Root() != c.rec.Root {
		return false
	}
	if n.ply < len(c.line) && c.line[n.ply] == n {
		c.i = n.ply
		return true
	}
	c.setLine(n)
	c.i = n.ply
	return true
}

// SelectVariation switches the current node to its k-th sibling (0 = the main
// continuation) and reports whether there is one.
func (c *Cursor) SelectVariation(k int) bool {
	sib := c.Node().Siblings()
	if k < 0 || k >= len(sib) {
		return false
	}
	return c.Select(sib[k])
}

// setLine makes the current line the path to n plus n's main continuation,
// keeping the cached positions of the part shared with the old line.
func (c *Cursor) setLine(n *Node) {
	line := append(n.Path(), n.Line()[1:]...)
	keep := 0
	for keep < len(c.line) && keep < len(line) && c.line[keep] == line[keep] {
		keep++
	}
	if keep < len(c.pos) {
		c.pos = c.pos[:keep]
	}
	c.line = line
}

// Play plays m at the current node (reusing the node if that move is already there)
// and steps onto it; the current line becomes the one through the new node.
func (c *Cursor) Play(m board.Move) (*Node, error) {
	n, err := c.rec.Play(c.Node(), m)
	if err != nil {
		return nil, err
	}
	c.Select(n)
	return n, nil
}

// PlayUSI is Play with a move in USI notation.
func (c *Cursor) PlayUSI(usi string) (*Node, error) {
	m, err := board.ParseUSIMove(usi)
	if err != nil {
		return nil, err
	}
	return c.Play(m)
}

// End adds special move s at the current node and steps onto it.
func (c *Cursor) End(s Special, text string) (*Node, error) {
	n, err := c.rec.End(c.Node(), s, text)
	if err != nil {
		return nil, err
	}
	c.Select(n)
	return n, nil
}

// Remove deletes the current node and what follows it, and moves to its parent.
// At the root it deletes every move and stays at the root.
func (c *Cursor) Remove() {
	n := c.Node()
	if n.IsRoot() {
		n.RemoveChildren()
	} else {
		n.Remove()
	}
	c.Refresh()
}

// MakeMainLine makes the current line the main line.
func (c *Cursor) MakeMainLine() {
	c.line[len(c.line)-1].MakeMainLine()
}

// Refresh repairs the cursor after the tree was changed by other means: the current
// line is cut where it left the tree and extended by the main continuation, and the
// current node moves back if it was removed.
func (c *Cursor) Refresh() {
	k := 1
	for k < len(c.line) && c.line[k].parent == c.line[k-1] && c.line[k].ply == k {
		k++
	}
	last := c.line[k-1]
	i := c.i
	if i > k-1 {
		i = k - 1
	}
	if len(c.pos) > k {
		c.pos = c.pos[:k]
	}
	c.line = append(c.line[:k:k], last.Line()[1:]...)
	c.i = i
}

// LastMove returns the move that led to the current node (NoMove at the root or a special move).
func (c *Cursor) LastMove() board.Move { return c.Node().Move }
