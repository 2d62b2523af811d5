package kifu

import (
	"strings"
	"testing"
	"time"

	"banmen/board"
)

// Hands in board diagrams, as the test files write them (full- and half-width
// spaces, none at all, なし, counts in kanji).
func TestParseHand(t *testing.T) {
	tests := []struct {
		s    string
		want string // SFEN hand letters
		err  string
	}{
		{"歩十七　香三　桂四　銀四　金四　", "4G4S4N3L17P", ""},           // 32ryu-cumbersome.kif
		{"飛二 角二 金四 銀四 桂四 香四 歩十三 ", "2R2B4G4S4N4L13P", ""}, // mog 013.kif
		{"飛角銀桂", "RBSN", ""}, // no separators (accepted by Kifu for Windows)
		{"なし", "", ""},
		{"", "", ""},
		{"玉", "", "is not a piece that can be in hand"},
		{"歩x", "", `bad count "x"`},
	}
	for _, tt := range tests {
		h, err := parseHand(tt.s)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("%q: error %v, want %q", tt.s, err, tt.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tt.s, err)
			continue
		}
		got := ""
		for _, pt := range handOrder {
			if n := h.Count(pt); n > 1 {
				got += itoa(n) + pt.USI()
			} else if n == 1 {
				got += pt.USI()
			}
		}
		if got != tt.want {
			t.Errorf("%q: %s, want %s", tt.s, got, tt.want)
		}
	}
}

func TestCutHeader(t *testing.T) {
	tests := []struct{ line, key, value string }{
		{"開始日時：2018/05/08 09:00", "開始日時", "2018/05/08 09:00"},
		{"昼食休憩：12:30～13:30", "昼食休憩", "12:30～13:30"},
		{"先手:羽生", "先手", "羽生"},
		{"Event：王位戦", "Event", "王位戦"},
		{"先手：", "先手", ""},
	}
	for _, tt := range tests {
		k, v, ok := cutHeader(tt.line)
		if !ok || k != tt.key || v != tt.value {
			t.Errorf("%q: %q %q %v", tt.line, k, v, ok)
		}
	}
	// a key of ASCII alone before an ASCII colon is some other text's line, not a header
	for _, l := range []string{"：値", "a b：c", "no colon", "http://example.com/kifu", "root:x:0:0:root:/root:/bin/bash"} {
		if _, _, ok := cutHeader(l); ok {
			t.Errorf("%q read as a header", l)
		}
	}
}

func TestParseClock(t *testing.T) {
	tests := []struct {
		s    string
		want time.Duration
		ok   bool
	}{
		{" 0:02", 2 * time.Second, true}, {"00:00:07", 7 * time.Second, true}, {"04:35 ", 275 * time.Second, true},
		{"0:4", 4 * time.Second, true}, {"0:0:4", 4 * time.Second, true}, {"25:00", 25 * time.Minute, true},
		{"1:2:3:4", 0, false}, {"", 0, false}, {"1:", 0, false}, {"a:b", 0, false},
	}
	for _, tt := range tests {
		got, ok := parseClock(tt.s)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseClock(%q) = %v %v", tt.s, got, ok)
		}
	}
}

func TestMoveToken(t *testing.T) {
	for s, want := range map[string]string{
		"２六X(27)   ( 0:01/00:00:03)+": "２六X(27)",
		"同　歩(23) ( 0:01/00:00:01)":    "同　歩(23)",
		"５五角打":                        "５五角打",
	} {
		if got := moveToken(s); got != want {
			t.Errorf("moveToken(%q) = %q, want %q", s, got, want)
		}
	}
}

// A board diagram with no 手合割 and no side line starts with Black to move; 後手番
// and 上手番 give White.
func TestBoardDiagramSideToMove(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__32ryu-cumbersome.kif")
	text := FormatKIF(r)
	for _, tt := range []struct {
		old, new string
		side     board.Color
	}{
		{"先手番\n", "", board.Black},
		{"先手番\n", "後手番\n", board.White},
		{"先手番\n", "上手番\n", board.White},
	} {
		back, err := ParseKIF(strings.Replace(text, tt.old, tt.new, 1))
		// with White to move, the first move (Black's) is an error that says so
		if err != nil && (tt.side != board.White || !strings.Contains(err.Error(), "is to move")) {
			t.Errorf("%q: %v", tt.new, err)
		}
		if back == nil {
			t.Fatalf("%q: no record", tt.new)
		}
		if back.Start.SideToMove() != tt.side {
			t.Errorf("%q: %v to move", tt.new, back.Start.SideToMove())
		}
	}
}
