package ui

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/match"
	"banmen/internal/atomicfile"
	"banmen/kifu"
)

// 連続対局: engine against engine, N games one after another in the window. Each game is
// an ordinary game of gameCtl (gameflow.go); when it ends (gameCtl.end calls ended) its
// record is written into the folder chosen in the dialog (named by the series' start and
// the game's number), the score is counted from the
// first engine's side, and the next game starts with the colours swapped and, when a
// file of start positions is used, its next position. A small score line at the foot
// (W-L-D and Elo ± error, engine/match's maths) stays visible; its 中止 button aborts the
// game under way (中断, saved like the others) and ends the series.

// gameSeries is one series. Its fields belong to the Fyne goroutine.
type gameSeries struct {
	w        *MainWindow
	setup    gameSetup             // the first game's: Players[0] is the engine scored
	defs     [2]*engine.Definition // the first game's engines, Black and White
	openings []match.Opening       // start positions, in the order used; nil none
	total    int                   // games to play
	played   int                   // games started
	score    match.Score           // from defs[0]'s side
	run      *gameRun              // the game under way
	stopped  bool                  // 中止 pressed, or a game was aborted
	errs     []string              // records that could not be written, engines that failed
	saved    []string              // the files written, in order
	stamp    string                // when the series started: its files' prefix
	box      *fyne.Container       // the score line and its button, at the foot
	label    *widget.Label
	button   *widget.Button
}

// startSeries starts a series of g.Games games between the engines defs.
func (c *gameCtl) startSeries(g gameSetup, defs [2]*engine.Definition, openings []match.Opening) {
	w := c.w
	st := w.gameSetupText()
	s := &gameSeries{w: w, setup: g, defs: defs, openings: openings, total: max(g.Games, 1),
		stamp: time.Now().Format("20060102-150405")}
	s.label = widget.NewLabel("")
	s.button = widget.NewButton(st.SeriesStop, s.stop)
	s.box = container.NewHBox(s.label, s.button)
	c.series = s
	w.progressHolder.Add(s.box)
	w.progressHolder.Show()
	s.showScore()
	s.next()
}

// gameNumberWidth is how many digits the game numbers of the files have: they sort by
// number.
func (s *gameSeries) gameNumberWidth() int { return max(3, len(fmt.Sprint(s.total))) }

// fileName is the name of game n's record: the series' start, the game's number, the
// players; a series' files sort by number, and a later series into the same folder
// overwrites none of them.
func (s *gameSeries) fileName(n int, names [2]string) string {
	return fmt.Sprintf("%s_%0*d_%s_vs_%s.kif", s.stamp, s.gameNumberWidth(), n, fileSafe(names[0]), fileSafe(names[1]))
}

// next starts the next game, or ends the series.
func (s *gameSeries) next() {
	if s.stopped || s.played >= s.total {
		s.finish()
		return
	}
	g, defs := s.setup, s.defs
	if s.played%2 == 1 {
		g = g.swapped()
		defs[0], defs[1] = defs[1], defs[0]
	}
	if len(s.openings) > 0 {
		g.opening = &s.openings[s.played%len(s.openings)]
	}
	s.played++
	s.showScore()
	s.w.game.start(g, defs)
	s.run = s.w.game.run
}

// firstIsBlack reports whether the engine scored played Black in game n (1-based).
func (s *gameSeries) firstIsBlack(n int) bool { return n%2 == 1 }

