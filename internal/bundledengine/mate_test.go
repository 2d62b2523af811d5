package bundledengine

import (
	"testing"

	"banmen/board"
)

func TestHasEvasionMatchesLegalMoves(t *testing.T) {
	positions := mateTestPositions(t, 6000, 3)
	n, mated := 0, 0
	for _, p := range positions {
		// every check from here, and the position itself when in check
		var buf moveList
		ci := newCheckInfo(p)
		kids := []*board.Position{p}
		for _, m := range genChecks(p, &ci, buf[:0]) {
			q := *p
			q.Do(m)
			if legalAfter(&q) {
				kids = append(kids, &q)
			}
		}
		for _, q := range kids {
			if !q.InCheck() {
				continue
			}
			n++
			var lbuf moveList
			legal := len(q.LegalMoves(lbuf[:0])) > 0
			got := hasEvasion(q)
			if !legal {
				mated++
			}
			if got != legal && !(got && onlyPawnDropInBetween(q)) {
				t.Fatalf("%s: hasEvasion = %v, legal moves: %v", q.SFEN(), got, legal)
			}
		}
	}
	if n < 10000 || mated < 100 {
		t.Fatalf("only %d positions in check, %d mated", n, mated)
	}
}

// onlyPawnDropInBetween reports whether the one thing hasEvasion counts that LegalMoves does
// not could be at work: a pawn in hand and a square between the checker and the king.
func onlyPawnDropInBetween(p *board.Position) bool {
	c := p.Checkers()
	return p.Hand(p.SideToMove()).Count(board.Pawn) > 0 && !c.Many() &&
		board.Between(c.First(), p.KingSquare(p.SideToMove())).NonZero()
}

// tsumeSFENs are mate problems from ../../../shared/testdata/tsume/problems.json.
var tsumeSFENs = []string{
	"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
	"3sks3/9/4S4/9/9/8B/9/9/9 b S 1",
	"7nl/7k1/6ppp/9/9/9/9/9/5R3 b Sr2b4g3s3n3l15p 1",
	"ln7/1k2s4/1pp6/p8/9/3L5/9/9/9 b RBGNrb3g3s2n2l15p 1",
	"6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1",
	"k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1",
	"1n3G1nK/5+r1R1/p2L+P3p/2p2Gp2/9/3P2B2/P1P5+n/5S1p1/L1S1L1Ggk b 2SNL6Pb3p 1",
	"lnp1+RS2K/1k5+P1/1pgps3p/4p4/6+Rp1/3+n5/+pP2n1P2/2+b1P4/8+p b B2G2SN2L2Pgl4p 1",
	"g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1",
	"4k4/9/9/9/9/9/9/9/9 b B4G2S9P2rb2s4n4l9p 1",
}

// Hand-made checks where hasEvasion could go wrong: the square behind the king on a
// slider's line, a dragon or horse checking by a step, pinned interposers and capturers.
func TestHasEvasionCases(t *testing.T) {
	for _, sfen := range []string{
		"4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", // 頭金: mated
		"4k4/9/9/9/9/9/9/9/4R4 w - 1",     // a rook from afar: step aside
		"k8/1+R7/9/9/9/9/9/9/9 w - 1",     // a dragon next to the king: take it
		"k8/1+R7/2B6/9/9/9/9/9/9 w - 1",   // the dragon is protected: mated
		"8k/8R/9/9/9/9/9/9/9 w - 1",       // take the rook
		"8k/8R/9/9/9/9/9/9/8L w - 1",      // the rook is protected by a lance from afar
		"k8/9/2+B6/9/9/9/9/9/9 w - 1",     // a horse from afar: 9b is covered, 8a is not
		"kr7/1+B7/9/9/9/9/9/9/9 w - 1",    // a horse next to the king, own rook beside
		"kl7/1+B7/9/9/9/9/9/9/9 w - 1",    // the lance cannot take backwards
		"4k4/9/4s4/9/4R4/9/9/9/4B4 w - 1", // not a check: the silver blocks
		"3rk4/9/9/9/9/9/9/9/B3R4 w - 1",   // rook check; the rook on 6a can interpose at 5b? no: 6a to 5a is the king
		"k8/9/9/9/9/9/9/9/R7B w p 1",      // a drop in between saves
		"k8/p8/9/9/9/9/9/9/R7B w p 1",     // nifu: no pawn drop
		"4k4/9/9/9/9/9/9/9/4L4 w p 1",     // a pawn dropped on 5b would be fine
		"k1r6/9/9/9/9/9/2B6/9/R8 w - 1",   // the rook could interpose at 8b... only on the diagonal
	} {
		p, err := board.ParseSFEN(sfen)
		if err != nil {
			t.Fatalf("%s: %v", sfen, err)
		}
		if !p.InCheck() {
			continue
		}
		var buf moveList
		want := len(p.LegalMoves(buf[:0])) > 0
		if got := hasEvasion(p); got != want {
			t.Errorf("%s: hasEvasion = %v, LegalMoves says %v", sfen, got, want)
		}
	}
}

