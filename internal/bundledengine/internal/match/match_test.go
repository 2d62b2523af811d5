package match

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// buildEngine builds cmd/banmen-engine into a temporary directory.
func buildEngine(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "banmen-engine")
	build := exec.Command("go", "build", "-o", bin, "banmen/cmd/banmen-engine")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

func startOurs(t *testing.T, bin string) *Engine {
	t.Helper()
	e, err := Start("banmen", bin, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(e.Quit)
	for _, o := range []string{"setoption name USI_Hash value 64", "setoption name Threads value 1"} {
		e.Send(o)
	}
	if err := e.Ready(); err != nil {
		t.Fatal(err)
	}
	return e
}

// TestSelfPlay plays a short game of the engine against itself through the harness.
func TestSelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	bin := buildEngine(t)
	a, b := startOurs(t, bin), startOurs(t, bin)
	// The engine keeps a margin inside its byoyomi (it thinks at most 225 ms of 300 ms here),
	// but how soon its answer reaches the harness depends on the machine's load: under
	// make test's parallel packages a move has arrived 110 ms after the engine sent it.
	// The strength runs judge time strictly; this test is about legal play through the
	// harness, so the judge allows a second more.
	byo := "go btime 0 wtime 0 byoyomi 300"
	judge := 300*time.Millisecond + time.Second
	r, err := Play(Player{a, byo, judge}, Player{b, byo, judge}, 24)
	if err != nil {
		t.Fatal(err)
	}
	if r.Outcome == Unfinished && r.Plies != 24 || len(r.Moves) != r.Plies {
		t.Errorf("%+v", r)
	}
	if strings.HasPrefix(r.Reason, "illegal") || strings.HasPrefix(r.Reason, "time") {
		t.Errorf("%s after %d plies: %v", r.Reason, r.Plies, r.Moves)
	}
	t.Logf("%d plies, %s, longest think %v / %v", r.Plies, r.Reason, r.MaxThink[0], r.MaxThink[1])
}

// opponent is one entry of BANMEN_STRENGTH_OPPONENTS: "fairy:<Skill Level>" or "gpsusi".
type opponent struct {
	name  string
	start func(t *testing.T) *Engine
	goCmd string
}

