package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/analysis"
	"banmen/internal/atomicfile"
	"banmen/kifu"
	"banmen/kifu/recordfile"
)

func runAnalyse(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("analyse", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var ef engineFlags
	ef.register(fs, "an engine (repeat it to analyse with several; the first one labels the moves)")
	per := fs.Duration("time", time.Second, "time per position")
	nodes := fs.Int64("nodes", 0, "nodes per position instead of a time")
	from := fs.Int("from", 0, "first move to judge (1 = the first move)")
	to := fs.Int("to", 0, "last move to judge (0 = the last)")
	out := fs.String("o", "", "write the analysed record here (format from the extension; default: RECORD-analysed.kifu)")
	enc := fs.String("encoding", "utf8", "encoding of the output: utf8 or sjis")
	force := fs.Bool("force", false, "analyse again from RECORD, replacing OUT (without it, an OUT holding this game's analysis is resumed)")
	multiPV := fs.Int("multipv", 1, "candidate moves recorded per position (1 to 5)")
	descending := fs.Bool("descending", false, "analyse from the last position back to the first")
	comments := fs.String("comments", "append", "where the analysis goes in a comment with other text: append, insert or overwrite")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli analyse --engine A [--time 1s | --nodes N] [--from N --to M] RECORD [-o OUT.kif] [--force]")
		fmt.Fprintln(stderr, "       banmen-cli analyse --engine A [--time 1s | --nodes N] FOLDER -o OUTFOLDER   (every record of FOLDER)")
		fs.PrintDefaults()
	}
	rest, ok := parseInterleaved(fs, args)
	if !ok {
		return 2
	}
	if len(rest) != 1 {
		return badUsage(stderr, "analyse", fs, "want one RECORD or FOLDER, got %d arguments %q", len(rest), rest)
	}
	in := rest[0]
	mode, ok := commentModes[*comments]
	if !ok || *multiPV < 1 || *multiPV > 5 {
		fmt.Fprintf(stderr, "banmen-cli analyse: --comments %q --multipv %d: want append, insert or overwrite, and 1 to 5 candidates\n", *comments, *multiPV)
		return 2
	}
	cfg := analysis.Config{Time: *per, Nodes: *nodes, From: *from, To: *to, MultiPV: *multiPV, Descending: *descending, Comments: mode}
	if *nodes > 0 {
		cfg.Time = 0
	}
	if st, err := os.Stat(in); err == nil && st.IsDir() {
		if *out == "" {
			fmt.Fprintf(stderr, "banmen-cli analyse: %s is a folder: give -o the folder to write the analysed records into\n", in)
			return 2
		}
		return analyseFolder(in, *out, &ef, cfg, stdout, stderr)
	}
	af, source, code := openAnalysed(in, *out, *enc, *force, stdout, stderr)
	if af == nil {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	defs, err := ef.resolve(ctx, -1, stderr)
	if err != nil {
		return exitCode(stderr, "analyse", err)
	}
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	engines, names, err := startAll(ctx, m, defs)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v\n", err)
		return 1
	}
	pl := &progressLine{w: stdout, term: isTerminal(stdout)}
	cfg.Progress = func(p analysis.Progress) {
		// OUT is written after every position searched, so that nothing is lost to any
		// interruption (a kill leaves no time to write): running again resumes from it
		if p.Searched {
			if err := af.save(); err != nil {
				cancel(err)
				return
			}
		}
		showAnalysisProgress(pl, p)
	}
	sums, runErr := analysis.RunEach(ctx, af.rec, engines, cfg)
	pl.done()
	if cause := context.Cause(ctx); cause != nil && !errors.Is(cause, context.Canceled) {
		// a write failed: what the last write left in OUT is all there is
		fmt.Fprintf(stderr, "banmen-cli analyse: %v\n", cause)
		return 1
	}
	// the labels come at the end; after an interruption, whatever was analysed
	if err := af.save(); err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v\n", err)
		return 1
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v; what was analysed is in %s (the same command resumes from it)\n", runErr, af.path)
		return 1
	}
	tellLosses(stderr, "warning: "+af.path, af.rec, af.format)
	fmt.Fprintf(stdout, "%s analysed by %s, written to %s\n", in, strings.Join(names, " and "), af.path)
	printAnalysisSummary(stdout, names, sums, source)
	return 0
}

