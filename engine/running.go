package engine

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"time"

	"banmen/usiclient"
)

// Running is an engine that is running: a process and the USI session over its
// pipes. Callers talk to the engine through its methods (Go, Stop, Snapshot, …),
// never to the process or the session. It notices the engine's death at any moment
// and reports it as a *Failure that names how the process ended.
//
// The engine's stderr goes, line by line, to the session, which decodes it as it
// decodes stdout into the protocol log (Log): failures quote its last lines.
type Running struct {
	def     Definition
	proc    *Process
	session *usiclient.Session
	opts    StartOptions
	quit    time.Duration // how long Close gives the engine to quit

	closing chan struct{} // closed when Close starts: a death after that is expected
	died    chan struct{} // closed when the engine died unexpectedly
	ended   chan struct{} // closed when the process has exited and the session ended
	// closed when stderr reached its end
	stderrDone chan struct{}
	mu         sync.Mutex
	failure    *Failure
	warnings   []string
	once       sync.Once
}

// StartOptions are the settings of one session that are not stored with the engine.
type StartOptions struct {
	Ponder bool // sent as USI_Ponder (or Ponder)
	// OnFailure, if set, is called (on its own goroutine) when the engine dies or
	// stops answering unexpectedly.
	OnFailure func(*Failure)
	// Timeouts overrides the session's timeouts; Scale is multiplied by the engine's own scale.
	Timeouts usiclient.Timeouts
}

func encodingOf(d *Definition) usiclient.Encoding {
	switch d.Encoding {
	case EncodingUTF8:
		return usiclient.EncodingUTF8
	case EncodingShiftJIS:
		return usiclient.EncodingShiftJIS
	}
	return usiclient.EncodingAuto
}

// launch starts the process and a session on it, without talking to the engine.
func launch(def Definition, opts StartOptions) (*Running, error) {
	proc, err := StartProcess(def.Spec())
	if err != nil {
		return nil, &Failure{Engine: def.Name, Doing: "starting", Err: err}
	}
	to := opts.Timeouts
	if to.Scale <= 0 {
		to.Scale = 1
	}
	to.Scale *= def.Scale()
	quit := to.Quit
	if quit <= 0 {
		quit = usiclient.DefaultTimeouts().Quit
	}
	sess := usiclient.NewSession(proc.Stdout, proc.Stdin, usiclient.Config{
		Name:     def.Name,
		Timeouts: to,
		Encoding: encodingOf(&def),
		Kill: func() error {
			if proc.Exited() {
				return usiclient.ErrExited // it quit: the log says no kill
			}
			proc.Kill()
			return nil
		},
	})
	r := &Running{def: def, proc: proc, session: sess, opts: opts,
		quit:    time.Duration(float64(quit) * to.Scale),
		closing: make(chan struct{}), died: make(chan struct{}), ended: make(chan struct{}),
		stderrDone: make(chan struct{})}
	go r.drainStderr(proc.Stderr)
	go r.watch()
	return r, nil
}

// maxStderrLine is the longest stderr line kept; the rest of a longer line is dropped.
const maxStderrLine = 4096

// drainStderr hands each line of the engine's stderr to the session, which decodes it
// as it decodes stdout into the protocol log, where failures quote it. It reads on
// whatever the engine writes, so a chatty engine never blocks on stderr.
func (r *Running) drainStderr(stderr io.Reader) {
	defer close(r.stderrDone)
	br := bufio.NewReaderSize(stderr, maxStderrLine)
	for {
		line, err := br.ReadSlice('\n')
		if len(line) > 0 {
			r.session.LogStderr(bytes.TrimRight(line, "\r\n"))
		}
		for err == bufio.ErrBufferFull { // a line too long: skip the rest of it
			_, err = br.ReadSlice('\n')
		}
		if err != nil {
			return
		}
	}
}

// stderrRead waits (at most a moment: a stray child may hold stderr open) until the
// engine's last words on stderr are in the log.
func (r *Running) stderrRead() {
	select {
	case <-r.stderrDone:
	case <-time.After(500 * time.Millisecond):
	}
}

// Start runs an engine: starts its process, completes the USI handshake, sends the
// hash and ponder settings under the names the engine uses, then every saved option
// value, and waits for readyok. A setting that no longer fits the option the engine
// declares (the engine was updated and not probed again) is not sent: the engine
// keeps its own value, and Warnings says so. On failure the process is killed and
// the error is a *Failure.
func Start(ctx context.Context, def Definition, opts StartOptions) (*Running, error) {
	r, err := launch(def, opts)
	if err != nil {
		return nil, err
	}
	if err := r.handshake(ctx); err != nil {
		r.kill()
		return nil, r.failureFrom("starting", err)
	}
	return r, nil
}

