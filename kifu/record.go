package kifu

import (
	"fmt"
	"time"

	"banmen/board"
)

// Record is a game record: headers, a start position and a tree of moves.
type Record struct {
	// Headers are the key/value lines of the record in the order read, with the keys
	// KIF uses (先手, 後手, 開始日時, 棋戦, …); readers of other formats map their keys to
	// these and keep keys they do not know as they are. The start position is not a
	// header: 手合割 is written from Start.
	Headers Headers
	// Start is the position before the first move.
	Start *board.Position
	// Root is the start position's node; the moves hang below it.
	Root *Node
	// Warnings lists what a reader worked around (lines skipped, a file cut short, …).
	Warnings []Warning

	// Newline is the line end of the file the record was read from ("\n", "\r\n" or "\r",
	// the first one in it), so that saving it back can keep it; "" when it was not read
	// from bytes or had a single line.
	Newline string

	// startAt is 1 + the number of headers a KIF or KI2 file had before its start
	// position (手合割 or the board diagram), so that writing it back keeps its place;
	// 0 when not known, and the start position goes where Kifu for Windows puts it.
	startAt int
}

// New returns an empty record starting from start (the standard position if nil).
func New(start *board.Position) *Record {
	if start == nil {
		start = board.NewStartPosition()
	}
	return &Record{Start: start.Clone(), Root: &Node{}}
}

// Header is one key/value line of a record's header.
type Header struct {
	Key, Value string
}

// Some header keys, as KIF writes them.
const (
	HeaderBlack     = "先手"
	HeaderWhite     = "後手"
	HeaderShitate   = "下手" // Black in a handicap game
	HeaderUwate     = "上手" // White in a handicap game
	HeaderStart     = "開始日時"
	HeaderEnd       = "終了日時"
	HeaderEvent     = "棋戦"
	HeaderTitle     = "表題"
	HeaderPlace     = "場所"
	HeaderTimeLimit = "持ち時間"
	HeaderOpening   = "戦型"
	HeaderNote      = "備考"
)

// Headers are a record's header lines in order.
type Headers []Header

// Get returns the value of the first header with the key.
func (h Headers) Get(key string) (string, bool) {
	for _, x := range h {
		if x.Key == key {
			return x.Value, true
		}
	}
	return "", false
}

// Value returns the value of the first header with the key, or "".
func (h Headers) Value(key string) string {
	v, _ := h.Get(key)
	return v
}

// Set replaces the value of the first header with the key, or appends the header.
func (h *Headers) Set(key, value string) {
	for i := range *h {
		if (*h)[i].Key == key {
			(*h)[i].Value = value
			return
		}
	}
	*h = append(*h, Header{key, value})
}

// Delete removes every header with the key.
func (h *Headers) Delete(key string) {
	out := (*h)[:0]
	for _, x := range *h {
		if x.Key != key {
			out = append(out, x)
		}
	}
	*h = out
}

// BlackName returns the name of Black (先手, or 下手 in a handicap game).
func (r *Record) BlackName() string {
	if v, ok := r.Headers.Get(HeaderBlack); ok {
		return v
	}
	return r.Headers.Value(HeaderShitate)
}

// WhiteName returns the name of White (後手, or 上手 in a handicap game).
func (r *Record) WhiteName() string {
	if v, ok := r.Headers.Get(HeaderWhite); ok {
		return v
	}
	return r.Headers.Value(HeaderUwate)
}

// Position returns the position at n (a copy the caller may change), or nil if n is
// not in r. For a special move it is the position where the special happened.
func (r *Record) Position(n *Node) *board.Position {
	path := n.Path()
	if path[0] != r.Root {
		return nil
	}
	p := r.Start.Clone()
	for _, c := range path[1:] {
		if c.Move != board.NoMove {
			p.Do(c.Move)
		}
	}
	return p
}

// MainLine returns the nodes of the main line after the root, a final special move included.
func (r *Record) MainLine() []*Node {
	var line []*Node
	for c := r.Root.Next(); c != nil; c = c.Next() {
		line = append(line, c)
	}
	return line
}

