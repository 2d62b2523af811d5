package kifu

import (
	"strings"
	"testing"
	"time"

	"banmen/board"
)

func TestPlayAddsVariationsAndReusesNodes(t *testing.T) {
	r := New(nil)
	a, err := r.PlayUSI(r.Root, "7g7f")
	if err != nil {
		t.Fatal(err)
	}
	again, err := r.PlayUSI(r.Root, "7g7f")
	if err != nil || again != a {
		t.Errorf("the same move again should give the same node: %v, %v", again, err)
	}
	b, err := r.PlayUSI(r.Root, "2g2f")
	if err != nil || b.Index() != 1 || len(r.Root.Children()) != 2 {
		t.Errorf("another move should become a variation: index %d, err %v", b.Index(), err)
	}
	// a move built from the position, with its kinds
	pos := r.Position(a)
	m, _ := pos.ParseMove("3c3d")
	c, err := r.Play(a, m)
	if err != nil || c.Ply() != 2 || c.Move.Piece() != board.Pawn {
		t.Errorf("Play with a full move: %v, %v", c, err)
	}
	end, err := r.End(c, Resign, "")
	if err != nil || !end.IsSpecial() || r.Result() != Resign {
		t.Errorf("End: %v, %v, result %v", end, err, r.Result())
	}
	if same, _ := r.End(c, Resign, ""); same != end {
		t.Errorf("the same special move again should give the same node")
	}
	errs := []struct {
		name string
		err  error
		says string
	}{
		{"illegal", second(r.PlayUSI(r.Root, "7g7e")), "7g7e"},
		{"not USI", second(r.PlayUSI(r.Root, "76fu")), "76fu"},
		{"after a special move", second(r.PlayUSI(end, "2g2f")), "投了"},
		{"special after special", second(r.End(end, Interrupt, "")), "投了"},
		{"no special", second(r.End(c, NotSpecial, "")), "NotSpecial"},
		{"node of another record", second(New(nil).Play(c, m)), "not in this record"},
	}
	for _, e := range errs {
		if e.err == nil || !strings.Contains(e.err.Error(), e.says) {
			t.Errorf("%s: error %v, want one that says %q", e.name, e.err, e.says)
		}
	}
}

func second[T any](_ T, err error) error { return err }

func TestPositionsAlongTheTree(t *testing.T) {
	r := readTestFile(t, "kif/kifu-for-js__henka.kif")
	r.Root.Walk(func(n *Node) bool {
		p := board.NewStartPosition()
		for _, m := range n.Moves() {
			p.Do(m)
		}
		if got := r.Position(n); got == nil || !got.SamePosition(p) {
			t.Errorf("%s: position %v, want %v", lineOf(n), got, p)
		}
		return true
	})
	if got := r.FinalPosition().SFEN(); got != "ln1gk1snl/1r1s2g2/p1pppp1pp/6p2/1p7/2P4P1/PPSPPPP1P/2G4R1/LN2KGSNL b Bb 13" {
		t.Errorf("final position %s", got)
	}
}

func TestNoMoveAfterAnIllegalMove(t *testing.T) {
	r := readTestFile(t, "kif/mog-core-scala__kif__game__017.kif")
	last := r.MainEnd().Parent() // 反則勝ち follows the illegal move
	if _, err := r.PlayUSI(last, "7a6b"); err == nil || !strings.Contains(err.Error(), "illegal") {
		t.Errorf("playing after an illegal move: %v", err)
	}
}

func TestHeaders(t *testing.T) {
	r := readTestFile(t, "kif/mog-core-scala__kif__game__003.kif")
	if r.BlackName() != "Archon" || r.WhiteName() != "Taichi_NAKAMURA" {
		t.Errorf("players %q, %q (from 下手 and 上手)", r.BlackName(), r.WhiteName())
	}
	h := r.Headers
	h.Set("場所", "Tokyo")
	h.Set("表題", "test")
	if v, ok := h.Get("場所"); !ok || v != "Tokyo" || h[len(h)-1].Key != "表題" {
		t.Errorf("Set: %v", h)
	}
	h.Delete("場所")
	if _, ok := h.Get("場所"); ok || h.Value("場所") != "" {
		t.Errorf("Delete left it")
	}
}

func TestSetElapsed(t *testing.T) {
	r := New(nil)
	n := r.Root
	var nodes []*Node
	for i, mv := range []string{"7g7f", "3c3d", "2g2f", "8c8d"} {
		n, _ = r.PlayUSI(n, mv)
		r.SetElapsed(n, time.Duration(i+1)*time.Second)
		nodes = append(nodes, n)
	}
	want := []time.Duration{1 * time.Second, 2 * time.Second, 4 * time.Second, 6 * time.Second}
	for i, n := range nodes {
		if !n.Timed || n.Total != want[i] {
			t.Errorf("ply %d: total %v, want %v", i+1, n.Total, want[i])
		}
	}
}
