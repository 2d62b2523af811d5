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

// FutileDrops, the tsume convention of the bundled engine's solver: the drops it omits, and
// a mate it accepts or refuses.
func TestFutileDrops(t *testing.T) {
	for _, c := range []struct {
		name, sfen, move string
		futile           []string // the squares whose drops are omitted
	}{
		// the dragon takes the gold with check along the rank; a piece dropped on 2b is taken
		// by the dragon with mate: futile (tsumeshogi-check-012)
		{"next to the king", "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1", "4b3b", []string{"2b"}},
		// two bishops: every drop on the long diagonal is taken in turn (tsumeshogi-check-003)
		{"a chain of drops", "k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1", "1g2h", []string{"3g", "4f", "5e", "6d", "7c", "8b"}},
	} {
		p := futilePos(t, c.sfen)
		m, err := p.ParseMove(c.move)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		p.Do(m)
		var buf [MaxMoves]Move
		moves := p.LegalMoves(buf[:0])
		var want Bitboard
		for _, s := range c.futile {
			sq, _ := ParseSquare(s)
			want.set(sq)
		}
		kept := p.OmitFutile(append([]Move(nil), moves...), FutileDrops)
		for _, m := range moves {
			if omitted := !slicesContain(kept, m); omitted != (m.IsDrop() && want.Has(m.To())) {
				t.Errorf("%s: %s omitted %v, want %v", c.name, m.USI(), omitted, !omitted)
			}
		}
		if !p.MateOmittingFutile(FutileDrops) {
			t.Errorf("%s: not mated under FutileDrops", c.name)
		}
	}
	// White's gold on 6b guards 5b: a drop there is not futile, so no mate
	p := futilePos(t, "4k4/3g5/9/9/9/9/9/9/4R3K w rb3g4s4n4l18p 1")
	if !p.InCheck() {
		t.Fatal("not in check")
	}
	var buf [MaxMoves]Move
	if kept := p.OmitFutile(p.LegalMoves(buf[:0]), FutileDrops); !slicesContain(kept, NewDrop(Gold, NewSquare(5, 2))) {
		t.Errorf("a guarded interposition was omitted: %v", kept)
	}
	if p.MateOmittingFutile(FutileDrops) {
		t.Error("mated although the king can step aside")
	}
	// White can interpose with the silver from the board: under FutileDrops that always
	// counts
	p = futilePos(t, "k8/2s6/9/9/9/9/9/9/8B w rb4g3s4n4l18p 1")
	kept := p.OmitFutile(p.LegalMoves(buf[:0]), FutileDrops)
	moved := false
	for _, m := range kept {
		moved = moved || !m.IsDrop() && m.Piece() == Silver
	}
	if !moved {
		t.Errorf("FutileDrops omitted the silver's interposition: %v", kept)
	}
	if p.MateOmittingFutile(FutileDrops) {
		t.Error("mated under FutileDrops although the silver may interpose")
	}
}

func slicesContain(moves []Move, m Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}
