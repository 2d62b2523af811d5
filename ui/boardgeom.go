package ui

import (
	"fyne.io/fyne/v2"

	"banmen/board"
)

// The board drawing is measured in units of one square's width (u); a square is 1.1u tall,
// as on a real board. From left to right: the stand of the player at the top, the board
// (with the file numbers above it and the rank numbers on its right), the stand of the
// player at the bottom.
const (
	squareAspect = 1.1
	boardPad     = 0.22 // wood around the grid
	labelBand    = 0.62 // the file numbers above the grid and the rank numbers right of it
	standW       = 2.5
	standGap     = 0.35
	standRowH    = 0.98
	standHeaderH = 0.78
	totalW       = standW + standGap + 9 + 2*boardPad + labelBand + standGap + standW
	totalH       = labelBand + 9*squareAspect + 2*boardPad
	standH       = standHeaderH + 7*standRowH + 0.22
	handPieceW   = 0.82 // a piece on a stand, in u
)

// SpotKind says what a Spot is.
type SpotKind uint8

const (
	SpotNone   SpotKind = iota // nowhere: off the board and the stands
	SpotSquare                 // a square of the board
	SpotHand                   // a stand, or one kind of piece on it
)

// Spot is a place on the board widget a user can point at: a square, a kind of piece on a
// stand (Type set), or a stand itself (Type NoPieceType).
type Spot struct {
	Kind   SpotKind
	Square board.Square    // for SpotSquare
	Color  board.Color     // for SpotHand: whose stand
	Type   board.PieceType // for SpotHand: the kind on it, or NoPieceType for the stand
}

// SquareSpot is the spot of square s.
func SquareSpot(s board.Square) Spot { return Spot{Kind: SpotSquare, Square: s} }

// HandSpot is the spot of kind t on c's stand (t NoPieceType: the stand itself).
func HandSpot(c board.Color, t board.PieceType) Spot { return Spot{Kind: SpotHand, Color: c, Type: t} }

// geom is where everything is for one size of the widget.
type geom struct {
	flipped bool
	u, h    float32 // a square's width and height
	ox, oy  float32 // top left of the whole drawing
	bx, by  float32 // top left of the board's wood (the label band above included)
	bw, bh  float32 // size of the wood
	gx, gy  float32 // top left of the grid
	stand   [2]fyne.Position
}

func newGeom(size fyne.Size, flipped bool) geom {
	u := min(size.Width/totalW, size.Height/totalH)
	g := geom{flipped: flipped, u: u, h: u * squareAspect}
	if u <= 0 {
		return g
	}
	g.ox = (size.Width - totalW*u) / 2
	g.oy = (size.Height - totalH*u) / 2
	g.bx, g.by = g.ox+(standW+standGap)*u, g.oy
	g.bw = (9 + 2*boardPad + labelBand) * u
	g.bh = labelBand*u + 9*g.h + 2*boardPad*u
	g.gx, g.gy = g.bx+boardPad*u, g.by+(labelBand+boardPad)*u
	top, bottom := board.White, board.Black
	if flipped {
		top, bottom = bottom, top
	}
	// The top player's stand beside the top of the grid, the bottom player's beside its foot.
	g.stand[top] = fyne.NewPos(g.ox, g.gy)
	g.stand[bottom] = fyne.NewPos(g.ox+totalW*u-standW*u, g.gy+9*g.h-standH*u)
	return g
}

// col and row are where square s is drawn: 0..8 from the left and from the top.
func (g *geom) col(s board.Square) int {
	if g.flipped {
		return s.File() - 1
	}
	return 9 - s.File()
}

func (g *geom) row(s board.Square) int {
	if g.flipped {
		return 9 - s.Rank()
	}
	return s.Rank() - 1
}

// squareAtCell is the square drawn at col, row.
func (g *geom) squareAtCell(col, row int) board.Square {
	if g.flipped {
		return board.NewSquare(col+1, 9-row)
	}
	return board.NewSquare(9-col, row+1)
}

// squarePos is the top left of square s.
func (g *geom) squarePos(s board.Square) fyne.Position {
	return fyne.NewPos(g.gx+float32(g.col(s))*g.u, g.gy+float32(g.row(s))*g.h)
}

func (g *geom) squareSize() fyne.Size { return fyne.NewSize(g.u, g.h) }

// fileLabel is the file number written above column col.
func (g *geom) fileLabel(col int) int {
	if g.flipped {
		return col + 1
	}
	return 9 - col
}

// rankLabel is the rank written beside row.
func (g *geom) rankLabel(row int) int {
	if g.flipped {
		return 9 - row
	}
	return row + 1
}

func (g *geom) standSize() fyne.Size { return fyne.NewSize(standW*g.u, standH*g.u) }

// handRowPos is the top left of row i (0..6) of c's stand.
func (g *geom) handRowPos(c board.Color, i int) fyne.Position {
	p := g.stand[c]
	return fyne.NewPos(p.X+0.22*g.u, p.Y+(standHeaderH+float32(i)*standRowH)*g.u)
}

// spotAt is what the point p of the widget is over. rows lists the kinds shown on each
// stand, row by row.
func (g *geom) spotAt(p fyne.Position, rows *[2][]board.PieceType) Spot {
	if g.u <= 0 {
		return Spot{}
	}
	if p.X >= g.gx && p.Y >= g.gy && p.X < g.gx+9*g.u && p.Y < g.gy+9*g.h {
		col := int((p.X - g.gx) / g.u)
		row := int((p.Y - g.gy) / g.h)
		return SquareSpot(g.squareAtCell(min(col, 8), min(row, 8)))
	}
	for c := board.Black; c <= board.White; c++ {
		s := g.stand[c]
		sz := g.standSize()
		if p.X < s.X || p.Y < s.Y || p.X >= s.X+sz.Width || p.Y >= s.Y+sz.Height {
			continue
		}
		i := int((p.Y - s.Y - standHeaderH*g.u) / (standRowH * g.u))
		if p.Y-s.Y >= standHeaderH*g.u && i >= 0 && i < len(rows[c]) {
			return HandSpot(c, rows[c][i])
		}
		return HandSpot(c, board.NoPieceType)
	}
	return Spot{}
}

// spotCenter is the middle of a square or of a row of a stand, for tests and the drag image.
func (g *geom) spotCenter(s Spot, rows *[2][]board.PieceType) fyne.Position {
	switch s.Kind {
	case SpotSquare:
		p := g.squarePos(s.Square)
		return fyne.NewPos(p.X+g.u/2, p.Y+g.h/2)
	case SpotHand:
		for i, t := range rows[s.Color] {
			if t == s.Type {
				p := g.handRowPos(s.Color, i)
				return fyne.NewPos(p.X+handPieceW*g.u/2, p.Y+handPieceW*squareAspect*g.u/2)
			}
		}
		p := g.stand[s.Color]
		return fyne.NewPos(p.X+standW*g.u/2, p.Y+standH*g.u/2)
	}
	return fyne.NewPos(-1, -1)
}
