package kifu

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"banmen/board"
)

// Reading KIF and KI2: the move lines. KIF numbers its moves and gives the origin
// square and a time column; KI2 writes ▲７六歩△３四歩. board.ReadJapaneseMove reads
// the move itself.

// kifMoveLine reads "  12 ７七角成(88)   ( 0:01/00:00:07)+" or "  13 投了". ok is false
// if the line is not a numbered move line.
func (kr *kakinokiReader) kifMoveLine(no int, t string) (ok bool, err error) {
	i := 0
	for i < len(t) && t[i] >= '0' && t[i] <= '9' {
		i++
	}
	rest := t[i:]
	body := trimLeftSpace(rest)
	if len(body) == len(rest) || body == "" {
		return false, nil // "1手" or a bare number: not a move line
	}
	ply, err := strconv.Atoi(t[:i])
	if err != nil {
		return true, kr.fail(no, "bad move number %q", t[:i])
	}
	if err := kr.startMoves(no); err != nil {
		return true, err
	}
	if err := kr.parentFor(no, ply); err != nil {
		return true, err
	}
	n, after, err := kr.kifMove(no, body)
	if err != nil {
		return true, err
	}
	kr.readTime(no, n, after)
	if err := kr.appendNode(n); err != nil {
		return true, err
	}
	if strings.HasSuffix(trimRightSpace(after), "+") {
		kr.forks = append(kr.forks, kr.cur)
	}
	return true, nil
}

// kifMove reads the move (or special move) at the start of s and returns the rest.
func (kr *kakinokiReader) kifMove(no int, s string) (*Node, string, error) {
	s = strings.TrimLeft(s, "▲△☗☖▼▽")
	r, _ := utf8.DecodeRuneInString(s)
	if r != '同' && r != '仝' && board.JapaneseDigit(r) == 0 {
		word, rest := cutWord(s)
		word = strings.TrimRight(word, "+") // the mark of a following variation
		n := kr.arena.node()
		if sp := ParseSpecial(word); sp != Other {
			n.Special = sp
			return n, rest, nil
		}
		if word == "" {
			return nil, "", kr.fail(no, "empty move")
		}
		n.Special, n.SpecialText = Other, word
		return n, rest, nil
	}
	m, used, err := kr.pos.ReadJapaneseMove(s, kr.cur.lastTo())
	rest := s[used:]
	if err != nil {
		je := err.(*board.JapaneseMoveError)
		m, text, reason := je.Move, je.Text, je.Reason
		if m == board.NoMove {
			return nil, "", kr.fail(no, "illegal move %q: %s", moveToken(s), reason)
		}
		n := kr.arena.node()
		n.Move = m
		if kr.illegal == nil {
			kr.illegal = map[*Node]illegalMove{}
		}
		kr.illegal[n] = illegalMove{no, text, reason, len(kr.warnings)}
		kr.warn(no, "illegal move %q (%s) kept as the last move of its line: the game was lost by it (反則)", text, reason)
		return n, rest, nil
	}
	n := kr.arena.node()
	n.Move = m
	return n, rest, nil
}

// moveToken returns the move at the start of a move line's text: "２六X(27)" of
// "２六X(27)   ( 0:01/00:00:03)", "同　歩(23)" of "同　歩(23) ( 0:01…".
func moveToken(s string) string {
	skip := 0
	if strings.HasPrefix(s, "同") || strings.HasPrefix(s, "仝") {
		skip = len("同")
		skip += len(s[skip:]) - len(trimLeftSpace(s[skip:]))
	}
	for i, r := range s[skip:] {
		if r == ' ' || r == '　' || r == '\t' {
			return s[:skip+i]
		}
	}
	return s
}

// cutWord splits s at the first space or "(".
func cutWord(s string) (string, string) {
	for i, r := range s {
		if r == ' ' || r == '　' || r == '\t' || r == '(' || r == '（' {
			return s[:i], s[i:]
		}
	}
	return s, ""
}

