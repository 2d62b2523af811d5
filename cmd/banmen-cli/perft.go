package main

import (
	"flag"
	"fmt"
	"io"
	"strconv"

	"banmen/board"
)

func runPerft(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("perft", flag.ContinueOnError)
	fs.SetOutput(stderr)
	sfen := fs.String("sfen", board.StartSFEN, "the position to count from (SFEN, or \"startpos\")")
	divide := fs.Bool("divide", false, "print the count under each first move")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli perft [--sfen SFEN] [--divide] DEPTH")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		return badUsage(stderr, "perft", fs, "want one DEPTH, got %d arguments %q", fs.NArg(), fs.Args())
	}
	depth, err := strconv.Atoi(fs.Arg(0))
	if err != nil || depth < 0 || depth > 20 {
		fmt.Fprintf(stderr, "banmen-cli perft: DEPTH must be a whole number from 0 to 20, got %q\n", fs.Arg(0))
		return 2
	}
	// Perft positions in the wild have more pieces of a kind than a set (three rooks):
	// the generator doesn't care, so only that check is relaxed.
	pos, err := board.ParseSFENWith(*sfen, board.SFENOptions{AllowExtraPieces: true})
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli perft: %v\n", err)
		return 1
	}
	if *divide && depth >= 1 {
		moves, counts := pos.PerftDivide(depth)
		var total uint64
		for i, m := range moves {
			fmt.Fprintf(stdout, "%s: %d\n", m.USI(), counts[i])
			total += counts[i]
		}
		fmt.Fprintf(stdout, "moves: %d\n", len(moves))
		fmt.Fprintln(stdout, total)
		return 0
	}
	fmt.Fprintln(stdout, pos.Perft(depth))
	return 0
}
