package match

import (
	"math"
	"testing"
)

func near(a, b, tol float64) bool { return math.Abs(a-b) <= tol }

func TestElo(t *testing.T) {
	for _, c := range []struct {
		s            Score
		elo, margin  float64
		infiniteBand bool
	}{
		// worked by hand with cutechess-cli's formula: p ± 1.96·σ/√n mapped to Elo, halved.
		// 60-40-0: σ² = .6·.4² + .4·.6² = .24; p = .6 ± .0960 → 2.77 .. 143.91 Elo
		{Score{Wins: 60, Losses: 40, Draws: 0}, 70.44, 70.57, false},
		// 30-30-40: σ² = .15; p = .5 ± .0759 → ±53.15 Elo
		{Score{Wins: 30, Losses: 30, Draws: 40}, 0, 53.15, false},
		{Score{Wins: 10, Losses: 0, Draws: 0}, 0, 0, true},
		{Score{}, 0, 0, true},
	} {
		elo, margin := c.s.Elo()
		if c.infiniteBand {
			if !math.IsInf(margin, 1) {
				t.Errorf("%+v: margin %v, want ∞", c.s, margin)
			}
			continue
		}
		if !near(elo, c.elo, 0.01) || !near(margin, c.margin, 0.01) {
			t.Errorf("%+v: Elo %.2f ± %.2f, want %.1f ± %.1f", c.s, elo, margin, c.elo, c.margin)
		}
	}
	// two draws: not "± 0"
	if _, m := (Score{Draws: 2}).Elo(); m < 100 {
		t.Errorf("two draws: margin %.1f", m)
	}
	if s := (Score{Wins: 3, Losses: 3}).String(); s != "3-3-0 (score 0.500): Elo +0 ± 382" {
		t.Errorf("String = %q", s)
	}
	if s := (Score{Wins: 12, Losses: 5, Draws: 3}).String(); s != "12-5-3 (score 0.675): Elo +127 ± 163" {
		t.Errorf("String = %q", s)
	}
	// every game won or lost: an infinite difference, with no error bar (not "+3600 ± ∞")
	for _, c := range []struct {
		s    Score
		sign int
		text string
	}{
		{Score{Wins: 10}, 1, "10-0-0 (score 1.000): Elo +∞"},
		{Score{Losses: 2}, -1, "0-2-0 (score 0.000): Elo -∞"},
	} {
		if elo, _ := c.s.Elo(); !math.IsInf(elo, c.sign) {
			t.Errorf("%+v: Elo %v", c.s, elo)
		}
		if s := c.s.String(); s != c.text {
			t.Errorf("String = %q, want %q", s, c.text)
		}
	}
	// a finite difference whose error bar is unbounded
	if s := (Score{Wins: 2, Draws: 1}).EloText(1); s != "+279.6 ± ∞" {
		t.Errorf("EloText = %q", s)
	}
	if s := (Score{Wins: 60, Losses: 40}).EloText(1); s != "+70.4 ± 70.6" {
		t.Errorf("EloText = %q", s)
	}
}

func TestSPRT(t *testing.T) {
	sprt := SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	lo, hi := sprt.Bounds()
	if !near(lo, -2.944, 0.001) || !near(hi, 2.944, 0.001) {
		t.Errorf("bounds %v %v", lo, hi)
	}
	if v := sprt.Verdict(Score{Wins: 10, Losses: 9, Draws: 5}); v != Continue {
		t.Errorf("a close small score: %v", v)
	}
	// a clearly stronger engine: H1
	if v := sprt.Verdict(Score{Wins: 700, Losses: 500, Draws: 300}); v != AcceptH1 {
		t.Errorf("700-500-300: %v (LLR %.2f)", v, sprt.LLR(Score{Wins: 700, Losses: 500, Draws: 300}))
	}
	// a clearly weaker one: H0
	if v := sprt.Verdict(Score{Wins: 400, Losses: 600, Draws: 300}); v != AcceptH0 {
		t.Errorf("400-600-300: %v", v)
	}
	// all wins decide too, after a handful of games
	if v := sprt.Verdict(Score{Wins: 4}); v != Continue {
		t.Errorf("4-0-0: %v", v)
	}
	if v := sprt.Verdict(Score{Wins: 12}); v != AcceptH1 {
		t.Errorf("12-0-0: %v (LLR %.2f)", v, sprt.LLR(Score{Wins: 12}))
	}
	if v := sprt.Verdict(Score{Losses: 12}); v != AcceptH0 {
		t.Errorf("0-12-0: %v", v)
	}
	// the LLR grows with games at a fixed score ratio
	a := sprt.LLR(Score{Wins: 60, Losses: 40, Draws: 20})
	b := sprt.LLR(Score{Wins: 120, Losses: 80, Draws: 40})
	if !(b > a && a > 0) || !near(b, 2*a, 1e-9) {
		t.Errorf("LLR %v then %v", a, b)
	}
}

func TestParseSPRT(t *testing.T) {
	s, err := ParseSPRT("0,5")
	if err != nil || s != (SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}) {
		t.Errorf("0,5: %+v %v", s, err)
	}
	s, err = ParseSPRT("-3,2,0.1,0.2")
	if err != nil || s != (SPRT{Elo0: -3, Elo1: 2, Alpha: 0.1, Beta: 0.2}) {
		t.Errorf("-3,2,0.1,0.2: %+v %v", s, err)
	}
	for _, bad := range []string{"5", "5,0", "a,b", "0,5,0.6,0.1", "0,5,1"} {
		if _, err := ParseSPRT(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}
