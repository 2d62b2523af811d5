// Package analysis runs 棋譜解析: an engine thinks on each position of a record's main
// line (from the start or from the end) and its scores and lines are written into the
// record as analysis comments (#評価値=, #読み筋=; with MultiPV, the next candidates as
// blocks of their own), after, before or instead of a comment's text; moves that lose
// much are marked 悪手 or 疑問手, and a summary gives each side's average loss, counts and
// worst moves. Batch does it for every record of a folder.
package analysis

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/kifu"
	"banmen/usiclient"
)

// Labels written on moves that lose.
const (
	LabelBad     = "悪手"
	LabelDubious = "疑問手"
)

// Config is one analysis.
type Config struct {
	Engine *engine.Running
	// Each position gets Time, or Nodes when Time is 0.
	Time  time.Duration
	Nodes int64
	// From and To are the plies of the moves to judge (1 = the first move); 0 means
	// from the first, and to the last.
	From, To int
	// Bad and Dubious are the score losses (in centipawns, for the mover) that make a
	// move 悪手 or 疑問手; 0 takes 300 and 150.
	Bad, Dubious int
	// Progress, if set, is called after each position: when Progress.Searched, the
	// record holds one more analysis, and a caller that saves it there loses nothing
	// to an interruption, however abrupt (running again reads it back).
	Progress func(Progress)
	// NoLabels leaves the 悪手/疑問手 labels alone (a second engine's analysis).
	NoLabels bool
	// Descending analyses the positions from the last back to the first (ShogiHome's
	// 降順); the results are the same, only the order differs.
	Descending bool
	// Comments says where the analysis goes in a comment that holds other text.
	Comments CommentMode
	// MultiPV is the number of candidate moves recorded per position (1 to 5; 0 is
	// 1). The engine must have a MultiPV option when it is more than 1.
	MultiPV int
}

// CommentMode says how an analysis is written into a comment that has other text.
type CommentMode int

// The comment modes (ShogiHome's 挿入/追記/上書き). In each, an earlier analysis by the
// same engine is replaced and other engines' analyses are kept, except by Overwrite.
const (
	Append    CommentMode = iota // after the comment's text
	Insert                       // before it
	Overwrite                    // the comment becomes the analysis alone
)

// maxMultiPV is the most candidates recorded per position.
const maxMultiPV = 5

// Progress says how far an analysis is.
type Progress struct {
	Done, Total int
	Ply         int  // the ply of the position just analysed
	Searched    bool // it was searched now and its comment written (not read back)
	Elapsed     time.Duration
	ETA         time.Duration
}

// SideSummary is one side's moves in the analysed range.
type SideSummary struct {
	Moves    int
	Bad      int
	Dubious  int
	LossSum  int // centipawns lost in all (each move's by Loss)
	AvgLoss  float64
	Matching int // moves equal to the engine's choice
	// Worst are the (at most three) moves that lost most, worst first.
	Worst []MoveLoss
}

// MoveLoss is one move and what it lost for its mover (centipawns, by Loss).
type MoveLoss struct {
	Ply  int
	Move board.Move
	Loss int
}

// Summary is what an analysis found.
type Summary struct {
	Sides     [2]SideSummary // by the mover's colour
	Positions int            // positions searched now (not read back from comments)
	ReadBack  int            // positions whose analysis was read back from their comments
	Complete  bool           // every position of the range has an analysis
}

// ScoreLimit bounds the scores losses are measured on: a score beyond ±ScoreLimit, and a
// mate, counts as ±ScoreLimit, as the 評価値グラフ draws it. A game decided by more than
// that is decided: the lost side's moves there lose nothing, and a move that keeps a win of
// more than ScoreLimit has lost nothing that matters (a move out of a mate into +1800 loses
// 200; one from +1000 into a mate against its mover loses 3,000).
const ScoreLimit = 2000

// mateScore turns a mate into a score beyond any the engines give, for the table of evals.
const mateScore = 30000

// Loss is what the mover lost by a move from a position scored before to one scored after
// (centipawns from Black's side; mates as a score beyond ScoreLimit), both taken within
// ±ScoreLimit: 0 when the move kept or gained.
func Loss(mover board.Color, before, after int) int {
	before = max(-ScoreLimit, min(ScoreLimit, before))
	after = max(-ScoreLimit, min(ScoreLimit, after))
	loss := before - after
	if mover == board.White {
		loss = -loss
	}
	return max(loss, 0)
}

