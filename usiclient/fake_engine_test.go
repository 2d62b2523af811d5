package usiclient

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/text/encoding/japanese"

	"banmen/board"
)

// The fake engine is this test binary run again with USICLIENT_FAKE_ENGINE set to
// a comma-separated script: a real child process with real pipes, which can do on
// demand what real engines do now and then (crash, wedge, flood, speak Shift_JIS).
const fakeEnv = "USICLIENT_FAKE_ENGINE"

func TestMain(m *testing.M) {
	if script, ok := os.LookupEnv(fakeEnv); ok {
		os.Exit(runFake(script, os.Stdin, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// fakeScript is what the fake engine does. Flags (comma-separated, "key" or "key=value"):
//
//	silent          print a banner and never answer usi
//	usiok-delay=D   wait D before usiok
//	crash=STAGE     exit(3) on: usi, isready, setoption, go, ponder, mate, stop, ponderhit, quit;
//	                not-ready = exit 50ms after usiok; idle = exit 50ms after readyok
//	ignore-quit     keep running after quit
//	close-stdin     close stdin before usiok (writes to it then fail)
//	no-readyok      never answer isready
//	no-best-after-stop  answer stop with nothing (a wedged engine)
//	wedge           after go, answer nothing at all
//	early           answer go infinite and go ponder with bestmove at once
//	illegal-best    answer bestmove 5i5a
//	late-best       a timed go (or ponderhit) is answered only at stop
//	slow-mate       go mate is answered only at stop, with a false "checkmate nomate"
//	false-mate      go mate is answered with a checking move that does not mate
//	empty-mate      go mate is answered with "checkmate" and nothing after it
//	bad-pv          the pv of every info line has an illegal third move
//	multipv=N       send N ranks per depth
//	garbage         surround every answer with garbage and binary bytes
//	long-line       print a 1 MB line before usiok
//	sjis            name itself and an option in Shift_JIS
//	eol=cr|crlf     end lines with CR or CRLF
//	flood=N         answer go with N info lines, then bestmove
//	registration    report "registration error" after usiok and want register
//	best-after-readyok  answer isready with readyok and a stray "bestmove 9g9f" in one write
//	book-check      at isready read the BookFile set, and tell of it as YaneuraOu does (its
//	                lines: "read book file : F", "Error! : can't read file : F" when F is not there)
type fakeScript struct {
	flags map[string]string
}

func (f fakeScript) has(k string) bool   { _, ok := f.flags[k]; return ok }
func (f fakeScript) get(k string) string { return f.flags[k] }
func (f fakeScript) int(k string) int    { n, _ := strconv.Atoi(f.flags[k]); return n }

func parseScript(s string) fakeScript {
	f := fakeScript{flags: map[string]string{}}
	for _, kv := range strings.Split(s, ",") {
		if kv == "" {
			continue
		}
		k, v, _ := strings.Cut(kv, "=")
		f.flags[k] = v
	}
	return f
}

// fake is the running fake engine.
type fake struct {
	sc        fakeScript
	mu        sync.Mutex
	out       *bufio.Writer
	errw      io.Writer
	eol       string
	readied   bool
	searching bool
	pondering bool
	mate      bool
	pos       *board.Position
	gen       int // counts searches; infos of an old one stop when it ends
	hash      string
	book      string // the BookFile set
	wedged    bool
}

func (e *fake) send(format string, args ...any) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.sc.has("garbage") {
		fmt.Fprintf(e.out, "\x00\xff\xfe garbage \x80\x81%s", e.eol)
		fmt.Fprintf(e.out, "warning stop ignored (go 2 times, bestmove 2 times)%s", e.eol)
		fmt.Fprintf(e.out, "bestmove%sinfo depth x pv%sid%soption name%scheckmate%s", e.eol, e.eol, e.eol, e.eol, e.eol)
	}
	fmt.Fprintf(e.out, format, args...)
	e.out.WriteString(e.eol)
	e.out.Flush()
}

// violation reports a protocol error of the GUI on stderr; tests fail on it.
func (e *fake) violation(format string, args ...any) {
	fmt.Fprintf(e.errw, "VIOLATION: "+format+"\n", args...)
}

func (e *fake) crash(stage string) {
	if e.sc.get("crash") == stage {
		e.mu.Lock()
		e.out.Flush()
		fmt.Fprintf(e.errw, "fake: crashing at %s\n", stage)
		os.Exit(3)
	}
}

func runFake(script string, stdin io.ReadCloser, stdout, stderr io.Writer) int {
	sc := parseScript(script)
	e := &fake{sc: sc, out: bufio.NewWriterSize(stdout, 1<<16), errw: stderr, eol: "\n", hash: "16"}
	switch sc.get("eol") {
	case "cr":
		e.eol = "\r"
	case "crlf":
		e.eol = "\r\n"
	}
	if sc.has("close-stdin") {
		// Read usi without a reader goroutine, so that closing stdin takes effect
		// at once (a blocked read would keep the pipe open).
		var b [1]byte
		for {
			if n, err := stdin.Read(b[:]); n == 0 || err != nil || b[0] == '\n' {
				break
			}
		}
		e.send("id name Fake Engine 1.0")
		stdin.Close()
		e.send("usiok")
		time.Sleep(time.Hour)
	}
	lines := make(chan string)
	go func() {
		r := bufio.NewScanner(stdin)
		for r.Scan() {
			lines <- r.Text()
		}
		close(lines)
	}()
	name := "Fake Engine 1.0"
	bookName := "BookFile"
	if sc.has("sjis") {
		name = "技巧 2.0"
		bookName = "定跡ファイル"
	}
	if sc.has("silent") {
		e.send("Silent Engine 1.0 (no USI here)")
	}
	for line := range lines {
		if sc.has("sjis") {
			if u, err := japanese.ShiftJIS.NewDecoder().String(line); err == nil {
				line = u
			}
		}
		cmd, err := ParseCommand(line)
		if err != nil {
			e.send("Unknown command: %s", line)
			continue
		}
		switch c := cmd.(type) {
		case Usi:
			if sc.has("silent") {
				continue
			}
			e.crash("usi")
			if d, err := time.ParseDuration(sc.get("usiok-delay")); err == nil {
				time.Sleep(d)
			}
			if sc.has("long-line") {
				e.send("%s", strings.Repeat("long line ", 1<<20/10))
			}
			e.send("id name %s", e.sjis(name))
			e.send("id author Banmen tests")
			e.send("option name Hash type spin default 16 min 1 max 1024")
			e.send("option name Ponder type check default false")
			e.send("option name Style type combo default Normal var Solid var Normal var Risky")
			e.send("option name Clear Hash type button")
			e.send("option name %s type string default <empty>", e.sjis(bookName))
			e.send("usiok")
			if sc.get("crash") == "not-ready" {
				go func() {
					time.Sleep(50 * time.Millisecond)
					e.crash("not-ready")
				}()
			}
			if sc.has("registration") {
				e.send("registration checking")
				e.send("registration error")
			}
		case Register:
			if c.Later {
				e.send("info string registration later, ok")
			}
		case IsReady:
			e.crash("isready")
			if sc.has("no-readyok") {
				continue
			}
			e.mu.Lock()
			e.readied = true
			e.mu.Unlock()
			if sc.has("book-check") && e.book != "" {
				e.send("info string read book file : %s", e.book)
				if _, err := os.Stat(e.book); err != nil {
					e.send("info string Error! : can't read file : %s", e.book)
				}
				e.send("info string USI_Hash : Finish clearing.")
			}
			if sc.has("best-after-readyok") {
				e.send("readyok%sbestmove 9g9f", e.eol)
			} else {
				e.send("readyok")
			}
			if sc.get("crash") == "idle" {
				go func() {
					time.Sleep(50 * time.Millisecond)
					e.crash("idle")
				}()
			}
		case SetOption:
			e.crash("setoption")
			if e.isSearching() {
				e.violation("setoption while searching: %s", line)
			}
			if c.Name == bookName {
				e.book = c.Value
				e.send("info string %s", e.sjis("got "+c.Name+" = "+c.Value))
			} else if c.Name == "Hash" {
				e.hash = c.Value
			}
		case UsiNewGame:
		case Position:
			if e.isSearching() {
				e.violation("position while searching: %s", line)
			}
			p, err := c.Board()
			if err != nil {
				e.violation("illegal position: %v", err)
				continue
			}
			e.mu.Lock()
			e.pos = p
			e.mu.Unlock()
		case Go:
			e.startGo(c, line)
		case GoMate:
			e.startMate(c, line)
		case Stop:
			e.crash("stop")
			e.onStop()
		case PonderHit:
			e.crash("ponderhit")
			e.mu.Lock()
			if !e.pondering {
				e.mu.Unlock()
				e.violation("ponderhit while not pondering")
				continue
			}
			e.pondering = false
			gen := e.gen
			e.mu.Unlock()
			if sc.has("late-best") {
				continue // answered at stop
			}
			go func() {
				time.Sleep(20 * time.Millisecond)
				e.finish(gen)
			}()
		case GameOver:
		case Quit:
			e.crash("quit")
			if sc.has("ignore-quit") {
				continue
			}
			e.mu.Lock()
			e.out.Flush()
			e.mu.Unlock()
			return 0
		}
	}
	if sc.has("ignore-quit") {
		time.Sleep(time.Hour)
	}
	return 0
}

func (e *fake) sjis(s string) string {
	if !e.sc.has("sjis") {
		return s
	}
	b, _ := japanese.ShiftJIS.NewEncoder().String(s)
	return b
}

func (e *fake) isSearching() bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.searching
}

// pv returns a legal line of n moves from p (the first legal move each time).
func fakePV(p *board.Position, n int) []string {
	p = p.Clone()
	var out []string
	var buf [board.MaxMoves]board.Move
	for range n {
		moves := p.LegalMoves(buf[:0])
		if len(moves) == 0 {
			break
		}
		m := moves[len(out)%len(moves)]
		out = append(out, m.USI())
		p.Do(m)
	}
	return out
}

func (e *fake) startGo(c Go, line string) {
	e.mu.Lock()
	if e.searching {
		e.mu.Unlock()
		e.violation("go while searching: %s", line)
		return
	}
	if !e.readied {
		e.mu.Unlock()
		e.violation("go before isready")
		return
	}
	if e.pos == nil {
		e.pos = board.NewStartPosition()
	}
	e.searching, e.pondering, e.mate = true, c.Ponder, false
	e.gen++
	gen, pos := e.gen, e.pos
	e.mu.Unlock()
	if c.Ponder {
		e.crash("ponder")
	} else {
		e.crash("go")
	}
	if e.sc.has("wedge") {
		e.mu.Lock()
		e.searching, e.wedged = false, true
		e.mu.Unlock()
		return
	}
	if e.sc.has("early") && (c.Infinite || c.Ponder) {
		e.finish(gen)
		return
	}
	if n := e.sc.int("flood"); n > 0 {
		pv := strings.Join(fakePV(pos, 10), " ")
		e.mu.Lock()
		for i := 1; i <= n; i++ {
			e.out.WriteString("info depth ")
			e.out.WriteString(strconv.Itoa(i%64 + 1))
			e.out.WriteString(" seldepth 30 score cp ")
			e.out.WriteString(strconv.Itoa(i % 300))
			e.out.WriteString(" nodes ")
			e.out.WriteString(strconv.Itoa(i))
			e.out.WriteString(" nps 1000000 time ")
			e.out.WriteString(strconv.Itoa(i / 1000))
			e.out.WriteString(" pv ")
			e.out.WriteString(pv)
			e.out.WriteString(e.eol)
		}
		e.out.Flush()
		e.mu.Unlock()
		e.finish(gen)
		return
	}
	timed := !c.Infinite && !c.Ponder && !e.sc.has("late-best")
	go e.think(gen, pos, timed)
}

// think sends info lines every few milliseconds while the search runs, and ends a
// timed search after a few of them.
func (e *fake) think(gen int, pos *board.Position, timed bool) {
	ranks := max(e.sc.int("multipv"), 1)
	for depth := 1; ; depth++ {
		e.mu.Lock()
		alive := e.searching && e.gen == gen
		e.mu.Unlock()
		if !alive {
			return
		}
		if timed && depth > 4 {
			e.finish(gen)
			return
		}
		for rank := 1; rank <= ranks; rank++ {
			pv := fakePV(pos, depth+2)
			if rank > 1 && len(pv) > 0 {
				pv = fakePV(pos.Play(mustMove(pos, rank-1)), depth+1)
				pv = append([]string{mustMove(pos, rank-1).USI()}, pv...)
			}
			if e.sc.has("bad-pv") && len(pv) >= 3 {
				pv[2] = "5i5a"
			}
			e.send("info depth %d seldepth %d multipv %d score cp %d nodes %d nps 100000 hashfull %d time %d pv %s",
				depth, depth+2, rank, 100-rank, depth*1000+rank, depth, depth*5, strings.Join(pv, " "))
		}
		e.send("info depth %d currmove %s currmovenumber 1", depth, fakePV(pos, 1)[0])
		time.Sleep(5 * time.Millisecond)
	}
}

// mustMove returns the i-th legal move of p.
func mustMove(p *board.Position, i int) board.Move {
	var buf [board.MaxMoves]board.Move
	moves := p.LegalMoves(buf[:0])
	return moves[i%len(moves)]
}

// finish ends search gen with its bestmove (if it is still the current one).
func (e *fake) finish(gen int) {
	e.mu.Lock()
	if !e.searching || e.gen != gen {
		e.mu.Unlock()
		return
	}
	e.searching, e.pondering = false, false
	pos, mate := e.pos, e.mate
	e.mu.Unlock()
	if mate {
		e.send("checkmate nomate")
		return
	}
	if e.sc.has("illegal-best") {
		e.send("bestmove 5i5a")
		return
	}
	pv := fakePV(pos, 2)
	switch len(pv) {
	case 0:
		e.send("bestmove resign")
	case 1:
		e.send("bestmove %s", pv[0])
	default:
		e.send("bestmove %s ponder %s", pv[0], pv[1])
	}
}

func (e *fake) onStop() {
	e.mu.Lock()
	searching, gen, mate, wedged := e.searching, e.gen, e.mate, e.wedged
	e.mu.Unlock()
	if wedged {
		return
	}
	if !searching {
		fmt.Fprintln(e.errw, "fake: stop while idle (ignored)")
		return
	}
	if e.sc.has("no-best-after-stop") {
		return
	}
	if mate && e.sc.has("slow-mate") {
		e.mu.Lock()
		e.searching = false
		e.mu.Unlock()
		e.send("checkmate nomate") // the false late answer of real mate engines
		return
	}
	e.finish(gen)
}

// startMate answers go mate: a mate in one if there is one, else nomate.
func (e *fake) startMate(c GoMate, line string) {
	e.mu.Lock()
	if e.searching {
		e.mu.Unlock()
		e.violation("go mate while searching: %s", line)
		return
	}
	e.searching, e.mate = true, true
	e.gen++
	gen, pos := e.gen, e.pos
	e.mu.Unlock()
	e.crash("mate")
	if e.sc.has("slow-mate") {
		go e.think(gen, pos, false)
		return
	}
	if e.sc.has("empty-mate") {
		e.mu.Lock()
		e.searching = false
		e.mu.Unlock()
		e.send("checkmate ")
		return
	}
	var buf [board.MaxMoves]board.Move
	for _, m := range pos.LegalMoves(buf[:0]) {
		after := pos.Play(m)
		if e.sc.has("false-mate") && after.InCheck() && !after.IsMateOmittingFutile() || !e.sc.has("false-mate") && after.IsCheckmate() {
			e.mu.Lock()
			e.searching = false
			e.mu.Unlock()
			e.send("info depth 1 score mate 1 pv %s", m.USI())
			e.send("checkmate %s", m.USI())
			return
		}
	}
	e.finish(gen)
}

// engineProc is a started engine process with a session on its pipes.
type engineProc struct {
	s    *Session
	cmd  *exec.Cmd
	done chan struct{} // closed when the process has exited
}

// startEngine starts path with a Session on its pipes; the session's Kill kills
// the process. Its stderr goes to the session's log.
func startEngine(t *testing.T, cfg Config, path string, args []string, env []string) *engineProc {
	t.Helper()
	cmd := exec.Command(path, args...)
	cmd.Env = append(os.Environ(), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ep := &engineProc{cmd: cmd, done: make(chan struct{})}
	cfg.Stderr = stderr
	cfg.Kill = func() error { return cmd.Process.Kill() }
	ep.s = NewSession(stdout, stdin, cfg)
	go func() {
		<-ep.s.readerDone // stdout closed: the pipes may be released
		cmd.Wait()
		close(ep.done)
	}()
	t.Cleanup(func() {
		ep.s.Close()
		select {
		case <-ep.done:
		case <-time.After(5 * time.Second):
			t.Errorf("%s did not exit after Close", path)
		}
	})
	return ep
}

// startFake starts the fake engine with a script.
func startFake(t *testing.T, script string, cfg Config) *engineProc {
	t.Helper()
	if cfg.Name == "" {
		cfg.Name = "fake"
	}
	// Under -race the child would sleep a second at exit (atexit_sleep_ms).
	env := []string{fakeEnv + "=" + script, "GORACE=atexit_sleep_ms=0 " + os.Getenv("GORACE")}
	return startEngine(t, cfg, os.Args[0], []string{"-test.run=^$"}, env)
}

// quickTimeouts keeps fault tests short.
func quickTimeouts() Timeouts {
	return Timeouts{USIOK: 2 * time.Second, ReadyOK: 2 * time.Second, Stop: time.Second, Quit: 3 * time.Second, Grace: 500 * time.Millisecond}
}

// sent returns the commands the session sent, in order.
func sent(s *Session) []string {
	var out []string
	for _, l := range s.Log() {
		if l.Dir == Sent {
			out = append(out, l.Text)
		}
	}
	return out
}

// noViolations fails the test if the fake engine reported a protocol error.
func noViolations(t *testing.T, s *Session) {
	t.Helper()
	for _, l := range s.Log() {
		if l.Dir == Stderr && strings.HasPrefix(l.Text, "VIOLATION") {
			t.Errorf("the engine saw a protocol error: %s", l.Text)
		}
	}
}

// ready does the handshake and isready, failing the test on error.
//
// The session's own usiok and readyok timeouts bound each wait (a minute each for
// gpsusi, which loads its data at both); the contexts here only catch a session that
// never gives up, so each wait gets its own, longer than any of those timeouts.
func ready(t *testing.T, s *Session) EngineInfo {
	t.Helper()
	info, err := s.Handshake(ctxT(t, 40*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Ready(ctxT(t, 40*time.Second)); err != nil {
		t.Fatal(err)
	}
	return info
}

// patience is how long a test waits for something that must happen (an engine's exit,
// a kill) before it concludes that it never will. It is no speed target: make test runs
// on two busy cores, and unit tests never assert timings.
const patience = 30 * time.Second

// ctxT returns a context that ends after d (and with the test).
//
// Waits of a second or more bound how long a test waits on a real engine; make test
// runs every package at once on two cores, where gpsusi alone can take seconds to load
// its data, so they are tripled. What is under test is the session's own timeouts;
// shorter contexts (a caller giving up) are kept as they are.
func ctxT(t *testing.T, d time.Duration) context.Context {
	if d >= time.Second {
		d *= 3
	}
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// waitFor polls cond until it holds or d passes.
func waitFor(t *testing.T, d time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(2 * time.Millisecond)
	}
}
