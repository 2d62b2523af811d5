package usiclient

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// State is where a Session is in the conversation.
type State uint8

// The states of a Session. A search goes Searching, Pondering or MateSearching,
// then Stopping once stop is sent, and back to Ready when its bestmove (or
// checkmate) arrives; a setoption sent since the last readyok makes it NotReady.
const (
	StateNew            State = iota // created; usi not sent yet
	StateWaitingUSIOK                // usi sent
	StateNotReady                    // usiok received (or options changed, or gameover): isready needed
	StateWaitingReadyOK              // isready sent
	StateReady                       // idle and ready for go
	StateSearching                   // go sent (or ponderhit)
	StatePondering                   // go ponder sent
	StateMateSearching               // go mate sent
	StateStopping                    // stop sent; waiting for bestmove/checkmate
	StateQuitting                    // quit sent; waiting for the output to end
	StateClosed                      // the engine is gone (quit, crash, kill or Close)
)

var stateNames = [...]string{"new", "waiting for usiok", "not ready", "waiting for readyok", "ready",
	"searching", "pondering", "mate searching", "stopping", "quitting", "closed"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("State(%d)", s)
}

// Busy reports whether the engine is running a search (setoption is queued then).
func (s State) Busy() bool {
	return s == StateSearching || s == StatePondering || s == StateMateSearching || s == StateStopping
}

// EngineInfo is what the engine says about itself in answer to usi.
type EngineInfo struct {
	Name    string   // id name; Config.Name until the engine sends one
	Author  string   // id author
	Options []Option // in the order sent; a repeated name replaces the earlier line
	// NameSent is set when the engine sent a non-empty "id name" (else Name is Config.Name).
	NameSent bool
	// CopyProtection and Registration are the last status the engine reported
	// ("checking", "ok", "error"), empty if it never did.
	CopyProtection string
	Registration   string
}

// Option finds an option by name, exactly or else ignoring case.
func (e *EngineInfo) Option(name string) (Option, bool) {
	for _, o := range e.Options {
		if o.Name == name {
			return o, true
		}
	}
	for _, o := range e.Options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// HashOption names the option that sets the engine's hash size: USI_Hash, or
// Hash as the Stockfish family declares it, or "" if the engine declares neither
// (Shogidokoro sends USI_Hash to every engine anyway).
func (e *EngineInfo) HashOption() string { return e.declared("USI_Hash", "Hash") }

// PonderOption names the option that allows pondering: USI_Ponder, or Ponder, or "".
func (e *EngineInfo) PonderOption() string { return e.declared("USI_Ponder", "Ponder") }

func (e *EngineInfo) declared(names ...string) string {
	for _, n := range names {
		if o, ok := e.Option(n); ok {
			return o.Name
		}
	}
	return ""
}

const outQueue = 1024 // commands waiting for the writer; more means the engine stopped reading

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
	outq chan []byte

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
	endedIn     State // the state when the session ended: what the engine was doing
	deadErr     error // why the session ended
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
		outq:       make(chan []byte, outQueue),
		readerDone: make(chan struct{}),
		dead:       make(chan struct{}),
	}
	s.info.Name = cfg.Name
	go s.readLoop(r)
	go s.writeLoop()
	if cfg.Stderr != nil {
		s.stderrDone = make(chan struct{})
		go s.drainStderr(cfg.Stderr)
	}
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

// sendLocked queues a command for the writer and logs it. Call with s.mu held.
func (s *Session) sendLocked(c Command) error {
	if s.deadErr != nil {
		return s.deadErr
	}
	b, err := c.AppendTo(make([]byte, 0, 64))
	if err != nil {
		return fmt.Errorf("usiclient: engine %q: %w", s.info.Name, err)
	}
	s.log.add(Sent, string(b), len(b))
	if s.cfg.Encoding == EncodingShiftJIS || (s.cfg.Encoding == EncodingAuto && s.sawSJIS.Load()) {
		b = encodeShiftJIS(b) // an option name the engine wrote in Shift_JIS must come back so
	}
	select {
	case s.outq <- append(b, '\n'):
		return nil
	default:
		e := s.errorLocked(ErrBrokenPipe, s.awaitingLocked(), 0, nil,
			fmt.Sprintf("%d commands are waiting to be written: the engine stopped reading", outQueue))
		s.failLocked(e)
		go s.kill()
		return e
	}
}

