package ui

import (
	"fmt"
	"image/color"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2/theme"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/analysis"
	"banmen/kifu"
)

// 棋譜解析 in the main window: the dialog (analysisdialog.go) starts an analysis runner
// (engine/analysis) on a copy of the record's main line; the window polls the runner's
// version at most ten times a second, copies the comments it wrote into the record (the
// graph fills as it goes) and shows the progress; at the end, or when cancelled, a summary
// per side. The runner owns the engine; the window's study manager starts it, so that it
// is closed with the others when the window goes.

// analysisCtl runs the window's analyses. Its fields belong to the Fyne goroutine.
type analysisCtl struct {
	w     *MainWindow
	run   *analysisRun
	batch *batchRun // a 連続解析 (analysisbatch.go)
	// onEnd, when set, is called after a run ended and its summary was shown (tests)
	onEnd func()
}

// The dialog's last choices, kept in the preferences.
const (
	prefAnalysisEngine  = "analysisEngine"  // the engine's name
	prefAnalysisSeconds = "analysisSeconds" // seconds per move, as typed
	// from the end (true) or the start
	prefAnalysisDescending = "analysisDescending"
	prefAnalysisComments   = "analysisComments" // the index of the comment mode (commentModes)
	prefAnalysisMultiPV    = "analysisMultiPV"  // candidates recorded, 1 to 5
)

// analysisRun is one analysis as the window shows it.
type analysisRun struct {
	runner   *analysis.Runner
	rec      *kifu.Record // the record analysed: another one opened meanwhile gets nothing
	from, to int          // the moves judged
	cfg      analysis.Config
	applied  []string // the runner's comments as last copied into the record
	lost     bool     // some result could not be written: the main line changed
	pending  atomic.Bool
	progress *analysisProgress
	engine   string        // the engine's name, for the panel
	base     int           // the move number of the record's start position
	msg      *Messages     // the texts when it started, for the poll's goroutine
	txt      *analysisText // …and the analysis' own
}

// startAnalysis starts analysing the session's main line, plies from to to, with def.
func (w *MainWindow) startAnalysis(def engine.Definition, perMove time.Duration, from, to int) {
	w.startAnalysisWith(def, analysis.Config{Time: perMove, From: from, To: to})
}

// startAnalysisWith starts analysing the session's main line with def as cfg says.
func (w *MainWindow) startAnalysisWith(def engine.Definition, cfg analysis.Config) {
	c := w.analysis
	rec := w.sess.Record()
	r := &analysisRun{from: cfg.From, to: cfg.To, cfg: cfg, rec: rec, runner: analysis.Start(w.study.mgr, def, rec, cfg),
		engine: def.Name, base: rec.Position(rec.Root).MoveNumber(), msg: w.msg, txt: w.analysisText()}
	r.applied = r.runner.Snapshot().Comments
	c.run = r
	r.progress = w.showAnalysisProgress(func() { r.runner.Cancel() })
	go c.poll(r)
}

// Analysing reports whether a 棋譜解析 is under way.
func (w *MainWindow) Analysing() bool { return w.analysis.run != nil }

// poll posts the runner's news, and what its engine thinks, to the Fyne goroutine until it
// is done.
func (c *analysisCtl) poll(r *analysisRun) {
	txt := func(e *engine.Running, finished bool) *engineText {
		return analysingText(e, r.engine, finished, r.base, r.txt, r.msg)
	}
	pollAnalysis(c, r.runner, &r.pending, txt, func(et *engineText, s analysis.Snapshot, news, finished bool) {
		if c.run != r {
			return
		}
		c.showEngine(r.engine, max(1, r.cfg.MultiPV), et)
		if news {
			c.apply(r, s, finished)
		}
	})
}

// analysisSource is an analysis a window polls: engine/analysis' Runner or BatchRunner.
type analysisSource[S any] interface {
	Done() <-chan struct{}
	Version() uint64
	Engine() *engine.Running
	Snapshot() S
}

// pollAnalysis polls src every pollInterval until it is done and posts to the Fyne
// goroutine what its engine thinks (text, on the poll's goroutine) and, when there is news
// (news: the version changed, or src finished), its snapshot, to show. pending keeps one
// post at a time.
func pollAnalysis[S any](c *analysisCtl, src analysisSource[S], pending *atomic.Bool,
	text func(e *engine.Running, finished bool) *engineText, show func(et *engineText, s S, news, finished bool)) {
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	var version uint64
	for {
		finished := false
		select {
		case <-src.Done():
			finished = true
		case <-t.C:
		}
		e := src.Engine()
		now := src.Version()
		news := now != version || finished
		if !finished && (pending.Load() || !news && e == nil) {
			continue
		}
		et := text(e, finished)
		version = now // the snapshot below is taken after: it holds at least this version
		pending.Store(true)
		var s S
		if news {
			s = src.Snapshot() // the comments are copied: only when there is news
		}
		c.w.study.post(func() {
			pending.Store(false)
			show(et, s, news, finished)
		})
		if finished {
			return
		}
	}
}

