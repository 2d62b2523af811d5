package kifu

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"banmen/board"
)

// Reading KIF and KI2 (Kakinoki's formats; http://kakinoki.o.oo7.jp/kif_format.html).
// The two share headers, board diagrams, comments, bookmarks, 変化 lines and the まで
// trailer, and differ in their move lines: KIF numbers its moves and gives the origin
// square, KI2 writes ▲７六歩△３四歩 and tells pieces apart with 右 左 上 引 寄 直.
// One reader takes both, even mixed, as real files sometimes are.

type kakinokiReader struct {
	rec      *Record
	warnings []Warning

	// header state
	handicap     string
	handicapLine int
	hasBoard     bool
	boardLine    int
	grid         [9][9]board.Piece // [rank-1][9-file]
	rowsSeen     int
	hands        [2]board.Hand
	side         board.Color
	inMoves      bool

	understood bool // some line was understood: the text is a record at all

	// move state
	cur        *Node
	illegal    map[*Node]illegalMove // moves that break a rule, until a 反則 ending follows
	path       []*Node               // root … cur
	pos        board.Position        // the position at cur
	saved      []board.Position      // saved[k]: the position at path[k*checkpointEvery]
	replayed   int                   // moves played again to go back along the path
	commentFor *Node                 // node whose comment the last comment line went to
	arena      nodeArena
	forks      []*Node // moves marked "+" (another move replaces them later), not yet replaced
}

// illegalMove is a move that breaks a rule (it leaves the king in check, 二歩, …) but
// can be played. Records of games lost that way end with it, so it is kept when a
// 反則勝ち or 反則負け follows it; anything else after it, or nothing, stops the reading
// before it.
type illegalMove struct {
	line    int
	text    string
	reason  string
	warning int // index of its warning in kakinokiReader.warnings
}

// readKakinoki reads KIF or KI2 text.
func readKakinoki(text string) (*Record, error) { return newKakinokiReader().read(text) }

func newKakinokiReader() *kakinokiReader {
	kr := &kakinokiReader{rec: &Record{Root: &Node{}}}
	kr.cur = kr.rec.Root
	kr.path = append(make([]*Node, 0, 256), kr.rec.Root)
	return kr
}

func (kr *kakinokiReader) read(text string) (*Record, error) {
	if err := errEmpty(text); err != nil {
		return nil, err
	}
	ls, complete := lines(text)
	for i, line := range ls {
		if err := kr.line(i+1, line); err != nil {
			if i == len(ls)-1 && !complete {
				kr.warn(i+1, "the file ends in the middle of this line (%v); read up to the line before", errText(err))
				break
			}
			if err2 := kr.endLine(); err2 != nil {
				err = err2 // an illegal move before this line: the reading stops there
			}
			kr.finish()
			return kr.rec, err
		}
	}
	if err := kr.endLine(); err != nil {
		kr.finish()
		return kr.rec, err
	}
	kr.finish()
	if !kr.understood && len(kr.warnings) > 0 {
		return nil, kr.fail(kr.warnings[0].Line, "not a KIF or KI2 record: no line was understood (the first: %s)", strings.TrimPrefix(kr.warnings[0].Msg, "line not understood, kept as a remark: "))
	}
	return kr.rec, nil
}

func errText(err error) string {
	if pe, ok := err.(*ParseError); ok {
		return pe.Msg
	}
	return err.Error()
}

func (kr *kakinokiReader) warn(line int, format string, args ...any) {
	kr.warnings = append(kr.warnings, Warning{Line: line, Msg: fmt.Sprintf(format, args...)})
}

func (kr *kakinokiReader) fail(line int, format string, args ...any) error {
	return &ParseError{Line: line, Msg: fmt.Sprintf(format, args...)}
}

