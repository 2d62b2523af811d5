package ui

import (
	"fmt"

	"banmen/engine/game"
)

// An engine that dies in the middle of a game pauses it (game.RunnerConfig.PauseOnFailure):
// the window asks whether to start the engine again and go on with the same game, from the
// same position with the clocks as they were, or to end the game there (the engine loses,
// エラー in the record).

// offerRestart shows, once per failure, the dialog of a game paused by s.Failed's engine.
func (c *gameCtl) offerRestart(r *gameRun, s game.Snapshot) {
	if r.crashDialog != nil || r.restarting {
		return
	}
	w := c.w
	gt := w.gameText()
	text := fmt.Sprintf(gt.CrashF, r.names[s.Failed], s.Failure)
	w.setStatus(fmt.Sprintf(gt.CrashedF, r.names[s.Failed]))
	var d *plainDialog // no bold text: no second parse of the font (plaindialog.go)
	end := newPlainButton(gt.EndGame, false, func() {
		d.Hide()
		go func() { _ = r.runner.Forfeit() }() // the poll shows the end
	})
	restart := newPlainButton(gt.RestartEngine, true, func() {
		d.Hide()
		r.restarting = true
		w.setStatus(fmt.Sprintf(gt.StartingF, r.names[s.Failed]))
		go func() {
			err := r.runner.Restart()
			c.post(func() {
				r.restarting, r.crashDialog = false, nil
				if err != nil && c.run == r {
					w.showError(gt.CrashTitle, fmt.Sprintf(gt.RestartFailedF, r.names[s.Failed]), err.Error())
				}
			})
		}()
	})
	d = newPlainDialog(gt.CrashTitle, messageContent(text), []*plainButton{end, restart}, w.win)
	r.crashDialog = d
	w.lastShown = shownDialog{gt.CrashTitle, text, d}
	d.Show()
}
