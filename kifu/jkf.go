package kifu

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"reflect"
	"strings"
	"time"
	"unicode/utf8"

	"banmen/board"
)

// JKF, the JSON Kifu Format (https://github.com/na2hiro/json-kifu-format):
//
//	{"header": {"先手": "…"}, "initial": {"preset": "HIRATE"} | {"preset": "OTHER", "data": {…}},
//	 "moves": [{"comments": […]}, {"move": {"color": 0, "from": {"x": 7, "y": 7}, "to": {"x": 7, "y": 6},
//	 "piece": "FU"}, "time": {"now": {"m": 0, "s": 2}, "total": {"h": 0, "m": 0, "s": 2}},
//	 "comments": […], "forks": [[…alternatives to this move…]]}, {"special": "TORYO"}]}
//
// moves[0] carries the comments on the start position; a move's "piece" is the piece
// before it moves; "forks" are lines that replace the move they hang on.

type jkfFile struct {
	Header  jkfHeader      `json:"header"`
	Initial *jkfInitial    `json:"initial,omitempty"`
	Moves   []jkfMoveEntry `json:"moves"`
}

type jkfInitial struct {
	Preset string    `json:"preset"`
	Data   *jkfState `json:"data,omitempty"`
}

type jkfState struct {
	Color jkfColor         `json:"color"`
	Board json.RawMessage  `json:"board"`
	Hands []map[string]int `json:"hands"`
}

type jkfPiece struct {
	Color *jkfColor `json:"color,omitempty"`
	Kind  string    `json:"kind,omitempty"`
}

type jkfMoveEntry struct {
	Comments []string         `json:"comments,omitempty"`
	Comment  string           `json:"comment,omitempty"`
	Move     *jkfMove         `json:"move,omitempty"`
	Time     *jkfTime         `json:"time,omitempty"`
	Special  string           `json:"special,omitempty"`
	Forks    [][]jkfMoveEntry `json:"forks,omitempty"`
}

type jkfMove struct {
	Color    jkfColor  `json:"color"`
	From     *jkfPlace `json:"from,omitempty"`
	To       *jkfPlace `json:"to,omitempty"`
	Piece    string    `json:"piece"`
	Same     bool      `json:"same,omitempty"`
	Promote  *bool     `json:"promote,omitempty"`
	Capture  string    `json:"capture,omitempty"`
	Relative string    `json:"relative,omitempty"`
}

type jkfPlace struct {
	X int `json:"x"`
	Y int `json:"y"`
}

type jkfTime struct {
	Now   jkfClock `json:"now"`
	Total jkfClock `json:"total"`
}

type jkfClock struct {
	H *int `json:"h,omitempty"`
	M int  `json:"m"`
	S int  `json:"s"`
}

func (c jkfClock) duration() time.Duration {
	h := 0
	if c.H != nil {
		h = *c.H
	}
	return time.Duration(h*3600+c.M*60+c.S) * time.Second
}

func clockOf(d time.Duration, withHours bool) jkfClock {
	s := int(d / time.Second)
	if withHours {
		h := s / 3600
		return jkfClock{H: &h, M: s / 60 % 60, S: s % 60}
	}
	return jkfClock{M: s / 60, S: s % 60}
}

// jkfColor is 0 (先手) or 1 (後手); early JKF wrote true and false.
type jkfColor int

func (c *jkfColor) UnmarshalJSON(b []byte) error {
	switch s := string(bytes.TrimSpace(b)); s {
	case "0", "true", "null":
		*c = 0
	case "1", "false":
		*c = 1
	default:
		return messagef("color %s: want 0 (先手) or 1 (後手)", s)
	}
	return nil
}

// jkfHeader keeps the header's keys in the order of the file.
type jkfHeader []Header

func (h *jkfHeader) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t == nil {
		return nil
	}
	if d, ok := t.(json.Delim); !ok || d != '{' {
		return messagef("header: want an object of strings")
	}
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return err
		}
		var v any
		if err := dec.Decode(&v); err != nil {
			return err
		}
		var s string
		switch x := v.(type) {
		case string:
			s = x
		case nil:
		default:
			s = fmt.Sprint(x)
		}
		*h = append(*h, Header{kt.(string), s})
	}
	return nil
}

