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
	sp := &sfenParser{orig: s, opt: opt}
	s = strings.TrimSpace(s)
	s = strings.TrimPrefix(s, "sfen ")
	if s == "startpos" {
		s = StartSFEN
	}
	fields := strings.Fields(s)
	if len(fields) < 3 || len(fields) > 4 {
		return nil, sp.fail("fields", "want 3 or 4 fields separated by spaces (board, side to move, hands, move number), got %d", len(fields))
	}
	sp.p = NewEmptyPosition()
	if err := sp.board(fields[0]); err != nil {
		return nil, err
	}
	if err := sp.sideToMove(fields[1]); err != nil {
		return nil, err
	}
	if fields[2] != "-" {
		if err := sp.hands(fields[2]); err != nil {
			return nil, err
		}
	}
	if err := sp.checkTotals(); err != nil {
		return nil, err
	}
	if len(fields) == 4 {
		if err := sp.moveNumber(fields[3]); err != nil {
			return nil, err
		}
	}
	p := sp.p
	if k := p.kings[p.side.Opp()]; k != NoSquare && p.IsAttacked(k, p.side) {
		return nil, sp.failJa("board", "手番でない"+colorJa(p.side.Opp())+"に王手がかかっています", "%s, not to move, is in check", p.side.Opp())
	}
	return p, nil
}

// sfenParser holds ParseSFENWith's state while it reads the fields in turn.
type sfenParser struct {
	orig   string // the SFEN as given, for errors
	opt    SFENOptions
	p      *Position
	counts [2][9]int // pieces seen so far, per colour, per unpromoted kind
}

func (sp *sfenParser) fail(field, format string, args ...any) error {
	return &SFENError{SFEN: sp.orig, Field: field, Reason: fmt.Sprintf(format, args...)}
}

func (sp *sfenParser) failJa(field, ja, format string, args ...any) error {
	return &SFENError{SFEN: sp.orig, Field: field, Reason: fmt.Sprintf(format, args...), Japanese: ja}
}

// pieceLetter reads an SFEN piece letter: upper case is Black, lower case White.
func pieceLetter(ch byte) (Color, PieceType, bool) {
	c := Black
	if ch >= 'a' && ch <= 'z' {
		c = White
		ch = ch - 'a' + 'A'
	}
	t, ok := letterType[ch]
	return c, t, ok
}

// board reads the board field: nine ranks separated by '/', then no 二歩.
func (sp *sfenParser) board(field string) error {
	ranks := strings.Split(field, "/")
	if len(ranks) != 9 {
		return sp.fail("board", "want 9 ranks separated by '/', got %d", len(ranks))
	}
	for r, row := range ranks {
		if err := sp.rank(r+1, row); err != nil {
			return err
		}
	}
	// two unpromoted pawns of one colour on a file
	for c := Black; c <= White; c++ {
		for f := 1; f <= 9; f++ {
			if sp.p.Pieces(c, Pawn).And(fileBB[f]).Many() {
				return sp.failJa("board", fmt.Sprintf("%sの歩が%d筋に2枚あります（二歩）", colorJa(c), f), "%s has two pawns on file %d (二歩)", c, f)
			}
		}
	}
	return nil
}

// rank reads one rank of the board field, file 9 first, and puts its pieces.
func (sp *sfenParser) rank(rank int, row string) error {
	file := 9
	promoted := false
	for i := 0; i < len(row); i++ {
		ch := row[i]
		switch {
		case ch >= '1' && ch <= '9':
			if promoted {
				return sp.fail("board", "rank %d: '+' must be followed by a piece letter", rank)
			}
			file -= int(ch - '0')
			if file < 0 {
				return sp.fail("board", "rank %d has more than 9 files", rank)
			}
		case ch == '+':
			if promoted {
				return sp.fail("board", "rank %d: '++'", rank)
			}
			promoted = true
		default:
			c, t, ok := pieceLetter(ch)
			if !ok {
				return sp.fail("board", "rank %d: unknown piece letter %q", rank, ch)
			}
			if promoted {
				if !t.CanPromote() {
					return sp.fail("board", "rank %d: %q cannot be promoted", rank, ch)
				}
				t = t.Promote()
				promoted = false
			}
			if file < 1 {
				return sp.fail("board", "rank %d has more than 9 files", rank)
			}
			if err := sp.put(NewSquare(file, rank), c, t); err != nil {
				return err
			}
			file--
		}
	}
	if promoted {
		return sp.fail("board", "rank %d ends with '+'", rank)
	}
	if file != 0 {
		return sp.fail("board", "rank %d has %d files, want 9", rank, 9-file)
	}
	return nil
}

