package kifu

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"banmen/board"
)

// CSA records (http://www2.computer-shogi.org/protocol/record_v22.html and record_v3.html).

// csaHeaderKeys maps CSA $ keywords to the header keys of a Record.
var csaHeaderKeys = map[string]string{
	"EVENT": "棋戦", "SITE": "場所", "START_TIME": "開始日時", "END_TIME": "終了日時",
	"TIME_LIMIT": "持ち時間", "TIME": "持ち時間", "OPENING": "戦型", "NOTE": "備考",
	"TIME+": "先手持ち時間", "TIME-": "後手持ち時間", "MAX_MOVES": "最大手数", "JISHOGI": "持将棋",
}

// ReadCSA reads a CSA record (V2, V2.1, V2.2 or V3.0; UTF-8 or Shift_JIS, detected).
// A file holding several records separated by "/" gives the first, with a warning.
func ReadCSA(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("kifu: %v", err)
	}
	rec, _, err := readAs(data, CSA)
	return rec, err
}

type csaReader struct {
	rec      *Record
	warnings []Warning
	setup    *board.Position // the start position being built
	hands    [2]board.Hand
	posLine  int
	inMoves  bool
	cur      *Node
	pos      board.Position
	illegal  *illegalMove // the last move broke a rule (kept if a 反則 ending follows it)
	comments commentLines // the comment lines of the node they go to
	// the first statement not understood and its line (0: none), for the error of a text
	// of which none was
	unknown     string
	unknownLine int
	arena       nodeArena
	understood  bool // some line was understood: the text is a record at all
}

// ParseCSA reads a CSA record from text.
func ParseCSA(text string) (*Record, error) {
	if err := errEmpty(text); err != nil {
		return nil, err
	}
	cr := &csaReader{rec: &Record{Root: &Node{}}}
	cr.cur = cr.rec.Root
	ls, complete := lines(text)
	for i, line := range ls {
		no := i + 1
		stop, err := cr.line(no, line)
		if err != nil {
			if i == len(ls)-1 && !complete {
				cr.warn(no, "the file ends in the middle of this line (%v); read up to the line before", errText(err))
				break
			}
			if cr.illegal != nil && !cr.comments.statesFoul(cr.cur) {
				err = cr.stopAtIllegal(true) // an illegal move before this line: the reading stops there
			}
			cr.finish(0)
			return cr.rec, err
		}
		if stop {
			for _, rest := range ls[i+1:] {
				if strings.TrimSpace(rest) != "" {
					cr.warn(no, "the file holds more than one record (separated by \"/\"); only the first was read")
					break
				}
			}
			break
		}
	}
	if il := cr.illegal; il != nil {
		if !cr.comments.statesFoul(cr.cur) {
			err := cr.stopAtIllegal(true)
			cr.finish(len(ls))
			return cr.rec, err
		}
		cr.illegal = nil
		cr.warn(il.line, "illegal move %q (%s) kept as the last move: its comment says the game was lost by it", il.text, il.reason)
	}
	if err := cr.finish(len(ls)); err != nil {
		return cr.rec, err
	}
	if !cr.understood {
		if cr.unknownLine > 0 {
			return nil, cr.fail(cr.unknownLine, "not a CSA record: no line was understood (the first: %q)", cr.unknown)
		}
		return nil, cr.fail(0, "not a CSA record: no line was understood")
	}
	return cr.rec, nil
}

func (cr *csaReader) warn(line int, format string, args ...any) {
	cr.warnings = append(cr.warnings, Warning{Line: line, Msg: fmt.Sprintf(format, args...), Format: format, Args: args})
}

func (cr *csaReader) fail(line int, format string, args ...any) error {
	return errorf(line, format, args...)
}

func (cr *csaReader) finish(no int) error {
	cr.comments.flush()
	var err error
	if !cr.inMoves {
		err = cr.startMoves(no, board.Black, false)
	}
	fillTotals(cr.rec.Root)
	cr.rec.Warnings = append(cr.rec.Warnings, cr.warnings...)
	return err
}