func (h jkfHeader) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, x := range h {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(marshalString(x.Key))
		b.WriteByte(':')
		b.Write(marshalString(x.Value))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func marshalString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

// ReadJKF reads a JKF record (UTF-8 JSON).
func ReadJKF(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("kifu: %v", err)
	}
	rec, _, err := readAs(data, JKF)
	return rec, err
}

// ParseJKF reads a JKF record from text. JSON cut short is read as far as it goes, with a warning.
func ParseJKF(text string) (*Record, error) {
	if err := errEmpty(text); err != nil {
		return nil, err
	}
	var f jkfFile
	var warnings []Warning
	var repaired string
	if err := json.Unmarshal([]byte(text), &f); err != nil {
		var ok bool
		repaired, ok = repairJSON(text)
		if ok && json.Unmarshal([]byte(repaired), &f) == nil {
			warnings = append(warnings, warning(0, "the file ends early (the JSON is not closed); read as far as it goes"))
		} else {
			line, col := jsonErrorPlace(text, err)
			pe := errorf(line, "not JKF: %v; want a JSON object with \"header\" and \"moves\"", jsonReason(err))
			pe.Col = col
			return nil, pe
		}
	}
	if f.Header == nil && f.Moves == nil {
		return nil, errorf(0, "not JKF: the JSON object has neither \"header\" nor \"moves\"")
	}
	rec := &Record{Root: &Node{}, Warnings: warnings}
	rec.Headers = Headers(f.Header)
	start, warns, err := jkfStart(f.Initial)
	if err != nil {
		return nil, errorf(0, "initial: %v", err)
	}
	for _, w := range warns {
		rec.Warnings = append(rec.Warnings, warning(0, "initial: %v", w))
	}
	rec.Start = start
	firstIndex := 0
	if len(f.Moves) > 0 {
		first := f.Moves[0]
		rec.Root.Comment = strings.Join(first.Comments, "\n")
		if first.Comment != "" {
			rec.Root.Comment = joinComment(rec.Root.Comment, first.Comment)
		}
		if first.Move != nil || first.Special != "" {
			rec.Warnings = append(rec.Warnings, warning(0, "moves[0] holds a move; moves[0] is for the comment on the start position, so it was read as the first move"))
		} else {
			f.Moves, firstIndex = f.Moves[1:], 1
		}
	}
	jr := &jkfReader{rec: rec, text: text}
	if len(warnings) > 0 {
		jr.text = repaired
	}
	if err := jr.line(rec.Root, *rec.Start, f.Moves, jkfPath{"moves"}, firstIndex); err != nil {
		return rec, err
	}
	return rec, nil
}

func joinComment(a, b string) string {
	if a == "" {
		return b
	}
	return a + "\n" + b
}

// jkfStart reads "initial": a preset, or OTHER with the board and hands.
func jkfStart(in *jkfInitial) (p *board.Position, warns []*Message, err error) {
	if in == nil || in.Preset == "" {
		return board.NewStartPosition(), nil, nil
	}
	if in.Preset != "OTHER" {
		h, ok := HandicapByJKF(in.Preset)
		if !ok {
			return nil, nil, messagef("unknown preset %q (want HIRATE, KY, KY_R, KA, HI, HIKY, 2, 3, 4, 5, 5_L, 6, 7_L, 7_R, 8, 10 or OTHER)", in.Preset)
		}
		return h.Position(), nil, nil
	}
	if in.Data == nil {
		return nil, nil, messagef("preset OTHER needs \"data\" with the board and hands")
	}
	p = board.NewEmptyPosition()
	var cols [][]jkfPiece
	if b := bytes.TrimSpace(in.Data.Board); len(b) > 0 && b[0] == '[' {
		if err := json.Unmarshal(b, &cols); err != nil {
			return nil, nil, messagef("board: %v", jsonReason(err))
		}
	}
	if len(cols) > 9 {
		return nil, nil, messagef("board has %d files, want 9", len(cols))
	}
	for x, col := range cols {
		if len(col) > 9 {
			return nil, nil, messagef("board file %d has %d squares, want 9", x+1, len(col))
		}
		for y, pc := range col {
			if pc.Kind == "" {
				continue
			}
			t, ok := board.PieceTypeFromCSA(pc.Kind)
			if !ok {
				return nil, nil, messagef("board[%d][%d]: unknown piece %q", x, y, pc.Kind)
			}
			c := board.Black
			if pc.Color != nil && *pc.Color == 1 {
				c = board.White
			}
			if k := placePiece(p, board.NewSquare(x+1, y+1), board.NewPiece(c, t)); k != board.NoSquare {
				warns = append(warns, messagef("two kings of %s; the one on %s was left out", colorName(c), squareName(k)))
			}
		}
	}
	var hands [2]board.Hand
	for c, h := range in.Data.Hands {
		if c > 1 {
			break
		}
		for k, n := range h {
			t, ok := board.PieceTypeFromCSA(k)
			if !ok || t < board.Pawn || t > board.Gold {
				if n == 0 {
					continue
				}
				return nil, nil, messagef("hands: %q cannot be in hand", k)
			}
			if n < 0 || n > 38 {
				return nil, nil, messagef("hands: %d %s", n, k)
			}
			hands[c][t] = uint8(n)
			p.SetHandCount(board.Color(c), t, n)
		}
	}
	p.SetSideToMove(board.Color(in.Data.Color))
	sfen := positionSFEN(p, hands)
	q, err := board.ParseSFEN(sfen)
	if err == nil {
		return q, warns, nil
	}
	if q, err2 := board.ParseSFENWith(sfen, board.SFENOptions{AllowExtraPieces: true}); err2 == nil {
		return q, append(warns, messagef("more pieces than a set has; read as given")), nil
	}
	return p, append(warns, messagef("the position breaks a rule (%v); read as given", sfenReason(err))), nil
}

