// Command tune fits the bundled engine's evaluation weights (internal/bundledengine/
// weights.txt) to positions of self-play games, by Texel's method: the evaluation of a
// position, through a logistic curve, predicts a target, and the weights are moved to make
// the mean squared error of those predictions smallest. The target is the game's result,
// the score a deeper search gave the position, or a blend (-lambda).
//
// Three steps. First the games:
//
//	go run ./tools/tune gen -games 200 -depth 6 -seed 16 -o /tmp/selfplay.txt
//
// plays games of the engine against itself in-process (each side searching to -depth; the
// first -random plies are chosen at random, at bundledengine.OpeningSkill, so that the games
// differ), and writes one line per position kept: its SFEN, "|", the result for Black (1,
// 0.5 or 0), "|", the search's score for Black in centipawns. Kept are the positions after
// the opening plies that are quiet (bundledengine.Quiet: not in check, no capture or
// promotion that wins by SEE), where the move the search chose is no capture and its score no mate: positions
// whose static evaluation means something. Game i depends on -seed and i alone, so -first
// lets several processes make consecutive runs of games that, concatenated, are one run.
// A game that reaches -maxply plies is a draw unless the last search saw 1500 cp or a mate
// for one side. Then the fit:
//
//	go run ./tools/tune fit -data /tmp/selfplay.txt -o internal/bundledengine/weights.txt
//
// starts from the weights in -start (the embedded ones by default), fits the logistic
// curve's scale K to the results, then runs -iters passes of Adam over the weights and
// writes them, rounded, with a header that says how they were made. -holdout keeps the
// last positions (whole games) out of the fit and reports the error on them; -only and
// -fix choose the weights that move; -bound keeps each within a fraction of its start and
// -l2 pulls it back; the piece values always keep the order the search relies on (SEE and
// move ordering take them: pawn < lance < knight < silver < gold < bishop < rook, a piece in
// hand above the same on the board, horse above bishop, dragon above rook and horse).
// Last, the judge: openings writes near-even start positions for a match of the old
// engine against the new (banmen-cli match --openings ... --sprt 0,10).
//
// Data can also come from game records (KIF files, or folders of *.kifu and *.kif),
// scored by a stronger USI engine's search instead of the bundled engine's:
//
//	go run ./tools/tune label -engine /usr/games/fairy-stockfish -option Hash=16 -option Threads=1 \
//		-nodes 20000 -jobs 2 -skip 12 -o data.txt matches/*.kifu
//
// keeps the positions of each record's main line from ply -skip (moves from the record's
// start) on that are quiet, in which the move played is no capture, has one of -jobs
// engine processes search each (record i goes to engine i mod J; usinewgame before each
// position) with go nodes N (or depth D), and writes gen's lines, the score being the last
// one the engine gave before bestmove, for Black; positions scored as a mate are left out.
// The result comes from how the record ends (投了, 詰み, 千日手, 持将棋, …); records
// without one are skipped. The lines keep the records' order, so that -holdout keeps whole
// games out, and the same command writes the same file.
//
// The third fit's weights (Banmen 0.2 before the fourth, below) came from the second fit's weights
// (git show 47d4596:internal/bundledengine/weights.txt > w2.txt), refitted on its data and
// 15650 positions more, of 568 games: the 369 of the SPRT match that judged the second fit
// (0.1 s a move, against the first fit's engine) and 199 of the second fit's engine against
// Fairy-Stockfish 11.1 at Skill Level 20 and 1 s a move (README), labelled the same way:
//
//	go run ./tools/tune label -engine /usr/games/fairy-stockfish -option Hash=16 -option Threads=1 \
//		-nodes 20000 -jobs 2 -o matches-0.1s-1s-fs20k.txt tab1-vs-main-01 fs-1s-02 fs-1s-tab1 \
//		fs-1s-tab1-b fs-1s-tab1-c fs-1s-tab1-d
//
// (10 minutes; 32 positions scored as a mate left out; kept as data/matches-0.1s-1s-fs20k.txt.gz,
// sha256 of the text 4fe2f52dd707d4abdd49e75f2870c8b326eddf6993b40c1dcd3e78b9c98190de). Then
//
//	go run ./tools/tune fit -data tools/tune/data/selfplay-0.1s-fs20k.txt.gz,tools/tune/data/matches-0.1s-1s-fs20k.txt.gz \
//		-start w2.txt -iters 1000 -holdout 0 -bound 0 -l2table 0.00001 -lambda 0 -scorek 0 \
//		-fix piece.pawn,piece.pro -o internal/bundledengine/weights.txt
//
// writes them again exactly (half a minute). Held out (-holdout 0.2: the last 9976 positions,
// nearly all from the games against Fairy-Stockfish, which the second fit never saw), the
// second fit's weights err 0.012046 against the labels and the refitted ones 0.010979
// (0.010998 / 0.011093 at -l2table 3e-6 / 3e-5; 0.010970 with 2000 passes). The games
// against Fairy-Stockfish are where the evaluation errs most (0.012 against 0.006 on the
// self-play positions). Against the second fit at 0.1 s a move (the command below,
// -o fit3-vs-tab1, stopped once and resumed): 806-683-7 in 1496 games, Elo +28.6 ± 17.6,
// SPRT [0, 10] H1 accepted (LLR 2.95 of 2.94).
//
// For the next fit, the 1496 games of that match are labelled the same way (25 minutes; 15
// positions scored as a mate left out; 45091 positions, kept as data/fit3-vs-tab1-fs20k.txt.gz,
// sha256 of the text 6db1c0be0804b4c0b4ae66d8d4a9552007782bc9ef4ab1b380fbb94bf282301c):
//
//	go run ./tools/tune label -engine /usr/games/fairy-stockfish -option Hash=16 -option Threads=1 \
//		-nodes 20000 -jobs 2 -o fit3-vs-tab1-fs20k.txt fit3-vs-tab1
//
// The fourth fit, embedded now, is refitted from the third fit's weights
// (git show c29fb25:internal/bundledengine/weights.txt > w3.txt) on all three files:
//
//	go run ./tools/tune fit -data tools/tune/data/selfplay-0.1s-fs20k.txt.gz,tools/tune/data/matches-0.1s-1s-fs20k.txt.gz,tools/tune/data/fit3-vs-tab1-fs20k.txt.gz \
//		-start w3.txt -iters 1000 -holdout 0 -bound 0 -l2table 0.00001 -lambda 0 -scorek 0 \
//		-fix piece.pawn,piece.pro -o internal/bundledengine/weights.txt
//
// With -holdout 0.2 the last 20 % err 0.006685 against the third fit's 0.007442. Against the
// third fit at 0.1 s a move (bin-fit4/banmen-cli match --engine bin-fit4/banmen-engine
// --engine bin-fit3/banmen-engine --openings tools/ladder/openings.sfen --tc 0/0.1s
// --concurrency 2 --games 2000 --sprt 0,10 -o fit4-vs-fit3): 429-318-5 in 752 games,
// Elo +51.7 ± 25.1, SPRT [0, 10] H1 accepted (LLR 2.97): the third fit's own match games,
// 90 % more positions, gave about twice the third fit's gain from its 16 k.
//
// That match's 752 games are labelled the same way too (38 minutes with -jobs 1 beside a
// match; 7 positions scored as a mate left out; 22158 positions, kept as
// data/fit4-vs-fit3-fs20k.txt.gz, sha256 of the text
// 772700bf464be34b123e738e8f5fd08425705faf6768108b09be7f8b7d088229):
//
//	go run ./tools/tune label -engine /usr/games/fairy-stockfish -option Hash=16 -option Threads=1 \
//		-nodes 20000 -jobs 1 -o fit4-vs-fit3-fs20k.txt fit4-vs-fit3
//
// A fifth fit on all four files from the fourth fit's weights (the command above with the
// fourth file added, -start the embedded weights) did not pay: with -holdout 0.1 (the second
// half of the new file held out) it errs 0.006759 there against the fourth fit's 0.006797
// (0.6 % less, where the fourth fit had gained 10 %), and against the fourth fit at 0.1 s a
// move it stood at 87-102-2 after 191 games (Elo -25 ± 49, SPRT [0, 10] not decided;
// stopped). The evaluation's terms seem to have learnt what these labels can teach them:
// more strength from here wants new terms, not more positions of the same games.
//
// A first new term did not pay either (session 19, branches h-kd and h-kd2, not merged): a
// learnt table of the king's danger, over the opponent's pieces but pawns within two squares
// of the king, the opponent's hand, the king's defenders next to it and who is to move (160
// cells), fitted alone from the fourth fit's weights (-only danger. -iters 400 -tablebound
// 300 -tablestep 1, the rest as above). The held-out tenth erred 0.006701 against 0.006797
// (1.4 % less), but against the fourth fit at 0.1 s it stood at 292-311-3 after 606 games
// (Elo -11 ± 28, SPRT [0, 10] LLR -0.80; stopped). Most of the gain came from the side to
// move: without that split (80 cells) the held-out error fell only to 0.006769. Fairy-
// Stockfish's scores swing with the side to move, a term split by it learns that swing, and
// the search's values then swing from ply to ply.
//
// The second fit's weights came from 34232 positions of 1166
// games the engine played against versions of itself at 0.1 s a move (the SPRT matches of
// session 14: counter moves, improving, reduced-depth pruning and check extensions, each
// against the engine of the first fit; openings tools/ladder/openings.sfen), labelled by
// Fairy-Stockfish 11.1 (Debian's /usr/games/fairy-stockfish) at 20000 nodes a position:
//
//	go run ./tools/tune label -engine /usr/games/fairy-stockfish -option Hash=16 -option Threads=1 \
//		-nodes 20000 -jobs 2 -o selfplay-0.1s-fs20k.txt cm-vs-main-01 imp-vs-main-01 prd-vs-main-01 chk-vs-main-01
//
// (20 minutes on two cores; 15 positions scored as a mate left out). Games at a time
// limit are not repeatable, so the labelled data is kept in the tree, compressed:
// data/selfplay-0.1s-fs20k.txt.gz (sha256 of the text cddc076a85c8cb2312e5eea080c63366fbd9735211d4f94f5068856597ad594c).
// Fairy-Stockfish's scores predict the games' results with nearly our evaluation's scale
// (K 0.224 against the evaluation's 0.226, -scorek 0 fits it). From the weights of the
// first fit (git show 748156d:internal/bundledengine/weights.txt > w0.txt),
//
//	go run ./tools/tune fit -data tools/tune/data/selfplay-0.1s-fs20k.txt.gz -start w0.txt \
//		-iters 1000 -holdout 0 -bound 0 -l2table 0.00001 -lambda 0 -fix piece.pawn,piece.pro \
//		-o internal/bundledengine/weights.txt
//
// writes them again exactly (about a minute). The table entries (piece-square tables and
// placement relative to both kings, files folded: 4608, of which 2346 moved, by 8.4 cp on
// average) are what the first fit could not move; the scalar weights are no longer bound
// (-bound 0.5 held the piece-square scale, the attack scale and the tempo at their bounds).
// -l2table was chosen on the last 20 % of the games held out (-holdout 0.2): mean squared
// error against the labels 0.008274 with the first fit's weights; the scalar weights alone
// refitted 0.006927 (-bound 0.5) and 0.006779 (-bound 0); with the tables, at -bound 0.5,
// 0.006462 / 0.006255 / 0.006287 / 0.006384 / 0.006701 at -l2table 1e-6 / 1e-5 / 3e-5 /
// 1e-4 / 1e-3, and 0.006134 at -bound 0 and 1e-5, the second fit. Judged by games (0.1 s a move, openings tools/ladder/openings.sfen,
// colours swapped, two at once on the two-core machine):
//
//	banmen-cli match --engine NEW --engine OLD --openings tools/ladder/openings.sfen \
//		--tc 0/0.1s --concurrency 2 --games 2000 --sprt 0,10
//
// the new weights scored 233-133-3 in 369 games against the first fit's (63.6 %, Elo +96.6 ±
// 36.8; SPRT H1 accepted, LLR 2.97 of 2.94).
//
// The first fit, kept for its gen step: the games of gen are the same for the same flags
// (one thread, a fresh table per game, seeded openings), so a data set is given by its
// command. The weights embedded for issue 16 first came from 800 games at depth 6, made in eight runs of 100 games by four processes (about
// 40 minutes on a two-core machine shared under load 15-30):
//
//	go run ./tools/tune gen -games 400 -first 0 -depth 6 -seed 16 -o a.txt
//	go run ./tools/tune gen -games 400 -first 10000 -depth 6 -seed 16 -o b.txt
//	cat a.txt b.txt > selfplay-d6-s16.txt
//
// a.txt: 12949 positions, sha256 00a12c1e9f986d23add320022196143b18b2ed8e0cc2a6955b1afaa31c7c98bb;
// b.txt: 13103, 16c0f374e9ec2a275aa9e188188bda47fb80f915da47bf141586e5b93c429b8b; together
// 26052 positions (13371 from games Black won, 12453 White, 228 drawn), sha256
// a46c1e3d574c015de08cde58cf8f584e53e19cf518d7d43e7314d9104dd97a31. Then
//
//	go run ./tools/tune fit -data selfplay-d6-s16.txt -iters 1000 -holdout 0.2 \
//		-fix piece.pawn,piece.pro -bound 0.5 -lambda 0 -o internal/bundledengine/weights.txt
//
// (the pawn stays the unit, the rare promoted lance, knight and silver stay as they were)
// lowers the error against the depth-6 scores on the 5210 held-out positions from 0.002895
// to 0.002808, and against the games' results from 0.195322 to 0.195210 (K fitted to each).
// Fitted to the results instead (-lambda 1 or 0.5), the held-out error rose (0.0544 to
// 0.0556 at -lambda 0.5 on the first 12757 positions): 800 games are too few results for
// 29 weights, while every position's deeper score is a target of its own. Those weights
// value the pieces higher against the pawn, pieces in hand more, the piece-square tables
// (142 %) and the attack near the enemy king (141 %) more, the defence near one's own
// (80 %) less. Judged by games on the same machine (load 4-17, 0.1 s a move, 100 openings
// from "tune openings -n 100 -plies 10 -seed 100", colours swapped):
//
//	banmen-cli match --engine NEW --engine OLD --openings openings.sfen --games 600 \
//		--tc 0/0.1s --sprt 0,10 --concurrency 1
//
// the new weights scored 344-237-7 in 588 games (59.1 %, Elo +64 ± 28): SPRT H1 accepted
// (LLR 2.97 of 2.94; the last 59 games played 2 at once on a quiet machine), so they are the
// embedded ones, until the second fit above.
package main

