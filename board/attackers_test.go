package board

import (
	"math/rand/v2"
	"testing"
)

// randomPositions plays random legal moves from a few start positions and collects every
// position on the way: openings, middle games with pieces in hand, promoted pieces, checks.
func randomPositions(t testing.TB, n int) []*Position {
	t.Helper()
	starts := []string{
		StartSFEN,
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
		"1n1g3+Pl/k1p1s4/1ng5p/pSP1p1pp1/1n3p3/P1K3P1P/1P7/9/L1G5L b 2R2BG2SL5Pn 161",
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var out []*Position
	var buf [MaxMoves]Move
	for i := 0; len(out) < n; i++ {
		p := mustParse(t, starts[i%len(starts)])
		for ply := 0; ply < 100 && len(out) < n; ply++ {
			moves := p.LegalMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.Do(moves[rng.IntN(len(moves))])
			out = append(out, p.Clone())
		}
	}
	return out
}

// TestAttackersToMatchesAttacksFrom: AttackersTo, AllAttackersTo and IsAttacked agree with
// AttacksFrom of every piece.
func TestAttackersToMatchesAttacksFrom(t *testing.T) {
	for _, p := range randomPositions(t, 300) {
		for s := Square(0); s < NumSquares; s++ {
			if got, want := p.AllAttackersTo(s), p.AttackersTo(s, Black).Or(p.AttackersTo(s, White)); got != want {
				t.Fatalf("%s: AllAttackersTo(%s) =\n%s want\n%s", p.SFEN(), s, got, want)
			}
			// the per-kind shortcuts
			for c := Black; c <= White; c++ {
				got := map[PieceType]Bitboard{Bishop: p.BishopAttacks(s), Rook: p.RookAttacks(s), Lance: p.LanceAttacks(c, s)}
				for _, k := range []PieceType{Pawn, Knight, Silver, Gold, King} {
					got[k] = StepAttacks(c, k, s)
				}
				for k, bb := range got {
					if want := p.AttacksFrom(c, k, s); bb != want {
						t.Fatalf("%s: the %v shortcut from %s for %s =\n%s want\n%s", p.SFEN(), k, s, c, bb, want)
					}
				}
			}
			for c := Black; c <= White; c++ {
				var want Bitboard
				for bb := p.ColorPieces(c); bb.NonZero(); {
					from := bb.Pop()
					if p.AttacksFrom(c, p.PieceAt(from).Type(), from).Has(s) {
						want = want.Or(SquareBB(from))
					}
				}
				if got := p.AttackersTo(s, c); got != want {
					t.Fatalf("%s: AttackersTo(%s, %s) =\n%s want\n%s", p.SFEN(), s, c, got, want)
				}
				// IsAttacked has its own early-out code
				if got := p.IsAttacked(s, c); got != want.NonZero() {
					t.Fatalf("%s: IsAttacked(%s, %s) = %v, attackers\n%s", p.SFEN(), s, c, got, want)
				}
			}
		}
	}
}

func TestBlockersForAndPinned(t *testing.T) {
	for _, p := range randomPositions(t, 300) {
		for c := Black; c <= White; c++ {
			k := p.KingSquare(c)
			if k == NoSquare {
				continue
			}
			// brute force: a piece blocks if removing it lets an opposing slider see the king
			var want Bitboard
			for bb := p.Occupied().AndNot(SquareBB(k)); bb.NonZero(); {
				s := bb.Pop()
				q := p.Clone()
				pc := q.PieceAt(s)
				q.SetPiece(s, NoPiece)
				before := p.AttackersTo(k, c.Opp())
				after := q.AttackersTo(k, c.Opp())
				if pc.Color() == c.Opp() {
					after = after.AndNot(SquareBB(s))
				}
				if after.AndNot(before).NonZero() {
					want = want.Or(SquareBB(s))
				}
			}
			if got := p.BlockersFor(k, c.Opp()); got != want {
				t.Fatalf("%s: BlockersFor(%s, %s) =\n%s want\n%s", p.SFEN(), k, c.Opp(), got, want)
			}
			if got, want := p.Pinned(c), want.And(p.ColorPieces(c)); got != want {
				t.Fatalf("%s: Pinned(%s) =\n%s want\n%s", p.SFEN(), c, got, want)
			}
		}
	}
}

func TestPseudoAttacksOnEmptyBoard(t *testing.T) {
	empty := NewEmptyPosition()
	for c := Black; c <= White; c++ {
		for pt := Pawn; pt <= Dragon; pt++ {
			for s := Square(0); s < NumSquares; s++ {
				if got, want := PseudoAttacks(c, pt, s), empty.AttacksFrom(c, pt, s); got != want {
					t.Fatalf("PseudoAttacks(%s, %s, %s) =\n%s want\n%s", c, pt, s, got, want)
				}
			}
		}
	}
	if PseudoAttacks(Black, NoPieceType, 0).NonZero() {
		t.Error("PseudoAttacks of no piece is not empty")
	}
}

func TestBetweenAndLine(t *testing.T) {
	for _, c := range []struct {
		a, b          string
		between, line int
	}{
		{"5e", "5a", 3, 9}, // same file
		{"1a", "9i", 7, 9}, // long diagonal
		{"2h", "8h", 5, 9}, // same rank
		{"5e", "4c", 0, 0}, // a knight's jump: not aligned
		{"5e", "5e", 0, 0}, // the same square
		{"1a", "2b", 0, 9}, // adjacent on a diagonal
		{"9a", "8c", 0, 0}, // not aligned
		{"1c", "3a", 1, 3}, // short anti-diagonal
	} {
		a, _ := ParseSquare(c.a)
		b, _ := ParseSquare(c.b)
		if n := Between(a, b).Count(); n != c.between {
			t.Errorf("Between(%s, %s) has %d squares, want %d", c.a, c.b, n, c.between)
		}
		if Between(a, b) != Between(b, a) {
			t.Errorf("Between(%s, %s) is not symmetric", c.a, c.b)
		}
		if n := LineThrough(a, b).Count(); n != c.line {
			t.Errorf("LineThrough(%s, %s) has %d squares, want %d", c.a, c.b, n, c.line)
		}
	}
}

func TestZonesFilesRanks(t *testing.T) {
	if PromotionZone(Black).Count() != 27 || !PromotionZone(Black).Has(NewSquare(5, 3)) || PromotionZone(Black).Has(NewSquare(5, 4)) {
		t.Errorf("Black's zone:\n%s", PromotionZone(Black))
	}
	if !PromotionZone(White).Has(NewSquare(1, 7)) || PromotionZone(White).Has(NewSquare(1, 6)) {
		t.Errorf("White's zone:\n%s", PromotionZone(White))
	}
	if FileSquares(3).Count() != 9 || !FileSquares(3).Has(NewSquare(3, 9)) || RankSquares(9).Has(NewSquare(3, 8)) {
		t.Error("file or rank masks are wrong")
	}
}

// BenchmarkAttackersTo measures one attackers query on a middle-game square.
func BenchmarkAttackersTo(b *testing.B) {
	p := mustParse(b, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	s := NewSquare(5, 5)
	for b.Loop() {
		p.AttackersTo(s, Black)
	}
}

// AttackedNear is IsAttacked asked of each square of the zone, whatever its size: around
// either king, and around squares with no king.
func TestAttackedNearMatchesIsAttacked(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, p := range randomPositions(t, 400) {
		centres := []Square{p.KingSquare(Black), p.KingSquare(White), Square(rng.IntN(NumSquares))}
		for _, k := range centres {
			if k == NoSquare {
				continue
			}
			for _, zone := range []Bitboard{kingAttacks[k], kingAttacks[k].AndNot(p.Occupied()), kingAttacks[k].And(p.ColorPieces(Black))} {
				for c := Black; c <= White; c++ {
					var want Bitboard
					for z := zone; z.NonZero(); {
						if s := z.Pop(); p.IsAttacked(s, c) {
							want = want.Or(SquareBB(s))
						}
					}
					if got := p.AttackedNear(zone, k, c); got != want {
						t.Fatalf("%s: AttackedNear around %s for %s =\n%s want\n%s", p.SFEN(), k, c, got, want)
					}
				}
			}
		}
	}
}