func (s *Session) writeLoop() {
	for {
		select {
		case b := <-s.outq:
			if _, err := s.w.Write(b); err != nil {
				s.mu.Lock()
				e := s.errorLocked(ErrBrokenPipe, s.awaitingLocked(), 0, err,
					fmt.Sprintf("writing %q failed", strings.TrimSpace(string(b))))
				clean := s.quitting
				if clean {
					e.Kind = ErrClosed
				}
				s.failLocked(e)
				s.mu.Unlock()
				if !clean {
					s.kill()
				}
				return
			}
		case <-s.dead:
			return
		}
	}
}

func (s *Session) kill() {
	s.killOnce.Do(func() {
		if s.cfg.Kill != nil {
			if err := s.cfg.Kill(); err != nil {
				s.note("kill: %v", err)
			} else {
				s.note("killed the engine")
			}
		}
	})
}

// failLocked ends the session with err: every waiter and search gets it. Call with s.mu held.
func (s *Session) failLocked(err error) {
	if s.deadErr != nil {
		return
	}
	s.deadErr = err
	s.endedIn = s.state
	s.state = StateClosed
	close(s.dead)
	if sr := s.cur; sr != nil {
		s.cur = nil
		sr.stopTimers()
		sr.finish(Result{SearchID: sr.ID}, err)
	}
	if sr := s.held; sr != nil {
		s.held = nil
		sr.finish(Result{SearchID: sr.ID}, err)
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) || e.Kind != ErrClosed {
			s.log.add(Note, err.Error(), 0)
		}
	}
	s.bump()
}

// fatal ends the session with an error of the given kind, and kills the engine.
func (s *Session) fatal(kind error, waiting Awaiting, after time.Duration, detail string) error {
	s.mu.Lock()
	if s.deadErr != nil {
		err := s.deadErr
		s.mu.Unlock()
		return err
	}
	e := s.errorLocked(kind, waiting, after, nil, detail)
	s.failLocked(e)
	s.mu.Unlock()
	s.kill()
	return e
}

// wait waits for ch (closed by the reader when the answer comes), the end of the
// session, or ctx. The timeout (0: none) stays armed even if ctx ends first: an
// engine that misses it is wedged, and the session ends with ErrTimeout and kills it.
func (s *Session) wait(ctx context.Context, ch <-chan struct{}, waiting Awaiting, timeout time.Duration) error {
	if timeout > 0 {
		t := time.AfterFunc(timeout, func() { s.expire(ch, waiting, timeout) })
		defer func() {
			if closed(ch) {
				t.Stop()
			}
		}()
	}
	select {
	case <-ch:
		return nil
	case <-s.dead:
		if closed(ch) { // the answer came just before the end
			return nil
		}
		return s.Err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// expire ends the session with a timeout unless the answer came (ch is closed by
// the reader under s.mu, so the check and the failure are one step).
func (s *Session) expire(ch <-chan struct{}, waiting Awaiting, timeout time.Duration) {
	s.mu.Lock()
	if closed(ch) || s.deadErr != nil {
		s.mu.Unlock()
		return
	}
	s.failLocked(s.errorLocked(ErrTimeout, waiting, timeout, nil, ""))
	s.mu.Unlock()
	s.kill()
}

// Handshake sends usi and waits for usiok (Timeouts.USIOK), collecting the
// engine's id and options. An engine that never answers (an xboard engine such
// as gnushogi) ends in an *Error of kind ErrTimeout that quotes what it printed.
func (s *Session) Handshake(ctx context.Context) (EngineInfo, error) {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	s.mu.Lock()
	if s.state != StateNew {
		st := s.state
		s.mu.Unlock()
		return EngineInfo{}, s.stateError("handshake", st)
	}
	ch := make(chan struct{})
	s.usiok = ch
	s.state = StateWaitingUSIOK
	err := s.sendLocked(Usi{})
	s.bump()
	s.mu.Unlock()
	if err != nil {
		return EngineInfo{}, err
	}
	if err := s.wait(ctx, ch, AwaitUSIOK, s.to.USIOK); err != nil {
		return EngineInfo{}, err
	}
	return s.Info(), nil
}

func (s *Session) stateError(what string, st State) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.deadErr != nil {
		return s.deadErr
	}
	return s.errorLocked(ErrState, AwaitNothing, 0, nil, fmt.Sprintf("cannot %s while %s", what, st))
}

// Ready sends isready and waits for readyok (Timeouts.ReadyOK), first sending any
// queued setoption. It is needed once before the first search and after options
// change; Go and GoMate call it themselves when the state is NotReady.
func (s *Session) Ready(ctx context.Context) error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	return s.ready(ctx)
}

