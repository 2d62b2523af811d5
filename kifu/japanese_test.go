package kifu

import (
	"testing"

	"banmen/board"
)

func TestKanjiCount(t *testing.T) {
	tests := map[string]int{"一": 1, "二": 2, "九": 9, "十": 10, "十七": 17, "十八": 18, "二十": 20, "3": 3, "１２": 12, " 四 ": 4, "": 0, "x": 0}
	for s, want := range tests {
		if got := kanjiCount(s); got != want {
			t.Errorf("kanjiCount(%q) = %d, want %d", s, got, want)
		}
	}
}

func TestTextWidthsAndSpaces(t *testing.T) {
	if displayWidth("７六歩(77)") != 10 || displayWidth("ｱ") != 1 {
		t.Errorf("displayWidth")
	}
	if padRight("中断", 13) != "中断         " || padRight("長い長い長い長い", 4) != "長い長い長い長い" {
		t.Errorf("padRight")
	}
	if trimSpace(" 　平手　　 ") != "平手" || trimLeftSpace("　\t x ") != "x " || trimRightSpace(" x　") != " x" {
		t.Errorf("trims")
	}
}

func TestHandText(t *testing.T) {
	var h board.Hand
	if handText(h) != "なし" {
		t.Errorf("empty hand: %q", handText(h))
	}
	p, _ := board.ParseSFEN("4k4/9/9/9/9/9/9/9/4K4 b RB2G17P 1")
	if got := handText(p.Hand(board.Black)); got != "飛　角　金二　歩十七　" {
		t.Errorf("hand %q", got)
	}
}