// line handles one line; stop is true at a "/" that ends the record.
func (cr *csaReader) line(no int, line string) (stop bool, err error) {
	line = strings.TrimRight(line, "\x00")
	if strings.TrimSpace(line) == "" {
		return false, nil
	}
	switch line[0] {
	case '\'':
		cr.understood = true
		switch {
		case strings.HasPrefix(line, "'*"):
			cr.addComment(line[2:])
		case strings.HasPrefix(line, "'CSA encoding="), strings.HasPrefix(line, "'encoding="):
		default:
			cr.cur.Remarks = append(cr.cur.Remarks, line[1:])
		}
		return false, nil
	case 'N':
		if len(line) >= 2 && (line[1] == '+' || line[1] == '-') {
			key := HeaderBlack
			if line[1] == '-' {
				key = HeaderWhite
			}
			cr.rec.Headers = append(cr.rec.Headers, Header{key, line[2:]})
			cr.understood = true
			return false, nil
		}
	case '$':
		k, v, ok := strings.Cut(line[1:], ":")
		if !ok {
			cr.warn(no, "header %q has no ':' (want $KEY:value); skipped", line)
			return false, nil
		}
		if jk, ok := csaHeaderKeys[k]; ok {
			k = jk
		}
		cr.rec.Headers = append(cr.rec.Headers, Header{k, v})
		cr.understood = true
		return false, nil
	}
	for rest := line; rest != ""; {
		st := rest
		if i := strings.IndexByte(rest, ','); i >= 0 {
			st, rest = rest[:i], rest[i+1:]
		} else {
			rest = ""
		}
		st = strings.TrimRight(st, " \t")
		if strings.TrimSpace(st) == "" {
			continue
		}
		if st == "/" {
			return true, nil
		}
		if err := cr.statement(no, st); err != nil {
			return false, err
		}
	}
	return false, nil
}

func (cr *csaReader) addComment(text string) { cr.comments.add(cr.cur, text) }

func (cr *csaReader) statement(no int, st string) error {
	understood := cr.understood
	cr.understood = true // unless the statement turns out not to be understood (at the end)
	switch {
	case st[0] == 'V':
		return nil // version: V2, V2.1, V2.2, V3.0
	case strings.HasPrefix(st, "PI"):
		return cr.positionPI(no, st)
	case len(st) >= 2 && st[0] == 'P' && st[1] >= '1' && st[1] <= '9':
		return cr.positionRow(no, st)
	case strings.HasPrefix(st, "P+") || strings.HasPrefix(st, "P-"):
		return cr.positionPieces(no, st)
	case st == "+" || st == "-":
		c := board.Black
		if st == "-" {
			c = board.White
		}
		if cr.inMoves {
			cr.warn(no, "side to move %q after the first move ignored", st)
			return nil
		}
		return cr.startMoves(no, c, true)
	case (st[0] == '+' || st[0] == '-') && len(st) >= 7:
		return cr.move(no, st)
	case st[0] == '%':
		return cr.special(no, st)
	case st[0] == 'T':
		return cr.elapsed(no, st)
	}
	cr.warn(no, "statement %q not understood, kept as a remark", st)
	if cr.unknownLine == 0 {
		cr.unknown, cr.unknownLine = st, no
	}
	cr.cur.Remarks = append(cr.cur.Remarks, st)
	cr.understood = understood
	return nil
}

func (cr *csaReader) setupPosition(no int) error {
	if cr.inMoves {
		return cr.fail(no, "a start position line after the first move")
	}
	if cr.setup == nil {
		cr.setup = board.NewEmptyPosition()
		cr.posLine = no
	}
	return nil
}

// positionPI reads "PI" (平手) with removals such as "PI82HI22KA".
func (cr *csaReader) positionPI(no int, st string) error {
	if err := cr.setupPosition(no); err != nil {
		return err
	}
	cr.setup = board.NewStartPosition()
	cr.hands = [2]board.Hand{}
	for rest := st[2:]; rest != ""; rest = rest[4:] {
		if len(rest) < 4 {
			return cr.fail(no, "bad PI line %q: want PI followed by squares and pieces to take off, like PI82HI22KA", st)
		}
		sq, ok := csaSquare(rest[:2])
		t, ok2 := board.PieceTypeFromCSA(rest[2:4])
		if !ok || !ok2 {
			return cr.fail(no, "bad PI line %q: %q is not a square and piece", st, rest[:4])
		}
		if cr.setup.PieceAt(sq).Type() != t {
			return cr.fail(no, "PI line %q: there is no %s on %s to take off", st, rest[2:4], rest[:2])
		}
		cr.setup.SetPiece(sq, board.NoPiece)
	}
	return nil
}