// jkfReader reads the move lines of a JKF record; text is the JSON, where errors are located.
type jkfReader struct {
	rec  *Record
	text string
}

// jkfPath is where an entry is in the JSON: object keys and array indexes, "moves", 3, "forks", 0, 2.
type jkfPath []any

func (p jkfPath) String() string {
	var b strings.Builder
	for _, e := range p {
		switch e := e.(type) {
		case string:
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(e)
		case int:
			fmt.Fprintf(&b, "[%d]", e)
		}
	}
	return b.String()
}

func (p jkfPath) with(e ...any) jkfPath {
	return append(append(jkfPath(nil), p...), e...)
}

// fail returns the error for the entry at path, with its line and column in the JSON; its
// format follows the path.
func (jr *jkfReader) fail(path jkfPath, atEnd bool, format string, args ...any) error {
	line, col := jsonLocate(jr.text, path)
	pe := errorf(line, "%s"+format, append([]any{path.String()}, args...)...)
	pe.Col, pe.AtEnd = col, atEnd
	return pe
}

// line reads the entries of a line that starts after node at (position pos).
func (jr *jkfReader) line(at *Node, pos board.Position, entries []jkfMoveEntry, path jkfPath, firstIndex int) error {
	rec := jr.rec
	cur := at
	for k, e := range entries {
		where := path.with(k + firstIndex)
		if e.Move == nil && e.Special == "" {
			// comments or a time without a move: they belong to the node before
			if len(e.Comments) > 0 {
				cur.Comment = joinComment(cur.Comment, strings.Join(e.Comments, "\n"))
			}
			continue
		}
		if cur.IsSpecial() {
			return jr.fail(where, false, ": a move after %s", specialLabel(cur))
		}
		before, beforeNode := pos, cur
		var n *Node
		if e.Move != nil {
			m, err := jkfMoveOf(&pos, e.Move, cur.lastTo())
			if err != nil {
				il, soft := err.(*jkfIllegal)
				next := nextMoveEntry(entries[k+1:])
				atEnd := soft && m != board.NoMove && (next == nil || next.Move == nil)
				foul := next != nil && next.Move == nil && isFoulEnding(parseCSASpecial(next.Special, pos.SideToMove().Opp())) ||
					strings.Contains(strings.Join(e.Comments, "\n")+e.Comment, "反則")
				if !atEnd || !foul {
					// a game does not go on after an illegal move, and only a 反則 ending explains it
					if soft {
						err = messagef("illegal move %s: %s", il.move, il.reason)
					}
					return jr.fail(where, atEnd, " (ply %d): %v", cur.ply+1, err)
				}
				line, _ := jsonLocate(jr.text, where)
				rec.Warnings = append(rec.Warnings, warning(line, "%s (ply %d): illegal move %s (%s) kept as the last move of its line: the game was lost by it", where.String(), cur.ply+1, il.move, il.reason))
			}
			n = cur.addMove(m)
			pos.Do(m)
		} else {
			sp := parseCSASpecial(e.Special, pos.SideToMove())
			n = &Node{Special: sp}
			if sp == Other {
				n.SpecialText = e.Special
			}
			cur.add(n)
		}
		if len(e.Comments) > 0 {
			n.Comment = joinComment(n.Comment, strings.Join(e.Comments, "\n"))
		}
		if e.Time != nil {
			n.Elapsed, n.Total, n.Timed = e.Time.Now.duration(), e.Time.Total.duration(), true
		}
		for i, fork := range e.Forks {
			if err := jr.line(beforeNode, before, fork, where.with("forks", i), 0); err != nil {
				return err
			}
		}
		cur = n
	}
	return nil
}