func TestMate1(t *testing.T) {
	for _, c := range []struct{ sfen, want string }{
		{"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1", "G*5b"},
		{"k8/9/PK7/9/9/9/9/9/9 b 2r2b4g4s4n4l17p 1", "9c9b+"},
		{"lns3kn1/1r4g2/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G2Pl4p 53", "G*4a"},
		{"kn7/1s7/9/1N7/9/9/9/9/9 b P2r2b4g3s2n4l17p 1", ""}, // only 打ち歩詰め would mate
		{board.StartSFEN, ""},
	} {
		p := mustSFEN(t, c.sfen)
		m := mate1(p, make([]board.Move, maxMoves))
		got := ""
		if m != board.NoMove {
			got = m.USI()
			q := *p
			q.Do(m)
			if !q.IsCheckmate() {
				t.Errorf("%s: mate1 gave %s, which does not mate", c.sfen, got)
			}
		}
		if (got == "") != (c.want == "") {
			t.Errorf("%s: mate1 = %q, want %q", c.sfen, got, c.want)
		}
	}
}

func TestMateIn3(t *testing.T) {
	for _, sfen := range []string{
		"lns3kn1/1r3g3/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G3Pl3p 51", // P*3b 4b3b G*4a
		"3sks3/9/4S4/9/9/8B/9/9/9 b S 1",
		"9/4k4/9/4P4/9/9/9/9/9 b 2G2r2b4s4n4l17p 1",
	} {
		p := mustSFEN(t, sfen)
		ms := mateSearch{budget: 1 << 20}
		if m := ms.mateIn(p, 3); m == board.NoMove {
			t.Errorf("%s: no mate in 3 found", sfen)
		}
	}
	ms := mateSearch{budget: 1 << 20}
	if m := ms.mateIn(mustSFEN(t, board.StartSFEN), 3); m != board.NoMove {
		t.Errorf("a mate in 3 from the start: %s", m)
	}
}

// The search looks for a mate in three at its last plies where the king is short of room:
// with the root limited to one quiet move of gote, a search of depth 2 sees that sente then
// mates in three, which the plies alone (one full ply for sente, then quiescence) cannot.
func TestSearchSeesMateInThreeNearTheLeaves(t *testing.T) {
	sfen := "3sks3/9/4S4/9/9/8B/p8/9/8K w S 1" // after 9g9h+, sente mates in 3 (1f5b+ …, as in TestMateIn3)
	g := gameFrom(t, sfen)
	quiet, err := g.Position().ParseMove("9g9h+")
	if err != nil {
		t.Fatal(err)
	}
	s := NewSearcher(16)
	r := s.Search(g, Limits{Depth: 2, SearchMoves: []board.Move{quiet}}, nil)
	if r.Score.Mate >= 0 {
		t.Errorf("score %+v after 9g9h+, want gote mated (sente mates in 3 after it)", r.Score)
	}
}

// mateTestPositions returns n positions of random games (seed) followed by the tsume problems.
func mateTestPositions(t *testing.T, n int, seed uint64) []*board.Position {
	positions := randomPositions(t, n, seed)
	for _, s := range tsumeSFENs {
		positions = append(positions, mustSFEN(t, s))
	}
	return positions
}