func (r *Running) handshake(ctx context.Context) error {
	info, err := r.session.Handshake(ctx)
	if err != nil {
		return err
	}
	// what the engine declares now is what we send to
	r.def.Options = info.Options
	if r.def.HashMB > 0 {
		if err := r.setOption(&info, r.def.HashOptionName(), strconv.Itoa(r.def.HashMB)); err != nil {
			return err
		}
	}
	if err := r.setOption(&info, r.def.PonderOptionName(), strconv.FormatBool(r.opts.Ponder)); err != nil {
		return err
	}
	for _, o := range info.Options {
		v, set := r.def.Values[o.Name]
		if !set || o.Type == usiclient.OptionButton {
			continue // defaults stay the engine's own; buttons are pressed live
		}
		if err := r.setOption(&info, o.Name, v); err != nil {
			return err
		}
	}
	return r.session.Ready(ctx)
}

// setOption sends a setting at start. A value the engine's declared option refuses
// is skipped and noted in the warnings; the error is the session's (the engine is gone).
func (r *Running) setOption(info *usiclient.EngineInfo, name, value string) error {
	if o, ok := info.Option(name); ok && o.Type != usiclient.OptionButton {
		if err := o.Validate(value); err != nil {
			r.mu.Lock()
			r.warnings = append(r.warnings, fmt.Sprintf("%v: not sent, the engine keeps its own value", err))
			r.mu.Unlock()
			return nil
		}
	}
	return r.session.SetOption(name, value)
}

// Warnings lists the settings Start skipped because they no longer fit the options
// the engine declares (probe it again to update them); nil when all were sent.
func (r *Running) Warnings() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.warnings...)
}

// watch notices the end of the process or of the session.
func (r *Running) watch() {
	select {
	case <-r.proc.Done():
	case <-r.session.Done():
	}
	select {
	case <-r.closing:
	default:
		r.recordDeath()
	}
	<-r.proc.Done()
	<-r.session.Done()
	r.stderrRead()
	close(r.ended)
}

// recordDeath records the failure of an engine that went away on its own, or stopped
// answering and was killed: once its process has exited (killed after a few seconds)
// and its session has read the end of its output, so that the failure says both how
// the process ended and what the engine was doing.
func (r *Running) recordDeath() {
	if !r.proc.Wait(2 * time.Second) {
		r.proc.Kill()
		r.proc.Wait(2 * time.Second)
	}
	select {
	case <-r.session.Done():
	case <-time.After(2 * time.Second):
		r.session.Close() // a stray child holds its output open
	}
	r.stderrRead()
	// what the engine was doing: the state before the session ended, never "closed"
	f := r.failureFrom(doingFromState(r.session.LastState()), r.session.Err())
	if f.Err == nil {
		f.Err = errors.New("the engine exited")
	}
	r.mu.Lock()
	r.failure = f
	r.mu.Unlock()
	close(r.died)
	if r.opts.OnFailure != nil {
		go r.opts.OnFailure(f)
	}
}

func (r *Running) failureFrom(doing string, err error) *Failure {
	f := &Failure{Engine: r.def.Name, Doing: doing, Exit: r.proc.ExitDescription(), Err: err}
	var ue *usiclient.Error
	if errors.As(err, &ue) && ue.Waiting != usiclient.AwaitNothing {
		f.Doing = doingFromWaiting(ue.Waiting)
	}
	if ue, ok := err.(*usiclient.Error); ok && f.Exit != "running" {
		// the session saw only its pipes: say how the process ended in its error too
		f.Err = ue.WithExit(f.Exit)
	}
	// the last lines both ways (what was sent matters as much as what came back),
	// and apart from them the tail of stderr
	var proto []string
	for _, l := range r.session.Log() {
		if l.Dir == usiclient.Stderr {
			f.StderrTail = append(f.StderrTail, l.Text)
		} else {
			proto = append(proto, l.String())
		}
	}
	f.LastLines = lastN(proto, 12)
	f.StderrTail = lastN(f.StderrTail, 20)
	return f
}

// Died is closed when the engine died or stopped answering without being asked to quit.
func (r *Running) Died() <-chan struct{} { return r.died }

// Alive reports whether the engine still runs and talks: its session has not ended,
// its process has not exited and no failure was recorded.
func (r *Running) Alive() bool {
	return r.session.Err() == nil && !r.proc.Exited() && r.Failure() == nil
}

// Exited reports whether the engine's process has exited.
func (r *Running) Exited() bool { return r.proc.Exited() }

// Failure returns why the engine died (nil while it runs or after a normal Close).
func (r *Running) Failure() *Failure {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failure
}

