package kifu

import (
	"fmt"
	"io"
	"strings"

	"banmen/board"
)

// USI position commands and SFEN as records: "position startpos moves 7g7f 3c3d",
// "position sfen <sfen> moves …", "startpos moves …", "sfen …", a bare SFEN, or bare
// moves from the standard position.

// ReadUSI reads a record written as a USI position command or an SFEN.
func ReadUSI(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("kifu: %v", err)
	}
	rec, _, err := readAs(data, USI)
	return rec, err
}

// ParseUSI reads a record from a USI position command or an SFEN (the first non-empty
// line; more lines give a warning). On an illegal move it returns the moves before it.
func ParseUSI(text string) (*Record, error) {
	if err := errEmpty(text); err != nil {
		return nil, err
	}
	lineNo, line, warnings := firstUSILine(text)
	if lineNo == 0 {
		return nil, errorf(0, "empty: want a USI position (position startpos moves …) or an SFEN")
	}
	tok := strings.Fields(line)
	if tok[0] == "position" {
		tok = tok[1:]
	}
	start, i, warn, err := usiStart(tok)
	if err != nil {
		return nil, errorf(lineNo, "%v", err)
	}
	if warn != nil {
		warnings = append(warnings, warning(lineNo, "%v", warn))
	}
	rec := New(start)
	rec.Warnings = warnings
	if i < len(tok) {
		if tok[i] == "moves" {
			i++
		} else if !looksLikeUSIMove(tok[i]) {
			return rec, errorf(lineNo, "%q after the position: want \"moves\" and the moves", tok[i])
		}
	}
	return rec, playUSIMoves(rec, tok[i:], lineNo)
}

// firstUSILine returns the first non-empty line of text and its number (0 if none),
// with a warning if more lines follow.
func firstUSILine(text string) (lineNo int, line string, warnings []Warning) {
	ls, _ := lines(text)
	for i, l := range ls {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if lineNo == 0 {
			lineNo, line = i+1, l
			continue
		}
		warnings = append(warnings, warning(i+1, "more than one position in the text; only the first was read"))
		break
	}
	return lineNo, line, warnings
}

// usiStart reads the position at the start of a position command's tokens (after
// "position"): startpos, sfen …, a bare SFEN, or nothing before the moves. It returns
// the index of the token after it, and a warning for a position read in spite of a rule
// it breaks.
func usiStart(tok []string) (start *board.Position, i int, warn *Message, err error) {
	switch {
	case len(tok) == 0:
		return nil, 0, nil, messagef("\"position\" alone: want startpos or sfen after it")
	case tok[0] == "startpos":
		return board.NewStartPosition(), 1, nil, nil
	case tok[0] == "sfen" || strings.Contains(tok[0], "/"):
		if tok[0] == "sfen" {
			i = 1
		}
		j := i
		for j < len(tok) && tok[j] != "moves" && j-i < 4 {
			j++
		}
		sfen := strings.Join(tok[i:j], " ")
		p, err := board.ParseSFEN(sfen)
		if err == nil {
			return p, j, nil, nil
		}
		if p2, err2 := board.ParseSFENWith(sfen, board.SFENOptions{AllowExtraPieces: true}); err2 == nil {
			return p2, j, messagef("more pieces than a set has; read as given"), nil
		}
		if p3, dropped, err3 := lenientSFEN(sfen); err3 == nil && !strings.Contains(err.Error(), "in check") {
			if dropped != nil {
				return p3, j, dropped, nil // the rule it breaks: more than it reads
			}
			return p3, j, messagef("the position breaks a rule (%v); read as given", sfenReason(err)), nil
		}
		return nil, 0, nil, err
	case tok[0] == "moves" || looksLikeUSIMove(tok[0]):
		return board.NewStartPosition(), 0, nil, nil
	}
	return nil, 0, nil, messagef("%q: want position startpos, position sfen, an SFEN or USI moves", tok[0])
}

// playUSIMoves plays the moves (and resign or win) after rec's start. An illegal move
// stops it: the error names it.
func playUSIMoves(rec *Record, tok []string, lineNo int) error {
	cur := rec.Root
	pos := *rec.Start
	for k, t := range tok {
		switch t {
		case "resign":
			cur = cur.add(&Node{Special: Resign})
			continue
		case "win":
			cur = cur.add(&Node{Special: EnteringKing})
			continue
		}
		if cur.IsSpecial() {
			return errorf(lineNo, "move %d %q after %s", k+1, t, specialLabel(cur))
		}
		m, err := pos.ParseMove(t)
		if err != nil {
			// USI has no ending that says a game was lost by an illegal move: stop before it
			e := errorf(lineNo, "move %d %q: %v", k+1, t, err)
			if il, ok := err.(*board.IllegalMoveError); ok {
				e = errorf(lineNo, "illegal move %d %q: %s", k+1, t, il.Reason)
			}
			e.AtEnd = playableUSIMove(&pos, t) != board.NoMove && lastUSIMove(tok[k+1:])
			return e
		}
		cur = cur.add(&Node{Move: m})
		pos.Do(m)
	}
	return nil
}

