package engine_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	. "banmen/engine"
	"banmen/usiclient"
)

// The protocol log window sends typed lines and presses buttons; both reach the engine and
// the log.
func TestRunningSendRawAndPressButton(t *testing.T) {
	logPath := filepath.Join(t.TempDir(), "received")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := Start(ctx, fakeDefinition("normal", logPath), StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	before := r.Log()
	last := before[len(before)-1].Seq
	if err := r.PressButton("Clear Hash"); err != nil {
		t.Fatal(err)
	}
	if err := r.SendRaw("setoption name Skill value 7"); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"usi\nquit", "   "} {
		if err := r.SendRaw(bad); err == nil {
			t.Errorf("SendRaw(%q) was accepted", bad)
		}
	}
	var sent []string
	for _, l := range r.LogSince(last) {
		if l.Dir == usiclient.Sent {
			sent = append(sent, l.Text)
		}
	}
	if strings.Join(sent, "|") != "setoption name Clear Hash|setoption name Skill value 7" {
		t.Errorf("logged as sent after seq %d: %q", last, sent)
	}
	if err := r.Close(context.Background()); err != nil {
		t.Error(err)
	}
	got := readLog(t, logPath)
	for _, want := range []string{"setoption name Clear Hash\n", "setoption name Skill value 7\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("the engine did not receive %q; it got:\n%s", want, got)
		}
	}
}
