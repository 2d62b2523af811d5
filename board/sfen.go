package board

import (
	"fmt"
	"strconv"
	"strings"
)

// StartSFEN is the standard starting position.
const StartSFEN = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

// NewStartPosition returns the standard starting position.
func NewStartPosition() *Position {
	p, err := ParseSFEN(StartSFEN)
	if err != nil {
		panic(err)
	}
	return p
}

// SFENError says what is wrong with an SFEN and where.
type SFENError struct {
	SFEN   string
	Field  string // "board", "side to move", "hands", "move number"
	Reason string
	// Japanese is the reason in Japanese, for the problems a position editor can make
	// (two kings, a piece that can never move, 二歩, too many pieces, the side not to move
	// in check); "" for the others.
	Japanese string
}

// colorJa names a side as records do.
func colorJa(c Color) string {
	if c == Black {
		return "先手"
	}
	return "後手"
}

func (e *SFENError) Error() string {
	return fmt.Sprintf("bad SFEN %q: %s: %s", e.SFEN, e.Field, e.Reason)
}

var letterType = map[byte]PieceType{
	'P': Pawn, 'L': Lance, 'N': Knight, 'S': Silver, 'B': Bishop, 'R': Rook, 'G': Gold, 'K': King,
}

// ParseSFEN reads a position in SFEN ("<board> <b|w> <hands|-> [<move number>]").
// A leading "sfen " and the word "startpos" are accepted too. The position must be
// one that can occur: piece counts, dead pieces, two pawns on a file and a side not to
// move that is in check are all reported with what is wrong and where.
func ParseSFEN(s string) (*Position, error) { return ParseSFENWith(s, SFENOptions{}) }

// SFENOptions relaxes ParseSFEN's checks.
type SFENOptions struct {
	// AllowExtraPieces accepts more pieces of a kind than a set has (some perft and
	// composed positions have three rooks or a hand of 20 pawns).
	AllowExtraPieces bool
}

