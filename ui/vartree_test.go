package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"banmen/kifu"
)

// treeRecord has variations in variations: alternatives at plies 2, 3 and 5 of the main line,
// an alternative inside the one at ply 3, and a second alternative at ply 3.
func treeRecord(t *testing.T) *kifu.Record {
	t.Helper()
	r := kifu.New(nil)
	play := func(at *kifu.Node, usi ...string) []*kifu.Node {
		var out []*kifu.Node
		for _, u := range usi {
			var err error
			if at, err = r.PlayUSI(at, u); err != nil {
				t.Fatal(err)
			}
			out = append(out, at)
		}
		return out
	}
	main := play(r.Root, "7g7f", "3c3d", "2g2f", "8c8d", "2f2e", "8d8e")
	play(main[0], "8c8d", "2g2f")               // at ply 2
	v3 := play(main[1], "6g6f", "8c8d", "6f6e") // at ply 3
	play(v3[0], "3d3e")                         // inside it, at ply 4
	play(main[1], "5g5f")                       // a second alternative at ply 3
	play(main[3], "9g9f", "8d8e")               // at ply 5
	return r
}

// Every node has a dot of its own; the main line is row 0 at the column of its ply; a
// variation lies below the line it leaves, and its connector (down the parent's column)
// crosses no dot.
func TestVariationTreeLayoutNeverCrossesADot(t *testing.T) {
	r := treeRecord(t)
	cells, nodes, rows, cols := layoutTree(r.Root)
	count := 0
	r.Root.Walk(func(*kifu.Node) bool { count++; return true })
	if len(nodes) != count || len(cells) != count {
		t.Fatalf("%d nodes placed, %d cells, want %d", len(nodes), len(cells), count)
	}
	seen := map[treeCell]*kifu.Node{}
	for n, c := range cells {
		if o := seen[c]; o != nil {
			t.Errorf("two nodes at %v", c)
		}
		seen[c] = n
		if c.col != n.Ply() || c.row < 0 || c.row >= rows || c.col >= cols {
			t.Errorf("node at ply %d placed at %v (rows %d, cols %d)", n.Ply(), c, rows, cols)
		}
		if n.IsMainLine() != (c.row == 0) {
			t.Errorf("main line %v at row %d", n.IsMainLine(), c.row)
		}
		if n.IsRoot() {
			continue
		}
		p := cells[n.Parent()]
		if n.Index() == 0 && p.row != c.row {
			t.Errorf("a main continuation changes row: %v → %v", p, c)
		}
		if n.Index() > 0 {
			if c.row <= p.row {
				t.Errorf("a variation at %v is not below its parent at %v", c, p)
			}
			for row := p.row + 1; row < c.row; row++ {
				if seen[treeCell{p.col, row}] != nil || hasCell(cells, treeCell{p.col, row}) {
					t.Errorf("the connector from %v to %v crosses the dot at %v", p, c, treeCell{p.col, row})
				}
			}
		}
	}
	if rows != 6 {
		t.Errorf("%d rows, want 6 (the main line and five alternatives)", rows)
	}
}

func hasCell(cells map[*kifu.Node]treeCell, c treeCell) bool {
	for _, x := range cells {
		if x == c {
			return true
		}
	}
	return false
}

// The tree opens from the 棋譜 menu, a click on a dot goes to its position (a variation's
// too), the current position is named above the tree and followed as the record moves.
func TestVariationTreeOpensFromTheMenuAndAClickGoesThere(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, henkaKIF)
	var open *fyne.MenuItem
	for _, it := range menuItems(w.buildMenu()) {
		if it.Label == japaneseRecord.TreeMenu {
			open = it
		}
	}
	if open == nil {
		t.Fatal("no 分岐ツリー… in the menus")
	}
	open.Action()
	tr := w.record.tree
	if tr == nil || !dialogOpen(w) {
		t.Fatal("the tree did not open")
	}
	var target *kifu.Node
	for _, n := range tr.nodes {
		if !n.IsMainLine() && n.Ply() > 2 {
			target = n
			break
		}
	}
	if target == nil {
		t.Fatal("henka has no variation deeper than ply 2")
	}
	p := tr.at(tr.cells[target])
	test.Tap(tr) // on nothing
	tr.Tapped(&fyne.PointEvent{Position: fyne.NewPos(p.X+2, p.Y-1)})
	if w.Session().Node() != target {
		t.Fatalf("a click on the dot at ply %d went to ply %d", target.Ply(), w.Session().Ply())
	}
	if got, want := tr.info.Text, w.record.nodeTitle(target); !strings.HasPrefix(got, want) {
		t.Errorf("the tree names %q, want %q", got, want)
	}
	if row := w.record.list; w.Session().Cursor().Line()[target.Ply()] != target || row.row != target.Ply() {
		t.Errorf("the move list does not show the variation chosen in the tree")
	}
	pressKey(w, fyne.KeyHome)
	if got := tr.info.Text; got != japaneseRecord.StartPos+"  "+bookmarkMark+" 読み込み時表示" {
		t.Errorf("after Home the tree names %q", got)
	}
	// a click between dots goes nowhere
	q, right, below := tr.at(treeCell{3, 0}), tr.at(treeCell{4, 0}), tr.at(treeCell{3, 1})
	tr.Tapped(&fyne.PointEvent{Position: fyne.NewPos((q.X+right.X)/2, (q.Y+below.Y)/2)})
	if w.Session().Ply() != 0 {
		t.Errorf("a click between dots went to ply %d", w.Session().Ply())
	}
	tr.dlg.Hide()
	if w.record.tree != nil {
		t.Error("the closed tree is still followed")
	}
}