// readTime reads a KIF time column "( 0:01/00:00:07)" from the rest of a move line.
func (kr *kakinokiReader) readTime(no int, n *Node, rest string) {
	i := strings.IndexByte(rest, '(')
	if i < 0 {
		if i = strings.Index(rest, "（"); i < 0 {
			return
		}
	}
	rest = rest[i:]
	_, w := utf8.DecodeRuneInString(rest)
	j := strings.IndexByte(rest, ')')
	if j < 0 {
		if j = strings.Index(rest, "）"); j < 0 {
			kr.warn(no, "unclosed time column %q ignored", rest)
			return
		}
	}
	inner := rest[w:j]
	a, b, found := strings.Cut(inner, "/")
	el, ok1 := parseClock(a)
	tot, ok2 := parseClock(b)
	if !found || !ok1 || !ok2 {
		kr.warn(no, "time column %q not understood (want ( m:ss/hh:mm:ss)); ignored", rest[:j+1])
		return
	}
	n.Elapsed, n.Total, n.Timed = el, tot, true
}

// parseClock reads "m:ss", "h:mm:ss" (spaces allowed around the numbers) as a duration.
func parseClock(s string) (time.Duration, bool) {
	var parts [3]int
	k, n, digits := 0, 0, false
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ':' {
			if !digits || k == 3 {
				return 0, false
			}
			parts[k] = n
			k, n, digits = k+1, 0, false
			continue
		}
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			if n > 1e7 {
				return 0, false
			}
			n = n*10 + int(c-'0')
			digits = true
		case c == ' ' || c == '\t':
		default:
			return 0, false
		}
	}
	var sec int
	switch k {
	case 2:
		sec = parts[0]*60 + parts[1]
	case 3:
		sec = parts[0]*3600 + parts[1]*60 + parts[2]
	default:
		return 0, false
	}
	return time.Duration(sec) * time.Second, true
}

// ki2MoveLine reads "▲７六歩    △３四歩    ▲２六歩" (marks required, spaces optional).
func (kr *kakinokiReader) ki2MoveLine(no int, t string) error {
	if err := kr.startMoves(no); err != nil {
		return err
	}
	for t != "" {
		r, n := utf8.DecodeRuneInString(t)
		var c board.Color
		switch r {
		case '▲', '☗', '▼':
			c = board.Black
		case '△', '☖', '▽':
			c = board.White
		default:
			return kr.fail(no, "want ▲ or △ before a move, got %q", t)
		}
		end := len(t)
		for i, r2 := range t[n:] {
			if r2 == '▲' || r2 == '△' || r2 == '☗' || r2 == '☖' || r2 == '▼' || r2 == '▽' {
				end = n + i
				break
			}
		}
		text := trimSpace(t[n:end])
		t = t[end:]
		if kr.cur.IsSpecial() {
			return kr.fail(no, "move %q after %s", string(r)+text, specialLabel(kr.cur))
		}
		if sp := ParseSpecial(text); sp != Other {
			if err := kr.appendNode(&Node{Special: sp}); err != nil {
				return err
			}
			continue
		}
		if c != kr.pos.SideToMove() {
			return kr.fail(no, "move %q is %s's, but %s is to move", string(r)+text, colorName(c), colorName(kr.pos.SideToMove()))
		}
		if r0, _ := utf8.DecodeRuneInString(text); r0 != '同' && r0 != '仝' && board.JapaneseDigit(r0) == 0 {
			return kr.fail(no, "illegal move %q: want a move like ７六歩 or 同　歩 after %c", text, r)
		}
		node, rest, err := kr.kifMove(no, text)
		if err != nil {
			return err
		}
		if rest = trimSpace(rest); rest != "" {
			kr.warn(no, "text after the move %q ignored: %q", string(r)+text, rest)
		}
		if err := kr.appendNode(node); err != nil {
			return err
		}
	}
	return nil
}

func colorName(c board.Color) string {
	if c == board.Black {
		return "Black (先手)"
	}
	return "White (後手)"
}
