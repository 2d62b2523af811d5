package ui

import (
	"testing"

	"banmen/board"
)

func TestWesternMove(t *testing.T) {
	for _, tc := range []struct {
		sfen, moves, move, want string
	}{
		{"", "", "7g7f", "P-7f"},
		{"", "7g7f 3c3d", "8h2b+", "Bx2b+"},
		{"", "7g7f 3c3d 8h2b+", "3a2b", "Sx2b"},
		{"", "7g7f 3c3d 8h2b+ 3a2b", "B*4e", "B*4e"},
		{"", "", "6i5h", "G6i-5h"}, // the gold on 4i could go to 5h too
		{"", "", "6i7h", "G-7h"},
		{"4k4/9/9/7P1/9/9/9/9/4K4 b - 1", "", "2d2c", "P-2c="},
		{"4k4/9/9/7P1/9/9/9/9/4K4 b - 1", "", "2d2c+", "P-2c+"},
		{"4k4/9/9/9/9/9/9/1+R7/4K4 b - 1", "", "8h8a", "+R-8a"},
		{"4k4/9/9/9/9/9/9/9/4K4 b - 1", "", "5i4h", "K-4h"},
	} {
		pos := board.NewStartPosition()
		if tc.sfen != "" {
			var err error
			if pos, err = board.ParseSFEN(tc.sfen); err != nil {
				t.Fatal(err)
			}
		}
		if tc.moves != "" {
			var err error
			if _, pos, err = pos.ParseMoves(tc.moves); err != nil {
				t.Fatalf("%s: %v", tc.moves, err)
			}
		}
		m, err := pos.ParseMove(tc.move)
		if err != nil {
			t.Fatalf("%s after %q: %v", tc.move, tc.moves, err)
		}
		if got := westernMove(pos, m); got != tc.want {
			t.Errorf("%s after %q: %q, want %q", tc.move, tc.moves, got, tc.want)
		}
	}
}

func TestWindowWesternNotationIsAViewChoice(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
	openRecord(t, w, meijinKIF)
	if _, move, _, _ := w.record.rowText(1); move != "▲７六歩" {
		t.Fatalf("row 1 reads %q", move)
	}
	var western, japanese func()
	for _, it := range menuItems(w.Window().MainMenu()) {
		switch it.Label {
		case w.msg.NotationWestern:
			western = it.Action
		case w.msg.NotationJapanese:
			japanese = it.Action
		}
	}
	if western == nil || japanese == nil {
		t.Fatal("the View menu has no notation choice")
	}
	western()
	if _, move, _, _ := w.record.rowText(1); move != "▲P-7f" {
		t.Errorf("in Western notation row 1 reads %q", move)
	}
	if _, move, _, _ := w.record.rowText(11); move != "▲Sx7g" { // ▲同　銀
		t.Errorf("in Western notation row 11 reads %q", move)
	}
	// the choice is kept: a new window (after a language change) shows it too
	w.SetLanguage("ja")
	if _, move, _, _ := w.record.rowText(1); move != "▲P-7f" {
		t.Errorf("after the window was built again row 1 reads %q", move)
	}
	for _, it := range menuItems(w.Window().MainMenu()) {
		if it.Label == w.msg.NotationJapanese {
			it.Action()
		}
	}
	if _, move, _, _ := w.record.rowText(1); move != "▲７六歩" {
		t.Errorf("back in Japanese row 1 reads %q", move)
	}
}