// eval is one position's analysis in the record's terms (Black's point of view).
type eval struct {
	score int // centipawns, Black's view (mate as ±mateScore)
	best  board.Move
	ok    bool
}

// Run analyses rec's main line, writing the results into rec's comments. A position
// whose node already holds an analysis by the same engine is read back, not searched
// again, so an analysis cancelled by ctx is resumed by running it again.
func Run(ctx context.Context, rec *kifu.Record, cfg Config) (Summary, error) {
	if cfg.Engine == nil {
		return Summary{}, errors.New("analysis: no engine")
	}
	if cfg.Time <= 0 && cfg.Nodes <= 0 {
		return Summary{}, errors.New("analysis: give a time or a node count per position")
	}
	if cfg.Bad <= 0 {
		cfg.Bad = 300
	}
	if cfg.Dubious <= 0 {
		cfg.Dubious = 150
	}
	nodes := append([]*kifu.Node{rec.Root}, rec.MainLine()...)
	// the moves: nodes[1..], stopping at a special move
	last := 0
	for i := 1; i < len(nodes) && nodes[i].Special == kifu.NotSpecial; i++ {
		last = i
	}
	from, to := cfg.From, cfg.To
	if from <= 0 {
		from = 1
	}
	if to <= 0 || to > last {
		to = last
	}
	if from > to {
		return Summary{}, fmt.Errorf("analysis: no moves between ply %d and %d (the record has %d)", cfg.From, cfg.To, last)
	}
	if cfg.MultiPV < 0 || cfg.MultiPV > maxMultiPV {
		return Summary{}, fmt.Errorf("analysis: MultiPV %d: give 1 to %d candidates", cfg.MultiPV, maxMultiPV)
	}
	if cfg.MultiPV > 1 {
		if err := setMultiPV(cfg.Engine, cfg.MultiPV); err != nil {
			return Summary{}, err
		}
	}
	name := cfg.Engine.Name()
	// judging move k needs the positions before (k-1) and after (k) it
	evals := make([]eval, to+1)
	have := make([]bool, to+1)
	total := to - from + 2
	order := make([]int, 0, total)
	for k := from - 1; k <= to; k++ {
		order = append(order, k)
	}
	if cfg.Descending {
		slices.Reverse(order)
	}
	var sum Summary
	t0 := time.Now()
	done := 0
	for _, k := range order {
		n := nodes[k]
		searched := false
		if e, ok := readBack(rec, n, name); ok {
			evals[k] = e
			sum.ReadBack++
		} else {
			e, err := search(ctx, rec, n, cfg)
			if err != nil {
				// stopped: the moves with both positions analysed are judged all the same
				judgeAll(rec, nodes, evals, have, from, to, cfg, &sum)
				return sum, err
			}
			evals[k] = e
			sum.Positions++
			searched = true
		}
		have[k] = true
		done++
		if cfg.Progress != nil {
			el := time.Since(t0)
			cfg.Progress(Progress{Done: done, Total: total, Ply: k, Searched: searched, Elapsed: el,
				ETA: time.Duration(float64(el) / float64(done) * float64(total-done))})
		}
	}
	judgeAll(rec, nodes, evals, have, from, to, cfg, &sum)
	sum.Complete = true
	return sum, nil
}

// judgeAll labels the moves from to to whose positions before and after were analysed,
// and sums them up.
func judgeAll(rec *kifu.Record, nodes []*kifu.Node, evals []eval, have []bool, from, to int, cfg Config, sum *Summary) {
	var losses [2][]MoveLoss
	for k := from; k <= to; k++ {
		if !have[k-1] || !have[k] {
			continue
		}
		if l, ok := judge(rec, nodes[k], evals[k-1], evals[k], cfg, sum); ok && l.Loss > 0 {
			l.Ply = k
			c := rec.Position(nodes[k].Parent()).SideToMove()
			losses[c] = append(losses[c], l)
		}
	}
	for c := range sum.Sides {
		s := &sum.Sides[c]
		if s.Moves > 0 {
			s.AvgLoss = float64(s.LossSum) / float64(s.Moves)
		}
		l := losses[c]
		sort.SliceStable(l, func(i, j int) bool { return l[i].Loss > l[j].Loss })
		s.Worst = l[:min(3, len(l))]
	}
}

// setMultiPV asks e for n lines, through its MultiPV option.
func setMultiPV(e *engine.Running, n int) error {
	info := e.Info()
	o, ok := info.Option("MultiPV")
	if !ok {
		return fmt.Errorf("analysis: %s has no MultiPV option: it can record one candidate only", e.Name())
	}
	v := strconv.Itoa(n)
	if err := o.Validate(v); err != nil {
		return fmt.Errorf("analysis: %s: MultiPV %d: %v", e.Name(), n, err)
	}
	return e.SetOption(o.Name, v)
}