func csaSquare(s string) (board.Square, bool) {
	if len(s) != 2 || s[0] < '1' || s[0] > '9' || s[1] < '1' || s[1] > '9' {
		return board.NoSquare, false
	}
	return board.NewSquare(int(s[0]-'0'), int(s[1]-'0')), true
}

// positionRow reads "P1-KY-KE-GI-KI-OU-KI-GI-KE-KY" (3 characters a square, " * " empty).
func (cr *csaReader) positionRow(no int, st string) error {
	if err := cr.setupPosition(no); err != nil {
		return err
	}
	rank := int(st[1] - '0')
	s := st[2:]
	for file := 9; file >= 1; file-- {
		if s == "" {
			if file == 1 || strings.TrimSpace(st[2:]) == "" {
				break // a trailing " * " trimmed away
			}
			return cr.fail(no, "row %q has %d squares, want 9 (3 characters each: \" * \" or +FU, -KA, …)", st, 9-file)
		}
		switch {
		case s[0] == ' ' || s[0] == '*':
			// empty square: " * ", also " *." and " * " squeezed to " *"
			i := strings.IndexByte(s, '*')
			if i < 0 || i > 1 {
				return cr.fail(no, "row %q: want \" * \" for an empty square", st)
			}
			s = s[i+1:]
			if len(s) > 0 && (s[0] == ' ' || s[0] == '.') {
				s = s[1:]
			}
			cr.setup.SetPiece(board.NewSquare(file, rank), board.NoPiece)
		case (s[0] == '+' || s[0] == '-') && len(s) >= 3:
			t, ok := board.PieceTypeFromCSA(s[1:3])
			if !ok {
				return cr.fail(no, "row %q: unknown piece %q (want FU KY KE GI KI KA HI OU TO NY NK NG UM RY)", st, s[1:3])
			}
			c := board.Black
			if s[0] == '-' {
				c = board.White
			}
			if k := placePiece(cr.setup, board.NewSquare(file, rank), board.NewPiece(c, t)); k != board.NoSquare {
				cr.warn(no, "two kings of %s; the one on %s was left out", colorName(c), squareName(k))
			}
			s = s[3:]
		default:
			return cr.fail(no, "row %q: %q is not a square (want \" * \", +FU, -KA, …)", st, s)
		}
	}
	return nil
}

var csaSetCounts = map[board.PieceType]int{
	board.Pawn: 18, board.Lance: 4, board.Knight: 4, board.Silver: 4, board.Gold: 4, board.Bishop: 2, board.Rook: 2,
}

// positionPieces reads "P+00KI00FU" or "P-56FU" or "P+00AL".
func (cr *csaReader) positionPieces(no int, st string) error {
	if err := cr.setupPosition(no); err != nil {
		return err
	}
	c := board.Black
	if st[1] == '-' {
		c = board.White
	}
	for rest := st[2:]; rest != ""; rest = rest[4:] {
		if len(rest) < 4 {
			return cr.fail(no, "bad piece list %q: want squares and pieces like P+00KI or P-56FU", st)
		}
		if rest[:4] == "00AL" {
			cr.giveRest(c)
			continue
		}
		t, ok := board.PieceTypeFromCSA(rest[2:4])
		if !ok {
			return cr.fail(no, "piece list %q: unknown piece %q", st, rest[2:4])
		}
		if rest[:2] == "00" {
			if t < board.Pawn || t > board.Gold {
				return cr.fail(no, "piece list %q: %s cannot be in hand", st, rest[2:4])
			}
			cr.hands[c][t]++
			continue
		}
		sq, ok := csaSquare(rest[:2])
		if !ok {
			return cr.fail(no, "piece list %q: %q is not a square", st, rest[:2])
		}
		if k := placePiece(cr.setup, sq, board.NewPiece(c, t)); k != board.NoSquare {
			cr.warn(no, "two kings of %s; the one on %s was left out", colorName(c), squareName(k))
		}
	}
	return nil
}