// ended is called by gameCtl.end when a game stops: it saves the game's record, counts
// its result and starts the next game.
func (s *gameSeries) ended(r *gameRun) {
	if r != s.run || s.w.game.series != s {
		return
	}
	s.run = nil
	st := s.w.gameSetupText()
	res, over := r.runner.Result()
	if err := r.runner.Err(); err != nil || !over {
		s.stopped = true // an engine that cannot start: the window says why
		if err != nil {
			s.errs = append(s.errs, err.Error())
		}
	}
	var data []byte
	r.runner.WithRecord(func(rec *kifu.Record) { data = []byte(kifu.FormatKIF(rec)) })
	if data != nil {
		path := filepath.Join(s.setup.SaveDir, s.fileName(s.played, r.names))
		if err := atomicfile.Write(path, data, 0o644); err != nil {
			s.errs = append(s.errs, fmt.Sprintf(st.SeriesSaveFailedF, err))
			s.stopped = true
		} else {
			s.saved = append(s.saved, path)
		}
	}
	switch {
	case res.Reason == game.Aborted:
		s.stopped = true // 中断: not counted
	case res.Reason == game.PlayerFailure:
		s.errs = append(s.errs, res.Detail)
		fallthrough
	default:
		if over {
			s.count(res, s.firstIsBlack(s.played))
		}
	}
	s.showScore()
	// after the game's own end (its dialog is shown once this returns)
	s.w.game.post(func() {
		if s.w.game.series != s || s.w.game.run != nil {
			return
		}
		if s.played < s.total && !s.stopped {
			s.hideGameOver()
		}
		s.next()
	})
}

// count adds a game's result to the score, from the first engine's side.
func (s *gameSeries) count(res game.Result, firstIsBlack bool) {
	first := board.Black
	if !firstIsBlack {
		first = board.White
	}
	switch {
	case res.Draw:
		s.score.Draws++
	case res.Winner == first:
		s.score.Wins++
	default:
		s.score.Losses++
	}
}

// scoreText is the score line: the engines, the game, W-L-D and Elo ± error.
func (s *gameSeries) scoreText() string {
	st := s.w.gameSetupText()
	t := fmt.Sprintf(st.SeriesScoreF, s.defs[0].Name, s.defs[1].Name, s.played, s.total,
		s.score.Wins, s.score.Losses, s.score.Draws)
	if s.score.Games() > 0 {
		t += "  " + fmt.Sprintf(st.EloF, s.score.EloText(0))
	}
	if s.stopped && s.played < s.total {
		t += " " + st.SeriesStopped
	}
	return t
}

// showScore puts the score in its line; the foot lays out again around its new width.
func (s *gameSeries) showScore() {
	s.label.SetText(s.scoreText())
	s.w.foot.Refresh()
}

// hideGameOver closes the dialog that said how the last game ended: the next one starts.
func (s *gameSeries) hideGameOver() {
	w := s.w
	if d := w.lastShown.d; d != nil && w.lastShown.title == w.gameText().GameOverTitle {
		d.Hide()
		w.lastShown = shownDialog{}
	}
}

// stop ends the series: the game under way is aborted (中断) and saved.
func (s *gameSeries) stop() {
	if s.w.game.series != s {
		return
	}
	s.stopped = true
	s.showScore()
	if s.run != nil {
		s.run.runner.Abort()
	}
}

// finish says how the series ended; the score line stays until closed.
func (s *gameSeries) finish() {
	w := s.w
	st := w.gameSetupText()
	s.hideGameOver()
	s.showScore()
	s.button.SetText(st.SeriesClose)
	s.button.OnTapped = s.close
	s.w.foot.Refresh()
	w.game.series = nil
	text := fmt.Sprintf(st.SeriesDoneF, s.scoreText(), s.setup.SaveDir)
	if len(s.errs) > 0 {
		text += "\n" + strings.Join(s.errs, "\n")
	}
	w.showMessage(st.SeriesDoneTitle, text)
}

// close takes the score line away.
func (s *gameSeries) close() {
	h := s.w.progressHolder
	h.Remove(s.box)
	if len(h.Objects) == 0 {
		h.Hide()
	}
	s.w.foot.Refresh()
}

// fileSafe is name as part of a file name: letters, digits, - and . kept, the rest _.
func fileSafe(name string) string {
	var b strings.Builder
	for _, r := range name {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '.' {
			b.WriteRune(r)
		} else {
			b.WriteRune('_')
		}
	}
	if b.Len() == 0 {
		return "engine"
	}
	return b.String()
}
