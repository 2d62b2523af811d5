package board

import (
	"strings"
	"testing"
)

func playAll(t *testing.T, g *Game, moves string) {
	t.Helper()
	for _, s := range strings.Fields(moves) {
		if _, err := g.PlayUSI(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
}

func TestRepetitionDraw(t *testing.T) {
	g := NewGame(NewStartPosition())
	cycle := " 5i5h 5a5b 5h5i 5b5a"
	playAll(t, g, strings.Repeat(cycle, 2))
	if g.Occurrences() != 3 || g.Repetition() != NoRepetition {
		t.Fatalf("after two cycles: %d occurrences, %v", g.Occurrences(), g.Repetition())
	}
	playAll(t, g, " 5i5h 5a5b 5h5i")
	if g.Repetition() != NoRepetition {
		t.Fatalf("one ply short: %v", g.Repetition())
	}
	playAll(t, g, "5b5a")
	if g.Occurrences() != 4 || g.Repetition() != RepetitionDraw {
		t.Fatalf("fourth time: %d occurrences, %v", g.Occurrences(), g.Repetition())
	}
	if !g.Undo() || g.Repetition() != NoRepetition || len(g.Moves()) != 11 {
		t.Fatalf("after Undo: %v, %d moves", g.Repetition(), len(g.Moves()))
	}
}

func TestRepetitionPerpetualCheck(t *testing.T) {
	// Black's rook checks on every move; the white king shuffles between 1a and 2a.
	for _, c := range []struct {
		sfen, cycle string
		want        Repetition
	}{
		{"8k/9/9/9/9/9/9/9/K6R1 b - 1", " 2i1i 1a2a 1i2i 2a1a", RepetitionBlackLoses},
		// the same with colours swapped: White's rook checks
		{"1r6k/9/9/9/9/9/9/9/K8 w - 1", " 8a9a 9i8i 9a8a 8i9i", RepetitionWhiteLoses},
		// checks from both sides are not "one side's continuous check": a draw. Black's
		// rook checks on 7g; White's gold interposes on 7e and uncovers its rook's check
		// down file 8; Black's rook goes back to block it, and the gold goes back.
		{"9/1r7/2k6/9/1g7/9/1R7/1K2G4/9 b - 1", " 8g7g 8e7e 7g8g 7e8e", RepetitionDraw},
	} {
		g := NewGame(mustParse(t, c.sfen))
		checks := [2]int{} // moves of each side that gave check
		for i := 0; i < 3; i++ {
			for _, s := range strings.Fields(c.cycle) {
				mover := g.Position().SideToMove()
				playAll(t, g, s)
				if g.Position().InCheck() {
					checks[mover]++
				}
			}
		}
		if got := g.Repetition(); got != c.want {
			t.Errorf("%s%s×3: %v, want %v", c.sfen, c.cycle, got, c.want)
		}
		// the cases are what they say: who checked, and on how many of the 6 moves
		wantChecks := map[Repetition][2]int{RepetitionBlackLoses: {6, 0}, RepetitionWhiteLoses: {0, 6}, RepetitionDraw: {3, 3}}[c.want]
		if checks != wantChecks {
			t.Errorf("%s%s×3: checks by Black, White %v, want %v", c.sfen, c.cycle, checks, wantChecks)
		}
	}
}

func TestRepetitionCheckOnlyPartOfTheWay(t *testing.T) {
	// Black checks in the last cycles but not from the first occurrence on: a plain draw.
	g := NewGame(mustParse(t, "8k/9/9/9/9/9/9/9/K6R1 b - 1"))
	playAll(t, g, "9i8i 1a1b 8i9i 1b1a") // quiet cycle back to the start
	playAll(t, g, strings.Repeat(" 2i1i 1a2a 1i2i 2a1a", 2))
	if got := g.Repetition(); got != RepetitionDraw {
		t.Errorf("got %v, want a draw", got)
	}
}

func TestGamePlayRejectsIllegal(t *testing.T) {
	g := NewGame(NewStartPosition())
	if _, err := g.PlayUSI("7g7e"); err == nil {
		t.Fatal("7g7e accepted")
	}
	m := NewBoardMove(NewSquare(7, 7), NewSquare(7, 5), Pawn, NoPieceType, false)
	if err := g.Play(m); err == nil {
		t.Fatal("Play(7g7e) accepted")
	}
	if len(g.Moves()) != 0 {
		t.Fatal("a rejected move was recorded")
	}
}

func TestCanDeclareWin(t *testing.T) {
	for _, c := range []struct {
		sfen   string
		ok     bool
		reason string
	}{
		{"+R+BGGSS+N+N+L/+L3K4/9/9/9/9/9/9/4k4 b 10P 1", true, ""},
		{"+R+BGGSS+N+N+L/+L3K4/9/9/9/9/9/9/4k4 b 9P 1", false, "27 points (28 needed)"},
		{"+R+BGGSS+N+N+L/4K4/9/9/9/9/9/9/4k4 b L10P 1", false, "only 9 pieces"},
		{"+R+BGGSS+N+N+L/+L8/9/4K4/9/9/9/9/4k4 b 10P 1", false, "not in the opponent's camp"},
		{"+R+BGGSS+N+N+L/+L3K4/9/9/9/9/9/9/4k4 w 10P 1", false, "only 0 pieces"}, // the white king on 5i is in Black's camp
		{"4K4/9/9/9/9/9/4k3+l/+r+bggss+n+n+l/9 w 9p 1", true, ""},                // White needs 27
		{"4K4/9/9/9/9/9/4k3+l/+r+bggss+n+n+l/9 w 8p 1", false, "26 points (27 needed)"},
		{"4r4/9/9/9/9/9/9/9/4K4 b - 1", false, "not in the opponent's camp"},
	} {
		p := mustParse(t, c.sfen)
		ok, reason := p.CanDeclareWin(CSAImpasseRule)
		if ok != c.ok || !strings.Contains(reason, c.reason) {
			t.Errorf("%s: CanDeclareWin = %v %q, want %v %q", c.sfen, ok, reason, c.ok, c.reason)
		}
	}
	// in check
	p := mustParse(t, "+R+BGGSS+N+N+L/+L3K4/9/9/9/9/9/4r4/4k4 b 10P 1")
	if ok, reason := p.CanDeclareWin(CSAImpasseRule); ok || !strings.Contains(reason, "in check") {
		t.Errorf("in check: %v %q", ok, reason)
	}
}
