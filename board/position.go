package board

import "fmt"

// Hand holds the count of each kind of piece in hand, indexed by PieceType (Pawn..Gold).
type Hand [8]uint8

// Count returns how many pieces of kind t are in the hand.
func (h Hand) Count(t PieceType) int {
	if t < Pawn || t > Gold {
		return 0
	}
	return int(h[t])
}

// IsEmpty reports whether the hand holds nothing.
func (h Hand) IsEmpty() bool {
	for t := Pawn; t <= Gold; t++ {
		if h[t] != 0 {
			return false
		}
	}
	return true
}

// Total returns the number of pieces in the hand.
func (h Hand) Total() int {
	n := 0
	for t := Pawn; t <= Gold; t++ {
		n += int(h[t])
	}
	return n
}

// Position is a shogi position: the board, both hands, the side to move and the move number.
// It is a value: copy it to keep a position before playing a move on it.
type Position struct {
	board   [NumSquares]Piece
	byColor [2]Bitboard
	byType  [NumPieceTypes]Bitboard
	lines   lineOcc
	hands   [2]Hand
	kings   [2]Square
	side    Color
	ply     int
	hash    uint64
}

// Zobrist keys.
var (
	zobPiece [32][NumSquares]uint64
	zobHand  [2][8][maxHandCount + 1]uint64
	zobSide  uint64
)

func init() {
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for p := range zobPiece {
		for s := range zobPiece[p] {
			zobPiece[p][s] = next()
		}
	}
	for c := range zobHand {
		for t := range zobHand[c] {
			for n := range zobHand[c][t] {
				zobHand[c][t][n] = next()
			}
		}
	}
	zobSide = next()
}

// ZobristPiece is the hash key of the piece pc on s. Hash is the XOR of the keys of the
// pieces on the board, of the hands and, with White to move, ZobristWhite: a search that
// keys positions by their board and side alone (its hands stored apart) XORs these two.
func ZobristPiece(pc Piece, s Square) uint64 { return zobPiece[pc][s] }

// ZobristWhite is the hash key of White to move (see ZobristPiece).
func ZobristWhite() uint64 { return zobSide }

// CanDrop reports whether the side to move may drop a piece of kind t (which it holds) on
// the empty square s as far as dead squares and 二歩 (a second unpromoted pawn on a file) go:
// only 打ち歩詰め (a pawn drop that mates) is left to check.
func (p *Position) CanDrop(t PieceType, s Square) bool {
	us := p.side
	if moveDeadZone[us][t].Has(s) {
		return false
	}
	return t != Pawn || p.Pieces(us, Pawn).And(fileBB[s.File()]).IsZero()
}

// NewEmptyPosition returns an empty board with Black to move and move number 1.
func NewEmptyPosition() *Position {
	p := &Position{ply: 1}
	p.kings = [2]Square{NoSquare, NoSquare}
	p.rehash()
	return p
}

func (p *Position) rehash() {
	var h uint64
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != NoPiece {
			h ^= zobPiece[pc][s]
		}
	}
	for c := Black; c <= White; c++ {
		for t := Pawn; t <= Gold; t++ {
			h ^= zobHand[c][t][p.hands[c][t]]
		}
	}
	if p.side == White {
		h ^= zobSide
	}
	p.hash = h
}

// PieceAt returns the piece on s (NoPiece if empty).
func (p *Position) PieceAt(s Square) Piece { return p.board[s] }

// Hand returns c's pieces in hand.
func (p *Position) Hand(c Color) Hand { return p.hands[c] }

// SideToMove returns the side that moves next.
func (p *Position) SideToMove() Color { return p.side }

// MoveNumber returns the SFEN move number (1 for the first move of a game).
func (p *Position) MoveNumber() int { return p.ply }

// KingSquare returns c's king's square, or NoSquare if c has no king (tsume positions).
func (p *Position) KingSquare(c Color) Square { return p.kings[c] }

// Hash returns the Zobrist hash of board, hands and side to move (not the move number).
func (p *Position) Hash() uint64 { return p.hash }

// Occupied returns the set of occupied squares.
func (p *Position) Occupied() Bitboard { return p.byColor[Black].Or(p.byColor[White]) }

// Pieces returns the squares holding c's pieces of kind t.
func (p *Position) Pieces(c Color, t PieceType) Bitboard { return p.byType[t].And(p.byColor[c]) }

// ColorPieces returns the squares holding c's pieces.
func (p *Position) ColorPieces(c Color) Bitboard { return p.byColor[c] }

// SamePosition reports whether two positions have the same board, hands and side to move.
func (p *Position) SamePosition(q *Position) bool {
	return p.hash == q.hash && p.board == q.board && p.hands == q.hands && p.side == q.side
}