func (s *Session) ready(ctx context.Context) error {
	s.mu.Lock()
	switch s.state {
	case StateNotReady, StateReady:
	default:
		st := s.state
		s.mu.Unlock()
		return s.stateError("send isready", st)
	}
	s.flushOptionsLocked()
	ch := make(chan struct{})
	s.readyok = ch
	s.state = StateWaitingReadyOK
	err := s.sendLocked(IsReady{})
	s.bump()
	s.mu.Unlock()
	if err != nil {
		return err
	}
	return s.wait(ctx, ch, AwaitReadyOK, s.to.ReadyOK)
}

// ensureReady makes the engine ready for a search.
func (s *Session) ensureReady(ctx context.Context) error {
	s.mu.Lock()
	st, queued := s.state, len(s.pendingOpts) > 0
	s.mu.Unlock()
	switch st {
	case StateReady:
		if !queued {
			return nil
		}
		return s.ready(ctx) // sends the queued setoption first
	case StateNotReady:
		return s.ready(ctx)
	default:
		return s.stateError("start a search", st)
	}
}

// SetOption sets an engine option. It checks the value against the option the
// engine declared (if it declared one by that name) and refuses line breaks.
// While the engine searches, or while an isready is unanswered, the command is
// queued and sent as soon as the engine is idle (its bestmove or readyok came); it
// is always sent before the next isready or go. The engine needs isready afterwards,
// which the next Go does by itself.
func (s *Session) SetOption(name, value string) error {
	return s.setOption(SetOption{Name: name, Value: value})
}

// PressButton sends "setoption name <name>" for a button option.
func (s *Session) PressButton(name string) error {
	return s.setOption(SetOption{Name: name, Button: true})
}

func (s *Session) setOption(c SetOption) error {
	if _, err := c.AppendTo(nil); err != nil {
		return fmt.Errorf("usiclient: engine %q: %w", s.Name(), err)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.info.Option(c.Name); ok {
		c.Name = o.Name
		if o.Type == OptionButton {
			c.Button, c.Value = true, ""
		} else if err := o.Validate(c.Value); err != nil {
			return fmt.Errorf("usiclient: engine %q: %w", s.info.Name, err)
		}
	}
	switch s.state {
	case StateNotReady, StateReady:
		if err := s.sendLocked(c); err != nil {
			return err
		}
		s.state = StateNotReady
	case StateClosed, StateQuitting:
		if s.deadErr != nil {
			return s.deadErr
		}
		return s.errorLocked(ErrClosed, AwaitNothing, 0, nil, "setoption after quit")
	case StateNew, StateWaitingUSIOK:
		return s.errorLocked(ErrState, AwaitNothing, 0, nil, "setoption before usiok")
	default:
		s.pendingOpts = append(s.pendingOpts, c)
		s.note("queued until the engine is idle: %s", c)
	}
	s.bump()
	return nil
}

// flushOptionsLocked sends the setoption commands queued during a search.
func (s *Session) flushOptionsLocked() {
	if len(s.pendingOpts) == 0 {
		return
	}
	for _, c := range s.pendingOpts {
		if s.sendLocked(c) != nil {
			break
		}
	}
	s.pendingOpts = nil
	if s.state == StateReady {
		s.state = StateNotReady
	}
}

// Debug sends "debug on" or "debug off"; the draft allows it at any time.
func (s *Session) Debug(on bool) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sendLocked(Debug{On: on})
}

// Register sends a register command (after the engine reported registration error).
func (s *Session) Register(r Register) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sendLocked(r)
}

// NewGame sends usinewgame, after isready if the engine is not ready. Any search
// still running is stopped and its result discarded.
func (s *Session) NewGame(ctx context.Context) error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	if err := s.settle(ctx); err != nil {
		return err
	}
	if err := s.ensureReady(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sendLocked(UsiNewGame{})
}