// playableUSIMove returns the move a USI token names if it can be played in p, legal or not.
func playableUSIMove(p *board.Position, s string) board.Move {
	raw, err := board.ParseUSIMove(s)
	if err != nil {
		return board.NoMove
	}
	var m board.Move
	if raw.IsDrop() {
		m, _ = dropMove(p, raw.Piece(), raw.To())
	} else {
		m, _ = boardMove(p, raw.From(), raw.To(), raw.IsPromotion())
	}
	return m
}

func lastUSIMove(rest []string) bool {
	for _, t := range rest {
		if t != "resign" && t != "win" {
			return false
		}
	}
	return true
}

func looksLikeUSIMove(s string) bool {
	_, err := board.ParseUSIMove(s)
	return err == nil
}

// FormatUSI writes the main line as one USI position command: "position startpos
// moves …" when r starts from the standard position (however the file wrote it),
// else "position sfen <sfen> moves …". Special moves are left out.
func FormatUSI(r *Record) string { return r.USIPosition(r.MainEnd()) }

// USIPosition writes the USI position command for node n: the start position and
// the moves leading to n.
func (r *Record) USIPosition(n *Node) string {
	var b strings.Builder
	b.WriteString("position ")
	if IsStandard(r.Start) {
		b.WriteString("startpos")
	} else {
		b.WriteString("sfen " + r.Start.SFEN())
	}
	ms := n.Moves()
	if len(ms) > 0 {
		b.WriteString(" moves")
		for _, m := range ms {
			b.WriteString(" " + m.USI())
		}
	}
	return b.String()
}

var sfenLetterTypes = map[byte]board.PieceType{
	'P': board.Pawn, 'L': board.Lance, 'N': board.Knight, 'S': board.Silver,
	'G': board.Gold, 'B': board.Bishop, 'R': board.Rook, 'K': board.King,
}

// lenientSFEN reads an SFEN without board's checks of the rules (composed problems
// break them now and then); only the syntax must be right.
func lenientSFEN(s string) (p *board.Position, dropped *Message, err error) {
	f := strings.Fields(strings.TrimPrefix(strings.TrimSpace(s), "sfen "))
	if len(f) < 3 || len(f) > 4 {
		return nil, nil, fmt.Errorf("want 3 or 4 fields")
	}
	p = board.NewEmptyPosition()
	if dropped, err = lenientSFENBoard(p, f[0]); err != nil {
		return nil, nil, err
	}
	switch f[1] {
	case "b":
	case "w":
		p.SetSideToMove(board.White)
	default:
		return nil, nil, fmt.Errorf("side to move %q", f[1])
	}
	if err := lenientSFENHands(p, f[2]); err != nil {
		return nil, nil, err
	}
	if len(f) == 4 {
		var n int
		if _, err := fmt.Sscan(f[3], &n); err != nil || n < 1 {
			return nil, nil, fmt.Errorf("move number %q", f[3])
		}
		p.SetMoveNumber(n)
	}
	return p, dropped, nil
}

// sfenLetter reads a piece letter of an SFEN: its color and kind.
func sfenLetter(ch byte) (board.Color, board.PieceType, bool) {
	c, up := board.Black, ch
	if ch >= 'a' && ch <= 'z' {
		c, up = board.White, ch-'a'+'A'
	}
	t, ok := sfenLetterTypes[up]
	return c, t, ok
}

// lenientSFENBoard puts the pieces of an SFEN's board field on p; dropped says which king it
// left out of two of one side (nil when none).
func lenientSFENBoard(p *board.Position, field string) (dropped *Message, err error) {
	ranks := strings.Split(field, "/")
	if len(ranks) != 9 {
		return nil, fmt.Errorf("want 9 ranks")
	}
	for r, row := range ranks {
		file, promoted := 9, false
		for i := 0; i < len(row); i++ {
			ch := row[i]
			switch {
			case ch >= '1' && ch <= '9':
				file -= int(ch - '0')
			case ch == '+':
				promoted = true
			default:
				c, t, ok := sfenLetter(ch)
				if !ok || file < 1 {
					return nil, fmt.Errorf("rank %d: bad piece or too many squares", r+1)
				}
				if promoted {
					t, promoted = t.Promote(), false
				}
				if k := placePiece(p, board.NewSquare(file, r+1), board.NewPiece(c, t)); k != board.NoSquare {
					dropped = messagef("two kings of %s; the one on %s was left out", colorName(c), squareName(k))
				}
				file--
			}
			if file < 0 {
				return nil, fmt.Errorf("rank %d has more than 9 squares", r+1)
			}
		}
		if file != 0 {
			return nil, fmt.Errorf("rank %d has %d squares, want 9", r+1, 9-file)
		}
	}
	return dropped, nil
}

// lenientSFENHands puts the pieces of an SFEN's hands field ("-", "2Pb") in p's hands.
func lenientSFENHands(p *board.Position, field string) error {
	if field == "-" {
		return nil
	}
	n := 0
	for i := 0; i < len(field); i++ {
		ch := field[i]
		if ch >= '0' && ch <= '9' {
			n = n*10 + int(ch-'0')
			if n > 38 {
				return fmt.Errorf("hand count %d", n)
			}
			continue
		}
		c, t, ok := sfenLetter(ch)
		if !ok || t == board.King {
			return fmt.Errorf("hand: bad piece %q", ch)
		}
		if n == 0 {
			n = 1
		}
		p.SetHandCount(c, t, p.Hand(c).Count(t)+n)
		n = 0
	}
	return nil
}
