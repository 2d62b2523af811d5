package bundledengine

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"banmen/board"
)

// The tsume problems of the shared corpus (../../../shared/testdata/tsume/problems.json).
// The normal tests solve the short ones, and each problem of tsumeBudgets within its node
// budget; -tsume.full (or BANMEN_TSUME_FULL=1) adds the long budgets and solves them all with
// 10 s each, reporting the solve rate and times, as the issue asks:
//
//	go test -run TsumeFull -v ./internal/bundledengine/ -args -tsume.full
//	go test -run Microcosmos -v -timeout 60m ./internal/bundledengine/ -args -tsume.micro 60s
//
// One problem, with its node count, table fill and line (Microcosmos's first mate: 22.0M
// nodes with a 1 GB table; 32.0M, about 80 CPU seconds, with the engine's default 64 MB):
//
//	go test -run TsumeOnly -v -timeout 60m ./internal/bundledengine/ -args -tsume.only KomoringHeights-001 -tsume.mb 1024 -tsume.time 10m

var tsumeFull = flag.Bool("tsume.full", false, "solve every problem of the shared tsume corpus, 10 s each")

type tsumeProblem struct {
	ID             string `json:"id"`
	SFEN           string `json:"sfen"`
	SFENNormalized string `json:"sfen_normalized"`
	Expected       string `json:"expected"`
	Length         *int   `json:"length"`
	Side           string `json:"side"`
	Rules          string `json:"rules"`
	Solution       any    `json:"solution_usi"`
	Oracle         *struct {
		ShortestMate *int `json:"shortest_mate"`
		NoMateUpTo   *int `json:"no_mate_up_to"`
	} `json:"oracle"`
}

// tsumeByID is the corpus problem id; the test fails when the corpus lacks it.
func tsumeByID(t testing.TB, id string) *tsumeProblem {
	t.Helper()
	for _, c := range loadTsume(t) {
		if c.ID == id {
			return &c
		}
	}
	t.Fatalf("%s is not in the corpus", id)
	return nil
}

