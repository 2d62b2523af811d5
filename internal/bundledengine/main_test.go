package bundledengine_test

import (
	"os"
	"testing"

	"banmen/internal/guard"
	"banmen/internal/testbin"
)

// TestMain: the games tests start banmen-engine through engine.Start: this test binary is
// its guard, and the programs testbin built are removed at the end.
func TestMain(m *testing.M) {
	guard.Main()
	os.Exit(testbin.Run(m))
}
