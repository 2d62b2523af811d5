package analysis

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"

	"banmen/board"
	"banmen/engine"
	"banmen/kifu"
)

// Runner runs one analysis for a window: it starts the engine (through a Manager, which
// can close it at the app's exit), analyses a copy of the record's main line on a
// goroutine of its own and closes the engine when done. The record the window shows is
// never touched: the window polls Version and copies the comments of Snapshot into it,
// so that the record stays usable while the analysis runs.
//
// Cancel stops the analysis; what was analysed is kept (its comments are in the
// snapshot), and the moves between analysed positions are labelled as a finished run
// labels them. Running again on a record that holds those comments reads them back
// instead of searching again.
type Runner struct {
	ctx     context.Context
	cancel  context.CancelFunc
	done    chan struct{}
	version atomic.Uint64
	engine  atomic.Pointer[engine.Running] // the engine while it analyses

	mu       sync.Mutex
	moves    []board.Move // the main line analysed
	comments []string     // the comment of each node of the copy, ply 0 first
	progress Progress
	summary  Summary
	err      error
	finished bool
	canceled bool
}

// Snapshot is what an analysis has done so far.
type Snapshot struct {
	// Moves are the main line that was analysed; Comments[k] is the comment of the
	// position after Moves[:k] (Comments[0]: the start position's).
	Moves    []board.Move
	Comments []string
	Progress Progress
	// Finished is set when the runner is done: Summary is the analysis' (for the
	// moves judged), Err its failure, nil when it ended or was cancelled.
	Finished bool
	Canceled bool
	Summary  Summary
	Err      error
}

// Start analyses rec's main line with def. cfg's Engine and Progress are the runner's:
// leave them unset. rec is copied at once and may change afterwards.
func Start(m *engine.Manager, def engine.Definition, rec *kifu.Record, cfg Config) *Runner {
	cp := copyMainLine(rec)
	r := &Runner{done: make(chan struct{})}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	nodes := append([]*kifu.Node{cp.Root}, cp.MainLine()...)
	for _, n := range nodes[1:] {
		r.moves = append(r.moves, n.Move)
	}
	r.comments = make([]string, len(nodes))
	for i, n := range nodes {
		r.comments[i] = n.Comment
	}
	go r.work(m, def, cp, nodes, cfg)
	return r
}

// copyMainLine copies rec's start, main line (up to a special move) and comments.
func copyMainLine(rec *kifu.Record) *kifu.Record {
	cp := kifu.New(rec.Position(rec.Root))
	cp.Root.Comment = rec.Root.Comment
	at := cp.Root
	for _, n := range rec.MainLine() {
		if n.IsSpecial() {
			break
		}
		c, err := cp.Play(at, n.Move)
		if err != nil {
			break // a record read leniently may hold an illegal move: analyse up to it
		}
		c.Comment = n.Comment
		at = c
	}
	return cp
}

func (r *Runner) work(m *engine.Manager, def engine.Definition, rec *kifu.Record, nodes []*kifu.Node, cfg Config) {
	defer close(r.done)
	defer r.version.Add(1)
	e, err := m.Start(r.ctx, def, engine.StartOptions{})
	if err != nil {
		var f *engine.Failure
		if !errors.As(err, &f) {
			err = &engine.Failure{Engine: def.Name, Doing: "starting", Err: err}
		}
		r.finish(Summary{}, err, nodes)
		return
	}
	r.engine.Store(e)
	defer func() {
		r.engine.Store(nil)
		e.Close(context.Background())
	}()
	cfg.Engine = e
	cfg.Progress = func(p Progress) {
		r.mu.Lock()
		r.progress = p
		if p.Ply >= 0 && p.Ply < len(nodes) {
			r.comments[p.Ply] = nodes[p.Ply].Comment
		}
		r.mu.Unlock()
		r.version.Add(1)
	}
	// cancelled, Run still judges the moves whose positions on both sides were analysed
	sum, err := Run(r.ctx, rec, cfg)
	var f *engine.Failure
	if err != nil && !errors.As(err, &f) {
		err = &engine.Failure{Engine: def.Name, Doing: "analysing", Err: err} // named as the user knows it
	}
	r.finish(sum, err, nodes)
}

// finish records the end and the final comments (the labels are written last).
func (r *Runner) finish(sum Summary, err error, nodes []*kifu.Node) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i, n := range nodes {
		r.comments[i] = n.Comment
	}
	r.summary, r.finished = sum, true
	if r.ctx.Err() != nil {
		r.canceled = true
		err = nil
	}
	r.err = err
}

// Cancel stops the analysis; Done says when the engine is closed.
func (r *Runner) Cancel() {
	r.cancel()
	r.version.Add(1)
}

// Done is closed when the analysis has ended and its engine is closed.
func (r *Runner) Done() <-chan struct{} { return r.done }

// Engine is the engine while it analyses (nil before it started and once it is closed), for
// a window to show its lines as they come.
func (r *Runner) Engine() *engine.Running { return r.engine.Load() }

// Version changes whenever Snapshot may have changed: poll it.
func (r *Runner) Version() uint64 { return r.version.Load() }

// Snapshot returns what the analysis has done so far.
func (r *Runner) Snapshot() Snapshot {
	r.mu.Lock()
	defer r.mu.Unlock()
	return Snapshot{Moves: r.moves, Comments: append([]string(nil), r.comments...), Progress: r.progress,
		Finished: r.finished, Canceled: r.canceled, Summary: r.summary, Err: r.err}
}