// MainMoves returns the moves of the main line (special moves left out).
func (r *Record) MainMoves() []board.Move {
	var ms []board.Move
	for c := r.Root.Next(); c != nil; c = c.Next() {
		if c.Move != board.NoMove {
			ms = append(ms, c.Move)
		}
	}
	return ms
}

// MainEnd returns the last node of the main line (the root if there are no moves).
func (r *Record) MainEnd() *Node { return r.Root.Last() }

// Result returns the special move that ends the main line (NotSpecial if it just stops).
func (r *Record) Result() Special { return r.MainEnd().Special }

// FinalPosition returns the position at the end of the main line.
func (r *Record) FinalPosition() *board.Position { return r.Position(r.MainEnd()) }

// Play adds move m after node at and returns the node it leads to. If at already has
// a child with m, that child is returned and nothing is added; otherwise the new node
// becomes at's last child (a variation when there was a continuation already).
// m may come from the position (pos.ParseMove, pos.LegalMoves) or be a bare
// board.ParseUSIMove; it must be legal at at.
func (r *Record) Play(at *Node, m board.Move) (*Node, error) {
	if at.IsSpecial() {
		return nil, fmt.Errorf("kifu: no move can follow %s at ply %d", specialLabel(at), at.ply)
	}
	pos := r.Position(at)
	if pos == nil {
		return nil, fmt.Errorf("kifu: the node to play at is not in this record")
	}
	if k := pos.KingSquare(pos.SideToMove().Opp()); k != board.NoSquare && pos.IsAttacked(k, pos.SideToMove()) {
		return nil, fmt.Errorf("kifu: no move can follow ply %d: the move before it was illegal (it left its king in check)", at.ply)
	}
	full, err := completeMove(pos, m)
	if err != nil {
		return nil, fmt.Errorf("kifu: %v", err)
	}
	return at.addMove(full), nil
}

// PlayUSI is Play with a move in USI notation ("7g7f", "P*5e").
func (r *Record) PlayUSI(at *Node, usi string) (*Node, error) {
	m, err := board.ParseUSIMove(usi)
	if err != nil {
		return nil, fmt.Errorf("kifu: %v", err)
	}
	return r.Play(at, m)
}

// End adds special move s (投了, 中断, …) after at and returns its node; an equal
// special already there is reused. For Other, text is what to write.
func (r *Record) End(at *Node, s Special, text string) (*Node, error) {
	if s == NotSpecial {
		return nil, fmt.Errorf("kifu: End needs a special move, not NotSpecial")
	}
	if at.IsSpecial() {
		return nil, fmt.Errorf("kifu: nothing can follow %s at ply %d", specialLabel(at), at.ply)
	}
	for _, c := range at.children {
		if c.Special == s && (s != Other || c.SpecialText == text) {
			return c, nil
		}
	}
	n := &Node{Special: s}
	if s == Other {
		n.SpecialText = text
	}
	return at.add(n), nil
}

// SetElapsed records that the move at n took d, and sets n's total to the total of the
// mover's previous move plus d.
func (r *Record) SetElapsed(n *Node, d time.Duration) {
	n.Elapsed, n.Timed = d, true
	n.Total = d
	if p := n.parent; p != nil && p.parent != nil && p.parent.Timed {
		n.Total += p.parent.Total
	}
}

// completeMove checks m against pos and fills in the moving and captured kinds.
func completeMove(pos *board.Position, m board.Move) (board.Move, error) {
	if m == board.NoMove {
		return board.NoMove, fmt.Errorf("no move given")
	}
	if pos.IsLegal(m) {
		return m, nil
	}
	return pos.ParseMove(m.USI())
}

func specialLabel(n *Node) string {
	if n.Special == Other {
		return n.SpecialText
	}
	return n.Special.Kanji()
}

// fillTotals sets the total time of every timed node that has none, from the
// elapsed times of the same side's earlier moves (CSA and JKF files without totals).
func fillTotals(n *Node) {
	n.Walk(func(c *Node) bool {
		if c.Timed && c.Total == 0 {
			c.Total = c.Elapsed
			if p := c.parent; p != nil && p.parent != nil && p.parent.Timed {
				c.Total += p.parent.Total
			}
		}
		return true
	})
}
