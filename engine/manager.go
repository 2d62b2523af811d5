package engine

import (
	"context"
	"path/filepath"
	"sync"
	"time"
)

// Manager runs engines for the app: it starts them from the registry, keeps track of
// every running one, and closes them all when the app quits.
type Manager struct {
	Registry *Registry

	mu       sync.Mutex
	running  map[*Running]struct{}
	ended    []*Running    // the last engines that ended, oldest first (endedKept of them)
	starting int           // Starts under way
	started  chan struct{} // closed (and replaced) whenever a Start returns
}

// endedKept is how many ended engines the manager keeps for their protocol logs.
const endedKept = 4

// NewManager returns a manager over a registry.
func NewManager(reg *Registry) *Manager {
	return &Manager{Registry: reg, running: map[*Running]struct{}{}, started: make(chan struct{})}
}

// Start runs an engine and keeps track of it until it is closed or dies.
func (m *Manager) Start(ctx context.Context, def Definition, opts StartOptions) (*Running, error) {
	m.mu.Lock()
	m.starting++
	m.mu.Unlock()
	r, err := Start(ctx, def, opts)
	if err == nil {
		m.track(r)
	}
	m.mu.Lock()
	m.starting--
	close(m.started)
	m.started = make(chan struct{})
	m.mu.Unlock()
	return r, err
}

// StartByName runs a registered engine found by ID or display name.
func (m *Manager) StartByName(ctx context.Context, key string, opts StartOptions) (*Running, error) {
	def, ok := m.Registry.Find(key)
	if !ok {
		return nil, &Failure{Engine: key, Doing: "starting", Err: ErrNotFound}
	}
	return m.Start(ctx, def, opts)
}

func (m *Manager) track(r *Running) {
	m.mu.Lock()
	m.running[r] = struct{}{}
	m.mu.Unlock()
	go func() {
		<-r.ended
		m.mu.Lock()
		delete(m.running, r)
		m.ended = append(m.ended, r)
		if len(m.ended) > endedKept {
			m.ended = append(m.ended[:0], m.ended[len(m.ended)-endedKept:]...)
		}
		m.mu.Unlock()
	}()
}

// Ended returns the last engines that ended (closed or dead), newest first: their protocol
// logs stay readable (LogSince), so that what an engine said before it quit or crashed, or
// before a game it lost on time ended, can still be looked at.
func (m *Manager) Ended() []*Running {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]*Running, 0, len(m.ended))
	for i := len(m.ended) - 1; i >= 0; i-- {
		out = append(out, m.ended[i])
	}
	return out
}

// Restart starts a failed engine again with the same settings.
func (m *Manager) Restart(ctx context.Context, r *Running) (*Running, error) {
	nr, err := r.Restart(ctx)
	if err != nil {
		return nil, err
	}
	m.track(nr)
	return nr, nil
}

// Running returns the engines running now (not those closed or dead).
func (m *Manager) Running() []*Running {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]*Running, 0, len(m.running))
	for r := range m.running {
		select {
		case <-r.ended:
		default:
			out = append(out, r)
		}
	}
	return out
}

// CloseAll quits every running engine, in parallel: each gets its quit timeout (see
// Running.Close) or timeout, whichever is shorter, and is then killed. Engines whose
// Start is under way are waited for (within timeout; cancel their contexts first)
// and closed too. It returns when all their processes are gone.
func (m *Manager) CloseAll(timeout time.Duration) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for {
		m.mu.Lock()
		starting, started := m.starting, m.started
		m.mu.Unlock()
		if starting == 0 {
			break
		}
		select {
		case <-started:
		case <-ctx.Done():
		}
		if ctx.Err() != nil {
			break
		}
	}
	var wg sync.WaitGroup
	for _, r := range m.Running() {
		wg.Add(1)
		go func(r *Running) {
			defer wg.Done()
			r.Close(ctx)
		}(r)
	}
	wg.Wait()
}

// Add probes the program at path and registers it with what it declared.
func (m *Manager) Add(ctx context.Context, path string, args ...string) (Definition, ProbeResult, error) {
	def := Definition{Path: path, Args: args}
	// a relative path names a file here; a bare name is looked up in PATH when run
	if abs, err := filepath.Abs(path); err == nil && !filepath.IsAbs(path) && fileExists(abs) {
		def.Path = abs
	}
	res, err := Probe(ctx, def)
	if err != nil {
		return def, res, err
	}
	def.ApplyProbe(res.Name, res.Author, res.Options)
	def.Tags = []string{TagPlay, TagAnalysis}
	def, err = m.Registry.Add(def)
	return def, res, err
}
