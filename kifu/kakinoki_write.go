package kifu

import (
	"fmt"
	"strings"

	"banmen/board"
)

// Writing: what KIF and KI2 share (the head, board diagrams, the order of
// variations, comments and the まで trailer).

// writeKakinokiHead writes the remarks, headers and start position (手合割 or a board
// diagram). The start position goes where the file read had it, else where Kifu for
// Windows writes it: after 開始日時, 棋戦, 持ち時間 and the like, before 先手 and 後手 (下手, 上手).
// remarksLast puts the remarks after the head instead of before it: Kifu for JS's KI2 reader
// stops at a "#" line that opens the file (kifu's reader takes them back either way).
func writeKakinokiHead(b *strings.Builder, r *Record, remarksLast bool) {
	r = oneLineHeaders(r)
	var remarks, rest strings.Builder
	for _, rm := range r.Root.Remarks {
		for _, l := range textLines(rm) {
			remarks.WriteString("#" + l + "\n")
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
			writeKakinokiStart(&rest, r.Start)
		}
		if h.Key == "手合割" {
			continue // written from the start position
		}
		rest.WriteString(h.Key + "：" + h.Value + "\n")
	}
	if at == len(r.Headers) {
		writeKakinokiStart(&rest, r.Start)
	}
	if !remarksLast {
		b.WriteString(remarks.String())
		b.WriteString(rest.String())
		return
	}
	b.WriteString(rest.String())
	b.WriteString(remarks.String())
}

// writeKakinokiStart writes the start position: 手合割 when it has a name, else a board diagram.
// A handicap that not every reader knows by name (三枚落ち, 五枚落ち, 左五枚落ち, 左七枚落ち,
// 右七枚落ち: ShogiHome's tsshogi starts those from 平手) gets its board diagram after the
// name, which the readers take over the name.
func writeKakinokiStart(b *strings.Builder, p *board.Position) {
	if h, ok := HandicapOf(p); ok {
		b.WriteString("手合割：" + h.Name + "\n")
		if !widelyKnownHandicaps[h.Name] {
			writeBoardDiagram(b, p)
		}
		return
	}
	writeBoardDiagram(b, p)
}

// widelyKnownHandicaps are the 手合割 names every reader knows (tsshogi 2.2 knows no others).
var widelyKnownHandicaps = map[string]bool{
	"平手": true, "香落ち": true, "右香落ち": true, "角落ち": true, "飛車落ち": true, "飛香落ち": true,
	"二枚落ち": true, "四枚落ち": true, "六枚落ち": true, "八枚落ち": true, "十枚落ち": true,
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

// writeSpecialNotes writes the notes of a special that KI2 states only by its まで line. Kifu
// for JS reads nothing but "#" lines after that line and stops at a "*" or "&" one, so the
// comment and the bookmark are written as "#*" and "#&" remarks, which kifu's reader takes
// back (restoreSpecialNote) and other readers skip.
func writeSpecialNotes(b *strings.Builder, n *Node) {
	if n.Comment != "" {
		for _, l := range textLines(n.Comment) {
			b.WriteString("#*" + l + "\n")
		}
	}
	if n.Bookmark != "" {
		b.WriteString("#&" + oneLine(n.Bookmark) + "\n")
	}
	for _, rm := range n.Remarks {
		for _, l := range textLines(rm) {
			b.WriteString("#" + l + "\n")
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

// trailerLines writes the まで line for special n (mover is the side to move at n). Kifu for
// JS (json-kifu-format) accepts only the trailers of jkfTrailer and stops reading at any
// other: for the others it gets "まで…で中断", followed by the exact trailer as a "#" remark,
// which kifu's reader takes back (see restoreTrailer).
func trailerLines(b *strings.Builder, n *Node, mover board.Color, names [2]string) {
	text := trailerText(n, mover, names)
	if jkfTrailer(n.Special) {
		b.WriteString(text + "\n")
		return
	}
	fmt.Fprintf(b, "まで%d手で中断\n#%s\n", n.ply-1, text)
}

// jkfTrailer reports whether Kifu for JS reads the まで line trailerText writes for s.
func jkfTrailer(s Special) bool {
	switch s {
	case Resign, Interrupt, Repetition, Impasse, Checkmate, NoMate, Timeout, FoulWin, FoulLose, Sealed:
		return true
	}
	return false
}

// trailerText returns the まで line for special n; mover is the side to move at n.
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
