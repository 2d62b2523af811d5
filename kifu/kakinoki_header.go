package kifu

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"banmen/board"
)

// Reading KIF and KI2: the headers and the start position (手合割, a board diagram,
// the pieces in hand).

// cutHeader splits "キー：値" (or "キー:値"); the key has no spaces. A key of ASCII alone
// before an ASCII colon is no header ("http://…", "root:x:0:0:…"): KIF's keys are Japanese, and
// text of any other kind is full of such lines, which made a file that is no record read as
// one, every line a header.
func cutHeader(s string) (key, value string, ok bool) {
	i := strings.IndexAny(s, "：:")
	if i <= 0 {
		return "", "", false
	}
	key = s[:i]
	if strings.ContainsAny(key, " \t") || s[i] == ':' && isASCIIText(key) {
		return "", "", false
	}
	_, n := utf8.DecodeRuneInString(s[i:])
	return key, s[i+n:], true
}

func (kr *kakinokiReader) header(no int, key, value string) error {
	switch key {
	case "手合割":
		if kr.inMoves {
			kr.warn(no, "手合割 after the first move ignored")
			return nil
		}
		kr.handicap, kr.handicapLine = trimSpace(value), no
		kr.startHere()
		return nil
	case "先手の持駒", "下手の持駒", "後手の持駒", "上手の持駒":
		if kr.inMoves {
			return kr.fail(no, "pieces in hand after the first move: the board diagram must come before the moves")
		}
		c := board.Black
		if key[0:3] == "後" || key[0:3] == "上" {
			c = board.White
		}
		h, err := parseHand(value)
		if err != nil {
			return kr.fail(no, "%s: %v", key, err)
		}
		kr.hands[c] = h
		kr.hasBoard = true
		kr.startHere()
		return nil
	}
	kr.rec.Headers = append(kr.rec.Headers, Header{key, value})
	return nil
}

// startHere notes that the start position (手合割 or a board diagram) comes after the
// headers read so far.
func (kr *kakinokiReader) startHere() {
	if kr.rec.startAt == 0 {
		kr.rec.startAt = len(kr.rec.Headers) + 1
	}
}

// parseHand reads "飛　角二　歩十八" (spaces optional), or なし.
func parseHand(s string) (board.Hand, error) {
	var h board.Hand
	s = trimSpace(s)
	for s != "" {
		s = trimLeftSpace(s)
		if s == "" {
			break
		}
		if strings.HasPrefix(s, "なし") {
			s = s[len("なし"):]
			continue
		}
		r, n := utf8.DecodeRuneInString(s)
		t := board.JapanesePiece(r)
		if t < board.Pawn || t > board.Gold {
			return h, fmt.Errorf("%q is not a piece that can be in hand (want 飛 角 金 銀 桂 香 歩 with a count like 歩十二)", string(r))
		}
		s = s[n:]
		// the count runs until the next piece name or space
		end := 0
		for end < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[end:])
			if r2 == ' ' || r2 == '　' || r2 == '\t' || board.JapanesePiece(r2) != board.NoPieceType {
				break
			}
			end += n2
		}
		count := 1
		if end > 0 {
			count = kanjiCount(s[:end])
			if count <= 0 {
				return h, fmt.Errorf("bad count %q after %s", s[:end], t.Kanji())
			}
		}
		s = s[end:]
		if int(h[t])+count > 38 {
			return h, fmt.Errorf("too many %s (%d)", t.Kanji(), int(h[t])+count)
		}
		h[t] += uint8(count)
	}
	return h, nil
}

// boardRow reads "| ・v香 ・ 歩 …|一".
func (kr *kakinokiReader) boardRow(no int, t string) error {
	if kr.inMoves {
		return kr.fail(no, "a board diagram row after the first move: the diagram must come before the moves")
	}
	s := t[1:]
	var cells []board.Piece
	white := false
	for len(s) > 0 && len(cells) < 9 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		switch {
		case r == 'v' || r == 'V' || r == '^':
			white = true
		case r == ' ' || r == '　':
		case r == '・' || r == '･' || r == '*':
			cells = append(cells, board.NoPiece)
			white = false
		case board.JapanesePiece(r) != board.NoPieceType:
			c := board.Black
			if white {
				c = board.White
			}
			cells = append(cells, board.NewPiece(c, board.JapanesePiece(r)))
			white = false
		case r == '|':
			s = "|" + s
			goto done
		default:
			return kr.fail(no, "board diagram: %q is not a piece (want ・ for an empty square, v before a white piece)", string(r))
		}
	}
