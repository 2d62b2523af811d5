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

// moreMiddleGames are positions after 41, 61 and 81 plies of the shared corpus's games (the same games
// as middleGames, other plies, and the other games of ../../../shared/testdata/kifu; one of each position).
var moreMiddleGames = []string{
	"ln1g4l/1k4gb1/1psppsn2/p1p2p2p/3PB1p2/P1P1PP3/1P2S1P+RP/2K1GS3/LN1G3NL w Prp 42",     // kifu-for-js__2005_GPS_K-SHOGI.csa, ply 41
	"1n1g4l/1k4gb1/1psp1snr1/2p1pp2p/3P2S2/P1PBPP+R2/1P2S3P/2K1G2p1/LN1G3NL w L2P2p 62",   // kifu-for-js__2005_GPS_K-SHOGI.csa, ply 61
	"1n1g3rl/1k4gp1/1psp1sNL1/2p1ppSPp/3P1N3/P1PBPP+R2/NP2S3P/L1K1G4/3G4+p w B2Pl 82",     // kifu-for-js__2005_GPS_K-SHOGI.csa, ply 81
	"l2g1gknl/3r2s2/p3pp1pp/3Ps1p2/1ppn5/P1PSP1P2/1P1G1P1PP/2GS4R/L1K3bNL w BNp 42",       // kifu-for-js__v2.csa, ply 41
	"l2g1gknl/6s2/p3pp1pp/2nPs1p2/9/PP1GP1P2/5P1PP/1BGS2R2/L1K4NL w RNPbs3p 62",           // kifu-for-js__v2.csa, ply 61
	"lR1g1gknl/6s2/p3pp1pp/3Ps1p2/9/PB1GP1P2/1p3P1PP/1s1+p1K3/L6NL w BG2NPrs2p 82",        // kifu-for-js__v2.csa, ply 81
	"l6nl/2gsk1gs1/2nppp1p1/prp3P1p/9/PP3P1RP/2SPP1N2/2GK2S2/LN3G2L w B2Pb2p 42",          // mog-core-scala__csa__game__002.csa, ply 41
	"lr5nl/2gk2gs1/2nsp2p1/p4pP2/2PP1N2p/PPS1BP1R1/4P4/2GKG1S2/LN6L w 3Pb3p 62",           // mog-core-scala__csa__game__002.csa, ply 61
	"lr4snl/3k2g2/2g1p2p1/p1Ps2P2/2SB1p2p/PP1N1g3/2G1P2R1/4K1S2/LN6L w N2Pb6p 82",         // mog-core-scala__csa__game__002.csa, ply 81
	"ln3k1nl/1r2g1g2/p3p1spp/1bp1s1p2/1p1p1p1P1/2PPP1P2/PPSG1P2P/1KGB1S1R1/LN5NL w - 42",  // kifu-for-js__20091203.ki2, ply 41
	"ln1r3nk/5gg1l/2b1p1spp/p1p1s1p2/1p3p1PP/P1PPP1PB1/1PSGSP3/1KG5R/LN5NL w p 62",        // kifu-for-js__20091203.ki2, ply 61
	"l6nk/6ggl/2nrpsspp/p1p3p2/1p1PPp1PP/P1P3PB1/1P1GSP3/1KGS3R1/LN5NL w Pb 82",           // kifu-for-js__20091203.ki2, ply 81
	"ln1g4l/2r2skg1/p2p1pnpp/3sp1p2/1p6P/4PB3/PP1S1PPP1/6SK1/LN1G1G1NL w B2Prp 42",        // mog-core-scala__ki2__game__001.ki2, ply 41
	"2+B5l/3g1skg1/p3rp1pp/2P1p1p2/1pSP1n2P/4P4/PP1S1PPP1/1b4SK1/LN1G1G1NL w NLPrp 62",    // mog-core-scala__ki2__game__001.ki2, ply 61
	"3p2nrl/4+L1kg1/p1+S2ps1p/4+B1pp1/1p1PNn2P/4+b4/PP1G1PPP1/4S1SK1/3G1G1NL w 2Prl2p 82", // mog-core-scala__ki2__game__001.ki2, ply 81
	"ln1g3nl/1sk1g4/1pppp1b1p/p3s1p2/1P7/P1RPSr1P1/2B1PPP1P/4GGK2/LN4SNL w 2Pp 42",        // shogi-player__08731.KI2, ply 41
	"l6nl/2kg5/spngp1b2/p1pps1prp/1P7/P1SP1PP2/1RB1PGSPP/5GK2/LN5NL w P2p 62",             // shogi-player__08731.KI2, ply 61
	"l6nl/p1kg5/2sgp1b2/Ppp1s1prp/Sn1P5/1P1p1PP2/1R2PGSPP/1B3GK2/LN5NL w P2p 82",          // shogi-player__08731.KI2, ply 81
	"ln2b2nl/1r2g1gk1/3pss1p1/p1p1p1p1p/1p3p1P1/2PPP1P1P/PPSG1PS2/1KGB3R1/LN5NL w - 42",   // shogi-player__15732.KI2, ply 41
	"ln6l/4rggk1/2bp1s1p1/p1p2sp1p/1p3nP2/2PPpS1RP/PPSG5/1KGBP4/LN5NL w P2p 62",           // shogi-player__15732.KI2, ply 61
	"lnR5l/5ggk1/2b4p1/p1pp1sS1p/1p3np2/2P1p2RP/PP1G5/1KG1+p4/LN5NL w SPbs4p 82",          // shogi-player__15732.KI2, ply 81
	"ln4snl/1r3gk2/2sp1ppp1/2p1pg2p/pp1P5/P1PSP2RP/1PNS1PP2/2GB5/L3KG1NL b P 42",          // shogi-player__15733.KI2, ply 41
	"r5snl/5gk2/1Snp1ppp1/P1p2g2p/3Pp4/1PPSPB2P/+pp1S1PP2/2G4R1/4KG1NL b LPnl 62",         // shogi-player__15733.KI2, ply 61
	"r5snl/5gk2/1S1p1ppp1/PBpl4p/3n5/1PPSg3P/3P1PPR1/2G6/4KG1NL b N3Psl2p 82",             // shogi-player__15733.KI2, ply 81
	"l6nl/1r2g1gk1/p1n1ssbpp/2pppp3/1p5P1/2PPP1RS1/PPSG1P2P/2GB5/LNK4NL w Pp 42",          // shogi-player__16216.KI2, ply 41
	"l3b2nl/1r3ggk1/p1n1ssppp/2pppp3/1p4S2/2PPP1R1P/PPSG1PN2/1KGB5/LN6L w 2P 62",          // shogi-player__16216.KI2, ply 61
	"l3b1k2/5gg1l/2n1ssppn/1r1ppp2L/ppP3S2/2SPP3R/PP1G1PN2/1KGB5/LN7 w P4p 82",            // shogi-player__16216.KI2, ply 81
	"ln3gbnl/1r4k2/2p1sgspp/p3ppp2/1R1p5/PP2PPPP1/2N2S2P/1BS3G2/L2GK2NL w 2Pp 42",         // shogi-player__16217.KI2, ply 41
	"ln3g1nl/5bk2/3+R1gspp/ppr1ppp2/2s6/PPS1PPPP1/1GB2S2P/5KG2/L6NL w 4Pn 62",             // shogi-player__16217.KI2, ply 61
	"ln3+B1nl/2+R+P1g1k1/6spp/pp2ppp2/9/PP1+rPPPP1/5SK1P/6G2/L6NL w GSN2Pbgsp 82",         // shogi-player__16217.KI2, ply 81
	"ln1g3nl/2k1gs1r1/1ppp1pb2/p3ps1pp/6pP1/P1P1PSPRP/1P1P2N2/1BS1G4/LNKG4L w P 42",       // shogi-player__27479.KI2, ply 41
	"ln1g4l/2k1gs3/1ppp1p2b/p4s1Pp/7+R1/P1P1pS2P/1P1P1P2L/1BS1G4/LNKG1r3 w NPn3p 62",      // shogi-player__27479.KI2, ply 61
	"ln1g4l/2k1gs3/1ppp1p2b/p4s1Pp/7+R1/P1PBp1N1P/1P1P4L/1KS1P4/LN1GN+r3 w SPg3p 82",      // shogi-player__27479.KI2, ply 81
	"ln1g2knl/1r3bg2/p1pp1s1p1/5sp1p/1p3p1P1/2PPP1P1P/PPSG1PS2/1KGB3R1/LN5NL w p 42",      // shogi-player__27480.KI2, ply 41
	"ln5nl/4r1gk1/p1pp1gbp1/5sp1p/Pp1P1s1P1/2S1PPP1P/1PBG2S2/1KG1R4/LN5NL w 3p 62",        // shogi-player__27480.KI2, ply 61
	"ln5nl/4r1gk1/p1pp2bp1/3P2g1p/Pp2SssP1/2S1Ppp1P/1PBG5/1KG1RP3/LN5NL w 3p 82",          // shogi-player__27480.KI2, ply 81
	"l4k1nl/1r3bg2/2ns1gsp1/p1ppppp1p/1p4PP1/P1PPP3P/1P1SSP3/1KG1G1R2/LN2B2NL w - 42",     // shogi-player__27483.KI2, ply 41
	"l6nl/1r3bgk1/3s1gsp1/p3ppp1p/1p1nP2P1/P1PP1S2P/1PNS1P3/1KGBG1R2/L6NL w 2Pp 62",       // shogi-player__27483.KI2, ply 61
	"7nl/6gk1/r2s1gsp1/1+B2ppp1p/l3P2P1/1PPP1S2P/+p1KS1P3/2G1G1R2/L6NL w N2Pbn3p 82",      // shogi-player__27483.KI2, ply 81
	"ln5nl/1r4gk1/2sp1gspp/p3ppp2/1pb4PP/P2PPBP2/1P1S1P3/1KG1GS1R1/LN5NL w Pp 42",         // shogi-player__27484.KI2, ply 41
	"ln5nl/1r4gk1/3p1gspp/3bppp2/P6PP/1PPPPBP2/3SSP3/2K1G2R1/LN5NL w S3Pg 62",             // shogi-player__27484.KI2, ply 61
	"1n5nl/6gk1/3p1gspp/4ppp2/L6PP/2PPPPP2/1pN6/2SSG2R1/+rPLK3NL w 2B2Pgsp 82",            // shogi-player__27484.KI2, ply 81
	"1n3g1nl/1r3bk2/3p1gsp1/p1s1ppp1p/1p5P1/P1PPP3P/1P1SSPP2/1KG1G2R1/LN2B2NL b p 42",     // shogi-player__27486.KI2, ply 41
	"1n+B4nl/5gk2/2b2gsp1/prspppp1p/7P1/P1PPP1PRP/1PNSSP3/1KG1G4/L6NL b Pp 62",            // shogi-player__27486.KI2, ply 61
	"1n3k1nl/5g3/2b2pPp1/prs1p+B2p/3p1Np2/P1PPPS2P/1PNS5/1KG1G4/L7L b GS2Pr2p 82",         // shogi-player__27486.KI2, ply 81
	"ln1g5/2k1g1r2/pppp1snp1/4ps2p/P3bp+BP1/2P4SP/1P1PPPN2/1SK1G3R/LN1G4L b Pp 42",        // shogi-player__27488.KI2, ply 41
	"ln1g5/2k1g4/pppp3p1/4pss2/P4pp2/2P5P/1P1PPP+BR1/1SK1G4/LN1G2+r1L b BNPsn2p 62",       // shogi-player__27488.KI2, ply 61
	"ln1g5/2k1g4/pppp3p1/4pss2/P2n1pp2/2PBP3P/1P1PnP+B2/1SK1g4/LN2G2rL b RSP2p 82",        // shogi-player__27488.KI2, ply 81
	"l7l/1r4k2/2ngsgnps/p1ppppp1p/1p5P1/P1PPPPP1P/1PSG1S3/2GB3R1/LNK4NL b - 42",           // shogi-player__27489.KI2, ply 41
	"l6r1/6k1l/2ngsg1p1/p1ppp1p1s/1p5P1/P1PPPBP2/1PSG5/1KG4R1/LN7 b 2N2Psl2p 62",          // shogi-player__27489.KI2, ply 61
	"l7l/5gk2/n1pgssn2/pr1pppppp/1pP6/P1SPPPP1P/NP3S1P1/2RBG1K2/L4G1NL b - 42",            // shogi-player__27490.KI2, ply 41
	"7rl/5gk2/+P1pgssn2/1p2ppp1p/2PP3p1/2SBPPP1P/1P3S1P1/2R1G1K2/L4G1NL b L2P2n 62",       // shogi-player__27490.KI2, ply 61
	"7rl/5gk2/2+R1ssn2/1p4p1p/2PPP4/2SB1KP1n/1P3S1+p1/4G3L/L4G1N1 b GNL5P4p 82",           // shogi-player__27490.KI2, ply 81
	"5gknl/4g1s2/p1n1ppbp1/1rp1s1p1p/3p3P1/1BPPP1P1P/PP1SSP3/2G1G1R2/LNK4NL b P 42",       // shogi-player__27584.KI2, ply 41
	"5gknl/4g1s2/prn1ppbp1/2ps4p/3pP1pP1/2P1S2RP/PP1S1P3/2G1G4/LNK4NL b B3P 62",           // shogi-player__27584.KI2, ply 61
	"4bgknl/4g1s2/p1n1pp1p1/2+B3P1p/1rspPSpP1/2p4RP/PP2SP3/1KG1G4/LN5NL b 3P 82",          // shogi-player__27584.KI2, ply 81
	"kng4n1/ls1g3r1/pp1p1sb2/2p1p1pp1/P4p2p/4P4/1PPPBPP2/LKS1G2R1/1NSG3NL b 2p 42",        // kifu-for-js__20081220kyoochi.kif, ply 41
	"kng5r/ls5P1/pp1pg1b1+B/2p3p2/P3ls1p1/4p4/1PPP1PP2/LKS1G2R1/1NSG3N1 b N2P2p 62",       // kifu-for-js__20081220kyoochi.kif, ply 61
	"kng3r2/l6PP/1p1p1g2+R/1sp1sbpp1/4l4/pP2p4/2PP1PP2/LKS+BG4/1NSG3N1 b NP3p 82",         // kifu-for-js__20081220kyoochi.kif, ply 81
	"ln6l/2gsk1gs1/p1ppppn1p/9/6r2/2P6/PS1PPPS1P/2GK3R1/LN3G1NL w B4Pb2p 42",              // kifu-for-js__kiou201403160101.kif, ply 41
	"ln4g1l/2gsk2s1/p1ppppP1p/7R1/9/1pP5B/P1KP+bP2P/S1G1g4/LN5NL w RN4Psp 62",             // kifu-for-js__kiou201403160101.kif, ply 61
	"lr4knl/3g2g2/p1nsppsp1/3b2p1p/Pppp1P1P1/2P1P1P1P/1PSPBSN2/2GK1G3/LN5RL w - 42",       // kifu-for-js__meijinsen_20180508_M7_10034.kif, ply 41
	"ln5nl/1r4gk1/3psg1pp/p1pbppps1/1p6P/P1PPP1P2/1PSG1PSPL/1KGB4R/LN5N1 w - 42",          // kifu-for-js__oui201407080101.kif, ply 41
	"1n5nl/r5gk1/2bp1gspp/2p2sp2/lp2Pp2P/2PP2PP1/PPSG2S1L/1KGB1R3/LN5N1 w 2Pp 62",         // kifu-for-js__oui201407080101.kif, ply 61
	"1n5nl/r5gk1/3p1gs1p/2p3p2/lp2bR1pP/2PP2P2/PPSG4L/1KGBp4/LN5N1 w SPs4p 82",            // kifu-for-js__oui201407080101.kif, ply 81
	"lnr2g1nl/4g1kb1/psP1pp1p1/1B3sp1p/3pP4/1R3S3/PP1P1PPPP/2G3SK1/LN3G1NL w Pp 42",       // kifu-for-js__ouza201410070101.kif, ply 41
	"l1+R2g1nl/3+Pg1k2/p3pp1p1/6p1p/3p5/5+b3/PP1P2PPP/2G1S1SK1/+bN3G1NL w SN2Prsl2p 62",   // kifu-for-js__ouza201410070101.kif, ply 61
	"l6nl/2gk1r3/1pnsp1gp1/p1pp4p/5psP1/P1PP3S1/1PSGPP2P/1KG4R1/LN5NL w BPbp 42",          // kifu-for-js__ryuou201409020101.kif, ply 41
	"l6nl/2gk1r3/1pn1p4/p1p1s1gpp/3p1s3/P1PPP4/1PSGBP2P/1K1G3R1/LN3bSNL w 3Pp 62",         // kifu-for-js__ryuou201409020101.kif, ply 61
	"l6nl/5r3/2k1p1b2/p1p2Pgpp/1S7/P1PGss3/1P6P/1K1G1S1R1/LN3b1NL w GN6P2p 82",            // kifu-for-js__ryuou201409020101.kif, ply 81
	"ln4knl/3rg1gs1/4pp1p1/ppp3S1p/3ps2N1/P1P2PPPP/1PSPPG3/1KG4R1/LN6L w BPb 42",          // kifu-for-js__ryuou4.kif, ply 41
	"l3S1kn1/3r2g2/1B1g3ps/pppbppS2/1n1p2P1p/P1P1PP1P1/1PSP1G3/1KG3R2/LN6L w nl2p 62",     // kifu-for-js__ryuou4.kif, ply 61
	"l5gn1/1rSk1b2+L/1Bg4+P1/ppp1+Sp3/1n1p2P2/P1P1PP3/1PSP1G2p/1KG4R1/LN7 w 3Psnlp 82",    // kifu-for-js__ryuou4.kif, ply 81
	"l6nl/1r1s2gk1/2npbgspp/1pp1ppp2/p2P4P/2P1PSPP1/PPSG1P3/1KGB3R1/LN5NL w - 42",         // kifu-for-js__shogidb2.kifu, ply 41
	"l6nl/1r4gk1/3Sbs1ps/2ppgpp1P/pp1n5/2PS2PP1/PP1G1P3/1KGB3R1/LN6L w Pn3p 62",           // kifu-for-js__shogidb2.kifu, ply 61
	"l5Gn1/6gkp/1r5p1/2p1Ppp1l/pp1p3N1/2P2BPP1/PP1G1P3/1KG4R1/LN1s5 w BS2snl3p 82",        // kifu-for-js__shogidb2.kifu, ply 81
	"ln6l/4g1k2/1ppp2np1/4psp1p/2SP1p3/p1P5P/1P2PPPP1/3RG1SK1/LN3G1NL b Gbsp 42",          // mog-core-scala__kif__game__003.kif, ply 41
	"ln6l/9/1pp1gknp1/3Sp4/5pp2/p1P5p/1P2PPPP1/3RG1SK1/L4G1NL b S2Pbgsn2p 62",             // mog-core-scala__kif__game__003.kif, ply 61
	"ln7/3S+R4/1pp3sp1/4p1k2/5pp2/p1P6/1Pb1PPPP+n/4G1S2/L4GK2 b GNL3Pgsnl2p 82",           // mog-core-scala__kif__game__003.kif, ply 81
	"ln5nl/1r4gk1/p1sp1gspp/4ppp2/1pb5P/3PPSPP1/PPSG1PN2/2GB3R1/LNK5L w Pp 42",            // mog-core-scala__kif__game__004.kif, ply 41
	"ln5nl/1r3bgk1/p2p1g1pp/4p1ps1/2SP1p1NP/4P1PP1/PP1G1PS2/2GB2R2/LNK5L w S2Pp 62",       // mog-core-scala__kif__game__004.kif, ply 61
	"ln6l/1r5k1/2bp1ggpp/p3P1p2/n2P1p2P/S1PS2PP1/PPBG1PS2/2G3R2/LNK5L w Psn2p 82",         // mog-core-scala__kif__game__004.kif, ply 81
	"lr5nl/3kg1g2/2ns1sbp1/p1ppppp2/1p5Pp/P1PPSPP2/1PSGP3P/LKG4R1/1N2B2NL w - 42",         // mog-core-scala__kif__game__008.kif, ply 41
	"l6rl/4gk1g1/2nsbsnp1/p1ppppp2/1p5Pp/P1PPSPP2/1PB1P1N1P/LSG6/KNG2R2L w - 62",          // mog-core-scala__kif__game__008.kif, ply 61
	"lr6l/3bg1kg1/2ns1s3/3pppp2/P1P4pp/1B1P1PP1P/1P1SP4/LSG5L/KNG5R w N3Pnp 82",           // mog-core-scala__kif__game__008.kif, ply 81
	"lr4snl/3g1kgb1/p1nppp1pp/2ps3P1/6PR1/P1P5P/1P1PPP3/1BGK2S2/LNS2G1NL w Pp 42",         // mog-core-scala__kif__game__009.kif, ply 41
	"lr5nl/3g1kg2/2nppp1p1/p1p4sp/4sSb2/P1PP4P/1PS1PP3/2GK3R1/LN3G1NL w B2P2p 62",         // mog-core-scala__kif__game__009.kif, ply 61
	"lr6l/3g1kg2/3ppp1p1/p1p3Psp/1n4bn1/PSPsS1p1P/1P2PP1R1/1G1KG4/LN5NL w B2Pp 82",        // mog-core-scala__kif__game__009.kif, ply 81
	"lr5nl/3g1kg2/2ns1psp1/p1ppp1p1p/1p3P1P1/P1PPSBP1P/1PS1P1N2/2G1G2R1/LNK5L w b 42",     // mog-core-scala__kif__game__011.kif, ply 41
	"lr5nl/2kg2g2/2nss4/p1ppp1p1p/1p3P3/P1PPPBP1P/1PSG1SN2/2G2b1R1/LNK5L w 2Pp 62",        // mog-core-scala__kif__game__011.kif, ply 61
	"lr6l/2kg2g2/2nss4/P1ppp1p1p/1p5N1/2PPPgP1P/1PS6/2G4R1/LNK5L w BN4Pbsp 82",            // mog-core-scala__kif__game__011.kif, ply 81
	"ln2b2nl/3rg1k2/p1p2sgpp/3pppp2/1p5P1/P1PP1SP2/1PBGPP2P/2G4R1/LNK4NL w Ss 42",         // mog-core-scala__kif__game__012.kif, ply 41
	"l6nl/1r2gbk2/2n2sg2/p1p1ppppp/1p1P3P1/P1P2SP1P/1P1G1PN2/2GB3R1/LNK5L w SPsp 62",      // mog-core-scala__kif__game__012.kif, ply 61
	"l6nl/1r3bkP1/2n1g1p2/p1p1pps1p/3P3N1/PBPp1S2P/1P1s1P1p1/2GG2R2/LNK5L w G2Psp 82",     // mog-core-scala__kif__game__012.kif, ply 81
	"l4g1nl/4r2k1/p1np1gsp1/1pps1pp1p/4p1P1P/1PPG1G1+B1/P1NPPPNP1/2RS1KS2/L7L w b 42",     // mog-core-scala__kif__game__014.kif, ply 41
	"l4g1n1/4r2k1/p1np1g1p1/1pps1p3/4p1pS1/1PPG5/P1NPPPNP1/2RS1KS2/L8 w GL2P2blp 62",      // mog-core-scala__kif__game__014.kif, ply 61
	"l6n1/4r1gk1/p1np1g1pp/1pps1p1L1/4p1p1P/1PPG5/P1NPPPNGL/3S1KS2/LR1+b5 w S2Pb 82",      // mog-core-scala__kif__game__014.kif, ply 81
	"l5s1l/1sg3gk1/pp2ppnpp/2pn2p2/3S4P/1PP2P3/P5PP1/4G1SK1/L+r3G1NL w BNPrb2p 42",        // mog-core-scala__kif__game__015.kif, ply 41
	"kng4nl/ls1g1r3/1p2p1bp1/p1ppspp1p/7P1/P1PPP2RP/1PB1SPP2/LSG6/KNG4NL w - 42",          // python-shogi__habu-fujii-2006.kif, ply 41
	"kngr4l/l1g6/1ps2snp1/p1pPp1p1p/3+BPp1P1/PPP3R1P/5PP2/LSGS5/KNG3bNL w p 62",           // python-shogi__habu-fujii-2006.kif, ply 61
	"kng5l/l3p4/+bpsr+P1n2/p1b3ppp/5ps2/PPP1R3P/3P1PP1N/LSGS5/KNG5L w GP2p 82",            // python-shogi__habu-fujii-2006.kif, ply 81
	"lr5nl/2k1g1g2/p2s1sbpp/2p1ppp2/Pp1n3P1/2P2PP1P/1P1SPSN2/1BGKG4/LN5RL w Pp 42",        // shogihome__scenario__1__record.kifu, ply 41
	"lr5nl/3kg1g2/p2s1sbp1/2ppppp1p/P6P1/2PP1PS1P/1P1SG1N2/2GB5/LNK4RL w NP2p 62",         // shogihome__scenario__1__record.kifu, ply 61
	"lr5nl/4gb3/p2sk2p1/2ppspg1p/P3pPpP1/2PP3RP/1PNS1SN2/2GBG4/L1K5L w N2Pp 82",           // shogihome__scenario__1__record.kifu, ply 81
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
