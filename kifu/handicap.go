package kifu

import (
	"strings"

	"banmen/board"
)

// Handicap is a named start position (手合割): its KIF name, its JKF preset and its SFEN.
// In every named handicap but 平手, 上手 (White) moves first.
type Handicap struct {
	Name string // 平手, 香落ち, …
	JKF  string // HIRATE, KY, …
	SFEN string
}

// Handicaps lists every named start position KIF and JKF know, 平手 first.
// 左 and 右 are as 上手 (White, at the top) sees them: 香落ち drops the lance on 1一,
// 右香落ち the one on 9一; 左七枚落ち drops the silver on 3一, 右七枚落ち the one on 7一.
var Handicaps = []Handicap{
	{"平手", "HIRATE", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1"},
	{"香落ち", "KY", "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"右香落ち", "KY_R", "1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"角落ち", "KA", "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"飛車落ち", "HI", "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"飛香落ち", "HIKY", "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"二枚落ち", "2", "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"三枚落ち", "3", "lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"四枚落ち", "4", "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"五枚落ち", "5", "2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"左五枚落ち", "5_L", "1nsgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"六枚落ち", "6", "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"左七枚落ち", "7_L", "2sgkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"右七枚落ち", "7_R", "3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"八枚落ち", "8", "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
	{"十枚落ち", "10", "4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1"},
}

// other spellings of handicap names found in real files
var handicapAliases = map[string]string{
	"香落": "香落ち", "左香落ち": "香落ち", "右香落": "右香落ち", "角落": "角落ち", "飛落ち": "飛車落ち",
	"飛車落": "飛車落ち", "飛香落": "飛香落ち", "二枚落": "二枚落ち", "四枚落": "四枚落ち", "六枚落": "六枚落ち",
	"八枚落": "八枚落ち", "十枚落": "十枚落ち",
}

// HandicapByName returns the named start position (平手, 香落ち, …; surrounding spaces
// ignored). ok is false for an unknown name, and for その他 (a board diagram follows).
func HandicapByName(name string) (Handicap, bool) {
	name = strings.Trim(name, " \t　")
	if a, ok := handicapAliases[name]; ok {
		name = a
	}
	for _, h := range Handicaps {
		if h.Name == name {
			return h, true
		}
	}
	return Handicap{}, false
}

// HandicapByJKF returns the start position of a JKF preset (HIRATE, KY, …).
func HandicapByJKF(preset string) (Handicap, bool) {
	for _, h := range Handicaps {
		if h.JKF == preset {
			return h, true
		}
	}
	return Handicap{}, false
}

// Position returns the handicap's start position.
func (h Handicap) Position() *board.Position {
	p, err := board.ParseSFEN(h.SFEN)
	if err != nil {
		panic("kifu: bad handicap SFEN " + h.SFEN + ": " + err.Error())
	}
	return p
}

// HandicapOf returns the named start position p is (the move number is ignored);
// ok is false when p is not one of them.
func HandicapOf(p *board.Position) (Handicap, bool) {
	for i, h := range Handicaps {
		if samePlace(p, handicapPositions[i]) {
			return h, true
		}
	}
	return Handicap{}, false
}

var handicapPositions = func() []*board.Position {
	ps := make([]*board.Position, len(Handicaps))
	for i, h := range Handicaps {
		ps[i] = h.Position()
	}
	return ps
}()

// IsStandard reports whether p is the standard start position (平手, Black to move),
// whatever its move number.
func IsStandard(p *board.Position) bool {
	return samePlace(p, standardStart)
}

var standardStart = board.NewStartPosition()

// samePlace compares board, hands and side to move (not the move number).
func samePlace(p, q *board.Position) bool { return p.SamePosition(q) }
