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

// An engine that ended, closed or dead, stays readable among the manager's last ended ones,
// newest first and four at most, with its protocol log to its last line.
func TestManagerKeepsTheLogsOfEndedEngines(t *testing.T) {
	m := NewManager(nil)
	defer m.CloseAll(5 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var started []*Running
	for i := 0; i < 6; i++ {
		r, err := m.Start(ctx, fakeDefinition("normal", filepath.Join(t.TempDir(), "received")), StartOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := r.SendRaw("isready"); err != nil {
			t.Fatal(err)
		}
		if err := r.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		started = append(started, r)
		// the manager hears of the end on its own goroutine
		deadline := time.Now().Add(5 * time.Second)
		for len(m.Ended()) == 0 || m.Ended()[0] != r {
			if time.Now().After(deadline) {
				t.Fatalf("engine %d not among the ended", i)
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	if n := len(m.Running()); n != 0 {
		t.Errorf("%d engines still running", n)
	}
	ended := m.Ended()
	if len(ended) != 4 || ended[0] != started[5] || ended[3] != started[2] {
		t.Fatalf("ended: %d engines, want the last four newest first", len(ended))
	}
	log := ended[0].LogSince(0)
	sawQuit := false
	for _, l := range log {
		sawQuit = sawQuit || l.Dir == usiclient.Sent && l.Text == "quit"
	}
	if !sawQuit {
		t.Error("the ended engine's log lacks the quit it was sent")
	}
	if err := ended[0].SendRaw("usi"); err == nil {
		t.Error("an ended engine took a line")
	}
}
