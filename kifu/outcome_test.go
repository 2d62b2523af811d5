package kifu

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"banmen/board"
)

// Outcome reads who won from the special that ends the main line, seen from the side
// to move, and from the moves where the record does not say it.
func TestOutcome(t *testing.T) {
	const (
		b, w = board.Black, board.White
		none = "" // no result
	)
	// White's king on 5a is checked by the rook on 5e, goes to 4a, is checked from 4e,
	// goes back: after three rounds the start comes the fourth time, and every move of
	// Black's was a check.
	const perpetualStart = "4k4/9/9/9/4R4/9/9/9/4K4 w - 1"
	// the same after four moves without a check: the checks count from the first of the
	// four occurrences on
	const perpetualFrom = "4k4/9/9/9/3R5/9/9/9/4K4 b - 1"
	perpetual := strings.Repeat("5a4a 5e4e 4a5a 4e5e ", 3)
	shuffle := strings.Repeat("2h5h 8b5b 5h2h 5b8b ", 3) // rooks to and fro: no check
	for _, c := range []struct {
		start, moves string
		end          Special
		result       string // for Black
		perpetual    bool
	}{
		{"", "7g7f 3c3d", Resign, "0", false}, // Black resigns
		{"", "7g7f", Resign, "1", false},      // White resigns
		{"", "7g7f 3c3d", Checkmate, "0", false},
		{"", "7g7f", Timeout, "1", false},      // White loses on time
		{"", "7g7f", FoulLose, "1", false},     // White's foul
		{"", "7g7f", FoulWin, "0", false},      // Black's foul: White, to move, wins
		{"", "7g7f", EnteringKing, "0", false}, // White declares
		{"", "7g7f 3c3d", EnteringKing, "1", false},
		{"", "7g7f", WinByDefault, "0", false},
		{"", "7g7f", LossByDefault, "1", false},
		{"", "7g7f 3c3d", Impasse, "0.5", false},
		{"", "7g7f 3c3d", Draw, "0.5", false},
		{"", "7g7f 3c3d", MaxMoves, "0.5", false},
		{"", shuffle, Repetition, "0.5", false},
		{perpetualStart, perpetual, Repetition, "0", true},                              // Black gave the checks: White wins
		{perpetualFrom, "5i4i 5a4b 4i5i 4b5a 6e5e " + perpetual, Repetition, "0", true}, // from later on
		{"", "7g7f 3c3d 8h2b+ 3a2b B*4d", NotSpecial, none, false},                      // stops, not mate
		{"lnsgkgsnl/1r5b1/ppppp1ppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "", NotSpecial, none, false},
		{"4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", "", NotSpecial, "1", false}, // mated, though the record does not say so
		{"", "7g7f 3c3d", Interrupt, none, false},
		{"", "7g7f 3c3d", Sealed, none, false},
		{"", "7g7f 3c3d", ErrorEnd, none, false},
		{"", "7g7f 3c3d", Matta, none, false},
	} {
		start := board.NewStartPosition()
		if c.start != "" {
			var err error
			if start, err = board.ParseSFEN(c.start); err != nil {
				t.Fatal(err)
			}
		}
		r := New(start)
		at := r.Root
		for _, m := range strings.Fields(c.moves) {
			var err error
			if at, err = r.PlayUSI(at, m); err != nil {
				t.Fatalf("%s: %v", m, err)
			}
		}
		if c.end != NotSpecial {
			if _, err := r.End(at, c.end, ""); err != nil {
				t.Fatal(err)
			}
		}
		o, err := r.Outcome()
		name := c.end.Kanji() + " after " + c.moves
		if c.result == none {
			if !errors.Is(err, ErrNoOutcome) {
				t.Errorf("%s: %+v, %v; want no result", name, o, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if o.Result() != c.result || o.PerpetualCheck != c.perpetual || o.Special != c.end ||
			o.Plies != len(strings.Fields(c.moves)) || o.Draw != (c.result == "0.5") {
			t.Errorf("%s: %+v (result %s), want result %s, perpetual check %v", name, o, o.Result(), c.result, c.perpetual)
		}
		if !o.Draw && (o.Winner == b) != (c.result == "1") || !o.Draw && (o.Winner == w) != (c.result == "0") {
			t.Errorf("%s: winner %v, want result %s", name, o.Winner, c.result)
		}
	}
}

// Real records: the result Outcome reads is the one their closing line (まで…) states.
func TestOutcomeRealRecords(t *testing.T) {
	for _, c := range []struct {
		file    string
		special Special
		result  string
		plies   int
	}{
		{"kifu-for-js__ryuou201409020101.kif", Resign, "1", 117},                // まで117手で先手の勝ち
		{"kifu-for-js__20081220kyoochi.kif", Resign, "1", 142},                  // まで142手で下手の勝ち (下手 is sente)
		{"shogihome__conversion__input__sub02__kif-sjis.kif", Timeout, "0", 14}, // 時間切れにより後手の勝ち
		{"kifu-for-js__illegal.kif", FoulLose, "0", 2},                          // 先手の反則負け
		{"mog-core-scala__kif__game__017.kif", FoulWin, "0", 27},                // 王手放置: 後手の勝ち
		{"mog-core-scala__kif__game__010.kif", Impasse, "0.5", 258},             // 持将棋
		{"mog-core-scala__kif__game__009.kif", Repetition, "0.5", 85},           // 千日手, no perpetual check
		{"kifu-for-js__9fu.kif", Checkmate, "1", 61},                            // 61手詰
	} {
		r, err := ReadFile(filepath.Join("testdata", "kif", c.file))
		if r == nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		o, err := r.Outcome()
		if err != nil {
			t.Errorf("%s: %v", c.file, err)
			continue
		}
		if o.Special != c.special || o.Result() != c.result || o.Plies != c.plies {
			t.Errorf("%s: %v, result %s after %d moves; want %v, %s after %d", c.file, o.Special, o.Result(), o.Plies, c.special, c.result, c.plies)
		}
	}
	// one that stops: 中断
	r, _ := ReadFile(filepath.Join("testdata", "kif", "kifu-for-js__henka.kif"))
	if r == nil {
		t.Fatal("henka.kif does not read")
	}
	if _, err := r.Outcome(); !errors.Is(err, ErrNoOutcome) || !strings.Contains(err.Error(), "中断") {
		t.Errorf("中断: %v", err)
	}
}
