// Command banmen-cli does Banmen's work without a window: perft, and (as they
// grow) convert, analyse, solve, match and probe.
//
// Exit codes: 0 success, 1 bad input (a bad SFEN, a file that can't be read), 2 bad usage.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"

	"banmen/internal/guard"
)

// command is one subcommand: it reads its own flags from args and writes to stdout/stderr.
type command struct {
	summary string
	run     func(args []string, stdout, stderr io.Writer) int
}

var commands = map[string]command{
	"probe":   {"start an engine, ask usi, print its id and options: probe CMD [ARGS...]", runProbe},
	"engines": {"manage the registered engines: engines list | add CMD [ARGS...] | remove NAME", runEngines},
	"match":   {"play games between two engines: match --engine A --engine B --games N --tc 10+1", runMatch},
	"solve":   {"find a mate with an engine: solve --engine A --time 10s SFEN|FILE|PROBLEMS.json", runSolve},
	"analyse": {"analyse a record with an engine: analyse --engine A --time 1s [--from N --to M] RECORD -o OUT.kif", runAnalyse},
	"perft":   {"count the leaves of the legal move tree: perft [--sfen SFEN] [--divide] DEPTH", runPerft},
	"convert": {"convert a game record, or a folder of them: convert --to usi|sfen|kif|ki2|csa|jkf [--encoding utf8|sjis] FILE|FOLDER [-o OUT]", runConvert},
}

// badUsage reports bad usage of command cmd: what is wrong, then the command's usage (fs.Usage).
// It returns the exit code of bad usage.
func badUsage(stderr io.Writer, cmd string, fs *flag.FlagSet, format string, a ...any) int {
	fmt.Fprintf(stderr, "banmen-cli "+cmd+": "+format+"\n", a...)
	fs.Usage()
	return 2
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: banmen-cli COMMAND [ARGS]")
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "  %-8s %s\n", n, commands[n].summary)
	}
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		usage(stdout)
		return 0
	}
	c, ok := commands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "banmen-cli: unknown command %q\n", args[0])
		usage(stderr)
		return 2
	}
	return c.run(args[1:], stdout, stderr)
}

func main() {
	guard.Main() // first: this program may have been started as an engine's guard
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
