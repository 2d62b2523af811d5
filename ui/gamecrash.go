package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

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
	var d *dialog.CustomDialog
	end := widget.NewButton(gt.EndGame, func() {
		d.Hide()
		go func() { _ = r.runner.Forfeit() }() // the poll shows the end
	})
	restart := widget.NewButton(gt.RestartEngine, func() {
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
	restart.Importance = widget.HighImportance
	d = dialog.NewCustomWithoutButtons(gt.CrashTitle, messageContent(text), w.win)
	d.SetButtons([]fyne.CanvasObject{end, restart})
	r.crashDialog = d
	w.lastShown = shownDialog{gt.CrashTitle, text, d}
	d.Show()
}