import (
	"bufio"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"banmen/board"
	"banmen/internal/bundledengine"
)

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tune:", err)
		os.Exit(1)
	}
}

// stepUsage is each step's usage line.
var stepUsage = map[string]string{
	"gen":      "tune gen [-games N -first I -depth D -random R -maxply M -seed S] -o FILE",
	"fit":      "tune fit -data FILE[,FILE...] [-start WEIGHTS] [-iters N -only P -fix P -l2 X -bound F -l2table X -tablebound CP -tablestep CP -scorek K -lambda L -holdout F] -o WEIGHTS",
	"openings": "tune openings [-n N -plies P -seed S -margin CP] -o FILE",
	"label":    "tune label -engine PATH [-option NAME=VALUE]... -nodes N|-depth D [-jobs J -skip P -timeout T] -o FILE RECORD|FOLDER...",
}

var errUsage = errors.New("usage: " + stepUsage["gen"] + " | " + stepUsage["fit"] + " | " + stepUsage["openings"] + " | " + stepUsage["label"])

// badUsage is the error of a step run with arguments it cannot use: what is wrong, then
// the step's usage.
func badUsage(step, why string) error {
	return fmt.Errorf("%s: %s; usage: %s", step, why, stepUsage[step])
}

func run(args []string, out io.Writer) error {
	if len(args) == 0 {
		return errUsage
	}
	switch args[0] {
	case "gen":
		return runGen(args[1:], out)
	case "fit":
		return runFit(args[1:], out)
	case "openings":
		return runOpenings(args[1:], out)
	case "label":
		return runLabel(args[1:], out)
	}
	return fmt.Errorf("unknown step %q; %w", args[0], errUsage)
}

