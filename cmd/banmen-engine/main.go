// Command banmen-engine is Banmen's bundled USI engine: it speaks USI on stdin and stdout.
// Everything is in package banmen/internal/bundledengine.
package main

import (
	"fmt"
	"os"

	"banmen/internal/bundledengine"
)

func main() {
	if err := bundledengine.Serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "banmen-engine:", err)
		os.Exit(1)
	}
}
