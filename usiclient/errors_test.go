package usiclient

import (
	"errors"
	"testing"
)

// TestErrorWithExit (issue 17): the layer that runs the engine can say how its
// process ended; the message then names the exit status instead of guessing,
// and the session's own error is left as it was.
func TestErrorWithExit(t *testing.T) {
	crash := &Error{Engine: "fake", Kind: ErrEOF, Waiting: AwaitBestmove, Last: []string{"info depth 3"}}
	withExit := crash.WithExit("exit status 3")
	tests := []struct {
		err  *Error
		want string
	}{
		{crash, `usiclient: engine "fake": closed its output (exited?) while Banmen waited for bestmove; last lines: "info depth 3"`},
		{withExit, `usiclient: engine "fake": closed its output (exit status 3) while Banmen waited for bestmove; last lines: "info depth 3"`},
		{(&Error{Engine: "fake", Kind: ErrTimeout, Waiting: AwaitReadyOK, After: 1e9}).WithExit("killed by signal 9"),
			`usiclient: engine "fake": no readyok within 1s; its process ended: killed by signal 9; it printed nothing`},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("got\n %s\nwant\n %s", got, tt.want)
		}
	}
	if crash.Exit != "" {
		t.Error("WithExit changed the session's error")
	}
	if !errors.Is(withExit, ErrEOF) {
		t.Error("the copy lost its kind")
	}
}
