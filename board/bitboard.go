package board

import "math/bits"

// Bitboard is a set of squares: squares 0..62 (files 1..7) in lo, 63..80 (files 8..9) in hi.
type Bitboard struct {
	lo, hi uint64
}

const (
	loMask = (uint64(1) << 63) - 1
	hiMask = (uint64(1) << 18) - 1
)

// Full is the set of all 81 squares.
var Full = Bitboard{loMask, hiMask}

// squareBB is initialised before any init function runs, since the attack tables are built from it.
var squareBB = func() (t [NumSquares]Bitboard) {
	for s := 0; s < NumSquares; s++ {
		if s < 63 {
			t[s] = Bitboard{lo: 1 << uint(s)}
		} else {
			t[s] = Bitboard{hi: 1 << uint(s-63)}
		}
	}
	return t
}()

// SquareBB returns the set holding only s.
func SquareBB(s Square) Bitboard { return squareBB[s] }

func (b Bitboard) And(o Bitboard) Bitboard    { return Bitboard{b.lo & o.lo, b.hi & o.hi} }
func (b Bitboard) Or(o Bitboard) Bitboard     { return Bitboard{b.lo | o.lo, b.hi | o.hi} }
func (b Bitboard) Xor(o Bitboard) Bitboard    { return Bitboard{b.lo ^ o.lo, b.hi ^ o.hi} }
func (b Bitboard) AndNot(o Bitboard) Bitboard { return Bitboard{b.lo &^ o.lo, b.hi &^ o.hi} }
func (b Bitboard) Not() Bitboard              { return Bitboard{^b.lo & loMask, ^b.hi & hiMask} }
func (b Bitboard) IsZero() bool               { return b.lo|b.hi == 0 }
func (b Bitboard) NonZero() bool              { return b.lo|b.hi != 0 }
func (b Bitboard) Count() int                 { return bits.OnesCount64(b.lo) + bits.OnesCount64(b.hi) }

// Has reports whether s is in the set.
func (b Bitboard) Has(s Square) bool {
	if s < 63 {
		return b.lo>>uint(s)&1 != 0
	}
	return b.hi>>uint(s-63)&1 != 0
}

// More than one square in the set.
func (b Bitboard) Many() bool {
	if b.lo != 0 {
		return b.lo&(b.lo-1) != 0 || b.hi != 0
	}
	return b.hi&(b.hi-1) != 0
}

// First returns the lowest square of a non-empty set.
func (b Bitboard) First() Square {
	if b.lo != 0 {
		return Square(bits.TrailingZeros64(b.lo))
	}
	return Square(63 + bits.TrailingZeros64(b.hi))
}

// Pop removes and returns the lowest square of a non-empty set.
func (b *Bitboard) Pop() Square {
	if b.lo != 0 {
		s := Square(bits.TrailingZeros64(b.lo))
		b.lo &= b.lo - 1
		return s
	}
	s := Square(63 + bits.TrailingZeros64(b.hi))
	b.hi &= b.hi - 1
	return s
}

func (b *Bitboard) set(s Square)   { *b = b.Or(squareBB[s]) }
func (b *Bitboard) clear(s Square) { *b = b.AndNot(squareBB[s]) }

// Squares lists the squares of the set in ascending order.
func (b Bitboard) Squares() []Square {
	out := make([]Square, 0, b.Count())
	for b.NonZero() {
		out = append(out, b.Pop())
	}
	return out
}

// String draws the set as 9 rows, file 9 on the left as on a diagram.
func (b Bitboard) String() string {
	buf := make([]byte, 0, 90)
	for r := 1; r <= 9; r++ {
		for f := 9; f >= 1; f-- {
			if b.Has(NewSquare(f, r)) {
				buf = append(buf, '*')
			} else {
				buf = append(buf, '.')
			}
		}
		buf = append(buf, '\n')
	}
	return string(buf)
}