// GameOver stops any search (discarding its result) and sends gameover; the
// engine then needs isready (and usinewgame) before the next game.
func (s *Session) GameOver(ctx context.Context, r GameResult) error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	if err := s.settle(ctx); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	switch s.state {
	case StateReady, StateNotReady:
	default:
		return s.errorLocked(ErrState, AwaitNothing, 0, nil, fmt.Sprintf("cannot send gameover while %s", s.state))
	}
	if err := s.sendLocked(GameOver{Result: r}); err != nil {
		return err
	}
	s.state = StateNotReady
	s.bump()
	return nil
}

// settle ends the running search, if any: it sends one stop, waits for the
// engine's bestmove (Timeouts.Stop) and discards it. A ponder search whose
// bestmove came early is discarded too. Call with opMu held.
func (s *Session) settle(ctx context.Context) error {
	s.mu.Lock()
	if h := s.held; h != nil {
		s.held = nil
		s.discardLocked(h, "the ponder search was abandoned")
		s.bump()
	}
	sr := s.cur
	if sr == nil {
		s.mu.Unlock()
		return nil
	}
	if !sr.discard {
		sr.discard = true
		s.note("search %d is replaced: its bestmove will be discarded", sr.ID)
	}
	if !sr.stopSent {
		s.sendStopLocked(sr)
	}
	s.mu.Unlock()
	select {
	case <-sr.done:
		return nil
	case <-s.dead:
		return s.Err()
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Session) discardLocked(sr *Search, why string) {
	sr.finish(Result{SearchID: sr.ID}, &Error{Engine: s.info.Name, Kind: ErrDiscarded, Detail: fmt.Sprintf("search %d: %s", sr.ID, why)})
}

// sendStopLocked sends stop for sr and arms the wait for its answer. Call with s.mu held.
func (s *Session) sendStopLocked(sr *Search) {
	if s.sendLocked(Stop{}) != nil {
		return
	}
	sr.stopSent = true
	if s.state != StateQuitting {
		s.state = StateStopping
	}
	waiting := AwaitBestmoveAfterStop
	if sr.Mode == ModeMate {
		waiting = AwaitCheckmateAfterStop
	}
	sr.stopTimer = time.AfterFunc(s.to.Stop, func() {
		s.mu.Lock()
		if s.cur != sr || s.deadErr != nil {
			s.mu.Unlock()
			return
		}
		s.failLocked(s.errorLocked(ErrTimeout, waiting, s.to.Stop, nil, ""))
		s.mu.Unlock()
		s.kill()
	})
	s.bump()
}

// Stop asks the engine to end its search now: Wait then returns the engine's
// move (the "move now" button, or the end of an analysis). Stopping a ponder
// search before ponderhit means the prediction missed: its result is discarded.
// Stop does not wait; the wait for the answer is bounded by Timeouts.Stop.
func (s *Session) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.held; h != nil {
		s.held = nil
		s.discardLocked(h, "ponder miss")
		s.bump()
		return
	}
	sr := s.cur
	if sr == nil {
		return
	}
	if sr.Mode == ModePonder && !sr.ponderHit && !sr.discard {
		sr.discard = true
		s.note("ponder miss: search %d will be discarded", sr.ID)
	}
	if !sr.stopSent {
		s.sendStopLocked(sr)
	}
}

// PonderHit tells the pondering engine that the opponent played the predicted
// move: the ponder search becomes a normal one and Wait returns its move. If the
// engine already sent its bestmove while pondering, that move is used and nothing
// is sent.
func (s *Session) PonderHit() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.held; h != nil {
		s.held = nil
		h.ponderHit = true
		res, err := s.judgeBestMove(h, *h.early)
		res.Early = true
		s.fold.result = &res
		h.finish(res, err)
		s.note("ponderhit: the engine had already sent %q", h.early.Move)
		s.bump()
		return nil
	}
	sr := s.cur
	if sr == nil || sr.Mode != ModePonder || sr.ponderHit || sr.discard {
		if s.deadErr != nil {
			return s.deadErr
		}
		return s.errorLocked(ErrState, AwaitNothing, 0, nil, fmt.Sprintf("ponderhit while %s and not pondering", s.state))
	}
	if err := s.sendLocked(PonderHit{}); err != nil {
		return err
	}
	sr.ponderHit = true
	s.fold.mode = ModeNormal
	if s.state == StatePondering {
		s.state = StateSearching
	}
	s.armDeadlineLocked(sr)
	s.bump()
	return nil
}

