package bundledengine_test

// Games of the bundled engine as a GUI plays them: the banmen-engine binary started by
// engine.Start and played by engine/match (the real client side: clocks, legality, time
// losses, adjudication of unfinished games). TestSelfPlay is part of make test; the
// strength runs against the Debian engines take hours and run only when asked:
//
//	BANMEN_STRENGTH=1 go test -run Strength -v -timeout 4h ./internal/bundledengine/
//
// BANMEN_STRENGTH_OPPONENTS (default "fairy:-10,fairy:-5,fairy:0,gpsusi"), BANMEN_STRENGTH_GAMES
// per opponent (default 6, colours alternating) and BANMEN_STRENGTH_PLIES (default 120; a game
// still going there is adjudicated by full-strength Fairy-Stockfish: 1500 cp or a mate wins).

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/match"
	"banmen/internal/testbin"
	"banmen/usiclient"
)

// ours is the bundled engine, built for this test binary.
func ours(t *testing.T, name string) engine.Definition {
	return engine.Definition{Name: name, Path: testbin.BanmenEngine(t), HashMB: 64, Values: map[string]string{"Threads": "1"}}
}

// ourFault reports whether a game lost this way is the loser's own fault (and so a bug
// when the loser is the bundled engine).
func ourFault(r game.Result) bool {
	switch r.Reason {
	case game.IllegalMove, game.TimeForfeit, game.PlayerFailure, game.FalseDeclaration:
		return true
	}
	return false
}

// longestThink returns the longest time a side spent on a move in a finished game.
func longestThink(rep match.GameReport, black bool) time.Duration {
	var longest time.Duration
	start := rep.Record.Position(rep.Record.Root).SideToMove()
	for i, n := range rep.Record.MainLine()[1:] {
		mover := start
		if i%2 == 1 {
			mover = start.Opp()
		}
		if n.Timed && (mover == board.Black) == black {
			longest = max(longest, n.Elapsed)
		}
	}
	return longest
}

// TestSelfPlay plays two short games of the engine against itself, colours swapped: every
// move legal, no time loss, no failure, and a game that goes on stops at the move limit.
func TestSelfPlay(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	// The engine keeps a margin inside its byoyomi (it thinks at most 225 ms of 300 ms
	// here), but how soon its answer arrives depends on the machine's load: under make
	// test's parallel packages a move has arrived 110 ms after the engine sent it. This
	// test is about legal play through the client; the time judge allows a second more.
	const plies = 24
	sum, err := match.Run(context.Background(), match.Config{
		Engines:  [2]engine.Definition{ours(t, "banmen-a"), ours(t, "banmen-b")},
		Games:    2,
		Time:     game.TimeControl{Byoyomi: 300 * time.Millisecond},
		MaxMoves: plies,
		Margin:   time.Second,
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range sum.Errors {
		t.Error(e)
	}
	if len(sum.Games) != 2 {
		t.Fatalf("%d games finished, want 2", len(sum.Games))
	}
	for _, g := range sum.Games {
		r := g.Result
		if ourFault(r) || !r.Over() || r.Reason == game.Aborted {
			t.Errorf("game %d: %s (%s) after %d plies", g.Index, r, r.Detail, r.Plies)
		}
		if r.Reason == game.MoveLimit && r.Plies != plies {
			t.Errorf("game %d: move limit after %d plies, want %d", g.Index, r.Plies, plies)
		}
		// the record replays: every move legal from the start
		moves := g.Record.MainMoves()
		replay := board.NewGame(g.Record.Position(g.Record.Root))
		for i, m := range moves {
			if err := replay.Play(m); err != nil {
				t.Fatalf("game %d: move %d %s: %v", g.Index, i+1, m.USI(), err)
			}
		}
		if len(moves) != r.Plies {
			t.Errorf("game %d: %d moves in the record, %d plies in the result", g.Index, len(moves), r.Plies)
		}
		t.Logf("game %d: %s after %d plies, longest think %v / %v", g.Index, r, r.Plies,
			longestThink(g, true).Round(time.Millisecond), longestThink(g, false).Round(time.Millisecond))
	}
}

// TestAdjudicate: the judge of unfinished games (here the bundled engine itself) gives a
// clear material advantage to its owner, whichever side is to move, and the start a draw.
func TestAdjudicate(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the engine")
	}
	judge := startJudge(t, ours(t, "judge"))
	for _, c := range []struct {
		sfen    string
		decided bool
		winner  board.Color
	}{
		// Black has a rook and a bishop more, with Black or White to move
		{"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b RB 1", true, board.Black},
		{"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w RB 1", true, board.Black},
		{board.StartSFEN, false, board.Black},
	} {
		pos, err := board.ParseSFEN(c.sfen)
		if err != nil {
			t.Fatal(err)
		}
		decided, winner, desc, err := adjudicate(judge, pos, 300*time.Millisecond, 1000)
		if err != nil || decided != c.decided || decided && winner != c.winner {
			t.Errorf("%s: decided %v winner %v (%s) %v", c.sfen, decided, winner, desc, err)
		}
	}
}

func startJudge(t *testing.T, def engine.Definition) *engine.Running {
	t.Helper()
	r, err := engine.Start(context.Background(), def, engine.StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		r.Close(ctx)
	})
	return r
}

