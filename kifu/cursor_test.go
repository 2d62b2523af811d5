package kifu

import (
	"strings"
	"testing"
)

func TestCursorWalksTheCurrentLine(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	c := r.NewCursor()
	if c.Ply() != 0 || !c.Node().IsRoot() || len(c.Line()) != 14 { // root, 12 moves, 中断
		t.Fatalf("new cursor: ply %d, line of %d", c.Ply(), len(c.Line()))
	}
	if c.Back() {
		t.Error("Back at the root should report false")
	}
	for c.Forward() {
	}
	if c.Ply() != 13 || c.Node().Special != Interrupt {
		t.Errorf("at the end: ply %d, %v", c.Ply(), c.Node().Special)
	}
	if !c.GoTo(2) || c.LastMove().USI() != "8c8d" {
		t.Errorf("GoTo(2): %v", c.LastMove())
	}
	if c.GoTo(99) || c.Ply() != 13 || c.GoTo(-1) || c.Ply() != 0 {
		t.Errorf("GoTo out of range should clamp and report false: ply %d", c.Ply())
	}
	// choose the variation 7i6h at move 3: the line switches to it
	c.GoTo(3)
	if !c.SelectVariation(1) || c.LastMove().USI() != "7i6h" || len(c.Line()) != 7 {
		t.Fatalf("SelectVariation: %v, line of %d", c.LastMove(), len(c.Line()))
	}
	// back to move 1 and forward again: still in the variation
	c.GoTo(1)
	c.Forward()
	c.Forward()
	if c.LastMove().USI() != "7i6h" {
		t.Errorf("forward from move 1 left the variation: %v", c.LastMove())
	}
	if c.SelectVariation(5) {
		t.Errorf("SelectVariation out of range should report false")
	}
	// the position follows
	if got, want := c.Position().SFEN(), r.Position(c.Node()).SFEN(); got != want {
		t.Errorf("position %s, want %s", got, want)
	}
	c.First()
	c.Last()
	if c.Node().Parent().Move.USI() != "6g6f" {
		t.Errorf("Last: %v", c.Node())
	}
}

func TestCursorSelectsAnyNode(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	c := r.NewCursor()
	n := findLine(t, r, "2g2f 3c3d 7g7f")
	if !c.Select(n) || c.Ply() != 3 || lineOf(c.Line()[len(c.Line())-2]) != "2g2f 3c3d 7g7f 4c4d 3i4h" {
		t.Errorf("Select: ply %d", c.Ply())
	}
	if c.Select(New(nil).Root) {
		t.Error("selecting a node of another record should report false")
	}
}

func TestCursorPlayAndRemove(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	c := r.NewCursor()
	c.GoTo(11)
	before := len(c.Node().Children())
	n, err := c.PlayUSI("3a4b") // a move that is not in the record at ply 12
	if err != nil || c.Node() != n || n.Index() != before {
		t.Fatalf("Play: %v, index %d", err, n.Index())
	}
	if len(c.Line()) != 13 || c.Line()[12] != n {
		t.Errorf("the line should end at the new move: %d nodes", len(c.Line()))
	}
	if _, err := c.PlayUSI("9a9b"); err == nil {
		t.Error("an illegal move should fail")
	}
	n2, err := c.PlayUSI("2f2e")
	if err != nil || n2.Ply() != 13 {
		t.Fatalf("second Play: %v", err)
	}
	if _, err := c.End(Resign, ""); err != nil || c.Node().Special != Resign {
		t.Errorf("End: %v", err)
	}
	c.Back()
	c.Back()
	c.Remove() // removes 3a4b and what follows
	if c.Ply() != 11 || len(c.Node().Children()) != before {
		t.Errorf("after Remove: ply %d, %d children", c.Ply(), len(c.Node().Children()))
	}
	// the tree changed behind the cursor's back: Refresh repairs the line
	c.GoTo(12)
	c.GoTo(5)
	findLine(t, r, "7g7f 8c8d 2g2f 8d8e").Remove()
	c.Refresh()
	if c.Ply() != 3 || len(c.Line()) != 4 { // root 7g7f 8c8d 2g2f, which now has no continuation
		t.Errorf("after Refresh: ply %d, line of %d: %s", c.Ply(), len(c.Line()), lineOf(c.Line()[len(c.Line())-1]))
	}
	c.First()
	c.Remove()
	if len(r.MainLine()) != 0 || len(c.Line()) != 1 {
		t.Errorf("Remove at the root should delete every move")
	}
}

func TestCursorMakeMainLine(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	c := r.NewCursor()
	c.Select(findLine(t, r, "7g7f 8c8d 2h6h"))
	c.MakeMainLine()
	if got := strings.Join(usiMoves(r.MainMoves()), " "); got != "7g7f 8c8d 2h6h 3c3d 6g6f" {
		t.Errorf("main line %q", got)
	}
}