// Quit stops any search, sends quit and waits (Timeouts.Quit) for the engine's
// output to end. An engine that does not exit in time is killed and Quit returns
// an *Error of kind ErrTimeout; either way the session is closed.
func (s *Session) Quit(ctx context.Context) error {
	s.opMu.Lock()
	defer s.opMu.Unlock()
	s.mu.Lock()
	if s.deadErr != nil {
		s.mu.Unlock()
		<-s.readerDoneOrTimeout()
		return nil
	}
	s.quitting = true
	if h := s.held; h != nil {
		s.held = nil
		s.discardLocked(h, "quit")
	}
	if sr := s.cur; sr != nil {
		// Some engines (gpsusi) ignore quit during a search: stop it first, and
		// drop the search without waiting for its bestmove.
		if !sr.stopSent {
			s.sendLocked(Stop{})
		}
		s.cur = nil
		sr.stopTimers()
		s.discardLocked(sr, "quit")
	}
	s.state = StateQuitting
	err := s.sendLocked(Quit{})
	s.bump()
	s.mu.Unlock()
	if err != nil {
		var e *Error
		if errors.As(err, &e) && e.Kind == ErrClosed {
			return nil
		}
		return err
	}
	t := time.NewTimer(s.to.Quit)
	defer t.Stop()
	select {
	case <-s.readerDone:
		return nil
	case <-ctx.Done():
		s.fatal(ErrClosed, AwaitNothing, 0, "quit abandoned")
		return ctx.Err()
	case <-t.C:
		err := s.fatal(ErrTimeout, AwaitExitAfterQuit, s.to.Quit, "killed it")
		if errors.Is(err, ErrClosed) {
			return nil // it exited just in time
		}
		return err
	}
}

func (s *Session) readerDoneOrTimeout() <-chan struct{} {
	ch := make(chan struct{})
	go func() {
		select {
		case <-s.readerDone:
		case <-time.After(s.to.Quit):
		}
		close(ch)
	}()
	return ch
}

// Close ends the session now: it kills the engine (Config.Kill) and fails any
// wait with ErrClosed. It does not send quit; use Quit for a polite exit.
func (s *Session) Close() error {
	s.mu.Lock()
	if s.deadErr == nil {
		s.quitting = true
		s.failLocked(s.errorLocked(ErrClosed, AwaitNothing, 0, nil, "closed"))
	}
	s.mu.Unlock()
	s.kill()
	return nil
}

// readLoop is the reader goroutine: it reads, decodes, logs and dispatches every line.
func (s *Session) readLoop(r io.Reader) {
	defer close(s.readerDone)
	lr := newLineReader(r, s.cfg.MaxLineBytes)
	dec := NewDecoder(s.cfg.Encoding)
	var in Info
	for {
		b, n, err := lr.next()
		if err != nil {
			s.readerEnd(err)
			return
		}
		text := dec.Decode(b)
		if dec.SawShiftJIS() && !s.sawSJIS.Load() {
			s.sawSJIS.Store(true)
			s.note("the engine writes Shift_JIS: reading and writing it so")
		}
		s.log.add(Received, text, n)
		if n > len(b) {
			continue // a cut line is logged, never parsed
		}
		s.dispatch(text, &in)
	}
}

func (s *Session) readerEnd(err error) {
	if s.stderrDone != nil {
		// The engine's last words (an abort message) come on stderr, which
		// ends at about the same time: give them a moment to arrive for the error.
		select {
		case <-s.stderrDone:
		case <-time.After(200 * time.Millisecond):
		}
	}
	s.mu.Lock()
	if s.deadErr != nil {
		s.mu.Unlock()
		return
	}
	var e *Error
	var under error
	if err != io.EOF {
		under = err
	}
	if s.quitting {
		e = s.errorLocked(ErrClosed, AwaitNothing, 0, under, "the engine quit")
	} else {
		e = s.errorLocked(ErrEOF, s.awaitingLocked(), 0, under, "")
	}
	s.failLocked(e)
	clean := s.quitting
	s.mu.Unlock()
	if !clean {
		s.kill()
	}
}