// genConfig says how the self-play games are played.
type genConfig struct {
	games, first, depth, random, maxPly int
	seed                                uint64
}

func runGen(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("gen", flag.ContinueOnError)
	var c genConfig
	fs.IntVar(&c.games, "games", 200, "games to play")
	fs.IntVar(&c.first, "first", 0, "number of the first game (game i's opening comes from -seed and i, so that runs of -first 0 -games N and -first N -games M, concatenated, are the games of one run of N+M)")
	fs.IntVar(&c.depth, "depth", 3, "search depth of both sides")
	fs.IntVar(&c.random, "random", 12, "plies at the start chosen at random (bundledengine.OpeningSkill; not kept)")
	fs.IntVar(&c.maxPly, "maxply", 300, "plies after which a game is adjudicated")
	seed := fs.Uint64("seed", 1, "random seed of the openings")
	path := fs.String("o", "", "file to write the positions to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case *path == "":
		return badUsage("gen", "needs -o FILE")
	case fs.NArg() > 0:
		return badUsage("gen", fmt.Sprintf("takes no arguments besides its flags, not %q", fs.Args()))
	case c.games < 1 || c.depth < 1:
		return badUsage("gen", "-games and -depth must be at least 1")
	case c.first < 0:
		return badUsage("gen", "-first must be at least 0")
	}
	c.seed = *seed
	f, err := os.Create(*path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	total := 0
	for i := c.first; i < c.first+c.games; i++ {
		lines, res, plies := playGame(c, i)
		for _, l := range lines {
			fmt.Fprintf(w, "%s | %s | %d\n", l.sfen, res, l.score)
		}
		total += len(lines)
		fmt.Fprintf(out, "game %d (%d/%d): %s for Black after %d plies, %d positions kept (%d in all)\n", i, i-c.first+1, c.games, res, plies, len(lines), total)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// runOpenings writes -n start positions for matches (banmen-cli match --openings): -plies
// plies from the start chosen at bundledengine.OpeningSkill, kept when a search to depth 4
// finds them within -margin of even, each different.
func runOpenings(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("openings", flag.ContinueOnError)
	n := fs.Int("n", 100, "positions to write")
	plies := fs.Int("plies", 10, "plies played from the start")
	seed := fs.Uint64("seed", 100, "random seed")
	margin := fs.Int("margin", 150, "largest score (centipawns) of a position kept")
	path := fs.String("o", "", "file to write the positions to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case *path == "":
		return badUsage("openings", "needs -o FILE")
	case fs.NArg() > 0:
		return badUsage("openings", fmt.Sprintf("takes no arguments besides its flags, not %q", fs.Args()))
	case *n < 1 || *plies < 1:
		return badUsage("openings", "-n and -plies must be at least 1")
	}
	seen := map[string]bool{}
	var b strings.Builder
	for i := 0; len(seen) < *n; i++ {
		if i > 100**n {
			return fmt.Errorf("openings: only %d different positions within %d cp after %d tries", len(seen), *margin, i)
		}
		s := bundledengine.NewSearcher(16)
		s.SeedRandom(*seed, uint64(i))
		g := board.NewGame(board.NewStartPosition())
		played := 0
		for ; played < *plies; played++ {
			s.Prepare()
			r := s.Search(g, bundledengine.Limits{Weaken: true, Skill: bundledengine.OpeningSkill}, nil)
			if r.Move == board.NoMove || g.Play(r.Move) != nil {
				break
			}
		}
		if played < *plies {
			continue
		}
		s.Prepare()
		r := s.Search(g, bundledengine.Limits{Depth: 4}, nil)
		sfen := g.Position().SFEN()
		if r.Score.IsMate || r.Score.CP > *margin || r.Score.CP < -*margin || seen[sfen] {
			continue
		}
		seen[sfen] = true
		fmt.Fprintf(&b, "%s\n", sfen)
	}
	fmt.Fprintf(out, "%d positions after %d plies within %d cp\n", *n, *plies, *margin)
	return os.WriteFile(*path, []byte(b.String()), 0o644)
}

// keptPosition is a position of a self-play game kept for the fit, with the score the
// search gave it, for Black.
type keptPosition struct {
	sfen  string
	score int
}

// playGame plays game i and returns the positions kept, the result for Black ("1", "0.5",
// "0") and the number of plies.
func playGame(c genConfig, i int) (kept []keptPosition, result string, plies int) {
	s := bundledengine.NewSearcher(16)
	s.SeedRandom(c.seed, uint64(i))
	g := board.NewGame(board.NewStartPosition())
	lastScore := 0 // of the last search, for Black
	for plies = 0; plies < c.maxPly; plies++ {
		p := g.Position()
		lim := bundledengine.Limits{Depth: c.depth}
		if plies < c.random {
			lim = bundledengine.Limits{Weaken: true, Skill: bundledengine.OpeningSkill}
		}
		s.Prepare()
		r := s.Search(g, lim, nil)
		if r.Move == board.NoMove {
			// mated (or nothing left to play for): the side to move loses
			return kept, winner(p.SideToMove().Opp()), plies
		}
		v := r.Score.CP
		if r.Score.IsMate {
			v = 30000
			if r.Score.Mate < 0 {
				v = -30000
			}
		}
		if p.SideToMove() == board.White {
			v = -v
		}
		lastScore = v
		if plies >= c.random && r.Move.Captured() == board.NoPieceType && !r.Score.IsMate && bundledengine.Quiet(p) {
			kept = append(kept, keptPosition{p.SFEN(), v})
		}
		if err := g.Play(r.Move); err != nil {
			panic(fmt.Sprintf("self-play game %d: the engine chose %s in %s: %v", i, r.Move, p.SFEN(), err))
		}
		switch g.Repetition() {
		case board.RepetitionDraw:
			return kept, "0.5", plies + 1
		case board.RepetitionBlackLoses:
			return kept, "0", plies + 1
		case board.RepetitionWhiteLoses:
			return kept, "1", plies + 1
		}
	}
	switch {
	case lastScore >= 1500:
		return kept, "1", plies
	case lastScore <= -1500:
		return kept, "0", plies
	}
	return kept, "0.5", plies
}

func winner(c board.Color) string {
	if c == board.Black {
		return "1"
	}
	return "0"
}

// sample is one position of the data: its features, the game's result for Black and the
// search's score for Black (centipawns; hasScore is false in data without one).
type sample struct {
	idx      []int32   // the features that are not 0: their weights
	val      []float32 // and their values
	result   float64
	score    float64
	hasScore bool
	target   float64 // what the fit aims at (targets)
}

// readData reads the positions gen or label wrote ("SFEN | result" or "SFEN | result |
// score"), from a file compressed by gzip when its name ends in .gz; errors name the file
// and line.
func readData(path string) ([]sample, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
		defer z.Close()
		r = z
	}
	var data []sample
	sc := bufio.NewScanner(r)
	for ln := 1; sc.Scan(); ln++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		fields := strings.Split(line, "|")
		if len(fields) < 2 || len(fields) > 3 {
			return nil, fmt.Errorf("%s:%d: expected \"SFEN | result\" or \"SFEN | result | score\", got %q", path, ln, line)
		}
		res := strings.TrimSpace(fields[1])
		r, err := strconv.ParseFloat(res, 64)
		if err != nil || (r != 0 && r != 0.5 && r != 1) {
			return nil, fmt.Errorf("%s:%d: result %q is not 1, 0.5 or 0", path, ln, res)
		}
		s := sample{result: r}
		if len(fields) == 3 {
			sc := strings.TrimSpace(fields[2])
			v, err := strconv.Atoi(sc)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: score %q is not a whole number of centipawns", path, ln, sc)
			}
			s.score, s.hasScore = float64(v), true
		}
		p, err := board.ParseSFEN(strings.TrimSpace(fields[0]))
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, ln, err)
		}
		for i, v := range bundledengine.Features(p) {
			if v != 0 {
				s.idx, s.val = append(s.idx, int32(i)), append(s.val, float32(v))
			}
		}
		data = append(data, s)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if len(data) == 0 {
		return nil, fmt.Errorf("%s: no positions", path)
	}
	return data, nil
}

