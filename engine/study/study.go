// Package study runs 検討: one or more engines think without end on the position the
// user looks at. Moving to another position stops them and starts them again there;
// a line from an old position is never shown.
//
// A Study drives engines the caller started and closes; a Runner is the whole activity
// for a window: it starts the engines, follows the position, reports the first failure
// and closes them, while the window polls its Version and formats its Views.
package study

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/usiclient"
)

// Member is one engine of a study.
type Member struct {
	Engine  *engine.Running
	multiPV int

	mu       sync.Mutex
	search   *engine.Search // the search on the current position
	root     *board.Position
	rootSFEN string
	timer    *time.Timer
}

// Study is a set of engines studying one position at a time.
type Study struct {
	members []*Member
	limit   time.Duration

	mu     sync.Mutex
	start  *board.Position
	moves  []board.Move
	paused bool
}

// New makes a study of running engines (started with engine.Start). limit, if not 0,
// stops the engines after that long on each position.
func New(engines []*engine.Running, limit time.Duration) *Study {
	s := &Study{limit: limit}
	for _, r := range engines {
		s.members = append(s.members, &Member{Engine: r, multiPV: 1})
	}
	return s
}

// Members returns the engines, in order.
func (s *Study) Members() []*Member { return s.members }

// SetPosition moves the study to the position after moves from start, and starts
// every engine on it (unless paused).
func (s *Study) SetPosition(ctx context.Context, start *board.Position, moves []board.Move) error {
	s.mu.Lock()
	s.start, s.moves = start.Clone(), append([]board.Move(nil), moves...)
	paused := s.paused
	s.mu.Unlock()
	if paused {
		return nil
	}
	return s.startAll(ctx)
}

func (s *Study) startAll(ctx context.Context) error {
	var errs []error
	for i := range s.members {
		if err := s.startOne(ctx, i); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// startOne starts member i on the current position; the session stops and
// discards the search it replaces.
func (s *Study) startOne(ctx context.Context, i int) error {
	s.mu.Lock()
	start, moves := s.start, s.moves
	s.mu.Unlock()
	if start == nil {
		return nil
	}
	m := s.members[i]
	pos := usiclient.NewPosition(start, moves...)
	cur := start.Clone()
	for _, mv := range moves {
		cur.Do(mv)
	}
	m.mu.Lock()
	if m.timer != nil {
		m.timer.Stop()
		m.timer = nil
	}
	m.search, m.root, m.rootSFEN = nil, cur, cur.SFEN()
	m.mu.Unlock()
	if !cur.HasLegalMove() {
		return nil // mated: nothing to think about
	}
	sr, err := m.Engine.Go(ctx, pos, usiclient.Go{Infinite: true})
	if err != nil {
		return fmt.Errorf("%s: %w", m.Engine.Name(), err)
	}
	m.mu.Lock()
	m.search = sr
	if s.limit > 0 {
		m.timer = time.AfterFunc(s.limit, func() {
			m.mu.Lock()
			current := m.search == sr
			m.mu.Unlock()
			if current {
				m.Engine.Stop()
			}
		})
	}
	m.mu.Unlock()
	return nil
}

// SetMultiPV changes how many lines member i shows; a running search starts again.
func (s *Study) SetMultiPV(ctx context.Context, i, n int) error {
	m := s.members[i]
	info := m.Engine.Info()
	o, ok := info.Option("MultiPV")
	if !ok {
		return fmt.Errorf("%s has no MultiPV option", m.Engine.Name())
	}
	v := strconv.Itoa(n)
	if err := o.Validate(v); err != nil {
		return fmt.Errorf("%s: MultiPV %d: %v", m.Engine.Name(), n, err)
	}
	m.Engine.Stop()
	if err := m.Engine.SetOption(o.Name, v); err != nil {
		return err
	}
	m.mu.Lock()
	m.multiPV = n
	m.mu.Unlock()
	s.mu.Lock()
	paused := s.paused
	s.mu.Unlock()
	if paused {
		return nil
	}
	return s.startOne(ctx, i)
}

// MultiPV returns the number of lines member i shows.
func (m *Member) MultiPV() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.multiPV
}

// Pause stops every engine; Resume starts them again on the current position.
func (s *Study) Pause() {
	s.mu.Lock()
	s.paused = true
	s.mu.Unlock()
	for _, m := range s.members {
		m.mu.Lock()
		m.search = nil
		if m.timer != nil {
			m.timer.Stop()
		}
		m.mu.Unlock()
		m.Engine.Stop()
	}
}

// Resume starts the engines again after Pause.
func (s *Study) Resume(ctx context.Context) error {
	s.mu.Lock()
	s.paused = false
	s.mu.Unlock()
	return s.startAll(ctx)
}

// Paused reports whether the study is paused.
func (s *Study) Paused() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.paused
}

// View is what member i shows now: the lines of its search on the current position
// only. OK is false while it has nothing for this position yet.
type View struct {
	Engine   string
	Root     *board.Position // the position the lines are for (never changed; nil before the first)
	Position string          // its SFEN
	Lines    []usiclient.Line
	Stats    usiclient.Stats
	Message  string // the search's last info string
	// Notices are the engine's complaints as it got ready (usiclient.Snapshot.Notices),
	// whatever position the lines are for
	Notices  []string
	Thinking bool
	OK       bool
}

// View returns what member i shows now.
func (s *Study) View(i int) View {
	m := s.members[i]
	m.mu.Lock()
	sr, root, rootSFEN := m.search, m.root, m.rootSFEN
	m.mu.Unlock()
	v := View{Engine: m.Engine.Name(), Root: root, Position: rootSFEN}
	snap := m.Engine.Snapshot()
	v.Notices = snap.Notices
	if sr == nil {
		return v
	}
	if snap.SearchID != sr.ID || snap.Position != rootSFEN {
		return v // the engine's lines are still those of an old position
	}
	v.Stats, v.Message, v.OK = snap.Stats, snap.Message, true
	for _, l := range snap.Lines {
		if l.MultiPV > 0 {
			v.Lines = append(v.Lines, l)
		}
	}
	v.Thinking = snap.Result == nil
	return v
}

// Version changes when any member's lines may have changed (poll it from the UI).
func (s *Study) Version() uint64 {
	var v uint64
	for _, m := range s.members {
		v += m.Engine.Version()
	}
	return v
}

// Close stops the study (the engines keep running; the caller closes them).
func (s *Study) Close() { s.Pause() }
