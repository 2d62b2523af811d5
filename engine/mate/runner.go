package mate

import (
	"context"
	"sync"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/usiclient"
)

// Runner is a mate search for a window: Start returns at once, the search runs on a
// goroutine of its own in an engine started through a Manager (which can close it at
// the app's exit), and Done is closed once the answer is in and the engine has quit
// (it gets its quit timeout, then is killed).
type Runner struct {
	cancel context.CancelFunc
	done   chan struct{}

	mu       sync.Mutex
	res      Result
	canceled bool
	start    time.Time
	eng      *engine.Running // the engine searching, once started
}

// Start searches for a mate in pos with def, for at most limit (0: until Cancel).
func Start(m *engine.Manager, def engine.Definition, pos *board.Position, limit time.Duration) *Runner {
	ctx, cancel := context.WithCancel(context.Background())
	r := &Runner{cancel: cancel, done: make(chan struct{}), start: time.Now()}
	pos = pos.Clone()
	go func() {
		defer cancel()
		res, err := search(ctx, m.Start, def, pos, limit, func(e *engine.Running) {
			r.mu.Lock()
			r.eng = e
			r.mu.Unlock()
		})
		if err != nil && res.Status != Failed {
			res.Status, res.Detail = Failed, err.Error()
		}
		r.mu.Lock()
		r.res = res
		close(r.done) // under the lock: a Cancel sees either the search running or done
		r.mu.Unlock()
	}()
	return r
}

// Cancel stops the search; Done is closed once its engine has quit. A Cancel after
// the search has ended changes nothing.
func (r *Runner) Cancel() {
	r.mu.Lock()
	select {
	case <-r.done:
	default:
		r.canceled = true
	}
	r.mu.Unlock()
	r.cancel()
}

// Progress is how the search goes: the time since Start, and the numbers the engine last
// sent (nodes, speed, hashfull; zero until it sends them, as while it starts).
func (r *Runner) Progress() (elapsed time.Duration, stats usiclient.Stats) {
	r.mu.Lock()
	e := r.eng
	r.mu.Unlock()
	if e != nil {
		stats = e.Snapshot().Stats
	}
	return time.Since(r.start), stats
}

// Done is closed when the search has ended and its engine has quit.
func (r *Runner) Done() <-chan struct{} { return r.done }

// Result is the outcome once Done is closed (a failure to start is a Failed result
// that names the engine and why); canceled reports that Cancel came first.
func (r *Runner) Result() (res Result, canceled bool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.res, r.canceled
}