func (p *Position) put(s Square, pc Piece) {
	p.board[s] = pc
	c, t := pc.Color(), pc.Type()
	p.byColor[c].set(s)
	p.byType[t].set(s)
	p.lines.toggle(s)
	p.hash ^= zobPiece[pc][s]
	if t == King {
		p.kings[c] = s
	}
}

func (p *Position) remove(s Square) {
	pc := p.board[s]
	p.board[s] = NoPiece
	c, t := pc.Color(), pc.Type()
	p.byColor[c].clear(s)
	p.byType[t].clear(s)
	p.lines.toggle(s)
	p.hash ^= zobPiece[pc][s]
	if t == King {
		p.kings[c] = NoSquare
	}
}

func (p *Position) addHand(c Color, t PieceType, delta int) {
	n := int(p.hands[c][t])
	p.hash ^= zobHand[c][t][n] ^ zobHand[c][t][n+delta]
	p.hands[c][t] = uint8(n + delta)
}

// SetPiece puts pc on s (NoPiece empties it). For position editing; the result is not checked.
func (p *Position) SetPiece(s Square, pc Piece) {
	if p.board[s] != NoPiece {
		p.remove(s)
	}
	if pc != NoPiece {
		if pc.Type() == King && p.kings[pc.Color()] != NoSquare {
			p.remove(p.kings[pc.Color()])
		}
		p.put(s, pc)
	}
}

// SetHandCount sets how many pieces of kind t (Pawn..Gold) c holds. For position
// editing. A kind that can't be in hand, or a count below 0 or above what a set has,
// changes nothing and is reported.
func (p *Position) SetHandCount(c Color, t PieceType, n int) error {
	if t < Pawn || t > Gold {
		return fmt.Errorf("%s cannot be in hand", t.Kanji())
	}
	if n < 0 || n > maxCount[t] {
		return fmt.Errorf("%d %s in hand: want 0 to %d", n, t.Kanji(), maxCount[t])
	}
	p.addHand(c, t, n-int(p.hands[c][t]))
	return nil
}

// SetSideToMove sets the side to move. For position editing.
func (p *Position) SetSideToMove(c Color) {
	if p.side != c {
		p.side = c
		p.hash ^= zobSide
	}
}

// SetMoveNumber sets the SFEN move number.
func (p *Position) SetMoveNumber(n int) { p.ply = n }

// maxHandCount bounds the pieces of one kind in one hand (a set has 18 pawns; lenient SFENs may have more).
const maxHandCount = 38

// maxCount is how many pieces of each (unpromoted) kind exist in a set.
var maxCount = [9]int{0, 18, 4, 4, 4, 2, 2, 4, 2}

// Do plays m, which must be legal (or at least pseudo-legal) in p.
func (p *Position) Do(m Move) {
	us := p.side
	to := m.To()
	if m.IsDrop() {
		t := m.Piece()
		p.addHand(us, t, -1)
		p.put(to, NewPiece(us, t))
	} else {
		from := m.From()
		pc := p.board[from]
		p.remove(from)
		if cap := p.board[to]; cap != NoPiece {
			p.remove(to)
			p.addHand(us, cap.Type().Unpromote(), 1)
		}
		if m.IsPromotion() {
			pc = NewPiece(us, pc.Type().Promote())
		}
		p.put(to, pc)
	}
	p.side = us.Opp()
	p.hash ^= zobSide
	p.ply++
}

// HashAfter returns the hash of the position after m (legal in p) without playing it: a
// search asks for the transposition table's entry early, while it makes the move.
func (p *Position) HashAfter(m Move) uint64 {
	us := p.side
	h := p.hash ^ zobSide
	to := m.To()
	t := m.Piece()
	if m.IsDrop() {
		n := p.hands[us][t]
		return h ^ zobHand[us][t][n] ^ zobHand[us][t][n-1] ^ zobPiece[NewPiece(us, t)][to]
	}
	pc := p.board[m.From()]
	h ^= zobPiece[pc][m.From()]
	if cap := p.board[to]; cap != NoPiece {
		u := cap.Type().Unpromote()
		n := p.hands[us][u]
		h ^= zobPiece[cap][to] ^ zobHand[us][u][n] ^ zobHand[us][u][n+1]
	}
	if m.IsPromotion() {
		pc = NewPiece(us, pc.Type().Promote())
	}
	return h ^ zobPiece[pc][to]
}

// Play returns the position after m, leaving p unchanged.
func (p *Position) Play(m Move) *Position {
	q := *p
	q.Do(m)
	return &q
}

// Clone returns a copy of p.
func (p *Position) Clone() *Position {
	q := *p
	return &q
}
