package bundledengine

import (
	"testing"
	"time"
)

// patience is how long a test waits for something that must happen (an answer, the end
// of a search with a limit) before it concludes that it never will. It is no speed target:
// make test runs on two busy cores, and unit tests never assert timings. Speed is what
// the benchmarks measure.
const patience = 30 * time.Second

// within runs f and fails the test if f has not returned after patience: a search or
// solve that ignores its limit. (f then goes on in the background; the test has failed.)
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(patience):
		t.Fatalf("%s did not end within %v", what, patience)
	}
}