// nextMoveEntry returns the next entry of a line that holds a move or a special move, or nil.
func nextMoveEntry(rest []jkfMoveEntry) *jkfMoveEntry {
	for i := range rest {
		if rest[i].Move != nil || rest[i].Special != "" {
			return &rest[i]
		}
	}
	return nil
}

var jkfRelativeWords = map[rune]string{'L': "左", 'C': "直", 'R': "右", 'U': "上", 'M': "寄", 'D': "引", 'H': "打"}

// jkfMoveOf turns a JKF move into a legal move in p.
func jkfMoveOf(p *board.Position, jm *jkfMove, lastTo board.Square) (board.Move, error) {
	t, ok := board.PieceTypeFromCSA(jm.Piece)
	if !ok {
		return board.NoMove, messagef("unknown piece %q", jm.Piece)
	}
	var to board.Square
	switch {
	case jm.To != nil:
		if jm.To.X < 1 || jm.To.X > 9 || jm.To.Y < 1 || jm.To.Y > 9 {
			return board.NoMove, messagef("destination {x:%d, y:%d} is off the board", jm.To.X, jm.To.Y)
		}
		to = board.NewSquare(jm.To.X, jm.To.Y)
	case jm.Same && lastTo != board.NoSquare:
		to = lastTo
	default:
		return board.NoMove, messagef("move of %s has no destination", jm.Piece)
	}
	promote := jm.Promote != nil && *jm.Promote
	if jm.From != nil {
		if jm.From.X < 1 || jm.From.X > 9 || jm.From.Y < 1 || jm.From.Y > 9 {
			return board.NoMove, messagef("origin {x:%d, y:%d} is off the board", jm.From.X, jm.From.Y)
		}
		from := board.NewSquare(jm.From.X, jm.From.Y)
		if pc := p.PieceAt(from); pc != board.NoPiece && pc.Type() != t {
			return board.NoMove, messagef("the piece on %s is %s, not %s", squareName(from), pc.Type().CSA(), jm.Piece)
		}
		m, reason := boardMove(p, from, to, promote)
		if reason != "" {
			return m, &jkfIllegal{csaMoveText(p.SideToMove(), board.NewBoardMove(from, to, t, 0, promote)), reason}
		}
		return m, nil
	}
	// no origin: a drop, or a board move told apart by "relative" as in KI2
	text := board.JapaneseSquare(to) + t.Kanji()
	for _, r := range jm.Relative {
		text += jkfRelativeWords[r]
	}
	if promote {
		text += "成"
	} else if jm.Promote != nil {
		text += "不成"
	}
	m, _, err := p.ReadJapaneseMove(text, board.NoSquare)
	if err != nil {
		je := err.(*board.JapaneseMoveError)
		return je.Move, &jkfIllegal{text, je.Reason}
	}
	return m, nil
}

// jkfIllegal is an illegal move; jkfMoveOf returns the move too when it can be played.
type jkfIllegal struct{ move, reason string }

func (e *jkfIllegal) Error() string { return fmt.Sprintf("illegal move %s: %s", e.move, e.reason) }

// FormatJKF writes r as JKF (compact JSON, one line). Everything is kept but remarks.
func FormatJKF(r *Record) string {
	f := jkfFile{Header: jkfHeader(r.Headers)}
	if f.Header == nil {
		f.Header = jkfHeader{}
	}
	if h, ok := HandicapOf(r.Start); ok {
		f.Initial = &jkfInitial{Preset: h.JKF}
	} else {
		f.Initial = &jkfInitial{Preset: "OTHER", Data: jkfStateOf(r.Start)}
	}
	root := jkfMoveEntry{}
	if r.Root.Comment != "" {
		root.Comments = strings.Split(r.Root.Comment, "\n")
	}
	f.Moves = append([]jkfMoveEntry{root}, jkfEntries(r.Root.Next(), *r.Start)...)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(f); err != nil {
		panic("kifu: JKF encoding failed: " + err.Error()) // only plain data is encoded
	}
	return b.String()
}

