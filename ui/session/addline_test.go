package session

import (
	"strings"
	"testing"

	"banmen/board"
	"banmen/kifu"
)

// movesFrom reads USI moves from pos, each in turn.
func movesFrom(t *testing.T, pos *board.Position, usis ...string) []board.Move {
	t.Helper()
	p := pos.Clone()
	var ms []board.Move
	for _, u := range usis {
		m, err := p.ParseMove(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		ms = append(ms, m)
		p.Do(m)
	}
	return ms
}

func childUSI(n *kifu.Node) []string {
	var out []string
	for _, c := range n.Children() {
		out = append(out, c.Move.USI())
	}
	return out
}

func TestAddLineMakesAVariationAndKeepsTheCursor(t *testing.T) {
	s := New()
	play(t, s, "7g7f", "3c3d", "2g2f")
	s.GoTo(1)
	s.MarkSaved("x.kif", kifu.KIF, kifu.UTF8)
	ch := watch(s)
	at := s.Node()
	// the engine's line after ▲７六歩: △８四歩 ▲２六歩 — a variation beside △３四歩
	end, added, err := s.AddLine(at, movesFrom(t, s.Position(), "8c8d", "2g2f"))
	if err != nil {
		t.Fatal(err)
	}
	if added != 2 || end.Ply() != 3 || end.Move.USI() != "2g2f" {
		t.Fatalf("added %d, ends at ply %d with %v", added, end.Ply(), end.Move)
	}
	if got := childUSI(at); strings.Join(got, " ") != "3c3d 8c8d" {
		t.Fatalf("moves after ▲７六歩: %v, want the main line then the variation", got)
	}
	if s.Node() != at || !s.Dirty() || ch.last()&ChangedTree == 0 {
		t.Fatalf("cursor moved (%v) or not dirty (%v) or no ChangedTree (%v)", s.Node() != at, s.Dirty(), ch.got)
	}
	if strings.Join(lineUSI(s), " ") != "7g7f 3c3d 2g2f" {
		t.Fatalf("the current line changed: %v", lineUSI(s))
	}

	// the same line again adds nothing; a longer one adds only its new tail
	if _, added, err := s.AddLine(at, movesFrom(t, s.Position(), "8c8d", "2g2f")); err != nil || added != 0 {
		t.Fatalf("the same line again: added %d, %v", added, err)
	}
	if _, added, err := s.AddLine(at, movesFrom(t, s.Position(), "8c8d", "2g2f", "8d8e")); err != nil || added != 1 {
		t.Fatalf("a longer line: added %d, %v", added, err)
	}
}

// A line added where the current line ends (the usual 詰み探索: a problem with no moves yet,
// or the last move of a record) continues the current line: the record view shows it and
// the cursor steps into it. The cursor stays where it was.
func TestAddLineAtTheEndContinuesTheCurrentLine(t *testing.T) {
	for _, tc := range []struct {
		name   string
		played []string
	}{{"an empty record", nil}, {"after the last move", []string{"7g7f", "3c3d"}}} {
		t.Run(tc.name, func(t *testing.T) {
			s := New()
			play(t, s, tc.played...)
			at := s.Node()
			line := movesFrom(t, s.Position(), "2g2f", "8c8d", "2f2e")
			if _, added, err := s.AddLine(at, line); err != nil || added != 3 {
				t.Fatalf("added %d, %v", added, err)
			}
			want := strings.Join(append(append([]string{}, tc.played...), "2g2f", "8c8d", "2f2e"), " ")
			if got := strings.Join(lineUSI(s), " "); got != want {
				t.Fatalf("the current line is %q, want %q", got, want)
			}
			if s.Node() != at {
				t.Fatal("the cursor moved")
			}
			if !s.Forward() || s.Node().Move != line[0] {
				t.Fatal("no step forward into the added line")
			}
		})
	}
}

func TestAddLineRefusesAnIllegalMoveAndAddsNothing(t *testing.T) {
	s := New()
	play(t, s, "7g7f")
	ms := movesFrom(t, s.Position(), "3c3d", "8h2b+")
	// a third move that is not legal where it comes: White's pawn again
	bad, err := board.ParseUSIMove("3d3e")
	if err != nil {
		t.Fatal(err)
	}
	edits := s.Edits()
	_, _, err = s.AddLine(s.Node(), append(ms, bad))
	if err == nil || !strings.Contains(err.Error(), "move 3") || !strings.Contains(err.Error(), "3d3e") {
		t.Fatalf("error %v, want one naming move 3 (3d3e)", err)
	}
	if len(s.Node().Children()) != 0 || s.Edits() != edits {
		t.Fatal("a refused line changed the record")
	}
}

func TestFindPositionPrefersTheCurrentLine(t *testing.T) {
	s := New()
	play(t, s, "7g7f", "3c3d", "2g2f", "8c8d")
	s.GoTo(1)
	play(t, s, "8c8d", "2g2f", "3c3d") // a variation reaching the same position by transposition
	// now on the variation, at its end; the main line's ply 4 is the same place
	here := s.Node()
	if got := s.FindPosition(s.Position()); got != here {
		t.Fatalf("the current position found at ply %d, want the current node", got.Ply())
	}
	pos1 := s.Record().Position(s.Cursor().Line()[1])
	if got := s.FindPosition(pos1); got != s.Cursor().Line()[1] {
		t.Fatal("ply 1 of the current line not found")
	}
	// a position only on the main line: after 7g7f 3c3d
	mainLine := s.Record().MainLine()
	p := s.Record().Position(mainLine[1])
	if got := s.FindPosition(p); got != mainLine[1] {
		t.Fatalf("a position of the main line found at %v", got)
	}
	other := movesFrom(t, board.NewStartPosition(), "5g5f")
	q := board.NewStartPosition()
	q.Do(other[0])
	if got := s.FindPosition(q); got != nil {
		t.Fatalf("a position not in the record found at ply %d", got.Ply())
	}
	if PlaceKey(q) == PlaceKey(board.NewStartPosition()) {
		t.Fatal("PlaceKey does not tell two positions apart")
	}
}
