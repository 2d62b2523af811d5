package session

import (
	"errors"
	"slices"
	"testing"

	"banmen/board"
	"banmen/kifu"
)

// changes records what a session reports.
type changes struct{ got []Change }

func watch(s *Session) *changes {
	c := &changes{}
	s.OnChange(func(ch Change) { c.got = append(c.got, ch) })
	return c
}

func (c *changes) last() Change {
	if len(c.got) == 0 {
		return 0
	}
	return c.got[len(c.got)-1]
}

func play(t *testing.T, s *Session, usis ...string) {
	t.Helper()
	for _, u := range usis {
		m, err := s.Position().ParseMove(u)
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		if _, _, err := s.Play(m); err != nil {
			t.Fatalf("playing %s: %v", u, err)
		}
	}
}

func lineUSI(s *Session) []string {
	var out []string
	for _, n := range s.Cursor().Line()[1:] {
		if n.Move != board.NoMove {
			out = append(out, n.Move.USI())
		} else {
			out = append(out, n.Special.String())
		}
	}
	return out
}

func TestPlayAddsMovesAndMarksTheRecordChanged(t *testing.T) {
	s := New()
	ch := watch(s)
	if s.Dirty() || s.Ply() != 0 {
		t.Fatalf("a new session: dirty %v, ply %d", s.Dirty(), s.Ply())
	}
	play(t, s, "7g7f")
	if !s.Dirty() || s.Ply() != 1 || s.LastMove().USI() != "7g7f" {
		t.Fatalf("after 7g7f: dirty %v ply %d last %v", s.Dirty(), s.Ply(), s.LastMove())
	}
	if want := ChangedTree | ChangedCursor | ChangedComment | ChangedFile; ch.last() != want {
		t.Errorf("changes reported %b, want %b", ch.last(), want)
	}
	if got := s.Position().SideToMove(); got != board.White {
		t.Errorf("after one move %v is to move", got)
	}
}

func TestPlayingAMoveThatIsThereFollowsIt(t *testing.T) {
	s := New()
	play(t, s, "7g7f", "3c3d", "2g2f")
	s.First()
	edits := s.Edits()
	ch := watch(s)
	play(t, s, "7g7f")
	if s.Edits() != edits || ch.last() != ChangedCursor {
		t.Errorf("replaying the main move changed the record (edits %d→%d, change %b)", edits, s.Edits(), ch.last())
	}
	if got := lineUSI(s); !slices.Equal(got, []string{"7g7f", "3c3d", "2g2f"}) {
		t.Errorf("line %v", got)
	}
}

func TestVariations(t *testing.T) {
	s := New()
	play(t, s, "7g7f", "3c3d", "2g2f")
	if !s.GoTo(1) {
		t.Fatal("GoTo(1) failed")
	}
	play(t, s, "8c8d") // a variation at move 2
	n := s.Node()
	if !HasVariations(n) || n.Index() != 1 || n.IsMainLine() {
		t.Fatalf("8c8d: variations %v index %d main %v", HasVariations(n), n.Index(), n.IsMainLine())
	}
	if got := lineUSI(s); !slices.Equal(got, []string{"7g7f", "8c8d"}) {
		t.Errorf("the current line after the variation: %v", got)
	}
	play(t, s, "2g2f")
	s.Back()
	// choose the main move again, then the variation
	if !s.SelectVariation(0) || s.Node().Move.USI() != "3c3d" {
		t.Fatalf("SelectVariation(0) is at %v", s.Node().Move)
	}
	if got := lineUSI(s); !slices.Equal(got, []string{"7g7f", "3c3d", "2g2f"}) {
		t.Errorf("the main line: %v", got)
	}
	if !s.SelectVariation(1) || s.Node().Move.USI() != "8c8d" {
		t.Fatalf("SelectVariation(1) is at %v", s.Node().Move)
	}
	if s.SelectVariation(2) {
		t.Error("SelectVariation(2) of two alternatives succeeded")
	}
	// promote it to the main line
	s.Forward()
	if !s.MakeMainLine() {
		t.Fatal("MakeMainLine did nothing")
	}
	if got := s.Record().MainMoves(); len(got) != 3 || got[1].USI() != "8c8d" {
		t.Errorf("main line after MakeMainLine: %v", got)
	}
	if s.MakeMainLine() {
		t.Error("MakeMainLine on the main line reports a change")
	}
	// and back one place with PromoteVariation on the old main move
	s.GoTo(2)
	if !s.SelectVariation(1) || s.Node().Move.USI() != "3c3d" { // now second
		t.Fatalf("the old main move is not the second alternative: %v", s.Node().Move)
	}
	if !s.PromoteVariation() || s.Node().Index() != 0 {
		t.Errorf("PromoteVariation: index %d", s.Node().Index())
	}
	if s.PromoteVariation() {
		t.Error("PromoteVariation of the first alternative reports a change")
	}
	// delete the 3c3d branch
	if !s.DeleteFromHere() {
		t.Fatal("DeleteFromHere did nothing")
	}
	if s.Ply() != 1 || len(s.Node().Children()) != 1 || s.Node().Next().Move.USI() != "8c8d" {
		t.Errorf("after deleting 3c3d: ply %d, children %d", s.Ply(), len(s.Node().Children()))
	}
}

