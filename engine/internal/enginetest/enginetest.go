// Package enginetest helps tests drive engines: a scripted fake engine that runs as
// a real child process (the test binary started again), and the Debian engines the
// integration tests use.
//
// A test package that uses the fake engine calls RunIfRequested first thing in
// TestMain (or in an init function).
package enginetest

import (
	"bufio"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/internal/guard"
	"banmen/internal/testbin"
)

const (
	behaviourEnv = "BANMEN_FAKE_ENGINE"
	logEnv       = "BANMEN_FAKE_ENGINE_LOG"
)

// Behaviours of the fake engine. Each is a word; "crash-on-go:N" crashes on the Nth go.
const (
	Normal         = "normal"          // plays the first legal move (random with seed:N), resigns when it has none
	CrashOnGo      = "crash-on-go"     // exits with status 3 on go (":N" on the Nth go)
	NoUSIOK        = "nousiok"         // never answers usi
	IgnoreQuit     = "ignore-quit"     // never exits on quit
	PonderNames    = "ponder-name"     // declares Hash and Ponder instead of USI_Hash/USI_Ponder
	IllegalMove    = "illegal"         // answers go with an illegal move
	Resign         = "resign"          // answers go with bestmove resign
	DeclareWin     = "win"             // answers go with bestmove win
	SlowMove       = "slow"            // thinks 300 ms before each move
	PonderExpected = "ponder"          // sends "bestmove M ponder P" with P its expected reply
	IgnoreStop     = "ignore-stop"     // in go infinite/ponder, hangs on stop: never answers, reads nothing more, only a kill ends it
	Random         = "random"          // plays a random legal move (seeded by the game)
	CrashOnPonder  = "crash-on-ponder" // sends ponder moves, and exits on go ponder (as gpsusi does)
	CrashWhenIdle  = "crash-idle"      // exits with status 3 soon after answering isready, with no search running
	NoReadyOK      = "noreadyok"       // never answers isready
	// CheckmateLine answers go mate with "checkmate" and the moves after the colon, commas
	// between them ("checkmate-line:1a2a,G*2b"): KomoringHeights's answer where the side to
	// move is in check is the mate of that side, starting with its reply.
	CheckmateLine = "checkmate-line"
)

// RunIfRequested runs the fake engine and exits if this process was started as one.
// It also runs the engine guard if this process was started as one (guard.Main): a test
// binary that starts engines serves as their guard when banmen-guard is not beside it.
func RunIfRequested() {
	guard.Main()
	if b := os.Getenv(behaviourEnv); b != "" {
		os.Exit(run(b))
	}
}

// Definition returns an engine definition that runs this test binary as a fake
// engine with the given behaviour, logging every line it receives to logPath ("" for none).
func Definition(behaviour, logPath string) engine.Definition {
	return engine.Definition{
		Name: "Fake " + behaviour,
		Path: os.Args[0],
		Env:  []string{behaviourEnv + "=" + behaviour, logEnv + "=" + logPath},
	}
}

// run is the fake engine: it answers the USI commands on standard input as behaviour
// says and returns its exit status.
func run(behaviour string) int {
	name, arg, _ := strings.Cut(behaviour, ":")
	var log *os.File
	if p := os.Getenv(logEnv); p != "" {
		log, _ = os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	}
	e := &fakeEngine{name: name, arg: arg, out: bufio.NewWriter(os.Stdout),
		pos: board.NewStartPosition(), rng: rand.New(rand.NewSource(1))}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	for in.Scan() {
		line := strings.TrimSpace(in.Text())
		if log != nil {
			fmt.Fprintln(log, line)
		}
		cmd, rest, _ := strings.Cut(line, " ")
		switch cmd {
		case "usi":
			e.usi()
		case "isready":
			e.isready()
		case "usinewgame":
			e.rng = rand.New(rand.NewSource(int64(len(line))))
		case "position":
			e.position(rest)
		case "go":
			if crashed := e.goCmd(rest); crashed {
				return 3
			}
		case "stop", "ponderhit":
			e.stopOrPonderhit(cmd)
		case "quit":
			if name == IgnoreQuit {
				continue
			}
			return 0
		}
	}
	if name == IgnoreQuit {
		time.Sleep(time.Hour)
	}
	return 0
}

// fakeEngine is the state of the fake engine's command loop: the behaviour it was asked
// for (name, arg) and what it has been told.
type fakeEngine struct {
	name, arg string
	out       *bufio.Writer
	pos       *board.Position
	gos       int // go commands so far
	rng       *rand.Rand
	waiting   bool   // in go infinite or ponder: the bestmove waits for stop/ponderhit
	pending   string // that bestmove
}

// say writes one line to the GUI at once.
func (e *fakeEngine) say(format string, args ...any) {
	fmt.Fprintf(e.out, format+"\n", args...)
	e.out.Flush()
}

func (e *fakeEngine) usi() {
	if e.name == NoUSIOK {
		e.say("I speak xboard")
		return
	}
	e.say("id name Fake Engine")
	e.say("id author Banmen tests")
	e.say("option name Style type combo default a var a var b")
	e.say("option name Skill type spin default 10 min 0 max 20")
	e.say("option name Clear Hash type button")
	if e.name == PonderNames {
		e.say("option name Ponder type check default false")
		e.say("option name Hash type spin default 16 min 1 max 1024")
	}
	e.say("usiok")
}

