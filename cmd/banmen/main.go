// Command banmen is the Banmen shogi GUI.
//
// Usage:
//
//	banmen [FILE]
//
// For now it opens a window showing the starting position. FILE (a game record or SFEN to
// open) is accepted and reserved for the record readers of a later issue.
package main

import (
	"flag"
	"fmt"
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"banmen/board"
	"banmen/ui"
)

// appID must match FyneApp.toml: Fyne keys the user's preferences and data directory on it.
const appID = "io.banmen.app"

func main() {
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: banmen [FILE]\n\nThe Banmen shogi GUI. FILE, a game record or SFEN to open, is not read yet.\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 1 {
		flag.Usage()
		os.Exit(2)
	}

	a := app.NewWithID(appID)
	a.Settings().SetTheme(ui.NewTheme())
	w := a.NewWindow("Banmen")
	w.SetContent(ui.NewBoard(board.NewStartPosition(), nil))
	w.Resize(fyne.NewSize(960, 680))
	w.ShowAndRun()
}
