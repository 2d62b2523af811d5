package kifu

import (
	"fmt"
	"io"
	"strings"

	"banmen/board"
)

// ReadKI2 reads a KI2 record (.ki2 in Shift_JIS, .ki2u in UTF-8: the encoding is
// detected). KIF move lines in it are read too.
func ReadKI2(r io.Reader) (*Record, error) { return ReadKIF(r) }

// ParseKI2 reads a KI2 record from text.
func ParseKI2(text string) (*Record, error) { return readKakinoki(text) }

// FormatKI2 writes r as KI2 text: moves as ▲７六歩△３四歩 with the words that tell
// pieces apart, six to a line, the end of each line of play as a まで line. KI2 has no
// times; variations, comments and bookmarks are kept. A line break in a header or a
// bookmark is written as a space (Write refuses such a header).
func FormatKI2(r *Record) string {
	var b strings.Builder
	writeKakinokiHead(&b, r, true)
	writeNotes(&b, r.Root, true)
	names := sideNames(r)
	first := true
	eachLine(r, func(start *Node, pos *board.Position) {
		first0 := first
		if !first {
			if !endsWithRemark(&b) { // Kifu for JS reads no blank line after a "#" one that follows まで
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "変化：%d手\n", start.ply)
		}
		first = false
		p := *pos
		onLine := 0
		endLine := func() {
			if onLine > 0 {
				b.WriteString("\n")
				onLine = 0
			}
		}
		for n := start; n != nil; n = n.Next() {
			if n.IsSpecial() {
				endLine()
				trailerLines(&b, n, p.SideToMove(), names)
				writeSpecialNotes(&b, n)
				break
			}
			lastTo := n.parent.lastTo()
			if n == start && !first0 {
				// Kifu for JS reads a 同 that opens a variation against the main line's
				// move, not the variation's own: name the square
				lastTo = board.NoSquare
			}
			text := p.SideToMove().Mark() + p.KI2Move(n.Move, lastTo)
			if onLine > 0 {
				b.WriteString(strings.Repeat(" ", max(1, 12-displayWidth(prevText(&b)))))
			}
			b.WriteString(text)
			onLine++
			if onLine == 6 || n.Comment != "" || n.Bookmark != "" || len(n.Remarks) > 0 || n.Next() == nil {
				endLine()
			}
			writeNotes(&b, n, true)
			p.Do(n.Move)
		}
		endLine()
	})
	return b.String()
}

// prevText returns the last move written on the current line (after the last space).
func prevText(b *strings.Builder) string {
	s := b.String()
	if i := strings.LastIndexAny(s, " \n"); i >= 0 {
		return s[i+1:]
	}
	return s
}

// endsWithRemark reports whether the last line written is a "#" remark.
func endsWithRemark(b *strings.Builder) bool {
	s := strings.TrimSuffix(b.String(), "\n")
	return strings.HasPrefix(s[strings.LastIndexByte(s, '\n')+1:], "#")
}
