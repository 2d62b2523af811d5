package ui

import (
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/kifu"
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

// The move list shows a move's time as the KIF Banmen writes does, and as ShogiHome shows
// and writes it: seconds cut, not rounded (a game's move of 5.6 s showed 0:06 where its KIF
// says 0:05, and a total of 11.8 s 0:00:12 beside moves of 0:05 and 0:06 that the file gives
// as 11).
func TestMoveTimesAreCutToTheSecondAsTheKIFIs(t *testing.T) {
	rec := kifu.New(board.NewStartPosition())
	var nodes []*kifu.Node
	at := rec.Root
	for _, u := range []string{"7g7f", "3c3d", "2g2f"} {
		m, err := rec.Position(at).ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		if at, err = rec.Play(at, m); err != nil {
			t.Fatal(err)
		}
		nodes = append(nodes, at)
	}
	rec.SetElapsed(nodes[0], 5400*time.Millisecond)
	rec.SetElapsed(nodes[1], 59900*time.Millisecond)
	rec.SetElapsed(nodes[2], 6400*time.Millisecond)
	kif := kifu.FormatKIF(rec)
	for i, want := range []struct{ view, file string }{
		{"0:05 / 0:00:05", "( 0:05/00:00:05)"},
		{"0:59 / 0:00:59", "( 0:59/00:00:59)"},
		{"0:06 / 0:00:11", "( 0:06/00:00:11)"},
	} {
		if got := timeText(nodes[i]); got != want.view {
			t.Errorf("move %d: %q, want %q", i+1, got, want.view)
		}
		if !strings.Contains(kif, want.file) {
			t.Errorf("move %d: the KIF has no %s:\n%s", i+1, want.file, kif)
		}
	}
}
