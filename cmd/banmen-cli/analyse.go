package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/analysis"
	"banmen/internal/atomicfile"
	"banmen/kifu"
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
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli analyse --engine A [--time 1s | --nodes N] [--from N --to M] RECORD [-o OUT.kif]")
		fs.PrintDefaults()
	}
	// flags may follow the record
	var rest []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	if len(rest) != 1 {
		fs.Usage()
		return 2
	}
	encoding, err := kifu.ParseEncoding(*enc)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v\n", err)
		return 2
	}
	in := rest[0]
	rec, err := kifu.ReadFile(in)
	if rec == nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v\n", err)
		return 1
	}
	if err != nil {
		fmt.Fprintf(stderr, "warning: %v\n", err)
	}
	if *out == "" {
		*out = trimExt(in) + "-analysed.kifu"
	}
	format, err := kifu.ParseFormat(filepath.Ext(*out))
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: -o %s: %v\n", *out, err)
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	defs, err := ef.resolve(ctx, -1, stderr)
	if err != nil {
		return exitCode(stderr, "analyse", err)
	}
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	var engines []*engine.Running
	var names []string
	for _, d := range defs {
		r, err := m.Start(ctx, d, engine.StartOptions{})
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli analyse: %v\n", err)
			return 1
		}
		engines = append(engines, r)
		names = append(names, r.Name())
	}
	cfg := analysis.Config{Time: *per, Nodes: *nodes, From: *from, To: *to}
	if *nodes > 0 {
		cfg.Time = 0
	}
	pl := &progressLine{w: stdout, term: isTerminal(stdout)}
	cfg.Progress = func(p analysis.Progress) {
		if pl.term {
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
		} else {
			pl.update("position %d/%d (ply %d) %d%% ETA %s", p.Done, p.Total, p.Ply, 100*p.Done/p.Total, fmtETA(p.ETA))
		}
	}
	sums, runErr := analysis.RunEach(ctx, rec, engines, cfg)
	pl.done()
	// whatever was analysed is written, also after an interruption: running again resumes
	var buf bytes.Buffer
	err = kifu.Write(&buf, rec, format, kifu.WriteOptions{Encoding: encoding})
	if err == nil {
		err = atomicfile.Write(*out, buf.Bytes(), 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: writing %s: %v\n", *out, err)
		return 1
	}
	if runErr != nil {
		fmt.Fprintf(stderr, "banmen-cli analyse: %v; what was analysed is in %s (run again on it to resume)\n", runErr, *out)
		return 1
	}
	fmt.Fprintf(stdout, "%s analysed by %s, written to %s\n", in, strings.Join(names, " and "), *out)
	for i, sum := range sums {
		if len(sums) > 1 {
			fmt.Fprintf(stdout, "%s:\n", names[i])
		}
		printSides(stdout, sum)
	}
	return 0
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

func trimExt(p string) string { return p[:len(p)-len(filepath.Ext(p))] }
