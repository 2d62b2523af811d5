package ui

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"banmen/engine"
	"banmen/usiclient"
)

// fakeWire is a session whose engine is the test: it reads what the session sends and
// writes what the engine says.
type fakeWire struct {
	sess *usiclient.Session
	out  io.WriteCloser // the engine's stdout
	in   *bufio.Reader  // the engine's stdin
}

// source is the wire's session as a log window's source: alive until the session ends.
func (w *fakeWire) source() logSource { return wireSource{w.sess} }

type wireSource struct{ *usiclient.Session }

func (w wireSource) Alive() bool { return w.Err() == nil }

func newFakeWire(t *testing.T) *fakeWire {
	t.Helper()
	engineIn, toEngine := io.Pipe()
	fromEngine, engineOut := io.Pipe()
	s := usiclient.NewSession(fromEngine, toEngine, usiclient.Config{Name: "fake"})
	t.Cleanup(func() { engineOut.Close(); s.Close(); engineIn.Close() })
	return &fakeWire{sess: s, out: engineOut, in: bufio.NewReader(engineIn)}
}

// maxBatch records the most lines one LogSince handed the window.
type maxBatch struct {
	logSource
	mu  sync.Mutex
	max int
}

// largest is the most lines one LogSince handed the window so far (the window's poll may
// still be asking).
func (m *maxBatch) largest() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.max
}

func (m *maxBatch) LogSince(seq uint64) []usiclient.LogLine {
	l := m.logSource.LogSince(seq)
	m.mu.Lock()
	m.max = max(m.max, len(l))
	m.mu.Unlock()
	return l
}

func newLogWindow(t *testing.T, src logSource, d FileDialogs) (*protocolLog, fyneQueue) {
	t.Helper()
	a := newTestApp(t, ThemeLight)
	win := a.NewWindow("log")
	q := make(fyneQueue, 4)
	p := newProtocolLog(win, src, roomTextFor(English), d, a.Clipboard(), func(f func()) { go f() }, q.post)
	t.Cleanup(func() {
		p.close()
		win.Close()
	})
	return p, q
}

func (p *protocolLog) shownLines() []string {
	return strings.Split(strings.TrimSuffix(p.shownText(), "\n"), "\n")
}

func TestProtocolLogShowsBothWaysFiltersCopiesSavesAndSends(t *testing.T) {
	w := newFakeWire(t)
	d := &stubDialogs{}
	p, q := newLogWindow(t, w.source(), d)
	got := make(chan string, 4)
	go func() {
		for {
			line, err := w.in.ReadString('\n')
			if err != nil {
				return
			}
			got <- line
		}
	}()
	test.Type(p.cmd, "usi")
	test.Tap(p.send)
	if line := <-got; line != "usi\n" {
		t.Fatalf("the engine read %q", line)
	}
	if p.cmd.Text != "" {
		t.Errorf("the command line keeps %q after sending", p.cmd.Text)
	}
	fmt.Fprint(w.out, "id name fake\nid author nobody\nusiok\n")
	q.runUntil(t, "the engine's answer in the log", func() bool { return strings.HasSuffix(p.shownText(), "< usiok\n") })
	lines := p.shownLines()
	if len(lines) != 4 || !strings.HasSuffix(lines[0], " > usi") || !strings.HasSuffix(lines[1], " < id name fake") {
		t.Errorf("shown:\n%s", p.shownText())
	}
	if _, err := fmt.Sscanf(lines[0][:12], "%d:%d:%d.", new(int), new(int), new(int)); err != nil {
		t.Errorf("no timestamp in %q", lines[0])
	}
	p.filter.SetText("ID ")
	if l := p.shownLines(); len(l) != 2 || len(p.view) != 2 {
		t.Errorf("filter 'ID ': %q", l)
	}
	test.Tap(p.copyB)
	if c := p.clip.Content(); strings.Count(c, "\n") != 2 || !strings.Contains(c, "< id author nobody") {
		t.Errorf("copied %q", c)
	}
	out := filepath.Join(t.TempDir(), "fake.log")
	d.save = out
	test.Tap(p.saveB)
	q.runUntil(t, "the saved log", func() bool { return strings.Contains(p.status.Text, out) })
	if data, err := os.ReadFile(out); err != nil || string(data) != p.shownText() {
		t.Errorf("saved %q, %v", data, err)
	}
	p.cmd.SetText("stop\nquit")
	test.Tap(p.send)
	if !strings.Contains(p.status.Text, "line break") {
		t.Errorf("a command with a line break: status %q", p.status.Text)
	}
}

