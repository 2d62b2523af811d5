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
	"time"

	"banmen/board"
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
		fs.Usage()
		return 2
	}
	target := fs.Arg(0)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
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
	}, stdout, stderr)
}

// positionOf reads a position: an SFEN, a USI position line, or a record file (its start).
func positionOf(target string) (*board.Position, error) {
	if _, err := os.Stat(target); err == nil {
		rec, err := kifu.ReadFile(target)
		if rec == nil {
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
// many were solved, and a wrong "no mate" (a problem with a mate answered nomate) is an error.
func solveList(ctx context.Context, engineName string, problems []mate.Problem, solve func(*board.Position) (mate.Result, error), stdout, stderr io.Writer) int {
	var solved, wanted, wrong, failed int
	var times []time.Duration
	for i, p := range problems {
		if ctx.Err() != nil {
			break
		}
		pos, err := p.Position()
		if err != nil {
			fmt.Fprintf(stdout, "%3d %-28s bad position: %v\n", i+1, p.ID, err)
			failed++
			continue
		}
		res, err := solve(pos)
		if err != nil {
			fmt.Fprintf(stdout, "%3d %-28s failed: %v\n", i+1, p.ID, err)
			failed++
			continue
		}
		verdict := ""
		if p.WantsMate() {
			wanted++
			switch res.Status {
			case mate.Found:
				solved++
				times = append(times, res.Elapsed)
				if p.Expected == "mate" && p.Length > 0 && len(res.Moves) != p.Length {
					verdict = fmt.Sprintf(" (stated length %d)", p.Length)
				}
			case mate.NoMate:
				wrong++
				verdict = " WRONG: the problem has a mate"
			}
		} else if (p.Expected == "no_mate") && res.Status == mate.Found {
			verdict = " (the source says no mate)"
		}
		summary := res.Status.String()
		if res.Status == mate.Found {
			summary = fmt.Sprintf("mate in %d", len(res.Moves))
		}
		fmt.Fprintf(stdout, "%3d %-28s %-16s %8s%s\n", i+1, p.ID, summary, res.Elapsed.Round(time.Millisecond), verdict)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Fprintf(stdout, "%s solved %d of %d problems with a mate", engineName, solved, wanted)
	if wanted > 0 {
		fmt.Fprintf(stdout, " (%.1f%%)", 100*float64(solved)/float64(wanted))
	}
	if len(times) > 0 {
		fmt.Fprintf(stdout, "; median %s, worst %s", times[len(times)/2].Round(time.Millisecond), times[len(times)-1].Round(time.Millisecond))
	}
	fmt.Fprintf(stdout, "; wrong nomate %d; failures %d\n", wrong, failed)
	if wrong > 0 || failed > 0 {
		return 1
	}
	return 0
}
