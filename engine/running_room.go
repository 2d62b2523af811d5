package engine

// What the engine room of the window (the option dialog, the protocol log) asks of a
// running engine.

import "banmen/usiclient"

// PressButton presses a button option now ("setoption name <name>").
func (r *Running) PressButton(name string) error {
	return r.explain(r.session.PressButton(name))
}

// SendRaw sends a line a person typed to the engine as it is (see usiclient.Session.SendRaw).
func (r *Running) SendRaw(line string) error {
	return r.explain(r.session.SendRaw(line))
}

// LogSince returns the protocol log lines after seq (0: all those kept), oldest first:
// a log window asks for what is new since the last line it has.
func (r *Running) LogSince(seq uint64) []usiclient.LogLine { return r.session.LogSince(seq) }
