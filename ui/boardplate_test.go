package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"banmen/board"
)

// The plates during a game: the names, Black to move with its plate marked and 8.5 s left in
// the warning colour, White's main time with the byoyomi to come.
func TestClockImageOnPlates(t *testing.T) {
	newTestApp(t, ThemeLight)
	b := NewBoard(board.NewStartPosition(), nil)
	b.SetNames("佐藤 天彦 九段", "Banmen 0.2")
	b.SetClocks([2]PlayerClock{
		{Text: "8.5", ToMove: true, Warn: true},
		{Text: "4:59", Detail: "+ 秒読み 0:30"},
	}, true)
	assertMatchesMaster(t, "board_clocks.png", capture(t, b, 800, 560))
}

func TestClockPlateSplitName(t *testing.T) {
	newTestApp(t, ThemeLight)
	for _, c := range []struct {
		name  string
		width float32
		want  [2]string
	}{
		{"羽生", 200, [2]string{"羽生", ""}},
		{"佐藤 天彦 九段", 60, [2]string{"佐藤 天彦", "九段"}},
		{"Gote Player With A Long Name", 150, [2]string{"Gote Player With", "A Long Name"}},
		{"あいうえおかきくけこ", 65, [2]string{"あいうえ", "おかきくけこ"}},
	} {
		if got := splitName(c.name, c.width, 14, fyne.TextStyle{}); got != c.want {
			t.Errorf("splitName(%q, %v) = %q, want %q", c.name, c.width, got, c.want)
		}
	}
}