// search thinks on node n's position and writes the result into its comment.
func search(ctx context.Context, rec *kifu.Record, n *kifu.Node, cfg Config) (eval, error) {
	pos := rec.Position(n)
	if !pos.HasLegalMove() {
		// mated (or no move): the side to move has lost
		score := -mateScore
		if pos.SideToMove() == board.White {
			score = mateScore
		}
		return eval{score: score, ok: true}, nil
	}
	g := usiclient.Go{Nodes: cfg.Nodes}
	if cfg.Time > 0 {
		// "byoyomi T" with no main time, not "movetime T": every engine written for
		// Shogidokoro understands it, and some (gpsusi) exit on movetime
		g = usiclient.Go{Clock: &usiclient.Clock{Byoyomi: cfg.Time}}
	} else if cfg.Engine.Definition().Supports.Limits == engine.No {
		return eval{}, fmt.Errorf("analysis: %s does not support go nodes; give a time instead", cfg.Engine.Name())
	}
	sr, err := cfg.Engine.Go(ctx, usiclient.NewPosition(rec.Position(rec.Root), n.Moves()...), g)
	if err != nil {
		return eval{}, err
	}
	res, err := sr.Wait(ctx)
	if err != nil {
		return eval{}, err
	}
	snap := cfg.Engine.Snapshot()
	if snap.SearchID != sr.ID || len(snap.Lines) == 0 || snap.Lines[0].Score.Kind == usiclient.NoScore {
		return eval{best: res.BestMove}, nil
	}
	e, tc := think(cfg.Engine.Name(), snap.Lines[0])
	e.best = res.BestMove
	var cands []kifu.ThinkComment
	for i := 1; i < min(cfg.MultiPV, len(snap.Lines)); i++ {
		l := snap.Lines[i]
		if l.MultiPV == 0 || l.Score.Kind == usiclient.NoScore || len(l.PV) == 0 {
			continue // a rank the engine did not report (fewer legal moves than asked)
		}
		_, c := think(cfg.Engine.Name(), l)
		cands = append(cands, candidate(c, i+1))
	}
	writeAnalysis(rec, n, tc, cands, cfg.Comments)
	return e, nil
}

// think turns one of the engine's lines into a think comment and its score.
func think(name string, l usiclient.Line) (eval, kifu.ThinkComment) {
	tc := kifu.ThinkComment{Analysis: true, Engine: name, Depth: l.Depth, Nodes: l.Nodes}
	e := eval{ok: true}
	s := l.SenteScore
	if s.Kind == usiclient.ScoreMate {
		winner := board.Black
		if s.MateSign < 0 {
			winner = board.White
		}
		tc.HasMate, tc.Mate = true, kifu.Mate{Winner: winner, Plies: abs(s.Value)}
		e.score = mateScore
		if winner == board.White {
			e.score = -mateScore
		}
	} else {
		tc.HasScore, tc.Score = true, s.Value
		e.score = s.Value
	}
	tc.PV = append([]board.Move(nil), l.PV...)
	return e, tc
}

// Keys of the lines of a candidate after the first (MultiPV). Its score goes under a key
// of its own, not 評価値 or 詰み: ShogiHome takes the last "#評価値=" of a comment as the
// position's score, and the graph must show the best move's. Its 読み筋 is a plain
// "#読み筋=", which ShogiHome lists among the comment's lines to preview.
const (
	KeyCandidate      = "候補"
	KeyCandidateScore = "候補評価値"
	KeyCandidateMate  = "候補詰み"
)

// candidate makes the think of the rank-th line (2 or more) a candidate block.
func candidate(tc kifu.ThinkComment, rank int) kifu.ThinkComment {
	extra := []string{KeyCandidate + "=" + strconv.Itoa(rank)}
	if tc.HasScore {
		extra = append(extra, KeyCandidateScore+"="+strconv.Itoa(tc.Score))
	}
	if tc.HasMate {
		extra = append(extra, KeyCandidateMate+"="+tc.Mate.String())
	}
	tc.HasScore, tc.HasMate = false, false
	tc.Extra = extra
	return tc
}

