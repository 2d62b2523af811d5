package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// showFormDialog shows a dialog of a form at least width wide, a line under it for what is
// wrong with the form, and two buttons: cancelLabel closes it, okLabel (the main one) runs
// ok, which says what is wrong in problem and returns, or calls close and goes on. Esc is the
// cancel, Enter the main button (dialogkeys.go). The 棋譜解析 of a folder, the conversion of
// a folder and the 定跡's additions are such dialogs.
func (w *MainWindow) showFormDialog(title string, width float32, form fyne.CanvasObject, cancelLabel, okLabel string,
	ok func(problem *widget.Label, close func())) {
	problem := widget.NewLabel("")
	problem.Wrapping = fyne.TextWrapWord
	problem.Importance = widget.DangerImportance
	minWidth := canvas.NewRectangle(nil)
	minWidth.SetMinSize(fyne.NewSize(width, 1))
	var d *dialog.CustomDialog
	start := widget.NewButton(okLabel, func() { ok(problem, d.Hide) })
	start.Importance = widget.HighImportance
	cancel := widget.NewButton(cancelLabel, func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons(title, container.NewVBox(minWidth, form, problem), w.win)
	d.SetButtons([]fyne.CanvasObject{cancel, start})
	w.lastShown = shownDialog{title, "", d}
	d.Show()
	answerKeys(w.win.Canvas(), d.Hide, start.OnTapped)
}
