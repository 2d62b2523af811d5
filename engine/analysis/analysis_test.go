package analysis

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/internal/testbin"
	"banmen/kifu"
)

func TestMain(m *testing.M) {
	enginetest.RunIfRequested()
	os.Exit(testbin.Run(m))
}

func fairy(t *testing.T) (*engine.Running, func()) {
	t.Helper()
	m := engine.NewManager(nil)
	r, err := m.Start(context.Background(), enginetest.FairyStockfish(t), engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r, func() { m.CloseAll(5 * time.Second) }
}

func record(t *testing.T, sfen, moves string) *kifu.Record {
	t.Helper()
	p, err := board.ParseSFEN(sfen)
	if err != nil {
		t.Fatal(err)
	}
	rec := kifu.New(p)
	at := rec.Root
	for _, u := range strings.Fields(moves) {
		n, err := rec.PlayUSI(at, u)
		if err != nil {
			t.Fatal(err)
		}
		at = n
	}
	return rec
}

func TestMissedMateIsBadAndTheBestMoveIsNot(t *testing.T) {
	r, done := fairy(t)
	defer done()
	// Black can mate with G*5b; a king move instead throws that away
	for _, c := range []struct {
		moves string
		label string
	}{
		{"5i4h", LabelBad},
		{"G*5b", ""},
	} {
		rec := record(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", c.moves)
		sum, err := Run(context.Background(), rec, Config{Engine: r, Nodes: 50000})
		if err != nil {
			t.Fatal(err)
		}
		n := rec.MainLine()[0]
		first, _, _ := strings.Cut(n.Comment, "\n")
		if (c.label == "" && (first == LabelBad || first == LabelDubious)) || (c.label != "" && first != c.label) {
			t.Errorf("%s: comment %q, want label %q", c.moves, n.Comment, c.label)
		}
		if !strings.Contains(rec.Root.Comment, "#詰み=先手勝ち") || !strings.Contains(rec.Root.Comment, "#読み筋=▲５二金") {
			t.Errorf("root comment %q", rec.Root.Comment)
		}
		if c.label == "" && sum.Sides[board.Black].Matching != 1 {
			t.Errorf("%s: %+v", c.moves, sum.Sides[board.Black])
		}
		if c.label == LabelBad && (sum.Sides[board.Black].Bad != 1 || sum.Sides[board.Black].AvgLoss < 300) {
			t.Errorf("%s: %+v", c.moves, sum.Sides[board.Black])
		}
	}
}

func TestAnalyseRealRecordCancelAndResume(t *testing.T) {
	rec, err := kifu.ReadFile("../../kifu/testdata/kif/kifu-for-js__ryuou201409020101.kif")
	if err != nil {
		t.Fatal(err)
	}
	plies := len(rec.MainMoves())
	r, done := fairy(t)
	defer done()
	ctx, cancel := context.WithCancel(context.Background())
	var seen int
	_, err = Run(ctx, rec, Config{Engine: r, Nodes: 20000, From: 1, To: 10, Progress: func(p Progress) {
		seen = p.Done
		if p.Done == 5 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) || seen != 5 {
		t.Fatalf("cancelled run: %v after %d", err, seen)
	}
	var progress []Progress
	sum, err := Run(context.Background(), rec, Config{Engine: r, Nodes: 20000, From: 1, To: 10,
		Progress: func(p Progress) { progress = append(progress, p) }})
	if err != nil {
		t.Fatal(err)
	}
	// positions 0..10: five were done before the cancel, six remain
	if sum.Positions != 6 || sum.ReadBack != 5 || len(progress) != 11 || progress[10].Done != 11 || !sum.Complete {
		t.Errorf("resumed: searched %d, read back %d, progress %d", sum.Positions, sum.ReadBack, len(progress))
	}
	// a caller saves the record when a position was searched, not when one was read back
	for i, p := range progress {
		if p.Searched != (i >= 5) {
			t.Errorf("position %d (ply %d): Searched %v", i+1, p.Ply, p.Searched)
		}
	}
	if sum.Sides[board.Black].Moves+sum.Sides[board.White].Moves != 10 {
		t.Errorf("judged %+v", sum.Sides)
	}
	main := append([]*kifu.Node{rec.Root}, rec.MainLine()...)
	for k := 0; k <= 10; k++ {
		ts := rec.ThinkComments(main[k])
		var found bool
		for _, tc := range ts {
			found = found || tc.Analysis && (tc.HasScore || tc.HasMate) && tc.Engine == r.Name()
		}
		if !found {
			t.Errorf("ply %d has no analysis: %q", k, main[k].Comment)
		}
	}
	if strings.Contains(main[11].Comment, "#評価値") || plies < 12 {
		t.Errorf("ply 11 is outside the range but was analysed")
	}
	// the record still writes and reads back with its comments
	text, err := kifu.FormatRecord(rec, kifu.KIF, kifu.WriteOptions{})
	if err != nil || !strings.Contains(text, "*#評価値=") {
		t.Errorf("KIF: %v", err)
	}
}

func TestBadConfig(t *testing.T) {
	rec := record(t, board.StartSFEN, "7g7f")
	if _, err := Run(context.Background(), rec, Config{}); err == nil {
		t.Error("no engine accepted")
	}
	r, done := fairy(t)
	defer done()
	if _, err := Run(context.Background(), rec, Config{Engine: r}); err == nil {
		t.Error("no time nor nodes accepted")
	}
	if _, err := Run(context.Background(), rec, Config{Engine: r, Nodes: 100, From: 5}); err == nil || !strings.Contains(err.Error(), "no moves") {
		t.Errorf("empty range: %v", err)
	}
}

// gpsusi exits on "go movetime": a time-based analysis must not send it.
func TestAnalyseWithGpsusi(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(5 * time.Second)
	r, err := m.Start(context.Background(), enginetest.Gpsusi(t), engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	// a middle game: from the start gpsusi plays from its book, which gives no scores
	rec := record(t, "ln4gnk/4gb1sl/p1p2p1p1/r3psp1p/Bp1S3G1/2PPP4/PP3PPPP/4R2SL/LN4GNK b P 1", "1g1f 1d1e 2g2f")
	sum, err := Run(context.Background(), rec, Config{Engine: r, Time: 300 * time.Millisecond})
	if err != nil {
		t.Fatalf("%v (%v)", err, r.Failure())
	}
	if sum.Positions != 4 || sum.Sides[board.Black].Moves != 2 {
		t.Errorf("%+v", sum)
	}
}

// Two engines analyse one record: both analyses stand in the comments, the labels are
// the first engine's, and each has its summary.
func TestRunEachWithTwoEngines(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(5 * time.Second)
	fairy, err := m.Start(context.Background(), enginetest.FairyStockfish(t), engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	bundled, err := m.Start(context.Background(), enginetest.Bundled(t), engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	rec := record(t, "4k4/9/4P4/9/9/9/9/9/4K4 b G 1", "5i4h")
	var last Progress
	sums, err := RunEach(context.Background(), rec, []*engine.Running{fairy, bundled}, Config{Nodes: 20000,
		Progress: func(p Progress) { last = p }})
	if err != nil {
		t.Fatal(err)
	}
	if len(sums) != 2 || last.Done != 4 || last.Total != 4 {
		t.Fatalf("%d summaries, progress %+v", len(sums), last)
	}
	engines := map[string]bool{}
	for _, tc := range rec.ThinkComments(rec.Root) {
		if tc.Analysis {
			engines[tc.Engine] = true
		}
	}
	if !engines[fairy.Name()] || !engines[bundled.Name()] {
		t.Errorf("analyses by %v in %q", engines, rec.Root.Comment)
	}
	if c := rec.MainLine()[0].Comment; strings.Count(c, LabelBad) != 1 || !strings.HasPrefix(c, LabelBad) {
		t.Errorf("labels: %q", c)
	}
}