// fitConfig says what the fit may change and how.
type fitConfig struct {
	iters  int
	free   []bool    // the weights the fit changes
	lo, hi []float64 // bounds of each weight
	step   []float64 // Adam's step for each weight
	l2w    []float64 // the pull of each weight towards its start: this × (change)²
	order  [][2]int  // pairs (a, b) of weights kept so that a < b
}

func runFit(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("fit", flag.ContinueOnError)
	dataPath := fs.String("data", "", "positions written by gen or label: a file, or several separated by commas, read in that order (-holdout keeps out the last positions of the whole, so of the last file first)")
	start := fs.String("start", "internal/bundledengine/weights.txt", "weights to start from")
	iters := fs.Int("iters", 2000, "passes of Adam over the data")
	only := fs.String("only", "", "tune only the weights whose names start with one of these (comma-separated: hand.,piece.); the others stay")
	fix := fs.String("fix", "", "keep the weights whose names start with one of these (comma-separated) as they are")
	l2 := fs.Float64("l2", 0, "pull towards the start weights: this times the sum of squared relative changes is added to the error")
	bound := fs.Float64("bound", 0, "keep each scalar weight within this fraction of its start value (0.2: ±20 %; 0: no bound)")
	l2table := fs.Float64("l2table", 0.001, "pull of the table entries (pst., own., enemy.) towards their start: this times the sum of their squared changes in pawns is added to the error")
	tableBound := fs.Float64("tablebound", 150, "keep each table entry within this many centipawns of its start")
	tableStep := fs.Float64("tablestep", 0.5, "Adam's step for the table entries, in centipawns")
	scoreK := fs.Float64("scorek", 0, "scale of the logistic curve for the data's search scores (0: fitted to the results, for scores in another engine's units; negative: the evaluation's K)")
	lambda := fs.Float64("lambda", 1, "the target is lambda × the game's result + (1 − lambda) × the search's score through the curve")
	holdout := fs.Float64("holdout", 0.1, "the last fraction of the positions (whole games: gen writes them in order) is kept out of the fit and reports the error on unseen positions")
	path := fs.String("o", "", "file to write the weights to")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case *dataPath == "":
		return badUsage("fit", "needs -data FILE")
	case *path == "":
		return badUsage("fit", "needs -o WEIGHTS")
	case fs.NArg() > 0:
		return badUsage("fit", fmt.Sprintf("takes no arguments besides its flags, not %q", fs.Args()))
	case *lambda < 0 || *lambda > 1:
		return badUsage("fit", fmt.Sprintf("-lambda %v: want 0 to 1", *lambda))
	case *holdout < 0 || *holdout >= 1:
		return badUsage("fit", fmt.Sprintf("-holdout %v: want at least 0 and less than 1", *holdout))
	case *bound < 0:
		return badUsage("fit", fmt.Sprintf("-bound %v: want 0 (none) or more", *bound))
	}
	text, err := os.ReadFile(*start)
	if err != nil {
		return err
	}
	w0, err := bundledengine.ParseWeights(*start, string(text))
	if err != nil {
		return err
	}
	var data []sample
	for _, dp := range strings.Split(*dataPath, ",") {
		if dp == "" {
			return fmt.Errorf("-data %q: an empty file name (files are separated by single commas)", *dataPath)
		}
		d, err := readData(dp)
		if err != nil {
			return err
		}
		data = append(data, d...)
	}
	v0 := w0.Vector()
	x := make([]float64, len(v0))
	for i, v := range v0 {
		x[i] = float64(v)
	}
	nTest := int(float64(len(data)) * *holdout)
	train, test := data[:len(data)-nTest], data[len(data)-nTest:]
	if len(train) == 0 {
		return fmt.Errorf("%s: no positions left to fit after -holdout %g", *dataPath, *holdout)
	}
	targets(data, 0, 1) // K is fitted to the results
	k := fitK(train, x)
	ks := k
	if *lambda < 1 {
		for i := range data {
			if !data[i].hasScore {
				return fmt.Errorf("%s: position %d has no search score; -lambda %g needs data with scores (\"SFEN | result | score\")", *dataPath, i+1, *lambda)
			}
		}
		switch {
		case *scoreK == 0:
			ks = fitScoreK(train)
		case *scoreK > 0:
			ks = *scoreK
		}
	}
	targets(data, ks, *lambda)
	e0, t0 := meanError(train, x, k), meanError(test, x, k)
	fmt.Fprintf(out, "%d positions (%d fitted, %d held out); K %.3f (the scores': %.3f); error of the start weights %s\n", len(data), len(train), len(test), k, ks, errorText(e0, t0, len(test)))
	names := bundledengine.WeightNames()
	n := len(x)
	c := fitConfig{iters: *iters, free: make([]bool, n), lo: make([]float64, n), hi: make([]float64, n), step: make([]float64, n), l2w: make([]float64, n)}
	for i, name := range names {
		c.free[i] = (*only == "" || hasPrefix(name, *only)) && !(*fix != "" && hasPrefix(name, *fix))
		c.lo[i], c.hi[i] = math.Inf(-1), math.Inf(1)
		if isTable(name) {
			c.lo[i], c.hi[i] = x[i]-*tableBound, x[i]+*tableBound
			c.step[i] = *tableStep
			c.l2w[i] = *l2table / (100 * 100)
			continue
		}
		if *bound > 0 {
			d := max(math.Abs(x[i])**bound, 2)
			c.lo[i], c.hi[i] = x[i]-d, x[i]+d
		}
		// each weight's step is scaled to its size, so that a pawn's value and a percent
		// scale move alike, and so is the pull back
		scale := max(math.Abs(x[i]), 1)
		c.step[i] = max(math.Abs(x[i])*0.002, 0.05)
		c.l2w[i] = *l2 / (scale * scale)
	}
	c.order = materialOrder(names)
	for _, o := range c.order {
		if x[o[0]] >= x[o[1]] {
			return fmt.Errorf("%s: the start weights break the order %s < %s", *start, names[o[0]], names[o[1]])
		}
	}
	x = adam(train, x, k, c, func(it int, e float64, x []float64) {
		if it%200 == 0 {
			fmt.Fprintf(out, "pass %d: error %s\n", it, errorText(e, meanError(test, x, k), len(test)))
		}
	})
	v := make([]int, len(x))
	for i := range x {
		v[i] = int(math.Round(x[i]))
		x[i] = float64(v[i])
	}
	w, err := bundledengine.WeightsFromVector(v)
	if err != nil {
		return err
	}
	e1, t1 := meanError(train, x, k), meanError(test, x, k)
	fmt.Fprintf(out, "error of the fitted weights %s\n", errorText(e1, t1, len(test)))
	tables, sum := 0, 0
	for i := range v {
		switch {
		case v[i] == v0[i]:
		case isTable(names[i]):
			tables++
			sum += max(v[i]-v0[i], v0[i]-v[i])
		default:
			fmt.Fprintf(out, "%-18s %6d -> %6d\n", names[i], v0[i], v[i])
		}
	}
	if tables > 0 {
		fmt.Fprintf(out, "%d table entries moved, by %.1f centipawns on average\n", tables, float64(sum)/float64(tables))
	}
	header := fmt.Sprintf("The evaluation's weights (see weights.go): centipawns, scales in percent.\n"+
		"Made by: go run ./tools/tune fit -data %s -start %s -iters %d -only '%s' -fix '%s' -l2 %g -bound %g -l2table %g -tablebound %g -tablestep %g -scorek %g -lambda %g -holdout %g\n"+
		"from %d positions (%d held out); K %.3f (the scores': %.3f); mean squared error %s (start weights: %s).",
		*dataPath, *start, *iters, *only, *fix, *l2, *bound, *l2table, *tableBound, *tableStep, *scoreK, *lambda, *holdout, len(data), len(test), k, ks,
		errorText(e1, t1, len(test)), errorText(e0, t0, len(test)))
	return os.WriteFile(*path, []byte(w.Format(header)), 0o644)
}