// put places a piece read from the board field, refusing a second king and a piece that
// could never move.
func (sp *sfenParser) put(sq Square, c Color, t PieceType) error {
	if t == King && sp.p.kings[c] != NoSquare {
		return sp.failJa("board", colorJa(c)+"の玉が2枚あります", "%s has two kings", c)
	}
	if t <= Knight && moveDeadZone[c][t].Has(sq) {
		return sp.failJa("board", fmt.Sprintf("%sの%s（%s）はもう動けません", colorJa(c), t.Kanji(), JapaneseSquare(sq)),
			"%s %s on %s can never move", c, t.Kanji(), sq)
	}
	sp.counts[c][t.Unpromote()]++
	sp.p.put(sq, NewPiece(c, t))
	return nil
}

// sideToMove reads the "b" or "w" field.
func (sp *sfenParser) sideToMove(field string) error {
	switch field {
	case "b":
		sp.p.side = Black
	case "w":
		sp.p.side = White
		sp.p.hash ^= zobSide
	default:
		return sp.fail("side to move", "want 'b' or 'w', got %q", field)
	}
	return nil
}

// hands reads a hands field other than "-": piece letters, each after an optional count.
func (sp *sfenParser) hands(h string) error {
	n := 0
	digits := false
	for i := 0; i < len(h); i++ {
		ch := h[i]
		if ch >= '0' && ch <= '9' {
			n = n*10 + int(ch-'0')
			digits = true
			if n > maxHandCount {
				return sp.fail("hands", "count %d is more than any hand can hold", n)
			}
			continue
		}
		c, t, ok := pieceLetter(ch)
		if !ok || t == King {
			return sp.fail("hands", "%q is not a piece that can be in hand", ch)
		}
		if digits && n == 0 {
			return sp.fail("hands", "a count of 0 before %q", ch)
		}
		if !digits {
			n = 1
		}
		if err := sp.addHand(c, t, n); err != nil {
			return err
		}
		n, digits = 0, false
	}
	if digits {
		return sp.fail("hands", "a count with no piece after it")
	}
	return nil
}

// addHand puts n pieces of kind t in c's hand, refusing more than a set or a hand holds.
func (sp *sfenParser) addHand(c Color, t PieceType, n int) error {
	sp.counts[c][t] += n
	if sp.counts[c][t]+sp.counts[c.Opp()][t] > maxCount[t] && !sp.opt.AllowExtraPieces {
		return sp.failJa("hands", fmt.Sprintf("%sが駒の数（%d枚）より多くあります", t.Kanji(), maxCount[t]), "more %s than a set has (%d)", t.Kanji(), maxCount[t])
	}
	if int(sp.p.hands[c][t])+n > maxHandCount {
		return sp.fail("hands", "more than %d %s in one hand", maxHandCount, t.Kanji())
	}
	sp.p.addHand(c, t, n)
	return nil
}

// checkTotals refuses more pieces of a kind, board and hands together, than a set has
// (kings always; the others unless AllowExtraPieces).
func (sp *sfenParser) checkTotals() error {
	for t := Pawn; t <= King; t++ {
		if total := sp.counts[Black][t] + sp.counts[White][t]; total > maxCount[t] && (!sp.opt.AllowExtraPieces || t == King) {
			return sp.failJa("board", fmt.Sprintf("%sが合わせて%d枚ありますが、%d枚しかありません", t.Kanji(), total, maxCount[t]),
				"%d %s in all, but only %d exist", total, t.Kanji(), maxCount[t])
		}
	}
	return nil
}

// moveNumber reads the optional move number field.
func (sp *sfenParser) moveNumber(field string) error {
	n, err := strconv.Atoi(field)
	if err != nil || n < 1 {
		return sp.fail("move number", "want a positive number, got %q", field)
	}
	sp.p.ply = n
	return nil
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
