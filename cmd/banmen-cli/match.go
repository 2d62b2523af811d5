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
	var mf matchFlags
	mf.register(fs)
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
	cfg, code := mf.config(stderr)
	if code != 0 {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defs, err := ef.resolve(ctx, 2, stderr)
	if err != nil {
		return exitCode(stderr, "match", err)
	}
	cfg.Engines = [2]engine.Definition{defs[0], defs[1]}
	fmt.Fprintf(stdout, "%s vs %s, %d games, %s, %d at once; records in %s\n", engine.Printable(defs[0].Name), engine.Printable(defs[1].Name), cfg.Games, cfg.Time, cfg.Concurrency, cfg.OutDir)
	if cfg.Resume {
		if err := printResuming(stdout, cfg); err != nil {
			return matchError(stderr, err)
		}
	}
	pl := &progressLine{w: stdout, term: isTerminal(stdout)}
	cfg.Progress = func(p match.Progress) { showMatchProgress(pl, cfg.SPRT, p) }
	sum, err := match.Run(ctx, cfg)
	pl.done()
	if err != nil {
		return matchError(stderr, err)
	}
	printMatchSummary(stdout, defs, cfg, sum)
	// an engine that failed (crashed, hung, would not start) lost its game and the
	// series went on; a record that could not be written is lost: either way, exit 1
	for _, e := range sum.Errors {
		fmt.Fprintf(stderr, "banmen-cli match: %s\n", engine.Printable(e.Error()))
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

// matchFlags are match's own flags (the engines' are engineFlags).
type matchFlags struct {
	games, conc, maxMoves   int
	tc, openings, sprt, out string
	force, ponder           bool
}

func (mf *matchFlags) register(fs *flag.FlagSet) {
	fs.IntVar(&mf.games, "games", 2, "number of games")
	fs.StringVar(&mf.tc, "tc", "10+0.1", "time control: MAIN+INC (Fischer), MAIN/BYOYOMI, or MAIN (seconds or durations like 1m)")
	fs.IntVar(&mf.conc, "concurrency", 1, "games played at once")
	fs.StringVar(&mf.openings, "openings", "", "a file of start positions (USI position lines or SFENs), or a record")
	fs.StringVar(&mf.sprt, "sprt", "", "stop early by SPRT: elo0,elo1[,alpha,beta]")
	fs.StringVar(&mf.out, "out", "games", "the folder the records are written to; run again on it, the series goes on where it stopped")
	fs.StringVar(&mf.out, "o", "games", "the same as --out")
	fs.BoolVar(&mf.force, "force", false, "play every game again, overwriting the records in --out")
	fs.IntVar(&mf.maxMoves, "max-moves", 320, "a game reaching this many moves is a draw")
	fs.BoolVar(&mf.ponder, "ponder", false, "let the engines ponder")
}

// config checks the flags and reads the openings into a series' Config (all but the
// engines). On a bad flag it says so on stderr and returns the exit code.
func (mf *matchFlags) config(stderr io.Writer) (match.Config, int) {
	tc, err := game.ParseTimeControl(mf.tc)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli match: --tc: %v\n", err)
		return match.Config{}, 2
	}
	if mf.games < 1 || mf.conc < 1 {
		fmt.Fprintln(stderr, "banmen-cli match: --games and --concurrency must be at least 1")
		return match.Config{}, 2
	}
	cfg := match.Config{Games: mf.games, Time: tc, Concurrency: mf.conc, OutDir: mf.out, MaxMoves: mf.maxMoves, Ponder: mf.ponder, Resume: !mf.force}
	if mf.sprt != "" {
		s, err := match.ParseSPRT(mf.sprt)
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli match: --sprt: %v\n", err)
			return match.Config{}, 2
		}
		cfg.SPRT = &s
	}
	if mf.openings != "" {
		ops, err := match.ReadOpenings(mf.openings)
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli match: --openings: %v\n", err)
			return match.Config{}, 1
		}
		cfg.Openings = ops
	}
	return cfg, 0
}

// printResuming says which finished games of a series run again on its folder are kept
// and counted.
func printResuming(stdout io.Writer, cfg match.Config) error {
	done, err := match.ReadFinished(cfg)
	if err != nil {
		return err
	}
	if len(done) > 0 {
		var sc match.Score
		for _, g := range done {
			sc = sc.Add(g)
		}
		fmt.Fprintf(stdout, "resuming: %d finished games in %s are kept (%s); --force plays them again\n", len(done), cfg.OutDir, sc)
	}
	return nil
}

// showMatchProgress shows the series' progress after a game, with the SPRT's LLR when one
// is run.
func showMatchProgress(pl *progressLine, s *match.SPRT, p match.Progress) {
	sprt := ""
	if s != nil {
		lo, hi := s.Bounds()
		sprt = fmt.Sprintf(" LLR %.2f [%.2f, %.2f]", p.LLR, lo, hi)
	}
	pl.update("game %d/%d (%d%%) %s: %s — %s%s, ETA %s", p.Done, p.Total, 100*p.Done/p.Total,
		engine.Printable(p.Last.Black+" vs "+p.Last.White), p.Last.Result, p.Score, sprt, fmtETA(p.ETA))
}

// printMatchSummary prints the score, the Elo difference, the SPRT's verdict and the time
// taken.
func printMatchSummary(stdout io.Writer, defs []engine.Definition, cfg match.Config, sum match.Summary) {
	fmt.Fprintf(stdout, "Score of %s vs %s: %d - %d - %d [%.3f] %d\n", engine.Printable(defs[0].Name), engine.Printable(defs[1].Name),
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
}

// matchError prints an error of the series; a folder holding another series gets a hint.
func matchError(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "banmen-cli match: %s\n", engine.Printable(err.Error()))
	var ce *match.ConflictError
	if errors.As(err, &ce) {
		fmt.Fprintln(stderr, "banmen-cli match: give another folder with -o, or --force to play the series over it")
	}
	return 1
}