// jkfEntries writes the line from first on (pos is the position before first).
func jkfEntries(first *Node, pos board.Position) []jkfMoveEntry {
	var out []jkfMoveEntry
	for n := first; n != nil; n = n.Next() {
		e := jkfMoveEntry{}
		if n.Comment != "" {
			e.Comments = strings.Split(n.Comment, "\n")
		}
		if n.Timed {
			e.Time = &jkfTime{Now: clockOf(n.Elapsed, false), Total: clockOf(n.Total, true)}
		}
		if n.IsSpecial() {
			if n.Special == Other {
				e.Special = strings.TrimPrefix(n.SpecialText, "%")
			} else if w, ok := csaSpecial(n.Special, pos.SideToMove(), true); ok {
				e.Special = w
			} else {
				e.Special = "CHUDAN"
			}
		} else {
			e.Move = jkfMoveFor(&pos, n.Move, n.parent.lastTo())
		}
		if n.parent.children[0] == n {
			for _, alt := range n.parent.children[1:] {
				e.Forks = append(e.Forks, jkfEntries(alt, pos))
			}
		}
		out = append(out, e)
		if n.IsSpecial() {
			break
		}
		pos.Do(n.Move)
	}
	return out
}

func jkfMoveFor(p *board.Position, m board.Move, lastTo board.Square) *jkfMove {
	jm := &jkfMove{Color: jkfColor(p.SideToMove()), Piece: m.Piece().CSA(),
		To: &jkfPlace{m.To().File(), m.To().Rank()}, Same: m.To() == lastTo}
	if !m.IsDrop() {
		jm.From = &jkfPlace{m.From().File(), m.From().Rank()}
		if m.Captured() != board.NoPieceType {
			jm.Capture = m.Captured().CSA()
		}
		if m.IsPromotion() || m.Piece().CanPromote() && (board.InPromotionZone(p.SideToMove(), m.From()) || board.InPromotionZone(p.SideToMove(), m.To())) {
			v := m.IsPromotion()
			jm.Promote = &v
		}
	}
	// the relative words KI2 would write (右 左 直 上 引 寄 打)
	ki2 := p.KI2Move(m, board.NoSquare)
	for _, r := range strings.TrimPrefix(ki2, board.JapaneseSquare(m.To())+m.Piece().Kanji()) {
		for code, w := range jkfRelativeWords {
			if string(r) == w {
				jm.Relative += string(code)
			}
		}
	}
	jm.Relative = canonicalRelative(jm.Relative)
	return jm
}

// canonicalRelative orders relative codes as JKF writes them: L/C/R before U/M/D.
func canonicalRelative(s string) string {
	var h, v string
	for _, r := range s {
		switch r {
		case 'L', 'C', 'R':
			h += string(r)
		case 'U', 'M', 'D':
			v += string(r)
		case 'H':
			return "H"
		}
	}
	return h + v
}

func jkfStateOf(p *board.Position) *jkfState {
	cols := make([][]jkfPiece, 9)
	for x := 0; x < 9; x++ {
		cols[x] = make([]jkfPiece, 9)
		for y := 0; y < 9; y++ {
			pc := p.PieceAt(board.NewSquare(x+1, y+1))
			if pc == board.NoPiece {
				continue
			}
			c := jkfColor(pc.Color())
			cols[x][y] = jkfPiece{Color: &c, Kind: pc.Type().CSA()}
		}
	}
	raw, _ := json.Marshal(cols)
	hands := make([]map[string]int, 2)
	for c := board.Black; c <= board.White; c++ {
		hands[c] = map[string]int{}
		for _, t := range handOrder {
			hands[c][t.CSA()] = p.Hand(c).Count(t)
		}
	}
	return &jkfState{Color: jkfColor(p.SideToMove()), Board: raw, Hands: hands}
}

