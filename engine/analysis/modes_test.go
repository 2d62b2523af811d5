package analysis

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"

	"banmen/board"
	"banmen/kifu"
)

// From the end: the positions are searched last first, and the record ends as an
// analysis from the start leaves it; stopped halfway, the moves at the end are judged
// and a second run fills in the start.
func TestDescendingAnalysesFromTheEnd(t *testing.T) {
	r, done := fairy(t)
	defer done()
	const moves = "7g7f 8c8d 2g2f 4a3b 6i7h 8d8e 8h7g 3c3d"
	rec := record(t, board.StartSFEN, moves)
	ctx, cancel := context.WithCancel(context.Background())
	var plies []int
	sum, err := Run(ctx, rec, Config{Engine: r, Nodes: 20000, Descending: true, Progress: func(p Progress) {
		plies = append(plies, p.Ply)
		if p.Done == 4 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || !slices.Equal(plies, []int{8, 7, 6, 5}) {
		t.Fatalf("stopped run: %v, plies %v, want 8 7 6 5", err, plies)
	}
	if got := sum.Sides[0].Moves + sum.Sides[1].Moves; got != 3 {
		t.Errorf("%d moves judged after stopping at 4 positions, want 3 (moves 6 to 8)", got)
	}
	plies = nil
	sum, err = Run(context.Background(), rec, Config{Engine: r, Nodes: 20000, Descending: true,
		Progress: func(p Progress) { plies = append(plies, p.Ply) }})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(plies, []int{8, 7, 6, 5, 4, 3, 2, 1, 0}) || sum.ReadBack != 4 || sum.Positions != 5 || !sum.Complete {
		t.Errorf("resumed: plies %v, %+v", plies, sum)
	}
	if got := sum.Sides[0].Moves + sum.Sides[1].Moves; got != 8 {
		t.Errorf("%d moves judged, want 8", got)
	}
	for i, n := range append([]*kifu.Node{rec.Root}, rec.MainLine()...) {
		if !strings.Contains(n.Comment, "#評価値=") && !strings.Contains(n.Comment, "#詰み=") {
			t.Errorf("ply %d has no analysis: %q", i, n.Comment)
		}
	}
}

// MultiPV 3: the best line is the position's 評価値/読み筋, the next two follow as
// candidate blocks with a 読み筋 of their own, and the graph's score stays the best's.
func TestMultiPVRecordsEveryCandidate(t *testing.T) {
	r, done := fairy(t)
	defer done()
	rec := record(t, board.StartSFEN, "7g7f 3c3d")
	if _, err := Run(context.Background(), rec, Config{Engine: r, Nodes: 30000, MultiPV: 3}); err != nil {
		t.Fatal(err)
	}
	for i, n := range append([]*kifu.Node{rec.Root}, rec.MainLine()...) {
		thinks := rec.ThinkComments(n)
		if len(thinks) != 3 {
			t.Fatalf("ply %d: %d thinks, want 3 (MultiPV 3): %q", i, len(thinks), n.Comment)
		}
		if !thinks[0].HasScore || len(thinks[0].PV) == 0 {
			t.Errorf("ply %d: the best line has no score or 読み筋: %+v", i, thinks[0])
		}
		first := map[board.Move]bool{thinks[0].PV[0]: true}
		for k, c := range thinks[1:] {
			if c.HasScore || c.HasMate || len(c.PV) == 0 || c.Engine != r.Name() {
				t.Errorf("ply %d candidate %d: %+v", i, k+2, c)
				continue
			}
			if !slices.Contains(c.Extra, KeyCandidate+"="+string(rune('2'+k))) || !strings.Contains(strings.Join(c.Extra, " "), KeyCandidateScore+"=") {
				t.Errorf("ply %d candidate %d: extra %v", i, k+2, c.Extra)
			}
			if first[c.PV[0]] {
				t.Errorf("ply %d: candidate %d repeats the move %v", i, k+2, c.PV[0])
			}
			first[c.PV[0]] = true
		}
		// ShogiHome takes the comment's last "#評価値=" as the score: there is one
		if strings.Count(n.Comment, "#評価値=")+strings.Count(n.Comment, "#詰み=") != 1 || strings.Count(n.Comment, "#読み筋=") != 3 {
			t.Errorf("ply %d: %q", i, n.Comment)
		}
	}
	// a second run (MultiPV 1) reads the best line back and drops nothing
	sum, err := Run(context.Background(), rec, Config{Engine: r, Nodes: 30000})
	if err != nil || sum.ReadBack != 3 {
		t.Errorf("second run: %v, %+v", err, sum)
	}
	if _, err := Run(context.Background(), rec, Config{Engine: r, Nodes: 100, MultiPV: 6}); err == nil {
		t.Error("MultiPV 6 accepted")
	}
}

// Insert puts the analysis before the comment's text, Append after it, Overwrite in
// its place (with other engines' analyses: the second run finds one, "old").
func TestCommentModes(t *testing.T) {
	r, done := fairy(t)
	defer done()
	for _, c := range []struct {
		mode  CommentMode
		check func(comment string, run int) bool
	}{
		{Append, func(c string, run int) bool {
			return strings.HasPrefix(c, "メモ\n\n#") && strings.Count(c, "#エンジン=old") == run
		}},
		{Insert, func(c string, run int) bool {
			return strings.HasPrefix(c, "#") && strings.HasSuffix(c, "\n\nメモ") && strings.Count(c, "#エンジン=old") == run
		}},
		{Overwrite, func(c string, run int) bool {
			return strings.HasPrefix(c, "#") && !strings.Contains(c, "メモ") && !strings.Contains(c, "#エンジン=old")
		}},
	} {
		rec := record(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "5i4h")
		n := rec.MainLine()[0]
		n.Comment = "メモ"
		for run := range 2 {
			if _, err := Run(context.Background(), rec, Config{Engine: r, Nodes: 20000 + int64(run), Comments: c.mode}); err != nil {
				t.Fatal(err)
			}
			body := strings.TrimPrefix(n.Comment, LabelBad+"\n")
			if !strings.HasPrefix(n.Comment, LabelBad+"\n") || !c.check(body, run) || strings.Count(body, "#エンジン="+r.Name()) != 1 {
				t.Errorf("mode %d, run %d: %q", c.mode, run+1, n.Comment)
			}
			// the second run searches again: drop the analysis it would read back
			for _, m := range append([]*kifu.Node{rec.Root}, rec.MainLine()...) {
				m.Comment = strings.ReplaceAll(m.Comment, "#エンジン="+r.Name(), "#エンジン=old")
			}
		}
	}
}

// The summary names each side's worst moves, worst first.
func TestSummaryWorstMoves(t *testing.T) {
	r, done := fairy(t)
	defer done()
	// Black throws the mate away twice; White's moves are forced
	rec := record(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "5i4h 5a4a 4h5i")
	sum, err := Run(context.Background(), rec, Config{Engine: r, Nodes: 20000})
	if err != nil {
		t.Fatal(err)
	}
	w := sum.Sides[board.Black].Worst
	if len(w) == 0 || len(w) > 3 || w[0].Ply != 1 && w[0].Ply != 3 {
		t.Fatalf("Black's worst moves: %+v", w)
	}
	for i := 1; i < len(w); i++ {
		if w[i].Loss > w[i-1].Loss {
			t.Errorf("not worst first: %+v", w)
		}
	}
	if w[0].Loss < 300 || w[0].Move != rec.MainLine()[w[0].Ply-1].Move {
		t.Errorf("worst %+v", w[0])
	}
}
