package kifu

import (
	"strings"
	"unicode/utf8"

	"banmen/board"
)

// Small readers and writers for the Japanese text of KIF and KI2 records.

// digit values of the characters used for files, ranks and counts
func digitValue(r rune) int {
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= '１' && r <= '９':
		return int(r-'１') + 1
	}
	switch r {
	case '一':
		return 1
	case '二':
		return 2
	case '三':
		return 3
	case '四':
		return 4
	case '五':
		return 5
	case '六':
		return 6
	case '七':
		return 7
	case '八':
		return 8
	case '九':
		return 9
	}
	return 0
}

// pieceNames are the names of pieces in KIF/KI2 move text, two-character names first.
var pieceNames = []struct {
	name string
	t    board.PieceType
}{
	{"成香", board.ProLance}, {"成桂", board.ProKnight}, {"成銀", board.ProSilver},
	{"歩", board.Pawn}, {"香", board.Lance}, {"桂", board.Knight}, {"銀", board.Silver}, {"金", board.Gold},
	{"角", board.Bishop}, {"飛", board.Rook}, {"玉", board.King}, {"王", board.King},
	{"と", board.ProPawn}, {"杏", board.ProLance}, {"圭", board.ProKnight}, {"全", board.ProSilver},
	{"馬", board.Horse}, {"龍", board.Dragon}, {"竜", board.Dragon},
}

// cutPieceName reads a piece name at the start of s.
func cutPieceName(s string) (board.PieceType, string, bool) {
	if r, n := utf8.DecodeRuneInString(s); r != '成' {
		if t := boardPiece(r); t != board.NoPieceType {
			return t, s[n:], true
		}
		return board.NoPieceType, s, false
	}
	for _, pn := range pieceNames {
		if strings.HasPrefix(s, pn.name) {
			return pn.t, s[len(pn.name):], true
		}
	}
	return board.NoPieceType, s, false
}

// boardPiece reads the one-character piece name of a board diagram cell (or of a move).
func boardPiece(r rune) board.PieceType {
	switch r {
	case '歩':
		return board.Pawn
	case '香':
		return board.Lance
	case '桂':
		return board.Knight
	case '銀':
		return board.Silver
	case '金':
		return board.Gold
	case '角':
		return board.Bishop
	case '飛':
		return board.Rook
	case '玉', '王':
		return board.King
	case 'と':
		return board.ProPawn
	case '杏':
		return board.ProLance
	case '圭':
		return board.ProKnight
	case '全':
		return board.ProSilver
	case '馬':
		return board.Horse
	case '龍', '竜':
		return board.Dragon
	}
	return board.NoPieceType
}

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
		case digitValue(r) > 0:
			cur = cur*10 + digitValue(r)
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
func trimLeftSpace(s string) string {
	for len(s) > 0 {
		switch {
		case s[0] == ' ' || s[0] == '\t':
			s = s[1:]
		case strings.HasPrefix(s, "　"):
			s = s[len("　"):]
		default:
			return s
		}
	}
	return s
}

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