// repairJSON closes JSON that was cut short: it drops the unfinished last element of
// the innermost array and closes the open brackets. ok is false if there is nothing to repair.
func repairJSON(s string) (string, bool) {
	var stack []byte
	inStr, esc := false, false
	lastCut := -1 // index where the text can be cut (a ',' between an array's elements, or just after one)
	var stackAtCut []byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if inStr {
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inStr = false
			}
			continue
		}
		switch c {
		case '"':
			inStr = true
		case '{', '[':
			stack = append(stack, c)
		case '}', ']':
			if len(stack) == 0 {
				return "", false
			}
			stack = stack[:len(stack)-1]
			if len(stack) > 0 && stack[len(stack)-1] == '[' {
				// an element of an array ends: the text can be cut after it too (a file
				// that ends just there keeps its last move)
				lastCut = i + 1
				stackAtCut = append(stackAtCut[:0], stack...)
			}
		case ',':
			// cut between the elements of an array, so that an unfinished move is left out whole
			if len(stack) > 0 && stack[len(stack)-1] == '[' {
				lastCut = i
				stackAtCut = append(stackAtCut[:0], stack...)
			}
		}
	}
	if len(stack) == 0 || lastCut < 0 {
		return "", false
	}
	var b strings.Builder
	b.WriteString(s[:lastCut])
	for i := len(stackAtCut) - 1; i >= 0; i-- {
		if stackAtCut[i] == '{' {
			b.WriteByte('}')
		} else {
			b.WriteByte(']')
		}
	}
	return b.String(), true
}

// jsonErrorPlace returns the line and column (1-based, in characters) a JSON error is at, or 0, 0.
func jsonErrorPlace(text string, err error) (line, col int) {
	var off int64 = -1
	switch e := err.(type) {
	case *json.SyntaxError:
		off = e.Offset
	case *json.UnmarshalTypeError:
		off = e.Offset
	}
	if off < 0 || off > int64(len(text)) {
		return 0, 0
	}
	return textPlace(text, int(off))
}

// textPlace returns the 1-based line and column (in characters) of byte offset off in text.
func textPlace(text string, off int) (line, col int) {
	before := text[:off]
	start := strings.LastIndexByte(before, '\n') + 1
	return strings.Count(before, "\n") + 1, utf8.RuneCountInString(before[start:]) + 1
}

// jsonLocate returns the line and column where the value at path (object keys and array
// indexes) begins in the JSON text, or 0, 0 when it is not there.
func jsonLocate(text string, path jkfPath) (line, col int) {
	dec := json.NewDecoder(strings.NewReader(text))
	off, ok := jsonSeek(dec, text, path)
	if !ok {
		return 0, 0
	}
	return textPlace(text, off)
}

func jsonSeek(dec *json.Decoder, text string, path jkfPath) (int, bool) {
	if len(path) == 0 {
		off := int(dec.InputOffset())
		for off < len(text) && strings.IndexByte(" \t\r\n,:", text[off]) >= 0 {
			off++
		}
		return off, off < len(text)
	}
	t, err := dec.Token()
	if err != nil {
		return 0, false
	}
	d, _ := t.(json.Delim)
	switch want := path[0].(type) {
	case string:
		if d != '{' {
			return 0, false
		}
		for dec.More() {
			k, err := dec.Token()
			if err != nil {
				return 0, false
			}
			if k == want {
				return jsonSeek(dec, text, path[1:])
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return 0, false
			}
		}
	case int:
		if d != '[' {
			return 0, false
		}
		for i := 0; dec.More(); i++ {
			if i == want {
				return jsonSeek(dec, text, path[1:])
			}
			var skip json.RawMessage
			if dec.Decode(&skip) != nil {
				return 0, false
			}
		}
	}
	return 0, false
}

// jsonReason says what is wrong in the JSON in the user's words, not Go's (a Message), or is err.
func jsonReason(err error) error {
	if e, ok := err.(*json.UnmarshalTypeError); ok {
		field := e.Field
		if field == "" {
			field = "the top level"
		}
		return messagef("%s holds a JSON %s where %s was expected", field, e.Value, jsonKindName(e.Type))
	}
	return err
}

// jsonKindName names what a Go type is read from, as JSON calls it.
func jsonKindName(t reflect.Type) string {
	if t == nil {
		return "something else"
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a whole number"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Pointer:
		return jsonKindName(t.Elem())
	}
	return "something else"
}