func (e *fakeEngine) isready() {
	if e.name == NoReadyOK {
		return
	}
	e.say("readyok")
	if e.name == CrashWhenIdle {
		go func() {
			time.Sleep(50 * time.Millisecond)
			fmt.Fprintln(os.Stderr, "fake engine: out of memory while idle (pretend)")
			os.Exit(3)
		}()
	}
}

func (e *fakeEngine) position(rest string) {
	p, err := parsePosition(rest)
	if err != nil {
		e.say("info string bad position: %v", err)
		return
	}
	e.pos = p
}

// goCmd answers a go command (rest: its arguments), holding the bestmove back in go
// infinite or ponder. It is true when the behaviour is to crash here.
func (e *fakeEngine) goCmd(rest string) (crashed bool) {
	e.gos++
	if e.name == CrashOnGo && (e.arg == "" || e.arg == strconv.Itoa(e.gos)) || e.name == CrashOnPonder && strings.Contains(rest, "ponder") {
		fmt.Fprintln(os.Stderr, "fake engine: segmentation fault (pretend)")
		return true
	}
	if e.name == SlowMove {
		time.Sleep(300 * time.Millisecond)
	}
	if e.name == CheckmateLine && strings.HasPrefix(rest, "mate") {
		e.say("checkmate %s", strings.ReplaceAll(e.arg, ",", " "))
		return false
	}
	answer := e.bestmove()
	if strings.Contains(rest, "infinite") || strings.Contains(rest, "ponder") {
		e.waiting, e.pending = true, answer
		return false
	}
	e.say("%s", answer)
	return false
}

// bestmove chooses the answer to go as the behaviour says, with an info line before a
// move.
func (e *fakeEngine) bestmove() string {
	var buf [board.MaxMoves]board.Move
	legal := e.pos.LegalMoves(buf[:0])
	switch {
	case e.name == IllegalMove:
		return "bestmove 5e5d"
	case e.name == Resign || len(legal) == 0:
		return "bestmove resign"
	case e.name == DeclareWin:
		return "bestmove win"
	}
	m := legal[0]
	if e.name == Random {
		m = legal[e.rng.Intn(len(legal))]
	}
	e.say("info depth 1 seldepth 1 score cp %d nodes %d pv %s", 10*e.gos, 100*e.gos, m.USI())
	answer := "bestmove " + m.USI()
	if e.name == PonderExpected || e.name == CrashOnPonder {
		var b2 [board.MaxMoves]board.Move
		if replies := e.pos.Play(m).LegalMoves(b2[:0]); len(replies) > 0 {
			answer += " ponder " + replies[0].USI()
		}
	}
	return answer
}

// stopOrPonderhit sends the bestmove held back by go infinite or ponder.
func (e *fakeEngine) stopOrPonderhit(cmd string) {
	if e.waiting && cmd == "stop" && e.name == IgnoreStop {
		time.Sleep(time.Hour) // hung: not even the end of its input wakes it
	}
	if e.waiting {
		e.waiting = false
		e.say("%s", e.pending)
	}
}

func parsePosition(s string) (*board.Position, error) {
	s = strings.TrimSpace(s)
	var sfen, moves string
	switch {
	case strings.HasPrefix(s, "startpos"):
		sfen = board.StartSFEN
		moves = strings.TrimPrefix(s, "startpos")
	case strings.HasPrefix(s, "sfen "):
		body := strings.TrimPrefix(s, "sfen ")
		before, after, found := strings.Cut(body, " moves")
		sfen = before
		if found {
			moves = " moves" + after
		}
	default:
		return nil, fmt.Errorf("want startpos or sfen")
	}
	p, err := board.ParseSFEN(sfen)
	if err != nil {
		return nil, err
	}
	moves = strings.TrimPrefix(strings.TrimSpace(moves), "moves")
	_, p, err = p.ParseMoves(moves)
	return p, err
}

// DebianEngine returns the path of a Debian engine (testbin.DebianEngine): a missing engine
// skips the test, or fails it under CI.
func DebianEngine(t testing.TB, name string) string {
	t.Helper()
	return testbin.DebianEngine(t, name)
}

// Gpsusi returns a definition of gpsusi with OSL_HOME set up as it needs: a folder
// holding a "data" link to Debian's gpsshogi data.
func Gpsusi(t testing.TB) engine.Definition {
	t.Helper()
	path := DebianEngine(t, "gpsusi")
	home := t.TempDir()
	if err := os.Symlink("/usr/share/gpsshogi-data/data", filepath.Join(home, "data")); err != nil {
		t.Fatal(err)
	}
	// gpsusi loads its data at start: on a loaded machine that can take more than 10 s
	return engine.Definition{Name: "gpsusi", Path: path, Env: []string{"OSL_HOME=" + home}, TimeoutScale: 3}
}

// FairyStockfish returns a definition of fairy-stockfish.
func FairyStockfish(t testing.TB) engine.Definition {
	return engine.Definition{Name: "Fairy-Stockfish", Path: DebianEngine(t, "fairy-stockfish")}
}

// Bundled builds banmen-engine into a temporary folder (once per test binary) and
// returns its definition.
func Bundled(t testing.TB) engine.Definition {
	t.Helper()
	return engine.Definition{Name: "Banmen", Path: testbin.BanmenEngine(t)}
}
