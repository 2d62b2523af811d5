package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
)

// gameSetup is what the 対局開始 dialog chose; the last one is remembered in the preferences.
type gameSetup struct {
	Players   [2]string // each side's engine by name; "" a person
	Main      time.Duration
	Byoyomi   time.Duration
	Increment time.Duration
	Unlimited bool
	FromBoard bool // start from the position on the board, not the standard one
	Ponder    bool
}

const (
	prefGameBlack     = "game.black" // "" a person, else the engine's name
	prefGameWhite     = "game.white"
	prefGameMain      = "game.mainMinutes"
	prefGameByoyomi   = "game.byoyomiSeconds"
	prefGameIncrement = "game.incrementSeconds"
	prefGameUnlimited = "game.unlimited"
	prefGameFromBoard = "game.fromBoard"
	prefGamePonder    = "game.ponder"
	prefGameSaved     = "game.saved" // a setup was kept: the fields above mean what they say
)

// GameSetup returns the last game's setup, or (none yet) a person with Black against
// engine with White, 10 minutes and 30 s byoyomi, from the standard position.
func (s Settings) gameSetup(engine string) gameSetup {
	if !s.p.Bool(prefGameSaved) {
		return gameSetup{Players: [2]string{"", engine}, Main: 10 * time.Minute, Byoyomi: 30 * time.Second}
	}
	sec := func(key string, unit time.Duration) time.Duration {
		return time.Duration(s.p.Float(key) * float64(unit))
	}
	return gameSetup{Players: [2]string{s.p.String(prefGameBlack), s.p.String(prefGameWhite)},
		Main: sec(prefGameMain, time.Minute), Byoyomi: sec(prefGameByoyomi, time.Second),
		Increment: sec(prefGameIncrement, time.Second), Unlimited: s.p.Bool(prefGameUnlimited),
		FromBoard: s.p.Bool(prefGameFromBoard), Ponder: s.p.Bool(prefGamePonder)}
}

// setGameSetup remembers a game's setup.
func (s Settings) setGameSetup(g gameSetup) {
	s.p.SetString(prefGameBlack, g.Players[0])
	s.p.SetString(prefGameWhite, g.Players[1])
	s.p.SetFloat(prefGameMain, g.Main.Minutes())
	s.p.SetFloat(prefGameByoyomi, g.Byoyomi.Seconds())
	s.p.SetFloat(prefGameIncrement, g.Increment.Seconds())
	s.p.SetBool(prefGameUnlimited, g.Unlimited)
	s.p.SetBool(prefGameFromBoard, g.FromBoard)
	s.p.SetBool(prefGamePonder, g.Ponder)
	s.p.SetBool(prefGameSaved, true)
}

// StartGameDialog asks who plays each side (a person or an engine of the list tagged for
// play), the time, where the game starts and whether engines ponder, then starts the game.
func (w *MainWindow) StartGameDialog() {
	gt := w.gameText()
	if w.game.run != nil {
		w.showMessage(gt.DialogTitle, gt.GameRunning)
		return
	}
	w.study.withEngines(engine.TagPlay, func(list []engine.Definition) {
		if w.game.dialogOpen {
			return // Ctrl+G pressed again while the dialog is up
		}
		w.game.dialogOpen = true
		setup := w.settings.gameSetup(list[preferred(list)].Name)
		choices := []string{gt.Human}
		for _, d := range list {
			choices = append(choices, d.Name)
		}
		sides := [2]*widget.Select{widget.NewSelect(choices, nil), widget.NewSelect(choices, nil)}
		for i, s := range sides {
			s.SetSelected(gt.Human)
			if p := setup.Players[i]; p != "" {
				s.SetSelected(p) // an engine no longer in the list leaves 人
			}
		}
		swap := widget.NewButton(gt.Swap, func() {
			a, b := sides[0].Selected, sides[1].Selected
			sides[0].SetSelected(b)
			sides[1].SetSelected(a)
		})
		num := func(d time.Duration, unit time.Duration) *widget.Entry {
			e := widget.NewEntry()
			e.SetText(strconv.FormatFloat(float64(d)/float64(unit), 'f', -1, 64))
			return e
		}
		mainE, byoE, incE := num(setup.Main, time.Minute), num(setup.Byoyomi, time.Second), num(setup.Increment, time.Second)
		unlimited := widget.NewCheck(gt.Unlimited, nil)
		unlimited.SetChecked(setup.Unlimited)
		from := widget.NewRadioGroup([]string{gt.StartHere, gt.StartEven}, nil)
		from.SetSelected(gt.StartEven)
		if setup.FromBoard {
			from.SetSelected(gt.StartHere)
		}
		ponder := widget.NewCheck(gt.Ponder, nil)
		ponder.SetChecked(setup.Ponder)
		errLabel := widget.NewLabel("")
		form := widget.NewForm(
			widget.NewFormItem(gt.Black, sides[0]),
			widget.NewFormItem(gt.White, sides[1]),
			widget.NewFormItem("", swap),
			widget.NewFormItem(gt.MainMinutes, mainE),
			widget.NewFormItem(gt.Byoyomi, byoE),
			widget.NewFormItem(gt.Increment, incE),
			widget.NewFormItem("", unlimited),
			widget.NewFormItem(gt.StartFrom, from),
			widget.NewFormItem("", ponder),
		)
		var d *dialog.CustomDialog
		start := widget.NewButton(gt.Start, func() {
			g := gameSetup{Unlimited: unlimited.Checked, FromBoard: from.Selected == gt.StartHere, Ponder: ponder.Checked}
			for i, s := range sides {
				if s.Selected != gt.Human {
					g.Players[i] = s.Selected
				}
			}
			var err error
			for _, f := range []struct {
				label string
				e     *widget.Entry
				unit  time.Duration
				to    *time.Duration
			}{{gt.MainMinutes, mainE, time.Minute, &g.Main}, {gt.Byoyomi, byoE, time.Second, &g.Byoyomi}, {gt.Increment, incE, time.Second, &g.Increment}} {
				if *f.to, err = parseAmount(f.e.Text, f.unit); err != nil {
					errLabel.SetText(fmt.Sprintf(gt.BadNumberF, f.label, f.e.Text))
					return
				}
			}
			d.Hide()
			w.settings.setGameSetup(g)
			var defs [2]*engine.Definition
			for i, name := range g.Players {
				for k := range list {
					if name != "" && list[k].Name == name {
						defs[i] = &list[k]
					}
				}
			}
			w.confirmDiscard(func() { w.game.start(g, defs) })
		})
		start.Importance = widget.HighImportance
		cancel := widget.NewButton(gt.Cancel, func() { d.Hide() })
		d = dialog.NewCustomWithoutButtons(gt.DialogTitle, container.NewVBox(form, errLabel), w.win)
		d.SetButtons([]fyne.CanvasObject{cancel, start})
		d.SetOnClosed(func() { w.game.dialogOpen = false })
		w.lastShown = shownDialog{gt.DialogTitle, "", d}
		d.Show()
	})
}

// parseAmount reads a number of units (minutes or seconds, with a fraction if wanted); ""
// is 0.
func parseAmount(s string, unit time.Duration) (time.Duration, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, nil
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 1e6 {
		return 0, fmt.Errorf("bad amount %q", s)
	}
	return time.Duration(f * float64(unit)), nil
}
