package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"
	"syscall"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/mate"
	"banmen/kifu"
)

func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("solve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef engineFlags
	ef.register(fs, "the engine")
	limit := fs.Duration("time", 10*time.Second, "time for each problem")
	maxLen := fs.Int("max-length", 0, "with a problem list: only problems of at most this many plies (0: all)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli solve --engine A [--time 10s] SFEN|RECORD|PROBLEMS.json")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		hint := ""
		if fs.NArg() > 1 {
			hint = " (an SFEN has spaces: quote it)"
		}
		return badUsage(stderr, "solve", fs, "want one SFEN, RECORD or PROBLEMS.json, got %d arguments %q%s", fs.NArg(), fs.Args(), hint)
	}
	target := fs.Arg(0)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	var problems []mate.Problem
	if strings.HasSuffix(strings.ToLower(target), ".json") {
		ps, err := mate.ReadProblems(target)
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli solve: %v\n", err)
			return 1
		}
		for _, p := range ps {
			if *maxLen == 0 || p.Length <= *maxLen {
				problems = append(problems, p)
			}
		}
	} else {
		pos, err := positionOf(target)
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli solve: %v\n", err)
			return 1
		}
		problems = []mate.Problem{{ID: target, SFEN: pos.SFEN(), Expected: "?"}}
	}
	defs, err := ef.resolve(ctx, 1, stderr)
	if err != nil {
		return exitCode(stderr, "solve", err)
	}
	def := defs[0]
	if len(problems) == 1 && problems[0].Expected == "?" {
		pos, _ := problems[0].Position()
		res, err := mate.Search(ctx, def, pos, *limit)
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli solve: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "%s in %s\n", res.String(pos), res.Elapsed.Round(time.Millisecond))
		if res.Status == mate.Failed {
			return 1
		}
		return 0
	}
	return solveList(ctx, def.Name, problems, func(p *board.Position) (mate.Result, error) {
		return mate.Search(ctx, def, p, *limit)
	}, stdout, isTerminal(stdout))
}

// positionOf reads a position: an SFEN, a USI position line, or a record file (its start).
func positionOf(target string) (*board.Position, error) {
	if _, err := os.Stat(target); err == nil {
		// a record read only in part ends elsewhere than the file: refused, not solved there
		rec, err := kifu.ReadFile(target)
		if err != nil {
			return nil, err
		}
		return rec.Position(rec.MainEnd()), nil
	}
	if p, err := board.ParseSFENWith(target, board.SFENOptions{AllowExtraPieces: true}); err == nil {
		return p, nil
	}
	rec, err := kifu.ParseUSI(target)
	if err != nil {
		return nil, fmt.Errorf("%q is neither a file, an SFEN nor a USI position: %v", target, err)
	}
	return rec.Position(rec.MainEnd()), nil
}

// solveList solves each problem and prints one line per problem and a summary: how
// many were solved, and how many failed. A failure (the engine crashed, answered
// nonsense or a wrong mating line, or the problem is unreadable) and a wrong "no mate"
// (a problem with a mate answered nomate) make the exit status 1; the failures are
// listed again with their reasons at the end. On a terminal a progress line
// (percentage, ETA) is kept under the problem lines.
func solveList(ctx context.Context, engineName string, problems []mate.Problem, solve func(*board.Position) (mate.Result, error), stdout io.Writer, term bool) int {
	st := &solveTally{w: stdout, term: term}
	pl := &progressLine{w: stdout, term: term}
	t0 := time.Now()
	done := 0
	for i, p := range problems {
		if ctx.Err() != nil {
			break
		}
		if term {
			eta := time.Duration(0)
			if done > 0 {
				eta = time.Since(t0) / time.Duration(done) * time.Duration(len(problems)-done)
			}
			pl.update("problem %d/%d (%d%%), solved %d, failures %d, ETA %s", done, len(problems), 100*done/len(problems), st.solved, len(st.failures), fmtETA(eta))
		}
		done++
		st.solveOne(i, p, solve)
	}
	if term {
		fmt.Fprint(stdout, "\r\033[K")
	}
	st.printSummary(engineName)
	if done < len(problems) {
		fmt.Fprintf(stdout, "interrupted after %d of %d problems\n", done, len(problems))
		return 1
	}
	if st.wrong > 0 || len(st.failures) > 0 {
		return 1
	}
	return 0
}

