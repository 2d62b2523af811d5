// Package analysis runs 棋譜解析: an engine thinks on each position of a record's main
// line and its scores and lines are written into the record as analysis comments
// (#評価値=, #読み筋=); moves that lose much are marked 悪手 or 疑問手.
package analysis

import (
	"context"
	"errors"
	"fmt"
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
}

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
	LossSum  int // centipawns lost in all (capped per move)
	AvgLoss  float64
	Matching int // moves equal to the engine's choice
}

// Summary is what an analysis found.
type Summary struct {
	Sides     [2]SideSummary // by the mover's colour
	Positions int            // positions searched now (not read back from comments)
	ReadBack  int            // positions whose analysis was read back from their comments
	Complete  bool           // every position of the range has an analysis
}

// mateScore turns a mate into a large score so losses can be computed.
const mateScore = 30000

// lossCap bounds one move's loss in the average (a lost mate is not worth 60000).
const lossCap = 2000

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
	name := cfg.Engine.Name()
	// judging move k needs the positions before (k-1) and after (k) it
	evals := make([]eval, to+1)
	total := to - from + 2
	var sum Summary
	t0 := time.Now()
	done := 0
	for k := from - 1; k <= to; k++ {
		n := nodes[k]
		searched := false
		if e, ok := readBack(rec, n, name); ok {
			evals[k] = e
			sum.ReadBack++
		} else {
			e, err := search(ctx, rec, n, cfg)
			if err != nil {
				return sum, err
			}
			evals[k] = e
			sum.Positions++
			searched = true
		}
		done++
		if cfg.Progress != nil {
			el := time.Since(t0)
			cfg.Progress(Progress{Done: done, Total: total, Ply: k, Searched: searched, Elapsed: el,
				ETA: time.Duration(float64(el) / float64(done) * float64(total-done))})
		}
	}
	for k := from; k <= to; k++ {
		judge(rec, nodes[k], evals[k-1], evals[k], cfg, &sum)
	}
	for c := range sum.Sides {
		if s := &sum.Sides[c]; s.Moves > 0 {
			s.AvgLoss = float64(s.LossSum) / float64(s.Moves)
		}
	}
	sum.Complete = true
	return sum, nil
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
	l := snap.Lines[0]
	tc := kifu.ThinkComment{Analysis: true, Engine: cfg.Engine.Name(), Depth: l.Depth, Nodes: l.Nodes}
	e := eval{best: res.BestMove, ok: true}
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
	rec.SetThinkComment(n, tc)
	return e, nil
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

// judge labels move node n (played from the position of before) by how much it lost.
func judge(rec *kifu.Record, n *kifu.Node, before, after eval, cfg Config, sum *Summary) {
	if !before.ok || !after.ok {
		return
	}
	mover := rec.Position(n.Parent()).SideToMove()
	sign := 1
	if mover == board.White {
		sign = -1
	}
	loss := sign * (before.score - after.score)
	if loss < 0 {
		loss = 0
	}
	s := &sum.Sides[mover]
	s.Moves++
	s.LossSum += min(loss, lossCap)
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