// giveRest puts every piece not on the board or in a hand (kings aside) into c's hand (00AL).
func (cr *csaReader) giveRest(c board.Color) {
	used := map[board.PieceType]int{}
	for s := board.Square(0); s < board.NumSquares; s++ {
		if pc := cr.setup.PieceAt(s); pc != board.NoPiece {
			used[pc.Type().Unpromote()]++
		}
	}
	for t, n := range csaSetCounts {
		left := n - used[t] - int(cr.hands[0][t]) - int(cr.hands[1][t])
		if left > 0 {
			cr.hands[c][t] += uint8(left)
		}
	}
}

// startMoves fixes the start position (side to move c) when the moves begin.
func (cr *csaReader) startMoves(no int, c board.Color, stated bool) error {
	cr.inMoves = true
	if cr.setup == nil {
		if stated || cr.cur.Next() == nil {
			cr.warn(no, "no start position (PI or P1…P9): starting from 平手")
		}
		cr.setup = board.NewStartPosition()
	}
	p := cr.setup
	for col := board.Black; col <= board.White; col++ {
		for _, t := range handOrder {
			p.SetHandCount(col, t, cr.hands[col].Count(t))
		}
	}
	p.SetSideToMove(c)
	sfen := positionSFEN(p, cr.hands)
	q, err := board.ParseSFEN(sfen)
	if err != nil {
		if q2, err2 := board.ParseSFENWith(sfen, board.SFENOptions{AllowExtraPieces: true}); err2 == nil {
			cr.warn(cr.posLine, "start position: more pieces than a set has; read as given")
			q, err = q2, nil
		} else {
			cr.warn(cr.posLine, "start position breaks a rule (%v); read as given", sfenReason(err))
			q = p
		}
	}
	cr.rec.Start = q
	cr.pos = *q
	return nil
}

// stopAtIllegal takes out the illegal last move and returns the error that names it.
// atEnd says that no move follows it.
func (cr *csaReader) stopAtIllegal(atEnd bool) error {
	il := cr.illegal
	cr.illegal = nil
	bad := cr.cur
	cr.cur = bad.parent
	bad.Remove()
	e := errorf(il.line, "illegal move %q: %s", il.text, il.reason)
	e.AtEnd = atEnd
	return e
}

// move reads "+7776FU" (the piece is the one after the move: +2822UM promotes).
func (cr *csaReader) move(no int, st string) error {
	if !cr.inMoves {
		c := board.Black
		if st[0] == '-' {
			c = board.White
		}
		cr.warn(no, "no side-to-move line (+ or -) before the first move")
		if err := cr.startMoves(no, c, false); err != nil {
			return err
		}
	}
	if cr.illegal != nil {
		return cr.stopAtIllegal(false)
	}
	if cr.cur.IsSpecial() {
		return cr.fail(no, "move %q after %s: a record has one line of play", st, specialLabel(cr.cur))
	}
	if len(st) != 7 {
		return cr.fail(no, "bad move %q: want a sign, two squares and a piece, like +7776FU", st)
	}
	c := board.Black
	if st[0] == '-' {
		c = board.White
	}
	if c != cr.pos.SideToMove() {
		return cr.fail(no, "move %q is %s's, but %s is to move", st, colorName(c), colorName(cr.pos.SideToMove()))
	}
	m, reason := csaMove(&cr.pos, st[1:])
	if reason != "" {
		if m == board.NoMove {
			return cr.fail(no, "illegal move %q: %s", st, reason)
		}
		cr.illegal = &illegalMove{line: no, text: st, reason: reason}
	}
	n := cr.arena.node()
	n.Move = m
	cr.arena.add(cr.cur, n)
	cr.pos.Do(m)
	cr.cur = n
	return nil
}