// Under a flood of a million info lines the window keeps its last 10,000 at most, takes at
// most the session's ring in one go, counts what went by, and its memory stays flat.
func TestProtocolLogFloodIsBounded(t *testing.T) {
	const n = 1_000_000
	w := newFakeWire(t)
	src := &maxBatch{logSource: w.source()}
	p, q := newLogWindow(t, src, nil)
	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	done := make(chan error, 1)
	go func() {
		bw := bufio.NewWriterSize(w.out, 1<<16)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(bw, "info depth %d seldepth 30 score cp %d nodes %d nps 1000000 pv 7g7f 3c3d 2g2f\n", i%40, i%300, i)
		}
		done <- bw.Flush()
	}()
	finished := false
	q.runUntil(t, "the flood's last line in the window", func() bool {
		if !finished {
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
				finished = true
			default:
			}
		}
		k := p.ring.len()
		return finished && k > 0 && strings.Contains(p.ring.at(k-1).Text, fmt.Sprintf("nodes %d ", n))
	})
	if k := p.ring.len(); k > logLimit {
		t.Errorf("the window holds %d lines, more than %d", k, logLimit)
	}
	largest := src.largest()
	if largest > 2000 {
		t.Errorf("one poll handed the window %d lines, more than the session's ring of 2000", largest)
	}
	if p.dropped == 0 || p.last != n {
		t.Errorf("last seq %d (want %d), %d lines counted as gone by", p.last, n, p.dropped)
	}
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	grown := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("heap %d KB before, %d KB after %d lines (%d dropped between polls, largest poll %d lines)",
		before.HeapAlloc>>10, after.HeapAlloc>>10, n, p.dropped, largest)
	if grown > 32<<20 { // the lines themselves are ~90 MB
		t.Errorf("the heap grew by %d MB over the flood", grown>>20)
	}
}

// transcriptSource replays the timed lines of a transcript (copied from the shared corpus).
type transcriptSource struct{ lines []usiclient.LogLine }

func (s *transcriptSource) Name() string { return "Fairy-Stockfish" }
func (s *transcriptSource) LogSince(seq uint64) []usiclient.LogLine {
	if seq >= uint64(len(s.lines)) {
		return nil
	}
	return s.lines[seq:]
}
func (s *transcriptSource) SendRaw(string) error { return nil }
func (s *transcriptSource) Alive() bool          { return true }

// readTranscript reads "[  12.3 ms] > line" lines as log lines from a fixed start time.
func readTranscript(t *testing.T, path string, first, n int) *transcriptSource {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2026, 11, 22, 21, 10, 13, 0, time.UTC)
	src := &transcriptSource{}
	k := 0
	for _, l := range strings.Split(string(data), "\n") {
		var ms float64
		rest, ok := strings.CutPrefix(l, "[")
		if !ok {
			continue
		}
		head, text, ok := strings.Cut(rest, "] ")
		if !ok || len(text) < 2 {
			continue
		}
		if _, err := fmt.Sscanf(strings.TrimSpace(strings.TrimSuffix(head, "ms")), "%g", &ms); err != nil {
			continue
		}
		if k++; k < first {
			continue
		}
		dir := usiclient.Received
		if text[0] == '>' {
			dir = usiclient.Sent
		}
		src.lines = append(src.lines, usiclient.LogLine{Seq: uint64(len(src.lines) + 1), Dir: dir,
			Time: start.Add(time.Duration(ms * float64(time.Millisecond))), Text: strings.TrimSpace(text[1:])})
		if len(src.lines) == n {
			break
		}
	}
	return src
}

