package board

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"testing"
)

var perftDeep = flag.Bool("perft.deep", false, "run perft to every depth in testdata/perft.json (minutes to hours)")

type perftCase struct {
	ID    string   `json:"id"`
	SFEN  string   `json:"sfen"`
	Perft []uint64 `json:"perft"`
	// Extra breaks the leaves of some depths down ("depth1": …): how many of the
	// last moves capture, promote, give check, give mate.
	Extra map[string]perftExtra `json:"extra"`
}

type perftExtra struct {
	Captures   uint64 `json:"captures"`
	Promotions uint64 `json:"promotions"`
	Checks     uint64 `json:"checks"`
	Mates      uint64 `json:"mates"`
}

// perftExtraCount counts the leaves of perft(depth) from p and breaks them down as Extra does.
func perftExtraCount(p *Position, depth int, e *perftExtra) uint64 {
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		for _, m := range moves {
			if m.Captured() != NoPieceType {
				e.Captures++
			}
			if m.IsPromotion() {
				e.Promotions++
			}
			q := p.Play(m)
			if q.InCheck() {
				e.Checks++
				if q.IsCheckmate() {
					e.Mates++
				}
			}
		}
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += perftExtraCount(p.Play(m), depth-1, e)
	}
	return n
}

// TestPerftExtra checks the breakdowns of the leaves (captures, promotions, checks,
// mates) in testdata/perft.json, for the depths with at most a million leaves.
func TestPerftExtra(t *testing.T) {
	checked := 0
	for _, c := range loadPerft(t) {
		for d := 1; d <= len(c.Perft); d++ {
			want, ok := c.Extra[fmt.Sprintf("depth%d", d)]
			if !ok || c.Perft[d-1] > 1_000_000 && !*perftDeep {
				continue
			}
			pos, err := ParseSFENWith(c.SFEN, SFENOptions{AllowExtraPieces: true})
			if err != nil {
				t.Fatal(err)
			}
			var got perftExtra
			if n := perftExtraCount(pos, d, &got); n != c.Perft[d-1] {
				t.Errorf("%s depth %d: %d leaves, want %d", c.ID, d, n, c.Perft[d-1])
			}
			if got != want {
				t.Errorf("%s depth %d: %+v, want %+v", c.ID, d, got, want)
			}
			t.Logf("%s depth %d: %+v", c.ID, d, got)
			checked++
		}
	}
	if checked == 0 {
		t.Fatal("no breakdown in testdata/perft.json was checked")
	}
}

