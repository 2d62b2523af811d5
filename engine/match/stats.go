// Package match plays series of games between two engines — colours alternating,
// several games at once, from a list of openings — and scores them: wins, losses,
// draws, the Elo difference with its error bar, and an SPRT stop rule. A series that
// writes its records to a folder resumes from them when run again (Config.Resume).
package match

import (
	"fmt"
	"math"
)

// Score counts a series from the first engine's side.
type Score struct {
	Wins, Losses, Draws int
}

// Games is the number of games scored.
func (s Score) Games() int { return s.Wins + s.Losses + s.Draws }

// Ratio is the first engine's points per game (a draw is half a point).
func (s Score) Ratio() float64 {
	n := s.Games()
	if n == 0 {
		return 0.5
	}
	return (float64(s.Wins) + 0.5*float64(s.Draws)) / float64(n)
}

// eloFromScore is the logistic Elo difference that gives an expected score p.
func eloFromScore(p float64) float64 {
	return -400 * math.Log10(1/p-1)
}

// scoreFromElo is the expected score of a side that is elo stronger.
func scoreFromElo(elo float64) float64 {
	return 1 / (1 + math.Pow(10, -elo/400))
}

// Elo returns the first engine's Elo difference and the half-width of its 95%
// confidence interval, as cutechess-cli reports them. With no games, or all of one
// result, the interval is infinite; every game won (or lost) is an infinite
// difference, +Inf (or -Inf).
func (s Score) Elo() (diff, margin float64) {
	n := float64(s.Games())
	if n == 0 {
		return 0, math.Inf(1)
	}
	p := s.Ratio()
	w, l, d := float64(s.Wins)/n, float64(s.Losses)/n, float64(s.Draws)/n
	dev := w*math.Pow(1-p, 2) + l*math.Pow(0-p, 2) + d*math.Pow(0.5-p, 2)
	// a few identical results say little: floor the variance as the SPRT does
	dev = math.Max(dev, 0.25/(n+1))
	stdev := math.Sqrt(dev / n)
	if p >= 1 {
		return math.Inf(1), math.Inf(1)
	}
	if p <= 0 {
		return math.Inf(-1), math.Inf(1)
	}
	const z95 = 1.959963984540054
	lo, hi := p-z95*stdev, p+z95*stdev
	if lo <= 0 || hi >= 1 {
		return eloFromScore(p), math.Inf(1)
	}
	return eloFromScore(p), (eloFromScore(hi) - eloFromScore(lo)) / 2
}

// String is "12-5-3 (score 0.675): Elo +127 ± 163".
func (s Score) String() string {
	return fmt.Sprintf("%d-%d-%d (score %.3f): Elo %s", s.Wins, s.Losses, s.Draws, s.Ratio(), s.EloText(0))
}

// EloText writes the Elo difference and its error bar with prec decimals, "+127 ± 163";
// an unbounded error bar as "± ∞"; an infinite difference (every game won or lost)
// as "+∞" or "-∞", with no error bar.
func (s Score) EloText(prec int) string {
	diff, margin := s.Elo()
	switch {
	case math.IsInf(diff, 1):
		return "+∞"
	case math.IsInf(diff, -1):
		return "-∞"
	case math.IsInf(margin, 0):
		return fmt.Sprintf("%+.*f ± ∞", prec, diff+0) // +0 turns -0 into 0
	}
	return fmt.Sprintf("%+.*f ± %.*f", prec, diff+0, prec, margin)
}

// SPRT is a sequential probability ratio test between two hypotheses about the
// first engine's Elo advantage: H0 Elo0, H1 Elo1, with error rates Alpha and Beta.
type SPRT struct {
	Elo0, Elo1  float64
	Alpha, Beta float64
}

// Verdict of an SPRT.
type Verdict int

const (
	Continue Verdict = iota
	AcceptH0         // the engine is not Elo1 stronger: stop
	AcceptH1         // the engine is Elo1 stronger: stop
)

func (v Verdict) String() string {
	return [...]string{"continue", "H0 accepted", "H1 accepted"}[v]
}

// Bounds returns the log-likelihood-ratio bounds (lower, upper).
func (t SPRT) Bounds() (float64, float64) {
	return math.Log(t.Beta / (1 - t.Alpha)), math.Log((1 - t.Beta) / t.Alpha)
}

// LLR is the generalised SPRT log-likelihood ratio of a score (the normal
// approximation fishtest uses). The per-game variance is floored at what one more
// draw would give, 0.25/(n+1), so that a one-sided score (all wins) still decides.
func (t SPRT) LLR(s Score) float64 {
	n := float64(s.Games())
	if n == 0 {
		return 0
	}
	p := s.Ratio()
	w, l, d := float64(s.Wins)/n, float64(s.Losses)/n, float64(s.Draws)/n
	v := w*math.Pow(1-p, 2) + l*math.Pow(0-p, 2) + d*math.Pow(0.5-p, 2)
	v = math.Max(v, 0.25/(n+1))
	s0, s1 := scoreFromElo(t.Elo0), scoreFromElo(t.Elo1)
	return n * (s1 - s0) * (2*p - s0 - s1) / (2 * v)
}

// Verdict judges a score.
func (t SPRT) Verdict(s Score) Verdict {
	llr := t.LLR(s)
	lo, hi := t.Bounds()
	switch {
	case llr >= hi:
		return AcceptH1
	case llr <= lo:
		return AcceptH0
	}
	return Continue
}

// ParseSPRT reads "elo0,elo1" with optional ",alpha,beta" (default 0.05 each).
func ParseSPRT(s string) (SPRT, error) {
	t := SPRT{Alpha: 0.05, Beta: 0.05}
	var n int
	var err error
	switch c := countCommas(s); c {
	case 1:
		n, err = fmt.Sscanf(s, "%g,%g", &t.Elo0, &t.Elo1)
	case 3:
		n, err = fmt.Sscanf(s, "%g,%g,%g,%g", &t.Elo0, &t.Elo1, &t.Alpha, &t.Beta)
	default:
		return t, fmt.Errorf("sprt %q: want elo0,elo1 or elo0,elo1,alpha,beta", s)
	}
	if err != nil || n < 2 {
		return t, fmt.Errorf("sprt %q: want numbers, like 0,5", s)
	}
	if t.Elo1 <= t.Elo0 || t.Alpha <= 0 || t.Alpha >= 0.5 || t.Beta <= 0 || t.Beta >= 0.5 {
		return t, fmt.Errorf("sprt %q: want elo0 < elo1 and 0 < alpha, beta < 0.5", s)
	}
	return t, nil
}

func countCommas(s string) int {
	n := 0
	for _, r := range s {
		if r == ',' {
			n++
		}
	}
	return n
}