// errorText is a mean squared error and, when positions were held out, theirs.
func errorText(fitted, heldOut float64, nHeldOut int) string {
	if nHeldOut == 0 {
		return fmt.Sprintf("%.6f", fitted)
	}
	return fmt.Sprintf("%.6f (held out: %.6f)", fitted, heldOut)
}

// isTable reports whether the weight named name is a table entry.
func isTable(name string) bool {
	return strings.HasPrefix(name, "pst.") || strings.HasPrefix(name, "own.") || strings.HasPrefix(name, "enemy.")
}

// hasPrefix reports whether name starts with one of the comma-separated prefixes.
func hasPrefix(name, prefixes string) bool {
	for _, pre := range strings.Split(prefixes, ",") {
		if pre = strings.TrimSpace(pre); pre != "" && strings.HasPrefix(name, pre) {
			return true
		}
	}
	return false
}

// materialOrder lists the orders between piece values that the search relies on (SEE and
// move ordering take captures by them): the unpromoted pieces on the board in their usual
// order, a promoted bishop or rook above the piece it was, and each piece in hand above the
// same piece on the board.
func materialOrder(names []string) [][2]int {
	idx := map[string]int{}
	for i, n := range names {
		idx[n] = i
	}
	var o [][2]int
	chain := []string{"pawn", "lance", "knight", "silver", "gold", "bishop", "rook"}
	for i := 1; i < len(chain); i++ {
		o = append(o, [2]int{idx["piece."+chain[i-1]], idx["piece."+chain[i]]})
		o = append(o, [2]int{idx["hand."+chain[i-1]], idx["hand."+chain[i]]})
	}
	for _, t := range chain {
		o = append(o, [2]int{idx["piece."+t], idx["hand."+t]})
	}
	o = append(o, [2]int{idx["piece.bishop"], idx["piece.horse"]}, [2]int{idx["piece.rook"], idx["piece.dragon"]},
		[2]int{idx["piece.horse"], idx["piece.dragon"]})
	return o
}

