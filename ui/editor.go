package ui

import (
	"fmt"

	"banmen/board"
)

// Editor is the position editor's model: a position being set up, the piece picked (on the
// board or a stand), and the kind chosen in the piece box (駒箱) to put down. Pieces come
// from the box and go back to it, so that a set-up never has more pieces than a set: 18
// pawns, 4 each of lances, knights, silvers and golds, 2 bishops, 2 rooks and 2 kings. Whether
// the position can occur (two pawns on a file, a piece that can never move, the side not to
// move in check) is judged by board.ParseSFEN when editing is done.
//
// It holds no widgets; the position editor panel and the board in ModeEdit call it.
type Editor struct {
	msg        *Messages
	pos        *board.Position
	sel        Spot
	brush      board.PieceType // the kind chosen in the box; NoPieceType for none
	brushColor board.Color
	undo       []*board.Position // the positions before each change, oldest first (Undo)
	noted      *board.Position   // the position when a change was last noted, and its SFEN
	notedSFEN  string
}

// maxUndo bounds the changes Undo can take back.
const maxUndo = 200

// setCounts is how many pieces of each kind (unpromoted) a set has.
var setCounts = [board.King + 1]int{board.Pawn: 18, board.Lance: 4, board.Knight: 4, board.Silver: 4,
	board.Gold: 4, board.Bishop: 2, board.Rook: 2, board.King: 2}

// BoxKinds are the kinds in the piece box, in the order it shows them.
var BoxKinds = []board.PieceType{board.King, board.Rook, board.Bishop, board.Gold, board.Silver, board.Knight, board.Lance, board.Pawn}

// NewEditor starts editing a copy of start.
func NewEditor(start *board.Position, msg *Messages) *Editor {
	if msg == nil {
		msg = MessagesFor(Japanese)
	}
	p := start.Clone()
	p.SetMoveNumber(1)
	e := &Editor{msg: msg, pos: p}
	e.note()
	return e
}

// note remembers the position as it is now, the one Undo goes back to after a change.
func (e *Editor) note() { e.noted, e.notedSFEN = e.pos.Clone(), e.pos.SFEN() }

// Noted notes the position after an action (the panel calls it after each): when the action
// changed it, the one before is kept for Undo.
func (e *Editor) Noted() {
	if e.pos.SFEN() == e.notedSFEN {
		return
	}
	e.undo = append(e.undo, e.noted)
	if len(e.undo) > maxUndo {
		e.undo = e.undo[1:]
	}
	e.note()
}

// CanUndo reports whether there is a change to take back.
func (e *Editor) CanUndo() bool { return len(e.undo) > 0 }

// Undo takes back the last change (a piece put, moved, removed or turned, the side to move,
// a preset, the tsume set-up, a clear, a paste) and reports whether there was one. The
// picked piece is put down; the kind chosen in the box stays.
func (e *Editor) Undo() bool {
	n := len(e.undo)
	if n == 0 {
		return false
	}
	e.pos, e.undo = e.undo[n-1], e.undo[:n-1]
	e.note()
	e.sel = Spot{}
	return true
}

// Position returns the position being edited (the editor changes it in place).
func (e *Editor) Position() *board.Position { return e.pos }

// Selected returns the picked piece.
func (e *Editor) Selected() Spot { return e.sel }

// Brush returns the kind and colour chosen in the box (NoPieceType for none).
func (e *Editor) Brush() (board.PieceType, board.Color) { return e.brush, e.brushColor }

// SetBrush chooses kind t of colour c in the box (NoPieceType: none); a picked piece is put down.
func (e *Editor) SetBrush(t board.PieceType, c board.Color) {
	e.brush, e.brushColor = t, c
	e.sel = Spot{}
}

// InBox returns how many pieces of kind t (unpromoted) are in the box.
func (e *Editor) InBox(t board.PieceType) int {
	n := setCounts[t]
	for s := board.Square(0); s < board.NumSquares; s++ {
		if pc := e.pos.PieceAt(s); pc != board.NoPiece && pc.Type().Unpromote() == t {
			n--
		}
	}
	if t != board.King {
		n -= e.pos.Hand(board.Black).Count(t) + e.pos.Hand(board.White).Count(t)
	}
	return max(n, 0)
}

// Tap handles a click on s. With a kind chosen in the box, it is put on the square (whatever
// stood there goes back to the box; a click on the same piece takes it back) or on the
// stand. Without one, a click picks a piece, a second click elsewhere moves it there, and a
// click on the picked piece turns it: promoted, then gote's, then gote's promoted, then back.
// It returns what went wrong, for the status line, or "".
func (e *Editor) Tap(s Spot) string {
	if e.brush != board.NoPieceType {
		return e.put(s)
	}
	switch {
	case e.sel.Kind == SpotNone:
		if e.hasPiece(s) {
			e.sel = s
		}
	case s == e.sel:
		if s.Kind == SpotSquare {
			e.cycle(s.Square)
		}
		e.sel = Spot{}
	default:
		from := e.sel
		e.sel = Spot{}
		if s.Kind == SpotNone {
			return ""
		}
		return e.Move(from, s)
	}
	return ""
}

func (e *Editor) hasPiece(s Spot) bool {
	switch s.Kind {
	case SpotSquare:
		return e.pos.PieceAt(s.Square) != board.NoPiece
	case SpotHand:
		return s.Type != board.NoPieceType && e.pos.Hand(s.Color).Count(s.Type) > 0
	}
	return false
}