// adjudicate asks judge for the value of an unfinished game's final position: a clear
// advantage (margin centipawns or more, or a mate) decides it for that side, anything
// less is a draw.
func adjudicate(judge *engine.Running, pos *board.Position, think time.Duration, margin int) (decided bool, winner board.Color, desc string, err error) {
	ctx := context.Background()
	sr, err := judge.Go(ctx, usiclient.Position{SFEN: pos.SFEN()}, usiclient.Go{MoveTime: think})
	if err != nil {
		return false, 0, "", err
	}
	if _, err := sr.Wait(ctx); err != nil {
		return false, 0, "", err
	}
	snap := judge.Snapshot()
	if snap.SearchID != sr.ID || len(snap.Lines) == 0 || snap.Lines[0].SenteScore.Kind == usiclient.NoScore {
		return false, 0, "no score", nil
	}
	s := snap.Lines[0].SenteScore
	switch s.Kind {
	case usiclient.ScoreMate:
		desc = fmt.Sprintf("mate %d for Black", s.Value)
		if s.MateSign > 0 {
			return true, board.Black, desc, nil
		}
		return true, board.White, desc, nil
	default:
		desc = fmt.Sprintf("cp %d for Black", s.Value)
		switch {
		case s.Value >= margin:
			return true, board.Black, desc, nil
		case s.Value <= -margin:
			return true, board.White, desc, nil
		}
		return false, 0, desc, nil
	}
}

// opponent is one entry of BANMEN_STRENGTH_OPPONENTS: "fairy:<Skill Level>" or "gpsusi".
func opponent(t *testing.T, spec string) engine.Definition {
	switch {
	case strings.HasPrefix(spec, "fairy:"):
		level := strings.TrimPrefix(spec, "fairy:")
		if _, err := os.Stat("/usr/games/fairy-stockfish"); err != nil {
			t.Skipf("fairy-stockfish: %v (apt-get install fairy-stockfish)", err)
		}
		return engine.Definition{Name: "fairy-stockfish Skill Level " + level, Path: "/usr/games/fairy-stockfish",
			HashMB: 64, Values: map[string]string{"Threads": "1", "Skill Level": level}}
	case spec == "gpsusi":
		if _, err := os.Stat("/usr/games/gpsusi"); err != nil {
			t.Skipf("gpsusi: %v (apt-get install gpsshogi gpsshogi-data)", err)
		}
		home := t.TempDir()
		if err := os.Symlink("/usr/share/gpsshogi-data/data", filepath.Join(home, "data")); err != nil {
			t.Fatal(err)
		}
		return engine.Definition{Name: "gpsusi", Path: "/usr/games/gpsusi", Env: []string{"OSL_HOME=" + home}}
	}
	t.Fatalf("BANMEN_STRENGTH_OPPONENTS: unknown opponent %q (fairy:<Skill Level> or gpsusi)", spec)
	return engine.Definition{}
}

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// TestStrength plays the bundled engine (1 s byoyomi per move, both sides) against the
// Debian engines (see the top of this file). Any illegal move, crash, false declaration or
// time loss of ours fails the test.
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
	judge := startJudge(t, engine.Definition{Name: "judge", Path: "/usr/games/fairy-stockfish", Values: map[string]string{"Threads": "1"}})
	var summary []string
	for _, s := range strings.Split(spec, ",") {
		opp := opponent(t, strings.TrimSpace(s))
		sum, err := match.Run(context.Background(), match.Config{
			Engines:  [2]engine.Definition{ours(t, "banmen"), opp},
			Games:    games,
			Time:     game.TimeControl{Byoyomi: time.Second},
			MaxMoves: plies,
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range sum.Errors {
			t.Errorf("against %s: %v", opp.Name, e)
		}
		w, l, d, longest := 0, 0, 0, time.Duration(0)
		for _, g := range sum.Games {
			w0, l0, d0, think := strengthGame(t, judge, opp.Name, g)
			w, l, d, longest = w+w0, l+l0, d+d0, max(longest, think)
		}
		line := fmt.Sprintf("%s: %d games, +%d -%d =%d, our longest think %v", opp.Name, len(sum.Games), w, l, d, longest.Round(time.Millisecond))
		t.Log(line)
		summary = append(summary, line)
	}
	for _, s := range summary {
		t.Log("SUMMARY " + s)
	}
}

// strengthGame scores one game of a strength run for the bundled engine (adjudicating one
// that reached the move limit) and logs it.
func strengthGame(t *testing.T, judge *engine.Running, oppName string, g match.GameReport) (w, l, d int, think time.Duration) {
	r := g.Result
	how := r.Reason.String()
	draw, winner := r.Draw, r.Winner
	if r.Reason == game.MoveLimit {
		decided, who, desc, err := adjudicate(judge, g.Record.FinalPosition(), 3*time.Second, 1500)
		if err != nil {
			t.Fatalf("adjudication: %v", err)
		}
		draw, winner, how = !decided, who, fmt.Sprintf("adjudication at ply %d (%s)", r.Plies, desc)
	}
	ourColour := board.White
	if g.FirstIsBlack {
		ourColour = board.Black
	}
	result := "draw"
	switch {
	case draw:
		d = 1
	case winner == ourColour:
		result, w = "win", 1
		if ourFault(r) {
			t.Logf("%s lost game %d by %s (%s)", oppName, g.Index, r.Reason, r.Detail)
		}
	default:
		result, l = "loss", 1
		if ourFault(r) {
			t.Errorf("game %d: we lost by %s (%s)", g.Index, r.Reason, r.Detail)
		}
	}
	think = longestThink(g, g.FirstIsBlack)
	var moves []string
	for _, m := range g.Record.MainMoves() {
		moves = append(moves, m.USI())
	}
	t.Logf("%s game %d (we are %s): %s by %s after %d plies; our longest think %v; moves: %s",
		oppName, g.Index, ourColour, result, how, r.Plies, think.Round(time.Millisecond), strings.Join(moves, " "))
	return w, l, d, think
}