// analysingText is what the panel shows of e, the engine of an analysis, named name: nil
// when it has stopped (or finished). With txt set, the header says which position of the
// record it thinks on ("Banmen（6手目の局面）"); base is the move number of the record's
// start position.
func analysingText(e *engine.Running, name string, finished bool, base int, txt *analysisText, msg *Messages) *engineText {
	if e == nil || finished {
		return nil
	}
	v := runningView(e, name)
	if v.OK && txt != nil {
		if ply := v.Root.MoveNumber() - base; ply == 0 {
			v.Engine += txt.AnalysingStart
		} else if ply > 0 {
			v.Engine += fmt.Sprintf(txt.AnalysingAtF, ply)
		}
	}
	t := formatEngine(v, board.NoSquare, msg)
	t.Position = "" // the position analysed, whichever the board shows
	return &t
}

// showEngine shows the line of the engine analysing, named name, in the engine panel with
// rows for lines lines (et nil: it has stopped), unless a study or a game has the panel.
func (c *analysisCtl) showEngine(name string, lines int, et *engineText) {
	w := c.w
	p := w.study.panel
	if w.closing || p == nil || w.study.run != nil || w.game.run != nil {
		return
	}
	names := []string{name}
	if !slices.Equal(p.names, names) || p.lines != lines {
		p.setEngines(names, lines)
	}
	if et == nil {
		p.setStates(names, stateStopped)
		return
	}
	p.show([]engineText{*et}, "")
}

// apply copies what the runner wrote since the last time into the record and shows the
// progress, or the summary when it finished.
func (c *analysisCtl) apply(r *analysisRun, s analysis.Snapshot, finished bool) {
	w := c.w
	if c.run != r || w.closing {
		return // the window is going: its engines were closed under the analysis
	}
	n := w.sess.Record().Root
	if w.sess.Record() != r.rec && !r.lost {
		r.lost = true // a new record: the analysis has nothing more to write into
		r.runner.Cancel()
	}
	for k, text := range s.Comments {
		if r.lost && w.sess.Record() != r.rec {
			break
		}
		if k > 0 {
			n = n.ChildWithMove(s.Moves[k-1])
			if n == nil {
				r.lost = true // the line was cut meanwhile: the rest has nowhere to go
				break
			}
		}
		if text != r.applied[k] {
			if n.Comment != r.applied[k] {
				// edited meanwhile (by the user): keep that, add the analysis to it
				text = mergeAnalysis(n, text)
			}
			w.sess.SetNodeComment(n, text)
			r.applied[k] = s.Comments[k]
		}
	}
	w.updateGraph(0)
	if !finished {
		r.progress.set(s.Progress)
		return
	}
	c.run = nil
	r.progress.close()
	w.record.list.Refresh() // the labels are written last
	at := w.analysisText()
	switch {
	case s.Err != nil:
		w.setStatus(fmt.Sprintf(at.FailedF, s.Err))
		w.showError(w.msg.EngineErrorTitle, fmt.Sprintf(at.FailedF, s.Err), s.Err.Error())
	default:
		// the status line says it too, once the summary is closed (it said the file opened)
		if s.Canceled {
			w.setStatus(fmt.Sprintf(at.StoppedStatusF, s.Progress.Done, s.Progress.Total))
		} else {
			w.setStatus(fmt.Sprintf(at.DoneF, s.Progress.Total))
		}
		w.showAnalysisSummary(r, s)
	}
	if c.onEnd != nil {
		c.onEnd()
	}
}

// moveLoss is one move and the score it lost, for the mover.
type moveLoss struct {
	Ply  int
	Move string // ▲７六歩
	Loss int    // centipawns (scores clamped as the graph draws them)
}

// sideReview is one side's moves in an analysis.
type sideReview struct {
	Moves        int // moves whose positions before and after have a score
	LossSum      int
	Bad, Dubious int
	Matching     int        // moves that are the engine's choice (the 読み筋's first move before them)
	Worst        []moveLoss // the three that lost most (those that lost something), worst first
}

// MatchRate is the share of the moves that were the engine's choice (一致率), in percent.
func (s sideReview) MatchRate() float64 {
	if s.Moves == 0 {
		return 0
	}
	return 100 * float64(s.Matching) / float64(s.Moves)
}

// AvgLoss is the average score lost per move.
func (s sideReview) AvgLoss() float64 {
	if s.Moves == 0 {
		return 0
	}
	return float64(s.LossSum) / float64(s.Moves)
}

