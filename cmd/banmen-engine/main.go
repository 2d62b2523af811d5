// Command banmen-engine is Banmen's bundled USI engine.
//
// For now it only introduces itself: it answers "usi" with its id and "usiok", "isready" with
// "readyok", and exits on "quit" or at the end of its input. The search, and this loop, grow
// in their own issue: replace serve wholesale.
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

const (
	engineName   = "Banmen"
	engineAuthor = "the Banmen authors"
)

func main() {
	if err := serve(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "banmen-engine:", err)
		os.Exit(1)
	}
}

// serve reads USI commands from in, one per line, and writes the answers to out. Commands it
// does not know are ignored, as USI asks of engines.
func serve(in io.Reader, out io.Writer) error {
	w := bufio.NewWriter(out)
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20) // a "position ... moves" line of a long game
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		switch fields[0] {
		case "usi":
			fmt.Fprintf(w, "id name %s\nid author %s\nusiok\n", engineName, engineAuthor)
		case "isready":
			fmt.Fprintln(w, "readyok")
		case "quit":
			return w.Flush()
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
	return sc.Err()
}