// put puts the brush's kind on s.
func (e *Editor) put(s Spot) string {
	t, c := e.brush, e.brushColor
	switch s.Kind {
	case SpotSquare:
		old := e.pos.PieceAt(s.Square)
		if old == board.NewPiece(c, t) {
			e.pos.SetPiece(s.Square, board.NoPiece) // back to the box
			return ""
		}
		if old != board.NoPiece {
			e.pos.SetPiece(s.Square, board.NoPiece)
		}
		if e.InBox(t) == 0 {
			e.pos.SetPiece(s.Square, old)
			return fmt.Sprintf(e.msg.EditorNoPieceF, t.Kanji())
		}
		e.pos.SetPiece(s.Square, board.NewPiece(c, t))
	case SpotHand:
		if t == board.King {
			return e.msg.EditorKingToHand
		}
		if e.InBox(t) == 0 {
			return fmt.Sprintf(e.msg.EditorNoPieceF, t.Kanji())
		}
		e.pos.SetHandCount(s.Color, t, e.pos.Hand(s.Color).Count(t)+1)
	}
	return ""
}

// cycle turns the piece on sq: sente's → sente's promoted → gote's → gote's promoted → sente's
// (kinds that cannot promote just change sides).
func (e *Editor) cycle(sq board.Square) {
	pc := e.pos.PieceAt(sq)
	if pc == board.NoPiece {
		return
	}
	t, c := pc.Type(), pc.Color()
	switch {
	case t.CanPromote():
		t = t.Promote()
	case t.IsPromoted():
		t, c = t.Unpromote(), c.Opp()
	default:
		c = c.Opp()
	}
	e.pos.SetPiece(sq, board.NewPiece(c, t))
}

// Move moves a piece from one spot to another: on the board (a piece on the destination goes
// to the box), from a stand to the board, from the board to a stand (it becomes that side's,
// unpromoted), between stands; to Spot{} (off the board) it goes back to the box. It returns
// what went wrong, or "".
func (e *Editor) Move(from, to Spot) string {
	e.sel = Spot{}
	var t board.PieceType
	var c board.Color
	switch from.Kind {
	case SpotSquare:
		pc := e.pos.PieceAt(from.Square)
		if pc == board.NoPiece {
			return ""
		}
		t, c = pc.Type(), pc.Color()
		if to.Kind == SpotHand && t == board.King {
			return e.msg.EditorKingToHand
		}
		e.pos.SetPiece(from.Square, board.NoPiece)
	case SpotHand:
		if from.Type == board.NoPieceType || e.pos.Hand(from.Color).Count(from.Type) == 0 {
			return ""
		}
		t, c = from.Type, from.Color
		e.pos.SetHandCount(c, t, e.pos.Hand(c).Count(t)-1)
	default:
		return ""
	}
	switch to.Kind {
	case SpotSquare:
		e.pos.SetPiece(to.Square, board.NewPiece(c, t))
	case SpotHand:
		u := t.Unpromote()
		e.pos.SetHandCount(to.Color, u, e.pos.Hand(to.Color).Count(u)+1)
	}
	return ""
}

// Remove sends the piece at s (one piece of a kind on a stand) back to the box.
func (e *Editor) Remove(s Spot) {
	e.sel = Spot{}
	switch s.Kind {
	case SpotSquare:
		e.pos.SetPiece(s.Square, board.NoPiece)
	case SpotHand:
		if s.Type != board.NoPieceType {
			if n := e.pos.Hand(s.Color).Count(s.Type); n > 0 {
				e.pos.SetHandCount(s.Color, s.Type, n-1)
			}
		}
	}
}

// SetSideToMove sets who moves first from the position.
func (e *Editor) SetSideToMove(c board.Color) { e.pos.SetSideToMove(c) }

// Reset replaces the position with p (a start position or a handicap).
func (e *Editor) Reset(p *board.Position) {
	e.pos = p.Clone()
	e.pos.SetMoveNumber(1)
	e.sel, e.brush = Spot{}, board.NoPieceType
}

// Clear sends every piece but the kings back to the box and empties the stands.
func (e *Editor) Clear() {
	for s := board.Square(0); s < board.NumSquares; s++ {
		if pc := e.pos.PieceAt(s); pc != board.NoPiece && pc.Type() != board.King {
			e.pos.SetPiece(s, board.NoPiece)
		}
	}
	for c := board.Black; c <= board.White; c++ {
		for _, t := range board.HandTypes {
			e.pos.SetHandCount(c, t, 0)
		}
	}
	e.sel = Spot{}
}

// Tsume sets up a mate problem: every piece left in the box but a king goes to gote's hand
// (the defender holds the rest of the set), and sente is to move.
func (e *Editor) Tsume() {
	for _, t := range board.HandTypes {
		if n := e.InBox(t); n > 0 {
			e.pos.SetHandCount(board.White, t, e.pos.Hand(board.White).Count(t)+n)
		}
	}
	e.pos.SetSideToMove(board.Black)
	e.sel = Spot{}
}

// Result checks the position against the rules and returns it, or the rules' complaint: a
// position with a pawn on the last rank, two pawns on a file, the side not to move in check,
// too many pieces of a kind, and so on, cannot be played from.
func (e *Editor) Result() (*board.Position, error) {
	return board.ParseSFEN(e.pos.SFEN())
}
