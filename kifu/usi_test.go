package kifu

import (
	"strings"
	"testing"
)

func TestParseUSI(t *testing.T) {
	tests := []struct {
		in    string
		start string // SFEN
		usi   string // FormatUSI of the record
		warn  string
	}{
		{"position startpos moves 7g7f 3c3d", board0, "position startpos moves 7g7f 3c3d", ""},
		{"position startpos", board0, "position startpos", ""},
		{"startpos moves 7g7f", board0, "position startpos moves 7g7f", ""},
		{"7g7f 3c3d 8h2b+", board0, "position startpos moves 7g7f 3c3d 8h2b+", ""},
		{"moves 7g7f", board0, "position startpos moves 7g7f", ""},
		{"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1 moves 7g7f", board0, "position startpos moves 7g7f", ""},
		{"sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
			"position sfen lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 3c3d", ""},
		{"8k/9/9/9/9/9/9/9/9 b G 1", "8k/9/9/9/9/9/9/9/9 b G 1", "position sfen 8k/9/9/9/9/9/9/9/9 b G 1", ""},
		{"\n\n  position startpos moves 2g2f resign\n", board0, "position startpos moves 2g2f", ""},
		{"position startpos moves 7g7f\nposition startpos moves 2g2f\n", board0, "position startpos moves 7g7f", "more than one position"},
		{"7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1", "7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1", "position sfen 7pk/7p1/7p1/7p1/7p1/7p1/7p1/7p1/7p1 b 2R4L4s4n 1", "breaks a rule"},
	}
	for _, tt := range tests {
		r, err := ParseUSI(tt.in)
		if err != nil {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		if r.Start.SFEN() != tt.start || FormatUSI(r) != tt.usi {
			t.Errorf("%q: start %s, %s", tt.in, r.Start.SFEN(), FormatUSI(r))
		}
		if tt.warn == "" && len(r.Warnings) > 0 || tt.warn != "" && (len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, tt.warn)) {
			t.Errorf("%q: warnings %v, want %q", tt.in, r.Warnings, tt.warn)
		}
	}
	if r, _ := ParseUSI("position startpos moves 2g2f resign"); r.Result() != Resign {
		t.Errorf("resign: %v", r.Result())
	}
}

const board0 = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"

func TestParseUSIErrors(t *testing.T) {
	tests := []struct {
		in, says string
		kept     int
	}{
		{"position startpos moves 7g7f 3c3d 7f7e 3d3e 2h2c 2b3c", `move 5 "2h2c": 飛 on 2h cannot move to 2c`, 4},
		{"position startpos moves 7g7f 7g7f", `move 2 "7g7f": no piece on 7g`, 1},
		{"position startpos moves 7g7f xyz", `move 2 "xyz"`, 1},
		{"position sfen 9/9/9 b - 1", "bad SFEN", 0},
		{"position", "\"position\" alone", 0},
		{"position banana", `"banana"`, 0},
		{"position startpos 7g7f banana", `"banana"`, 1},
		{"", "empty", 0},
	}
	for _, tt := range tests {
		r, err := ParseUSI(tt.in)
		if err == nil || !strings.Contains(err.Error(), tt.says) {
			t.Errorf("%q: error %v, want one saying %q", tt.in, err, tt.says)
			continue
		}
		if tt.kept > 0 && (r == nil || len(r.MainMoves()) != tt.kept) {
			t.Errorf("%q: kept %v", tt.in, r)
		}
	}
	// an illegal last move: USI cannot say that the game was lost by it, so the
	// reading stops before it, keeps the moves before and names it
	r, err := ParseUSI("position startpos moves 7g7f 3c3d 8h3c 5a4b")
	pe, ok := err.(*ParseError)
	if !ok || !pe.AtEnd || pe.Line != 1 || !strings.Contains(pe.Msg, `"5a4b"`) || !strings.Contains(pe.Msg, "leaves the king in check") {
		t.Errorf("illegal last move: error %v", err)
	}
	if r == nil || len(r.MainMoves()) != 3 || len(r.Warnings) != 0 {
		t.Errorf("illegal last move: kept %v", r)
	}
}

// USIPosition gives engines the position at any node, a variation's included.
func TestUSIPositionOfANode(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	n := findLine(t, r, "2g2f 3c3d 7g7f")
	if got := r.USIPosition(n); got != "position startpos moves 2g2f 3c3d 7g7f" {
		t.Errorf("%s", got)
	}
	if got := r.USIPosition(r.Root); got != "position startpos" {
		t.Errorf("%s", got)
	}
	h := readTestFile(t, "kif/mog-core-scala__kif__game__003.kif")
	if got := h.USIPosition(h.Root.Next()); got != "position sfen lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1 moves 7a6b" {
		t.Errorf("handicap: %s", got)
	}
}