func loadPerft(t testing.TB) []perftCase {
	data, err := os.ReadFile("testdata/perft.json")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Positions []perftCase `json:"positions"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Positions) < 20 {
		t.Fatalf("testdata/perft.json: only %d positions", len(doc.Positions))
	}
	return doc.Positions
}

// TestPerft checks the move generator against every reference number small enough
// to run in a unit test (at most 60 million leaves per depth); -perft.deep runs all.
func TestPerft(t *testing.T) {
	for _, c := range loadPerft(t) {
		t.Run(c.ID, func(t *testing.T) {
			pos, err := ParseSFENWith(c.SFEN, SFENOptions{AllowExtraPieces: true})
			if err != nil {
				t.Fatal(err)
			}
			for i, want := range c.Perft {
				if want > 60_000_000 && !*perftDeep {
					break
				}
				if got := pos.Perft(i + 1); got != want {
					t.Errorf("perft(%d) = %d, want %d", i+1, got, want)
				}
			}
		})
	}
}

// TestPerftMovesAreLegalByDoing checks, on every perft position to depth 2, that each
// generated move leaves the mover's king safe, that the generated moves are distinct,
// that HashAfter foretells the hash after each, and that every move round-trips through
// USI text and ParseMove.
func TestPerftMovesAreLegalByDoing(t *testing.T) {
	for _, c := range loadPerft(t) {
		pos, err := ParseSFENWith(c.SFEN, SFENOptions{AllowExtraPieces: true})
		if err != nil {
			t.Fatal(err)
		}
		var walk func(p *Position, depth int)
		walk = func(p *Position, depth int) {
			var buf [MaxMoves]Move
			moves := p.LegalMoves(buf[:0])
			seen := map[Move]bool{}
			for _, m := range moves {
				if seen[m] {
					t.Fatalf("%s: %s: move %s generated twice", c.ID, p.SFEN(), m)
				}
				seen[m] = true
				back, err := p.ParseMove(m.USI())
				if err != nil || back != m {
					t.Fatalf("%s: %s: ParseMove(%s) = %v, %v", c.ID, p.SFEN(), m, back, err)
				}
				q := p.Play(m)
				if h := p.HashAfter(m); h != q.Hash() {
					t.Fatalf("%s: %s: HashAfter(%s) = %x, the position after it has %x", c.ID, p.SFEN(), m, h, q.Hash())
				}
				if k := q.KingSquare(p.SideToMove()); k != NoSquare && q.IsAttacked(k, q.SideToMove()) {
					t.Fatalf("%s: %s: %s leaves the king in check", c.ID, p.SFEN(), m)
				}
				if r, _ := ParseSFENWith(q.SFEN(), SFENOptions{AllowExtraPieces: true}); r == nil || q.Hash() != r.Hash() {
					t.Fatalf("%s: %s: incremental hash differs after %s", c.ID, p.SFEN(), m)
				}
				if depth > 1 {
					walk(q, depth-1)
				}
			}
		}
		walk(pos, 2)
	}
}

func mustParse(t testing.TB, sfen string) *Position {
	t.Helper()
	p, err := ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	return p
}

// BenchmarkPerft5 measures perft(5) from the start position (19,861,490 leaves), one thread.
func BenchmarkPerft5(b *testing.B) {
	p := NewStartPosition()
	for b.Loop() {
		if n := p.Perft(5); n != 19861490 {
			b.Fatal(n)
		}
	}
}

// BenchmarkLegalMoves593 measures generating all 593 legal moves of the max-moves position.
func BenchmarkLegalMoves593(b *testing.B) {
	p := mustParse(b, "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1")
	var buf [MaxMoves]Move
	for b.Loop() {
		if n := len(p.LegalMoves(buf[:0])); n != 593 {
			b.Fatal(n)
		}
	}
}

// BenchmarkLegalMovesMatsuri measures move generation in the 207-move 指し手生成祭り position.
func BenchmarkLegalMovesMatsuri(b *testing.B) {
	p := mustParse(b, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	var buf [MaxMoves]Move
	for b.Loop() {
		p.LegalMoves(buf[:0])
	}
}

// TestCountLegalMovesAgreesWithLegalMoves checks the count-only path on every perft
// position and two plies below.
func TestCountLegalMovesAgreesWithLegalMoves(t *testing.T) {
	for _, c := range loadPerft(t) {
		pos, err := ParseSFENWith(c.SFEN, SFENOptions{AllowExtraPieces: true})
		if err != nil {
			t.Fatal(err)
		}
		var walk func(p *Position, depth int)
		walk = func(p *Position, depth int) {
			var buf [MaxMoves]Move
			moves := p.LegalMoves(buf[:0])
			if n := p.CountLegalMoves(); n != len(moves) {
				t.Fatalf("%s: CountLegalMoves %d, LegalMoves %d", p.SFEN(), n, len(moves))
			}
			if depth > 0 {
				for _, m := range moves {
					walk(p.Play(m), depth-1)
				}
			}
		}
		walk(pos, 1)
	}
}

// TestIsLegalAgreesWithLegalMoves checks the direct legality test against move
// generation: on every perft position and one ply below, every generated move is
// legal, and so is no other move made of the same parts (every origin or drop kind to
// every square, with and without promotion, with the captured kind the board says).
func TestIsLegalAgreesWithLegalMoves(t *testing.T) {
	for _, c := range loadPerft(t) {
		pos, err := ParseSFENWith(c.SFEN, SFENOptions{AllowExtraPieces: true})
		if err != nil {
			t.Fatal(err)
		}
		check := func(p *Position) {
			var buf [MaxMoves]Move
			legal := map[Move]bool{}
			for _, m := range p.LegalMoves(buf[:0]) {
				legal[m] = true
			}
			for to := Square(0); to < NumSquares; to++ {
				var cands []Move
				for from := Square(0); from < NumSquares; from++ {
					if pc := p.board[from]; pc != NoPiece {
						for _, promo := range []bool{false, true} {
							cands = append(cands, NewBoardMove(from, to, pc.Type(), p.board[to].Type(), promo))
						}
					}
				}
				for ht := Pawn; ht <= Gold; ht++ {
					cands = append(cands, NewDrop(ht, to))
				}
				for _, m := range cands {
					if got := p.IsLegal(m); got != legal[m] {
						t.Fatalf("%s: IsLegal(%s) = %v, generation says %v", p.SFEN(), m, got, legal[m])
					}
				}
			}
		}
		check(pos)
		var buf [MaxMoves]Move
		for _, m := range pos.LegalMoves(buf[:0]) {
			check(pos.Play(m))
		}
	}
}

func BenchmarkIsLegal(b *testing.B) {
	p := mustParse(b, "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1")
	var buf [MaxMoves]Move
	moves := append([]Move(nil), p.LegalMoves(buf[:0])...)
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if !p.IsLegal(moves[i%len(moves)]) {
			b.Fatal("illegal")
		}
	}
}
