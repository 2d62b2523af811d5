package bundledengine

import (
	"sync/atomic"
	"testing"
	"time"

	"banmen/board"
)

func TestSolveAPI(t *testing.T) {
	// 頭金
	p := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1")
	line, st := Solve(p, time.Now().Add(5*time.Second))
	if st != MateFound || moveString(line) != "G*5b" {
		t.Errorf("頭金: %v %v", st, line)
	}
	// nothing to check with
	p = mustSFEN(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1")
	if line, st := Solve(p, time.Time{}); st != NoMate || line != nil {
		t.Errorf("no pieces: %v %v", st, line)
	}
	if NoMate.String() != "nomate" || MateFound.String() != "mate" || MateUnknown.String() != "timeout" {
		t.Error("status names")
	}
}

func TestSolveLimits(t *testing.T) {
	// Microcosmos cannot be solved in the time of a test: each solve ends by its limit.
	micro := mustSFEN(t, "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1")
	s := NewSolver(16)
	var r SolveResult
	deadline := time.Now().Add(150 * time.Millisecond)
	within(t, "a solve with a deadline", func() { r = s.Solve(micro, SolveOptions{Deadline: deadline}) })
	if ended := time.Now(); r.Status != MateUnknown || r.Nodes == 0 || ended.Before(deadline) {
		t.Errorf("deadline: %v after %d nodes, %v before the deadline", r.Status, r.Nodes, deadline.Sub(ended))
	}
	r = s.Solve(micro, SolveOptions{MaxNodes: 10000})
	if r.Status != MateUnknown || r.Nodes < 10000 || r.Nodes > 20000 {
		t.Errorf("node limit: %v, %d nodes", r.Status, r.Nodes)
	}
	// told to stop at its first progress report (about a second in), while it solves
	var stop atomic.Bool
	progress := 0
	within(t, "a solve told to stop", func() {
		r = s.Solve(micro, SolveOptions{Stop: &stop, Progress: func(SolveProgress) { progress++; stop.Store(true) }})
	})
	if r.Status != MateUnknown || !stop.Load() || progress != 1 {
		t.Errorf("stop: %v, ended with stop %v after %d progress reports", r.Status, stop.Load(), progress)
	}
}

func TestSolveDefenderToMove(t *testing.T) {
	// after P*3b, White to move is mated in 2 however it answers
	g := gameFrom(t, "lns3kn1/1r3g3/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G3Pl3p 51", "P*3b")
	r := NewSolver(16).Solve(g.Position(), SolveOptions{DefenderToMove: true, Deadline: time.Now().Add(5 * time.Second)})
	if r.Status != MateFound || len(r.Line) != 2 || !verifyLine(g.Position(), r.Line, false, false) {
		t.Errorf("%v %v", r.Status, r.Line)
	}
	// not in check: not a mate problem at all
	r = NewSolver(16).Solve(board.NewStartPosition(), SolveOptions{DefenderToMove: true})
	if r.Status != NoMate {
		t.Errorf("start position, defender to move: %v", r.Status)
	}
}

func TestSolveFutileConvention(t *testing.T) {
	// tsumeshogi-check-012: mate in 1 by the convention, in 3 by the plain rules
	p := mustSFEN(t, "6Snl/5+Rg1k/6ppp/9/9/9/9/9/9 b r2b3g3s3n3l15p 1")
	s := NewSolver(16)
	r := s.Solve(p, SolveOptions{Deadline: time.Now().Add(5 * time.Second)})
	if r.Status != MateFound || moveString(r.Line) != "4b3b" {
		t.Errorf("tsume convention: %v %v", r.Status, moveString(r.Line))
	}
	r = s.Solve(p, SolveOptions{Deadline: time.Now().Add(5 * time.Second), CountFutile: true})
	if r.Status != MateFound || len(r.Line) != 3 || !verifyLine(p, r.Line, true, true) {
		t.Errorf("plain rules: %v %v", r.Status, moveString(r.Line))
	}
}

func TestSolveRepetitionIsNoMate(t *testing.T) {
	// a rook can check for ever, but checking round in circles is no mate
	p := mustSFEN(t, "8k/9/9/9/9/9/9/9/7R1 b - 1")
	r := NewSolver(16).Solve(p, SolveOptions{Deadline: time.Now().Add(5 * time.Second)})
	if r.Status != NoMate {
		t.Errorf("%v %v", r.Status, r.Line)
	}
}

// The search for a shorter mate after the proof goes step by step, each step with a node
// budget, and ends once a step finds no mate two plies below the last limit proven (or runs
// out of its budget there): the answer then comes at once, however much time is left (here:
// a minute). A step that finds none further below (its line was shorter than the mate, see
// shorten) is followed only by steps down from the last limit proven, never one tried before.
func TestShorterMateSearchStopsWhenItStopsImproving(t *testing.T) {
	for _, id := range []string{"ElmoTeacherDecoder-001", "ElmoTeacherDecoder-006"} {
		tp := tsumeByID(t, id)
		type step struct {
			limit  int
			proven bool
			nodes  uint64
		}
		var steps []step
		s := NewSolver(64)
		s.trace = func(limit int, proven bool, nodes uint64) { steps = append(steps, step{limit, proven, nodes}) }
		r, p := solveProblem(t, s, tp, time.Minute)
		if solved, ok, why := tp.judge(p, r); !solved || !ok {
			t.Fatalf("%s: %v %s", id, r.Status, why)
		}
		if len(steps) == 0 {
			t.Fatalf("%s: no search for a shorter mate", id)
		}
		biggest := uint64(0)
		provenLimit := 1 << 30 // the last limit proven
		tried := map[int]bool{}
		for i, st := range steps {
			budget := max(r.ProofNodes/2, polishMinNodes, 2*biggest)
			if st.nodes > budget+4096 {
				t.Errorf("%s: step %d (within %d) took %d nodes, budget %d", id, i, st.limit, st.nodes, budget)
			}
			if tried[st.limit] {
				t.Errorf("%s: step %d asks about a mate within %d again", id, i, st.limit)
			}
			tried[st.limit] = true
			if st.limit >= provenLimit {
				t.Errorf("%s: step %d asks about a mate within %d, one within %d is proven", id, i, st.limit, provenLimit)
			}
			last := i == len(steps)-1
			if !st.proven && !last {
				if st.limit >= provenLimit-2 {
					t.Errorf("%s: step %d found no mate within %d (one within %d proven), and the search went on", id, i, st.limit, provenLimit)
				} else if next := steps[i+1].limit; next <= st.limit {
					t.Errorf("%s: step %d found no mate within %d, then asked about %d", id, i, st.limit, next)
				}
			}
			if st.proven {
				biggest = max(biggest, st.nodes)
				provenLimit = st.limit
			}
		}
		// the line is the last mate proven: as short as the last step that found one
		lastProven := len(r.Line)
		for _, st := range steps {
			if st.proven {
				lastProven = st.limit
			}
		}
		if len(r.Line) > lastProven {
			t.Errorf("%s: line of %d plies, a mate within %d was proven", id, len(r.Line), lastProven)
		}
		t.Logf("%s: mate in %d, proof %d nodes, %d steps, %d nodes in all", id, len(r.Line), r.ProofNodes, len(steps), r.Nodes)
	}
}

// TestPathSet: the set of the positions on the path answers as a map would, through many
// adds and removes in the order of a search's path (last in, first out) and out of it, with
// keys that share their home slot and boards held with several hands; inferior finds the
// deepest position of the board whose hand holds at least as much.
func TestPathSet(t *testing.T) {
	var ps pathSet
	want := map[pathKey]int32{}
	rng := uint64(1)
	next := func() uint64 { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return rng }
	hand := func() uint32 {
		var h uint32
		for i, f := range handFields {
			h = handWith(h, i, uint32(next()%3)&f.mask)
		}
		return h
	}
	var keys []pathKey
	for i := 0; i < 600; i++ {
		k := pathKey{next(), hand()}
		switch {
		case i%3 == 0 && len(keys) > 0:
			// the same home slot as an earlier key: the top bits of the key decide it
			k.key = keys[len(keys)-1].key ^ uint64(i)&0xff
			k.hand = keys[len(keys)-1].hand
		case i%5 == 0 && len(keys) > 0:
			// the same board with another hand, mostly less of some kinds
			k.key = keys[len(keys)-1].key
			if i%10 == 0 {
				k.hand = keys[len(keys)-1].hand
				for j := range handFields {
					if n := handGet(k.hand, j); n > 0 && next()%2 == 0 {
						k.hand = handWith(k.hand, j, n-1)
					}
				}
			}
		}
		keys = append(keys, k)
	}
	strictly := 0 // answers of inferior with no equal hand on the path
	check := func() {
		t.Helper()
		for _, k := range keys {
			d, ok := ps.lookup(k)
			wd, wok := want[k]
			if ok != wok || d != wd {
				t.Fatalf("%v: lookup %d %v, want %d %v", k, d, ok, wd, wok)
			}
			wd, wok = -1, false
			for o, od := range want {
				if o.key == k.key && handGE(o.hand, k.hand) && od > wd {
					wd, wok = od, true
				}
			}
			if d, ok = ps.inferior(k); ok != wok || d != wd {
				t.Fatalf("%v: inferior %d %v, want %d %v", k, d, ok, wd, wok)
			}
			if _, exact := want[k]; wok && !exact {
				strictly++
			}
		}
	}
	for round := 0; round < 20; round++ {
		for i, k := range keys {
			if next()%2 == 0 {
				ps.add(k, i)
				want[k] = int32(i)
			}
		}
		check()
		for _, k := range keys {
			if next()%3 != 0 {
				ps.remove(k)
				delete(want, k)
			}
		}
		check()
	}
	if ps.n != len(want) {
		t.Errorf("%d entries, want %d", ps.n, len(want))
	}
	if strictly < 100 {
		t.Errorf("inferior found a strictly larger hand %d times: the test needs more such keys", strictly)
	}
	t.Logf("%d strictly inferior answers", strictly)
	ps.reset()
	want = map[pathKey]int32{}
	check()
}

// TestOmitFutileMemo: the solver's memo of futile interpositions answers as
// board.OmitFutile does, when it first sees a position and when it remembers it, on the
// positions after a check, and after a check, a reply and a check, from the tsume problems
// (the defender in check, often with drops between the checker and the king).
func TestOmitFutileMemo(t *testing.T) {
	s := NewSolver(1)
	s.Solve(mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1"), SolveOptions{})
	var checks, checks2, replies, a, b moveList
	compared, omitted := 0, 0
	compare := func(q *board.Position, attacker board.Color) {
		key, hand := boardKey(q), handPack(q.Hand(attacker))
		want := moveString(q.OmitFutile(q.LegalMoves(a[:0]), board.FutileDrops))
		for round := 0; round < 2; round++ {
			moves := q.LegalMoves(b[:0])
			n := len(moves)
			got := s.omitFutile(q, key, hand, moves)
			if moveString(got) != want {
				t.Fatalf("%s, round %d: omitFutile %s, OmitFutile %s", q.SFEN(), round, moveString(got), want)
			}
			if round == 0 && len(got) < n {
				omitted++
			}
		}
		compared++
	}
	// the checks of the attacker to move in p that are legal, played
	checked := func(p *board.Position, buf []board.Move) []board.Position {
		var out []board.Position
		ci := newCheckInfo(p)
		for _, m := range genChecks(p, &ci, buf[:0]) {
			q := *p
			q.Do(m)
			if legalAfter(&q) {
				out = append(out, q)
			}
		}
		return out
	}
	for _, sf := range tsumeSFENs {
		p := mustSFEN(t, sf)
		attacker := p.SideToMove()
		for _, q := range checked(p, checks[:]) {
			compare(&q, attacker)
			for _, r := range q.LegalMoves(replies[:0]) {
				q2 := q
				q2.Do(r)
				for _, q3 := range checked(&q2, checks2[:]) {
					compare(&q3, attacker)
				}
			}
		}
	}
	if compared < 1000 || omitted < 20 {
		t.Errorf("compared %d positions, %d with futile interpositions: too few to judge", compared, omitted)
	}
	t.Logf("compared %d positions, %d with futile interpositions", compared, omitted)
}

// The drops on one square after the first wait, unlooked at, until the one before them is
// proven: most are never needed, and looking at each (a table probe, a mate-in-one test that
// stores an entry) took a fifth of the search where the defender holds many kinds of piece.
func TestWaitingDropsAreNotLookedAt(t *testing.T) {
	// the rook on 5i checks the king on 5a; the defender can interpose a gold, a silver or a
	// pawn on each of 5b..5h
	p := mustSFEN(t, "4k4/9/9/9/9/9/9/9/4R3K w gsp 1")
	s := NewSolver(1)
	s.Prepare()
	s.opt = SolveOptions{CountFutile: true}
	key, hand := boardKey(p), handPack(p.Hand(board.Black))
	kids, _ := s.andChildren(p, key, hand, 0)
	known := func(c *dfpnChild) bool { _, ok := s.tt.lookup(c.key, hand); return ok }
	first := map[board.Square]int{} // the first drop on each square
	for i := range kids {
		c := &kids[i]
		if !c.move.IsDrop() {
			if c.waiting || c.after >= 0 {
				t.Errorf("%s: a king move waits", c.move.USI())
			}
			continue
		}
		if _, seen := first[c.move.To()]; !seen {
			first[c.move.To()] = i
			if c.waiting || !known(c) {
				t.Errorf("%s, the first drop on its square: waiting %v, in the table %v", c.move.USI(), c.waiting, known(c))
			}
			continue
		}
		if !c.waiting || known(c) {
			t.Errorf("%s, after %s: waiting %v, in the table %v", c.move.USI(), kids[c.after].move.USI(), c.waiting, known(c))
		}
	}
	if len(first) != 7 || len(kids) != 4+3*7 {
		t.Fatalf("%d replies, drops on %d squares: want 25 and 7", len(kids), len(first))
	}
	// the first drop on 5e proven: the second is looked at, the third still waits
	i := first[board.NewSquare(5, 5)]
	j := -1
	for k := range kids {
		if int(kids[k].after) == i {
			j = k
		}
	}
	kids[i].pn, kids[i].dn = 0, pnInf
	s.activate(p, hand, 0, kids, i)
	for k := range kids {
		c := &kids[k]
		switch {
		case k == j && (c.waiting || !known(c)):
			t.Errorf("%s, after the proven %s: waiting %v, in the table %v", c.move.USI(), kids[i].move.USI(), c.waiting, known(c))
		case c.after >= 0 && k != j && !c.waiting:
			t.Errorf("%s was looked at, though %s before it is not proven", c.move.USI(), kids[c.after].move.USI())
		}
	}
}

// A node whose proof-number sum saturates (pnInf−1, "not disproven") below a threshold of
// pnInf must still give its child a threshold above the child's number: with satAdd's it gave
// the child its own saturated number, the child came back at once, and the search spun on
// one node, a node each turn, until its limit. ElmoTeacherDecoder-037 (../shared's tsume
// corpus, from TadaoYamaoka/ElmoTeacherDecoder), a no-mate under the plain rules, ran into it with a
// 64 MB table once waiting drops were left unlooked at.
func TestSaturatedNumbersStillSearch(t *testing.T) {
	if thAdd(1, pnInf-1) != pnInf || thAdd(pnInf, 5) != pnInf || thAdd(3, 4) != 7 {
		t.Errorf("thAdd: %d %d %d", thAdd(1, pnInf-1), thAdd(pnInf, 5), thAdd(3, 4))
	}
	p := mustSFEN(t, "1n3G1nK/2+r2P3/p3+P1n1p/2p2Gp2/5l3/3P5/P1P3S2/6+Bpg/L1S1L3k b R2SNL5Pbg3p 1")
	r := NewSolver(64).Solve(p, SolveOptions{MaxNodes: 2_000_000, CountFutile: true})
	if r.Status != NoMate {
		t.Errorf("ElmoTeacherDecoder-037: %v after %d nodes, want nomate (about 0.65 M nodes)", r.Status, r.Nodes)
	}
}

// With Threads, helpers search the same root with the same table: the answers are those of
// one thread (the lines checked move by move), the helpers did search, and the table counts
// its slots right once it is no longer shared.
func TestSolveThreads(t *testing.T) {
	problems := []struct {
		name, sfen string
		want       MateStatus
	}{
		// ElmoTeacherDecoder's positions (../shared/testdata/tsume), plain rules
		{"ElmoTeacherDecoder-006", "l1+R5K/4p2+P1/1pp6/p2+b4p/2k2G1p1/PL2+n3P/N5+s2/2+nP5/L4+R2L b B2G2S3Pgsn5p 1", MateFound},
		{"ElmoTeacherDecoder-009", "ln6K/1ksPg1sG1/5s2p/ppp3p2/9/P1P3P2/4+p3P/1+r7/LN3L2L w RBSb2g2n7p 1", MateFound},
		{"ElmoTeacherDecoder-027", "ln5+LK/1rk1+B2S1/p1sp5/4p1pp1/1PPP1P3/2S1P3+l/P1B2S3/1R2G2+p1/LN3G3 b 2GN5Pnp 1", MateFound},
		{"ElmoTeacherDecoder-033", "ln3+P1+PK/1rk4+B1/3p1+L1+S1/p1p2p1+B1/3+r3s1/7s1/4p1+n+pp/+p3+n2p+p/1+p3+p+p+p+p b 2GN2L2gsp 1", NoMate},
	}
	s := NewSolver(64)
	for _, pr := range problems {
		p := mustSFEN(t, pr.sfen)
		var r SolveResult
		within(t, pr.name, func() {
			r = s.Solve(p, SolveOptions{CountFutile: true, Threads: 3, Deadline: time.Now().Add(20 * time.Second)})
		})
		if r.Status != pr.want || r.Status == MateFound && !verifyLine(p, r.Line, true, true) {
			t.Errorf("%s with 3 threads: %v %s", pr.name, r.Status, moveString(r.Line))
		}
		helped := uint64(0)
		for _, h := range s.helpers {
			helped += h.nodes
		}
		if len(s.helpers) != 2 || helped == 0 || r.Nodes <= helped || r.ProofNodes > r.Nodes {
			t.Errorf("%s: %d helpers searched %d of the %d nodes (proof %d)", pr.name, len(s.helpers), helped, r.Nodes, r.ProofNodes)
		}
		used := 0
		for i := range s.tt.buckets {
			for _, k := range s.tt.buckets[i].keys {
				if !s.tt.free(k) {
					used++
				}
			}
		}
		if s.tt.shared || used != s.tt.used {
			t.Errorf("%s: the table after the threads: shared %v, %d slots counted, %d in use", pr.name, s.tt.shared, s.tt.used, used)
		}
	}
	// the defender to move, mated in 2
	g := gameFrom(t, "lns3kn1/1r3g3/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G3Pl3p 51", "P*3b")
	r := s.Solve(g.Position(), SolveOptions{DefenderToMove: true, Threads: 2, Deadline: time.Now().Add(5 * time.Second)})
	if r.Status != MateFound || len(r.Line) != 2 || !verifyLine(g.Position(), r.Line, false, false) {
		t.Errorf("defender to move, 2 threads: %v %v", r.Status, r.Line)
	}
	// the limits stop every thread: Microcosmos is not solved in 150 ms
	micro := mustSFEN(t, "g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1")
	deadline := time.Now().Add(150 * time.Millisecond)
	within(t, "a solve with 2 threads and a deadline", func() {
		r = s.Solve(micro, SolveOptions{Threads: 2, Deadline: deadline})
	})
	if r.Status != MateUnknown || s.helpers[0].nodes == 0 || time.Now().Before(deadline) {
		t.Errorf("deadline: %v, the helper searched %d nodes", r.Status, s.helpers[0].nodes)
	}
	var stop atomic.Bool
	reports := 0
	within(t, "a solve with 2 threads told to stop", func() {
		r = s.Solve(micro, SolveOptions{Threads: 2, Stop: &stop, Progress: func(pr SolveProgress) {
			reports++
			if pr.Nodes < s.helpers[0].published.Load() {
				t.Errorf("the progress report counts %d nodes, fewer than the helper's", pr.Nodes)
			}
			stop.Store(true)
		}})
	})
	if r.Status != MateUnknown || reports != 1 {
		t.Errorf("stop: %v after %d reports", r.Status, reports)
	}
}

// A child another thread searches counts double where its parent chooses and sums up.
func TestBusyChildCountsDouble(t *testing.T) {
	busy := make([]atomic.Int32, 1<<busyBits)
	kids := []dfpnChild{
		{move: 1, key: 0x1111 << 20, hand: 3, pn: 3, dn: 5, after: -1},
		{move: 2, key: 0x2222 << 20, hand: 3, pn: 4, dn: 2, after: -1},
		{move: 3, key: 0x3333 << 20, hand: 3, pn: 0, dn: pnInf, after: -1}, // proven: never doubled
	}
	if busyIndex(kids[0].key, 3) == busyIndex(kids[1].key, 3) {
		t.Fatal("the test's children share a busy counter")
	}
	if best, pn2, _ := selectChild(kids[:2], true, 0, busy); best != 0 || pn2 != 4 {
		t.Errorf("no thread busy, OR: child %d, second pn %d", best, pn2)
	}
	busy[busyIndex(kids[0].key, kids[0].hand)].Add(1)
	if best, pn2, _ := selectChild(kids[:2], true, 0, busy); best != 1 || pn2 != 6 {
		t.Errorf("the first child busy, OR: child %d, second pn %d; want 1 and 6", best, pn2)
	}
	s := &Solver{busy: busy}
	if r := s.collect(kids[:2], true); r.pn != 4 || r.dn != 7 {
		t.Errorf("OR numbers with the first child busy: %d %d, want 4 7", r.pn, r.dn)
	}
	if r := s.collect(kids[:2], false); r.pn != 7 || r.dn != 2 {
		t.Errorf("AND numbers with the first child busy: %d %d, want 7 2", r.pn, r.dn)
	}
	busy[busyIndex(kids[1].key, kids[1].hand)].Add(1)
	if best, _, dn2 := selectChild(kids[:2], false, 0, busy); best != 1 || dn2 != 10 {
		t.Errorf("both busy, AND: child %d, second dn %d; want 1 and 10", best, dn2)
	}
	busy[busyIndex(kids[2].key, kids[2].hand)].Add(1)
	if r := s.collect(kids, true); r.pn != 0 {
		t.Errorf("a proven child is proven, busy or not: pn %d", r.pn)
	}
	if best, _, _ := selectChild(kids[:2], true, 0, nil); best != 0 {
		t.Errorf("one thread (no busy counters): child %d", best)
	}
}
