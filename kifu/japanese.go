package kifu

import (
	"strings"

	"banmen/board"
)

// Small readers and writers for the Japanese text of KIF and KI2 records.

// kanjiCount reads a count written in kanji (十七, 二, 十) or digits; 0 if s is empty or not a number.
func kanjiCount(s string) int {
	s = strings.Trim(s, " 　")
	if s == "" {
		return 0
	}
	n, cur := 0, 0
	for _, r := range s {
		switch {
		case r == '十':
			if cur == 0 {
				cur = 1
			}
			n += cur * 10
			cur = 0
		case r >= '0' && r <= '9' || r >= '０' && r <= '９':
			d := int(r - '0')
			if r >= '０' {
				d = int(r - '０')
			}
			cur = cur*10 + d
		case board.JapaneseDigit(r) > 0:
			cur = cur*10 + board.JapaneseDigit(r)
		case r == '〇':
			cur *= 10
		default:
			return 0
		}
	}
	return n + cur
}

// displayWidth counts columns as a fixed-width Japanese font shows them: ASCII and
// half-width katakana 1, everything else 2.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		if r < 0x80 || r >= 0xFF61 && r <= 0xFF9F {
			w++
		} else {
			w += 2
		}
	}
	return w
}

// padRight pads s with spaces to width columns (at least one space if pad is set and s is wider).
func padRight(s string, width int) string {
	if w := displayWidth(s); w < width {
		return s + strings.Repeat(" ", width-w)
	}
	return s
}

// trimSpace trims ASCII and full-width spaces.
func trimSpace(s string) string { return trimRightSpace(trimLeftSpace(s)) }

// trimLeftSpace trims leading ASCII and full-width spaces.
func trimLeftSpace(s string) string { return board.TrimJapaneseSpace(s) }

// trimRightSpace trims trailing ASCII and full-width spaces.
func trimRightSpace(s string) string {
	for len(s) > 0 {
		switch {
		case s[len(s)-1] == ' ' || s[len(s)-1] == '\t':
			s = s[:len(s)-1]
		case strings.HasSuffix(s, "　"):
			s = s[:len(s)-len("　")]
		default:
			return s
		}
	}
	return s
}

var handOrder = [7]board.PieceType{board.Rook, board.Bishop, board.Gold, board.Silver, board.Knight, board.Lance, board.Pawn}

// handText writes a hand as KIF board diagrams do: 飛　角二　歩十八; なし when empty.
func handText(h board.Hand) string {
	var b strings.Builder
	for _, t := range handOrder {
		n := h.Count(t)
		if n == 0 {
			continue
		}
		b.WriteString(t.Kanji())
		if n > 1 {
			b.WriteString(board.KanjiNumber(n))
		}
		b.WriteString("　")
	}
	if b.Len() == 0 {
		return "なし"
	}
	return b.String()
}
