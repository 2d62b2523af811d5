package bundledengine

import (
	"bufio"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

// usiHarness drives an Engine in-process: commands go in through a pipe, every line that
// comes out is collected.
type usiHarness struct {
	t     testing.TB
	in    *io.PipeWriter
	lines chan string
	done  chan error
	e     *Engine // read only between an answer and the next command
}

func startUSI(t testing.TB) *usiHarness {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	h := &usiHarness{t: t, in: inW, lines: make(chan string, 10000), done: make(chan error, 1), e: NewEngine()}
	go func() {
		err := h.e.Run(inR, outW)
		outW.Close()
		h.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			h.lines <- sc.Text()
		}
		close(h.lines)
	}()
	t.Cleanup(func() {
		h.in.Close()
		select {
		case <-h.done:
		case <-time.After(patience):
			t.Error("the engine did not end after its input closed")
		}
	})
	return h
}

func (h *usiHarness) send(cmds ...string) {
	for _, c := range cmds {
		if _, err := io.WriteString(h.in, c+"\n"); err != nil {
			h.t.Fatalf("send %q: %v", c, err)
		}
	}
}

// expect reads lines until one starts with prefix and returns it with the lines before.
// It waits up to patience: how soon the engine answers is no part of these tests (the
// time limits of its searches are TestBudget's, TestSearchLimits' and the benchmarks').
func (h *usiHarness) expect(prefix string) (string, []string) {
	h.t.Helper()
	var before []string
	deadline := time.After(patience)
	for {
		select {
		case l, ok := <-h.lines:
			if !ok {
				h.t.Fatalf("output ended waiting for %q after %q", prefix, before)
			}
			if strings.HasPrefix(l, prefix) {
				return l, before
			}
			before = append(before, l)
		case <-deadline:
			h.t.Fatalf("no %q within %v; got %q", prefix, patience, before)
		}
	}
}

// quiet checks that no line starting with prefix comes for d.
func (h *usiHarness) quiet(prefix string, d time.Duration) {
	h.t.Helper()
	deadline := time.After(d)
	for {
		select {
		case l := <-h.lines:
			if strings.HasPrefix(l, prefix) {
				h.t.Fatalf("unexpected %q", l)
			}
		case <-deadline:
			return
		}
	}
}

