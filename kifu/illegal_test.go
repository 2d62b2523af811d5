package kifu

import (
	"strings"
	"testing"
)

// An illegal move that ends its line is kept only when the record says the game was
// lost by it (a 反則 ending after it, or 81Dojo's comment 反則手にて終局). Otherwise the
// reading stops there: the moves before it are kept, and the error names its line and
// the move (ParseError.AtEnd says that nothing but the end of the line came after it).
func TestIllegalLastMove(t *testing.T) {
	const kif = "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ９四歩(93)\n   5 ７七玉(68)\n"
	const csa = "PI\n+\n+7776FU\n-3334FU\n+5968OU\n-9394FU\n+6877OU\n"
	const jkf = `{"header":{},"moves":[{},` +
		`{"move":{"color":0,"piece":"FU","from":{"x":7,"y":7},"to":{"x":7,"y":6}}},` +
		`{"move":{"color":1,"piece":"FU","from":{"x":3,"y":3},"to":{"x":3,"y":4}}},` +
		`{"move":{"color":0,"piece":"OU","from":{"x":5,"y":9},"to":{"x":6,"y":8}}},` +
		`{"move":{"color":1,"piece":"FU","from":{"x":9,"y":3},"to":{"x":9,"y":4}}},` +
		`{"move":{"color":0,"piece":"OU","from":{"x":6,"y":8},"to":{"x":7,"y":7}}%s}%s]}`
	const ki2 = "手合割：平手\n▲７六歩 △３四歩 ▲６八玉 △９四歩 ▲７七玉\n"
	tests := []struct {
		name, text string
		kept       bool // the illegal move stays, with a warning
		line       int  // else the error's line
		says       string
	}{
		{"KIF, nothing after", kif, false, 7, `"７七玉(68)"`},
		{"KIF, 投了 after", kif + "   6 投了\n", false, 7, `"７七玉(68)"`},
		{"KIF, trailer saying who won", kif + "まで5手で後手の勝ち\n", false, 7, `"７七玉(68)"`},
		{"KIF, a variation after", kif + "\n変化：5手\n   5 ７八玉(68)\n", false, 7, `"７七玉(68)"`},
		{"KIF, a bad line after", kif + "|・・|\n", false, 7, `"７七玉(68)"`},
		{"KIF, 反則勝ち", kif + "   6 反則勝ち\n", true, 0, ""},
		{"KIF, 反則負け in the trailer", kif + "まで5手で先手の反則負け\n", true, 0, ""},
		{"KIF, 81Dojo's comment", kif + "*反則手にて終局\n", true, 0, ""},
		{"KI2, nothing after", ki2, false, 2, `"７七玉"`},
		{"KI2, 反則勝ち", ki2 + "まで5手で後手の反則勝ち\n", true, 0, ""},
		{"CSA, nothing after", csa, false, 7, `"+6877OU"`},
		{"CSA, %TORYO after", csa + "%TORYO\n", false, 7, `"+6877OU"`},
		{"CSA, %ILLEGAL_MOVE", csa + "%ILLEGAL_MOVE\n", true, 0, ""},
		{"CSA, %+ILLEGAL_ACTION", csa + "%+ILLEGAL_ACTION\n", true, 0, ""},
		{"CSA, comment", csa + "'*反則手にて終局\n", true, 0, ""},
		{"JKF, nothing after", strings.Replace(strings.Replace(jkf, "%s", "", 1), "%s", "", 1), false, 1, "illegal move +6877OU"},
		{"JKF, TORYO after", strings.Replace(strings.Replace(jkf, "%s", "", 1), "%s", `,{"special":"TORYO"}`, 1), false, 1, "illegal move +6877OU"},
		{"JKF, ILLEGAL_MOVE", strings.Replace(strings.Replace(jkf, "%s", "", 1), "%s", `,{"special":"ILLEGAL_MOVE"}`, 1), true, 0, ""},
		{"JKF, comment", strings.Replace(strings.Replace(jkf, "%s", `,"comments":["反則手にて終局"]`, 1), "%s", "", 1), true, 0, ""},
		{"USI", "position startpos moves 7g7f 3c3d 5i6h 9c9d 6h7g", false, 1, `"6h7g"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := ReadAny(tt.text)
			if tt.kept {
				if err != nil || len(r.MainMoves()) != 5 || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0].Msg, "kept") {
					t.Fatalf("want the illegal move kept with a warning: %v, %v", err, r)
				}
				return
			}
			pe, ok := err.(*ParseError)
			if !ok || pe.Line != tt.line || !pe.AtEnd || !strings.Contains(pe.Msg, tt.says) || !strings.Contains(pe.Msg, "leaves the king in check") {
				t.Fatalf("error %#v, want one at line %d naming %s", err, tt.line, tt.says)
			}
			if r == nil || len(r.MainMoves()) != 4 || r.MainEnd().IsSpecial() || len(r.Warnings) != 0 {
				t.Fatalf("want the 4 moves before it and nothing else: %v", r)
			}
		})
	}
}

// An illegal move with moves after it is an error too, but not one at the end of its line.
func TestIllegalMoveInTheMiddle(t *testing.T) {
	for _, text := range []string{
		"手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ９四歩(93)\n   5 ７七玉(68)\n   6 ９五歩(94)\n",
		"PI\n+\n+7776FU\n-3334FU\n+5968OU\n-9394FU\n+6877OU\n-9495FU\n",
		"position startpos moves 7g7f 3c3d 5i6h 9c9d 6h7g 9d9e",
	} {
		r, err := ReadAny(text)
		pe, ok := err.(*ParseError)
		if !ok || pe.AtEnd || !strings.Contains(pe.Msg, "leaves the king in check") || r == nil || len(r.MainMoves()) != 4 {
			t.Errorf("%q: %v, %v", text, err, r)
		}
	}
}

// IllegalEndAsWarning keeps the moves before an illegal last move with the error as a warning,
// and leaves any other error, a record read only in part among them, an error.
func TestIllegalEndAsWarning(t *testing.T) {
	r, err := ReadAny("position startpos moves 7g7f 3c3d 5i6h 9c9d 6h7g")
	if err = IllegalEndAsWarning(r, err); err != nil || len(r.MainMoves()) != 4 || len(r.Warnings) != 1 ||
		!strings.Contains(r.Warnings[0].Msg, `"6h7g"`) || !strings.Contains(r.Warnings[0].Msg, "read up to the move before it") {
		t.Errorf("an illegal last move: %v, %v", err, r)
	}
	r, err = ReadAny("position startpos moves 7g7f 3c3d 5i6h 9c9d 6h7g 9d9e")
	if err2 := IllegalEndAsWarning(r, err); err2 == nil || err2 != err || len(r.Warnings) != 0 {
		t.Errorf("an illegal move in the middle: %v, warnings %v", err2, r.Warnings)
	}
	if err := IllegalEndAsWarning(nil, nil); err != nil {
		t.Errorf("no error: %v", err)
	}
}
