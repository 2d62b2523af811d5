package bundledengine

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"banmen/board"
)

// benchTotals returns the nodes of each position's line and the "Nodes searched" total of
// bench output, failing the test when a line is missing or malformed.
func benchTotals(t *testing.T, out string) (perPosition []uint64, total uint64) {
	t.Helper()
	posLine := regexp.MustCompile(`^depth (\d+) nodes (\d+) time \d+ nps \d+ score (cp|mate) -?\d+ bestmove (\S+)$`)
	var sawTime, sawNPS bool
	for _, l := range strings.Split(out, "\n") {
		switch {
		case posLine.MatchString(l):
			m := posLine.FindStringSubmatch(l)
			n, _ := strconv.ParseUint(m[2], 10, 64)
			perPosition = append(perPosition, n)
		case strings.HasPrefix(l, "Nodes searched  : "):
			n, err := strconv.ParseUint(strings.TrimPrefix(l, "Nodes searched  : "), 10, 64)
			if err != nil {
				t.Fatalf("bad line %q", l)
			}
			total = n
		case strings.HasPrefix(l, "Total time (ms) : "):
			sawTime = true
		case strings.HasPrefix(l, "Nodes/second    : "):
			sawNPS = true
		}
	}
	if len(perPosition) != len(benchPositions) || total == 0 || !sawTime || !sawNPS {
		t.Fatalf("bench output lacks lines (%d position lines, total %d, time %v, nps %v):\n%s",
			len(perPosition), total, sawTime, sawNPS, out)
	}
	return perPosition, total
}

// TestBenchDeterministic: at a fixed depth, bench searches the same number of nodes on
// every run, position by position, and the total is their sum.
func TestBenchDeterministic(t *testing.T) {
	const depth = 6
	var outs [2]string
	var totals [2]uint64
	var per [2][]uint64
	for i := range outs {
		var b strings.Builder
		res, err := Bench(&b, depth)
		if err != nil {
			t.Fatal(err)
		}
		outs[i] = b.String()
		per[i], totals[i] = benchTotals(t, outs[i])
		if res.Nodes != totals[i] {
			t.Errorf("Bench returned %d nodes, printed %d", res.Nodes, totals[i])
		}
	}
	var sum uint64
	for _, n := range per[0] {
		sum += n
	}
	if sum != totals[0] {
		t.Errorf("positions' nodes add up to %d, total says %d", sum, totals[0])
	}
	if totals[0] != totals[1] {
		t.Errorf("two runs at depth %d searched %d and %d nodes:\n%s\n%s", depth, totals[0], totals[1], outs[0], outs[1])
	}
	for i := range per[0] {
		if per[0][i] != per[1][i] {
			t.Errorf("position %d: %d nodes, then %d", i+1, per[0][i], per[1][i])
		}
	}
	if !strings.Contains(outs[0], "depth 6 nodes") {
		t.Errorf("not searched to depth 6:\n%s", outs[0])
	}
}

// TestBenchPositions: the bench positions are legal positions with moves to search.
func TestBenchPositions(t *testing.T) {
	for _, s := range benchPositions {
		p, err := board.ParseSFEN(s)
		if err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		if !p.HasLegalMove() {
			t.Errorf("%q: no legal move", s)
		}
	}
}

// TestUSIBench: "bench depth" typed at the USI prompt prints the bench, and a bad depth is
// refused with a message naming it.
func TestUSIBench(t *testing.T) {
	h := startUSI(t)
	h.send("bench 1x")
	if l, _ := h.expect("info string"); !strings.Contains(l, `"1x"`) {
		t.Errorf("bench 1x: %q", l)
	}
	h.send("bench 4")
	if _, before := h.expect("Nodes/second    : "); !strings.Contains(strings.Join(before, "\n"), "Nodes searched  : ") {
		t.Errorf("bench 4 printed no Nodes searched line: %q", before)
	}
	// the engine still plays after a bench
	h.send("position startpos", "go depth 2")
	h.expect("bestmove ")
}

// TestBenchThreads: bench with two threads searches every position to the depth with Lazy
// SMP and says how many threads it used; the arguments are read and checked.
func TestBenchThreads(t *testing.T) {
	var b strings.Builder
	res, err := BenchThreads(&b, 6, 2)
	if err != nil {
		t.Fatal(err)
	}
	out := b.String()
	per, total := benchTotals(t, out)
	if haveCPUTime && (res.CPU <= 0 || !strings.Contains(out, "Nodes/CPU-second: ")) {
		t.Errorf("no CPU time measured (%v):\n%s", res.CPU, out)
	}
	if res.Nodes != total || !strings.Contains(out, "Threads         : 2\n") {
		t.Errorf("2 threads: returned %d nodes, printed %d:\n%s", res.Nodes, total, out)
	}
	for i, n := range per {
		if n == 0 {
			t.Errorf("position %d: no nodes", i+1)
		}
	}
	if strings.Count(out, "depth 6 nodes") != len(benchPositions) {
		t.Errorf("not every position searched to depth 6:\n%s", out)
	}
	for _, c := range []struct {
		args          []string
		depth, thread int
		bad           string
	}{
		{nil, 0, 1, ""},
		{[]string{"9"}, 9, 1, ""},
		{[]string{"9", "4"}, 9, 4, ""},
		{[]string{"x"}, 0, 0, `"x"`},
		{[]string{"9", "0"}, 0, 0, `threads "0"`},
		{[]string{"9", "65"}, 0, 0, `threads "65"`},
		{[]string{"9", "2", "1"}, 0, 0, "expected [depth [threads]]"},
	} {
		d, n, err := ParseBenchArgs(c.args)
		if c.bad != "" {
			if err == nil || !strings.Contains(err.Error(), c.bad) {
				t.Errorf("%q: error %v, want one naming %s", c.args, err, c.bad)
			}
			continue
		}
		if err != nil || d != c.depth || n != c.thread {
			t.Errorf("%q: depth %d threads %d (%v), want %d %d", c.args, d, n, err, c.depth, c.thread)
		}
	}
}