// writeAnalysis writes the best line's think and the candidates' into n's comment, as
// mode says; an earlier analysis by the same engine goes, a 悪手/疑問手 label stays first.
func writeAnalysis(rec *kifu.Record, n *kifu.Node, best kifu.ThinkComment, cands []kifu.ThinkComment, mode CommentMode) {
	label := ""
	if first, rest, _ := strings.Cut(n.Comment, "\n"); first == LabelBad || first == LabelDubious {
		label, n.Comment = first, rest
	}
	// SetThinkComment drops every block by this engine (the candidates' too) and puts
	// the new one last, after the other text and analyses
	rec.SetThinkComment(n, best)
	pos := rec.Position(n)
	blocks := []string{best.Format(pos)}
	for _, c := range cands {
		blocks = append(blocks, c.Format(pos))
	}
	analysis := strings.Join(blocks, "\n\n")
	rest := strings.TrimRight(strings.TrimSuffix(n.Comment, blocks[0]), "\n")
	switch {
	case mode == Overwrite || rest == "":
		n.Comment = analysis
	case mode == Insert:
		n.Comment = analysis + "\n\n" + rest
	default:
		n.Comment = rest + "\n\n" + analysis
	}
	if label != "" {
		n.Comment = label + "\n" + n.Comment
	}
}

// readBack finds an analysis of node n by engine name in its comment.
func readBack(rec *kifu.Record, n *kifu.Node, name string) (eval, bool) {
	for _, t := range rec.ThinkComments(n) {
		if !t.Analysis || t.Engine != name || !(t.HasScore || t.HasMate) {
			continue
		}
		e := eval{score: t.Score, ok: true}
		if t.HasMate {
			e.score = mateScore
			if t.Mate.Winner == board.White {
				e.score = -mateScore
			}
		}
		if len(t.PV) > 0 {
			e.best = t.PV[0]
		}
		return e, true
	}
	return eval{}, false
}

// judge labels move node n (played from the position of before) by how much it lost,
// and returns the loss; false when a position has no score.
func judge(rec *kifu.Record, n *kifu.Node, before, after eval, cfg Config, sum *Summary) (MoveLoss, bool) {
	if !before.ok || !after.ok {
		return MoveLoss{}, false
	}
	mover := rec.Position(n.Parent()).SideToMove()
	loss := Loss(mover, before.score, after.score)
	s := &sum.Sides[mover]
	s.Moves++
	s.LossSum += loss
	label := ""
	if n.Move == before.best {
		s.Matching++ // the engine's own choice is never a mistake
	} else if loss >= cfg.Bad {
		label = LabelBad
		s.Bad++
	} else if loss >= cfg.Dubious {
		label = LabelDubious
		s.Dubious++
	}
	if !cfg.NoLabels {
		setLabel(n, label)
	}
	return MoveLoss{Move: n.Move, Loss: loss}, true
}

// RunEach analyses rec with each engine in turn: every engine's scores and lines are
// written beside the others', and the labels are the first engine's. The summaries are
// in the engines' order; Progress counts the positions of all of them.
func RunEach(ctx context.Context, rec *kifu.Record, engines []*engine.Running, cfg Config) ([]Summary, error) {
	var out []Summary
	progress := cfg.Progress
	t0 := time.Now()
	for i, e := range engines {
		c := cfg
		c.Engine, c.NoLabels = e, i > 0
		if progress != nil {
			c.Progress = func(p Progress) {
				// one engine's positions, counted among all engines'
				p.Done += i * p.Total
				p.Total *= len(engines)
				p.Elapsed = time.Since(t0)
				p.ETA = time.Duration(float64(p.Elapsed) / float64(p.Done) * float64(p.Total-p.Done))
				progress(p)
			}
		}
		s, err := Run(ctx, rec, c)
		out = append(out, s)
		if err != nil {
			return out, fmt.Errorf("%s: %w", e.Name(), err)
		}
	}
	return out, nil
}

// setLabel puts the label as the comment's first line, replacing an earlier one.
func setLabel(n *kifu.Node, label string) {
	lines := strings.Split(n.Comment, "\n")
	if len(lines) > 0 && (lines[0] == LabelBad || lines[0] == LabelDubious) {
		lines = lines[1:]
	}
	if label != "" {
		lines = append([]string{label}, lines...)
	}
	n.Comment = strings.TrimRight(strings.Join(lines, "\n"), "\n")
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// String summarises one side.
func (s SideSummary) String() string {
	return fmt.Sprintf("%d moves: %d %s, %d %s, average loss %.0f, %d matching the engine",
		s.Moves, s.Bad, LabelBad, s.Dubious, LabelDubious, s.AvgLoss, s.Matching)
}
