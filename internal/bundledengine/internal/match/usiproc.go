// Package match plays games between USI engines run as child processes: the strength
// tests of the bundled engine against the Debian engines (fairy-stockfish, gpsusi).
package match

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// Engine is a USI engine running as a child process, driven over its stdin and stdout.
type Engine struct {
	Name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
	mu    sync.Mutex
	tail  []string // the last lines, for error messages
}

// Start runs path with args and extra environment, and waits for usiok.
func Start(name, path string, env []string, args ...string) (*Engine, error) {
	cmd := exec.Command(path, args...)
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	e := &Engine{Name: name, cmd: cmd, in: in, lines: make(chan string, 4096)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64*1024), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	if err := e.Send("usi"); err != nil {
		e.Kill()
		return nil, err
	}
	if _, _, err := e.Expect("usiok", 10*time.Second); err != nil {
		e.Kill()
		return nil, err
	}
	return e, nil
}

// Send writes one command.
func (e *Engine) Send(cmd string) error {
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		return fmt.Errorf("%s: sending %q: %w", e.Name, cmd, err)
	}
	return nil
}

// Expect reads lines until one starts with prefix; it returns that line, the lines before,
// and an error on timeout or end of output.
func (e *Engine) Expect(prefix string, d time.Duration) (string, []string, error) {
	var before []string
	timeout := time.After(d)
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return "", before, fmt.Errorf("%s: output ended waiting for %q (last lines %q)", e.Name, prefix, e.lastLines())
			}
			e.remember(l)
			if strings.HasPrefix(l, prefix) {
				return l, before, nil
			}
			before = append(before, l)
		case <-timeout:
			return "", before, fmt.Errorf("%s: no %q within %v (last lines %q)", e.Name, prefix, d, e.lastLines())
		}
	}
}

func (e *Engine) remember(l string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.tail = append(e.tail, l)
	if len(e.tail) > 5 {
		e.tail = e.tail[1:]
	}
}

func (e *Engine) lastLines() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.tail...)
}

// Ready sends isready and waits for readyok.
func (e *Engine) Ready() error {
	if err := e.Send("isready"); err != nil {
		return err
	}
	_, _, err := e.Expect("readyok", 30*time.Second)
	return err
}

// Quit asks the engine to leave and kills it if it does not.
func (e *Engine) Quit() {
	e.Send("quit")
	done := make(chan struct{})
	go func() { e.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		e.Kill()
		<-done
	}
}

// Kill ends the process at once.
func (e *Engine) Kill() {
	if e.cmd.Process != nil {
		e.cmd.Process.Kill()
	}
}
