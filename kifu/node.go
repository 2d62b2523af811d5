package kifu

import (
	"time"

	"banmen/board"
)

// Node is one position of a record: the root (the start position) or the position
// after a move. A node that holds a special move (投了, 中断, …) ends its line and
// has no children. A node's first child is its main continuation; the others are
// variations, in the order they are listed.
//
// The tree is changed only through methods (Record.Play, Record.End, MakeMainLine,
// Promote, Remove, …), which keep parents, children and ply numbers consistent.
type Node struct {
	// Move is the move that led here; board.NoMove for the root and for special moves.
	Move board.Move
	// Special is non-zero for a special move; Move is then NoMove.
	Special Special
	// SpecialText is the text of a special move the readers did not know (Special == Other).
	SpecialText string
	// Comment is the comment on this position, lines joined by "\n" (no trailing newline),
	// without the KIF "*" or CSA "'*" prefix. Engine think comments are lines in it.
	Comment string
	// Bookmark is the KIF bookmark (しおり, a "&" line); "" for none.
	Bookmark string
	// Elapsed is the time spent on this move and Total the mover's total so far,
	// when Timed is true.
	Elapsed, Total time.Duration
	Timed          bool
	// Remarks are lines the file marks as meant for no program (KIF "#" lines, CSA "'"
	// lines without "*"), kept so that writing the record back loses nothing. A GUI
	// does not show them.
	Remarks []string

	ply      int
	parent   *Node
	children []*Node
}

// Ply returns the number of moves from the start to this node (0 for the root).
// A special move counts like a move: 投了 after 10 moves has ply 11, as in KIF.
func (n *Node) Ply() int { return n.ply }

// Parent returns the node before this one (nil for the root).
func (n *Node) Parent() *Node { return n.parent }

// Children returns the continuations: [0] is the main one. Do not modify the slice.
func (n *Node) Children() []*Node { return n.children }

// Next returns the main continuation, or nil at the end of a line.
func (n *Node) Next() *Node {
	if len(n.children) == 0 {
		return nil
	}
	return n.children[0]
}

// IsRoot reports whether n is the start position.
func (n *Node) IsRoot() bool { return n.parent == nil }

// IsSpecial reports whether n is a special move (投了, 中断, …).
func (n *Node) IsSpecial() bool { return n.Special != NotSpecial }

// Index returns n's place among its parent's children (0 = the main continuation).
func (n *Node) Index() int {
	if n.parent == nil {
		return 0
	}
	for i, c := range n.parent.children {
		if c == n {
			return i
		}
	}
	return -1
}

// Siblings returns the alternatives at n's ply, n included: its parent's children.
func (n *Node) Siblings() []*Node {
	if n.parent == nil {
		return []*Node{n}
	}
	return n.parent.children
}

// IsMainLine reports whether n is on the main line (every step from the root takes the first child).
func (n *Node) IsMainLine() bool {
	for c := n; c.parent != nil; c = c.parent {
		if c.parent.children[0] != c {
			return false
		}
	}
	return true
}

// Root returns the root of n's tree.
func (n *Node) Root() *Node {
	for n.parent != nil {
		n = n.parent
	}
	return n
}

// Path returns the nodes from the root to n, both included.
func (n *Node) Path() []*Node {
	path := make([]*Node, n.ply+1)
	for c := n; c != nil; c = c.parent {
		if c.ply < len(path) {
			path[c.ply] = c
		}
	}
	return path
}

// Line returns n followed by its main continuation to the end of the line.
func (n *Node) Line() []*Node {
	line := []*Node{n}
	for c := n.Next(); c != nil; c = c.Next() {
		line = append(line, c)
	}
	return line
}

// Last returns the end of n's main continuation.
func (n *Node) Last() *Node {
	for len(n.children) > 0 {
		n = n.children[0]
	}
	return n
}

// Moves returns the moves from the root to n (special moves left out).
func (n *Node) Moves() []board.Move {
	var ms []board.Move
	for _, c := range n.Path()[1:] {
		if c.Move != board.NoMove {
			ms = append(ms, c.Move)
		}
	}
	return ms
}

