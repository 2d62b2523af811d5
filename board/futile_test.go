package board

import (
	"sort"
	"strings"
	"testing"
)

func futilePos(t *testing.T, sfen string) *Position {
	t.Helper()
	p, err := ParseSFENWith(sfen, SFENOptions{AllowExtraPieces: true})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestIsMateOmittingFutile(t *testing.T) {
	for _, c := range []struct {
		name, sfen, moves string
		plain, futile     bool
		futileMoves       string // FutileInterpositions, sorted
	}{
		// tsumeshogi-check-003 of shared/testdata/tsume: 1g2h mates in 1 under the tsume
		// convention; every drop on the long diagonal is taken by the bishop, with mate
		{name: "check-003", sfen: "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1", moves: "1g2h", futile: true},
		// a rook checks down file 1; the gold and silver cover every square next to the king
		{name: "drops futile", sfen: "8k/6G2/7S1/9/9/9/9/9/K7R w g 1", futile: true,
			futileMoves: "G*1b G*1c G*1d G*1e G*1f G*1g G*1h"},
		// without the silver a gold on 1b is taken by the king after the rook takes it
		{name: "drop not futile", sfen: "8k/6G2/9/9/9/9/9/9/K7R w g 1"},
		// a gold moved between is taken too, and then it is plain mate
		{name: "moved interposition", sfen: "8k/6G2/7S1/9/9/7g1/9/9/K7R w - 1", futile: true,
			futileMoves: "2f1f 2f1g"},
		// plain mate (頭金)
		{name: "plain", sfen: "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", plain: true, futile: true},
		// not in check
		{name: "no check", sfen: "4k4/9/4P4/9/9/9/9/9/4K4 w - 1"},
		// a king that can step aside
		{name: "escape", sfen: "8k/9/9/9/9/9/9/9/K7R w g 1"},
	} {
		p := futilePos(t, c.sfen)
		if c.moves != "" {
			_, q, err := p.ParseMoves(c.moves)
			if err != nil {
				t.Fatal(err)
			}
			p = q
		}
		if got := p.IsCheckmate(); got != c.plain {
			t.Errorf("%s: IsCheckmate = %v", c.name, got)
		}
		if got := p.IsMateOmittingFutile(); got != c.futile {
			t.Errorf("%s: IsMateOmittingFutile = %v, want %v", c.name, got, c.futile)
		}
		if c.futileMoves != "" {
			var got []string
			for _, m := range p.FutileInterpositions() {
				got = append(got, m.USI())
			}
			sort.Strings(got)
			if strings.Join(got, " ") != c.futileMoves {
				t.Errorf("%s: FutileInterpositions = %v, want %s", c.name, got, c.futileMoves)
			}
		}
	}
}
