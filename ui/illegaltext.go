package ui

import (
	"fmt"
	"regexp"
	"strings"

	"banmen/board"
)

// Why a move of a record is illegal, in Japanese: the rules (board) say it in English, naming
// squares as "３一 (3a)", "7g" or "７七" and sides as "White (後手)" or "black"; the Japanese
// window writes the forms it knows with Japanese squares and sides, and leaves any other as
// it is. TestJapaneseReasons makes each form from the rules themselves.

var reasonForms = []struct {
	re *regexp.Regexp
	ja string // a format of the submatches, made Japanese (jaTerm)
}{
	{regexp.MustCompile(`^it leaves the king in check$`), "自玉に王手がかかったままになる手です"},
	{regexp.MustCompile(`^two pawns on one file \(二歩\)$`), "二歩です"},
	{regexp.MustCompile(`^mate by pawn drop \(打ち歩詰め\)$`), "打ち歩詰めです"},
	{regexp.MustCompile(`^a (\S+) dropped on (\S+) could never move$`), "%[2]s に打った%[1]sは行きどころのない駒です"},
	{regexp.MustCompile(`^a (\S+) on (\S+) must promote$`), "%[2]s へ行く%[1]sは成らなければなりません"},
	{regexp.MustCompile(`^the piece on (\S+ \(\w+\)) is (\w+ \(\S+\))'s, but (\w+ \(\S+\)) is to move$`), "%[1]s の駒は%[2]sの駒ですが、手番は%[3]sです"},
	{regexp.MustCompile(`^there is no piece on (\S+ \(\w+\))$`), "%[1]s に駒がありません"},
	{regexp.MustCompile(`^the move is of a (\S+) capturing (\S+), but the board says otherwise$`), "%[1]sで%[2]sを取る手ですが、盤面と合いません"},
	{regexp.MustCompile(`^not a move$`), "指し手ではありません"},
	{regexp.MustCompile(`^a (\S+) cannot be dropped: only unpromoted pieces are in hand$`), "%[1]sは打てません（持ち駒は成っていない駒だけです）"},
	{regexp.MustCompile(`^(black|white) has no (\S+) in hand$`), "%[1]sの持ち駒に%[2]sがありません"},
	{regexp.MustCompile(`^(\S+) is occupied$`), "%[1]s には駒があります"},
	{regexp.MustCompile(`^no piece on (\S+)$`), "%[1]s に駒がありません"},
	{regexp.MustCompile(`^the piece on (\S+) is not (black|white)'s$`), "%[1]s の駒は%[2]sの駒ではありません"},
	{regexp.MustCompile(`^(\S+) holds (black|white)'s own piece$`), "%[1]s には%[2]s自身の駒があります"},
	{regexp.MustCompile(`^(\S+) on (\S+) cannot move to (\S+)$`), "%[2]s の%[1]sは %[3]s へ動けません"},
	{regexp.MustCompile(`^this piece cannot promote here$`), "この駒はここでは成れません"},
	{regexp.MustCompile(`^both 成 and 不成$`), "成と不成の両方が書かれています"},
	{regexp.MustCompile(`^the piece on (\S+ \(\w+\)) is (\S+), not (\S+)$`), "%[1]s の駒は%[2]sで、%[3]sではありません"},
	{regexp.MustCompile(`^a dropped piece cannot promote$`), "打った駒は成れません"},
	{regexp.MustCompile(`^no legal move of a (\S+) to (\S+?)( with promotion)?$`), "%[2]s へ動ける%[1]sがありません%[3]s"},
	{regexp.MustCompile(`^ambiguous: (\d+) pieces can make it$`), "%[1]s 枚の駒が指せる手で、どれか決まりません"},
	{regexp.MustCompile(`^want a move like ７六歩 or 同　歩 after (.)$`), "%[1]s の後には ７六歩 や 同　歩 のような指し手を書きます"},
}

// japaneseReason writes a reason in Japanese when it has one of the forms above.
func japaneseReason(r string) string {
	for _, f := range reasonForms {
		m := f.re.FindStringSubmatch(r)
		if m == nil {
			continue
		}
		args := make([]any, len(m)-1)
		for i, s := range m[1:] {
			args[i] = jaTerm(s)
		}
		return fmt.Sprintf(f.ja, args...)
	}
	return r
}

// jaTerm makes a part of a reason Japanese: a square (３一 (3a), 7g) its Japanese name, a side
// its 先手 or 後手; anything else (a piece's kanji, a number) stays.
func jaTerm(s string) string {
	switch s {
	case "black", "Black (先手)":
		return "先手"
	case "white", "White (後手)":
		return "後手"
	case " with promotion":
		return "（成る手）"
	}
	if ja, usi, ok := strings.Cut(s, " ("); ok && strings.HasSuffix(usi, ")") {
		return ja
	}
	if sq, err := board.ParseSquare(s); err == nil {
		return board.JapaneseSquare(sq)
	}
	return s
}
