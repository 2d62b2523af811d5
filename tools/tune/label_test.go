package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"banmen/board"
	"banmen/internal/bundledengine"
	"banmen/internal/testbin"
	"banmen/kifu"
)

// Records from kifu's test data: a game Black won by resignation, one drawn by
// repetition, one interrupted (no result) and one with an illegal move.
var (
	recWon         = filepath.Join("..", "..", "kifu", "testdata", "kif", "kifu-for-js__ryuou201409020101.kif")
	recRepetition  = filepath.Join("..", "..", "kifu", "testdata", "kif", "mog-core-scala__kif__game__009.kif")
	recInterrupted = filepath.Join("..", "..", "kifu", "testdata", "kif", "kifu-for-js__henka.kif")
	recIllegal     = filepath.Join("..", "..", "kifu", "testdata", "kif", "kifu-for-js__fork-test.kif")
)

// expectLabelled lists the positions label should keep of a record, found here without
// the move's captured kind: a capture is a board move to an occupied square.
func expectLabelled(t *testing.T, path string, skip int) []string {
	t.Helper()
	r, err := kifu.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Start.Clone()
	var want []string
	for ply, m := range r.MainMoves() {
		capture := !m.IsDrop() && p.PieceAt(m.To()) != board.NoPiece
		if ply >= skip && !capture && !p.InCheck() && bundledengine.Quiet(p) {
			want = append(want, p.SFEN())
		}
		p.Do(m)
	}
	return want
}

// labelLine is one line label wrote.
type labelLine struct {
	sfen, result string
	score        int
}

// readLabelled reads what label wrote, checking that the fit reads it too.
func readLabelled(t *testing.T, path string) []labelLine {
	t.Helper()
	if _, err := readData(path); err != nil {
		t.Fatalf("readData: %v", err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var lines []labelLine
	for _, l := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		f := strings.Split(l, " | ")
		if len(f) != 3 {
			t.Fatalf("bad line %q", l)
		}
		v, err := strconv.Atoi(f[2])
		if err != nil {
			t.Fatalf("bad score in %q", l)
		}
		lines = append(lines, labelLine{f[0], f[1], v})
	}
	return lines
}

// fakeEngine is a scripted engine (testbin.ScriptEngine) whose answer to go is the shell
// code goReply; $n is the move number of the position searched.
func fakeEngine(t *testing.T, goReply string) string {
	return testbin.ScriptEngine(t, "Fake", []string{"Hash type spin default 16 min 1 max 1024"}, goReply)
}

// The positions kept, in the records' order whichever engine answered first, each with
// its record's result and the engine's score turned to Black's point of view; records
// without a result are skipped with a word; folders give their records by name.
func TestLabelOrderAndSides(t *testing.T) {
	// a score of the move number for the side to move, the odd ones answered late
	eng := fakeEngine(t, `if [ $((n % 2)) = 1 ]; then sleep 0.01; fi; echo "info depth 1 score cp $n pv resign"; echo "bestmove resign"`)
	dir := t.TempDir()
	recs := filepath.Join(dir, "records")
	os.Mkdir(recs, 0o755)
	for name, from := range map[string]string{"b.kif": recRepetition, "a.kifu": recInterrupted, "c.txt": recIllegal} {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(recs, name), b, 0o644)
	}
	data := filepath.Join(dir, "data.txt")
	var out strings.Builder
	err := run([]string{"label", "-engine", eng, "-option", "Hash=16", "-nodes", "100", "-jobs", "2", "-skip", "10", "-o", data, recWon, recs}, &out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "skipped "+filepath.Join(recs, "a.kifu")+": no result: the main line ends with 中断") {
		t.Errorf("the interrupted record is not skipped with a word:\n%s", out.String())
	}
	type rec struct {
		result string
		want   []string
	}
	var want []rec
	for _, r := range []rec{{"1", expectLabelled(t, recWon, 10)}, {"0.5", expectLabelled(t, recRepetition, 10)}} {
		if len(r.want) < 20 {
			t.Fatalf("only %d positions to keep", len(r.want))
		}
		want = append(want, r)
	}
	got := readLabelled(t, data)
	if len(got) != len(want[0].want)+len(want[1].want) {
		t.Fatalf("%d positions written, want %d + %d\n%s", len(got), len(want[0].want), len(want[1].want), out.String())
	}
	i := 0
	for _, r := range want {
		for _, sfen := range r.want {
			g := got[i]
			i++
			if g.sfen != sfen || g.result != r.result {
				t.Fatalf("line %d: %s | %s, want %s | %s", i, g.sfen, g.result, sfen, r.result)
			}
			p, _ := board.ParseSFEN(sfen)
			score := p.MoveNumber()
			if p.SideToMove() == board.White {
				score = -score
			}
			if g.score != score {
				t.Errorf("line %d: score %d, want %d for Black (%s)", i, g.score, score, sfen)
			}
		}
	}
	if !strings.Contains(out.String(), fmt.Sprintf("scored %d/%d positions", len(got), len(got))) {
		t.Errorf("no progress:\n%s", out.String())
	}
}