done:
	if len(cells) != 9 {
		return kr.fail(no, "board diagram row has %d squares, want 9", len(cells))
	}
	rank := kr.rowsSeen + 1
	if i := strings.IndexByte(s, '|'); i >= 0 {
		if r, _ := utf8.DecodeRuneInString(s[i+1:]); board.JapaneseDigit(r) > 0 {
			rank = board.JapaneseDigit(r)
		}
	}
	if rank < 1 || rank > 9 {
		return kr.fail(no, "board diagram: bad rank")
	}
	copy(kr.grid[rank-1][:], cells)
	kr.startHere()
	kr.rowsSeen++
	kr.hasBoard = true
	if kr.boardLine == 0 {
		kr.boardLine = no
	}
	return nil
}

// startMoves fixes the start position when the move section begins.
func (kr *kakinokiReader) startMoves(no int) error {
	if kr.inMoves {
		return nil
	}
	kr.inMoves = true
	var start *board.Position
	switch {
	case kr.hasBoard:
		if kr.rowsSeen != 0 && kr.rowsSeen != 9 {
			return kr.fail(kr.boardLine, "board diagram has %d rows, want 9", kr.rowsSeen)
		}
		if kr.rowsSeen == 0 { // only hands were given: they go with the handicap's board
			if h, ok := HandicapByName(kr.handicap); ok {
				p := h.Position()
				for x := 0; x < 9; x++ {
					for y := 0; y < 9; y++ {
						kr.grid[y][x] = p.PieceAt(board.NewSquare(9-x, y+1))
					}
				}
			}
		}
		p, err := kr.boardPosition()
		if err != nil {
			return kr.fail(kr.boardLine, "board diagram: %v", err)
		}
		start = p
	case kr.handicap != "":
		if h, ok := HandicapByName(kr.handicap); ok {
			start = h.Position()
		} else {
			kr.warn(kr.handicapLine, "unknown 手合割 %q without a board diagram: starting from 平手", kr.handicap)
			kr.rec.Headers = append(kr.rec.Headers, Header{"手合割", kr.handicap})
			start = board.NewStartPosition()
		}
	default:
		start = board.NewStartPosition()
	}
	kr.rec.Start = start
	kr.pos = *start
	kr.saved = append(kr.saved[:0], kr.pos)
	return nil
}

// boardPosition turns the diagram into a position, checked by board's SFEN reader.
func (kr *kakinokiReader) boardPosition() (*board.Position, error) {
	p := board.NewEmptyPosition()
	for y := 0; y < 9; y++ {
		for x := 0; x < 9; x++ {
			if pc := kr.grid[y][x]; pc != board.NoPiece {
				if k := placePiece(p, board.NewSquare(9-x, y+1), pc); k != board.NoSquare {
					kr.warn(kr.boardLine, "board diagram: two kings of %s; the one on %s was left out", colorName(pc.Color()), squareName(k))
				}
			}
		}
	}
	for c := board.Black; c <= board.White; c++ {
		for _, t := range handOrder {
			if n := kr.hands[c].Count(t); n > 0 {
				p.SetHandCount(c, t, n)
			}
		}
	}
	p.SetSideToMove(kr.side)
	sfen := positionSFEN(p, kr.hands)
	q, err := board.ParseSFEN(sfen)
	if err == nil {
		return q, nil
	}
	if q, err2 := board.ParseSFENWith(sfen, board.SFENOptions{AllowExtraPieces: true}); err2 == nil {
		kr.warn(kr.boardLine, "board diagram: more pieces than a set has; read as given")
		return q, nil
	}
	// composed problems break rules now and then (a pawn that can never move, …):
	// keep the diagram as drawn, as long as each side has at most one king
	if e, ok := err.(*board.SFENError); ok && strings.Contains(e.Reason, "two kings") {
		return nil, err
	}
	kr.warn(kr.boardLine, "board diagram breaks a rule (%v); read as drawn", sfenReason(err))
	return p, nil
}

func sfenReason(err error) string {
	if e, ok := err.(*board.SFENError); ok {
		return e.Field + ": " + e.Reason
	}
	return err.Error()
}

// positionSFEN writes p's SFEN with the hands as given (SetHandCount refuses counts above a set's size).
func positionSFEN(p *board.Position, hands [2]board.Hand) string {
	s := p.SFEN()
	f := strings.Fields(s)
	var b strings.Builder
	for c := board.Black; c <= board.White; c++ {
		for _, t := range handOrder {
			n := hands[c].Count(t)
			if n == 0 {
				continue
			}
			if n > 1 {
				b.WriteString(strconv.Itoa(n))
			}
			l := t.USI()
			if c == board.White {
				l = strings.ToLower(l)
			}
			b.WriteString(l)
		}
	}
	if b.Len() == 0 {
		b.WriteString("-")
	}
	f[2] = b.String()
	return strings.Join(f, " ")
}
