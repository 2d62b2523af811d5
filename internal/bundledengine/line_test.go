package bundledengine

import (
	"strings"
	"testing"
	"time"

	"banmen/board"
)

func TestVerifyLine(t *testing.T) {
	p := mustSFEN(t, "9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1")
	moves := func(s string) []board.Move {
		var out []board.Move
		q := *p
		for _, u := range strings.Fields(s) {
			m, err := q.ParseMove(u)
			if err != nil {
				t.Fatalf("%s: %v", u, err)
			}
			out = append(out, m)
			q.Do(m)
		}
		return out
	}
	for _, c := range []struct {
		line string
		want bool
	}{
		{"G*8f 9f9g 8f8g 9g9h 8g8h", true}, // the Shogidokoro example
		{"G*8f 9f9g 8f8g", false},          // not mate yet
		{"G*8f 9f9g", false},               // ends with the defender's move
	} {
		if got := verifyLine(p, moves(c.line), true, false); got != c.want {
			t.Errorf("%q: %v, want %v", c.line, got, c.want)
		}
	}
	// a quiet attacker move is no tsume line
	q := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	m, _ := q.ParseMove("5i4h")
	if verifyLine(q, []board.Move{m}, true, false) {
		t.Error("a move that does not check passed")
	}
}

// TestMainLineLongestDefence: problems where the lengths of the proofs df-pn found lead the
// line astray: without resist the defender's reply somewhere is mated sooner than another
// reply the line leaves out (ElmoTeacherDecoder-005 at ply 13: 2a3c), or an attacker's move
// is not his quickest. With it each line is a main line: no shorter mate at the attacker's
// turns, no longer defence at the defender's.
func TestMainLineLongestDefence(t *testing.T) {
	ids := []string{"ElmoTeacherDecoder-005", "ElmoTeacherDecoder-009", "ElmoTeacherDecoder-019", "YaneuraOu-007"}
	if testing.Short() {
		ids = ids[:1]
	}
	for _, id := range ids {
		tp := tsumeByID(t, id)
		countFutile := strings.HasPrefix(tp.Rules, "engine")
		for _, resist := range []bool{false, true} {
			s := NewSolver(64)
			s.noResist = !resist
			p := tp.position(t)
			r := s.Solve(p, SolveOptions{Deadline: time.Now().Add(5 * time.Minute), CountFutile: countFutile})
			if solved, ok, why := tp.judge(p, r); !solved || !ok {
				t.Fatalf("%s: %v %s", id, r.Status, why)
			}
			fault, unknown := checkMainLine(p, true, r.Line, countFutile, 300000)
			t.Logf("%s resist %v: %d plies, %d nodes (proof %d): %s; fault %q, %d unknown", id, resist, len(r.Line), r.Nodes, r.ProofNodes, moveString(r.Line), fault, unknown)
			switch {
			case resist && fault != "":
				t.Errorf("%s: not a main line: %s", id, fault)
			case !resist && fault == "":
				// the case this problem was chosen for has gone: it must find another one
				t.Errorf("%s: without resist the line is a main line too; the problem checks nothing", id)
			}
		}
	}
}

// traceStep is one step of the search for a shorter mate from the root.
type traceStep struct {
	limit  int
	proven bool
	nodes  uint64
}

// solveTraced solves the shared problem id (a mate) with a fresh solver (noWalk as asked)
// and returns its position, the result and the root's shorter-mate steps; it fails the test
// unless solved.
func solveTraced(t *testing.T, id string, countFutile, noWalk bool) (*board.Position, SolveResult, []traceStep) {
	t.Helper()
	tp := tsumeByID(t, id)
	var steps []traceStep
	s := NewSolver(64)
	s.noWalk = noWalk
	s.trace = func(limit int, proven bool, nodes uint64) { steps = append(steps, traceStep{limit, proven, nodes}) }
	p := tp.position(t)
	r := s.Solve(p, SolveOptions{Deadline: time.Now().Add(5 * time.Minute), CountFutile: countFutile})
	if solved, ok, why := tp.judge(p, r); !solved || !ok {
		t.Fatalf("%s: %v %s", id, r.Status, why)
	}
	return p, r, steps
}

// TestShortenStepsDownFromTheLastProof: ElmoTeacherDecoder-001 (plain rules) is proven within
// 17 plies, and with the table's lengths taken at their word (noWalk) the proof's line comes
// out at 11 plies, shorter than the mate (at ply 1 the line's reply is mated sooner than
// 8a9c). Mate within 9 is not found (its budget runs out), and were the search to end there
// the answer would be those 11 plies, no main line. So the steps go on down from 17, and the
// line is the main line of 15 plies. With the walk (walkLine) the line within 17 keeps its
// defence: the steps go straight down to 15, and the line is the same main line.
func TestShortenStepsDownFromTheLastProof(t *testing.T) {
	for _, noWalk := range []bool{true, false} {
		p, r, steps := solveTraced(t, "ElmoTeacherDecoder-001", true, noWalk)
		back := false // a step that found nothing below the last limit proven less two, then more steps
		provenLimit := 1 << 30
		for i, st := range steps {
			if !st.proven && st.limit < provenLimit-2 && i+1 < len(steps) {
				back = true
			}
			if st.proven {
				provenLimit = st.limit
			}
		}
		t.Logf("noWalk %v: steps %v; %d plies: %s", noWalk, steps, len(r.Line), moveString(r.Line))
		if back != noWalk {
			t.Errorf("noWalk %v: a step back below a line shorter than the mate %v, want %v", noWalk, back, noWalk)
		}
		if fault, _ := checkMainLine(p, true, r.Line, true, 300000); fault != "" {
			t.Errorf("noWalk %v: not a main line: %s", noWalk, fault)
		}
	}
}

