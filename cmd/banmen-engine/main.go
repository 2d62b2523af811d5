// Command banmen-engine is Banmen's bundled USI engine: it speaks USI on stdin and stdout.
// Everything is in package banmen/internal/bundledengine.
//
//	banmen-engine                 the USI engine
//	banmen-engine bench [depth]   searches the bench positions to depth and prints nodes and nps
//	banmen-engine --version       prints the engine's name and version
package main

import (
	"fmt"
	"io"
	"os"
	"strconv"

	"banmen/internal/bundledengine"
)

func main() {
	if err := run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "banmen-engine:", err)
		os.Exit(1)
	}
}

func run(args []string, in io.Reader, out io.Writer) error {
	if len(args) == 0 {
		return bundledengine.Serve(in, out)
	}
	switch args[0] {
	case "--version", "-version", "version":
		if len(args) > 1 {
			return fmt.Errorf("--version takes no arguments, got %q", args[1:])
		}
		_, err := fmt.Fprintf(out, "Banmen %s\n", bundledengine.Version)
		return err
	case "bench":
		depth := 0
		switch len(args) {
		case 1:
		case 2:
			d, err := strconv.Atoi(args[1])
			if err != nil || d < 1 {
				return fmt.Errorf("bench: depth %q is not a positive number", args[1])
			}
			depth = d
		default:
			return fmt.Errorf("bench takes one argument, the depth; got %q", args[1:])
		}
		_, err := bundledengine.Bench(out, depth)
		return err
	}
	return fmt.Errorf("unknown argument %q (usage: banmen-engine [bench [depth] | --version])", args[0])
}
