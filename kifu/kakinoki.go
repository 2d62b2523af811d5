package kifu

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"banmen/board"
)

// Reading KIF and KI2 (Kakinoki's formats; http://kakinoki.o.oo7.jp/kif_format.html).
// The two share headers, board diagrams, comments, bookmarks, 変化 lines and the まで
// trailer, and differ in their move lines: KIF numbers its moves and gives the origin
// square, KI2 writes ▲７六歩△３四歩 and tells pieces apart with 右 左 上 引 寄 直.
// One reader takes both, even mixed, as real files sometimes are.
//
// This file holds the reader and what it does with each line; the rest of it is in
// kakinoki_header.go (headers, 手合割, board diagrams), kakinoki_moves.go (move lines,
// time columns), kakinoki_tree.go (where moves go: variations, illegal moves),
// kakinoki_notes.go (comments, the まで trailer). The writers share kakinoki_write.go;
// kif.go and ki2.go hold what differs.

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
	cur         *Node
	illegal     map[*Node]illegalMove // moves that break a rule, until a 反則 ending follows
	path        []*Node               // root … cur
	pos         board.Position        // the position at cur
	saved       []board.Position      // saved[k]: the position at path[k*checkpointEvery]
	replayed    int                   // moves played again to go back along the path
	comments    commentLines          // the comment lines of the node they go to
	fromTrailer *Node                 // the special the last まで line added, if any
	arena       nodeArena
	forks       []*Node // moves marked "+" (another move replaces them later), not yet replaced
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
	kr.saved = make([]board.Position, 0, len(ls)/checkpointEvery+1) // a line holds a move at most
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
	kr.warnings = append(kr.warnings, Warning{Line: line, Msg: fmt.Sprintf(format, args...), Format: format, Args: args})
}

func (kr *kakinokiReader) fail(line int, format string, args ...any) error {
	return errorf(line, format, args...)
}

func (kr *kakinokiReader) finish() {
	kr.comments.flush()
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
		if !strings.HasPrefix(t, "#KIF version=") && !kr.restoreTrailer(t[1:]) && !kr.restoreSpecialNote(t[1:]) {
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
