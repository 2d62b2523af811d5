package kifu

import (
	"reflect"
	"strings"
	"testing"
)

// lineOf returns the USI moves from the root to n.
func lineOf(n *Node) string { return strings.Join(usiMoves(n.Moves()), " ") }

// findLine returns the node reached by the moves (USI, space-separated) from the root.
func findLine(t *testing.T, r *Record, moves string) *Node {
	t.Helper()
	n := r.Root
	for _, mv := range strings.Fields(moves) {
		var next *Node
		for _, c := range n.Children() {
			if c.Move.USI() == mv {
				next = c
			}
		}
		if next == nil {
			t.Fatalf("no move %s after %q", mv, lineOf(n))
		}
		n = next
	}
	return n
}

func readTestFile(t *testing.T, name string) *Record {
	t.Helper()
	r, err := ReadFile("testdata/" + name)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return r
}

func TestNodeNavigation(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	n := findLine(t, r, "2g2f 8c8d 2f2e")
	tests := []struct {
		name string
		got  any
		want any
	}{
		{"ply", n.Ply(), 3},
		{"parent", lineOf(n.Parent()), "2g2f 8c8d"},
		{"index among siblings", n.Parent().Parent().Index(), 1},
		{"siblings", len(n.Parent().Siblings()), 2},
		{"not on the main line", n.IsMainLine(), false},
		{"main line node", findLine(t, r, "7g7f 8c8d 2g2f").IsMainLine(), true},
		{"root", n.Root() == r.Root, true},
		{"path length", len(n.Path()), 4},
		{"line to the end", len(n.Line()), 5}, // 2f2e 8d8e 6i7h 4a3b 中断
		{"last is the special move", n.Last().Special, Interrupt},
		{"special ply", n.Last().Ply(), 7},
		{"next", n.Next().Move.USI(), "8d8e"},
		{"child with move", n.ChildWithMove(n.Next().Move) == n.Next(), true},
		{"contains", n.Parent().Contains(n) && !n.Contains(n.Parent()), true},
		{"root is root", r.Root.IsRoot() && !n.IsRoot(), true},
	}
	for _, tt := range tests {
		if !reflect.DeepEqual(tt.got, tt.want) {
			t.Errorf("%s: %v, want %v", tt.name, tt.got, tt.want)
		}
	}
	visited := 0
	r.Root.Walk(func(*Node) bool { visited++; return visited < 5 })
	if visited != 5 {
		t.Errorf("Walk did not stop when told: %d visits", visited)
	}
}

func TestMakeMainLine(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	deep := findLine(t, r, "2g2f 3c3d 7g7f")
	deep.MakeMainLine()
	if got := strings.Join(usiMoves(r.MainMoves()), " "); got != "2g2f 3c3d 7g7f 4c4d 3i4h" {
		t.Errorf("main line %q", got)
	}
	// the old main line is now the first alternative at move 1, the others keep their order
	first := r.Root.Children()
	if len(first) != 2 || first[1].Move.USI() != "7g7f" {
		t.Errorf("alternatives at move 1: %v", usiOf(first))
	}
	second := first[0].Children()
	if got := usiOf(second); !reflect.DeepEqual(got, []string{"3c3d", "8c8d"}) {
		t.Errorf("alternatives at move 2: %v", got)
	}
	if !deep.IsMainLine() {
		t.Error("the node is not on the main line")
	}
}

func usiOf(ns []*Node) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Move.USI())
	}
	return out
}

func TestPromoteDemoteRemove(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	at3 := findLine(t, r, "7g7f 8c8d").Children() // 2g2f (main), 7i6h, 2h6h
	if got := usiOf(at3); !reflect.DeepEqual(got, []string{"2g2f", "7i6h", "2h6h"}) {
		t.Fatalf("alternatives at move 3: %v", got)
	}
	third := at3[2]
	if !third.Promote() || !reflect.DeepEqual(usiOf(third.Siblings()), []string{"2g2f", "2h6h", "7i6h"}) {
		t.Errorf("after Promote: %v", usiOf(third.Siblings()))
	}
	if !third.Promote() || third.Promote() {
		t.Errorf("Promote should succeed once more and then report false at the front")
	}
	if !third.Demote() || third.Index() != 1 {
		t.Errorf("Demote: index %d", third.Index())
	}
	last := third.Siblings()[2]
	if last.Demote() {
		t.Errorf("Demote of the last sibling should report false")
	}
	parent := third.Remove()
	if parent == nil || lineOf(parent) != "7g7f 8c8d" || len(parent.Children()) != 2 || third.Parent() != nil {
		t.Errorf("after Remove: parent %v, %d children", parent, len(parent.Children()))
	}
	if r.Root.Remove() != nil {
		t.Errorf("removing the root should do nothing")
	}
	// removing the main continuation makes the next alternative the main one
	r.Root.Children()[0].Remove()
	if got := strings.Join(usiMoves(r.MainMoves()), " "); got != "2g2f 8c8d 2f2e 8d8e 6i7h 4a3b" {
		t.Errorf("main line after removing 7g7f: %q", got)
	}
	r.Root.RemoveChildren()
	if len(r.MainLine()) != 0 {
		t.Errorf("RemoveChildren left moves")
	}
}