// Positions the engine scores as a mate are left out and counted.
func TestLabelMates(t *testing.T) {
	eng := fakeEngine(t, `if [ $((n % 5)) = 0 ]; then echo "info depth 1 score mate -3"; else echo "info depth 1 score cp 7"; fi; echo "bestmove resign"`)
	data := filepath.Join(t.TempDir(), "data.txt")
	var out strings.Builder
	if err := run([]string{"label", "-engine", eng, "-depth", "3", "-o", data, recWon}, &out); err != nil {
		t.Fatal(err)
	}
	var mates []string
	var rest []string
	for _, s := range expectLabelled(t, recWon, 12) {
		p, _ := board.ParseSFEN(s)
		if p.MoveNumber()%5 == 0 {
			mates = append(mates, s)
		} else {
			rest = append(rest, s)
		}
	}
	got := readLabelled(t, data)
	if len(mates) == 0 || len(got) != len(rest) || got[0].sfen != rest[0] {
		t.Errorf("%d positions written, want %d (%d mates left out)", len(got), len(rest), len(mates))
	}
	if !strings.Contains(out.String(), fmt.Sprintf("(%d with a mate score left out)", len(mates))) {
		t.Errorf("the mates are not counted:\n%s", out.String())
	}
}

// An engine that is missing, dies, sends garbage, says nothing or has no such option is
// an error that names it (and the position), and no output file is left behind.
func TestLabelEngineFailures(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such-engine")
	for _, c := range []struct {
		name, engine string
		extra        []string
		want         []string
	}{
		{"missing", missing, nil, []string{"engine " + missing}},
		{"dies", fakeEngine(t, `if [ $n -gt 40 ]; then exit 3; fi; echo "info score cp 1"; echo "bestmove resign"`), nil, []string{"fake-engine", "position ", "ply ", recWon}},
		{"garbage", fakeEngine(t, `echo "info score cp 1"; echo "bestmove 5e5e"`), nil, []string{"fake-engine", "position ", "5e5e"}},
		{"no score", fakeEngine(t, `echo "bestmove resign"`), nil, []string{"fake-engine", "no info line with a score", "position "}},
		{"silent", fakeEngine(t, `sleep 10`), []string{"-timeout", "300ms"}, []string{"fake-engine", "no bestmove within -timeout 300ms", "position "}},
		{"option", fakeEngine(t, `echo "bestmove resign"`), []string{"-option", "Threads=1"}, []string{"fake-engine", `no option "Threads"`, "Hash"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			data := filepath.Join(dir, "data.txt")
			args := append([]string{"label", "-engine", c.engine, "-nodes", "10", "-o", data}, c.extra...)
			err := run(append(args, recWon), &strings.Builder{})
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("the error does not say %q: %v", w, err)
				}
			}
			if left, _ := os.ReadDir(dir); len(left) != 0 {
				t.Errorf("left behind: %v", left)
			}
		})
	}
}

// Bad usage and unreadable records are refused, naming what is wrong.
func TestLabelUsage(t *testing.T) {
	eng := fakeEngine(t, `echo "info score cp 1"; echo "bestmove resign"`)
	data := filepath.Join(t.TempDir(), "data.txt")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-nodes", "10", "-o", data, recWon}, "label: needs -engine PATH; usage: tune label "},
		{[]string{"-engine", eng, "-o", data, recWon}, "label: needs one of -nodes N and -depth D"},
		{[]string{"-engine", eng, "-nodes", "10", "-depth", "3", "-o", data, recWon}, "label: needs one of -nodes N and -depth D"},
		{[]string{"-engine", eng, "-nodes", "10", recWon}, "label: needs -o FILE"},
		{[]string{"-engine", eng, "-nodes", "10", "-o", data}, "label: needs records"},
		{[]string{"-engine", eng, "-nodes", "10", "-option", "Hash", "-o", data, recWon}, "Hash"},
		{[]string{"-engine", eng, "-nodes", "10", "-jobs", "0", "-o", data, recWon}, "label: -jobs must be at least 1"},
	} {
		if err := run(append([]string{"label"}, c.args...), &strings.Builder{}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want %q", c.args, err, c.want)
		}
	}
	err := run([]string{"label", "-engine", eng, "-nodes", "10", "-o", data, recWon, recIllegal}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), recIllegal) {
		t.Errorf("a record with an illegal move: %v", err)
	}
}

