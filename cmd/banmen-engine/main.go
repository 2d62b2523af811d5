// Command banmen-engine is Banmen's bundled USI engine: it speaks USI on stdin and stdout.
// Everything is in package banmen/internal/bundledengine.
//
//	banmen-engine                 the USI engine
//	banmen-engine bench [depth [threads]]  searches the bench positions to depth and prints
//	                                       nodes and nps (threads: Lazy SMP, default 1)
//	banmen-engine --version       prints the engine's name and version
package main

import (
	"fmt"
	"io"
	"os"

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
		depth, threads, err := bundledengine.ParseBenchArgs(args[1:])
		if err != nil {
			return err
		}
		_, err = bundledengine.BenchThreads(out, depth, threads)
		return err
	}
	return fmt.Errorf("unknown argument %q (usage: banmen-engine [bench [depth [threads]] | --version])", args[0])
}
