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
	text, _ := Decode(data)
	return ParseUSI(text)
}

// ParseUSI reads a record from a USI position command or an SFEN (the first non-empty
// line; more lines give a warning). On an illegal move it returns the moves before it.
func ParseUSI(text string) (*Record, error) {
	ls, _ := lines(text)
	lineNo, line := 0, ""
	var warnings []Warning
	for i, l := range ls {
		if strings.TrimSpace(l) == "" {
			continue
		}
		if lineNo == 0 {
			lineNo, line = i+1, l
			continue
		}
		warnings = append(warnings, Warning{Line: i + 1, Msg: "more than one position in the text; only the first was read"})
		break
	}
	fail := func(format string, args ...any) error {
		return &ParseError{Line: lineNo, Msg: fmt.Sprintf(format, args...)}
	}
	if lineNo == 0 {
		return nil, &ParseError{Msg: "empty: want a USI position (position startpos moves …) or an SFEN"}
	}
	tok := strings.Fields(line)
	if tok[0] == "position" {
		tok = tok[1:]
	}
	var start *board.Position
	i := 0
	switch {
	case len(tok) == 0:
		return nil, fail("\"position\" alone: want startpos or sfen after it")
	case tok[0] == "startpos":
		start, i = board.NewStartPosition(), 1
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
		if err != nil {
			p2, err2 := board.ParseSFENWith(sfen, board.SFENOptions{AllowExtraPieces: true})
			if err2 != nil {
				return nil, fail("%v", err)
			}
			warnings = append(warnings, Warning{Line: lineNo, Msg: "more pieces than a set has; read as given"})
			p = p2
		}
		start, i = p, j
	case tok[0] == "moves" || looksLikeUSIMove(tok[0]):
		start = board.NewStartPosition()
	default:
		return nil, fail("%q: want position startpos, position sfen, an SFEN or USI moves", tok[0])
	}
	rec := New(start)
	rec.Warnings = warnings
	if i < len(tok) {
		if tok[i] == "moves" {
			i++
		} else if !looksLikeUSIMove(tok[i]) {
			return rec, fail("%q after the position: want \"moves\" and the moves", tok[i])
		}
	}
	cur := rec.Root
	pos := *start
	for k, t := range tok[i:] {
		switch t {
		case "resign":
			cur = cur.add(&Node{Special: Resign})
			continue
		case "win":
			cur = cur.add(&Node{Special: EnteringKing})
			continue
		}
		if cur.IsSpecial() {
			return rec, fail("move %d %q after %s", k+1, t, specialLabel(cur))
		}
		m, err := pos.ParseMove(t)
		if err != nil {
			msg := err.Error()
			if e, ok := err.(*board.IllegalMoveError); ok {
				msg = e.Reason
			}
			return rec, fail("move %d %q: %s", k+1, t, msg)
		}
		cur = cur.add(&Node{Move: m})
		pos.Do(m)
	}
	return rec, nil
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
