package kifu

import (
	"fmt"
	"io"
	"strings"
	"time"
	"unicode/utf8"

	"banmen/board"
)

// ReadKIF reads a KIF record (.kif in Shift_JIS, .kifu in UTF-8: the encoding is
// detected). KI2 move lines in it are read too. On an error the record read so far
// is returned with it.
func ReadKIF(r io.Reader) (*Record, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, fmt.Errorf("kifu: %v", err)
	}
	rec, _, err := readAs(data, KIF)
	return rec, err
}

// ParseKIF reads a KIF record from text.
func ParseKIF(text string) (*Record, error) { return readKakinoki(text) }

// FormatKIF writes r as KIF text (lines end with "\n"; see Write for encodings and
// line ends). Variations, comments, bookmarks, times and remarks are all kept. A line
// break in a header or a bookmark is written as a space (Write refuses such a header).
func FormatKIF(r *Record) string {
	var b strings.Builder
	writeKakinokiHead(&b, r, false)
	timed := hasTimes(r)
	if timed {
		b.WriteString("手数----指手---------消費時間--\n")
	} else {
		b.WriteString("手数----指手--\n")
	}
	writeNotes(&b, r.Root, true)
	names := sideNames(r)
	first := true
	eachLine(r, func(start *Node, pos *board.Position) {
		if !first {
			fmt.Fprintf(&b, "\n変化：%d手\n", start.ply)
		}
		first = false
		p := *pos
		for n := start; n != nil; n = n.Next() {
			if n.Special == Other && !isSpecialWord(n.SpecialText) {
				// a text that would not read back from a move line ("1", "同 x", "a b"):
				// the trailer alone says it
				trailerLines(&b, n, p.SideToMove(), names)
				writeNotes(&b, n, true)
				break
			}
			var text string
			if n.IsSpecial() {
				text = specialLabel(n)
			} else {
				text = p.KIFMove(n.Move, n.parent.lastTo())
			}
			fmt.Fprintf(&b, "%4d %s", n.ply, text)
			if timed && n.Timed {
				b.WriteString(strings.Repeat(" ", max(1, 13-displayWidth(text))))
				b.WriteString(kifTime(n))
			}
			if i := n.Index(); i < len(n.parent.children)-1 {
				b.WriteString("+")
			}
			b.WriteString("\n")
			writeNotes(&b, n, true)
			if n.IsSpecial() {
				// the move line says it; the trailer repeats it where Kifu for JS can read it
				if jkfTrailer(n.Special) {
					b.WriteString(trailerText(n, p.SideToMove(), names) + "\n")
				}
				break
			}
			p.Do(n.Move)
		}
	})
	return b.String()
}

// isSpecialWord reports whether text, written on a KIF move line, reads back as a special
// move with that text: one word that is not a move (no digit or 同 first, no space, no "(").
func isSpecialWord(text string) bool {
	if text == "" || strings.TrimLeft(text, "▲△☗☖▼▽") != text {
		return false
	}
	r, _ := utf8.DecodeRuneInString(text)
	if r == '同' || r == '仝' || board.JapaneseDigit(r) != 0 {
		return false
	}
	word, rest := cutWord(text)
	return rest == "" && strings.TrimRight(word, "+") == text
}

// kifTime writes the time column ( m:ss/hh:mm:ss).
func kifTime(n *Node) string {
	el := int(n.Elapsed / time.Second)
	tot := int(n.Total / time.Second)
	return fmt.Sprintf("(%2d:%02d/%02d:%02d:%02d)", el/60, el%60, tot/3600, tot/60%60, tot%60)
}

// hasTimes reports whether any move of r has a time.
func hasTimes(r *Record) bool {
	found := false
	r.Root.Walk(func(n *Node) bool {
		found = n.Timed
		return !found
	})
	return found
}