// commentModes are --comments' words.
var commentModes = map[string]analysis.CommentMode{
	"append": analysis.Append, "insert": analysis.Insert, "overwrite": analysis.Overwrite,
}

// analyseFolder analyses every record of the folder in into the folder out with the
// engine of ef (one): a file that fails is named and skipped, and the exit status is 1
// when any did. Run again, it resumes from what it wrote.
func analyseFolder(in, out string, ef *engineFlags, cfg analysis.Config, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defs, err := ef.resolve(ctx, -1, stderr)
	if err != nil {
		return exitCode(stderr, "analyse", err)
	}
	if len(defs) != 1 {
		fmt.Fprintf(stderr, "banmen-cli analyse: a folder is analysed with one engine, not %d\n", len(defs))
		return 2
	}
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	start := func(ctx context.Context) (*engine.Running, error) {
		return m.Start(ctx, defs[0], engine.StartOptions{})
	}
	pl := &progressLine{w: stdout, term: isTerminal(stdout)}
	file := 0
	res, err := analysis.Batch(ctx, start, in, out, cfg, func(p analysis.BatchProgress) {
		if p.File != file {
			file = p.File
			pl.done()
			fmt.Fprintf(stdout, "file %d/%d: %s\n", p.File, p.Files, p.Name)
		}
		if p.Position.Total > 0 {
			showAnalysisProgress(pl, p.Position)
		}
	})
	pl.done()
	failed := 0
	for _, f := range res {
		switch {
		case f.Err != nil && !errors.Is(f.Err, context.Canceled):
			failed++
			fmt.Fprintf(stderr, "banmen-cli analyse: %s skipped: %v\n", f.Name, f.Err)
		case f.Err == nil:
			for _, wn := range f.Warnings {
				fmt.Fprintf(stderr, "warning: %s: %v\n", f.Name, wn)
			}
			fmt.Fprintf(stdout, "%s: written to %s\n", f.Name, f.Out)
			printSides(stdout, f.Summary)
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v; what was analysed is in %s (the same command resumes from it)\n", err, out)
		return 1
	}
	fmt.Fprintf(stdout, "%d of %d records analysed into %s\n", len(res)-failed, len(res), out)
	if failed > 0 {
		return 1
	}
	return 0
}

// analysedFile is the record being analysed and the file (OUT) it is saved to.
type analysedFile struct {
	rec      *kifu.Record
	path     string
	format   kifu.Format
	encoding kifu.Encoding
}

// save writes the record to OUT, whole or not at all.
func (af *analysedFile) save() error {
	// as the window saves it: CSA V3.0 where V2.2 would lose a time's fraction
	data, err := recordfile.Encode(af.rec, af.format, af.encoding, "")
	if err == nil {
		err = atomicfile.Write(af.path, data, 0o644)
	}
	if err != nil {
		return fmt.Errorf("writing %s: %w", af.path, err)
	}
	return nil
}

// openAnalysed reads the record in, settles OUT (out, or in's name with "-analysed.kifu")
// and, unless force, resumes from an OUT that holds this game's analysis already. It
// returns the record to analyse, where it was read from, or nil and the exit code.
func openAnalysed(in, out, enc string, force bool, stdout, stderr io.Writer) (*analysedFile, string, int) {
	encoding, err := kifu.ParseEncoding(enc)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v\n", err)
		return nil, "", 2
	}
	// a record read only in part is refused, as the window and a folder's analysis refuse it;
	// an illegal last move (a game lost by it, not recorded so) is analysed up to the move
	// before it, with a warning
	rec, _, _, err := recordfile.ReadFile(in)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v\n", err)
		return nil, "", 1
	}
	for _, wn := range rec.Warnings {
		fmt.Fprintf(stderr, "warning: %s: %v\n", in, wn)
	}
	if out == "" {
		out = trimExt(in) + "-analysed.kifu"
	}
	format, err := kifu.ParseFormat(filepath.Ext(out))
	if err == nil && format == kifu.USI {
		err = errors.New("a USI position command holds no comments, and the analysis would be lost: use .kif, .kifu, .ki2, .csa or .jkf")
	}
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: -o %s: %v\n", out, err)
		return nil, "", 2
	}
	source := in // where the record was read from
	if !force {
		if prev, ok := earlierAnalysis(in, out, rec, stderr); ok {
			// the same game, analysed before and interrupted: go on from there
			rec, source = prev, out
			fmt.Fprintf(stdout, "%s already holds an analysis of %s: its analysed positions are kept (--force starts over)\n", out, in)
		}
	}
	return &analysedFile{rec: rec, path: out, format: format, encoding: encoding}, source, 0
}

