package engine

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"banmen/usiclient"
)

// Running is an engine that is running: its definition, its process and the USI
// session over its pipes. It notices the engine's death at any moment and reports it
// as a *Failure.
type Running struct {
	Def     Definition
	Proc    *Process
	Session *usiclient.Session
	opts    StartOptions

	closing  chan struct{} // closed when Close starts: a death after that is expected
	died     chan struct{} // closed when the engine died unexpectedly
	ended    chan struct{} // closed when the process has exited and the session ended
	mu       sync.Mutex
	failure  *Failure
	warnings []string
	once     sync.Once
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

// Failure is what the UI shows when an engine dies or times out: which engine, what
// it was doing, how its process ended, its last protocol lines and its stderr tail.
type Failure struct {
	Engine     string
	Doing      string // "starting", "searching", "pondering", "waiting for readyok", …
	Exit       string // "exit status 1", "killed by signal 11", "running" (killed by us after a timeout)
	LastLines  []string
	StderrTail []string
	Err        error
}

func (f *Failure) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "engine %q failed while %s", f.Engine, f.Doing)
	if f.Exit != "" && f.Exit != "running" {
		fmt.Fprintf(&b, " (%s)", f.Exit)
	}
	if f.Err != nil {
		fmt.Fprintf(&b, ": %v", f.Err)
	}
	var ue *usiclient.Error
	if len(f.StderrTail) > 0 && !(errors.As(f.Err, &ue) && len(ue.Stderr) > 0) {
		fmt.Fprintf(&b, "; stderr: %q", strings.Join(lastN(f.StderrTail, 5), " | "))
	}
	return b.String()
}

func (f *Failure) Unwrap() error { return f.Err }

func lastN(s []string, n int) []string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
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
	sess := usiclient.NewSession(proc.Stdout, proc.Stdin, usiclient.Config{
		Name:       def.Name,
		Timeouts:   to,
		Encoding:   encodingOf(&def),
		StderrTail: proc.Stderr.Lines,
		Kill:       func() error { proc.Kill(); return nil },
	})
	r := &Running{Def: def, Proc: proc, Session: sess, opts: opts,
		closing: make(chan struct{}), died: make(chan struct{}), ended: make(chan struct{})}
	go r.watch()
	return r, nil
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
	info, err := r.Session.Handshake(ctx)
	if err != nil {
		return err
	}
	// what the engine declares now is what we send to
	r.Def.Options = info.Options
	if r.Def.HashMB > 0 {
		if err := r.setOption(&info, r.Def.HashOptionName(), strconv.Itoa(r.Def.HashMB)); err != nil {
			return err
		}
	}
	if err := r.setOption(&info, r.Def.PonderOptionName(), strconv.FormatBool(r.opts.Ponder)); err != nil {
		return err
	}
	for _, o := range info.Options {
		v, set := r.Def.Values[o.Name]
		if !set || o.Type == usiclient.OptionButton {
			continue // defaults stay the engine's own; buttons are pressed live
		}
		if err := r.setOption(&info, o.Name, v); err != nil {
			return err
		}
	}
	return r.Session.Ready(ctx)
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
	return r.Session.SetOption(name, value)
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
	case <-r.Proc.Done():
	case <-r.Session.Done():
	}
	// what the engine was doing: the state before the session ended, never "closed"
	doing := doingFromState(r.Session.LastState())
	select {
	case <-r.closing:
	default:
		// the engine went away on its own, or stopped answering and was killed
		if !r.Proc.Wait(2 * time.Second) {
			r.Proc.Kill()
			r.Proc.Wait(2 * time.Second)
		}
		f := r.failureFrom(doing, r.Session.Err())
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
	<-r.Proc.Done()
	<-r.Session.Done()
	close(r.ended)
}

func (r *Running) failureFrom(doing string, err error) *Failure {
	f := &Failure{Engine: r.Def.Name, Doing: doing, Exit: r.Proc.ExitDescription(), StderrTail: r.Proc.Stderr.Lines(), Err: err}
	var ue *usiclient.Error
	if errors.As(err, &ue) && ue.Waiting != usiclient.AwaitNothing {
		f.Doing = doingFromWaiting(ue.Waiting)
	}
	// the last lines both ways: what was sent matters as much as what came back
	log := r.Session.Log()
	if len(log) > 12 {
		log = log[len(log)-12:]
	}
	for _, l := range log {
		f.LastLines = append(f.LastLines, l.String())
	}
	return f
}

// doingFromState says in words what an engine was doing in a session state.
func doingFromState(st usiclient.State) string {
	switch st {
	case usiclient.StateNew, usiclient.StateWaitingUSIOK:
		return "starting"
	case usiclient.StateNotReady, usiclient.StateReady:
		return "idle"
	case usiclient.StateWaitingReadyOK:
		return "getting ready (waiting for readyok)"
	case usiclient.StateSearching:
		return "searching"
	case usiclient.StatePondering:
		return "pondering"
	case usiclient.StateMateSearching:
		return "searching for a mate"
	case usiclient.StateStopping:
		return "stopping a search"
	case usiclient.StateQuitting:
		return "quitting"
	}
	return st.String()
}

// doingFromWaiting says in words what an engine was doing while the session waited for a reply.
func doingFromWaiting(waiting usiclient.Awaiting) string {
	switch waiting {
	case usiclient.AwaitUSIOK:
		return "starting (waiting for usiok)"
	case usiclient.AwaitReadyOK:
		return "getting ready (waiting for readyok)"
	case usiclient.AwaitBestmoveAfterStop, usiclient.AwaitCheckmateAfterStop:
		return "stopping a search"
	case usiclient.AwaitBestmove, usiclient.AwaitBestmovePondering:
		return "searching"
	case usiclient.AwaitCheckmate:
		return "searching for a mate"
	case usiclient.AwaitExitAfterQuit:
		return "quitting"
	}
	return "waiting for " + waiting.String()
}

// Died is closed when the engine died or stopped answering without being asked to quit.
func (r *Running) Died() <-chan struct{} { return r.died }

// Alive reports whether the engine still runs and talks: its session has not ended,
// its process has not exited and no failure was recorded.
func (r *Running) Alive() bool {
	return r.Session.Err() == nil && !r.Proc.Exited() && r.Failure() == nil
}

// Failure returns why the engine died (nil while it runs or after a normal Close).
func (r *Running) Failure() *Failure {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.failure
}

func (r *Running) kill() {
	r.once.Do(func() { close(r.closing) })
	r.Session.Close()
	r.Proc.Kill()
	<-r.ended
}

// Close ends the engine: stop if it is searching, quit, wait for it to exit, then kill
// its process group. It returns when the process is gone; ctx bounds the polite part.
func (r *Running) Close(ctx context.Context) error {
	r.once.Do(func() { close(r.closing) })
	err := r.Session.Quit(ctx)
	if !r.Proc.Wait(r.quitWait()) {
		r.Proc.Kill()
	}
	r.Session.Close()
	<-r.ended
	if err != nil {
		var ue *usiclient.Error
		if errors.As(err, &ue) && errors.Is(err, usiclient.ErrTimeout) {
			// it ignored quit and was killed: worth saying, not worth failing
			return fmt.Errorf("engine %q ignored quit and was killed", r.Def.Name)
		}
	}
	return nil
}

func (r *Running) quitWait() time.Duration {
	return time.Duration(float64(2*time.Second) * r.Def.Scale())
}

// Restart starts the same engine again with the same settings (after a failure).
func (r *Running) Restart(ctx context.Context) (*Running, error) {
	r.kill()
	return Start(ctx, r.Def, r.opts)
}