func (kr *kakinokiReader) finish() {
	if !kr.inMoves {
		if err := kr.startMoves(0); err != nil {
			kr.warn(0, "%s", errText(err))
			kr.rec.Start = board.NewStartPosition()
			kr.pos = *kr.rec.Start
			kr.saved = append(kr.saved[:0], kr.pos)
		}
	}
	kr.rec.Warnings = append(kr.rec.Warnings, kr.warnings...)
}

// line handles one line of the file.
func (kr *kakinokiReader) line(no int, line string) error {
	t := trimLeftSpace(line)
	if t == "" {
		return nil
	}
	understood := kr.understood
	kr.understood = true // unless the line turns out not to be understood (at the end)
	switch t[0] {
	case '#':
		if !strings.HasPrefix(t, "#KIF version=") {
			kr.cur.Remarks = append(kr.cur.Remarks, t[1:])
		}
		return nil
	case '*':
		kr.addComment(t[1:])
		return nil
	case '&':
		kr.cur.Bookmark = t[1:]
		return nil
	case '|':
		return kr.boardRow(no, t)
	}
	if strings.HasPrefix(t, "9 8") || strings.HasPrefix(t, "+--") {
		return nil // board diagram frame
	}
	if t[0] >= '0' && t[0] <= '9' {
		if ok, err := kr.kifMoveLine(no, t); ok {
			return err
		}
	}
	r, _ := utf8.DecodeRuneInString(t)
	switch r {
	case '▲', '△', '☗', '☖', '▼', '▽':
		return kr.ki2MoveLine(no, t)
	}
	switch {
	case strings.HasPrefix(t, "変化"):
		return kr.branch(no, t)
	case strings.HasPrefix(t, "まで"):
		return kr.trailer(no, t)
	case strings.HasPrefix(t, "手数-") || strings.HasPrefix(t, "手数―"):
		return kr.startMoves(no)
	case strings.HasPrefix(t, "手数＝"), strings.HasPrefix(t, "９ ８"), strings.HasPrefix(t, "９　８"):
		return nil // board diagram frame and its "手数＝" line
	case t == "先手番" || t == "下手番":
		kr.side = board.Black
		return nil
	case t == "後手番" || t == "上手番":
		kr.side = board.White
		return nil
	}
	if key, value, ok := cutHeader(t); ok {
		return kr.header(no, key, value)
	}
	// keep it as a remark, so that writing the record back loses nothing
	kr.warn(no, "line not understood, kept as a remark: %q", line)
	kr.cur.Remarks = append(kr.cur.Remarks, line)
	kr.understood = understood
	return nil
}

