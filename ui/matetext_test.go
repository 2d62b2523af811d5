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

// A mate of the side to move, in check (KomoringHeights's answer there), says so: its line
// starts with that side's reply.
func TestMateTextSideToMoveMated(t *testing.T) {
	pos, err := board.ParseSFEN("8k/9/7P1/9/9/9/9/9/4K3L w G 1")
	if err != nil {
		t.Fatal(err)
	}
	moves, _, err := pos.ParseMoves("1a2a G*2b")
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []*Messages{MessagesFor(Japanese), MessagesFor(English)} {
		res := mate.Result{Status: mate.Found, Moves: moves, SideToMoveMated: true}
		text := mateText(res, pos, board.NoSquare, m)
		if !strings.HasSuffix(text, "\n"+m.MateSideToMoveMated) || !strings.Contains(text, "2") {
			t.Errorf("mate of the side to move: %q", text)
		}
		row := mateRow(res, pos, board.NoSquare, m)
		if row.Score != "2" || !strings.HasSuffix(row.PV, "\n"+m.MateSideToMoveMated) {
			t.Errorf("panel row: %+v", row)
		}
		if plain := mateText(mate.Result{Status: mate.Found, Moves: moves}, pos, board.NoSquare, m); strings.Contains(plain, m.MateSideToMoveMated) {
			t.Errorf("a mate by the side to move says it is mated: %q", plain)
		}
	}
}