func opponents(t *testing.T, spec string) []opponent {
	var out []opponent
	for _, s := range strings.Split(spec, ",") {
		s = strings.TrimSpace(s)
		switch {
		case strings.HasPrefix(s, "fairy:"):
			level := strings.TrimPrefix(s, "fairy:")
			out = append(out, opponent{
				name: "fairy-stockfish Skill Level " + level,
				start: func(t *testing.T) *Engine {
					e, err := Start("fairy-stockfish", "/usr/games/fairy-stockfish", nil)
					if err != nil {
						t.Skipf("fairy-stockfish: %v (apt-get install fairy-stockfish)", err)
					}
					e.Send("setoption name Threads value 1")
					e.Send("setoption name Hash value 64")
					e.Send("setoption name Skill Level value " + level)
					if err := e.Ready(); err != nil {
						t.Fatal(err)
					}
					return e
				},
				// Fairy-Stockfish overruns a USI byoyomi (4 s for 1 s): it gets movetime instead
				goCmd: "go movetime 1000",
			})
		case s == "gpsusi":
			out = append(out, opponent{
				name: "gpsusi",
				start: func(t *testing.T) *Engine {
					home := t.TempDir()
					if err := os.Symlink("/usr/share/gpsshogi-data/data", filepath.Join(home, "data")); err != nil {
						t.Fatal(err)
					}
					e, err := Start("gpsusi", "/usr/games/gpsusi", []string{"OSL_HOME=" + home})
					if err != nil {
						t.Skipf("gpsusi: %v (apt-get install gpsshogi gpsshogi-data)", err)
					}
					if err := e.Ready(); err != nil {
						t.Fatal(err)
					}
					return e
				},
				goCmd: "go btime 0 wtime 0 byoyomi 1000",
			})
		default:
			t.Fatalf("unknown opponent %q", s)
		}
	}
	return out
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// TestStrength plays the bundled engine (1 s byoyomi per move) against the Debian engines:
//
//	BANMEN_STRENGTH=1 go test -run Strength -v -timeout 4h ./engine/builtin/internal/match/
//
// BANMEN_STRENGTH_OPPONENTS (default "fairy:-10,fairy:-5,fairy:0,gpsusi"), BANMEN_STRENGTH_GAMES
// per opponent (default 6, colours alternating) and BANMEN_STRENGTH_PLIES (default 120; a game
// still going there is adjudicated by full-strength Fairy-Stockfish: 1500 cp or a mate wins).
// Any illegal move, crash or time loss of ours fails the test.
func TestStrength(t *testing.T) {
	if os.Getenv("BANMEN_STRENGTH") == "" {
		t.Skip("hours of games: BANMEN_STRENGTH=1")
	}
	spec := os.Getenv("BANMEN_STRENGTH_OPPONENTS")
	if spec == "" {
		spec = "fairy:-10,fairy:-5,fairy:0,gpsusi"
	}
	games := envInt("BANMEN_STRENGTH_GAMES", 6)
	plies := envInt("BANMEN_STRENGTH_PLIES", 120)
	bin := buildEngine(t)
	ours := startOurs(t, bin)
	judge, err := Start("judge", "/usr/games/fairy-stockfish", nil)
	if err != nil {
		t.Skipf("fairy-stockfish for adjudication: %v", err)
	}
	t.Cleanup(judge.Quit)
	judge.Send("setoption name Threads value 1")
	if err := judge.Ready(); err != nil {
		t.Fatal(err)
	}
	me := Player{ours, "go btime 0 wtime 0 byoyomi 1000", time.Second}
	var summary []string
	for _, op := range opponents(t, spec) {
		opp := op.start(t)
		them := Player{opp, op.goCmd, 30 * time.Second}
		w, l, d := 0, 0, 0
		var maxThink time.Duration
		for i := 0; i < games; i++ {
			black, white := me, them
			weAreBlack := i%2 == 0
			if !weAreBlack {
				black, white = them, me
			}
			r, err := Play(black, white, plies)
			if err != nil {
				t.Fatalf("game %d against %s: %v", i+1, op.name, err)
			}
			ourSide := 0
			if !weAreBlack {
				ourSide = 1
			}
			maxThink = max(maxThink, r.MaxThink[ourSide])
			outcome, reason := r.Outcome, r.Reason
			if outcome == Unfinished {
				o, desc, err := Adjudicate(judge, r.Final, 3*time.Second, 1500)
				if err != nil {
					t.Fatalf("adjudication: %v", err)
				}
				outcome, reason = o, "adjudicated at ply "+strconv.Itoa(r.Plies)+" ("+desc+")"
			}
			result := "draw"
			switch {
			case outcome == BlackWins && weAreBlack || outcome == WhiteWins && !weAreBlack:
				result = "win"
				w++
			case outcome == Draw:
				d++
			default:
				result = "loss"
				l++
				if strings.HasPrefix(reason, "illegal") || strings.HasPrefix(reason, "time") || strings.HasPrefix(reason, "false") || strings.HasPrefix(reason, "empty") {
					t.Errorf("game %d: we lost by %s", i+1, reason)
				}
			}
			colour := "black"
			if !weAreBlack {
				colour = "white"
			}
			t.Logf("%s game %d (we are %s): %s by %s after %d plies; our longest think %v; moves: %s",
				op.name, i+1, colour, result, reason, r.Plies, r.MaxThink[ourSide].Round(time.Millisecond), strings.Join(r.Moves, " "))
		}
		opp.Quit()
		line := fmt.Sprintf("%s: %d games, +%d -%d =%d, our longest think %v", op.name, games, w, l, d, maxThink.Round(time.Millisecond))
		t.Log(line)
		summary = append(summary, line)
	}
	for _, s := range summary {
		t.Log("SUMMARY " + s)
	}
}