// csaMove reads "7776FU" in p. An illegal move that can be played comes back with its reason.
func csaMove(p *board.Position, s string) (board.Move, string) {
	if len(s) != 6 {
		return board.NoMove, "want two squares and a piece, like 7776FU"
	}
	t, ok := board.PieceTypeFromCSA(s[4:6])
	if !ok {
		return board.NoMove, fmt.Sprintf("unknown piece %q", s[4:6])
	}
	to, ok := csaSquare(s[2:4])
	if !ok {
		return board.NoMove, fmt.Sprintf("%q is not a square", s[2:4])
	}
	if s[:2] == "00" {
		return dropMove(p, t, to)
	}
	from, ok := csaSquare(s[:2])
	if !ok {
		return board.NoMove, fmt.Sprintf("%q is not a square", s[:2])
	}
	pc := p.PieceAt(from)
	if pc == board.NoPiece {
		return board.NoMove, "there is no piece on " + squareName(from)
	}
	promote := false
	switch {
	case pc.Type() == t:
	case pc.Type().CanPromote() && pc.Type().Promote() == t:
		promote = true
	default:
		return board.NoMove, fmt.Sprintf("the piece on %s is %s, which cannot become %s", squareName(from), pc.Type().CSA(), t.CSA())
	}
	return boardMove(p, from, to, promote)
}

func (cr *csaReader) special(no int, st string) error {
	if !cr.inMoves {
		if err := cr.startMoves(no, board.Black, false); err != nil {
			return err
		}
	}
	if cr.cur.IsSpecial() {
		cr.warn(no, "%q after %s ignored", st, specialLabel(cr.cur))
		return nil
	}
	word := st[1:]
	n := &Node{Special: parseCSASpecial(word, cr.pos.SideToMove())}
	if n.Special == Other {
		n.SpecialText = st
	}
	if il := cr.illegal; il != nil {
		if !isFoulEnding(n.Special) && !cr.comments.statesFoul(cr.cur) {
			return cr.stopAtIllegal(true) // only an ending for a foul explains an illegal move
		}
		cr.illegal = nil
		cr.warn(il.line, "illegal move %q (%s) kept as the last move: the game was lost by it (%s)", il.text, il.reason, st)
	}
	cr.cur = cr.cur.add(n)
	return nil
}

// elapsed reads "T12" or (V3) "T12.345": seconds spent on the last move.
func (cr *csaReader) elapsed(no int, st string) error {
	v, err := strconv.ParseFloat(st[1:], 64)
	if err != nil || v < 0 || math.IsInf(v, 0) || v > 1e9 {
		cr.warn(no, "time %q not understood (want T and seconds, like T12); ignored", st)
		return nil
	}
	if cr.cur.IsRoot() {
		cr.warn(no, "time %q before the first move ignored", st)
		return nil
	}
	cr.cur.Elapsed = time.Duration(math.Round(v*1000)) * time.Millisecond
	cr.cur.Timed = true
	return nil
}

// CSAOptions choose the CSA version written.
type CSAOptions struct {
	// V3 writes CSA V3.0 (an encoding line first, times with milliseconds);
	// otherwise V2.2.
	V3 bool
	// Encoding is declared on the first line of a V3.0 file.
	Encoding Encoding
}

// NeedsCSAV3 reports whether writing r as CSA V2.2 would lose something that V3.0 keeps: a
// move time with a fraction of a second on the main line. Kifu for JS (json-kifu-format 5.5)
// reads only V2 to V2.2, so a program that chooses the version itself writes V2.2 unless
// this is true; headers V2.2 has no keyword for are kept as comment lines either way.
func NeedsCSAV3(r *Record) bool {
	for n := r.Root.Next(); n != nil; n = n.Next() {
		if n.Timed && n.Elapsed%time.Second != 0 {
			return true
		}
	}
	return false
}

var (
	csaTimeLimitV2 = regexp.MustCompile(`^[0-9]+:[0-9]{2}\+[0-9]+$`)
	csaTimeV3      = regexp.MustCompile(`^[0-9.]+\+[0-9.]+\+[0-9.]+$`)
	csaDate        = regexp.MustCompile(`^[0-9]{4}/[0-9]{2}/[0-9]{2}`)
)