// ChildWithMove returns the child reached by m, or nil.
func (n *Node) ChildWithMove(m board.Move) *Node {
	for _, c := range n.children {
		if c.Move == m && c.Special == NotSpecial {
			return c
		}
	}
	return nil
}

// MakeMainLine reorders the tree so that the line through n is the main line:
// at every step from the root to n, the node on the way becomes the first child.
// The order of the other alternatives is kept.
func (n *Node) MakeMainLine() {
	for c := n; c.parent != nil; c = c.parent {
		c.moveTo(0)
	}
}

// Promote moves n one place up among its siblings (towards the main continuation).
// It reports false if n is already first.
func (n *Node) Promote() bool {
	i := n.Index()
	if i <= 0 {
		return false
	}
	n.moveTo(i - 1)
	return true
}

// Demote moves n one place down among its siblings. It reports false if n is already last.
func (n *Node) Demote() bool {
	i := n.Index()
	if n.parent == nil || i < 0 || i >= len(n.parent.children)-1 {
		return false
	}
	n.moveTo(i + 1)
	return true
}

func (n *Node) moveTo(j int) {
	kids := n.parent.children
	i := n.Index()
	if i == j || i < 0 {
		return
	}
	if i > j {
		copy(kids[j+1:i+1], kids[j:i])
	} else {
		copy(kids[i:j], kids[i+1:j+1])
	}
	kids[j] = n
}

// Remove deletes n and everything after it from the tree and returns its parent
// (nil, and nothing happens, for the root).
func (n *Node) Remove() *Node {
	p := n.parent
	if p == nil {
		return nil
	}
	i := n.Index()
	p.children = append(p.children[:i:i], p.children[i+1:]...)
	n.parent = nil
	return p
}

// RemoveChildren deletes everything after n.
func (n *Node) RemoveChildren() {
	for _, c := range n.children {
		c.parent = nil
	}
	n.children = nil
}

// Walk visits n and every node after it, depth first, a node's main continuation
// before its variations. It stops when visit returns false.
func (n *Node) Walk(visit func(*Node) bool) bool {
	if !visit(n) {
		return false
	}
	for _, c := range n.children {
		if !c.Walk(visit) {
			return false
		}
	}
	return true
}

// Contains reports whether m is n or comes after n.
func (n *Node) Contains(m *Node) bool {
	for c := m; c != nil; c = c.parent {
		if c == n {
			return true
		}
	}
	return false
}

// lastTo is the destination of n's move, for 同 in the next move (NoSquare if none).
func (n *Node) lastTo() board.Square {
	if n == nil || n.Move == board.NoMove {
		return board.NoSquare
	}
	return n.Move.To()
}

// add appends c as n's last child.
func (n *Node) add(c *Node) *Node {
	c.parent = n
	c.ply = n.ply + 1
	n.children = append(n.children, c)
	return c
}

// nodeArena hands out nodes and one-child slices in chunks: readers build hundreds of
// nodes per record, and one allocation per node dominated reading time.
type nodeArena struct {
	nodes []Node
	kids  []*Node
}

func (a *nodeArena) node() *Node {
	if len(a.nodes) == 0 {
		a.nodes = make([]Node, 128)
	}
	n := &a.nodes[0]
	a.nodes = a.nodes[1:]
	return n
}

// add appends c as n's last child, taking a first child's slice from the arena.
func (a *nodeArena) add(n, c *Node) *Node {
	if n.children != nil {
		return n.add(c)
	}
	if len(a.kids) == 0 {
		a.kids = make([]*Node, 128)
	}
	c.parent, c.ply = n, n.ply+1
	n.children = a.kids[0:1:1]
	n.children[0] = c
	a.kids = a.kids[1:]
	return c
}

// addMove returns the child reached by m, adding it if there is none.
func (n *Node) addMove(m board.Move) *Node {
	if c := n.ChildWithMove(m); c != nil {
		return c
	}
	return n.add(&Node{Move: m})
}
