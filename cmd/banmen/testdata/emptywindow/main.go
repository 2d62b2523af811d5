// Command emptywindow is the yardstick of Banmen's memory test: the smallest Fyne program, a
// window with one label, the size of Banmen's. What it holds is what Fyne, GLFW and the OpenGL
// driver cost any Fyne program on the machine.
package main

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/widget"
)

func main() {
	a := app.NewWithID("io.banmen.emptywindow")
	w := a.NewWindow("emptywindow")
	w.SetContent(widget.NewLabel("Fyne"))
	w.Resize(fyne.NewSize(1180, 760))
	w.ShowAndRun()
}
