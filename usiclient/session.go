package usiclient

import (
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"
)

// Session is a conversation with one engine over its stdout (r) and stdin (w).
//
// A reader goroutine parses every line and folds it into the session's state and
// snapshot; a writer goroutine writes commands in order, so no call ever blocks on a
// full pipe. Methods are safe for concurrent use. Blocking calls (Handshake, Ready,
// NewGame, Go, GoMate, GameOver, Quit) run one at a time; each of their waits ends
// within its timeout.
type Session struct {
	cfg  Config
	to   Timeouts
	w    io.Writer
	log  *logRing
	outq chan outCmd
	// reads counts the reads from the engine's stdout; the writer notes it as it
	// writes a go, so that a line read before then is known to answer nothing.
	reads atomic.Uint64

	version  atomic.Uint64
	sawSJIS  atomic.Bool // the engine writes Shift_JIS: send non-ASCII text in Shift_JIS too
	killOnce sync.Once
	opMu     sync.Mutex // serializes the blocking calls

	stderrMu  sync.Mutex
	stderrDec *Decoder // for LogStderr

	readerDone chan struct{}
	stderrDone chan struct{} // nil unless the session drains stderr
	dead       chan struct{} // closed when the session ends, for any reason

	mu          sync.Mutex
	state       State
	endedIn     State    // the state when the session ended: what the engine was doing
	deadErr     error    // why the session ended
	notices     []string // complaints sent while no search ran, since the last isready (complaint.go)
	quitting    bool
	info        EngineInfo
	usiok       chan struct{}
	readyok     chan struct{}
	pendingOpts []SetOption
	cur         *Search // the search the engine is running
	held        *Search // a ponder search whose bestmove came before ponderhit/stop
	searchSeq   uint64
	fold        fold
}

// NewSession starts a session on an engine's stdout (r) and stdin (w). It starts
// the reader and writer goroutines (and a stderr drain if cfg.Stderr is set) but
// sends nothing: call Handshake.
func NewSession(r io.Reader, w io.Writer, cfg Config) *Session {
	if cfg.Name == "" {
		cfg.Name = "engine"
	}
	if cfg.LogLines <= 0 {
		cfg.LogLines = 2000
	}
	if cfg.MaxLogLineBytes <= 0 {
		cfg.MaxLogLineBytes = 4096
	}
	s := &Session{
		cfg:        cfg,
		to:         cfg.Timeouts.resolved(),
		w:          w,
		log:        newLogRing(cfg.LogLines, cfg.MaxLogLineBytes),
		outq:       make(chan outCmd, outQueue),
		readerDone: make(chan struct{}),
		dead:       make(chan struct{}),
	}
	s.info.Name = cfg.Name
	if cfg.Stderr != nil {
		// set before the reader starts: it reads stderrDone when the engine's output ends
		s.stderrDone = make(chan struct{})
		go s.drainStderr(cfg.Stderr)
	}
	go s.readLoop(r)
	go s.writeLoop()
	return s
}

// Name is the engine's id name once received, else Config.Name.
func (s *Session) Name() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.info.Name
}

// State returns the current state.
func (s *Session) State() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.state
}

// Info returns what the engine said about itself (valid after Handshake).
func (s *Session) Info() EngineInfo {
	s.mu.Lock()
	defer s.mu.Unlock()
	info := s.info
	info.Options = append([]Option(nil), s.info.Options...)
	return info
}

// Version changes whenever anything in the snapshot changes. Reading it costs one
// atomic load: poll it and take a Snapshot only when it moved.
func (s *Session) Version() uint64 { return s.version.Load() }

// LastState is the state while the session lives; once it has ended, the state it
// was in just before (StateReady for an engine that died while idle), which says
// what the engine was doing when it went away.
func (s *Session) LastState() State {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.deadErr != nil {
		return s.endedIn
	}
	return s.state
}

// Done is closed when the session has ended (quit, crash, kill or Close); Err then says why.
func (s *Session) Done() <-chan struct{} { return s.dead }

// Err is nil while the session lives, then the reason it ended: an *Error whose
// Kind is ErrClosed after a clean Quit or Close.
func (s *Session) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.deadErr
}

// Log returns the lines the protocol log still holds, oldest first.
func (s *Session) Log() []LogLine { return s.log.since(0) }

// LogSince returns the logged lines after seq (the Seq of the last line already
// shown), for a protocol log window that appends as it goes.
func (s *Session) LogSince(seq uint64) []LogLine { return s.log.since(seq) }

// bump marks a change for pollers. Call with s.mu held.
func (s *Session) bump() { s.version.Add(1) }

// note writes a line of the session's own into the log.
func (s *Session) note(format string, args ...any) {
	s.log.add(Note, fmt.Sprintf(format, args...), 0)
}

// errorf builds an *Error carrying the engine's last lines. Call with s.mu held.
func (s *Session) errorLocked(kind error, waiting Awaiting, after time.Duration, err error, detail string) *Error {
	return &Error{
		Engine:  s.info.Name,
		Kind:    kind,
		Waiting: waiting,
		After:   after,
		Detail:  detail,
		Last:    s.log.last(Received, 8),
		Stderr:  s.stderrTail(5),
		Err:     err,
	}
}

func (s *Session) stderrTail(n int) []string {
	if s.cfg.StderrTail == nil {
		return s.log.last(Stderr, n)
	}
	lines := s.cfg.StderrTail()
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = clip(l, 200)
	}
	return out
}