func legalBestmove(t *testing.T, line string, pos ...string) string {
	t.Helper()
	f := strings.Fields(line)
	if len(f) < 2 || f[0] != "bestmove" {
		t.Fatalf("not a bestmove: %q", line)
	}
	g, err := parsePosition(strings.Fields(strings.Join(pos, " ")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := g.Position().ParseMove(f[1]); err != nil {
		t.Fatalf("%q: %v", line, err)
	}
	if len(f) == 4 {
		q := *g.Position()
		m, _ := q.ParseMove(f[1])
		q.Do(m)
		if _, err := q.ParseMove(f[3]); err != nil || f[2] != "ponder" {
			t.Fatalf("%q: bad ponder move: %v", line, err)
		}
	}
	return f[1]
}

func TestUSIHandshake(t *testing.T) {
	h := startUSI(t)
	h.send("usi")
	_, lines := h.expect("usiok")
	text := strings.Join(lines, "\n")
	for _, want := range []string{
		"id name Banmen " + Version + "\n", "id author ",
		"option name USI_Hash type spin", "option name USI_Ponder type check",
		"option name MultiPV type spin", "option name Threads type spin",
		"option name USI_LimitStrength type check default false", "option name USI_Strength type spin",
		"option name SkillLevel type spin default 20 min 0 max 20", "option name NetworkDelay type spin default 200",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("usi answer lacks %q:\n%s", want, text)
		}
	}
	h.send("setoption name USI_Hash value 16", "setoption name USI_Ponder value true", "isready")
	h.expect("readyok")
	h.send("usinewgame", "position startpos moves 7g7f", "go btime 1000 wtime 1000 byoyomi 100")
	l, _ := h.expect("bestmove")
	legalBestmove(t, l, "startpos moves 7g7f")
	h.send("quit")
	select {
	case err := <-h.done:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
		h.done <- nil
	case <-time.After(patience):
		t.Fatal("quit did not end Run")
	}
}

// A go with a clock is answered by the engine on its own, with no stop, once its time is
// used. In byoyomi and with movetime it uses the whole period less its margin
// (NetworkDelay, 200 ms, at most a quarter), so the bestmove comes no sooner (least). That
// it comes no later than the clock allows is BenchmarkUSIByoyomi's (a busy machine
// stretches it); the budget itself is TestBudget's.
func TestUSIByoyomiAnswersInTime(t *testing.T) {
	h := startUSI(t)
	h.send("isready")
	h.expect("readyok")
	for _, c := range []struct {
		pos, clock string
		least      time.Duration
	}{
		{"startpos", "go btime 0 wtime 0 byoyomi 200", 150 * time.Millisecond},
		{"sfen " + middleGames[0], "go btime 0 wtime 0 byoyomi 1000", 800 * time.Millisecond},
		{"sfen " + middleGames[1], "go btime 300 wtime 0 binc 100 winc 100", 0},
		{"startpos moves 2g2f", "go btime 1000 wtime 500", 0},
		{"startpos", "go movetime 300", 225 * time.Millisecond},
	} {
		h.send("position " + c.pos)
		start := time.Now()
		h.send(c.clock)
		l, info := h.expect("bestmove")
		el := time.Since(start)
		t.Logf("%s: bestmove after %v", c.clock, el)
		if el < c.least {
			t.Errorf("%s: bestmove after %v, before its time (%v)", c.clock, el, c.least)
		}
		legalBestmove(t, l, c.pos)
		if len(info) == 0 || !strings.Contains(strings.Join(info, "\n"), " pv ") {
			t.Errorf("%s: no pv info before the bestmove: %q", c.clock, info)
		}
	}
}

// BenchmarkUSIByoyomi measures how late the bestmove to a 200 ms byoyomi comes, as the GUI
// sees it (through the pipes): late-ms is the latest past the byoyomi, 0 if never late.
func BenchmarkUSIByoyomi(b *testing.B) {
	h := startUSI(b)
	h.send("isready")
	h.expect("readyok")
	const byoyomi = 200 * time.Millisecond
	var late time.Duration
	for b.Loop() {
		h.send("position startpos")
		start := time.Now()
		h.send("go btime 0 wtime 0 byoyomi 200")
		h.expect("bestmove")
		late = max(late, time.Since(start)-byoyomi)
	}
	b.ReportMetric(float64(late.Microseconds())/1000, "late-ms")
}

func TestUSIInfoLines(t *testing.T) {
	h := startUSI(t)
	h.send("setoption name MultiPV value 2", "position startpos", "go depth 5")
	_, info := h.expect("bestmove")
	seen1, seen2 := false, false
	for _, l := range info {
		if !strings.HasPrefix(l, "info depth") || !strings.Contains(l, " pv ") {
			continue
		}
		for _, field := range []string{" seldepth ", " score cp ", " nodes ", " nps ", " time ", " hashfull "} {
			if !strings.Contains(l, field) {
				t.Errorf("%q lacks%q", l, field)
			}
		}
		if strings.Index(l, " pv ") < strings.Index(l, " score ") {
			t.Errorf("pv is not last: %q", l)
		}
		seen1 = seen1 || strings.Contains(l, "multipv 1 ")
		seen2 = seen2 || strings.Contains(l, "multipv 2 ")
	}
	if !seen1 || !seen2 {
		t.Errorf("MultiPV 2: lines 1 %v, 2 %v in %q", seen1, seen2, info)
	}
}

func TestUSIInfiniteWaitsForStop(t *testing.T) {
	h := startUSI(t)
	h.send("position startpos", "go infinite")
	h.quiet("bestmove", 300*time.Millisecond)
	// isready is answered while the search runs: readyok comes before the bestmove of
	// the infinite search, which only the stop sent after it can end
	h.send("isready")
	if _, before := h.expect("readyok"); slices.ContainsFunc(before, func(l string) bool { return strings.HasPrefix(l, "bestmove") }) {
		t.Fatalf("bestmove before readyok: %q", before)
	}
	h.send("stop")
	l, _ := h.expect("bestmove")
	legalBestmove(t, l, "startpos")
	// even a mate found at once waits for stop in go infinite
	h.send("position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "go infinite")
	h.quiet("bestmove", 300*time.Millisecond)
	h.send("stop")
	if l, _ := h.expect("bestmove"); l != "bestmove G*5b" {
		t.Errorf("got %q", l)
	}
}

func TestUSIPonder(t *testing.T) {
	h := startUSI(t)
	h.send("setoption name USI_Ponder value true", "isready")
	h.expect("readyok")
	// ponderhit: the search goes on with its clock from now
	pos := "startpos moves 7g7f 3c3d"
	h.send("position "+pos, "go ponder btime 0 wtime 0 byoyomi 300")
	h.quiet("bestmove", 500*time.Millisecond)
	// With no stop, the bestmove comes by the engine's own clock, started at ponderhit:
	// in byoyomi it thinks the whole period but its margin (at most a quarter), so not
	// before 225 ms after ponderhit. A clock started at go ponder, 500 ms before, would
	// have run out already.
	start := time.Now()
	h.send("ponderhit")
	l, _ := h.expect("bestmove")
	if el := time.Since(start); el < 225*time.Millisecond {
		t.Errorf("bestmove %v after ponderhit with byoyomi 300: its clock did not start at ponderhit", el)
	}
	legalBestmove(t, l, pos)
	// stop: the prediction was wrong, the answer is wanted at once (and ignored)
	h.send("position "+pos+" 2g2f", "go ponder btime 0 wtime 0 byoyomi 300")
	h.quiet("bestmove", 300*time.Millisecond)
	h.send("stop")
	h.expect("bestmove")
	// a ponderhit that arrives before the search has even started still counts
	h.send("position "+pos, "go ponder btime 0 wtime 0 byoyomi 200", "ponderhit")
	h.expect("bestmove")
	// gameover during ponder: no bestmove, and the engine goes on
	h.send("position "+pos, "go ponder btime 0 wtime 0 byoyomi 300")
	h.expect("info depth 1 ") // it is pondering
	h.send("gameover lose", "isready")
	_, before := h.expect("readyok")
	for _, l := range before {
		if strings.HasPrefix(l, "bestmove") {
			t.Errorf("bestmove after gameover: %q", l)
		}
	}
	h.quiet("bestmove", 200*time.Millisecond)
}

func TestUSIGoMate(t *testing.T) {
	h := startUSI(t)
	h.send("position sfen 9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1", "go mate 5000")
	l, _ := h.expect("checkmate")
	if l != "checkmate G*8f 9f9g 8f8g 9g9h 8g8h" && !strings.HasPrefix(l, "checkmate G*") {
		t.Errorf("got %q", l)
	}
	// the Shogidokoro page's example: check the line rather than the spelling
	f := strings.Fields(l)[1:]
	g, err := parsePosition(strings.Fields("sfen 9/9/9/9/9/k8/9/9/1R2K4 b Gr2b3g4s4n4l18p 1 moves " + strings.Join(f, " ")))
	if err != nil || !g.Position().IsCheckmate() {
		t.Errorf("%q does not mate: %v", l, err)
	}
	h.send("position sfen 4k4/9/9/9/9/9/9/9/4K4 b - 1", "go mate infinite")
	if l, _ := h.expect("checkmate"); l != "checkmate nomate" {
		t.Errorf("no pieces to mate with: %q", l)
	}
	// Microcosmos cannot be solved in 200 ms: the engine answers timeout by itself, with no
	// stop, once its time (200 ms less a margin of at most a quarter) is used
	start := time.Now()
	h.send("position sfen g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1", "go mate 200")
	if l, _ := h.expect("checkmate"); l != "checkmate timeout" {
		t.Errorf("Microcosmos in 200 ms: %q", l)
	}
	if el := time.Since(start); el < 150*time.Millisecond {
		t.Errorf("go mate 200 gave up after %v, before its time", el)
	}
	// stop during go mate infinite: what is known, never a false nomate
	h.send("go mate infinite")
	h.expect("info time ") // its first progress report: it is solving
	h.send("stop")
	if l, _ := h.expect("checkmate"); l != "checkmate timeout" {
		t.Errorf("after stop: %q", l)
	}
	// a normal go after go mate works (gpsusi wedges here)
	h.send("position startpos", "go btime 0 wtime 0 byoyomi 100")
	h.expect("bestmove")
}

// TestUSIGoMateThreads: go mate searches with as many threads as the Threads option says,
// answers with a line that mates, and stops all of them at stop.
func TestUSIGoMateThreads(t *testing.T) {
	h := startUSI(t)
	// ElmoTeacherDecoder-006 (../shared/testdata/tsume), a mate in 13
	sfen := "sfen l1+R5K/4p2+P1/1pp6/p2+b4p/2k2G1p1/PL2+n3P/N5+s2/2+nP5/L4+R2L b B2G2S3Pgsn5p 1"
	h.send("setoption name Threads value 2", "position "+sfen, "go mate 10000")
	l, _ := h.expect("checkmate")
	f := strings.Fields(l)[1:]
	g, err := parsePosition(strings.Fields(sfen + " moves " + strings.Join(f, " ")))
	if err != nil || !g.Position().IsCheckmate() || len(f)%2 == 0 {
		t.Errorf("%q does not mate: %v", l, err)
	}
	if n := len(h.e.solver.helpers); n != 1 || h.e.solver.helpers[0].nodes == 0 {
		t.Errorf("%d helpers; with Threads 2 one should have searched", n)
	}
	h.send("position sfen g1+P1k1+P+P+L/1p3P3/+R+p2pp1pl/1NNsg+p2+R/+b+nL+P1+p3/1P3ssP1/2P1+Ps2N/4+P1P1L/+B5G1g b - 1", "go mate infinite")
	h.expect("info time ")
	h.send("stop")
	if l, _ := h.expect("checkmate"); l != "checkmate timeout" {
		t.Errorf("after stop: %q", l)
	}
}

// TestUSIGoMateInCheck: where the side to move is in check, go mate looks for the mate of
// that side, its reply first, as KomoringHeights does by default (RootIsAndNodeIfChecked);
// with the option off, for a mate by that side, as USI asks.
func TestUSIGoMateInCheck(t *testing.T) {
	h := startUSI(t)
	h.send("usi")
	if _, lines := h.expect("usiok"); !strings.Contains(strings.Join(lines, "\n"), "option name RootIsAndNodeIfChecked type check default true") {
		t.Errorf("usi answer lacks RootIsAndNodeIfChecked:\n%s", strings.Join(lines, "\n"))
	}
	// White, in check from the lance, has one reply (1a2a), and G*2b mates
	const inCheck = "position sfen 8k/9/7P1/9/9/9/9/9/4K3L w G 1"
	h.send(inCheck, "go mate 5000")
	if l, _ := h.expect("checkmate"); l != "checkmate 1a2a G*2b" {
		t.Errorf("in check, mated in 2: %q", l)
	}
	// in check with room to run: no mate
	h.send("position sfen 4k4/9/9/9/9/9/9/9/4L3K w - 1", "go mate 5000")
	if l, _ := h.expect("checkmate"); l != "checkmate nomate" {
		t.Errorf("in check, not mated: %q", l)
	}
	// Black, in check, has only drops that are futile under tsume rules, so it is mated at
	// once by them; the answer counts them, and the line is the plain mate in 6
	// (ElmoTeacherDecoder-041 of the shared corpus, "mate 6", which once got "checkmate ")
	const futile = "position sfen ln2k2+L1/2gs1g3/2pppPs1p/1P7/5+B1P1/p1PPS4/P3P1P1P/4g1GR1/1+b+r3KNL b 2NL2Ps2p 2"
	h.send(futile, "go mate 10000")
	l, _ := h.expect("checkmate")
	f := strings.Fields(l)[1:]
	g, err := parsePosition(strings.Fields(strings.TrimPrefix(futile, "position ") + " moves " + strings.Join(f, " ")))
	if len(f) != 6 || err != nil || !g.Position().IsCheckmate() {
		t.Errorf("in check with only futile drops: %q (%v)", l, err)
	}
	// off: White, with nothing in hand, has no mate of its own
	h.send("setoption name RootIsAndNodeIfChecked value false", inCheck, "go mate 5000")
	if l, _ := h.expect("checkmate"); l != "checkmate nomate" {
		t.Errorf("option off: %q", l)
	}
}

func TestUSIBadInput(t *testing.T) {
	h := startUSI(t)
	for _, c := range []struct{ cmd, want string }{
		{"position sfen lnsgkgsnl/9/9 b - 1", "info string position:"},
		{"position startpos moves 7g7f 7g7f", "info string position: move 2 (7g7f)"},
		{"position startpos moves 7g7f 3c3d 8h2b+ 3a2b x9z9", "info string position: move 5 (x9z9)"},
		{"position", "info string position:"},
		{"frobnicate now", "info string unknown command \"frobnicate\""},
		{"setoption name NoSuchOption value 3", "info string no option named"},
		{"setoption name MultiPV value many", "info string option MultiPV"},
		{"setoption name MultiPV value 1000", "info string option MultiPV"},
		{"setoption value 3", "info string setoption"},
	} {
		h.send(c.cmd)
		l, _ := h.expect("info string")
		if !strings.HasPrefix(l, c.want) {
			t.Errorf("%q: %q, want %q…", c.cmd, l, c.want)
		}
	}
	// after a refused position, go says why and resigns rather than play for a wrong position
	h.send("position startpos moves 7g7f 7g7f", "go btime 0 wtime 0 byoyomi 100")
	l, _ := h.expect("bestmove")
	if l != "bestmove resign" {
		t.Errorf("go after a bad position: %q", l)
	}
	// unknown go words are ignored with a note; the search still runs
	h.send("position startpos", "go wibble 3 byoyomi 100 btime 0 wtime 0")
	h.expect("info string go: unknown word \"wibble\"")
	h.expect("bestmove")
	h.send("isready")
	h.expect("readyok")
}

func TestUSIResignAndWin(t *testing.T) {
	h := startUSI(t)
	// White is mated: nothing to play
	h.send("position sfen 4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", "go btime 0 wtime 0 byoyomi 100")
	if l, _ := h.expect("bestmove"); l != "bestmove resign" {
		t.Errorf("mated: %q", l)
	}
	// Black's king and ten pieces in White's camp with 28 points: the declaration holds
	win := "+R+B+BG1+P+P+PK/+R1G3+P+P+P/9/9/9/9/9/9/4k4 b G 1"
	if p, err := board.ParseSFEN(win); err != nil || !canDeclare(p) {
		t.Fatalf("test position: %v", err)
	}
	h.send("position sfen "+win, "go btime 0 wtime 0 byoyomi 100")
	if l, _ := h.expect("bestmove"); l != "bestmove win" {
		t.Errorf("declaration: %q", l)
	}
	// a forced mate against us found by the search: resign
	h.send("position sfen lns3kn1/1r3g3/3Bp1s+R1/2pp1p3/pp2P4/2P1SP3/PPSP5/2GBG4/LN1K3N+l b G3Pl3p 51 moves P*3b", "go depth 6")
	if l, _ := h.expect("bestmove"); l != "bestmove resign" {
		t.Errorf("mated in 2: %q", l)
	}
}

func TestUSISearchmovesAndStrength(t *testing.T) {
	h := startUSI(t)
	h.send("position startpos", "go depth 3 searchmoves 1g1f 9g9f")
	l, _ := h.expect("bestmove")
	if m := legalBestmove(t, l, "startpos"); m != "1g1f" && m != "9g9f" {
		t.Errorf("searchmoves: %q", l)
	}
	h.send("setoption name USI_LimitStrength value true", "setoption name USI_Strength value -20", "position startpos", "go btime 0 wtime 0 byoyomi 300")
	l, _ = h.expect("bestmove")
	legalBestmove(t, l, "startpos")
	h.send("setoption name USI_LimitStrength value false", "setoption name SkillLevel value 0", "go btime 0 wtime 0 byoyomi 300")
	l, _ = h.expect("bestmove")
	legalBestmove(t, l, "startpos")
}

// setoption while a search runs changes the next search, not the running one (and does
// not race with it).
func TestUSISetOptionDuringSearch(t *testing.T) {
	h := startUSI(t)
	h.send("position startpos", "go infinite")
	h.expect("info depth 1 ") // it is searching
	h.send("setoption name MultiPV value 3", "setoption name NetworkDelay value 100", "setoption name USI_Ponder value true", "stop")
	h.expect("bestmove")
	h.send("go depth 3")
	_, info := h.expect("bestmove")
	if !strings.Contains(strings.Join(info, "\n"), "multipv 3") {
		t.Errorf("MultiPV 3 not applied to the next search")
	}
}

// TestUSISecondGoAnswersTheFirst: a go that arrives while a search runs (a GUI should send
// stop first, but some do not) ends the running search, which still answers with its
// bestmove for its own position; then the second search runs and answers too.
func TestUSISecondGoAnswersTheFirst(t *testing.T) {
	h := startUSI(t)
	h.send("usi", "isready")
	h.expect("readyok")
	// Black to move, then White to move: no move is legal in both
	first := "startpos"
	second := "startpos moves 7g7f"
	h.send("position "+first, "go infinite")
	h.expect("info depth 1 ") // it is searching
	h.send("position "+second, "go depth 2")
	l1, _ := h.expect("bestmove")
	legalBestmove(t, l1, first)
	l2, _ := h.expect("bestmove")
	legalBestmove(t, l2, second)
	h.send("isready")
	h.expect("readyok")
}
