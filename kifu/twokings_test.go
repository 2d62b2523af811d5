package kifu

import (
	"strings"
	"testing"

	"banmen/board"
)

// A start position with two kings of one side (a hand-made record's slip) cannot be held: the
// reader keeps the one written last and says which it left out, in KIF, CSA, JKF and SFEN alike.
func TestTwoKingsOfOneSideAreSaid(t *testing.T) {
	kif := "後手の持駒：なし\n" +
		"  ９ ８ ７ ６ ５ ４ ３ ２ １\n" +
		"+---------------------------+\n" +
		"| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n" +
		"| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n" +
		"| 玉 ・ ・ ・ ・ ・ ・ ・ ・|八\n" +
		"| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n" +
		"+---------------------------+\n" +
		"先手の持駒：なし\n" +
		"手数----指手---------消費時間--\n"
	csa := "V2.2\nP1 * * * * -OU * * * *\nP2 * * * * * * * * *\nP3 * * * * * * * * *\nP4 * * * * * * * * *\n" +
		"P5 * * * * * * * * *\nP6 * * * * * * * * *\nP7 * * * * * * * * *\nP8+OU * * * * * * * *\nP9 * * * * +OU * * * *\n+\n"
	jkf := `{"header":{},"initial":{"preset":"OTHER","data":{"color":0,"hands":[{},{}],"board":[[],[],[],[],` +
		`[{"color":1,"kind":"OU"},{},{},{},{},{},{},{},{"color":0,"kind":"OU"}],[],[],[],[{},{},{},{},{},{},{},{"color":0,"kind":"OU"}]]}},"moves":[{}]}`
	for _, tc := range []struct {
		name, text, warning, kept string
	}{
		{"KIF", kif, "board diagram: two kings of Black (先手); the one on ９八 (9h) was left out", "5i"},
		{"CSA", csa, "two kings of Black (先手); the one on ９八 (9h) was left out", "5i"},
		{"JKF", jkf, "initial: two kings of Black (先手); the one on ５九 (5i) was left out", "9h"},
		{"USI", "sfen 4k4/9/9/9/9/9/9/9/K3K4 b - 1", "two kings of Black (先手); the one on ９九 (9i) was left out", "5i"},
	} {
		rec, err := ReadAny(tc.text)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		var ws []string
		for _, w := range rec.Warnings {
			ws = append(ws, w.Msg)
		}
		if !strings.Contains(strings.Join(ws, "\n"), tc.warning) {
			t.Errorf("%s: warnings %q, want %q", tc.name, ws, tc.warning)
		}
		if k := rec.Start.KingSquare(board.Black); k == board.NoSquare || k.USI() != tc.kept {
			t.Errorf("%s: the black king is on %v, want %s (the one written last)", tc.name, k, tc.kept)
		}
	}
}
