package ui

import (
	"errors"
	"regexp"
	"testing"

	"banmen/board"
	"banmen/kifu"
)

// Each reason the rules give for an illegal move, made by the rules themselves, is written
// in Japanese with Japanese squares and sides, no English word left.
func TestJapaneseReasons(t *testing.T) {
	sfen := func(s string) *board.Position {
		t.Helper()
		p, err := board.ParseSFEN(s)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	start := board.NewStartPosition()
	reason := func(p *board.Position, usi string) string {
		t.Helper()
		_, err := p.ParseMove(usi)
		var ime *board.IllegalMoveError
		if !errors.As(err, &ime) {
			t.Fatalf("%s in %s: %v, want an illegal move", usi, p.SFEN(), err)
		}
		return ime.Reason
	}
	kifReason := func(text string) string {
		t.Helper()
		_, err := kifu.ParseKIF(text)
		var pe *kifu.ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%q: %v, want a parse error", text, err)
		}
		if pe.Format != "illegal move %q: %s" {
			t.Fatalf("%q: %q is no illegal move", text, pe.Msg)
		}
		return pe.Args[1].(string)
	}
	cases := map[string]string{
		reason(start, "7f7e"):  "７六 に駒がありません",
		reason(start, "P*5e"):  "先手の持ち駒に歩がありません",
		reason(start, "3c3d"):  "３三 の駒は先手の駒ではありません",
		reason(start, "6i5i"):  "５九 には先手自身の駒があります",
		reason(start, "8h9f"):  "８八 の角は ９六 へ動けません",
		reason(start, "7g7f+"): "この駒はここでは成れません",
		reason(sfen("4k4/9/9/9/4r4/9/9/9/4K4 b G 1"), "G*6h"):   "自玉に王手がかかったままになる手です",
		reason(sfen("4k4/9/9/9/9/9/4P4/9/4K4 b P 1"), "P*5e"):   "二歩です",
		reason(sfen("7lk/7p1/9/7N1/9/9/9/9/4K4 b P 1"), "P*1b"): "打ち歩詰めです",
		reason(sfen("4k4/9/9/9/9/9/9/9/4K4 b P 1"), "P*1a"):     "１一 に打った歩は行きどころのない駒です",
		reason(sfen("4k4/P8/9/9/9/9/9/9/4K4 b - 1"), "9b9a"):    "９一 へ行く歩は成らなければなりません",
		kifReason("手合割：平手\n▲７六歩\n△３四歩\n▲７七歩\n▲７五歩\n"):           "７七 へ動ける歩がありません",
		kifReason("手合割：平手\n1 ４二銀(31)\n2 ３四歩(33)\n"):             "３一 の駒は後手の駒ですが、手番は先手です",
	}
	english := regexp.MustCompile(`[A-Za-z]{2,}`)
	for en, want := range cases {
		got := japaneseReason(en)
		if english.MatchString(got) {
			t.Errorf("%q → %q: English left", en, got)
		}
		if got != want {
			t.Errorf("%q → %q, want %q", en, got, want)
		}
	}
	// a form it does not know
	if got := japaneseReason("something new"); got != "something new" {
		t.Errorf("an unknown reason became %q", got)
	}
}
