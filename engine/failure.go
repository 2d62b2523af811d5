package engine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"banmen/usiclient"
)

// Failure is what the UI shows when an engine dies or times out: which engine, what
// it was doing, how its process ended, its last protocol lines and its stderr tail.
type Failure struct {
	Engine     string
	Doing      string // "starting", "searching", "pondering", "waiting for readyok", …
	Exit       string // "exit status 1", "killed by signal 11", "running" (killed by us after a timeout)
	LastLines  []string
	StderrTail []string
	Err        error
}

// Error says which engine failed, while doing what, and how: an engine that went
// away on its own is named by how its process ended ("exit status 3", "killed by
// signal 9"), then come its last lines and its stderr.
func (f *Failure) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "engine %q failed while %s", f.Engine, f.Doing)
	var ue *usiclient.Error
	isUE := errors.As(f.Err, &ue)
	exited := f.Exit != "" && f.Exit != "running"
	switch {
	case exited && isUE && (ue.Kind == usiclient.ErrEOF || ue.Kind == usiclient.ErrBrokenPipe):
		// the session only saw its pipe close: the process says how it ended
		fmt.Fprintf(&b, ": %s", f.Exit)
		if len(ue.Last) > 0 {
			b.WriteString("; last lines: ")
			writeQuoted(&b, lastN(ue.Last, 3))
		}
	default:
		if exited {
			fmt.Fprintf(&b, " (%s)", f.Exit)
		}
		if f.Err != nil {
			fmt.Fprintf(&b, ": %v", f.Err)
		}
		if isUE && len(ue.Stderr) > 0 {
			return b.String() // the session's error quotes stderr already
		}
	}
	if len(f.StderrTail) > 0 {
		b.WriteString("; stderr: ")
		writeQuoted(&b, lastN(f.StderrTail, 5))
	}
	return b.String()
}

func (f *Failure) Unwrap() error { return f.Err }

func writeQuoted(b *strings.Builder, lines []string) {
	for i, l := range lines {
		if i > 0 {
			b.WriteString(" | ")
		}
		b.WriteString(strconv.Quote(l))
	}
}

func lastN(s []string, n int) []string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// doingFromState says in words what an engine was doing in a session state.
func doingFromState(st usiclient.State) string {
	switch st {
	case usiclient.StateNew, usiclient.StateWaitingUSIOK:
		return "starting"
	case usiclient.StateNotReady, usiclient.StateReady:
		return "idle"
	case usiclient.StateWaitingReadyOK:
		return "getting ready (waiting for readyok)"
	case usiclient.StateSearching:
		return "searching"
	case usiclient.StatePondering:
		return "pondering"
	case usiclient.StateMateSearching:
		return "searching for a mate"
	case usiclient.StateStopping:
		return "stopping a search"
	case usiclient.StateQuitting:
		return "quitting"
	}
	return st.String()
}

// doingFromWaiting says in words what an engine was doing while the session waited for a reply.
func doingFromWaiting(waiting usiclient.Awaiting) string {
	switch waiting {
	case usiclient.AwaitUSIOK:
		return "starting (waiting for usiok)"
	case usiclient.AwaitReadyOK:
		return "getting ready (waiting for readyok)"
	case usiclient.AwaitBestmoveAfterStop, usiclient.AwaitCheckmateAfterStop:
		return "stopping a search"
	case usiclient.AwaitBestmove, usiclient.AwaitBestmovePondering:
		return "searching"
	case usiclient.AwaitCheckmate:
		return "searching for a mate"
	case usiclient.AwaitExitAfterQuit:
		return "quitting"
	}
	return "waiting for " + waiting.String()
}