func (r *Running) kill() {
	r.once.Do(func() { close(r.closing) })
	r.session.Close()
	r.proc.Kill()
	<-r.ended
}

// Close ends the engine: it stops a search, sends quit and gives the engine its quit
// timeout (Timeouts.Quit, 5 s by default, times the engine's timeout scale), or until
// ctx ends if that is sooner, to exit; then it kills its process group. It returns
// when the process is gone.
func (r *Running) Close(ctx context.Context) error {
	r.once.Do(func() { close(r.closing) })
	ctx, cancel := context.WithTimeout(ctx, r.quit)
	defer cancel()
	err := r.session.Quit(ctx)
	killed := false
	select {
	case <-r.proc.Done():
	case <-ctx.Done():
		if !r.proc.Exited() {
			r.proc.Kill() // its output ended, but it still runs
			killed = true
		}
	}
	r.session.Close()
	<-r.ended
	if killed || errors.Is(err, usiclient.ErrTimeout) || errors.Is(err, context.DeadlineExceeded) {
		// it ignored quit and was killed: worth saying, not worth failing
		return fmt.Errorf("engine %q ignored quit and was killed", r.def.Name)
	}
	return nil
}

// Restart starts the same engine again with the same settings (after a failure).
func (r *Running) Restart(ctx context.Context) (*Running, error) {
	r.kill()
	return Start(ctx, r.def, r.opts)
}

// Name is the engine's name as the user knows it (the registry's display name).
func (r *Running) Name() string { return r.def.Name }

// Definition returns the engine's definition, with the options it declared at start.
func (r *Running) Definition() Definition { return r.def }

// Info returns what the engine said about itself at start: its id and options.
func (r *Running) Info() usiclient.EngineInfo { return r.session.Info() }

// Search is one search of a running engine. Its Wait gives, when the engine died
// during the search, the engine's *Failure, which names how the process ended.
type Search struct {
	*usiclient.Search
	r *Running
}

// Wait waits for the answer (or ctx). When the engine went away, the error is its
// *Failure (errors.Is still finds the session's error kind in it).
func (s *Search) Wait(ctx context.Context) (usiclient.Result, error) {
	res, err := s.Search.Wait(ctx)
	return res, s.r.explain(err)
}

func (r *Running) search(sr *usiclient.Search, err error) (*Search, error) {
	if err != nil {
		return nil, r.explain(err)
	}
	return &Search{Search: sr, r: r}, nil
}

// explain turns the error of a session that ended because the engine went away
// into the engine's *Failure, once the watcher has seen how its process ended
// (it waits for the exit a few seconds at most, then kills it). Other errors, and
// the end of an engine being closed, are returned as they are.
func (r *Running) explain(err error) error {
	if err == nil || r.session.Err() == nil {
		return err
	}
	select {
	case <-r.died:
		return r.Failure()
	case <-r.ended:
		// closed by us: unless it died before Close
		if f := r.Failure(); f != nil {
			return f
		}
		return err
	}
}

// Go starts a search on pos; a search under way is stopped and its answer discarded.
func (r *Running) Go(ctx context.Context, pos usiclient.Position, g usiclient.Go) (*Search, error) {
	return r.search(r.session.Go(ctx, pos, g))
}

// GoMate starts a mate search on pos (limit 0: until stopped).
func (r *Running) GoMate(ctx context.Context, pos usiclient.Position, limit time.Duration) (*Search, error) {
	return r.search(r.session.GoMate(ctx, pos, limit))
}

// Stop stops the search under way, if any; its answer still comes to its Wait.
func (r *Running) Stop() { r.session.Stop() }

// PonderHit tells the engine the move it ponders on was played.
func (r *Running) PonderHit() error { return r.explain(r.session.PonderHit()) }

// NewGame sends usinewgame (after isready when needed).
func (r *Running) NewGame(ctx context.Context) error { return r.explain(r.session.NewGame(ctx)) }

// GameOver stops a search under way and sends gameover.
func (r *Running) GameOver(ctx context.Context, res usiclient.GameResult) error {
	return r.explain(r.session.GameOver(ctx, res))
}

// SetOption sets an option now (or before the next search, while one runs).
func (r *Running) SetOption(name, value string) error {
	return r.explain(r.session.SetOption(name, value))
}

// Snapshot returns what the engine thinks now: its lines and numbers for the last search.
func (r *Running) Snapshot() usiclient.Snapshot { return r.session.Snapshot() }

// Version changes whenever the snapshot changes: poll it, and take a Snapshot when it moved.
func (r *Running) Version() uint64 { return r.session.Version() }

// Log returns the protocol log: the lines sent, received, and on stderr, oldest first.
func (r *Running) Log() []usiclient.LogLine { return r.session.Log() }
