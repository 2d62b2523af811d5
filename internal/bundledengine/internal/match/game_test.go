package match

import (
	"testing"
	"time"
)

// A game that reaches its ply limit is unfinished; a mate ends it with the right winner.
func TestPlayOutcomes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	bin := buildEngine(t)
	a, b := startOurs(t, bin), startOurs(t, bin)
	fast := "go depth 1"
	r, err := Play(Player{a, fast, 5 * time.Second}, Player{b, fast, 5 * time.Second}, 6)
	if err != nil || r.Outcome != Unfinished || r.Plies != 6 {
		t.Fatalf("%+v %v", r, err)
	}
}
