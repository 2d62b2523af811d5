package ui

import (
	"os"
	"testing"

	"banmen/internal/guard"
	"banmen/internal/testbin"
)

// TestMain: the tests start engines (the bundled one, Debian's): this test binary is their
// guard, as banmen is, and the programs testbin built are removed at the end.
func TestMain(m *testing.M) {
	if n := os.Getenv(floodEnv); n != "" {
		os.Exit(floodEngine(n)) // this binary started as the info-flood benchmark's engine
	}
	guard.Main()
	os.Exit(testbin.Run(m))
}