// ParseSFENWith is ParseSFEN with some checks relaxed.
func ParseSFENWith(s string, opt SFENOptions) (*Position, error) {
	orig := s
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "sfen ")
	if s == "startpos" {
		s = StartSFEN
	}
	fields := strings.Fields(s)
	fail := func(field, format string, args ...any) (*Position, error) {
		return nil, &SFENError{SFEN: orig, Field: field, Reason: fmt.Sprintf(format, args...)}
	}
	failJa := func(field, ja, format string, args ...any) (*Position, error) {
		return nil, &SFENError{SFEN: orig, Field: field, Reason: fmt.Sprintf(format, args...), Japanese: ja}
	}
	if len(fields) < 3 || len(fields) > 4 {
		return fail("fields", "want 3 or 4 fields separated by spaces (board, side to move, hands, move number), got %d", len(fields))
	}
	p := NewEmptyPosition()
	ranks := strings.Split(fields[0], "/")
	if len(ranks) != 9 {
		return fail("board", "want 9 ranks separated by '/', got %d", len(ranks))
	}
	var counts [2][9]int // per colour, per unpromoted kind
	for r, row := range ranks {
		file := 9
		promoted := false
		for i := 0; i < len(row); i++ {
			ch := row[i]
			switch {
			case ch >= '1' && ch <= '9':
				if promoted {
					return fail("board", "rank %d: '+' must be followed by a piece letter", r+1)
				}
				file -= int(ch - '0')
				if file < 0 {
					return fail("board", "rank %d has more than 9 files", r+1)
				}
			case ch == '+':
				if promoted {
					return fail("board", "rank %d: '++'", r+1)
				}
				promoted = true
			default:
				c := Black
				up := ch
				if ch >= 'a' && ch <= 'z' {
					c = White
					up = ch - 'a' + 'A'
				}
				t, ok := letterType[up]
				if !ok {
					return fail("board", "rank %d: unknown piece letter %q", r+1, ch)
				}
				if promoted {
					if !t.CanPromote() {
						return fail("board", "rank %d: %q cannot be promoted", r+1, ch)
					}
					t = t.Promote()
					promoted = false
				}
				if file < 1 {
					return fail("board", "rank %d has more than 9 files", r+1)
				}
				sq := NewSquare(file, r+1)
				if t == King && p.kings[c] != NoSquare {
					return failJa("board", colorJa(c)+"の玉が2枚あります", "%s has two kings", c)
				}
				if t <= Knight && moveDeadZone[c][t].Has(sq) {
					return failJa("board", fmt.Sprintf("%sの%s（%s）はもう動けません", colorJa(c), t.Kanji(), JapaneseSquare(sq)),
						"%s %s on %s can never move", c, t.Kanji(), sq)
				}
				counts[c][t.Unpromote()]++
				p.put(sq, NewPiece(c, t))
				file--
			}
		}
		if promoted {
			return fail("board", "rank %d ends with '+'", r+1)
		}
		if file != 0 {
			return fail("board", "rank %d has %d files, want 9", r+1, 9-file)
		}
	}
	// two unpromoted pawns of one colour on a file
	for c := Black; c <= White; c++ {
		for f := 1; f <= 9; f++ {
			if p.Pieces(c, Pawn).And(fileBB[f]).Many() {
				return failJa("board", fmt.Sprintf("%sの歩が%d筋に2枚あります（二歩）", colorJa(c), f), "%s has two pawns on file %d (二歩)", c, f)
			}
		}
	}
	switch fields[1] {
	case "b":
		p.side = Black
	case "w":
		p.side = White
		p.hash ^= zobSide
	default:
		return fail("side to move", "want 'b' or 'w', got %q", fields[1])
	}
	if fields[2] != "-" {
		n := 0
		digits := false
		h := fields[2]
		for i := 0; i < len(h); i++ {
			ch := h[i]
			if ch >= '0' && ch <= '9' {
				n = n*10 + int(ch-'0')
				digits = true
				if n > maxHandCount {
					return fail("hands", "count %d is more than any hand can hold", n)
				}
				continue
			}
			c := Black
			up := ch
			if ch >= 'a' && ch <= 'z' {
				c = White
				up = ch - 'a' + 'A'
			}
			t, ok := letterType[up]
			if !ok || t == King {
				return fail("hands", "%q is not a piece that can be in hand", ch)
			}
			if digits && n == 0 {
				return fail("hands", "a count of 0 before %q", ch)
			}
			if !digits {
				n = 1
			}
			counts[c][t] += n
			if counts[c][t]+counts[c.Opp()][t] > maxCount[t] && !opt.AllowExtraPieces {
				return failJa("hands", fmt.Sprintf("%sが駒の数（%d枚）より多くあります", t.Kanji(), maxCount[t]), "more %s than a set has (%d)", t.Kanji(), maxCount[t])
			}
			if int(p.hands[c][t])+n > maxHandCount {
				return fail("hands", "more than %d %s in one hand", maxHandCount, t.Kanji())
			}
			p.addHand(c, t, n)
			n, digits = 0, false
		}
		if digits {
			return fail("hands", "a count with no piece after it")
		}
	}
	for t := Pawn; t <= King; t++ {
		if total := counts[Black][t] + counts[White][t]; total > maxCount[t] && (!opt.AllowExtraPieces || t == King) {
			return failJa("board", fmt.Sprintf("%sが合わせて%d枚ありますが、%d枚しかありません", t.Kanji(), total, maxCount[t]),
				"%d %s in all, but only %d exist", total, t.Kanji(), maxCount[t])
		}
	}
	if len(fields) == 4 {
		n, err := strconv.Atoi(fields[3])
		if err != nil || n < 1 {
			return fail("move number", "want a positive number, got %q", fields[3])
		}
		p.ply = n
	}
	if k := p.kings[p.side.Opp()]; k != NoSquare && p.IsAttacked(k, p.side) {
		return failJa("board", "手番でない"+colorJa(p.side.Opp())+"に王手がかかっています", "%s, not to move, is in check", p.side.Opp())
	}
	return p, nil
}

// SFEN writes the position as SFEN with hands in the canonical order.
func (p *Position) SFEN() string {
	var b strings.Builder
	for r := 1; r <= 9; r++ {
		empty := 0
		for f := 9; f >= 1; f-- {
			pc := p.board[NewSquare(f, r)]
			if pc == NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				b.WriteByte(byte('0' + empty))
				empty = 0
			}
			b.WriteString(pc.USI())
		}
		if empty > 0 {
			b.WriteByte(byte('0' + empty))
		}
		if r < 9 {
			b.WriteByte('/')
		}
	}
	if p.side == Black {
		b.WriteString(" b ")
	} else {
		b.WriteString(" w ")
	}
	b.WriteString(p.HandsSFEN())
	b.WriteByte(' ')
	b.WriteString(strconv.Itoa(p.ply))
	return b.String()
}

// HandsSFEN writes both hands in SFEN ("-" when both are empty).
func (p *Position) HandsSFEN() string {
	var b strings.Builder
	for c := Black; c <= White; c++ {
		for _, t := range HandTypes {
			n := p.hands[c][t]
			if n == 0 {
				continue
			}
			if n > 1 {
				b.WriteString(strconv.Itoa(int(n)))
			}
			l := t.USI()
			if c == White {
				l = strings.ToLower(l)
			}
			b.WriteString(l)
		}
	}
	if b.Len() == 0 {
		return "-"
	}
	return b.String()
}

// String returns the SFEN.
func (p *Position) String() string { return p.SFEN() }
