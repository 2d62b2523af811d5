package bundledengine

import (
	"testing"
	"time"

	"banmen/board"
)

func TestBudget(t *testing.T) {
	ms := func(n int) time.Duration { return time.Duration(n) * time.Millisecond }
	margin := ms(150)
	for _, c := range []struct {
		name         string
		clock        Clock
		side         board.Color
		ply          int
		optLo, optHi time.Duration
		maxLo, maxHi time.Duration
	}{
		{"byoyomi only: all of it but the margin", Clock{HasTime: true, Byoyomi: ms(1000)}, board.Black, 40, ms(850), ms(850), ms(850), ms(850)},
		{"short byoyomi: a quarter as margin", Clock{HasTime: true, Byoyomi: ms(200)}, board.White, 40, ms(150), ms(150), ms(150), ms(150)},
		{"time and byoyomi", Clock{HasTime: true, BTime: ms(60000), WTime: ms(1000), Byoyomi: ms(10000)}, board.Black, 0, ms(11000), ms(12000), ms(20000), ms(25000)},
		{"white's clock is white's", Clock{HasTime: true, BTime: ms(60000), WTime: 0, Byoyomi: ms(3000)}, board.White, 0, ms(2850), ms(2850), ms(2850), ms(2850)},
		{"fischer", Clock{HasTime: true, BTime: ms(40000), WTime: ms(50000), BInc: ms(10000), WInc: ms(10000)}, board.Black, 20, ms(8000), ms(9000), ms(19000), ms(20000)},
		{"fischer, almost out of time", Clock{HasTime: true, BTime: ms(100), BInc: ms(1000)}, board.Black, 20, ms(10), ms(1000), ms(10), ms(950)},
		{"sudden death", Clock{HasTime: true, BTime: ms(300000), WTime: ms(300000)}, board.Black, 0, ms(5000), ms(7000), ms(37000), ms(38000)},
		{"sudden death, nearly flagged", Clock{HasTime: true, BTime: ms(50)}, board.Black, 100, ms(10), ms(10), ms(10), ms(10)},
		{"movetime", Clock{MoveTime: ms(1000)}, board.Black, 0, ms(850), ms(850), ms(850), ms(850)},
		{"short movetime", Clock{MoveTime: ms(100)}, board.Black, 0, ms(75), ms(75), ms(75), ms(75)},
		{"no clock: no limit", Clock{}, board.Black, 0, 0, 0, 0, 0},
	} {
		b := budget(c.clock, c.side, margin, c.ply)
		if b.Optimum < c.optLo || b.Optimum > c.optHi || b.Maximum < c.maxLo || b.Maximum > c.maxHi {
			t.Errorf("%s: optimum %v (want %v..%v), maximum %v (want %v..%v)", c.name, b.Optimum, c.optLo, c.optHi, b.Maximum, c.maxLo, c.maxHi)
		}
		if b.Optimum > b.Maximum {
			t.Errorf("%s: optimum %v beyond maximum %v", c.name, b.Optimum, b.Maximum)
		}
	}
}

// The hard limit never reaches past the time the clock allows, whatever the clock says.
func TestBudgetNeverPastTheFlag(t *testing.T) {
	margin := 150 * time.Millisecond
	for left := time.Duration(0); left < 20*time.Second; left += 97 * time.Millisecond {
		for _, extra := range []Clock{{}, {Byoyomi: time.Second}, {BInc: 2 * time.Second}, {Byoyomi: 300 * time.Millisecond}} {
			c := extra
			c.HasTime, c.BTime = true, left
			b := budget(c, board.Black, margin, 60)
			allowed := left + c.Byoyomi + c.BInc - margin
			if c.Byoyomi > 0 {
				allowed = left + c.Byoyomi - min(margin, c.Byoyomi/4)
			}
			if b.Maximum > max(allowed, minThink) {
				t.Fatalf("left %v, %+v: maximum %v against %v allowed", left, extra, b.Maximum, allowed)
			}
		}
	}
}