// reviewRecord sums up the analysis in rec's comments for the moves from to to (plies of
// the main line; 0 means the first and the last): per side, by the colour of the mover,
// the average loss, the 悪手 and 疑問手 labels and the worst three moves. It reads the
// record, not the runner, so that it says the same of a run resumed or read from a file.
func reviewRecord(rec *kifu.Record, from, to int) [2]sideReview {
	pts := EvalPoints(rec)
	line := rec.MainLine()
	if from <= 0 {
		from = 1
	}
	if to <= 0 || to > len(pts)-1 {
		to = len(pts) - 1
	}
	var out [2]sideReview
	var losses [2][]moveLoss
	pos := rec.Position(rec.Root)
	for k := 1; k <= to; k++ {
		n := line[k-1]
		mover := pos.SideToMove()
		text, _ := pos.JapaneseLine([]board.Move{n.Move}, board.NoSquare)
		pos.Do(n.Move)
		if k < from {
			continue
		}
		s := &out[mover]
		switch moveLabel(n.Comment) {
		case analysis.LabelBad:
			s.Bad++
		case analysis.LabelDubious:
			s.Dubious++
		}
		before, after := pts[k-1], pts[k]
		if !before.OK || !after.OK {
			continue
		}
		if before.Best == n.Move {
			s.Matching++
		}
		loss := analysis.Loss(mover, before.Score, after.Score)
		s.Moves++
		s.LossSum += loss
		if loss > 0 {
			losses[mover] = append(losses[mover], moveLoss{Ply: k, Move: text, Loss: loss})
		}
	}
	for c := range out {
		l := losses[c]
		sort.SliceStable(l, func(i, j int) bool { return l[i].Loss > l[j].Loss })
		out[c].Worst = l[:min(3, len(l))]
	}
	return out
}

// moveLabel is the 悪手 or 疑問手 label 棋譜解析 put as a comment's first line, or "".
func moveLabel(comment string) string {
	first, _, _ := strings.Cut(comment, "\n")
	if first == analysis.LabelBad || first == analysis.LabelDubious {
		return first
	}
	return ""
}

// labelMarks are the marks the move list shows for the labels.
var labelMarks = map[string]string{analysis.LabelBad: "悪", analysis.LabelDubious: "疑"}

// labelColor is the colour of a label's mark in the move list: 悪 red, 疑 orange.
func labelColor(mark string) color.Color {
	if mark == labelMarks[analysis.LabelBad] {
		return theme.Color(theme.ColorNameError)
	}
	return theme.Color(theme.ColorNameWarning)
}

// mergeAnalysis returns n's comment with the analysis blocks ("#" lines: the best line's
// and the candidates') and the 悪手/疑問手 label of analysed, the comment the analysis
// wrote for n's position, put into it: a comment that changed while the analysis ran
// keeps its changes; an earlier analysis by the same engines gives way.
func mergeAnalysis(n *kifu.Node, analysed string) string {
	blocks, engines := analysisBlocks(analysed)
	var kept []string
	lines := strings.Split(n.Comment, "\n")
	if moveLabel(n.Comment) != "" {
		lines = lines[1:]
	}
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && strings.HasPrefix(lines[j], "#") && strings.Contains(lines[j], "=") {
			j++
		}
		if j == i {
			kept = append(kept, lines[i])
			i++
			continue
		}
		if !engines[blockEngine(lines[i:j])] {
			kept = append(kept, lines[i:j]...)
		}
		i = j
	}
	merged := strings.TrimRight(strings.Join(kept, "\n"), "\n")
	if len(blocks) > 0 {
		if merged != "" {
			merged += "\n\n"
		}
		merged += strings.Join(blocks, "\n\n")
	}
	if l := moveLabel(analysed); l != "" {
		merged = l + "\n" + merged
	}
	return strings.TrimRight(merged, "\n")
}

// analysisBlocks returns the analysis blocks of a comment (runs of "#key=value" lines)
// and the engines that wrote them.
func analysisBlocks(comment string) ([]string, map[string]bool) {
	var blocks []string
	engines := map[string]bool{}
	lines := strings.Split(comment, "\n")
	for i := 0; i < len(lines); {
		j := i
		for j < len(lines) && strings.HasPrefix(lines[j], "#") && strings.Contains(lines[j], "=") {
			j++
		}
		if j == i {
			i++
			continue
		}
		blocks = append(blocks, strings.Join(lines[i:j], "\n"))
		engines[blockEngine(lines[i:j])] = true
		i = j
	}
	return blocks, engines
}

// blockEngine is the engine an analysis block names ("#エンジン="), or "".
func blockEngine(block []string) string {
	for _, l := range block {
		if v, ok := strings.CutPrefix(l, "#エンジン="); ok {
			return v
		}
	}
	return ""
}
