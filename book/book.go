// Package book reads and writes opening books (定跡) in YaneuraOu's standard text format,
// DB2016, the one ShogiHome's 定跡 window and the engines that take a BookFile use:
//
//	#YANEURAOU-DB2016 1.00
//	sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1
//	7g7f 3c3d 42 24 10
//	#a comment on the move above
//	2g2f none none none 3
//
// A position line is followed by its moves: the move, the reply expected (or none), the score
// from the mover's side, the depth it was searched to (none when unknown) and how often the move
// was played; lines beginning with # or // are comments on the position or move above. A
// position is known by its SFEN without the move number (Key), so that the same position
// reached at another move is the same entry. Nothing here depends on Fyne.
package book

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"banmen/board"
	"banmen/kifu"
)

// Header is the first line of a DB2016 book.
const Header = "#YANEURAOU-DB2016 1.00"

// Move is one move of a position in the book.
type Move struct {
	Move    board.Move
	Ponder  board.Move // the reply expected; board.NoMove when none
	Score   int        // from the side to move's view, when HasScore
	Depth   int        // the depth of the search that gave Score, when HasDepth
	Count   int        // how often the move was played (出現頻度)
	Comment string     // lines joined by "\n"

	HasScore, HasDepth bool
}

// Entry is a position of the book and its moves, in the order the book gives them.
type Entry struct {
	Ply     int    // the move number of the position where it was first met (SFEN's last field)
	Comment string // lines joined by "\n"
	Moves   []Move
}

// Book is an opening book: its positions by Key.
type Book struct {
	Entries map[string]*Entry
}

// New returns an empty book.
func New() *Book { return &Book{Entries: map[string]*Entry{}} }

// Key is the book's name for a position: its SFEN without the move number.
func Key(p *board.Position) string {
	s := p.SFEN()
	return s[:strings.LastIndexByte(s, ' ')]
}

// Lookup returns the entry of p, or nil.
func (b *Book) Lookup(p *board.Position) *Entry { return b.Entries[Key(p)] }

// Positions is the number of positions with at least one move.
func (b *Book) Positions() int {
	n := 0
	for _, e := range b.Entries {
		if len(e.Moves) > 0 {
			n++
		}
	}
	return n
}

// Warning is a line of a book that was read in part, or left out, and why.
type Warning struct {
	Line int
	Msg  string
}

func (w Warning) String() string { return fmt.Sprintf("line %d: %s", w.Line, w.Msg) }

