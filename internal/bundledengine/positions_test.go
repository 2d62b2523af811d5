package bundledengine

import (
	"math/rand/v2"
	"testing"

	"banmen/board"
)

// Test positions shared by the tests of this package.

// middleGames are positions after 51 or 71 plies of real games from the shared kifu corpus
// (../../../shared/testdata/kifu): pieces in hand, promoted pieces, castles and open kings.
var middleGames = []string{
	"1n1g4l/1k4gb1/1psppsn2/2p2p1rp/3PB1pp1/l1P1PPP2/PP2S1S+RP/2K1G4/LN1G3NL w 2p 52",
	"1n2r3l/1k2gg1+L1/1psp1sN2/2p1ppSPp/3P1N3/PBPBPP+R2/NP2S3P/L1K1G4/3G4+p b 3Pl 87",
	"l2g1gknl/6s2/p2rpp1pp/4s1p2/1pB6/P2SP1P2/1PG2P1PP/2GS2R2/L1K3bNL w NPn3p 52",
	"ln4knl/3rg1g2/2b1p1spp/p1p1s1p2/1p3p1P1/P1PSP1P2/1P1GSP2P/1KG5R/LN2B2NL w Pp 52",
	"ln6l/1r1g1skg1/p4pnpp/2PBp1p2/1p1P4P/4P4/PP1S1PPP1/6SK1/LN1G1G1NL w SPrbp 52",
	"l6nl/2kg5/spngp1b2/P1p1s1prp/pP1P5/1S1p1PP2/1RB1PGSPP/5GK2/LN5NL w 2Pp 72",
	"l3b2nl/1r2g1gk1/p1n1ss1pp/2ppppp2/1p4PP1/2PPP1RSP/PPSG1PN2/2GB5/LNK5L w - 52",
	"ln3g1nl/2+R+P1bk2/5gspp/pp2ppp2/3+r5/PP2PPPP1/2B2S2P/5KG2/L6NL w SN3Pgs 72",
	"ln1g2knl/4r1g2/p1pp2bp1/4ssp1p/1p1P1p1P1/2S1P1P1P/PPBG1PS2/1KG1R4/LN5NL w 2p 52",
	"1n5nl/r5gk1/3p1gspp/2pb1sp2/lp2Sp1PP/2PPP1P2/PPSG4L/1KGB1R3/LN5N1 w P2p 72",
	"l6nl/2gk1r3/1pn1p1gp1/p1p1ss1Pp/3p1p3/P1PPP4/1PSGBPS1P/1K1G2pR1/LN3b1NL w P 52",
	"l6nl/1r4gk1/3sbgspp/2ppPpp2/pp1nS3P/2PS2PP1/PP1G1PN2/1KGB3R1/LN6L w 2p 52",
	"ln5nl/1r3bgk1/p2p1g1pp/2s1p1ps1/1pP2p1NP/3PP1PP1/PPSG1PS2/2GB2R2/LNK5L w P 52",
	"l6rl/3kgbg2/2ns1snp1/p1ppppp2/1p5Pp/P1PPSPP2/1PG1P1N1P/LSG6/KN2B2RL w - 52",
	"l5knl/3r2gs1/1Bng1p1p1/pppbpsS1p/3p2PNP/P1P1PP1P1/1PSP1G3/1KG3R2/LN6L w P 52",
	"l4g1nl/4g1kb1/p1+P1pp1p1/6p1p/3ps4/5S3/PP1P1PPPP/2G3SK1/LN3G1NL w RSNPrb2p 52",
}

func mustSFEN(t testing.TB, sfen string) *board.Position {
	t.Helper()
	p, err := board.ParseSFEN(sfen)
	if err != nil {
		t.Fatalf("ParseSFEN(%q): %v", sfen, err)
	}
	return p
}

// randomPositions plays random legal moves from the start and from middleGames and returns
// every position met, n in all.
func randomPositions(t testing.TB, n int, seed uint64) []*board.Position {
	t.Helper()
	starts := append([]string{board.StartSFEN}, middleGames...)
	rng := rand.New(rand.NewPCG(seed, 7))
	var out []*board.Position
	var buf moveList
	for i := 0; len(out) < n; i++ {
		p := mustSFEN(t, starts[i%len(starts)])
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