func loadTsume(t testing.TB) []tsumeProblem {
	t.Helper()
	path := filepath.Join("..", "..", "..", "shared", "testdata", "tsume", "problems.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("no shared tsume corpus: %v", err)
	}
	var f struct {
		Problems []tsumeProblem `json:"problems"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return f.Problems
}

func (tp *tsumeProblem) position(t testing.TB) *board.Position {
	p, err := board.ParseSFEN(tp.SFEN)
	if err != nil && tp.SFENNormalized != "" {
		p, err = board.ParseSFEN(tp.SFENNormalized)
	}
	if err != nil {
		t.Fatalf("%s: %v", tp.ID, err)
	}
	return p
}

// judge says whether a result answers the problem correctly; ok is false for a wrong answer,
// solved false for no answer (a timeout).
func (tp *tsumeProblem) judge(p *board.Position, r SolveResult) (solved, ok bool, why string) {
	or := tp.Side != "defender_to_move"
	switch r.Status {
	case MateUnknown:
		return false, true, "timeout"
	case NoMate:
		switch tp.Expected {
		case "no_mate", "no_mate_within":
			return true, true, ""
		}
		if tp.Oracle != nil && tp.Oracle.ShortestMate == nil && tp.Oracle.NoMateUpTo != nil && tp.Length != nil && *tp.Length <= *tp.Oracle.NoMateUpTo {
			// the source's "mate" that the oracle refutes (ElmoTeacherDecoder-022, -026)
			return true, true, "nomate, as the oracle found"
		}
		return false, false, "wrong nomate"
	}
	if !verifyLine(p, r.Line, or, false) {
		return false, false, "the line does not mate: " + moveString(r.Line)
	}
	switch tp.Expected {
	case "no_mate":
		return false, false, "mate found where the source says none: " + moveString(r.Line)
	case "no_mate_within":
		if len(r.Line) <= *tp.Length {
			return false, false, "mate found within the length the source rules out"
		}
	case "mate_within":
		// any correct mate answers it
	case "mate":
		if tp.Length != nil && len(r.Line) != *tp.Length {
			return true, true, "length " + itoa(len(r.Line)) + ", stated " + itoa(*tp.Length)
		}
	}
	return true, true, ""
}

func moveString(ms []board.Move) string {
	s := make([]string, len(ms))
	for i, m := range ms {
		s[i] = m.USI()
	}
	return strings.Join(s, " ")
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func solveProblem(t testing.TB, s *Solver, tp *tsumeProblem, limit time.Duration) (SolveResult, *board.Position) {
	p := tp.position(t)
	r := s.Solve(p, SolveOptions{
		Deadline:       time.Now().Add(limit),
		DefenderToMove: tp.Side == "defender_to_move",
		// problems stated under plain rules are solved under plain rules
		CountFutile: strings.HasPrefix(tp.Rules, "engine"),
	})
	return r, p
}

func TestTsumeShortProblems(t *testing.T) {
	s := NewSolver(64)
	n := 0
	for _, tp := range loadTsume(t) {
		if tp.Length == nil || *tp.Length > 9 || tp.Expected == "no_mate" {
			continue
		}
		n++
		r, p := solveProblem(t, s, &tp, 10*time.Second)
		solved, ok, why := tp.judge(p, r)
		if !ok || !solved {
			t.Errorf("%s: %s (%v, %d nodes, %v) %s", tp.ID, r.Status, r.Time.Round(time.Millisecond), r.Nodes, moveString(r.Line), why)
		} else if why != "" || r.Time > time.Second {
			t.Logf("%s: %s %v %d nodes %s", tp.ID, why, r.Time.Round(time.Millisecond), r.Nodes, moveString(r.Line))
		}
	}
	if n < 60 {
		t.Errorf("only %d short problems", n)
	}
}

func TestTsumeFull(t *testing.T) {
	if !*tsumeFull && os.Getenv("BANMEN_TSUME_FULL") == "" {
		t.Skip("the whole corpus takes minutes: go test -run TsumeFull -v ./internal/bundledengine/ -args -tsume.full")
	}
	s := NewSolver(256)
	var times []time.Duration
	solved, wrong, total := 0, 0, 0
	var worst time.Duration
	for _, tp := range loadTsume(t) {
		total++
		r, p := solveProblem(t, s, &tp, 10*time.Second)
		ok1, ok, why := tp.judge(p, r)
		line := moveString(r.Line)
		if len(line) > 80 {
			line = line[:80] + "…"
		}
		t.Logf("%-24s %-13s %-7s %8v %9d nodes (proof %8v) %3d plies  %s %s", tp.ID, tp.Expected, r.Status, r.Time.Round(time.Millisecond), r.Nodes, r.ProofTime.Round(time.Millisecond), len(r.Line), why, line)
		if !ok {
			wrong++
			t.Errorf("%s: WRONG: %s", tp.ID, why)
		}
		if ok1 {
			solved++
			times = append(times, r.Time)
			worst = max(worst, r.Time)
		}
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	median := time.Duration(0)
	if len(times) > 0 {
		median = times[len(times)/2]
	}
	t.Logf("solved %d of %d (%.1f%%), wrong %d, median %v, worst %v (of the solved)", solved, total, 100*float64(solved)/float64(total), wrong, median, worst)
	_ = slices.Max[[]int]
}

var tsumeMicro = flag.Duration("tsume.micro", 0, "Microcosmos: solve the last N plies of the known answer, for growing N, this long each (e.g. 60s)")

// TestMicrocosmos measures how far the solver gets into Microcosmos (1525 plies): it solves
// the positions reached after all but the last k plies of the known answer, k growing up to
// the whole problem, each with the time given by -tsume.micro, and stops at the first failure.
func TestMicrocosmos(t *testing.T) {
	if *tsumeMicro == 0 {
		t.Skip("minutes per step: go test -run Microcosmos -v ./internal/bundledengine/ -args -tsume.micro 60s")
	}
	var micro *tsumeProblem
	for _, tp := range loadTsume(t) {
		if tp.ID == "KomoringHeights-001" {
			micro = &tp
		}
	}
	if micro == nil {
		t.Skip("Microcosmos is not in the corpus")
	}
	var answer []string
	switch v := micro.Solution.(type) {
	case string:
		answer = strings.Fields(strings.NewReplacer("[", "", "]", "", "'", "", ",", " ").Replace(v))
	case []any:
		for _, m := range v {
			answer = append(answer, m.(string))
		}
	}
	if len(answer) != 1525 {
		t.Fatalf("answer has %d plies", len(answer))
	}
	positions := []*board.Position{micro.position(t)}
	for _, u := range answer {
		p := *positions[len(positions)-1]
		m, err := p.ParseMove(u)
		if err != nil {
			t.Fatalf("answer: %v", err)
		}
		p.Do(m)
		positions = append(positions, &p)
	}
	s := NewSolver(1024)
	for _, k := range []int{11, 31, 61, 101, 151, 201, 301, 401, 501, 701, 901, 1101, 1301, 1525} {
		p := positions[1525-k]
		start := time.Now()
		r := s.Solve(p, SolveOptions{Deadline: start.Add(*tsumeMicro)})
		t.Logf("last %4d plies: %-7s proven in %v (%d nodes), line of %d plies after %v (%d nodes)", k, r.Status,
			r.ProofTime.Round(time.Millisecond), r.ProofNodes, len(r.Line), r.Time.Round(time.Millisecond), r.Nodes)
		if r.Status == MateFound && !verifyLine(p, r.Line, true, false) {
			t.Errorf("last %d plies: the line does not mate", k)
		}
		if r.Status != MateFound {
			break
		}
	}
}

var (
	tsumeOnly      = flag.String("tsume.only", "", "solve only the problems whose id contains this (a regular expression)")
	tsumeOnlyTime  = flag.Duration("tsume.time", 10*time.Second, "with -tsume.only: the time for each")
	tsumeOnlyMB    = flag.Int("tsume.mb", 256, "with -tsume.only: the table's size in MB")
	tsumeOnlyNodes = flag.Uint64("tsume.nodes", 0, "with -tsume.only: a node limit for each (0: none)")
	tsumeThreads   = flag.Int("tsume.threads", 1, "with -tsume.only: the threads of each search")
)

func TestTsumeOnly(t *testing.T) {
	if *tsumeOnly == "" {
		t.Skip("-tsume.only ID")
	}
	s := NewSolver(*tsumeOnlyMB)
	s.trace = func(limit int, proven bool, nodes uint64) {
		t.Logf("  within %d plies: proven %v, %d nodes", limit, proven, nodes)
	}
	for _, tp := range loadTsume(t) {
		if ok, _ := regexp.MatchString(*tsumeOnly, tp.ID); !ok {
			continue
		}
		p := tp.position(t)
		r := s.Solve(p, SolveOptions{
			Deadline:       time.Now().Add(*tsumeOnlyTime),
			MaxNodes:       *tsumeOnlyNodes,
			DefenderToMove: tp.Side == "defender_to_move",
			CountFutile:    strings.HasPrefix(tp.Rules, "engine"),
			Threads:        *tsumeThreads,
		})
		ok1, ok, why := tp.judge(p, r)
		t.Logf("%-24s %-7s %8v %9d nodes (proof %8v, %d nodes) %3d plies %v %v %s", tp.ID, r.Status, r.Time.Round(time.Millisecond), r.Nodes, r.ProofTime.Round(time.Millisecond), r.ProofNodes, len(r.Line), ok1, ok, why)
		t.Logf("  table %d‰ full", s.tt.hashfull())
		if testing.Verbose() && r.Status == MateFound {
			q := *p
			for _, m := range r.Line {
				q.Do(m)
			}
			t.Logf("  %s\n  final %s", moveString(r.Line), q.SFEN())
		}
	}
}

// tsumeBudgets names the problems of the shared corpus the solver must solve, each within a
// node budget for the whole solve (the proof and the line): about twice the nodes it took
// when the list was made (and at least 20000 more), so that a change that makes the solver
// weaker fails here, in node counts that do not hang on the machine's load. Those of more than
// 300000 nodes run with -tsume.full (or BANMEN_TSUME_FULL=1) only:
//
//	BANMEN_TSUME_FULL=1 go test -run TsumeBudgets -v ./internal/bundledengine/
//
// Kifu-for-JS-003 (about 6.1M nodes, 2.4M of them to the proof) and Microcosmos
// (KomoringHeights-001, about 16M nodes with a 1 GB table, not solved in 10 s) are here with
// the long ones. Not listed:
// the mate the solver does not find within 10M nodes (mog-core-scala-001) and a no-mate
// problem it cannot disprove (ElmoTeacherDecoder-032). ElmoTeacherDecoder-037 is disproven
// with the engine's default 64 MB table (about 0.65M nodes; with 256 MB about 0.57M).
var tsumeBudgets = []struct {
	id    string
	nodes uint64
	long  bool
}{
	{"ElmoTeacherDecoder-001", 360000, true},
	{"ElmoTeacherDecoder-003", 310000, true},
	{"ElmoTeacherDecoder-004", 280000, false},
	{"ElmoTeacherDecoder-005", 640000, true},
	{"ElmoTeacherDecoder-006", 220000, false},
	{"ElmoTeacherDecoder-009", 130000, false},
	{"ElmoTeacherDecoder-016", 21000, false},
	{"ElmoTeacherDecoder-017", 230000, false},
	{"ElmoTeacherDecoder-018", 1500000, true},
	{"ElmoTeacherDecoder-019", 640000, true},
	{"ElmoTeacherDecoder-020", 21000, false},
	{"ElmoTeacherDecoder-021", 21000, false},
	{"ElmoTeacherDecoder-022", 39000, false},
	{"ElmoTeacherDecoder-025", 590000, true},
	{"ElmoTeacherDecoder-026", 21000, false},
	{"ElmoTeacherDecoder-027", 80000, false},
	{"ElmoTeacherDecoder-028", 320000, true},
	{"ElmoTeacherDecoder-030", 33000, false},
	{"ElmoTeacherDecoder-033", 52000, false},
	{"ElmoTeacherDecoder-035", 1100000, true},
	{"ElmoTeacherDecoder-037", 1100000, true},
	{"ElmoTeacherDecoder-038", 1800000, true},
	{"ElmoTeacherDecoder-039", 21000, false},
	{"ElmoTeacherDecoder-040", 27000, false},
	{"ElmoTeacherDecoder-041", 21000, false},
	{"ElmoTeacherDecoder-045", 21000, false},
	{"ElmoTeacherDecoder-046", 21000, false},
	{"ElmoTeacherDecoder-047", 21000, false},
	{"ElmoTeacherDecoder-048", 21000, false},
	{"ElmoTeacherDecoder-049", 21000, false},
	{"ElmoTeacherDecoder-051", 21000, false},
	{"ElmoTeacherDecoder-054", 21000, false},
	{"ElmoTeacherDecoder-055", 21000, false},
	{"ElmoTeacherDecoder-056", 21000, false},
	{"ElmoTeacherDecoder-058", 21000, false},
	{"ElmoTeacherDecoder-063", 21000, false},
	{"ElmoTeacherDecoder-064", 21000, false},
	{"ElmoTeacherDecoder-066", 21000, false},
	{"ElmoTeacherDecoder-068", 21000, false},
	{"ElmoTeacherDecoder-069", 23000, false},
	{"ElmoTeacherDecoder-070", 23000, false},
	{"ElmoTeacherDecoder-074", 21000, false},
	{"ElmoTeacherDecoder-075", 23000, false},
	{"ElmoTeacherDecoder-077", 21000, false},
	{"ElmoTeacherDecoder-078", 21000, false},
	{"ElmoTeacherDecoder-079", 21000, false},
	{"ElmoTeacherDecoder-080", 21000, false},
	{"ElmoTeacherDecoder-082", 21000, false},
	{"ElmoTeacherDecoder-083", 21000, false},
	{"ElmoTeacherDecoder-084", 23000, false},
	{"ElmoTeacherDecoder-085", 21000, false},
	{"ElmoTeacherDecoder-086", 21000, false},
	{"ElmoTeacherDecoder-089", 23000, false},
	{"ElmoTeacherDecoder-090", 26000, false},
	{"Kifu-for-JS-001", 21000, false},
	{"KomoringHeights-002", 21000, false},
	{"tsumeshogi-check-001", 21000, false},
	{"tsumeshogi-check-003", 21000, false},
	{"tsumeshogi-check-004", 21000, false},
	{"tsumeshogi-check-005", 21000, false},
	{"tsumeshogi-check-007", 21000, false},
	{"tsumeshogi-check-008", 21000, false},
	{"tsumeshogi-check-010", 21000, false},
	{"tsumeshogi-check-011", 21000, false},
	{"tsumeshogi-check-012", 21000, false},
	{"tsumeshogi-check-014", 21000, false},
	{"tsumeshogi-check-017", 21000, false},
	{"tsumeshogi-check-018", 21000, false},
	{"tsumeshogi-check-019", 21000, false},
	{"tsumeshogi-check-021", 21000, false},
	{"tsumeshogi-check-022", 21000, false},
	{"tsumeshogi-check-027", 21000, false},
	{"tsumeshogi-check-028", 21000, false},
	{"tsumeshogi-check-029", 21000, false},
	{"tsumeshogi-check-030", 21000, false},
	{"tsumeshogi-check-031", 21000, false},
	{"tsumeshogi-check-032", 21000, false},
	{"tsumeshogi-check-038", 21000, false},
	{"tsumeshogi-check-039", 21000, false},
	{"tsumeshogi-check-042", 21000, false},
	{"tsumeshogi-check-043", 21000, false},
	{"tsumeshogi-check-044", 21000, false},
	{"tsumeshogi-check-045", 21000, false},
	{"tsumeshogi-check-046", 21000, false},
	{"tsumeshogi-check-048", 21000, false},
	{"tsumeshogi-check-049", 22000, false},
	{"tsumeshogi-check-050", 21000, false},
	{"tsumeshogi-check-052", 21000, false},
	{"tsumeshogi-check-053", 21000, false},
	{"tsumeshogi-check-055", 21000, false},
	{"tsumeshogi-check-056", 21000, false},
	{"tsumeshogi-check-057", 21000, false},
	{"tsumeshogi-check-058", 21000, false},
	{"tsumeshogi-check-059", 21000, false},
	{"tsumeshogi-check-061", 22000, false},
	{"tsumeshogi-check-063", 22000, false},
	{"tsumeshogi-check-068", 23000, false},
	{"tsumeshogi-check-070", 22000, false},
	{"tsumeshogi-check-072", 24000, false},
	{"YaneuraOu-001", 21000, false},
	{"YaneuraOu-005", 450000, true},
	{"YaneuraOu-006", 2100000, true},
	{"YaneuraOu-007", 470000, true},
	{"YaneuraOu-009", 780000, true},
	{"YaneuraOu-010", 1000000, true},
	{"YaneuraOu-011", 4000000, true},
	{"YaneuraOu-012", 4400000, true},
	{"Kifu-for-JS-003", 16000000, true},
	{"KomoringHeights-001", 40000000, true},
}

// tsumeBudgetMB is the table size of the problems solved with another than the long ones' 256 MB.
var tsumeBudgetMB = map[string]int{"KomoringHeights-001": 1024, "ElmoTeacherDecoder-037": 64}

func TestTsumeBudgets(t *testing.T) {
	full := *tsumeFull || os.Getenv("BANMEN_TSUME_FULL") != ""
	problems := map[string]*tsumeProblem{}
	for _, tp := range loadTsume(t) {
		problems[tp.ID] = &tp
	}
	short, long := NewSolver(32), NewSolver(256)
	for _, b := range tsumeBudgets {
		tp := problems[b.id]
		if tp == nil {
			t.Errorf("%s: not in the corpus", b.id)
			continue
		}
		if b.long && !full {
			continue
		}
		s := short
		if b.long {
			s = long
		}
		if mb := tsumeBudgetMB[b.id]; mb > 0 {
			s = NewSolver(mb)
		}
		p := tp.position(t)
		r := s.Solve(p, SolveOptions{
			MaxNodes:       b.nodes,
			DefenderToMove: tp.Side == "defender_to_move",
			CountFutile:    strings.HasPrefix(tp.Rules, "engine"),
		})
		if tsumeBudgetMB[b.id] > 0 {
			s.dropTable()
		}
		solved, ok, why := tp.judge(p, r)
		switch {
		case !ok:
			t.Errorf("%s: WRONG: %s (%v, %d nodes) %s", b.id, why, r.Status, r.Nodes, moveString(r.Line))
		case !solved:
			t.Errorf("%s: not solved within %d nodes (%v)", b.id, b.nodes, r.Status)
		case testing.Verbose():
			t.Logf("%-24s %-7s %8d nodes (proof %8d, budget %8d) %3d plies %s", b.id, r.Status, r.Nodes, r.ProofNodes, b.nodes, len(r.Line), why)
		}
	}
}