func (s *Session) drainStderr(r io.Reader) {
	defer close(s.stderrDone)
	lr := newLineReader(r, s.cfg.MaxLineBytes)
	dec := NewDecoder(s.cfg.Encoding)
	for {
		b, n, err := lr.next()
		if err != nil {
			return
		}
		s.log.add(Stderr, dec.Decode(b), n)
	}
}

// LogStderr puts one line of the engine's stderr (without its line ending) into
// the protocol log, decoded as the session decodes stdout (see Decoder), for an
// engine layer that drains stderr itself instead of passing Config.Stderr. Errors
// quote these lines as the stderr tail unless Config.StderrTail is set.
func (s *Session) LogStderr(line []byte) {
	s.stderrMu.Lock()
	if s.stderrDec == nil {
		s.stderrDec = NewDecoder(s.cfg.Encoding)
	}
	text := s.stderrDec.Decode(line)
	s.stderrMu.Unlock()
	s.log.add(Stderr, text, len(line))
}

// dispatch acts on one line from the engine. It runs on the reader goroutine.
func (s *Session) dispatch(text string, in *Info) {
	switch Classify(text) {
	case KindInfo:
		if in.Parse(text) == nil {
			s.onInfo(in)
		}
	case KindBestMove:
		bm, err := ParseBestMove(text)
		if err != nil {
			s.note("unreadable bestmove line: %v", err)
			return
		}
		s.onBestMove(bm)
	case KindCheckmate:
		cm, err := ParseCheckmate(text)
		if err != nil {
			s.note("unreadable checkmate line: %v", err)
			return
		}
		s.onCheckmate(cm, text)
	case KindUSIOK:
		s.mu.Lock()
		if s.state == StateWaitingUSIOK {
			s.state = StateNotReady
			close(s.usiok)
			s.bump()
		}
		s.mu.Unlock()
	case KindReadyOK:
		s.mu.Lock()
		if s.readyok != nil {
			close(s.readyok)
			s.readyok = nil
			if s.state == StateWaitingReadyOK {
				s.state = StateReady
				// a setoption made while isready was out goes now, before any go;
				// the engine is then not ready again and the next Go sends isready
				s.flushOptionsLocked()
			}
			s.bump()
		}
		s.mu.Unlock()
	case KindID:
		id, err := parseID(text)
		if err != nil {
			return
		}
		s.mu.Lock()
		if id.Field == "name" && id.Value != "" {
			s.info.Name = id.Value
			s.info.NameSent = true
		} else if id.Field == "author" {
			s.info.Author = id.Value
		}
		s.bump()
		s.mu.Unlock()
	case KindOption:
		o, err := ParseOption(text)
		if err != nil {
			s.note("unreadable option line: %v", err)
			return
		}
		if len(o.Problems) > 0 {
			s.note("option %q: %s", o.Name, strings.Join(o.Problems, "; "))
		}
		s.mu.Lock()
		s.addOptionLocked(o)
		s.mu.Unlock()
	case KindCopyProtection, KindRegistration:
		_, i := nextToken(text, 0)
		status := trimSpace(text[i:])
		s.mu.Lock()
		if Classify(text) == KindCopyProtection {
			s.info.CopyProtection = status
		} else {
			s.info.Registration = status
			if status == "error" {
				r := Register{Later: true}
				if s.cfg.Register != nil {
					r = *s.cfg.Register
				}
				s.sendLocked(r)
			}
		}
		s.bump()
		s.mu.Unlock()
	}
}

func (s *Session) addOptionLocked(o Option) {
	for i := range s.info.Options {
		if s.info.Options[i].Name == o.Name {
			s.info.Options[i] = o
			return
		}
	}
	s.info.Options = append(s.info.Options, o)
}

func (s *Session) onInfo(in *Info) {
	s.mu.Lock()
	sr := s.cur
	if sr == nil || sr.discard {
		// Idle chatter (YaneuraOu reports loading in info string) is kept as the
		// message; anything from a search being replaced is dropped.
		if sr == nil && in.Has(HasString) {
			s.fold.message = in.String
			s.bump()
		}
		s.mu.Unlock()
		return
	}
	s.fold.apply(in)
	s.bump()
	s.mu.Unlock()
}

// finishSearchLocked takes the running search off the engine when its answer
// arrives, and returns it (nil if none was running).
func (s *Session) finishSearchLocked() *Search {
	sr := s.cur
	if sr == nil {
		return nil
	}
	s.cur = nil
	sr.stopTimers()
	switch s.state {
	case StateSearching, StatePondering, StateMateSearching, StateStopping:
		s.state = StateReady
	}
	s.flushOptionsLocked()
	return sr
}

