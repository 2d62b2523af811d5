package bundledengine

import (
	"slices"
	"testing"

	"banmen/board"
)

// legalOnly plays each move and keeps those that leave the mover's king safe, as the search does.
func legalOnly(p *board.Position, moves []board.Move) []board.Move {
	var out []board.Move
	for _, m := range moves {
		q := *p
		q.Do(m)
		if legalAfter(&q) {
			out = append(out, m)
		}
	}
	return out
}

func sorted(ms []board.Move) []board.Move {
	ms = slices.Clone(ms)
	slices.Sort(ms)
	return ms
}

func TestGenCapturesMatchesLegalCaptures(t *testing.T) {
	for _, p := range randomPositions(t, 3000, 1) {
		if p.InCheck() {
			continue // the search generates evasions with LegalMoves
		}
		var buf, lbuf moveList
		got := sorted(legalOnly(p, genCaptures(p, buf[:0])))
		var want []board.Move
		for _, m := range p.LegalMoves(lbuf[:0]) {
			if m.Captured() != board.NoPieceType && !redundantNonPromotion(m, p.SideToMove()) {
				want = append(want, m)
			}
		}
		if !slices.Equal(got, sorted(want)) {
			t.Fatalf("%s:\n captures %v\n want     %v", p.SFEN(), got, sorted(want))
		}
	}
}

// TestGenPawnPromotionsMatchesLegalMoves: the quiescence search's pawn promotions are the
// legal moves that promote a pawn without capturing (pseudo-legal: pins are not looked at).
func TestGenPawnPromotionsMatchesLegalMoves(t *testing.T) {
	seen := 0
	for _, p := range randomPositions(t, 3000, 3) {
		if p.InCheck() {
			continue
		}
		var buf, lbuf moveList
		got := sorted(legalOnly(p, genPawnPromotions(p, buf[:0])))
		var want []board.Move
		for _, m := range p.LegalMoves(lbuf[:0]) {
			if m.Piece() == board.Pawn && m.IsPromotion() && m.Captured() == board.NoPieceType {
				want = append(want, m)
			}
		}
		if !slices.Equal(got, sorted(want)) {
			t.Fatalf("%s:\n promotions %v\n want       %v", p.SFEN(), got, sorted(want))
		}
		seen += len(want)
	}
	if seen < 100 {
		t.Errorf("only %d pawn promotions in the positions: too few to judge", seen)
	}
}

func TestGivesCheckAndGenChecks(t *testing.T) {
	positions := randomPositions(t, 3000, 2)
	// tsume positions: the attacker has no king, the defender holds the rest
	for _, s := range []string{
		"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
		"7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1",
		"g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1",
		"kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1",
	} {
		positions = append(positions, mustSFEN(t, s))
	}
	for _, p := range positions {
		var buf, lbuf moveList
		ci := newCheckInfo(p)
		var want []board.Move
		for _, m := range p.LegalMoves(lbuf[:0]) {
			gc := p.GivesCheck(m)
			if ci.givesCheck(m) != gc {
				t.Fatalf("%s: givesCheck(%s) = %v, want %v", p.SFEN(), m, !gc, gc)
			}
			if gc {
				want = append(want, m)
			}
		}
		var got []board.Move
		for _, m := range legalOnly(p, genChecks(p, &ci, buf[:0])) {
			if m.IsDrop() && m.Piece() == board.Pawn && !p.IsLegal(m) {
				continue // 打ち歩詰め: left to the caller
			}
			got = append(got, m)
		}
		if !slices.Equal(sorted(got), sorted(want)) {
			t.Fatalf("%s:\n checks %v\n want   %v", p.SFEN(), sorted(got), sorted(want))
		}
	}
}

func TestRedundantNonPromotion(t *testing.T) {
	p := mustSFEN(t, "4k4/9/9/P1L1S1B1R/9/9/9/9/4K4 b - 1")
	for _, c := range []struct {
		usi  string
		want bool
	}{
		{"9d9c", true},   // pawn
		{"9d9c+", false}, // the promotion itself
		{"7d7c", false},  // lance to the third rank: kept
		{"5d5c", false},  // silver: both are worth searching
		{"3d2c", true},   // bishop
		{"1d1c", true},   // rook
		{"1d1e", false},  // rook outside the zone
	} {
		m, err := p.ParseMove(c.usi)
		if err != nil {
			t.Fatal(err)
		}
		if got := redundantNonPromotion(m, board.Black); got != c.want {
			t.Errorf("redundantNonPromotion(%s) = %v, want %v", c.usi, got, c.want)
		}
	}
	m, _ := p.ParseMove("7d7b")
	if !redundantNonPromotion(m, board.Black) {
		t.Error("an unpromoted lance on the second rank should be left out")
	}
}

// BenchmarkGenChecks measures check generation for a tsume attacker with a full hand.
func BenchmarkGenChecks(b *testing.B) {
	p := mustSFEN(b, "ln7/1k2s4/1pp6/p8/9/3L5/9/9/9 b RBGNrb3g3s2n2l15p 1")
	ci := newCheckInfo(p)
	var buf moveList
	for b.Loop() {
		ci = newCheckInfo(p)
		genChecks(p, &ci, buf[:0])
	}
}

// BenchmarkGenCaptures measures capture generation in a middle game.
func BenchmarkGenCaptures(b *testing.B) {
	p := mustSFEN(b, middleGames[0])
	var buf moveList
	for b.Loop() {
		genCaptures(p, buf[:0])
	}
}