// With Fairy-Stockfish: the positions of the records in order, scores for Black
// (positive in every position of a game where Black has two rooks and two bishops more),
// and the same file from the same command.
func TestLabelFairyStockfish(t *testing.T) {
	const fsf = "/usr/games/fairy-stockfish"
	if _, err := os.Stat(fsf); err != nil {
		t.Skip("no " + fsf)
	}
	dir := t.TempDir()
	data := filepath.Join(dir, "data.txt")
	var out strings.Builder
	args := []string{"label", "-engine", fsf, "-option", "Hash=16", "-option", "Threads=1", "-nodes", "2000", "-o", data}
	if err := run(append(args, "-jobs", "2", recWon, recRepetition), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	type recWant struct {
		result string
		want   []string
	}
	want := []recWant{{"1", expectLabelled(t, recWon, 12)}, {"0.5", expectLabelled(t, recRepetition, 12)}}
	got := readLabelled(t, data)
	var mates int
	if _, err := fmt.Sscanf(out.String()[strings.LastIndex(out.String(), "("):], "(%d with a mate score", &mates); err != nil {
		t.Fatalf("%v:\n%s", err, out.String())
	}
	if len(got)+mates != len(want[0].want)+len(want[1].want) || mates > 5 {
		t.Fatalf("%d positions written and %d mates, want %d + %d in all\n%s", len(got), mates, len(want[0].want), len(want[1].want), out.String())
	}
	k, j := 0, 0 // record k, its position j
	for _, g := range got {
		for k < len(want) && want[k].want[j] != g.sfen {
			if j++; j == len(want[k].want) { // a mate left out, or the next record
				k, j = k+1, 0
			}
		}
		if k == len(want) {
			t.Fatalf("%s is not in the records, or out of order", g.sfen)
		}
		if g.result != want[k].result {
			t.Errorf("%s: result %s, want %s", g.sfen, g.result, want[k].result)
		}
	}
	// the same again, and the first record's lines the same with one engine (that
	// searches the first record first in both)
	again := filepath.Join(dir, "again.txt")
	if err := run(append(args[:len(args)-1], again, "-jobs", "2", recWon, recRepetition), &strings.Builder{}); err != nil {
		t.Fatal(err)
	}
	one := filepath.Join(dir, "one.txt")
	if err := run(append(args[:len(args)-1], one, "-jobs", "1", recWon), &strings.Builder{}); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(data)
	b, _ := os.ReadFile(again)
	c, _ := os.ReadFile(one)
	if string(a) != string(b) {
		t.Errorf("the same command wrote different files")
	}
	if !strings.HasPrefix(string(a), string(c)) || len(c) == 0 {
		t.Errorf("the first record's lines differ with -jobs 1 and -jobs 2")
	}

	// White without rook and bishop, Black with both in hand too
	start, err := board.ParseSFEN("lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b RB 1")
	if err != nil {
		t.Fatal(err)
	}
	r := kifu.New(start)
	at := r.Root
	for _, m := range []string{"7g7f", "4a3b", "2g2f", "6a5b", "6i7h", "5a4a", "3i4h", "3c3d", "5i6h"} {
		if at, err = r.PlayUSI(at, m); err != nil {
			t.Fatal(err)
		}
	}
	r.End(at, kifu.Resign, "")
	rec := filepath.Join(dir, "ahead.kif")
	if err := os.WriteFile(rec, []byte(kifu.FormatKIF(r)), 0o644); err != nil {
		t.Fatal(err)
	}
	out.Reset()
	if err := run(append(args, "-skip", "0", "-o", data, rec), &out); err != nil {
		t.Fatalf("%v\n%s", err, out.String())
	}
	got = readLabelled(t, data)
	sides := map[board.Color]int{}
	for _, g := range got {
		p, _ := board.ParseSFEN(g.sfen)
		sides[p.SideToMove()]++
		if g.score < 500 || g.result != "1" {
			t.Errorf("%s | %s | %d: Black is two rooks and two bishops ahead", g.sfen, g.result, g.score)
		}
	}
	if sides[board.Black] < 2 || sides[board.White] < 2 {
		t.Errorf("too few positions of each side to move: %v\n%s", sides, out.String())
	}
}
