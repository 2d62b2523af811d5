// Package board holds the rules of shogi: squares, pieces, moves, positions,
// SFEN, legality, repetition, impasse and notation. It does no I/O.
package board

import "fmt"

// Color is the side: Black (sente, 先手, moves first in even games) or White (gote, 後手).
type Color uint8

const (
	Black Color = 0
	White Color = 1
)

// Opp returns the other side.
func (c Color) Opp() Color { return c ^ 1 }

func (c Color) String() string {
	if c == Black {
		return "black"
	}
	return "white"
}

// Mark returns ▲ for Black and △ for White, as records write them.
func (c Color) Mark() string {
	if c == Black {
		return "▲"
	}
	return "△"
}

// PieceType is a kind of piece without colour. The six promotable kinds have
// their promoted form at kind|Promoted.
type PieceType uint8

const (
	NoPieceType PieceType = iota
	Pawn
	Lance
	Knight
	Silver
	Bishop
	Rook
	Gold
	King
	ProPawn   // と
	ProLance  // 成香
	ProKnight // 成桂
	ProSilver // 成銀
	Horse     // 馬 (promoted bishop)
	Dragon    // 龍 (promoted rook)

	// Promoted is the bit that turns a promotable kind into its promoted form.
	Promoted PieceType = 8
	// NumPieceTypes bounds arrays indexed by PieceType.
	NumPieceTypes = 15
)

// HandTypes are the kinds a piece in hand can be, in the canonical SFEN order (R B G S N L P).
var HandTypes = [7]PieceType{Rook, Bishop, Gold, Silver, Knight, Lance, Pawn}

// CanPromote reports whether the kind has a promoted form.
func (t PieceType) CanPromote() bool { return t >= Pawn && t <= Rook }

// IsPromoted reports whether the kind is a promoted form.
func (t PieceType) IsPromoted() bool { return t > King }

// Promote returns the promoted kind (the kind itself if it cannot promote).
func (t PieceType) Promote() PieceType {
	if t.CanPromote() {
		return t | Promoted
	}
	return t
}

// Unpromote returns the original kind of a promoted piece (what it becomes when captured).
func (t PieceType) Unpromote() PieceType {
	if t > King {
		return t &^ Promoted
	}
	return t
}

// Valid reports whether t is a real piece kind.
func (t PieceType) Valid() bool { return t >= Pawn && t <= Dragon }

var sfenLetters = [NumPieceTypes]string{"", "P", "L", "N", "S", "B", "R", "G", "K", "+P", "+L", "+N", "+S", "+B", "+R"}

// USI returns the SFEN letter of the kind for Black (upper case), with "+" for promoted kinds.
func (t PieceType) USI() string {
	if int(t) < len(sfenLetters) {
		return sfenLetters[t]
	}
	return "?"
}

var csaNames = [NumPieceTypes]string{"", "FU", "KY", "KE", "GI", "KA", "HI", "KI", "OU", "TO", "NY", "NK", "NG", "UM", "RY"}

// CSA returns the two-letter CSA name (FU, KY, …, RY).
func (t PieceType) CSA() string {
	if int(t) < len(csaNames) {
		return csaNames[t]
	}
	return "??"
}

// PieceTypeFromCSA parses a CSA piece name; ok is false if it is unknown.
func PieceTypeFromCSA(s string) (PieceType, bool) {
	for t, n := range csaNames {
		if t > 0 && n == s {
			return PieceType(t), true
		}
	}
	return NoPieceType, false
}

// KIF names (one or two characters) used in KIF move text.
var kifNames = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "成香", "成桂", "成銀", "馬", "龍"}

// Kanji returns the name used in KIF/KI2 move text (歩, 香, …, 成香, 馬, 龍).
func (t PieceType) Kanji() string {
	if int(t) < len(kifNames) {
		return kifNames[t]
	}
	return "?"
}

// One-character names used on board diagrams (BOD) and drawn on pieces.
var shortNames = [NumPieceTypes]string{"", "歩", "香", "桂", "銀", "角", "飛", "金", "玉", "と", "杏", "圭", "全", "馬", "龍"}

// ShortKanji returns the one-character name used on board diagrams and piece faces (杏, 圭, 全 for promoted lance, knight, silver).
func (t PieceType) ShortKanji() string {
	if int(t) < len(shortNames) {
		return shortNames[t]
	}
	return "?"
}

func (t PieceType) String() string { return t.USI() }

// Piece is a coloured piece on the board; the zero value is an empty square.
type Piece uint8

// NoPiece is an empty square.
const NoPiece Piece = 0

// NewPiece makes a piece of kind t and colour c.
func NewPiece(c Color, t PieceType) Piece { return Piece(uint8(c)<<4 | uint8(t)) }

// Type returns the kind of the piece.
func (p Piece) Type() PieceType { return PieceType(p & 15) }

// Color returns the colour of the piece (meaningless for NoPiece).
func (p Piece) Color() Color { return Color(p >> 4) }

// USI returns the SFEN letter(s): upper case for Black, lower case for White, "+" for promoted.
func (p Piece) USI() string {
	if p == NoPiece {
		return "."
	}
	s := p.Type().USI()
	if p.Color() == White {
		b := []byte(s)
		b[len(b)-1] += 'a' - 'A'
		s = string(b)
	}
	return s
}

func (p Piece) String() string { return p.USI() }

// Square is one of the 81 squares. Its index is (file-1)*9 + (rank-1), where
// file 1..9 is counted from Black's right and rank 1..9 (一..九) from White's side.
type Square int8

// NoSquare is the absence of a square (for example the origin of a drop).
const NoSquare Square = -1

// NumSquares is the number of squares on the board.
const NumSquares = 81

// NewSquare returns the square at file 1..9 and rank 1..9.
func NewSquare(file, rank int) Square { return Square((file-1)*9 + rank - 1) }

// File returns 1..9.
func (s Square) File() int { return int(s)/9 + 1 }

// Rank returns 1..9 (1 = 一, White's back rank).
func (s Square) Rank() int { return int(s)%9 + 1 }

// Valid reports whether s is on the board.
func (s Square) Valid() bool { return s >= 0 && s < NumSquares }

// USI returns the square in USI form, file digit then rank letter: "7g".
func (s Square) USI() string {
	if !s.Valid() {
		return "??"
	}
	return string([]byte{byte('0' + s.File()), byte('a' + s.Rank() - 1)})
}

func (s Square) String() string { return s.USI() }

// ParseSquare reads a USI square such as "7g".
func ParseSquare(str string) (Square, error) {
	if len(str) != 2 || str[0] < '1' || str[0] > '9' || str[1] < 'a' || str[1] > 'i' {
		return NoSquare, fmt.Errorf("bad square %q: want a file digit 1-9 and a rank letter a-i, like \"7g\"", str)
	}
	return NewSquare(int(str[0]-'0'), int(str[1]-'a'+1)), nil
}

// RelRank returns the rank counted from c's side of the board facing forward:
// 1 is the far rank (where c's pawns promote last), 9 is c's own back rank.
func RelRank(c Color, s Square) int {
	r := s.Rank()
	if c == White {
		return 10 - r
	}
	return r
}

// InPromotionZone reports whether s is in the three far ranks for c.
func InPromotionZone(c Color, s Square) bool { return RelRank(c, s) <= 3 }
