package kifu

import (
	"testing"

	"banmen/board"
)

func TestParseSpecial(t *testing.T) {
	tests := []struct {
		word string
		want Special
	}{
		{"投了", Resign}, {"中断", Interrupt}, {"千日手", Repetition}, {"持将棋", Impasse},
		{"詰み", Checkmate}, {"詰", Checkmate}, {"不詰", NoMate}, {"切れ負け", Timeout}, {"時間切れ", Timeout},
		{"反則勝ち", FoulWin}, {"反則負け", FoulLose}, {"入玉勝ち", EnteringKing}, {"不戦勝", WinByDefault},
		{"不戦敗", LossByDefault}, {"封じ手", Sealed}, {" 投了 ", Resign}, {"トライ", Other}, {"", Other},
	}
	for _, tt := range tests {
		if got := ParseSpecial(tt.word); got != tt.want {
			t.Errorf("ParseSpecial(%q) = %v, want %v", tt.word, got, tt.want)
		}
	}
	// every special with a word reads back from it
	for s := Resign; s < Other; s++ {
		if s.Kanji() == "" || ParseSpecial(s.Kanji()) != s {
			t.Errorf("%v: Kanji %q does not read back", s, s.Kanji())
		}
		if s.String() == "" || s.String() == "special?" {
			t.Errorf("%d has no name", s)
		}
	}
}

// CSA's %+ILLEGAL_ACTION and %-ILLEGAL_ACTION name the side that broke a rule; our
// FoulWin and FoulLose are seen from the side to move.
func TestCSASpecialsBothSides(t *testing.T) {
	tests := []struct {
		word string
		side board.Color
		want Special
	}{
		{"+ILLEGAL_ACTION", board.Black, FoulLose},
		{"+ILLEGAL_ACTION", board.White, FoulWin},
		{"-ILLEGAL_ACTION", board.Black, FoulWin},
		{"-ILLEGAL_ACTION", board.White, FoulLose},
		{"ILLEGAL_MOVE", board.White, FoulLose},
		{"TORYO", board.White, Resign},
		{"KACHI", board.Black, EnteringKing},
		{"MAX_MOVES", board.Black, MaxMoves},
		{"SOMETHING", board.Black, Other},
	}
	for _, tt := range tests {
		if got := parseCSASpecial(tt.word, tt.side); got != tt.want {
			t.Errorf("%%%s with %v to move = %v, want %v", tt.word, tt.side, got, tt.want)
		}
	}
	for s := Resign; s < Other; s++ {
		for c := board.Black; c <= board.White; c++ {
			w, ok := csaSpecial(s, c, true)
			if !ok {
				continue
			}
			if got := parseCSASpecial(w, c); got != s {
				t.Errorf("%v (%v to move) writes %%%s, which reads as %v", s, c, w, got)
			}
		}
	}
	if _, ok := csaSpecial(MaxMoves, board.Black, false); ok {
		t.Error("CSA V2.2 has no %MAX_MOVES")
	}
}

// The まで trailer of KIF and KI2.
func TestParseTrailer(t *testing.T) {
	tests := []struct {
		text string
		want Special
		rest string
	}{
		{"64手で先手の勝ち", Resign, ""},
		{"107手で上手の勝ち", Resign, ""},
		{"12手で中断", Interrupt, ""},
		{"85手で千日手", Repetition, ""},
		{"258手で持将棋", Impasse, ""},
		{"61手詰", Checkmate, ""},
		{"9手で詰み", Checkmate, ""},
		{"14手で時間切れにより後手の勝ち", Timeout, ""},
		{"2手で先手の反則負け", FoulLose, ""},
		{"27手で後手の反則勝ち", FoulWin, ""},
		{"0手で後手の入玉勝ち", EnteringKing, ""},
		{"52手で封じ手", Sealed, ""},
		{"、10手で 中断", Interrupt, ""},
		{"30手でトライ", Other, "トライ"},
	}
	for _, tt := range tests {
		s, rest := parseTrailer(tt.text)
		if s != tt.want || rest != tt.rest {
			t.Errorf("まで%s: %v %q, want %v %q", tt.text, s, rest, tt.want, tt.rest)
		}
	}
}