// solveTally counts a problem list's results and prints a line per problem.
type solveTally struct {
	w                     io.Writer
	term                  bool // w is a terminal with a progress line to write over
	solved, wanted, wrong int
	times                 []time.Duration // of the mates found
	failures              []string
}

// line prints a line, over the progress line on a terminal.
func (st *solveTally) line(format string, args ...any) {
	if st.term {
		fmt.Fprint(st.w, "\r\033[K") // over the progress line
	}
	fmt.Fprintf(st.w, format, args...)
}

func (st *solveTally) fail(i int, p mate.Problem, why string) {
	st.line("%3d %-28s failed: %s\n", i+1, p.ID, why)
	st.failures = append(st.failures, fmt.Sprintf("%s: %s", p.ID, why))
}

// solveOne solves problem i, counts the result and prints its line.
func (st *solveTally) solveOne(i int, p mate.Problem, solve func(*board.Position) (mate.Result, error)) {
	if p.WantsMate() {
		st.wanted++ // a failure is a problem not solved
	}
	pos, err := p.Position()
	if err != nil {
		st.fail(i, p, "bad position: "+err.Error())
		return
	}
	res, err := solve(pos)
	if err != nil {
		st.fail(i, p, err.Error())
		return
	}
	if res.Status == mate.Failed {
		st.fail(i, p, res.Detail)
		return
	}
	verdict := st.judge(p, res)
	summary := res.Status.String()
	if res.Status == mate.Found {
		summary = fmt.Sprintf("mate in %d", len(res.Moves))
		if res.SideToMoveMated {
			verdict += " (of the side to move, in check)"
		}
		if res.FutileOmitted {
			verdict += " (futile interpositions omitted)"
		}
	}
	st.line("%3d %-28s %-16s %8s%s\n", i+1, p.ID, summary, res.Elapsed.Round(time.Millisecond), verdict)
}

// judge counts a result against what the problem states and returns a note on where they
// differ ("" where they agree).
func (st *solveTally) judge(p mate.Problem, res mate.Result) string {
	if !p.WantsMate() {
		if p.Expected == "no_mate" && res.Status == mate.Found {
			return " (the source says no mate)"
		}
		return ""
	}
	switch res.Status {
	case mate.Found:
		st.solved++
		st.times = append(st.times, res.Elapsed)
		if p.Expected == "mate" && p.Length > 0 && len(res.Moves) != p.Length {
			return fmt.Sprintf(" (stated length %d)", p.Length)
		}
	case mate.NoMate:
		st.wrong++
		return " WRONG: the problem has a mate"
	}
	return ""
}

// printSummary prints the solved share, the median and worst times and the failures.
func (st *solveTally) printSummary(engineName string) {
	stdout, times := st.w, st.times
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Fprintf(stdout, "%s solved %d of %d problems with a mate", engine.Printable(engineName), st.solved, st.wanted)
	if st.wanted > 0 {
		fmt.Fprintf(stdout, " (%.1f%%)", 100*float64(st.solved)/float64(st.wanted))
	}
	if len(times) > 0 {
		fmt.Fprintf(stdout, "; median %s, worst %s", times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	}
	fmt.Fprintf(stdout, "; wrong nomate %d; failures %d\n", st.wrong, len(st.failures))
	if len(st.failures) > 0 {
		fmt.Fprintln(stdout, "failures:")
		for _, f := range st.failures {
			fmt.Fprintf(stdout, "  %s\n", f)
		}
	}
}
