package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
)

// BoardMode says what the board widget does with clicks and drags.
type BoardMode int

const (
	// ModePlay: the user moves the pieces of the side to move; only legal moves are
	// accepted (board.Position decides), and each becomes an OnMove.
	ModePlay BoardMode = iota
	// ModeEdit: the position editor; clicks and drags are reported as they are
	// (OnEditTap, OnEditMove, OnEditRemove) and the editor decides what they do.
	ModeEdit
	// ModeView: the board only shows.
	ModeView
)

// Board is the shogi board widget: a wooden 9×9 board with its grid, star points and
// coordinates, the pieces (gote's turned 180°, promoted ones in red), both players' pieces in
// hand on their stands (駒台) with counts and names, the last move highlighted. It scales with
// its size and keeps its proportions, and it can be flipped.
//
// In ModePlay a piece is moved by clicking it and then its destination, or by dragging it;
// pieces in hand are dropped the same way. The legal destinations of the picked piece are
// shown; when a move may promote or not, a small 成 / 不成 choice appears on the board, and a
// forced promotion happens without asking. The widget never changes its position itself: it
// reports the chosen move through OnMove, and its owner calls SetPosition.
//
// Call its methods on the Fyne goroutine.
type Board struct {
	widget.BaseWidget

	// OnMove receives a legal move the user made (ModePlay).
	OnMove func(board.Move)
	// OnScroll receives the mouse wheel over the board: +1 for a step forward (wheel
	// towards the user), -1 for a step back.
	OnScroll func(step int)
	// OnEditTap, OnEditMove and OnEditRemove report clicks, drags (to is Spot{} when the
	// piece was dropped off the board and the stands) and right-clicks in ModeEdit.
	OnEditTap    func(Spot)
	OnEditMove   func(from, to Spot)
	OnEditRemove func(Spot)

	msg      *Messages
	pos      *board.Position
	last     board.Move
	flipped  bool
	mode     BoardMode
	names    [2]string
	clocks   [2]PlayerClock // a game's clocks on the plates (boardplate.go), when clocksOn
	clocksOn bool
	plates   func() // redraws the plates alone (boardplate.go), once the renderer exists

	legal    []board.Move // legal moves in pos, computed when first needed
	legalOK  bool         // legal is up to date
	sel      Spot         // the picked piece (SpotNone: nothing picked)
	dests    [board.NumSquares]bool
	promo    *promotionChoice
	drag     dragState
	scrolled float32 // wheel movement not yet turned into a step

	rows [2][]board.PieceType // the kinds shown on each stand, row by row

	arrows []Arrow // candidate arrows (boardarrows.go)
}

type promotionChoice struct {
	to                 board.Square
	promote, noPromote board.Move
}

type dragState struct {
	active, ignore bool
	from           Spot
	at             fyne.Position
}

// NewBoard returns a board showing pos (the start position when nil), in ModePlay, with the
// texts of msg (Japanese when nil).
func NewBoard(pos *board.Position, msg *Messages) *Board {
	if pos == nil {
		pos = board.NewStartPosition()
	}
	if msg == nil {
		msg = MessagesFor(Japanese)
	}
	b := &Board{pos: pos, msg: msg}
	b.rows = standRows(pos)
	b.ExtendBaseWidget(b)
	return b
}

// SetPosition shows pos, with last (board.NoMove for none) highlighted as the move that led
// to it. A pending selection or promotion choice is cancelled. The board keeps pos and reads
// it at each refresh; it never modifies it.
func (b *Board) SetPosition(pos *board.Position, last board.Move) {
	b.pos, b.last = pos, last
	b.legalOK = false
	b.sel, b.promo, b.drag = Spot{}, nil, dragState{}
	b.dests = [board.NumSquares]bool{}
	b.rows = standRows(pos)
	b.Refresh()
}

// ShownPosition returns the position shown.
func (b *Board) ShownPosition() *board.Position { return b.pos }

// LastMove returns the highlighted move.
func (b *Board) LastMove() board.Move { return b.last }

// SetFlipped turns the board so that gote sits at the bottom (true) or sente (false).
func (b *Board) SetFlipped(f bool) {
	if b.flipped == f {
		return
	}
	b.flipped = f
	b.Refresh()
}

// Flipped reports whether gote sits at the bottom.
func (b *Board) Flipped() bool { return b.flipped }

// SetNames sets the players' names shown on the stands ("" shows 先手 / 後手).
func (b *Board) SetNames(black, white string) {
	if b.names == [2]string{black, white} {
		return
	}
	b.names = [2]string{black, white}
	b.Refresh()
}

// SetMessages changes the language of the board's few words (先手, なし, 成, 不成).
func (b *Board) SetMessages(msg *Messages) {
	b.msg = msg
	b.Refresh()
}