// TestResistPassesAgain: ElmoTeacherDecoder-017 under tsume rules. On resist's first pass,
// at ply 5 the defender's 7a7b is mated within the 15 plies the line takes after S*5c; further
// down the rest after S*5c comes out at 11, and 7a7b, mated in 13, is the longer defence. One
// pass leaves that line of 17 plies, no main line; the next, asking again with the rests as
// they are, finds a longer defence (G*6b at ply 7) and a main line of 21.
func TestResistPassesAgain(t *testing.T) {
	tp := tsumeByID(t, "ElmoTeacherDecoder-017")
	for _, once := range []bool{true, false} {
		s := NewSolver(64)
		s.resistOnce = once
		p := tp.position(t)
		r := s.Solve(p, SolveOptions{Deadline: time.Now().Add(5 * time.Minute)})
		if solved, ok, why := tp.judge(p, r); !solved || !ok {
			t.Fatalf("%v %s", r.Status, why)
		}
		fault, unknown := checkMainLine(p, true, r.Line, false, 300000)
		t.Logf("one pass %v: %d plies, fault %q, %d unknown: %s", once, len(r.Line), fault, unknown, moveString(r.Line))
		switch {
		case once && fault == "":
			t.Errorf("with one pass the line is a main line too: the problem checks nothing")
		case !once && fault != "":
			t.Errorf("not a main line: %s", fault)
		}
	}
}

// TestProvenLength: the bound resist measures a longer defence against is the root's proof in
// the table (an upper bound on its shortest mate), never less than the line it was given, and
// the line's own length where the table has no proof of the root.
func TestProvenLength(t *testing.T) {
	p := mustSFEN(t, "9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1") // Shogidokoro's mate in 5
	s := NewSolver(1)
	r := s.Solve(p, SolveOptions{Deadline: time.Now().Add(time.Minute)})
	if r.Status != MateFound || len(r.Line) != 5 {
		t.Fatalf("%v in %d plies, want a mate in 5", r.Status, len(r.Line))
	}
	e, ok := s.tt.lookup(boardKey(p), handPack(p.Hand(p.SideToMove())))
	if !ok || e.pn != 0 {
		t.Fatal("the root's proof is not in the table")
	}
	if got := s.provenLength(p, 1); got != int(e.length) || got < 5 {
		t.Errorf("provenLength = %d, want the root's proof length %d (at least 5)", got, e.length)
	}
	if got := s.provenLength(p, 99); got != 99 {
		t.Errorf("provenLength with a longer line = %d, want 99", got)
	}
	q := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b G2r2b3g4s4n4l18p 1") // never searched
	if got := s.provenLength(q, 7); got != 7 {
		t.Errorf("provenLength of a position the table does not know = %d, want 7", got)
	}
}

// TestStoppedKeepsAFullLine: ElmoTeacherDecoder-001 under plain rules, its mate in 15 given
// after each step of the search for a shorter mate, with the table's lengths taken at their
// word (noWalk: the walk is bounded and may fail, and then they are). The step within 17
// plies is proven with a line of 11 that is no main line (8a9c at ply 1 resists longer);
// stopped there, before resist can mend it, the answer claimed a mate in 11. A line given
// when stopped is never shorter than the shortest mate: it is the last one as long as its
// proof's limit.
func TestStoppedKeepsAFullLine(t *testing.T) {
	p, whole, steps := solveTraced(t, "ElmoTeacherDecoder-001", true, true)
	stops := 0
	used := whole.ProofNodes
	for _, st := range steps {
		used += st.nodes
		if !st.proven {
			continue
		}
		// stopped just after this step's proof (and its line)
		s := NewSolver(64)
		s.noWalk = true
		r := s.Solve(p, SolveOptions{Deadline: time.Now().Add(5 * time.Minute), CountFutile: true, MaxNodes: used + 1})
		stops++
		if r.Status != MateFound || !verifyLine(p, r.Line, true, true) {
			t.Fatalf("stopped after %d nodes: %v, line %s", used+1, r.Status, moveString(r.Line))
		}
		t.Logf("stopped after %d nodes: %d plies %s", used+1, len(r.Line), moveString(r.Line))
		if len(r.Line) < len(whole.Line) {
			t.Errorf("stopped after %d nodes: a mate in %d, shorter than the mate in %d", used+1, len(r.Line), len(whole.Line))
		}
	}
	if stops < 2 {
		t.Errorf("steps %v: fewer than two proven steps to stop after, the problem checks little", steps)
	}
}
