package usiclient

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// Direction says where a log line went or came from.
type Direction uint8

// The directions of a protocol log line.
const (
	Sent     Direction = iota // GUI → engine (stdin)
	Received                  // engine → GUI (stdout)
	Stderr                    // the engine's stderr, when the Session drains it
	Note                      // something the Session did or noticed (a timeout, a discarded bestmove)
)

func (d Direction) String() string {
	switch d {
	case Sent:
		return ">"
	case Received:
		return "<"
	case Stderr:
		return "!"
	}
	return "#"
}

// LogLine is one line of the protocol log.
type LogLine struct {
	Seq  uint64 // 1, 2, 3, … across the session; a gap means lines fell out of the ring
	Time time.Time
	Dir  Direction
	Text string
	// Bytes is the line's length as received. It is larger than len(Text) when
	// the line was cut (at Config.MaxLineBytes when read, or at
	// Config.MaxLogLineBytes when stored).
	Bytes int
}

func (l LogLine) String() string {
	s := l.Dir.String() + " " + l.Text
	if l.Bytes > len(l.Text) {
		s += fmt.Sprintf(" …(cut, %d bytes)", l.Bytes)
	}
	return s
}

// logRing keeps the last lines sent and received: a bounded log for the protocol
// log window and for error messages.
type logRing struct {
	mu      sync.Mutex
	lines   []LogLine
	next    uint64 // Seq of the next line
	maxText int
}

func newLogRing(n, maxText int) *logRing {
	if n <= 0 {
		n = 1
	}
	return &logRing{lines: make([]LogLine, n), next: 1, maxText: maxText}
}

func (r *logRing) add(dir Direction, text string, size int) {
	if size < len(text) {
		size = len(text)
	}
	if r.maxText > 0 && len(text) > r.maxText {
		cut := r.maxText
		for cut > 0 && text[cut]&0xC0 == 0x80 {
			cut--
		}
		text = strings.Clone(text[:cut]) // don't keep the whole long line alive
	}
	now := time.Now()
	r.mu.Lock()
	seq := r.next
	r.next++
	r.lines[seq%uint64(len(r.lines))] = LogLine{Seq: seq, Time: now, Dir: dir, Text: text, Bytes: size}
	r.mu.Unlock()
}

// since returns the lines with Seq > seq still in the ring, oldest first.
func (r *logRing) since(seq uint64) []LogLine {
	r.mu.Lock()
	defer r.mu.Unlock()
	first := uint64(1)
	if n := uint64(len(r.lines)); r.next > n {
		first = r.next - n
	}
	if seq+1 > first {
		first = seq + 1
	}
	if first >= r.next {
		return nil
	}
	out := make([]LogLine, 0, r.next-first)
	for s := first; s < r.next; s++ {
		out = append(out, r.lines[s%uint64(len(r.lines))])
	}
	return out
}

// last returns the texts of the last n lines in the given direction, oldest first.
func (r *logRing) last(dir Direction, n int) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var out []string
	size := uint64(len(r.lines))
	for s := r.next - 1; s >= 1 && r.next-s <= size && len(out) < n; s-- {
		if l := r.lines[s%size]; l.Dir == dir {
			out = append(out, clip(l.Text, 200))
		}
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}