// SetMode sets what clicks and drags do; a pending selection is cancelled.
func (b *Board) SetMode(m BoardMode) {
	b.mode = m
	b.CancelSelection()
}

// Mode returns what clicks and drags do.
func (b *Board) Mode() BoardMode { return b.mode }

// Selected returns the picked piece (SpotNone when none).
func (b *Board) Selected() Spot { return b.sel }

// SetSelection marks s as picked (the position editor's selection; in ModePlay the board
// picks pieces itself).
func (b *Board) SetSelection(s Spot) {
	b.sel = s
	b.dests = [board.NumSquares]bool{}
	b.Refresh()
}

// Destinations returns the squares the picked piece may go to.
func (b *Board) Destinations() []board.Square {
	var out []board.Square
	for s, ok := range b.dests {
		if ok {
			out = append(out, board.Square(s))
		}
	}
	return out
}

// PromotionPending reports whether the 成 / 不成 choice is shown.
func (b *Board) PromotionPending() bool { return b.promo != nil }

// CancelSelection drops the picked piece and a pending promotion choice.
func (b *Board) CancelSelection() {
	if b.sel.Kind == SpotNone && b.promo == nil && !b.drag.active {
		return
	}
	b.sel, b.promo, b.drag = Spot{}, nil, dragState{}
	b.dests = [board.NumSquares]bool{}
	b.Refresh()
}

// standRows lists the kinds in each hand in the order they are shown.
func standRows(pos *board.Position) [2][]board.PieceType {
	var rows [2][]board.PieceType
	for c := board.Black; c <= board.White; c++ {
		h := pos.Hand(c)
		for _, t := range board.HandTypes {
			if h.Count(t) > 0 {
				rows[c] = append(rows[c], t)
			}
		}
	}
	return rows
}

func (b *Board) geom() geom { return newGeom(b.Size(), b.flipped) }

// SpotCenter returns the middle of a square or of a kind on a stand in the widget's
// coordinates (tests click there).
func (b *Board) SpotCenter(s Spot) fyne.Position {
	g := b.geom()
	return g.spotCenter(s, &b.rows)
}

// SpotAt returns what the point p of the widget is over.
func (b *Board) SpotAt(p fyne.Position) Spot {
	g := b.geom()
	return g.spotAt(p, &b.rows)
}

func (b *Board) legalMoves() []board.Move {
	if !b.legalOK {
		b.legal = b.pos.LegalMoves(b.legal[:0])
		b.legalOK = true
	}
	return b.legal
}

// canPick reports whether s holds a piece the side to move may pick up.
func (b *Board) canPick(s Spot) bool {
	stm := b.pos.SideToMove()
	switch s.Kind {
	case SpotSquare:
		pc := b.pos.PieceAt(s.Square)
		return pc != board.NoPiece && pc.Color() == stm
	case SpotHand:
		return s.Color == stm && s.Type != board.NoPieceType && b.pos.Hand(s.Color).Count(s.Type) > 0
	}
	return false
}

// pick selects s and marks where it may go.
func (b *Board) pick(s Spot) {
	b.sel = s
	b.dests = [board.NumSquares]bool{}
	for _, m := range b.movesOf(s) {
		b.dests[m.To()] = true
	}
}

// movesOf returns the legal moves of the piece at s.
func (b *Board) movesOf(s Spot) []board.Move {
	var out []board.Move
	for _, m := range b.legalMoves() {
		switch {
		case s.Kind == SpotSquare && !m.IsDrop() && m.From() == s.Square,
			s.Kind == SpotHand && m.IsDrop() && m.Piece() == s.Type:
			out = append(out, m)
		}
	}
	return out
}

// tryMove moves the piece at from to to: at once when there is one legal way, through the
// promotion choice when there are two (promote or not).
func (b *Board) tryMove(from Spot, to board.Square) {
	var cands []board.Move
	for _, m := range b.movesOf(from) {
		if m.To() == to {
			cands = append(cands, m)
		}
	}
	switch len(cands) {
	case 0:
		b.CancelSelection()
	case 1:
		b.emit(cands[0])
	default:
		pc := &promotionChoice{to: to}
		for _, m := range cands {
			if m.IsPromotion() {
				pc.promote = m
			} else {
				pc.noPromote = m
			}
		}
		b.promo = pc
		b.Refresh()
	}
}

func (b *Board) emit(m board.Move) {
	b.sel, b.promo, b.drag = Spot{}, nil, dragState{}
	b.dests = [board.NumSquares]bool{}
	b.Refresh()
	if b.OnMove != nil {
		b.OnMove(m)
	}
}