// FormatCSA writes r as CSA text. CSA holds one line of play: the main line is
// written and variations are left out; bookmarks are lost; comments become "'*" lines.
// V2.2 in UTF-8 with text beyond ASCII opens with V3.0's "'CSA encoding=UTF-8" comment.
// A line break in a header is written as a space (Write refuses such a header).
func FormatCSA(r *Record, o CSAOptions) string {
	r = oneLineHeaders(r)
	var b strings.Builder
	if o.V3 {
		enc := strings.ToUpper(o.Encoding.String())
		b.WriteString("'CSA encoding=" + enc + "\n")
		b.WriteString("V3.0\n")
	} else {
		b.WriteString("V2.2\n")
	}
	writeCSAHeaders(&b, r, o)
	writeCSAPosition(&b, r.Start)
	writeCSANotes(&b, r.Root, false)
	writeCSAMoves(&b, r, o)
	text := b.String()
	if !o.V3 && o.Encoding == UTF8 && !isASCIIText(text) {
		// V2.2 has no way to say its encoding: V3.0's first line, a comment to V2.2's
		// readers (Kifu for JS and ShogiHome skip it), says it for the others
		text = "'CSA encoding=UTF-8\n" + text
	}
	return text
}

func isASCIIText(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// writeCSAHeaders writes the players (N+, N-), the headers CSA has a keyword for ($EVENT,
// …), the others and the root's remarks as comment lines.
func writeCSAHeaders(b *strings.Builder, r *Record, o CSAOptions) {
	if name := r.BlackName(); name != "" {
		b.WriteString("N+" + name + "\n")
	}
	if name := r.WhiteName(); name != "" {
		b.WriteString("N-" + name + "\n")
	}
	var extra []string
	eventDone := false
	for _, h := range r.Headers {
		switch h.Key {
		case HeaderBlack, HeaderWhite, HeaderShitate, HeaderUwate, "手合割":
			continue
		}
		key, ok := csaHeaderKeyword(h, o.V3)
		if ok && (h.Key == "棋戦" || h.Key == "表題") {
			ok, eventDone = !eventDone, true // 棋戦 and 表題 share it: the first has it
		}
		if ok {
			b.WriteString("$" + key + ":" + h.Value + "\n")
			continue
		}
		extra = append(extra, h.Key+"："+h.Value)
	}
	for _, e := range extra { // headers CSA has no keyword for, kept as comments
		b.WriteString("'" + e + "\n")
	}
	for _, rm := range r.Root.Remarks {
		for _, l := range textLines(rm) {
			b.WriteString("'" + l + "\n")
		}
	}
}

// csaHeaderKeyword returns the CSA keyword a header is written under (EVENT, SITE, …;
// some only in V3.0, some only for values in CSA's form); false if it has none.
func csaHeaderKeyword(h Header, v3 bool) (string, bool) {
	switch h.Key {
	case "棋戦", "表題":
		return "EVENT", true
	case "場所":
		return "SITE", true
	case "開始日時":
		return "START_TIME", csaDate.MatchString(h.Value)
	case "終了日時":
		return "END_TIME", csaDate.MatchString(h.Value)
	case "持ち時間":
		if csaTimeLimitV2.MatchString(h.Value) {
			return "TIME_LIMIT", true
		}
		return "TIME", v3 && csaTimeV3.MatchString(h.Value)
	case "先手持ち時間":
		return "TIME+", v3 && csaTimeV3.MatchString(h.Value)
	case "後手持ち時間":
		return "TIME-", v3 && csaTimeV3.MatchString(h.Value)
	case "戦型":
		return "OPENING", true
	case "備考":
		return "NOTE", v3
	case "最大手数":
		return "MAX_MOVES", v3
	case "持将棋":
		return "JISHOGI", v3
	}
	return h.Key, isCSAKeyword(h.Key)
}

// writeCSAMoves writes the main line: each move, its time (T) and its notes.
func writeCSAMoves(b *strings.Builder, r *Record, o CSAOptions) {
	p := *r.Start
	for n := r.Root.Next(); n != nil; n = n.Next() {
		if n.IsSpecial() {
			if n.Special == Other && strings.HasPrefix(n.SpecialText, "%") {
				b.WriteString(n.SpecialText)
			} else if w, ok := csaSpecial(n.Special, p.SideToMove(), o.V3); ok {
				b.WriteString("%" + w)
			} else {
				b.WriteString("%CHUDAN")
			}
		} else {
			b.WriteString(csaMoveText(p.SideToMove(), n.Move))
		}
		b.WriteString("\n")
		if n.Timed {
			b.WriteString(csaTime(n.Elapsed, o.V3) + "\n")
		}
		writeCSANotes(b, n, true)
		if n.IsSpecial() {
			break
		}
		p.Do(n.Move)
	}
}

func isCSAKeyword(k string) bool {
	if k == "" {
		return false
	}
	for _, r := range k {
		if !(r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '+' || r == '-') {
			return false
		}
	}
	return true
}

// csaMoveText writes a move: +7776FU, -0055KA (the piece as it is after the move).
func csaMoveText(c board.Color, m board.Move) string {
	sign := "+"
	if c == board.White {
		sign = "-"
	}
	to := fmt.Sprintf("%d%d", m.To().File(), m.To().Rank())
	if m.IsDrop() {
		return sign + "00" + to + m.Piece().CSA()
	}
	return fmt.Sprintf("%s%d%d%s%s", sign, m.From().File(), m.From().Rank(), to, m.PieceAfter().CSA())
}

// csaTime writes T and whole seconds (V2.2), or seconds with milliseconds when there are any (V3.0).
func csaTime(d time.Duration, v3 bool) string {
	ms := d.Milliseconds()
	if v3 && ms%1000 != 0 {
		return fmt.Sprintf("T%d.%03d", ms/1000, ms%1000)
	}
	return fmt.Sprintf("T%d", ms/1000)
}

func writeCSANotes(b *strings.Builder, n *Node, remarks bool) {
	if n.Comment != "" {
		for _, l := range textLines(n.Comment) {
			b.WriteString("'*" + l + "\n")
		}
	}
	if remarks {
		for _, rm := range n.Remarks {
			for _, l := range textLines(rm) {
				b.WriteString("'" + l + "\n")
			}
		}
	}
}

// writeCSAPosition writes the start position: PI (with removals for a handicap) or P1…P9
// and P+/P- hands, then the side to move.
func writeCSAPosition(b *strings.Builder, p *board.Position) {
	std := standardStart
	if h, ok := HandicapOf(p); ok {
		b.WriteString("PI")
		hp := h.Position()
		for file := 9; file >= 1; file-- {
			for rank := 1; rank <= 9; rank++ {
				s := board.NewSquare(file, rank)
				if pc := std.PieceAt(s); pc != board.NoPiece && hp.PieceAt(s) == board.NoPiece {
					fmt.Fprintf(b, "%d%d%s", file, rank, pc.Type().CSA())
				}
			}
		}
		b.WriteString("\n")
	} else {
		for rank := 1; rank <= 9; rank++ {
			fmt.Fprintf(b, "P%d", rank)
			for file := 9; file >= 1; file-- {
				pc := p.PieceAt(board.NewSquare(file, rank))
				switch {
				case pc == board.NoPiece:
					b.WriteString(" * ")
				case pc.Color() == board.Black:
					b.WriteString("+" + pc.Type().CSA())
				default:
					b.WriteString("-" + pc.Type().CSA())
				}
			}
			b.WriteString("\n")
		}
		for c := board.Black; c <= board.White; c++ {
			h := p.Hand(c)
			if h.IsEmpty() {
				continue
			}
			if c == board.Black {
				b.WriteString("P+")
			} else {
				b.WriteString("P-")
			}
			for _, t := range handOrder {
				for i := 0; i < h.Count(t); i++ {
					b.WriteString("00" + t.CSA())
				}
			}
			b.WriteString("\n")
		}
	}
	if p.SideToMove() == board.White {
		b.WriteString("-\n")
	} else {
		b.WriteString("+\n")
	}
}