func (s *Session) onBestMove(bm BestMove) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sr := s.finishSearchLocked()
	if sr == nil {
		s.note("bestmove %q with no search running: ignored", bm.Move)
		return
	}
	defer s.bump()
	if sr.discard {
		s.note("discarded the bestmove of replaced search %d: %q", sr.ID, bm.Move)
		s.discardLocked(sr, "replaced by a new search")
		return
	}
	if sr.Mode == ModePonder && !sr.ponderHit {
		// An early bestmove while pondering: keep it for ponderhit, drop it on a miss.
		b := bm
		sr.early = &b
		s.held = sr
		s.note("bestmove %q came while pondering: kept for ponderhit", bm.Move)
		return
	}
	res, err := s.judgeBestMove(sr, bm)
	res.Early = sr.Mode == ModeInfinite && !sr.stopSent
	s.fold.result = &res
	sr.finish(res, err)
}

// judgeBestMove checks the engine's move (and ponder move) against the position searched.
func (s *Session) judgeBestMove(sr *Search, bm BestMove) (Result, error) {
	res := Result{SearchID: sr.ID, Text: bm, Resign: bm.Resign, Win: bm.Win, Stopped: sr.stopSent, Elapsed: time.Since(sr.started)}
	if bm.Resign || bm.Win {
		return res, nil
	}
	m, err := sr.root.ParseMove(bm.Move)
	if err != nil {
		e := s.errorLocked(ErrIllegalMove, AwaitNothing, 0, nil, fmt.Sprintf("bestmove %q in position %q: %v", bm.Move, sr.rootSFEN, err))
		s.note("%v", e.Detail)
		return res, e
	}
	res.BestMove = m
	if bm.Ponder != "" {
		if p, err := sr.root.Play(m).ParseMove(bm.Ponder); err == nil {
			res.Ponder = p
		} else {
			res.PonderIllegal = err.Error()
			s.note("ponder move %q dropped: %v", bm.Ponder, err)
		}
	}
	return res, nil
}

func (s *Session) onCheckmate(cm Checkmate, text string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cur == nil || s.cur.Mode != ModeMate {
		s.note("%q with no mate search running: ignored", clip(text, 80))
		return
	}
	sr := s.finishSearchLocked()
	defer s.bump()
	if sr.discard {
		s.note("discarded the answer of replaced mate search %d", sr.ID)
		s.discardLocked(sr, "replaced by a new search")
		return
	}
	mr := &MateResult{Status: cm.Status, Text: cm.Moves}
	res := Result{SearchID: sr.ID, Mate: mr, Stopped: sr.stopSent, Elapsed: time.Since(sr.started)}
	var err error
	if cm.Status == Mate {
		p := sr.root.Clone()
		for i, t := range cm.Moves {
			m, merr := p.ParseMove(t)
			if merr != nil {
				err = s.errorLocked(ErrIllegalMove, AwaitNothing, 0, nil,
					fmt.Sprintf("checkmate move %d %q in position %q: %v", i+1, t, sr.rootSFEN, merr))
				break
			}
			mr.Moves = append(mr.Moves, m)
			p.Do(m)
		}
		// tsume solvers leave futile interpositions (無駄合) out of their lines, as
		// tsume solutions are written: such a line ends in mate by that convention
		if err == nil && !p.IsMateOmittingFutile() {
			err = s.errorLocked(ErrProtocol, AwaitNothing, 0, nil,
				fmt.Sprintf("checkmate line %q from %q does not end in mate", strings.Join(cm.Moves, " "), sr.rootSFEN))
		}
	}
	if sr.pastDeadline && (cm.Status != Mate || err != nil) {
		// Our own deadline passed: what the engine says now (a late nomate, a
		// timeout, a bad line) is reported as a timeout, never as a proof.
		mr.EngineSaid = text
		mr.Status, mr.Moves, mr.Text, err = MateTimeout, nil, nil, nil
	}
	if err != nil {
		s.note("%v", err.(*Error).Detail)
	}
	s.fold.result = &res
	sr.finish(res, err)
}