func TestTakeBack(t *testing.T) {
	s := New()
	if err := s.TakeBack(); !errors.Is(err, ErrNoMove) {
		t.Errorf("TakeBack at the start: %v, want ErrNoMove", err)
	}
	play(t, s, "7g7f", "3c3d")
	s.Back()
	if err := s.TakeBack(); !errors.Is(err, ErrNotLastMove) {
		t.Errorf("TakeBack with a move after it: %v, want ErrNotLastMove", err)
	}
	if len(s.Record().MainMoves()) != 2 {
		t.Fatal("a refused TakeBack deleted moves")
	}
	s.Forward()
	if err := s.TakeBack(); err != nil {
		t.Fatal(err)
	}
	if s.Ply() != 1 || len(s.Record().MainMoves()) != 1 {
		t.Errorf("after TakeBack: ply %d, moves %d", s.Ply(), len(s.Record().MainMoves()))
	}
}

func TestPlayingAtASpecialMoveMakesAnAlternative(t *testing.T) {
	s := New()
	play(t, s, "7g7f")
	if _, err := s.Cursor().End(kifu.Resign, ""); err != nil {
		t.Fatal(err)
	}
	play(t, s, "3c3d")
	n := s.Node()
	if n.Ply() != 2 || n.Index() != 1 || n.Siblings()[0].Special != kifu.Resign {
		t.Errorf("3c3d after 投了: ply %d index %d", n.Ply(), n.Index())
	}
}

func TestCommentAndHeaders(t *testing.T) {
	s := New()
	ch := watch(s)
	s.SetComment("")
	if s.Dirty() || len(ch.got) != 0 {
		t.Fatal("setting the same comment changed the record")
	}
	s.SetComment("序盤")
	if s.Comment() != "序盤" || !s.Dirty() || ch.last()&ChangedComment == 0 {
		t.Errorf("comment %q dirty %v changes %b", s.Comment(), s.Dirty(), ch.last())
	}
	s.SetHeader(kifu.HeaderBlack, "羽生")
	s.SetHeader(kifu.HeaderWhite, "")
	if s.Header(kifu.HeaderBlack) != "羽生" || ch.last() != ChangedHeaders {
		t.Errorf("header %q, changes %b", s.Header(kifu.HeaderBlack), ch.last())
	}
	if _, ok := s.Record().Headers.Get(kifu.HeaderWhite); ok {
		t.Error("an empty value made a header")
	}
	s.SetHeader(kifu.HeaderBlack, "")
	if _, ok := s.Record().Headers.Get(kifu.HeaderBlack); ok {
		t.Error("an empty value did not delete the header")
	}
}

func TestResetStartsFromAHandicap(t *testing.T) {
	s := New()
	play(t, s, "7g7f")
	h, _ := kifu.HandicapByName("角落ち")
	s.Reset(h.Position())
	if s.Dirty() || s.Ply() != 0 || len(s.Record().MainMoves()) != 0 {
		t.Errorf("after Reset: dirty %v ply %d", s.Dirty(), s.Ply())
	}
	if s.Position().SideToMove() != board.White || s.Header("手合割") != "角落ち" {
		t.Errorf("角落ち: %v to move, 手合割 %q", s.Position().SideToMove(), s.Header("手合割"))
	}
}

func TestStepStaysOnTheLine(t *testing.T) {
	s := New()
	play(t, s, "7g7f", "3c3d", "2g2f", "8c8d")
	s.First()
	if !s.Step(10) || s.Ply() != 4 {
		t.Errorf("Step(10) from the start: ply %d", s.Ply())
	}
	if s.Step(1) || s.Forward() || s.Last() {
		t.Error("moving past the end reports a move")
	}
	if !s.Step(-3) || s.Ply() != 1 {
		t.Errorf("Step(-3): ply %d", s.Ply())
	}
	if !s.First() || s.First() || s.Back() {
		t.Error("First twice, or Back at the start, reports a move")
	}
}

func TestSetNodeComment(t *testing.T) {
	s := New()
	play(t, s, "7g7f", "3c3d")
	ch := watch(s)
	e0 := s.Edits()
	first := s.Record().MainLine()[0]
	s.SetNodeComment(first, "#評価値=50")
	if first.Comment != "#評価値=50" || !s.Dirty() || s.Edits() != e0+1 {
		t.Fatalf("comment %q dirty %v edits %d", first.Comment, s.Dirty(), s.Edits())
	}
	if ch.last()&ChangedComment != 0 {
		t.Errorf("another node's comment reported as the current one's: %b", ch.last())
	}
	s.SetNodeComment(s.Node(), "x")
	if ch.last() != ChangedComment || s.Comment() != "x" {
		t.Errorf("the current node's comment: changes %b, comment %q", ch.last(), s.Comment())
	}
	n := len(ch.got)
	s.SetNodeComment(first, "#評価値=50")
	if len(ch.got) != n || s.Edits() != e0+2 {
		t.Error("the same comment again counted as a change")
	}
}

// A header set with line breaks is kept on one line, as KIF, KI2 and CSA write it: a CR and
// LF pair, a CR before the space a one-line entry made of an LF, a lone CR or LF, each one
// space.
func TestSetHeaderKeepsOneLine(t *testing.T) {
	s := New()
	for in, want := range map[string]string{
		"第76期\r\n名人戦": "第76期 名人戦",
		"第76期\r 名人戦":  "第76期 名人戦",
		"a\rb\nc":     "a b c",
		"two  spaces": "two  spaces",
	} {
		s.SetHeader("棋戦", in)
		if got := s.Header("棋戦"); got != want {
			t.Errorf("SetHeader(%q) kept %q, want %q", in, got, want)
		}
	}
}
