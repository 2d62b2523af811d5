package session

import (
	"slices"
	"testing"
	"time"

	"banmen/board"
	"banmen/kifu"
)

func usiMove(t *testing.T, u string) board.Move {
	t.Helper()
	m, err := board.ParseUSIMove(u)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// FollowMainLine puts a game's new moves on the main line with their times and comments,
// keeps the person's move already shown, makes way for the game's move where the record
// had another, ends the line with a special move, and refuses a place the line does not
// reach without changing anything.
func TestFollowMainLine(t *testing.T) {
	s := New()
	c := watch(s)
	play(t, s, "7g7f") // the person's move, shown before the game's record has it
	err := s.FollowMainLine(0, []kifu.Node{
		{Move: usiMove(t, "7g7f"), Elapsed: 3 * time.Second, Timed: true},
		{Move: usiMove(t, "3c3d"), Elapsed: time.Second, Timed: true, Comment: "*#評価値=12"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := lineUSI(s), []string{"7g7f", "3c3d"}; !slices.Equal(got, want) {
		t.Fatalf("line %v, want %v", got, want)
	}
	line := s.Record().MainLine()
	if len(s.Record().Root.Children()) != 1 || line[0].Elapsed != 3*time.Second || !line[0].Timed {
		t.Errorf("the person's move was not kept and timed: %d first moves, %v", len(s.Record().Root.Children()), line[0].Elapsed)
	}
	if line[1].Comment != "*#評価値=12" || s.Ply() != 2 || !s.Dirty() {
		t.Errorf("comment %q, ply %d, dirty %v: want the engine's comment, the cursor at the end, dirty", line[1].Comment, s.Ply(), s.Dirty())
	}
	if c.last()&(ChangedTree|ChangedCursor) != ChangedTree|ChangedCursor {
		t.Errorf("changes %b, want the tree and the cursor", c.last())
	}

	// a stray move at ply 3 makes way for the game's, which becomes the main line
	play(t, s, "2g2f")
	if err := s.FollowMainLine(2, []kifu.Node{{Move: usiMove(t, "6g6f")}, {Special: kifu.Resign}}); err != nil {
		t.Fatal(err)
	}
	if got, want := lineUSI(s), []string{"7g7f", "3c3d", "6g6f", kifu.Resign.String()}; !slices.Equal(got, want) {
		t.Fatalf("line %v, want %v", got, want)
	}
	if s.Record().Result() != kifu.Resign || s.Node() != s.Record().MainEnd() {
		t.Errorf("result %v, cursor at ply %d: want 投了, at the end", s.Record().Result(), s.Ply())
	}

	before := s.Edits()
	if err := s.FollowMainLine(9, []kifu.Node{{Move: usiMove(t, "8c8d")}}); err == nil {
		t.Error("no error for moves after ply 9 of a 4-node line")
	}
	if s.Edits() != before || len(s.Record().MainLine()) != 4 {
		t.Error("a refused update changed the record")
	}
}