// Go starts a search on pos: "position …" then "go …". If a search is running,
// it first sends one stop and discards that search's bestmove and info (the old
// search's Wait returns ErrDiscarded). Every move of pos is checked first; a
// position with an illegal move is refused, never sent. Go sends isready first if
// the engine is not ready.
//
// A search with a time limit (a Clock or MoveTime) that runs past the limit plus
// Timeouts.Grace is stopped by the session; an engine that then sends no bestmove
// within Timeouts.Stop is wedged, and the session ends with an ErrTimeout.
func (s *Session) Go(ctx context.Context, pos Position, g Go) (*Search, error) {
	mode := ModeNormal
	switch {
	case g.Ponder:
		mode = ModePonder
	case g.Infinite:
		mode = ModeInfinite
	}
	return s.start(ctx, pos, g, mode)
}

// GoMate starts a mate search ("go mate <limit>", or "go mate infinite" for 0).
// The answer is a checkmate line, nomate, timeout or notimplemented (Fairy-Stockfish
// answers bestmove instead, which Result gives as BestMove). The session keeps its
// own deadline (limit + Timeouts.Grace): then it sends stop, and whatever the engine
// says after that, other than a checked mating line, is reported as MateTimeout.
func (s *Session) GoMate(ctx context.Context, pos Position, limit time.Duration) (*Search, error) {
	return s.start(ctx, pos, GoMate{Limit: limit}, ModeMate)
}

func (s *Session) start(ctx context.Context, pos Position, cmd Command, mode SearchMode) (*Search, error) {
	if _, err := cmd.AppendTo(nil); err != nil {
		return nil, fmt.Errorf("usiclient: engine %q: %w", s.Name(), err)
	}
	if _, err := pos.AppendTo(nil); err != nil {
		return nil, fmt.Errorf("usiclient: engine %q: %w", s.Name(), err)
	}
	root, err := pos.Board()
	if err != nil {
		return nil, fmt.Errorf("usiclient: engine %q: refusing to send %s: %w", s.Name(), clip(pos.String(), 200), err)
	}
	s.opMu.Lock()
	defer s.opMu.Unlock()
	if err := s.settle(ctx); err != nil {
		return nil, err
	}
	if err := s.ensureReady(ctx); err != nil {
		return nil, err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state != StateReady {
		if s.deadErr != nil {
			return nil, s.deadErr
		}
		return nil, s.errorLocked(ErrState, AwaitNothing, 0, nil, fmt.Sprintf("cannot start a search while %s", s.state))
	}
	s.searchSeq++
	sr := &Search{
		ID:       s.searchSeq,
		Mode:     mode,
		root:     root,
		rootSFEN: root.SFEN(),
		cmd:      cmd,
		done:     make(chan struct{}),
		s:        s,
	}
	if err := s.sendLocked(pos); err != nil {
		return nil, err
	}
	if err := s.sendLocked(cmd); err != nil {
		return nil, err
	}
	sr.started = time.Now()
	s.cur = sr
	switch mode {
	case ModePonder:
		s.state = StatePondering
	case ModeMate:
		s.state = StateMateSearching
	default:
		s.state = StateSearching
	}
	s.fold.reset(sr)
	s.armDeadlineLocked(sr)
	s.bump()
	return sr, nil
}

// armDeadlineLocked starts the session's own clock on a search with a time limit.
func (s *Session) armDeadlineLocked(sr *Search) {
	var budget time.Duration
	switch c := sr.cmd.(type) {
	case GoMate:
		budget = c.Limit
	case Go:
		if (sr.Mode == ModePonder && !sr.ponderHit) || c.Infinite {
			return // no limit until ponderhit, or at all
		}
		if c.MoveTime > 0 {
			budget = c.MoveTime
		} else if c.Clock != nil {
			budget = c.Clock.Budget(sr.root.SideToMove())
		} else {
			return // depth or nodes: the caller's context bounds it
		}
	}
	if budget <= 0 && sr.Mode == ModeMate {
		return // go mate infinite
	}
	deadline := budget + s.to.Grace
	sr.deadline = time.AfterFunc(deadline, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if s.cur != sr || sr.stopSent {
			return
		}
		sr.pastDeadline = true
		s.note("no answer within %s (limit %s + grace %s): sending stop", roundDuration(deadline), budget, s.to.Grace)
		s.sendStopLocked(sr)
	})
}
