package ui

import (
	"strings"
	"testing"

	"banmen/board"
	"banmen/engine/mate"
)

// A found mate is shown as its length and its line in Japanese; a line that leaves futile
// interpositions out, as tsume solutions are written, says so.
func TestMateTextFound(t *testing.T) {
	pos, err := board.ParseSFEN("3sks3/9/4S4/9/9/8B/9/9/9 b S 1")
	if err != nil {
		t.Fatal(err)
	}
	var moves []board.Move
	p := *pos
	for _, s := range []string{"1f5b+", "4a5b", "S*4b"} {
		m, err := p.ParseMove(s)
		if err != nil {
			t.Fatal(s, err)
		}
		moves = append(moves, m)
		p.Do(m)
	}
	ja := MessagesFor(Japanese)
	plain := mateText(mate.Result{Status: mate.Found, Moves: moves}, pos, board.NoSquare, ja)
	if !strings.HasPrefix(plain, "3手詰\n▲５二角成") || strings.Contains(plain, ja.MateFutileOmitted) {
		t.Errorf("plain mate: %q", plain)
	}
	futile := mateText(mate.Result{Status: mate.Found, Moves: moves, FutileOmitted: true}, pos, board.NoSquare, ja)
	if !strings.HasSuffix(futile, "\n"+ja.MateFutileOmitted) {
		t.Errorf("futile-omitted mate: %q", futile)
	}
}
