package kifu

import (
	"strings"
)

// Reading KIF and KI2: comments ("*" lines) and the まで trailer.

func (kr *kakinokiReader) addComment(text string) { kr.comments.add(kr.cur, text) }

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
	if err := kr.appendNode(n); err != nil {
		return err
	}
	kr.fromTrailer = n
	return nil
}

// restoreTrailer takes back a special that Kifu for JS cannot read from a trailer: the writer
// puts "まで…で中断" and then the exact trailer as a remark (see trailerLines). It reports
// whether remark was that.
func (kr *kakinokiReader) restoreTrailer(remark string) bool {
	n := kr.cur
	kr.comments.flush()
	if n != kr.fromTrailer || n.Special != Interrupt || n.Comment != "" || n.Bookmark != "" || len(n.Remarks) > 0 ||
		!strings.HasPrefix(remark, "まで") {
		return false
	}
	sp, text := parseTrailer(strings.TrimPrefix(remark, "まで"))
	if jkfTrailer(sp) || sp == Other && text == "" {
		return false
	}
	n.Special, n.SpecialText = sp, text
	return true
}

// restoreSpecialNote takes back the comment or bookmark of a special read from a KI2 まで line:
// the writer puts them after it as "#*" and "#&" remarks (see writeSpecialNotes). It reports
// whether remark was one.
func (kr *kakinokiReader) restoreSpecialNote(remark string) bool {
	n := kr.cur
	if n != kr.fromTrailer || len(n.Remarks) > 0 {
		return false
	}
	switch {
	case strings.HasPrefix(remark, "*"):
		kr.addComment(remark[1:])
		return true
	case strings.HasPrefix(remark, "&") && n.Bookmark == "":
		n.Bookmark = remark[1:]
		return true
	}
	return false
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