// promotionRects are where the 成 and 不成 buttons of a pending choice are drawn: side by
// side over the destination and the square beside it (towards the board's middle).
func (b *Board) promotionRects(g *geom) (promote, noPromote fyne.Position, size fyne.Size) {
	p := g.squarePos(b.promo.to)
	size = g.squareSize()
	if g.col(b.promo.to) == 8 {
		return fyne.NewPos(p.X-g.u, p.Y), p, size
	}
	return p, fyne.NewPos(p.X+g.u, p.Y), size
}

func inRect(p, at fyne.Position, size fyne.Size) bool {
	return p.X >= at.X && p.Y >= at.Y && p.X < at.X+size.Width && p.Y < at.Y+size.Height
}

// Tapped is part of fyne.Tappable.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	g := b.geom()
	if b.promo != nil {
		pr, npr, size := b.promotionRects(&g)
		switch {
		case inRect(ev.Position, pr, size):
			b.emit(b.promo.promote)
		case inRect(ev.Position, npr, size):
			b.emit(b.promo.noPromote)
		default:
			b.CancelSelection()
		}
		return
	}
	s := g.spotAt(ev.Position, &b.rows)
	switch b.mode {
	case ModePlay:
		switch {
		case b.sel.Kind != SpotNone && s.Kind == SpotSquare && b.dests[s.Square]:
			b.tryMove(b.sel, s.Square)
		case b.canPick(s) && s != b.sel:
			b.pick(s)
			b.Refresh()
		default:
			b.CancelSelection()
		}
	case ModeEdit:
		if b.OnEditTap != nil {
			b.OnEditTap(s)
		}
	}
}

// TappedSecondary is part of fyne.SecondaryTappable: in ModeEdit a right-click sends a piece
// back to the box; in ModePlay it cancels the selection.
func (b *Board) TappedSecondary(ev *fyne.PointEvent) {
	switch b.mode {
	case ModeEdit:
		g := b.geom()
		if s := g.spotAt(ev.Position, &b.rows); s.Kind != SpotNone && b.OnEditRemove != nil {
			b.OnEditRemove(s)
		}
	default:
		b.CancelSelection()
	}
}

// Dragged is part of fyne.Draggable. As Fyne's desktop driver reports it, ev.Position is
// where the pointer is now and ev.Dragged how far it moved since the last event; on the
// first event the pointer was pressed at ev.Position - ev.Dragged.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if b.mode == ModeView || b.drag.ignore {
		return
	}
	if !b.drag.active {
		g := b.geom()
		start := ev.Position.Subtract(ev.Dragged)
		s := g.spotAt(start, &b.rows)
		ok := false
		switch b.mode {
		case ModePlay:
			ok = b.promo == nil && b.canPick(s)
		case ModeEdit:
			ok = (s.Kind == SpotSquare && b.pos.PieceAt(s.Square) != board.NoPiece) ||
				(s.Kind == SpotHand && s.Type != board.NoPieceType)
		}
		if !ok {
			b.drag.ignore = true
			return
		}
		b.drag = dragState{active: true, from: s}
		if b.mode == ModePlay {
			b.pick(s)
		}
	}
	b.drag.at = ev.Position
	b.Refresh()
}

// DragEnd is part of fyne.Draggable: the piece is put down where the pointer is.
func (b *Board) DragEnd() {
	d := b.drag
	b.drag = dragState{}
	if !d.active {
		return
	}
	g := b.geom()
	to := g.spotAt(d.at, &b.rows)
	switch b.mode {
	case ModePlay:
		switch {
		case to.Kind == SpotSquare && b.dests[to.Square]:
			b.tryMove(d.from, to.Square)
			return
		case to == d.from: // put back where it was: it stays picked, as after a click
		default:
			b.sel = Spot{}
			b.dests = [board.NumSquares]bool{}
		}
	case ModeEdit:
		if to != d.from && b.OnEditMove != nil {
			b.Refresh()
			b.OnEditMove(d.from, to)
			return
		}
	}
	b.Refresh()
}

// Scrolled is part of fyne.Scrollable: the wheel steps through the record.
func (b *Board) Scrolled(ev *fyne.ScrollEvent) {
	const notch = 10 // a wheel notch is 25 on Linux, 10 on macOS; touchpads send less
	b.scrolled += ev.Scrolled.DY
	step := 0
	switch {
	case b.scrolled >= notch:
		step = -1 // wheel away from the user: back
	case b.scrolled <= -notch:
		step = 1
	}
	if step == 0 {
		return
	}
	b.scrolled = 0
	if b.OnScroll != nil {
		b.OnScroll(step)
	}
}

// CreateRenderer is part of fyne.Widget.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	return newBoardRenderer(b)
}