// The protocol log of a real conversation (fairy-stockfish's, from the shared corpus: the
// start of a search after the handshake), light and dark.
func TestProtocolLogLooks(t *testing.T) {
	for _, tc := range []struct {
		mode ThemeMode
		name string
	}{{ThemeLight, "protocollog_light.png"}, {ThemeDark, "protocollog_dark.png"}} {
		t.Run(tc.name, func(t *testing.T) {
			a := newTestApp(t, tc.mode)
			src := readTranscript(t, "testdata/options/fairy-stockfish-session.txt", 1, 20)
			win := test.NewTempWindow(t, nil)
			p := newProtocolLog(win, src, roomTextFor(Japanese), nil, a.Clipboard(), func(f func()) { go f() }, func(f func()) {})
			defer p.close()
			p.cmd.SetText("go infinite")
			win.Resize(fyne.NewSize(900, 520))
			assertMatchesMaster(t, tc.name, win.Canvas().Capture())
		})
	}
}

// 通信ログ… opens the log of an engine that has ended too (the last few are kept): its window
// says it ended and holds what was said to the end, the quit included. Before, with no engine
// running the menu said only that none was, and the log of a game's engine was gone with it.
func TestProtocolLogOfAnEndedEngine(t *testing.T) {
	w, q := gameWindow(t)
	r := startBundledEngine(t, w, q)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := r.Close(ctx); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, q, "the engine among the ended", func() bool {
		e := w.study.mgr.Ended()
		return len(e) > 0 && e[0] == r
	})
	if len(w.study.mgr.Running()) != 0 {
		t.Fatal("an engine still runs")
	}
	w.ProtocolLog()
	p := w.room.logs[r]
	if p == nil {
		t.Fatalf("通信ログ… opened no log of the ended engine (said %q)", w.lastShown.text)
	}
	txt, _ := w.roomText()
	if want := fmt.Sprintf(txt.ProtocolLogTitleF, fmt.Sprintf(txt.EndedF, r.Name())); p.win.Title() != want {
		t.Errorf("the window is titled %q, want %q", p.win.Title(), want)
	}
	checkEndedLog(t, p)
}

// A log window open while its engine ends says so: its title, and no command can be sent;
// the engine's last words are in it.
func TestProtocolLogSaysWhenItsEngineEnds(t *testing.T) {
	w, q := gameWindow(t)
	r := startBundledEngine(t, w, q)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	w.openProtocolLog(r)
	p := w.room.logs[r]
	txt, _ := w.roomText()
	if p.win.Title() != fmt.Sprintf(txt.ProtocolLogTitleF, r.Name()) || p.send.Disabled() {
		t.Fatalf("the log of a running engine is titled %q, send disabled %v", p.win.Title(), p.send.Disabled())
	}
	if err := r.Close(ctx); err != nil {
		t.Fatal(err)
	}
	ended := fmt.Sprintf(txt.ProtocolLogTitleF, fmt.Sprintf(txt.EndedF, r.Name()))
	waitUntil(t, q, "the window saying the engine ended", func() bool { return p.win.Title() == ended })
	checkEndedLog(t, p)
}

// startBundledEngine starts the bundled engine in w's engine manager.
func startBundledEngine(t *testing.T, w *MainWindow, q *uiQueue) *engine.Running {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r, err := w.study.mgr.Start(ctx, *bundledDef(t, w, q), engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// checkEndedLog checks the log window of an engine that has ended: no command can be sent,
// and it holds what was said to the end, the quit included; then closes it.
func checkEndedLog(t *testing.T, p *protocolLog) {
	t.Helper()
	if !p.cmd.Disabled() || !p.send.Disabled() {
		t.Error("the log of an ended engine offers to send it a command")
	}
	quit := false
	for i := 0; i < p.ring.len(); i++ {
		l := p.ring.at(i)
		quit = quit || l.Dir == usiclient.Sent && l.Text == "quit"
	}
	if !quit {
		t.Errorf("the ended engine's log lacks its quit (%d lines)", p.ring.len())
	}
	p.win.Close()
}
