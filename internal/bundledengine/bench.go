package bundledengine

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"banmen/board"
)

// The bench command, as YaneuraOu and Stockfish have it: a fixed search of fixed positions,
// so that a change to the engine's speed is measured rather than guessed. With one thread
// and a fresh table for each position, the nodes searched at a given depth are the same on
// every run and every machine; only the time (and so the nodes per second) varies. With more
// threads (Lazy SMP) the nodes vary from run to run: what counts then is the nodes per
// second against one thread's. A node is one call of search or qsearch (countNode), as
// Stockfish and YaneuraOu count one per position entered; the positions the mate probes
// play through (mate in one, the leaf mate in three) are not counted.

// BenchDepth is the depth bench searches to when none is given: 10 to 20 seconds on one
// core of a 2020s machine (6 million nodes at depth 13, 15 million at depth 14).
const BenchDepth = 14

// BenchHashMB is the size of the transposition table bench uses.
const BenchHashMB = 64

// benchPositions are YaneuraOu's four bench positions (its benchmark.cpp): a position near
// the start, and three sharp middle games with pieces in hand and promoted pieces.
var benchPositions = []string{
	"lnsgkgsnl/1r7/p1ppp1bpp/1p3pp2/7P1/2P6/PP1PPPP1P/1B3S1R1/LNSGKG1NL b - 9",
	"l4S2l/4g1gs1/5p1p1/pr2N1pkp/4Gn3/PP3PPPP/2GPP4/1K7/L3r+s2L w BS2N5Pb 1",
	"6n1l/2+S1k4/2lp4p/1np1B2b1/3PP4/1N1S3rP/1P2+pPP+p1/1p1G5/3KG2r1 b GSN2L4Pgs2p 1",
	"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
}

// BenchResult is what a bench run measured.
type BenchResult struct {
	Nodes uint64
	Time  time.Duration
	CPU   time.Duration // the process's CPU time during the searches (all threads)
}

// Bench searches each bench position to depth (BenchDepth if depth <= 0) with one thread and
// a BenchHashMB table cleared before each position, and writes a line for each position and
// the totals to w, in the form Stockfish and YaneuraOu use ("Nodes searched  : N").
func Bench(w io.Writer, depth int) (BenchResult, error) { return BenchThreads(w, depth, 1) }

// BenchThreads is Bench with threads search threads (at least 1).
func BenchThreads(w io.Writer, depth, threads int) (BenchResult, error) {
	if depth <= 0 {
		depth = BenchDepth
	}
	threads = max(threads, 1)
	s := NewSearcher(BenchHashMB)
	if got := s.HashMB(); got < BenchHashMB {
		// a smaller table would search a different number of nodes
		return BenchResult{}, fmt.Errorf("bench: not enough memory for a %d MB table (got %d MB)", BenchHashMB, got)
	}
	var total BenchResult
	for i, sfen := range benchPositions {
		p, err := board.ParseSFEN(sfen)
		if err != nil {
			return total, fmt.Errorf("bench position %d %q: %w", i+1, sfen, err)
		}
		s.Clear()
		s.Prepare()
		start, cpu := time.Now(), cpuTime()
		res := s.Search(board.NewGame(p), Limits{Depth: depth, Threads: threads, MultiPV: 1}, nil)
		el := time.Since(start)
		total.CPU += cpuTime() - cpu
		total.Nodes += res.Nodes
		total.Time += el
		score := fmt.Sprintf("cp %d", res.Score.CP)
		if res.Score.IsMate {
			score = fmt.Sprintf("mate %d", res.Score.Mate)
		}
		move := "resign"
		if res.Move != board.NoMove {
			move = res.Move.USI()
		}
		if _, err := fmt.Fprintf(w, "Position: %d/%d %s\ndepth %d nodes %d time %d nps %d score %s bestmove %s\n",
			i+1, len(benchPositions), sfen, res.Depth, res.Nodes, el.Milliseconds(), nps(res.Nodes, el), score, move); err != nil {
			return total, err
		}
	}
	_, err := fmt.Fprintf(w, "\n===========================\nThreads         : %d\nTotal time (ms) : %d\nNodes searched  : %d\nNodes/second    : %d\n",
		threads, total.Time.Milliseconds(), total.Nodes, nps(total.Nodes, total.Time))
	if err == nil && haveCPUTime {
		// on a busy machine the wall clock says little; nodes per CPU-second say how well
		// the threads use the cores they get (equal at 1 and 2 threads: Lazy SMP scales)
		_, err = fmt.Fprintf(w, "CPU time (ms)   : %d\nNodes/CPU-second: %d\n", total.CPU.Milliseconds(), nps(total.Nodes, total.CPU))
	}
	return total, err
}

// maxBenchThreads is the most threads bench takes (the Threads option's maximum).
const maxBenchThreads = 64

// ParseBenchArgs reads bench's arguments, "[depth [threads]]": depth 0 (BenchDepth) and one
// thread when left out. The error names the argument and what was expected.
func ParseBenchArgs(args []string) (depth, threads int, err error) {
	threads = 1
	if len(args) > 2 {
		return 0, 0, fmt.Errorf("bench: expected [depth [threads]], got %d arguments %q", len(args), args)
	}
	if len(args) > 0 {
		d, err := strconv.Atoi(args[0])
		if err != nil || d < 1 || d > maxPly {
			return 0, 0, fmt.Errorf("bench: depth %q is not a number from 1 to %d", args[0], maxPly)
		}
		depth = d
	}
	if len(args) > 1 {
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 || n > maxBenchThreads {
			return 0, 0, fmt.Errorf("bench: threads %q is not a number from 1 to %d", args[1], maxBenchThreads)
		}
		threads = n
	}
	return depth, threads, nil
}
