package match

import (
	"strings"
	"testing"
	"time"
)

func TestEngineProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	e := startOurs(t, buildEngine(t))
	if err := e.Send("position startpos"); err != nil {
		t.Fatal(err)
	}
	e.Send("go depth 2")
	l, before, err := e.Expect("bestmove", 5*time.Second)
	if err != nil || !strings.HasPrefix(l, "bestmove ") || len(before) == 0 {
		t.Fatalf("%q %q %v", l, before, err)
	}
	if _, _, err := e.Expect("nothing comes", 100*time.Millisecond); err == nil || !strings.Contains(err.Error(), "no \"nothing comes\"") {
		t.Errorf("timeout error: %v", err)
	}
	e.Quit()
	if _, _, err := e.Expect("x", time.Second); err == nil {
		t.Error("output after quit")
	}
	if _, err := Start("missing", "/nonexistent/engine", nil); err == nil {
		t.Error("started a missing engine")
	}
}
