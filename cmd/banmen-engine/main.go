// Command banmen-engine is Banmen's bundled USI engine: it speaks USI on stdin and stdout.
// Everything is in package banmen/engine/builtin.
package main

import (
	"fmt"
	"os"

	"banmen/engine/builtin"
)

func main() {
	if err := builtin.Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "banmen-engine:", err)
		os.Exit(1)
	}
}