// targets sets each sample's target: lambda × its result + (1 − lambda) × its search score
// through the curve.
func targets(data []sample, k, lambda float64) {
	for i := range data {
		s := &data[i]
		s.target = s.result
		if lambda < 1 && s.hasScore {
			s.target = lambda*s.result + (1-lambda)*predict(s.score, k)
		}
	}
}

// predict is the expected result for Black of a position whose evaluation is e centipawns.
func predict(e, k float64) float64 { return 1 / (1 + math.Pow(10, -k*e/400)) }

func eval(s *sample, x []float64) float64 {
	e := 0.0
	for j, i := range s.idx {
		e += x[i] * float64(s.val[j])
	}
	return e
}

func meanError(data []sample, x []float64, k float64) float64 {
	if len(data) == 0 {
		return math.NaN()
	}
	sum := 0.0
	for i := range data {
		d := data[i].target - predict(eval(&data[i], x), k)
		sum += d * d
	}
	return sum / float64(len(data))
}

// fitK finds the scale of the logistic curve that fits the start weights best (a golden
// section search over 0.1..4).
func fitK(data []sample, x []float64) float64 {
	lo, hi := 0.1, 4.0
	g := (math.Sqrt(5) - 1) / 2
	for range 60 {
		a, b := hi-g*(hi-lo), lo+g*(hi-lo)
		if meanError(data, x, a) < meanError(data, x, b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// fitScoreK finds the scale of the logistic curve that turns the data's search scores into
// the results best (a golden section search over 0.05..4): the scores of another engine
// are in its own units.
func fitScoreK(data []sample) float64 {
	errAt := func(k float64) float64 {
		sum := 0.0
		for i := range data {
			d := data[i].result - predict(data[i].score, k)
			sum += d * d
		}
		return sum
	}
	lo, hi := 0.05, 4.0
	g := (math.Sqrt(5) - 1) / 2
	for range 60 {
		a, b := hi-g*(hi-lo), lo+g*(hi-lo)
		if errAt(a) < errAt(b) {
			hi = b
		} else {
			lo = a
		}
	}
	return (lo + hi) / 2
}

// adam minimises the mean squared error over the weights x (those marked free) by Adam,
// with full passes over the data, plus each weight's pull (c.l2w) times its squared change
// from where it started, each with its own step (c.step). After each step the weights are put back within their
// bounds and their order (project).
func adam(data []sample, x []float64, k float64, c fitConfig, report func(int, float64, []float64)) []float64 {
	x0 := x
	x = append([]float64(nil), x...)
	n := len(x)
	m, v := make([]float64, n), make([]float64, n)
	const b1, b2, eps = 0.9, 0.999, 1e-12
	grad := make([]float64, n)
	cc := math.Ln10 * k / 400
	for it := 1; it <= c.iters; it++ {
		clear(grad)
		sum := 0.0
		for i := range data {
			s := &data[i]
			p := predict(eval(s, x), k)
			d := p - s.target
			sum += d * d
			// d/dx of (p-r)^2 = 2 (p-r) p (1-p) cc f
			g := 2 * d * p * (1 - p) * cc
			for j, i := range s.idx {
				grad[i] += g * float64(s.val[j])
			}
		}
		for j := range x {
			if !c.free[j] {
				continue
			}
			gj := grad[j]/float64(len(data)) + 2*c.l2w[j]*(x[j]-x0[j])
			m[j] = b1*m[j] + (1-b1)*gj
			v[j] = b2*v[j] + (1-b2)*gj*gj
			mh := m[j] / (1 - math.Pow(b1, float64(it)))
			vh := v[j] / (1 - math.Pow(b2, float64(it)))
			x[j] -= c.step[j] * mh / (math.Sqrt(vh) + eps)
		}
		project(x, c)
		report(it, sum/float64(len(data)), x)
	}
	return x
}

// project puts the free weights back within their bounds and the order c asks for (each
// pair at least a centipawn apart; a fixed weight of a pair stays, the free one moves).
func project(x []float64, c fitConfig) {
	for range 20 {
		moved := false
		for _, o := range c.order {
			a, b := o[0], o[1]
			if x[a]+1 <= x[b] {
				continue
			}
			moved = true
			switch {
			case c.free[a] && c.free[b]:
				mid := (x[a] + x[b]) / 2
				x[a], x[b] = mid-0.5, mid+0.5
			case c.free[a]:
				x[a] = x[b] - 1
			case c.free[b]:
				x[b] = x[a] + 1
			}
		}
		for j := range x {
			if c.free[j] {
				x[j] = min(max(x[j], c.lo[j]), c.hi[j])
			}
		}
		if !moved {
			return
		}
	}
}
