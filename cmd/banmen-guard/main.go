// Command banmen-guard runs one engine for banmen and banmen-cli and makes sure that
// neither it nor anything it starts outlives them (see package banmen/internal/guard).
// It is installed beside them; they start it, a user never does.
//
// Usage (by banmen and banmen-cli): BANMEN_ENGINE_GUARD=1 banmen-guard --banmen-engine-guard ENGINE [ARGS...]
package main

import (
	"os"

	"banmen/internal/guard"
)

func main() {
	guard.Main()
	os.Stderr.WriteString("banmen-guard runs engines for banmen and banmen-cli; it is not meant to be run by hand\n")
	os.Exit(2)
}
