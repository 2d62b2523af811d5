package bundledengine

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"

	"banmen/board"
)

func gameFrom(t testing.TB, sfen string, moves ...string) *board.Game {
	t.Helper()
	g := board.NewGame(mustSFEN(t, sfen))
	for _, m := range moves {
		if _, err := g.PlayUSI(m); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// BenchmarkSearchMiddleGames measures nodes per second of the alpha-beta search from the
// middle-game positions, one thread, depth 11 each, with a 64 MB table:
//
//	go test -run '^$' -bench SearchMiddleGames -benchtime 3x -cpu 1 ./internal/bundledengine/
//
// nodes/s is by the wall clock; nodes/cpu-s by the process's CPU time, which a busy machine
// does not distort.
func BenchmarkSearchMiddleGames(b *testing.B) {
	s := NewSearcher(64)
	var nodes uint64
	var elapsed, cpu time.Duration
	for b.Loop() {
		for _, sfen := range middleGames {
			s.Clear()
			g := gameFrom(b, sfen)
			start, startCPU := time.Now(), cpuTime()
			r := s.Search(g, Limits{Depth: 11}, nil)
			elapsed += time.Since(start)
			cpu += cpuTime() - startCPU
			nodes += r.Nodes
		}
	}
	b.ReportMetric(float64(nodes)/elapsed.Seconds(), "nodes/s")
	b.ReportMetric(float64(nodes)/cpu.Seconds(), "nodes/cpu-s")
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

func searchDepth(t *testing.T, sfen string, depth int) Result {
	t.Helper()
	s := NewSearcher(16)
	return s.Search(gameFrom(t, sfen), Limits{Depth: depth}, nil)
}

func TestSearchFindsMateInOne(t *testing.T) {
	for _, sfen := range []string{
		"lns3kn1/1r4g2/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G2Pl4p 53",
		"4k4/9/4P4/9/9/9/9/9/4K4 b G 1",
	} {
		r := searchDepth(t, sfen, 3)
		p := mustSFEN(t, sfen)
		p.Do(r.Move)
		if !p.IsCheckmate() || !r.Score.IsMate || r.Score.Mate != 1 {
			t.Errorf("%s: %s, score %+v", sfen, r.Move, r.Score)
		}
	}
}

func TestSearchFindsMateInThree(t *testing.T) {
	// P*3b 4b3b G*4a (ElmoTeacherDecoder-021)
	sfen := "lns3kn1/1r3g3/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G3Pl3p 51"
	r := searchDepth(t, sfen, 5)
	if !r.Score.IsMate || r.Score.Mate != 3 {
		t.Fatalf("score %+v, move %s, pv %v", r.Score, r.Move, r.PV)
	}
	if !verifyLine(mustSFEN(t, sfen), r.PV[:3], true, true) {
		t.Errorf("the pv %v is not a mate", r.PV)
	}
}

func TestSearchMatedSideSeesItsMate(t *testing.T) {
	// after P*3b of the mate in three above, White is mated in two whatever it does
	g := gameFrom(t, "lns3kn1/1r3g3/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G3Pl3p 51", "P*3b")
	r := NewSearcher(16).Search(g, Limits{Depth: 4}, nil)
	if !r.Score.IsMate || r.Score.Mate != -2 {
		t.Errorf("score %+v for the mated side", r.Score)
	}
}

func TestSearchTakesAHangingRook(t *testing.T) {
	// White's rook on 5e hangs to Black's bishop
	r := searchDepth(t, "ln1gkgsnl/7b1/ppppppppp/9/4r4/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 1", 5)
	if r.Move.USI() != "8h5e" && r.Move.USI() != "8h5e+" {
		t.Errorf("played %s, pv %v", r.Move, r.PV)
	}
}

func TestSearchDoesNotGiveAwayMaterial(t *testing.T) {
	// Black's rook could take the pawn on 5c, but a gold defends it: the search must not
	for _, sfen := range []string{
		"3gkg3/9/4p4/9/9/9/9/9/4R3K b - 1",
		"lnsgkgsnl/1r5b1/pppp1pppp/4p4/9/4P4/PPPP1PPPP/1B5R1/LNSGKGSNL b - 1",
	} {
		r := searchDepth(t, sfen, 6)
		p := mustSFEN(t, sfen)
		if r.Move.Captured() != board.NoPieceType && !seeGE(p, r.Move, 0) {
			t.Errorf("%s: %s loses material (pv %v)", sfen, r.Move, r.PV)
		}
		if r.Score.IsMate || r.Score.CP < -200 {
			t.Errorf("%s: score %+v", sfen, r.Score)
		}
	}
}

func TestSearchLimits(t *testing.T) {
	s := NewSearcher(16)
	g := gameFrom(t, board.StartSFEN)
	r := s.Search(g, Limits{Nodes: 5000}, nil)
	if r.Nodes > 5000+2048 || r.Move == board.NoMove {
		t.Errorf("node limit 5000: %d nodes, move %s", r.Nodes, r.Move)
	}
	only := mustSFEN(t, board.StartSFEN)
	m, _ := only.ParseMove("1g1f")
	r = s.Search(g, Limits{Depth: 4, SearchMoves: []board.Move{m}}, nil)
	if r.Move != m {
		t.Errorf("searchmoves 1g1f: %s", r.Move)
	}
	var depths []int
	r = s.Search(g, Limits{Depth: 3}, func(i Info) {
		if i.MultiPV == 1 {
			depths = append(depths, i.Depth)
		}
	})
	if r.Depth != 3 || !slices.Equal(depths, []int{1, 2, 3}) {
		t.Errorf("depth 3: reached %d, reports at %v", r.Depth, depths)
	}
	// The time limit ends the search: past the optimum between iterations (at least 0.6 of
	// it, with a stable best move) or at the maximum, never by running out of depth. How
	// soon after the limit it ends depends on the machine; benchmarks measure speed.
	start := time.Now()
	within(t, "a search with a 200 ms maximum", func() {
		r = s.Search(g, Limits{Optimum: 100 * time.Millisecond, Maximum: 200 * time.Millisecond}, nil)
	})
	el := time.Since(start)
	t.Logf("200 ms maximum: ended after %v at depth %d", el, r.Depth)
	if el < 60*time.Millisecond || r.Depth >= maxPly-10 || !g.Position().IsLegal(r.Move) {
		t.Errorf("200 ms maximum: ended after %v at depth %d with %s", el, r.Depth, r.Move)
	}
}

func TestSearchMultiPV(t *testing.T) {
	s := NewSearcher(16)
	lines := map[int]board.Move{}
	s.Search(gameFrom(t, board.StartSFEN), Limits{Depth: 4, MultiPV: 3}, func(i Info) {
		if i.Depth == 4 && i.MultiPV > 0 {
			lines[i.MultiPV] = i.PV[0]
		}
	})
	if len(lines) != 3 || lines[1] == lines[2] || lines[2] == lines[3] || lines[1] == lines[3] {
		t.Errorf("three distinct lines expected: %v", lines)
	}
}

func TestSearchStopAndPonderHit(t *testing.T) {
	s := NewSearcher(16)
	g := gameFrom(t, board.StartSFEN)
	done := make(chan Result)
	searching := make(chan struct{}) // closed at the first report: the search runs
	var once sync.Once
	go func() {
		done <- s.Search(g, Limits{Infinite: true}, func(Info) { once.Do(func() { close(searching) }) })
	}()
	select {
	case <-searching:
	case <-time.After(patience):
		t.Fatal("an infinite search reported nothing")
	}
	s.Stop()
	select {
	case r := <-done:
		if r.Move == board.NoMove {
			t.Error("no move after stop")
		}
	case <-time.After(patience):
		t.Fatal("Stop did not end an infinite search")
	}
	// a ponder search ignores its time until ponderhit, then keeps to it
	s.Prepare()
	go func() {
		done <- s.Search(g, Limits{Ponder: true, Optimum: 50 * time.Millisecond, Maximum: 100 * time.Millisecond}, nil)
	}()
	select {
	case <-done:
		t.Fatal("a ponder search ended before ponderhit")
	case <-time.After(300 * time.Millisecond):
	}
	s.PonderHit()
	select {
	case <-done:
	case <-time.After(patience):
		t.Fatal("no end after ponderhit")
	}
}

func TestSearchWeakLevelsPlayLegalMoves(t *testing.T) {
	s := NewSearcher(16)
	g := gameFrom(t, middleGames[2])
	for level := 0; level < 20; level += 4 {
		r := s.Search(g, Limits{Weaken: true, Skill: level}, nil)
		if !g.Position().IsLegal(r.Move) {
			t.Errorf("level %d: illegal %s", level, r.Move)
		}
	}
}

func TestRepetitionScores(t *testing.T) {
	// kings walk back and forth: the fourth ply repeats the root
	g := gameFrom(t, "4k4/9/9/9/9/9/9/9/4K4 b - 1", "5i5h", "5a5b", "5h5i", "5b5a")
	s := NewSearcher(1)
	r := s.Search(g, Limits{Depth: 6}, nil)
	if r.Move == board.NoMove || r.Score.IsMate {
		t.Errorf("kings only: %+v", r)
	}
	// a rook checking the king back and forth for ever loses (連続王手の千日手)
	th := &searchThread{shared: &searchShared{}, stack: make([]frame, 8)}
	p := mustSFEN(t, "8k/9/9/9/9/9/9/9/K6R1 b - 1")
	cycle := []string{"2i1i", "1a2a", "1i2i", "2a1a"}
	th.stack[0].pos = *p
	th.stack[0].hash = p.Hash()
	for i, u := range cycle {
		q := th.stack[i].pos
		m, err := q.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		q.Do(m)
		th.stack[i+1].pos, th.stack[i+1].hash, th.stack[i+1].inCheck = q, q.Hash(), q.InCheck()
	}
	th.stack[0].inCheck = false
	// at ply 4, Black to move, Black gave every check of the cycle: Black loses
	v, ok := th.repetition(4)
	if !ok || v != -scoreRepetitionWin {
		t.Errorf("perpetual check: %d, %v", v, ok)
	}
}

func TestSearchThreads(t *testing.T) {
	s := NewSearcher(16)
	g := gameFrom(t, middleGames[3])
	r := s.Search(g, Limits{Threads: 3, Optimum: 200 * time.Millisecond, Maximum: 300 * time.Millisecond}, nil)
	if !g.Position().IsLegal(r.Move) || r.Nodes == 0 {
		t.Errorf("%+v", r)
	}
	// a second search reuses the threads
	r = s.Search(g, Limits{Threads: 2, Depth: 6}, nil)
	if !g.Position().IsLegal(r.Move) {
		t.Errorf("%+v", r)
	}
}

// Weaker levels give away more: over the middle-game positions, the moves each level
// chooses are judged by a depth-7 search (deeper than the depth-6 searches judged: a
// shallower judge, at depth 5, found level 20's moves no better than level 10's once the
// evaluation's tempo grew to 45 cp, its odd and even depths disagreeing), and the total loss
// against the best falls as the level rises. The best is the best of the moves judged: the
// judge's own choice and the levels' (the loss of one level against another does not depend
// on it but for the cap on one position's loss), so that judging costs a few searches a
// position, not one for every legal move, and the test can afford 120 positions: with the
// 16 of middleGames alone levels 10 and 20 chose the same move in 11–12 of them and one
// position decided. The reports carry the lines the options ask for (MultiPV 1), not the
// candidates a weak level chooses among.
func TestSkillLevelsLoseLessAsTheyRise(t *testing.T) {
	judge := NewSearcher(16)
	value := func(p *board.Position, m board.Move) int {
		g := board.NewGame(p)
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		judge.Prepare()
		r := judge.Search(g, Limits{Depth: 7}, nil)
		return -min(max(r.Score.CP, -3000), 3000)
	}
	levels := []int{0, 4, 10, 20}
	const draws = 3
	loss := make([]int, len(levels))
	top := len(levels) - 1
	same := 0 // positions where the two highest levels chose alike every time
	s := NewSearcher(16)
	s.rng = rand.New(rand.NewPCG(16, 20))
	positions := append(append([]string{}, middleGames...), moreMiddleGames...)
	if testing.Short() {
		positions = positions[:40]
	}
	for _, sfen := range positions {
		p := mustSFEN(t, sfen)
		var chosen [draws][]board.Move
		for draw := range draws {
			for _, level := range levels {
				lines := 0
				s.Prepare()
				r := s.Search(board.NewGame(p), Limits{Weaken: level < 20, Skill: level, Depth: 6, MultiPV: 1}, func(in Info) {
					if in.MultiPV > 1 {
						lines++
					}
				})
				if !p.IsLegal(r.Move) {
					t.Fatalf("level %d: %s is not a legal move of %s", level, r.Move, sfen)
				}
				if lines > 0 {
					t.Errorf("level %d: %d reports of lines past MultiPV 1", level, lines)
				}
				chosen[draw] = append(chosen[draw], r.Move)
			}
		}
		judge.Prepare()
		jr := judge.Search(board.NewGame(p), Limits{Depth: 7}, nil)
		vals := map[board.Move]int{jr.Move: value(p, jr.Move)}
		best := vals[jr.Move]
		alike := true
		for _, ms := range chosen {
			for _, m := range ms {
				if _, ok := vals[m]; !ok {
					vals[m] = value(p, m)
					best = max(best, vals[m])
				}
			}
			alike = alike && ms[top-1] == ms[top]
		}
		if alike {
			same++
		}
		for _, ms := range chosen {
			for i, m := range ms {
				loss[i] += min(best-vals[m], 500) // one deep blunder (or a judge's horizon) does not decide
			}
		}
	}
	t.Logf("levels %v: total loss %v centipawns over %d positions, %d draws each; levels %d and %d alike in %d",
		levels, loss, len(positions), draws, levels[top-1], levels[top], same)
	for i := 1; i < len(levels); i++ {
		if loss[i] >= loss[i-1] {
			t.Errorf("level %d lost %d, level %d lost %d: no better", levels[i], loss[i], levels[i-1], loss[i-1])
		}
	}
}

// rookForFree is a thread set up at the root of a position where Black's rook takes White's
// undefended rook, with the searcher whose table it uses.
func rookForFree(t *testing.T) (*Searcher, *searchThread) {
	g := gameFrom(t, "4k4/9/9/9/4r4/9/9/4R4/4K4 b - 1")
	s := NewSearcher(16)
	root := *g.Position()
	sh, _ := newSearchShared(g, Limits{}, nil)
	sh.tt = s.tt
	th := &searchThread{stack: make([]frame, maxPly+4)}
	sh.threads = []*searchThread{th}
	th.startAt(sh, &root, rootMoves(&root, nil))
	th.rootDepth = 6
	return s, th
}

func TestProbCut(t *testing.T) {
	// Black's rook takes White's undefended rook: far above a beta at the static evaluation
	s, th := rookForFree(t)
	f := &th.stack[0]
	f.staticEval = th.eval(0)
	ci := newCheckInfo(&f.pos)
	beta := f.staticEval
	v, ok := th.probCut(0, 6, beta, board.NoMove, true, &ci)
	if !ok || v < beta+probCutMargin {
		t.Fatalf("probCut(beta %d) = %d, %v; want a cut at %d or more", beta, v, ok, beta+probCutMargin)
	}
	e, hit := s.tt.probe(f.hash)
	if !hit || e.bound != boundLower || e.depth != 3 || e.move.USI() != "5h5e" {
		t.Errorf("table after the cut: %+v, %v; want 5h5e, a lower bound from depth 3", e, hit)
	}
	// no capture reaches 3000 above the static evaluation: no cut
	s.tt.clear()
	if v, ok := th.probCut(0, 6, beta+3000, board.NoMove, true, &ci); ok {
		t.Errorf("probCut(beta %d) cut with %d", beta+3000, v)
	}
}

// TestProbCutSkippedByTable: search leaves ProbCut out where the table holds the node below
// beta+probCutMargin from a search at least depth-3 deep, and tries it otherwise. ProbCut's
// cut leaves a lower bound from depth-3 in the table; the full search leaves one from depth.
func TestProbCutSkippedByTable(t *testing.T) {
	s, th := rookForFree(t)
	f := &th.stack[0]
	eval := th.eval(0)
	beta := eval
	for _, tc := range []struct {
		name      string
		stored    bool
		score     int
		depth     int
		wantDepth int // of the table's entry after the search: 3 from ProbCut, 6 from the full search
	}{
		{"nothing in the table", false, 0, 0, 3},
		{"below the margin from depth 3", true, beta + probCutMargin/2, 3, 6},
		{"below the margin from depth 2: too shallow to trust", true, beta + probCutMargin/2, 2, 3},
		{"at the margin from depth 3", true, beta + probCutMargin, 3, 3},
	} {
		s.tt.clear()
		if tc.stored {
			s.tt.store(f.hash, board.NoMove, scoreToTT(tc.score, 0), eval, tc.depth, boundUpper)
		}
		v := th.search(0, 6, beta-1, beta, true)
		if v < beta {
			t.Errorf("%s: search = %d, want at least beta %d (the rook is free)", tc.name, v, beta)
		}
		e, hit := s.tt.probe(f.hash)
		if !hit || e.bound != boundLower || e.depth != tc.wantDepth {
			t.Errorf("%s: table after the search: %+v, %v; want a lower bound from depth %d", tc.name, e, hit, tc.wantDepth)
		}
	}
}

// TestStoppedIterationReportsOnlyItsOwnScores: a search stopped in the middle of an
// iteration reports a line at that depth only with a score the iteration found; a line whose
// move it had not finished yet keeps the depth of its score. (Labelling the last iteration's
// score and line with the unfinished depth made the final line a copy of the one before it
// with a depth one higher, in most stops.)
func TestStoppedIterationReportsOnlyItsOwnScores(t *testing.T) {
	g := gameFrom(t, "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2")
	stops, copies := 0, 0
	for n := uint64(3000); n < 400000; n = n * 9 / 8 {
		s := NewSearcher(16)
		var reports []Info
		r := s.Search(g, Limits{Nodes: n}, func(i Info) {
			if i.MultiPV == 1 && i.HasScore {
				reports = append(reports, i)
			}
		})
		if len(reports) < 2 {
			continue
		}
		last, before := reports[len(reports)-1], reports[len(reports)-2]
		if last.Depth <= r.Depth {
			continue // stopped between iterations, or nothing new in the last one
		}
		stops++
		if last.Depth != r.Depth+1 {
			t.Errorf("%d nodes: completed depth %d, last line at depth %d", n, r.Depth, last.Depth)
		}
		if before.Depth < last.Depth && last.Score == before.Score && slices.Equal(last.PV, before.PV) {
			copies++
			t.Logf("%d nodes: depth %d line %v %s is depth %d's", n, last.Depth, last.Score, moveString(last.PV), before.Depth)
		}
	}
	t.Logf("%d stops in an iteration with a line of it, %d of them a copy of the line before", stops, copies)
	if stops < 5 || copies*10 > stops {
		t.Errorf("%d stops in an iteration, %d lines copied from the depth before", stops, copies)
	}
}

// A search shorter than 3 s reports no bounds: each line it sends is a finished iteration's
// (MultiPV 1 and 3, searches to depth 11 that end well within 3 s here; before, a third of
// their reports were aspiration failures with a lowerbound or upperbound and a line of one or
// two moves).
func TestShortSearchReportsNoBounds(t *testing.T) {
	for _, sfen := range []string{"lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2",
		"ln1g1g1nl/1ks2r3/1ppppsbpp/p4pp2/9/P1P1P1P2/1P1P1P1PP/1BK1GS1R1/LNSG3NL b - 1"} {
		for _, mpv := range []int{1, 3} {
			s := NewSearcher(16)
			bounds, all := 0, 0
			start := time.Now()
			r := s.Search(gameFrom(t, sfen), Limits{Depth: 11, MultiPV: mpv}, func(i Info) {
				if i.HasScore {
					all++
					if i.Score.Lower || i.Score.Upper {
						bounds++
					}
				}
			})
			if time.Since(start) > 3*time.Second {
				t.Logf("MultiPV %d took %v: past 3 s bounds may be reported", mpv, time.Since(start))
				continue
			}
			if bounds > 0 || all < r.Depth*mpv {
				t.Errorf("%s MultiPV %d: %d of %d reports are bounds (depth %d)", sfen, mpv, bounds, all, r.Depth)
			}
		}
	}
}
