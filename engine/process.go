package engine

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"
)

// Spec says how to start an engine process.
type Spec struct {
	Path string   // the executable (a path, or a name looked up in PATH)
	Args []string // its arguments
	Dir  string   // working directory; "" means the executable's folder
	Env  []string // KEY=VALUE pairs added to the app's environment
}

// Process is a running engine: its pipes and its exit. Stdout and Stderr are read
// by the caller (a usiclient session reads both: stderr goes, decoded like stdout,
// into its protocol log); a caller must drain Stderr, or a chatty engine blocks on
// it. Stderr is closed a moment after the process exits, so that a stray child that
// still holds it open cannot keep its reader waiting.
type Process struct {
	Stdin  io.WriteCloser
	Stdout io.ReadCloser
	Stderr io.Reader

	cmd     *exec.Cmd
	guarded bool // runs under a guard (package banmen/internal/guard)
	path    string
	done    chan struct{}
	waitErr error
	once    sync.Once
}

// ErrNotExecutable is returned when the engine's file can't be run.
var ErrNotExecutable = errors.New("not an executable file")

// resolve finds the executable and the working directory of a spec.
func (s Spec) resolve() (path, dir string, err error) {
	if st, serr := os.Stat(s.Path); serr == nil && (st.IsDir() || st.Mode()&0o111 == 0) {
		return "", "", fmt.Errorf("cannot run %q: %w", s.Path, ErrNotExecutable)
	}
	path, err = exec.LookPath(s.Path)
	if err != nil {
		return "", "", fmt.Errorf("cannot run %q: %w", s.Path, err)
	}
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	dir = s.Dir
	if dir == "" {
		dir = filepath.Dir(path)
	}
	return path, dir, nil
}

// stderrLinger is how long stderr stays open after the process exited.
const stderrLinger = time.Second

// StartProcess starts the engine in its own process group. On Linux the engine runs
// under a guard (package banmen/internal/guard) that kills the engine and every process
// descended from it when the app dies, however it dies, and when the engine exits.
func StartProcess(s Spec) (*Process, error) {
	path, dir, err := s.resolve()
	if err != nil {
		return nil, err
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, err
	}
	cmd, guarded := newCommand(path, s.Args)
	cmd.Dir = dir
	// newCommand may have set the guard's marker: keep it last so it wins
	cmd.Env = append(append(os.Environ(), s.Env...), cmd.Env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = startCommand(cmd)
	// the child has its copies now
	inR.Close()
	outW.Close()
	errW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		errR.Close()
		return nil, fmt.Errorf("cannot start %q: %w", path, err)
	}
	p := &Process{
		Stdin:   inW,
		Stdout:  outR,
		Stderr:  errR,
		cmd:     cmd,
		guarded: guarded,
		path:    path,
		done:    make(chan struct{}),
	}
	go func() {
		p.waitErr = cmd.Wait()
		// anything the engine left behind in its group goes with it (the guard has
		// killed the rest of its tree already)
		killGroup(cmd)
		close(p.done)
		// the engine's last words on stderr are read by now, unless a stray child
		// still holds it open: don't let that keep the reader waiting
		time.AfterFunc(stderrLinger, func() { errR.Close() })
	}()
	return p, nil
}

// PID returns the process ID (of the guard, which leads the engine's process group, on Linux).
func (p *Process) PID() int { return p.cmd.Process.Pid }

// Path returns the resolved executable.
func (p *Process) Path() string { return p.path }

// Done is closed when the process has exited.
func (p *Process) Done() <-chan struct{} { return p.done }

// Exited reports whether the process has exited.
func (p *Process) Exited() bool {
	select {
	case <-p.done:
		return true
	default:
		return false
	}
}

// ExitDescription says how the process ended ("exit status 1", "killed by signal 9"),
// or "running".
func (p *Process) ExitDescription() string {
	if !p.Exited() {
		return "running"
	}
	return describeExit(p.cmd.ProcessState, p.waitErr)
}

// Kill kills the engine at once (SIGKILL), and every process descended from it.
func (p *Process) Kill() {
	p.once.Do(func() { p.Stdin.Close() })
	stop(p.cmd, p.guarded, p.done)
}

// Wait waits up to d for the process to exit and reports whether it did.
func (p *Process) Wait(d time.Duration) bool {
	select {
	case <-p.done:
		return true
	case <-time.After(d):
		return false
	}
}

// CloseStdin closes the engine's standard input (most engines quit on EOF).
func (p *Process) CloseStdin() { p.once.Do(func() { p.Stdin.Close() }) }
