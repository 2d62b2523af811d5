package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/match"
)

func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef engineFlags
	ef.register(fs, "an engine (twice)")
	games := fs.Int("games", 2, "number of games")
	tcText := fs.String("tc", "10+0.1", "time control: MAIN+INC (Fischer), MAIN/BYOYOMI, or MAIN (seconds or durations like 1m)")
	conc := fs.Int("concurrency", 1, "games played at once")
	openings := fs.String("openings", "", "a file of start positions (USI position lines or SFENs), or a record")
	sprtText := fs.String("sprt", "", "stop early by SPRT: elo0,elo1[,alpha,beta]")
	out := fs.String("out", "games", "the folder the records are written to; run again on it, the series goes on where it stopped")
	fs.StringVar(out, "o", "games", "the same as --out")
	force := fs.Bool("force", false, "play every game again, overwriting the records in --out")
	maxMoves := fs.Int("max-moves", 320, "a game reaching this many moves is a draw")
	ponder := fs.Bool("ponder", false, "let the engines ponder")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli match --engine A --engine B [--games N] [--tc 10+1] [--concurrency 2] [--openings FILE] [--sprt elo0,elo1] [--option 2:'Skill Level=5'] [-o DIR] [--force]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "banmen-cli match: unexpected argument %q\n", fs.Arg(0))
		return 2
	}
	tc, err := game.ParseTimeControl(*tcText)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli match: --tc: %v\n", err)
		return 2
	}
	if *games < 1 || *conc < 1 {
		fmt.Fprintln(stderr, "banmen-cli match: --games and --concurrency must be at least 1")
		return 2
	}
	cfg := match.Config{Games: *games, Time: tc, Concurrency: *conc, OutDir: *out, MaxMoves: *maxMoves, Ponder: *ponder, Resume: !*force}
	if *sprtText != "" {
		s, err := match.ParseSPRT(*sprtText)
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli match: --sprt: %v\n", err)
			return 2
		}
		cfg.SPRT = &s
	}
	if *openings != "" {
		ops, err := match.ReadOpenings(*openings)
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli match: --openings: %v\n", err)
			return 1
		}
		cfg.Openings = ops
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defs, err := ef.resolve(ctx, 2, stderr)
	if err != nil {
		return exitCode(stderr, "match", err)
	}
	cfg.Engines = [2]engine.Definition{defs[0], defs[1]}
	fmt.Fprintf(stdout, "%s vs %s, %d games, %s, %d at once; records in %s\n", defs[0].Name, defs[1].Name, *games, tc, *conc, *out)
	if cfg.Resume {
		// a series run again on its folder goes on: its finished games are kept and counted
		done, err := match.ReadFinished(cfg)
		if err != nil {
			return matchError(stderr, err)
		}
		if len(done) > 0 {
			var sc match.Score
			for _, g := range done {
				sc = sc.Add(g)
			}
			fmt.Fprintf(stdout, "resuming: %d finished games in %s are kept (%s); --force plays them again\n", len(done), *out, sc)
		}
	}
	pl := &progressLine{w: stdout, term: isTerminal(stdout)}
	cfg.Progress = func(p match.Progress) {
		sprt := ""
		if cfg.SPRT != nil {
			lo, hi := cfg.SPRT.Bounds()
			sprt = fmt.Sprintf(" LLR %.2f [%.2f, %.2f]", p.LLR, lo, hi)
		}
		pl.update("game %d/%d (%d%%) %s: %s — %s%s, ETA %s", p.Done, p.Total, 100*p.Done/p.Total,
			p.Last.Black+" vs "+p.Last.White, p.Last.Result, p.Score, sprt, fmtETA(p.ETA))
	}
	sum, err := match.Run(ctx, cfg)
	pl.done()
	if err != nil {
		return matchError(stderr, err)
	}
	fmt.Fprintf(stdout, "Score of %s vs %s: %d - %d - %d [%.3f] %d\n", defs[0].Name, defs[1].Name,
		sum.Score.Wins, sum.Score.Losses, sum.Score.Draws, sum.Score.Ratio(), sum.Score.Games())
	fmt.Fprintf(stdout, "Elo difference: %s\n", sum.Score.EloText(1))
	if cfg.SPRT != nil {
		fmt.Fprintf(stdout, "SPRT: %s (LLR %.2f)\n", sum.Verdict, sum.LLR)
	}
	if sum.Resumed > 0 {
		fmt.Fprintf(stdout, "%d games (%d of them played before) in %s\n", sum.Score.Games(), sum.Resumed, sum.Elapsed.Round(time.Second))
	} else {
		fmt.Fprintf(stdout, "%d games in %s\n", sum.Score.Games(), sum.Elapsed.Round(time.Second))
	}
	// an engine that failed (crashed, hung, would not start) lost its game and the
	// series went on; a record that could not be written is lost: either way, exit 1
	for _, e := range sum.Errors {
		fmt.Fprintf(stderr, "banmen-cli match: %v\n", e)
	}
	if ctx.Err() != nil {
		fmt.Fprintln(stderr, "interrupted")
		return 1
	}
	if len(sum.Errors) > 0 {
		return 1
	}
	return 0
}

// matchError prints an error of the series; a folder holding another series gets a hint.
func matchError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "banmen-cli match: %v\n", err)
	var ce *match.ConflictError
	if errors.As(err, &ce) {
		fmt.Fprintln(stderr, "banmen-cli match: give another folder with -o, or --force to play the series over it")
	}
	return 1
}
