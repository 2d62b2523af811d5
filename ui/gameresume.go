package ui

import (
	"errors"
	"fmt"
	"time"

	"banmen/engine"
	"banmen/engine/game"
	"banmen/kifu"
)

// Continuing a game: a game's record that does not end in a result (中断, or Banmen was
// killed and its autosave restored) can be played on from where it stopped, with the
// clocks as the record's move times leave them (game.FromRecord). The players are read
// from the record's 先手 and 後手: a person by the name the window gives them (あなた,
// You), an engine by its name in the engine list.

// errNotAGame says a record is not a game the window can continue.
var errNotAGame = errors.New("not a game to continue")

// resumableGame reads rec as a game to continue against the engines of list: the saved
// game and each side's engine (nil: a person).
func resumableGame(rec *kifu.Record, list []engine.Definition) (game.Saved, [2]*engine.Definition, error) {
	var defs [2]*engine.Definition
	names := [2]string{rec.BlackName(), rec.WhiteName()}
	for i, name := range names {
		switch {
		case name == "":
			return game.Saved{}, defs, errNotAGame
		case name == japaneseGame.You || name == englishGame.You:
			continue
		}
		found := false
		for _, d := range list {
			if d.Name == name {
				d := d
				defs[i], found = &d, true
				break
			}
		}
		if !found {
			return game.Saved{}, defs, fmt.Errorf("%w: no engine %q in the engine list", errNotAGame, name)
		}
	}
	if end := rec.MainEnd(); end.IsSpecial() && end.Special != kifu.Interrupt {
		return game.Saved{}, defs, fmt.Errorf("%w: the game is over (%s)", errNotAGame, end.Special)
	}
	// a copy: the game writes on the record it continues, the session keeps its own
	copyRec, err := kifu.ParseKIF(kifu.FormatKIF(rec))
	if err != nil {
		return game.Saved{}, defs, err
	}
	saved, err := game.FromRecord(copyRec, game.TimeControl{}, game.TimeControl{})
	return saved, defs, err
}

// ContinueGame plays on the game of the record shown from where it stopped (対局 →
// 対局再開), after asking.
func (w *MainWindow) ContinueGame() {
	if w.game.refuse() || w.refuseEditing(w.gameText().ContinueGame) {
		return
	}
	w.game.offerContinue(func() {}, true)
}

// offerContinue asks whether to play on the game of the record shown, when it is one, and
// then calls next; say tells why not when it is not one.
func (c *gameCtl) offerContinue(next func(), say bool) {
	w := c.w
	rec := w.sess.Record()
	if rec.BlackName() == "" || rec.WhiteName() == "" {
		if say {
			w.showMessage(w.gameText().ContinueTitle, w.gameText().NotAGame)
		}
		next()
		return
	}
	w.study.withEngines("", func(list []engine.Definition) {
		gt := w.gameText()
		saved, defs, err := resumableGame(rec, list)
		if err != nil {
			if say {
				w.showError(gt.ContinueTitle, gt.NotAGame, err.Error())
			}
			next()
			return
		}
		text := fmt.Sprintf(gt.ContinueF, rec.BlackName(), rec.WhiteName(), len(saved.Moves),
			clockText(saved.Clock.Left(0, time.Time{}), saved.Time[0], gt.ByoyomiF),
			clockText(saved.Clock.Left(1, time.Time{}), saved.Time[1], gt.ByoyomiF))
		var d *plainDialog // no bold text: no second parse of the font (plaindialog.go)
		no := newPlainButton(gt.JustTheRecord, false, func() {
			d.Hide()
			next()
		}).cancels()
		yes := newPlainButton(gt.ContinuePlaying, true, func() {
			d.Hide()
			c.resume(saved, defs)
			next()
		})
		d = newPlainDialog(gt.ContinueTitle, messageContent(text), []*plainButton{no, yes}, w.win)
		w.lastShown = shownDialog{gt.ContinueTitle, text, d}
		d.Show()
	})
}

// resume starts the saved game again with the engines defs (nil: a person).
func (c *gameCtl) resume(saved game.Saved, defs [2]*engine.Definition) {
	w := c.w
	if c.run != nil {
		return
	}
	w.study.stop()
	if w.editor != nil {
		w.leaveEditor()
	}
	// the record keeps the moves and the clocks; the rules come from the last setup
	setup := w.settings.gameSetup("")
	cfg := game.RunnerConfig{Game: game.Config{EngineLosesOnTime: !setup.NoTimeLoss, Margin: time.Second,
		MaxMoves: setup.MaxMoves, Impasse: setup.impasseRule()}}
	for i, d := range defs {
		if d != nil {
			cfg.Seats[i] = game.Seat{Engine: d, Ponder: setup.Ponder[i]}
		}
	}
	saved.Apply(&cfg.Game)
	c.clocks.newGame(c.beepIf(setup.Beep))
	c.launch(cfg, defs)
}