// startAll starts every engine of defs and returns them with their names.
func startAll(ctx context.Context, m *engine.Manager, defs []engine.Definition) ([]*engine.Running, []string, error) {
	var engines []*engine.Running
	var names []string
	for _, d := range defs {
		r, err := m.Start(ctx, d, engine.StartOptions{})
		if err != nil {
			return nil, nil, err
		}
		engines = append(engines, r)
		names = append(names, r.Name())
	}
	return engines, names, nil
}

// showAnalysisProgress shows how far the analysis is: a bar on a terminal, plain lines
// otherwise.
func showAnalysisProgress(pl *progressLine, p analysis.Progress) {
	if !pl.term {
		pl.update("position %d/%d (ply %d) %d%% ETA %s", p.Done, p.Total, p.Ply, 100*p.Done/p.Total, fmtETA(p.ETA))
		return
	}
	const width = 30
	filled := width * p.Done / p.Total
	bar := make([]byte, width)
	for i := range bar {
		bar[i] = '-'
		if i < filled {
			bar[i] = '#'
		}
	}
	pl.update("[%s] %d/%d positions (%d%%), ETA %s", bar, p.Done, p.Total, 100*p.Done/p.Total, fmtETA(p.ETA))
}

// printAnalysisSummary prints how many positions were read back on a resume, then each
// engine's judgement of both sides.
func printAnalysisSummary(stdout io.Writer, names []string, sums []analysis.Summary, source string) {
	searched, readBack := 0, 0
	for _, sum := range sums {
		searched, readBack = searched+sum.Positions, readBack+sum.ReadBack
	}
	if readBack > 0 {
		fmt.Fprintf(stdout, "resumed: %d positions searched, %d read back from %s\n", searched, readBack, source)
	}
	for i, sum := range sums {
		if len(sums) > 1 {
			fmt.Fprintf(stdout, "%s:\n", names[i])
		}
		printSides(stdout, sum)
	}
}

func printSides(stdout io.Writer, sum analysis.Summary) {
	for c := board.Black; c <= board.White; c++ {
		label := "先手 (Black)"
		if c == board.White {
			label = "後手 (White)"
		}
		fmt.Fprintf(stdout, "%s: %s\n", label, sum.Sides[c])
	}
}

// earlierAnalysis reads OUT when it exists, is another file than the record and holds
// the same game (the same start and main line): an analysis that was interrupted.
func earlierAnalysis(in, out string, rec *kifu.Record, stderr io.Writer) (*kifu.Record, bool) {
	if _, err := os.Stat(out); err != nil || sameFile(in, out) {
		return nil, false
	}
	prev, err := kifu.ReadFile(out)
	if prev == nil || err != nil {
		fmt.Fprintf(stderr, "warning: %s exists and is replaced: it does not read as a record (%v)\n", out, err)
		return nil, false
	}
	if !sameGame(rec, prev) {
		fmt.Fprintf(stderr, "warning: %s exists and is replaced: it holds another game than %s\n", out, in)
		return nil, false
	}
	return prev, true
}

func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

// sameGame reports whether two records start from the same position with the same main line.
func sameGame(a, b *kifu.Record) bool {
	if a.Position(a.Root).SFEN() != b.Position(b.Root).SFEN() {
		return false
	}
	ma, mb := a.MainMoves(), b.MainMoves()
	if len(ma) != len(mb) {
		return false
	}
	for i := range ma {
		if ma[i] != mb[i] {
			return false
		}
	}
	return true
}

func trimExt(p string) string { return p[:len(p)-len(filepath.Ext(p))] }