// cutHeader splits "キー：値" (or "key:value"); the key has no spaces.
func cutHeader(s string) (key, value string, ok bool) {
	i := strings.IndexAny(s, "：:")
	if i <= 0 {
		return "", "", false
	}
	key = s[:i]
	if strings.ContainsAny(key, " \t") {
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
		t := boardPiece(r)
		if t < board.Pawn || t > board.Gold {
			return h, fmt.Errorf("%q is not a piece that can be in hand (want 飛 角 金 銀 桂 香 歩 with a count like 歩十二)", string(r))
		}
		s = s[n:]
		// the count runs until the next piece name or space
		end := 0
		for end < len(s) {
			r2, n2 := utf8.DecodeRuneInString(s[end:])
			if r2 == ' ' || r2 == '　' || r2 == '\t' || boardPiece(r2) != board.NoPieceType {
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
		case boardPiece(r) != board.NoPieceType:
			c := board.Black
			if white {
				c = board.White
			}
			cells = append(cells, board.NewPiece(c, boardPiece(r)))
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
		if r, _ := utf8.DecodeRuneInString(s[i+1:]); digitValue(r) > 0 {
			rank = digitValue(r)
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
				p.SetPiece(board.NewSquare(9-x, y+1), pc)
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

func (kr *kakinokiReader) addComment(text string) {
	n := kr.cur
	if kr.commentFor == n || n.Comment != "" {
		n.Comment += "\n" + text
	} else {
		n.Comment = text
	}
	kr.commentFor = n
}

// checkpointEvery is how often along the current path the reader keeps the position, so
// that going back to a variation's start plays at most this many moves again, however
// deep the variations nest (playing from the start each time made reading quadratic).
const checkpointEvery = 32

// push makes n, a child of the current node whose move kr.pos has played already, the
// current node.
func (kr *kakinokiReader) push(n *Node) {
	kr.cur = n
	kr.path = append(kr.path, n)
	if (len(kr.path)-1)%checkpointEvery == 0 {
		kr.saved = append(kr.saved, kr.pos)
	}
}

// goBack makes the node at ply on the current path the current node.
func (kr *kakinokiReader) goBack(ply int) {
	kr.cur = kr.path[ply]
	kr.path = kr.path[:ply+1]
	k := ply / checkpointEvery
	kr.saved = kr.saved[:k+1]
	kr.pos = kr.saved[k]
	for _, n := range kr.path[k*checkpointEvery+1:] {
		if n.Move != board.NoMove {
			kr.pos.Do(n.Move)
			kr.replayed++
		}
	}
}

// setPath makes path (root … a node) the current path, with its node at ply current.
func (kr *kakinokiReader) setPath(path []*Node, ply int) {
	kr.path = append(kr.path[:0], kr.rec.Root)
	kr.cur = kr.rec.Root
	kr.pos = *kr.rec.Start
	kr.saved = append(kr.saved[:0], kr.pos)
	for _, n := range path[1 : ply+1] {
		if n.Move != board.NoMove {
			kr.pos.Do(n.Move)
			kr.replayed++
		}
		kr.push(n)
	}
}

// goTo makes the node at ply the current one: back along the current path, or forward
// along the main continuation of the current node (a variation that repeats moves of
// the line before it continues that line). It reports false if the line is too short.
func (kr *kakinokiReader) goTo(ply int) bool {
	if ply <= kr.cur.ply {
		kr.goBack(ply)
		return true
	}
	for kr.cur.ply < ply {
		next := kr.cur.Next()
		if next == nil || next.IsSpecial() {
			return false
		}
		kr.pos.Do(next.Move)
		kr.push(next)
	}
	return true
}

// appendNode adds n after the current node and makes it current; a move that is
// already there is reused.
func (kr *kakinokiReader) appendNode(n *Node) error {
	if _, ok := kr.illegal[kr.cur]; ok {
		if n.Special == NotSpecial || !isFoulEnding(n.Special) && !statesFoul(kr.cur) {
			// a game does not go on after an illegal move, and only a 反則 ending explains it
			return kr.stopAtIllegal(n.Special != NotSpecial)
		}
		delete(kr.illegal, kr.cur) // the game was lost by it: keep it
	}
	if n.Special == NotSpecial {
		if c := kr.cur.ChildWithMove(n.Move); c != nil {
			n = c
		} else {
			kr.arena.add(kr.cur, n)
		}
		kr.pos.Do(n.Move)
	} else {
		kr.arena.add(kr.cur, n)
	}
	kr.push(n)
	return nil
}

// stopAtIllegal stops reading at the illegal move that is the current node: it is taken
// out, with its warning, and the error names it. atEnd says that no move follows it.
func (kr *kakinokiReader) stopAtIllegal(atEnd bool) error {
	bad := kr.cur
	il := kr.illegal[bad]
	delete(kr.illegal, bad)
	kr.goBack(bad.ply - 1)
	bad.Remove()
	kr.warnings = append(kr.warnings[:il.warning], kr.warnings[il.warning+1:]...)
	return &ParseError{Line: il.line, Msg: fmt.Sprintf("illegal move %q: %s", il.text, il.reason), AtEnd: atEnd}
}

// endLine is called where the current line ends (a variation begins, or the text ends):
// an illegal move that ends it without a 反則 ending after it stops the reading.
func (kr *kakinokiReader) endLine() error {
	if _, ok := kr.illegal[kr.cur]; ok {
		if statesFoul(kr.cur) {
			delete(kr.illegal, kr.cur)
			return nil
		}
		return kr.stopAtIllegal(true)
	}
	return nil
}

// parentFor finds where a move numbered ply goes: the node at ply-1 on the current path.
func (kr *kakinokiReader) parentFor(no, ply int) error {
	if ply < 1 {
		return kr.fail(no, "move number %d: moves are numbered from 1", ply)
	}
	if ply-1 != kr.cur.ply {
		if err := kr.endLine(); err != nil {
			return err
		}
	}
	if ply-1 != kr.cur.ply && !kr.goTo(ply-1) {
		kr.warn(no, "move number %d where %d was expected; read as move %d", ply, kr.cur.ply+1, kr.cur.ply+1)
	}
	if kr.cur.IsSpecial() {
		kr.warn(no, "a move after %s: read as an alternative to it", specialLabel(kr.cur))
		kr.goBack(kr.cur.ply - 1)
	}
	return nil
}

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
	if r != '同' && r != '仝' && digitValue(r) == 0 {
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
	m, rest, reason := readKIFMove(&kr.pos, s, kr.cur.lastTo())
	if reason != "" {
		text := strings.TrimRight(strings.TrimSuffix(s, rest), " 　")
		if m == board.NoMove || text == "" {
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

// readKIFMove reads a KIF move ("７六歩(77)", "同　銀(31)", "５五角打", "２二角成(88)")
// legal in p, and returns what follows it on the line. reason says why it failed.
func readKIFMove(p *board.Position, s string, lastTo board.Square) (board.Move, string, string) {
	orig := s
	var to board.Square
	r, n := utf8.DecodeRuneInString(s)
	if r == '同' || r == '仝' {
		if lastTo == board.NoSquare {
			return board.NoMove, "", "同 (same square) with no previous move"
		}
		to = lastTo
		s = trimLeftSpace(s[n:])
	} else {
		r2, n2 := utf8.DecodeRuneInString(s[n:])
		f, rk := digitValue(r), digitValue(r2)
		if f == 0 || rk == 0 {
			return board.NoMove, "", "want a destination like ７六 or 同"
		}
		to = board.NewSquare(f, rk)
		s = s[n+n2:]
		s = strings.TrimPrefix(s, "同") // "７六同歩"
		s = trimLeftSpace(s)
	}
	t, s, ok := cutPieceName(s)
	if !ok {
		return board.NoMove, "", "unknown piece; want 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍"
	}
	promote, drop, other := false, false, false
	from := board.NoSquare
loop:
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		switch r {
		case '成':
			promote = true
		case '不':
			if !strings.HasPrefix(s[n:], "成") {
				return board.NoMove, "", "不 must be followed by 成"
			}
			n += len("成")
		case '生':
		case '打':
			drop = true
		case '右', '左', '直', '上', '引', '寄', '行', '入':
			other = true
		case '(', '（':
			if r == '(' && len(s) >= 4 && s[3] == ')' && s[1] >= '1' && s[1] <= '9' && s[2] >= '1' && s[2] <= '9' {
				from = board.NewSquare(int(s[1]-'0'), int(s[2]-'0')) // the usual "(77)"
				s = s[4:]
				break loop
			}
			end := strings.IndexAny(s, ")）")
			if end < 0 {
				return board.NoMove, "", "unclosed origin; want (77)"
			}
			inner := []rune(s[n:end])
			if string(inner) == "00" || string(inner) == "００" { // some writers mark drops (00)
				drop = true
				_, cl := utf8.DecodeRuneInString(s[end:])
				s = s[end+cl:]
				break loop
			}
			if len(inner) != 2 || digitValue(inner[0]) == 0 || digitValue(inner[1]) == 0 {
				if len(inner) > 2 { // a time column right after a drop: not an origin
					break loop
				}
				return board.NoMove, "", "want an origin like (77)"
			}
			from = board.NewSquare(digitValue(inner[0]), digitValue(inner[1]))
			_, cl := utf8.DecodeRuneInString(s[end:])
			s = s[end+cl:]
			break loop
		default:
			break loop
		}
		s = s[n:]
	}
	rest := s
	switch {
	case from != board.NoSquare:
		pc := p.PieceAt(from)
		if pc != board.NoPiece && pc.Color() == p.SideToMove() && pc.Type() != t {
			return board.NoMove, "", fmt.Sprintf("the piece on %s is %s, not %s", squareName(from), pc.Type().Kanji(), t.Kanji())
		}
		m, reason := boardMove(p, from, to, promote)
		return m, rest, reason
	case drop && !other && !promote:
		m, reason := dropMove(p, t, to)
		return m, rest, reason
	}
	// no origin: read it as KI2 (with 右 左 … or an unmarked drop)
	text := strings.TrimSuffix(orig, rest)
	m, err := p.ParseJapaneseMove(text, lastTo)
	if err != nil {
		reason := err.Error()
		if je, ok := err.(*board.JapaneseMoveError); ok {
			reason = je.Reason
		}
		// an illegal move can still be told apart if one piece of the kind reaches there
		if m := onlyPseudoMove(p, t, to, promote, drop); m != board.NoMove {
			return m, rest, whyIllegal(p, m)
		}
		return board.NoMove, "", reason
	}
	return m, rest, ""
}

// onlyPseudoMove returns the one move of a piece of kind t to 'to' that can be played
// (legal or not), or NoMove if there is none or more than one.
func onlyPseudoMove(p *board.Position, t board.PieceType, to board.Square, promote, drop bool) board.Move {
	found := board.NoMove
	count := 0
	if !drop {
		for s := board.Square(0); s < board.NumSquares; s++ {
			m := board.NewBoardMove(s, to, t, p.PieceAt(to).Type(), promote)
			if pseudoLegal(p, m) {
				found, count = m, count+1
			}
		}
	}
	if !promote {
		if m := board.NewDrop(t, to); pseudoLegal(p, m) && (drop || count == 0) {
			found, count = m, count+1
		}
	}
	if count != 1 {
		return board.NoMove
	}
	return found
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
		if r0, _ := utf8.DecodeRuneInString(text); r0 != '同' && r0 != '仝' && digitValue(r0) == 0 {
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

// branch reads "変化：12手": the next moves replace move 12 of the current line.
func (kr *kakinokiReader) branch(no int, t string) error {
	s := strings.TrimPrefix(t, "変化")
	s = trimLeftSpace(strings.TrimLeft(s, "：:"))
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	ply, err := strconv.Atoi(s[:i])
	if err != nil {
		return kr.fail(no, "bad variation line %q: want 変化：N手", t)
	}
	if !kr.inMoves {
		kr.warn(no, "variation line before the first move ignored")
		return nil
	}
	if err := kr.endLine(); err != nil {
		return err
	}
	if ply >= 1 && kr.forkAt(ply) {
		return nil
	}
	if ply < 1 || !kr.goTo(ply-1) {
		return kr.fail(no, "variation at move %d, but the line before has only %d moves", ply, kr.cur.ply)
	}
	return nil
}

// forkAt follows the "+" marks: the variation that starts replaces the move at ply that
// was marked "+" most recently (on the current line, when it has one there). Writers
// list variations depth first, so this is the current line; the marks also place
// variations listed in another order. It reports false when no mark says where to go.
func (kr *kakinokiReader) forkAt(ply int) bool {
	pick := -1
	for i := len(kr.forks) - 1; i >= 0; i-- {
		f := kr.forks[i]
		if f.ply != ply || f.parent == nil {
			continue
		}
		if ply < len(kr.path) && kr.path[ply] == f {
			pick = i
			break
		}
		if pick < 0 {
			pick = i
		}
	}
	if pick < 0 {
		return false
	}
	f := kr.forks[pick]
	kr.forks = append(kr.forks[:pick], kr.forks[pick+1:]...)
	if ply < len(kr.path) && kr.path[ply] == f {
		kr.goBack(ply - 1)
		return true
	}
	kr.setPath(f.parent.Path(), ply-1)
	return true
}

// trailer reads "まで64手で先手の勝ち": KI2 states the end of the game only here; in KIF
// it repeats the last special move and is used only when that is missing.
func (kr *kakinokiReader) trailer(no int, t string) error {
	if err := kr.startMoves(no); err != nil {
		return err
	}
	if kr.cur.IsSpecial() {
		return nil
	}
	sp, text := parseTrailer(strings.TrimPrefix(t, "まで"))
	n := &Node{Special: sp}
	if sp == Other {
		if text == "" {
			return nil
		}
		n.SpecialText = text
	}
	return kr.appendNode(n)
}

// parseTrailer reads what follows まで: "64手で先手の勝ち", "12手で中断", "61手詰", "14手で時間切れにより後手の勝ち".
func parseTrailer(s string) (Special, string) {
	s = strings.Map(func(r rune) rune {
		if r == ' ' || r == '　' || r == '\t' || r == '、' {
			return -1
		}
		return r
	}, s)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	rest := s[i:]
	if i > 0 && rest == "手詰" || rest == "手詰み" {
		return Checkmate, ""
	}
	rest = strings.TrimPrefix(rest, "手で")
	rest = strings.TrimPrefix(rest, "手")
	switch {
	case strings.HasPrefix(rest, "時間切れ") || strings.HasSuffix(rest, "切れ負け"):
		return Timeout, ""
	case strings.HasSuffix(rest, "反則勝ち"):
		return FoulWin, ""
	case strings.HasSuffix(rest, "反則負け"):
		return FoulLose, ""
	case strings.HasSuffix(rest, "入玉勝ち"):
		return EnteringKing, ""
	case strings.HasSuffix(rest, "不戦勝"):
		return WinByDefault, ""
	case strings.HasSuffix(rest, "不戦敗"):
		return LossByDefault, ""
	case strings.HasSuffix(rest, "勝ち"):
		return Resign, ""
	case strings.HasSuffix(rest, "詰み") || rest == "詰":
		return Checkmate, ""
	}
	if sp := ParseSpecial(rest); sp != Other {
		return sp, ""
	}
	return Other, rest
}

// Writing: what KIF and KI2 share.

// writeKakinokiHead writes the remarks, headers and start position (手合割 or a board
// diagram). The start position goes where the file read had it, else where Kifu for
// Windows writes it: after 開始日時, 棋戦, 持ち時間 and the like, before 先手 and 後手 (下手, 上手).
func writeKakinokiHead(b *strings.Builder, r *Record) {
	r = oneLineHeaders(r)
	for _, rm := range r.Root.Remarks {
		for _, l := range textLines(rm) {
			b.WriteString("#" + l + "\n")
		}
	}
	at := r.startAt - 1
	if at < 0 || at > len(r.Headers) {
		at = len(r.Headers)
		for i, h := range r.Headers {
			if h.Key == HeaderBlack || h.Key == HeaderWhite || h.Key == HeaderShitate || h.Key == HeaderUwate {
				at = i
				break
			}
		}
	}
	for i, h := range r.Headers {
		if i == at {
			writeKakinokiStart(b, r.Start)
		}
		if h.Key == "手合割" {
			continue // written from the start position
		}
		b.WriteString(h.Key + "：" + h.Value + "\n")
	}
	if at == len(r.Headers) {
		writeKakinokiStart(b, r.Start)
	}
}

// writeKakinokiStart writes the start position: 手合割 when it has a name, else a board diagram.
func writeKakinokiStart(b *strings.Builder, p *board.Position) {
	if h, ok := HandicapOf(p); ok {
		b.WriteString("手合割：" + h.Name + "\n")
		return
	}
	writeBoardDiagram(b, p)
}

// writeBoardDiagram writes a position as a KIF board diagram (BOD).
func writeBoardDiagram(b *strings.Builder, p *board.Position) {
	b.WriteString("後手の持駒：" + handText(p.Hand(board.White)) + "\n")
	b.WriteString("  ９ ８ ７ ６ ５ ４ ３ ２ １\n")
	b.WriteString("+---------------------------+\n")
	for rank := 1; rank <= 9; rank++ {
		b.WriteString("|")
		for file := 9; file >= 1; file-- {
			pc := p.PieceAt(board.NewSquare(file, rank))
			switch {
			case pc == board.NoPiece:
				b.WriteString(" ・")
			case pc.Color() == board.White:
				b.WriteString("v" + pc.Type().ShortKanji())
			default:
				b.WriteString(" " + pc.Type().ShortKanji())
			}
		}
		b.WriteString("|" + board.KanjiNumber(rank) + "\n")
	}
	b.WriteString("+---------------------------+\n")
	b.WriteString("先手の持駒：" + handText(p.Hand(board.Black)) + "\n")
	if p.SideToMove() == board.White {
		b.WriteString("後手番\n")
	} else {
		b.WriteString("先手番\n")
	}
}

// eachLine calls fn for the main line and then for every variation in the order
// Kakinoki lists them: after a line come the alternatives to its moves, the last
// move's first, each alternative followed at once by its own variations. pos is the
// position before first.
func eachLine(r *Record, fn func(first *Node, pos *board.Position)) {
	var walk func(first *Node, pos board.Position)
	walk = func(first *Node, pos board.Position) {
		fn(first, &pos)
		chain := first.Line()
		before := make([]board.Position, len(chain))
		p := pos
		for i, c := range chain {
			before[i] = p
			if c.Move != board.NoMove {
				p.Do(c.Move)
			}
		}
		for i := len(chain) - 1; i >= 0; i-- {
			c := chain[i]
			if c.parent.children[0] != c {
				continue
			}
			for _, alt := range c.parent.children[1:] {
				walk(alt, before[i])
			}
		}
	}
	if first := r.Root.Next(); first != nil {
		walk(first, *r.Start)
	}
}

// writeNotes writes a node's comment lines ("*"), bookmark ("&") and remarks ("#").
func writeNotes(b *strings.Builder, n *Node, withRemarks bool) {
	if n.Comment != "" {
		for _, l := range textLines(n.Comment) {
			b.WriteString("*" + l + "\n")
		}
	}
	if n.Bookmark != "" {
		b.WriteString("&" + oneLine(n.Bookmark) + "\n")
	}
	if withRemarks && !n.IsRoot() {
		for _, rm := range n.Remarks {
			for _, l := range textLines(rm) {
				b.WriteString("#" + l + "\n")
			}
		}
	}
}

// sideNames returns how the trailer names Black and White: 先手/後手, or 下手/上手 in a handicap game.
func sideNames(r *Record) [2]string {
	if h, ok := HandicapOf(r.Start); ok && h.Name != "平手" {
		return [2]string{"下手", "上手"}
	}
	return [2]string{"先手", "後手"}
}

// trailerText writes the まで line for special move n; mover is the side to move at n.
func trailerText(n *Node, mover board.Color, names [2]string) string {
	moves := n.ply - 1
	last := names[mover.Opp()]
	me := names[mover]
	var what string
	switch n.Special {
	case Resign:
		what = last + "の勝ち"
	case Timeout:
		what = "時間切れにより" + last + "の勝ち"
	case FoulWin:
		what = me + "の反則勝ち"
	case FoulLose:
		what = me + "の反則負け"
	case EnteringKing:
		what = me + "の入玉勝ち"
	case Other:
		what = n.SpecialText
	default:
		what = n.Special.Kanji()
	}
	return fmt.Sprintf("まで%d手で%s", moves, what)
}
