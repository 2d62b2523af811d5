package game

import (
	"context"
	"strings"
	"testing"
	"time"

	"banmen/engine"
	"banmen/engine/internal/enginetest"
	"banmen/usiclient"
)

// goRecorder is a scripted player that writes down the go line an engine playing its
// side would be sent (EnginePlayer's own clock for the go command).
type goRecorder struct {
	scripted
	lines []string
}

func (g *goRecorder) Think(ctx context.Context, req Request) (Decision, error) {
	c := (&EnginePlayer{}).goClock(req.Clock, req.Position.SideToMove())
	b, _ := usiclient.Go{Clock: c}.AppendTo(nil)
	g.lines = append(g.lines, string(b))
	return g.scripted.Think(ctx, req)
}

// The go line carries btime/wtime as the clocks stand, and the byoyomi or increments of
// the time controls: Black thinks 4 s a move, White 3 s, Black resigns on move 5.
func TestGoLines(t *testing.T) {
	byo := TimeControl{Main: 10 * time.Second, Byoyomi: 5 * time.Second}
	fischer := TimeControl{Main: 10 * time.Second, Increment: 2 * time.Second}
	sudden := TimeControl{Main: 10 * time.Second}
	for _, c := range []struct {
		name         string
		black, white TimeControl
		b, w         []string
	}{
		{"byoyomi", byo, byo,
			[]string{"go btime 10000 wtime 10000 byoyomi 5000", "go btime 6000 wtime 7000 byoyomi 5000", "go btime 2000 wtime 4000 byoyomi 5000"},
			[]string{"go btime 6000 wtime 10000 byoyomi 5000", "go btime 2000 wtime 7000 byoyomi 5000"}},
		{"Fischer", fischer, fischer,
			[]string{"go btime 10000 wtime 10000 binc 2000 winc 2000", "go btime 8000 wtime 9000 binc 2000 winc 2000", "go btime 6000 wtime 8000 binc 2000 winc 2000"},
			[]string{"go btime 8000 wtime 10000 binc 2000 winc 2000", "go btime 6000 wtime 9000 binc 2000 winc 2000"}},
		{"sudden death", sudden, sudden,
			[]string{"go btime 10000 wtime 10000 byoyomi 0", "go btime 6000 wtime 7000 byoyomi 0", "go btime 2000 wtime 4000 byoyomi 0"},
			[]string{"go btime 6000 wtime 10000 byoyomi 0", "go btime 2000 wtime 7000 byoyomi 0"}},
		// each side's own byoyomi; the increments of both
		{"byoyomi against Fischer", byo, fischer,
			[]string{"go btime 10000 wtime 10000 byoyomi 5000 binc 0 winc 2000", "go btime 6000 wtime 9000 byoyomi 5000 binc 0 winc 2000", "go btime 2000 wtime 8000 byoyomi 5000 binc 0 winc 2000"},
			[]string{"go btime 6000 wtime 10000 binc 0 winc 2000", "go btime 2000 wtime 9000 binc 0 winc 2000"}},
		// an engine with no time limit thinks NoLimitByoyomi a move, never a bare go
		{"no limit", TimeControl{}, byo,
			[]string{"go btime 0 wtime 10000 byoyomi 10000", "go btime 0 wtime 7000 byoyomi 10000", "go btime 0 wtime 4000 byoyomi 10000"},
			[]string{"go btime 0 wtime 10000 byoyomi 5000", "go btime 0 wtime 7000 byoyomi 5000"}},
	} {
		ft := NewFakeTime()
		black := &goRecorder{scripted: scripted{name: "B", ft: ft, steps: append(moves(4*time.Second, "7g7f", "2g2f"), step{d: Decision{Resign: true}})}}
		white := &goRecorder{scripted: scripted{name: "W", ft: ft, steps: moves(3*time.Second, "3c3d", "8c8d")}}
		g, err := New(Config{Players: [2]Player{black, white}, Time: [2]TimeControl{c.black, c.white}, Time0: ft})
		if err != nil {
			t.Fatal(err)
		}
		if r := run(t, g); r.Reason != Resignation || r.Plies != 4 {
			t.Errorf("%s: %+v", c.name, r)
		}
		if strings.Join(black.lines, "\n") != strings.Join(c.b, "\n") {
			t.Errorf("%s: Black was sent\n%s\nwant\n%s", c.name, strings.Join(black.lines, "\n"), strings.Join(c.b, "\n"))
		}
		if strings.Join(white.lines, "\n") != strings.Join(c.w, "\n") {
			t.Errorf("%s: White was sent\n%s\nwant\n%s", c.name, strings.Join(white.lines, "\n"), strings.Join(c.w, "\n"))
		}
	}
}

// An engine pondering on its opponent's time is sent its own byoyomi with go ponder,
// not the opponent's; an engine with no time limit gets NoLimitByoyomi there too.
func TestPonderGoCarriesTheEnginesOwnTime(t *testing.T) {
	m := engine.NewManager(nil)
	defer m.CloseAll(10 * time.Second)
	for _, c := range []struct {
		name   string
		engine TimeControl
		want   string
	}{
		{"byoyomi", TimeControl{Byoyomi: time.Second}, "byoyomi 1000"},
		{"no limit", TimeControl{}, "byoyomi 10000"},
	} {
		r := startEngine(t, m, enginetest.Definition(enginetest.PonderExpected, ""), true)
		ft := NewFakeTime()
		black := NewEnginePlayer(r, true)
		// White (not an engine here) has a longer byoyomi, and resigns at once
		white := &scripted{name: "W", ft: ft, steps: []step{{d: Decision{Resign: true}, think: time.Second}}}
		g, err := New(Config{Players: [2]Player{black, white}, Time: [2]TimeControl{c.engine, {Byoyomi: 7 * time.Second}}, Time0: ft})
		if err != nil {
			t.Fatal(err)
		}
		if res := runReal(t, g); res.Reason != Resignation || res.Plies != 1 {
			t.Fatalf("%s: %+v", c.name, res)
		}
		var ponders, gos []string
		for _, l := range r.Log() {
			if strings.HasPrefix(l.Text, "go ponder") {
				ponders = append(ponders, l.Text)
			} else if strings.HasPrefix(l.Text, "go") {
				gos = append(gos, l.Text)
			}
		}
		if len(ponders) != 1 || !strings.HasSuffix(ponders[0], " "+c.want) {
			t.Errorf("%s: go ponder lines %q, want one ending %q", c.name, ponders, c.want)
		}
		if len(gos) != 1 || !strings.HasSuffix(gos[0], " "+c.want) {
			t.Errorf("%s: go lines %q, want one ending %q", c.name, gos, c.want)
		}
	}
}
