package engine

import (
	"bytes"
	"strings"
	"sync"
)

// Ring keeps the last lines written to it (an engine's stderr), bounded in count
// and in line length, so that an engine that floods stderr costs fixed memory.
// It is an io.Writer safe for concurrent use.
type Ring struct {
	mu      sync.Mutex
	lines   []string
	next    int
	full    bool
	partial []byte
	maxLine int
	dropped int
}

// NewRing keeps the last n lines, each cut to maxLine bytes.
func NewRing(n, maxLine int) *Ring {
	return &Ring{lines: make([]string, n), maxLine: maxLine}
}

func (r *Ring) Write(p []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := len(p)
	for len(p) > 0 {
		i := bytes.IndexAny(p, "\r\n")
		if i < 0 {
			r.appendPartial(p)
			break
		}
		r.appendPartial(p[:i])
		r.push()
		p = p[i+1:]
	}
	return n, nil
}

func (r *Ring) appendPartial(p []byte) {
	room := r.maxLine - len(r.partial)
	if room <= 0 {
		return
	}
	if len(p) > room {
		p = p[:room]
	}
	r.partial = append(r.partial, p...)
}

func (r *Ring) push() {
	line := string(r.partial)
	r.partial = r.partial[:0]
	if line == "" {
		return
	}
	if r.full {
		r.dropped++
	}
	r.lines[r.next] = line
	r.next++
	if r.next == len(r.lines) {
		r.next = 0
		r.full = true
	}
}

// Lines returns the kept lines, oldest first, including an unfinished last line.
func (r *Ring) Lines() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	if r.full {
		out = append(out, r.lines[r.next:]...)
	}
	out = append(out, r.lines[:r.next]...)
	if len(r.partial) > 0 {
		out = append(out, string(r.partial))
	}
	return out
}

// Tail returns the last n lines joined by newlines.
func (r *Ring) Tail(n int) string {
	l := r.Lines()
	if len(l) > n {
		l = l[len(l)-n:]
	}
	return strings.Join(l, "\n")
}