// Read reads a DB2016 book from data (UTF-8, a BOM and CRLF allowed). name is the file's name
// for messages. A line it cannot use (a position that is no SFEN, a move that is not legal in
// its position, a move before any position) is left out with a warning naming the line; a book
// whose first line is the header of another format or version is an error.
func Read(data []byte, name string) (*Book, []Warning, error) {
	if !utf8.Valid(data) {
		return nil, nil, fmt.Errorf("%s: not UTF-8 text: a DB2016 book is written in UTF-8", name)
	}
	data = bytes.TrimPrefix(data, []byte("\uFEFF"))
	b := New()
	var warns []Warning
	warn := func(line int, format string, args ...any) {
		warns = append(warns, Warning{line, fmt.Sprintf(format, args...)})
	}
	var pos *board.Position // the position the moves below belong to; nil after a bad one
	var entry *Entry
	var move *Move
	seen := false        // a line other than blank ones
	anyPosition := false // a position line, good or bad
	lines := strings.Split(string(data), "\n")
	for i, line := range lines {
		n := i + 1
		line = strings.TrimRight(line, "\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		first := !seen
		seen = true
		switch {
		case first && strings.HasPrefix(line, "#"):
			if strings.TrimSpace(line) != Header {
				return nil, nil, fmt.Errorf("%s: line %d: %q is not a book this program reads: want %s (YaneuraOu's DB2016 text format)", name, n, line, Header)
			}
		case strings.HasPrefix(line, "sfen "):
			pos, entry, move = nil, nil, nil
			anyPosition = true
			p, ply, err := parsePosition(strings.TrimPrefix(line, "sfen "))
			if err != nil {
				warn(n, "%v: the position and its moves are left out", err)
				continue
			}
			pos = p
			key := Key(p)
			if e, ok := b.Entries[key]; ok {
				warn(n, "the position is already in the book (move %d): its moves are added to those", e.Ply)
				e.Ply = min(e.Ply, ply)
				entry = e
			} else {
				entry = &Entry{Ply: ply}
				b.Entries[key] = entry
			}
		case strings.HasPrefix(line, "#") || strings.HasPrefix(line, "//"):
			text := commentText(line)
			switch {
			case move != nil:
				move.Comment = joinLine(move.Comment, text)
			case entry != nil:
				entry.Comment = joinLine(entry.Comment, text)
			}
		default:
			if pos == nil {
				if !anyPosition {
					warn(n, "%q comes before any position line (sfen …): left out", line)
				} else {
					warn(n, "%q: left out with the position above", line)
				}
				continue
			}
			m, err := parseMove(pos, line)
			if err != nil {
				warn(n, "%v: left out", err)
				move = nil
				continue
			}
			if j := slices.IndexFunc(entry.Moves, func(x Move) bool { return x.Move == m.Move }); j >= 0 {
				warn(n, "%s is already a move of this position: left out", m.Move.USI())
				move = nil
				continue
			}
			entry.Moves = append(entry.Moves, m)
			move = &entry.Moves[len(entry.Moves)-1]
		}
	}
	return b, warns, nil
}

// commentText is a comment's text: the line less its "#" or its "//" (one of them: a "#"
// comment may begin with "//", as Write writes it).
func commentText(line string) string {
	if text, ok := strings.CutPrefix(line, "#"); ok {
		return text
	}
	return strings.TrimPrefix(line, "//")
}

func joinLine(base, next string) string {
	if base == "" {
		return next
	}
	return base + "\n" + next
}

// parsePosition reads "BOARD TURN HANDS [PLY]".
func parsePosition(s string) (*board.Position, int, error) {
	f := strings.Fields(s)
	if len(f) < 3 || len(f) > 4 {
		return nil, 0, fmt.Errorf("%q is not an SFEN (board, side to move, hands, move number)", s)
	}
	ply := 1
	if len(f) == 4 {
		n, err := strconv.Atoi(f[3])
		if err != nil || n < 1 {
			return nil, 0, fmt.Errorf("%q: the move number %q is not a number of 1 or more", s, f[3])
		}
		ply = n
	}
	p, err := board.ParseSFEN(strings.Join(f[:3], " ") + " " + strconv.Itoa(ply))
	if err != nil {
		return nil, 0, fmt.Errorf("%q is not an SFEN: %v", s, err)
	}
	return p, ply, nil
}

// parseMove reads "MOVE PONDER SCORE DEPTH COUNT [comment]" in position p: the move must be
// legal; the other fields may be missing, none, or (ShogiHome 1.20) empty.
func parseMove(p *board.Position, line string) (Move, error) {
	f := strings.Fields(line)
	m, err := p.ParseMove(f[0])
	if err != nil || !p.IsLegal(m) {
		return Move{}, fmt.Errorf("%q is not a legal move in the position above", f[0])
	}
	bm := Move{Move: m, Ponder: board.NoMove}
	if len(f) > 1 && f[1] != "none" {
		q := p.Clone()
		q.Do(m)
		if r, err := q.ParseMove(f[1]); err == nil && q.IsLegal(r) {
			bm.Ponder = r
		}
	}
	num := func(i int) (int, bool) {
		if len(f) <= i {
			return 0, false
		}
		v, err := strconv.Atoi(f[i])
		return v, err == nil
	}
	bm.Score, bm.HasScore = num(2)
	bm.Depth, bm.HasDepth = num(3)
	bm.Count, _ = num(4)
	if len(f) > 5 {
		// a comment on the move's own line, after its five fields
		rest := line
		for range 5 {
			rest = strings.TrimLeft(rest, " \t")
			rest = rest[strings.IndexAny(rest+" ", " \t"):]
		}
		rest = strings.TrimSpace(rest)
		bm.Comment = commentText(rest)
	}
	return bm, nil
}

// Write writes the book in DB2016: the header, then the positions in the order of their SFEN
// (as YaneuraOu's tools and ShogiHome sort them, so that a reader may search the file), each
// with its moves in the book's order. Positions without moves are left out.
func (b *Book) Write(w io.Writer) error {
	var out strings.Builder
	out.WriteString(Header + "\n")
	keys := make([]string, 0, len(b.Entries))
	for k, e := range b.Entries {
		if len(e.Moves) > 0 {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	comment := func(text string) {
		if text == "" {
			return
		}
		for _, l := range strings.Split(text, "\n") {
			out.WriteString("#" + l + "\n")
		}
	}
	for _, k := range keys {
		e := b.Entries[k]
		fmt.Fprintf(&out, "sfen %s %d\n", k, max(e.Ply, 1))
		comment(e.Comment)
		for _, m := range e.Moves {
			ponder, score, depth := "none", "none", "none"
			if m.Ponder != board.NoMove {
				ponder = m.Ponder.USI()
			}
			if m.HasScore {
				score = strconv.Itoa(m.Score)
			}
			if m.HasDepth {
				depth = strconv.Itoa(m.Depth)
			}
			fmt.Fprintf(&out, "%s %s %s %s %d\n", m.Move.USI(), ponder, score, depth, m.Count)
			comment(m.Comment)
		}
	}
	_, err := io.WriteString(w, out.String())
	return err
}

// Add counts move m of position p once more (adding it when the book has not got it) and
// returns its count; m must be legal in p. The position's moves are sorted by count again.
func (b *Book) Add(p *board.Position, m board.Move) int {
	key := Key(p)
	e := b.Entries[key]
	if e == nil {
		e = &Entry{Ply: max(p.MoveNumber(), 1)}
		b.Entries[key] = e
	}
	n := 0
	if j := slices.IndexFunc(e.Moves, func(x Move) bool { return x.Move == m }); j >= 0 {
		e.Moves[j].Count++
		n = e.Moves[j].Count
	} else {
		e.Moves = append(e.Moves, Move{Move: m, Ponder: board.NoMove, Count: 1})
		n = 1
	}
	slices.SortStableFunc(e.Moves, func(x, y Move) int { return y.Count - x.Count })
	return n
}

// AddRecord adds the moves of rec's main line within its first maxPly moves (0: all) to the
// book, counting each once more where it is there already, and returns how many moves it
// counted. The moves of each position it touched are sorted by count, the most played first.
func (b *Book) AddRecord(rec *kifu.Record, maxPly int) int {
	p := rec.Start.Clone()
	n := 0
	for i, m := range rec.MainMoves() {
		if maxPly > 0 && i >= maxPly {
			break
		}
		if !p.IsLegal(m) {
			break // a game lost by an illegal move: not a book move
		}
		b.Add(p, m)
		if e := b.Entries[Key(p)]; e.Ply > p.MoveNumber() && p.MoveNumber() > 0 {
			e.Ply = p.MoveNumber()
		}
		n++
		p.Do(m)
	}
	return n
}

// Remove takes move m out of position p's moves, and the position out of the book when it
// has no move left. It reports whether m was there.
func (b *Book) Remove(p *board.Position, m board.Move) bool {
	key := Key(p)
	e := b.Entries[key]
	if e == nil {
		return false
	}
	j := slices.IndexFunc(e.Moves, func(x Move) bool { return x.Move == m })
	if j < 0 {
		return false
	}
	e.Moves = slices.Delete(e.Moves, j, j+1)
	if len(e.Moves) == 0 && e.Comment == "" {
		delete(b.Entries, key)
	}
	return true
}
