package study

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"

	"banmen/board"
	"banmen/engine"
)

// State is what an engine of a running study does.
type State int

// The states of an engine in a Runner.
const (
	Starting State = iota // its process is starting, or another engine of the study is
	Thinking              // searching the current position
	Stopped               // idle: paused, at its time limit, mated, or the study stopped
)

// Options set up a Runner.
type Options struct {
	MultiPV int           // lines each engine shows (1 when 0)
	Limit   time.Duration // each engine stops after that long on a position (0: no limit)
}

// Runner runs a study for a window: it starts the engines (through a Manager, which
// can close them all at the app's exit), follows the position it is given, pauses and
// resumes, stops on the first failure and closes its engines when stopped. Every
// method returns at once; the engines start, move and quit on a goroutine of the
// runner's own. A window polls Version and reads Views when it moved.
//
// Stopping gives each engine its quit timeout (engine.Running.Close: 5 s, times the
// engine's timeout scale) to quit, then kills it.
type Runner struct {
	m    *engine.Manager
	defs []engine.Definition
	opt  Options

	ctx     context.Context // cancelled by Stop: a start or a move under way gives up
	cancel  context.CancelFunc
	wake    chan struct{} // want changed
	done    chan struct{} // the engines are closed
	version atomic.Uint64 // the runner's own changes: started, stopped, failed

	mu      sync.Mutex
	want    want
	st      *Study // nil until every engine has started
	err     error  // the first failure
	notes   []string
	stopped bool
}

// want is what the study should do: think on a position, or pause.
type want struct {
	gen    uint64
	start  *board.Position
	moves  []board.Move
	paused bool
}

// Start starts a study of defs. It has no position until SetPosition.
func Start(m *engine.Manager, defs []engine.Definition, opt Options) *Runner {
	r := &Runner{m: m, defs: append([]engine.Definition(nil), defs...), opt: opt,
		wake: make(chan struct{}, 1), done: make(chan struct{})}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	go r.work()
	return r
}

// SetPosition moves the study to the position after moves from start.
func (r *Runner) SetPosition(start *board.Position, moves []board.Move) {
	start = start.Clone()
	moves = append([]board.Move(nil), moves...)
	r.setWant(func(w *want) {
		w.gen++
		w.start, w.moves = start, moves
	})
}

// Pause stops the engines until Resume; a position set meanwhile is searched then.
func (r *Runner) Pause() { r.setWant(func(w *want) { w.paused = true }) }

// Resume starts the engines again after Pause.
func (r *Runner) Resume() { r.setWant(func(w *want) { w.paused = false }) }

func (r *Runner) setWant(f func(*want)) {
	r.mu.Lock()
	f(&r.want)
	r.mu.Unlock()
	r.version.Add(1)
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// Stop ends the study: its engines are closed in the background (Done says when).
func (r *Runner) Stop() {
	r.mu.Lock()
	r.stopped = true
	r.mu.Unlock()
	r.cancel()
	r.version.Add(1)
}

// Done is closed when the study has stopped and its engines are closed.
func (r *Runner) Done() <-chan struct{} { return r.done }

// Err is the failure that stopped the study: a start that failed, an engine that
// died (an *engine.Failure that names it) or that refused a position. Nil while it
// runs, and after Stop.
func (r *Runner) Err() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.err
}

// Notes are what the user should know but that does not stop the study: an engine
// that has no MultiPV shows one line.
func (r *Runner) Notes() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.notes...)
}

// Version changes whenever what Views returns may have changed: poll it.
func (r *Runner) Version() uint64 {
	v := r.version.Load()
	r.mu.Lock()
	st := r.st
	r.mu.Unlock()
	if st != nil {
		v += st.Version()
	}
	return v
}

// EngineView is what one engine of the study shows now.
type EngineView struct {
	View
	State State
}

// Views returns what each engine shows now, in the order of the definitions.
func (r *Runner) Views() []EngineView {
	r.mu.Lock()
	st, stopped := r.st, r.stopped || r.err != nil
	r.mu.Unlock()
	out := make([]EngineView, len(r.defs))
	for i, d := range r.defs {
		switch {
		case st == nil:
			out[i] = EngineView{View: View{Engine: d.Name}, State: Starting}
		default:
			out[i] = EngineView{View: st.View(i), State: Stopped}
			if out[i].Thinking {
				out[i].State = Thinking
			}
		}
		if stopped {
			out[i].State = Stopped
		}
	}
	return out
}

// fail records the first failure and stops the study; a failure after Stop (the
// start that Stop cancelled) is not one.
func (r *Runner) fail(err error) {
	r.mu.Lock()
	first := r.err == nil && !r.stopped
	if first {
		r.err = err
	}
	r.mu.Unlock()
	if first {
		r.cancel()
		r.version.Add(1)
	}
}

// work starts the engines, moves them as asked, and closes them when the study stops.
func (r *Runner) work() {
	engines, err := r.startEngines()
	defer r.closeEngines(engines)
	if err != nil {
		r.fail(err)
		return
	}
	st := New(engines, r.opt.Limit)
	var notes []string
	if r.opt.MultiPV > 1 {
		for i := range engines {
			if err := st.SetMultiPV(r.ctx, i, r.opt.MultiPV); err != nil {
				notes = append(notes, err.Error())
			}
		}
	}
	r.mu.Lock()
	r.st, r.notes = st, notes
	r.mu.Unlock()
	r.version.Add(1)
	r.follow(st)
}

// startEngines starts every engine in turn; it gives up at the first that fails, or
// when the study is stopped, and returns those started.
func (r *Runner) startEngines() ([]*engine.Running, error) {
	var engines []*engine.Running
	for _, def := range r.defs {
		e, err := r.m.Start(r.ctx, def, engine.StartOptions{
			OnFailure: func(f *engine.Failure) { r.fail(f) },
		})
		if err != nil {
			var f *engine.Failure
			if !errors.As(err, &f) {
				err = &engine.Failure{Engine: def.Name, Doing: "starting", Err: err}
			}
			return engines, err
		}
		engines = append(engines, e)
		if r.ctx.Err() != nil {
			return engines, r.ctx.Err()
		}
	}
	return engines, nil
}

// follow gives the study what is wanted of it, each time it changes, until Stop.
func (r *Runner) follow(st *Study) {
	var gen uint64
	for {
		r.mu.Lock()
		w := r.want
		r.mu.Unlock()
		var err error
		if w.paused && !st.Paused() {
			st.Pause()
		}
		if w.gen != gen && w.start != nil {
			gen = w.gen
			err = st.SetPosition(r.ctx, w.start, w.moves)
		}
		if err == nil && !w.paused && st.Paused() {
			err = st.Resume(r.ctx)
		}
		if err != nil {
			r.fail(err)
		}
		r.version.Add(1)
		select {
		case <-r.ctx.Done():
			return
		case <-r.wake:
		}
	}
}

// closeEngines stops the study and closes its engines, in parallel.
func (r *Runner) closeEngines(engines []*engine.Running) {
	r.mu.Lock()
	st := r.st
	r.mu.Unlock()
	if st != nil {
		st.Close()
	}
	var wg sync.WaitGroup
	for _, e := range engines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.Close(context.Background())
		}()
	}
	wg.Wait()
	r.version.Add(1)
	close(r.done)
}
