package ui

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/game"
	"banmen/engine/match"
	"banmen/kifu"
)

// The 対局開始 dialog (対局 → 対局開始…, Ctrl+G): each side a person or an engine of the
// list (shown by tag, with its option dialog and ponder), the time (持ち時間 h:m:s, 秒読み,
// フィッシャー増加, the same for both sides or each its own, or none; whether an engine
// loses on time; a beep at 10 s left), where the game starts (the board's position, 平手, a handicap, or a
// file of start positions in order or shuffled), 最大手数, the 入玉宣言 rule, and for
// engine against engine a number of games in a row saved into a folder (gameseries.go).
// An engine that cannot take a Fischer increment (game.TakesIncrement) is warned of
// before the game starts. The setup is remembered (gamesetup.go turns it into the
// game's config).

// gameDialog is the dialog's controls. Its fields belong to the Fyne goroutine.
type gameDialog struct {
	w       *MainWindow
	list    []engine.Definition // every registered engine
	filter  *widget.Select
	players *widget.Form // the sides, the swap button and the filter
	sides   [2]*widget.Select
	options [2]*widget.Button
	ponder  [2]*widget.Check
	swap    *widget.Button

	main, byoyomi, increment    [2]*dialogEntry // [1] is White's, used when perSide
	perSide, unlimited, timeOut *widget.Check
	beep                        *widget.Check
	whiteBox                    *fyne.Container

	start              *widget.Select
	file               *dialogEntry
	browseFile         *widget.Button
	shuffle            *widget.Check
	maxMoves, games    *dialogEntry
	impasse            *widget.Select
	saveDir            *dialogEntry
	browseDir          *widget.Button
	errLabel           *widget.Label
	content            fyne.CanvasObject
	startButton, close *widget.Button
	relayout           func() // fits the dialog to its content (White's time shown or hidden)
}

// filters are the tags the engine list can be narrowed to, with their labels.
func (d *gameDialog) filters() ([]string, []string) {
	st := d.w.gameSetupText()
	return []string{engine.TagPlay, engine.TagAnalysis, engine.TagMate, ""},
		[]string{st.FilterPlay, st.FilterAnalysis, st.FilterMate, st.FilterAll}
}

// engineChoices are 人 and the engines the filter shows.
func (d *gameDialog) engineChoices() []string {
	tags, labels := d.filters()
	tag := ""
	for i, l := range labels {
		if l == d.filter.Selected {
			tag = tags[i]
		}
	}
	out := []string{d.w.gameText().Human}
	for _, e := range EnginesWithTag(d.list, tag) {
		out = append(out, e.Name)
	}
	return out
}

// engine returns the engine a side's choice names, or nil (a person).
func (d *gameDialog) engine(side int) *engine.Definition {
	name := d.sides[side].Selected
	for k := range d.list {
		if d.list[k].Name == name && name != d.w.gameText().Human {
			e := d.list[k]
			return &e
		}
	}
	return nil
}

// startChoices are the start positions offered: the board's, every handicap (平手
// first), a file.
func (d *gameDialog) startChoices() []string {
	gt, st := d.w.gameText(), d.w.gameSetupText()
	out := []string{gt.StartHere}
	for _, h := range kifu.Handicaps {
		out = append(out, d.w.msg.handicapLabel(h))
	}
	return append(out, st.StartFile)
}

// newGameDialog makes the dialog's controls for the engines list, showing setup.
func newGameDialog(w *MainWindow, list []engine.Definition, setup gameSetup) *gameDialog {
	gt, st := w.gameText(), w.gameSetupText()
	d := &gameDialog{w: w, list: list}
	_, labels := d.filters()
	d.filter = widget.NewSelect(labels, nil)
	d.filter.SetSelected(labels[0])
	for _, p := range setup.Players {
		for k := range list {
			if p != "" && list[k].Name == p && !contains(d.engineChoices(), p) {
				d.filter.SetSelected(labels[len(labels)-1]) // the last game's engine is not for play: show all
			}
		}
	}
	for i := range d.sides {
		d.sides[i] = widget.NewSelect(d.engineChoices(), nil)
		d.sides[i].SetSelected(gt.Human)
		if p := setup.Players[i]; p != "" {
			d.sides[i].SetSelected(p) // an engine no longer in the list leaves 人
		}
		d.ponder[i] = widget.NewCheck(st.PonderSide, nil)
		d.ponder[i].SetChecked(setup.Ponder[i])
		side := i
		d.options[i] = widget.NewButton(st.Options, func() { d.showOptions(side) })
		d.sides[i].OnChanged = func(string) { d.sideChanged(side) }
		d.sideChanged(i)
	}
	d.filter.OnChanged = func(string) {
		choices := d.engineChoices()
		for i, s := range d.sides {
			sel := s.Selected
			s.Options = choices
			if !contains(choices, sel) {
				sel = gt.Human
			}
			s.SetSelected(sel)
			s.Refresh()
			d.sideChanged(i)
		}
	}
	d.swap = widget.NewButton(gt.Swap, func() {
		a, b := d.sides[0].Selected, d.sides[1].Selected
		pa, pb := d.ponder[0].Checked, d.ponder[1].Checked
		d.sides[0].SetSelected(b)
		d.sides[1].SetSelected(a)
		d.ponder[0].SetChecked(pb)
		d.ponder[1].SetChecked(pa)
		if d.perSide.Checked { // each player keeps their own time, as in a series (gameSetup.swapped)
			for _, p := range [][2]*dialogEntry{d.main, d.byoyomi, d.increment} {
				a, b := p[0].Text, p[1].Text
				p[0].SetText(b)
				p[1].SetText(a)
			}
		}
	})

	hms := func(v time.Duration) *dialogEntry {
		e := newDialogEntry()
		e.SetText(formatHMS(v))
		return e
	}
	secs := func(v time.Duration) *dialogEntry {
		e := newDialogEntry()
		e.SetText(strconv.FormatFloat(v.Seconds(), 'f', -1, 64))
		return e
	}
	d.main = [2]*dialogEntry{hms(setup.Main), hms(setup.WhiteMain)}
	d.byoyomi = [2]*dialogEntry{secs(setup.Byoyomi), secs(setup.WhiteByoyomi)}
	d.increment = [2]*dialogEntry{secs(setup.Increment), secs(setup.WhiteIncrement)}
	d.whiteBox = container.NewVBox(widget.NewLabel(st.WhiteTime), widget.NewForm(
		widget.NewFormItem(st.MainHMS, d.main[1]),
		widget.NewFormItem(gt.Byoyomi, d.byoyomi[1]),
		widget.NewFormItem(gt.Increment, d.increment[1])))
	d.perSide = widget.NewCheck(st.PerSide, func(on bool) {
		if on {
			if d.whiteUnset() { // start from the time both sides had
				for _, p := range [][2]*dialogEntry{d.main, d.byoyomi, d.increment} {
					p[1].SetText(p[0].Text)
				}
			}
			d.whiteBox.Show()
		} else {
			d.whiteBox.Hide()
		}
		if d.relayout != nil {
			d.relayout()
		}
	})
	d.perSide.SetChecked(setup.PerSide)
	if !setup.PerSide {
		d.whiteBox.Hide()
	}
	d.unlimited = widget.NewCheck(gt.Unlimited, nil)
	d.unlimited.SetChecked(setup.Unlimited)
	d.timeOut = widget.NewCheck(st.EngineTimeLoss, nil)
	d.timeOut.SetChecked(!setup.NoTimeLoss)
	d.beep = widget.NewCheck(st.Beep, nil)
	d.beep.SetChecked(setup.Beep)

	d.start = widget.NewSelect(d.startChoices(), nil)
	switch h, ok := handicapByJKF(setup.Handicap); {
	case setup.FromFile:
		d.start.SetSelected(st.StartFile)
	case setup.FromBoard:
		d.start.SetSelected(gt.StartHere)
	case ok:
		d.start.SetSelected(w.msg.handicapLabel(h))
	default:
		d.start.SetSelected(w.msg.handicapLabel(kifu.Handicaps[0]))
	}
	d.file = newDialogEntry()
	d.file.SetText(setup.StartFile)
	d.browseFile = widget.NewButton(st.Browse, func() { d.browse(false, d.file) })
	d.shuffle = widget.NewCheck(st.Shuffle, nil)
	d.shuffle.SetChecked(setup.Shuffle)
	d.maxMoves = newDialogEntry()
	d.maxMoves.SetText(strconv.Itoa(setup.MaxMoves))
	d.maxMoves.SetPlaceHolder(st.MaxMovesHint)
	d.impasse = widget.NewSelect([]string{st.Impasse27, st.Impasse24}, nil)
	d.impasse.SetSelected(st.Impasse27)
	if setup.Impasse == impasse24 {
		d.impasse.SetSelected(st.Impasse24)
	}
	d.games = newDialogEntry()
	d.games.SetText(strconv.Itoa(max(setup.Games, 1)))
	d.saveDir = newDialogEntry()
	d.saveDir.SetText(setup.SaveDir)
	d.browseDir = widget.NewButton(st.Browse, func() { d.browse(true, d.saveDir) })
	d.errLabel = widget.NewLabel("")
	d.errLabel.Wrapping = fyne.TextWrapWord
	d.errLabel.Importance = widget.DangerImportance

	sideRow := func(i int) fyne.CanvasObject {
		return container.NewBorder(nil, nil, nil, container.NewHBox(d.options[i], d.ponder[i]), d.sides[i])
	}
	players := widget.NewForm(
		widget.NewFormItem(gt.Black, sideRow(0)),
		widget.NewFormItem(gt.White, sideRow(1)),
		widget.NewFormItem("", d.swap),
		widget.NewFormItem(st.EngineFilter, d.filter))
	// a handicap game names its sides 下手 and 上手
	d.start.OnChanged = func(sel string) {
		h, ok := w.msg.handicapByLabel(sel)
		if ok && h.JKF != "HIRATE" {
			players.Items[0].Text, players.Items[1].Text = st.Shitate, st.Uwate
		} else {
			players.Items[0].Text, players.Items[1].Text = gt.Black, gt.White
		}
		players.Refresh()
	}
	d.start.OnChanged(d.start.Selected)
	d.players = players
	timeForm := container.NewVBox(widget.NewForm(
		widget.NewFormItem(st.MainHMS, d.main[0]),
		widget.NewFormItem(gt.Byoyomi, d.byoyomi[0]),
		widget.NewFormItem(gt.Increment, d.increment[0])),
		d.perSide, d.whiteBox, d.unlimited, d.timeOut, d.beep)
	startForm := widget.NewForm(
		widget.NewFormItem(gt.StartFrom, d.start),
		widget.NewFormItem(st.StartFile, container.NewBorder(nil, nil, nil, d.browseFile, d.file)),
		widget.NewFormItem("", d.shuffle),
		widget.NewFormItem(st.MaxMoves, d.maxMoves),
		widget.NewFormItem(st.Impasse, d.impasse),
		widget.NewFormItem(st.Games, d.games),
		widget.NewFormItem(st.SaveDir, container.NewBorder(nil, nil, nil, d.browseDir, d.saveDir)))
	d.content = container.NewVBox(players, widget.NewSeparator(),
		container.NewGridWithColumns(2, timeForm, startForm), d.errLabel)
	return d
}

// whiteUnset reports whether White's own time is all zero (never set).
func (d *gameDialog) whiteUnset() bool {
	m, err := parseHMS(d.main[1].Text)
	b, err2 := parseAmount(d.byoyomi[1].Text, time.Second)
	i, err3 := parseAmount(d.increment[1].Text, time.Second)
	return err == nil && err2 == nil && err3 == nil && m == 0 && b == 0 && i == 0
}

// sideChanged enables a side's option button for an engine only, and ponder for an engine
// that can ponder (game.Ponders); otherwise ponder is shown off (a tick left by the engine
// chosen before said it would ponder).
func (d *gameDialog) sideChanged(i int) {
	e := d.engine(i)
	if e == nil {
		d.options[i].Disable()
	} else {
		d.options[i].Enable()
	}
	if e == nil || !game.Ponders(*e) {
		d.ponder[i].SetChecked(false)
		d.ponder[i].Disable()
	} else {
		d.ponder[i].Enable()
	}
}

// showOptions opens the option dialog of a side's engine; what it saves goes into the
// registry and into the game about to start.
func (d *gameDialog) showOptions(side int) {
	e := d.engine(side)
	if e == nil {
		return
	}
	w := d.w
	reg, err := w.study.registry()
	if err != nil {
		d.errLabel.SetText(err.Error())
		return
	}
	txt, lang := w.roomText()
	var favs []string
	prefs := w.app.Preferences()
	if prefs != nil {
		favs = prefs.StringList(favKey(e.ID))
	}
	f := newOptionForm(*e, txt, lang, favs, nil, nil)
	f.onFavs = func(names []string) {
		if prefs != nil {
			prefs.SetStringList(favKey(e.ID), names)
		}
	}
	showOptionDialog(w.win, f, e.Name, func(ch map[string]string) error {
		if err := saveOptions(reg, e.ID, ch); err != nil {
			return err
		}
		if fresh, ok := reg.Find(e.ID); ok {
			for k := range d.list {
				if d.list[k].ID == e.ID {
					d.list[k] = fresh
				}
			}
		}
		return nil
	}, nil)
}

// browse asks for a file or a folder with the desktop's dialog, into entry.
func (d *gameDialog) browse(folder bool, entry *dialogEntry) {
	w := d.w
	if w.opts.Dialogs == nil {
		w.setStatus(w.msg.NoFileDialog)
		return
	}
	title := w.gameSetupText().StartFile
	if folder {
		title = w.gameSetupText().SaveDir
	}
	w.opts.Async(func() {
		var p string
		var err error
		if fd, ok := w.opts.Dialogs.(FolderDialogs); ok && folder {
			p, err = fd.OpenFolder(title)
		} else {
			p, err = w.opts.Dialogs.OpenFile(title, nil)
		}
		fyne.Do(func() {
			if err != nil {
				d.errLabel.SetText(err.Error())
			} else if p != "" {
				entry.SetText(p)
			}
		})
	})
}

// read returns the setup the controls show, or what is wrong with it.
func (d *gameDialog) read() (gameSetup, error) {
	gt, st := d.w.gameText(), d.w.gameSetupText()
	g := gameSetup{PerSide: d.perSide.Checked, Unlimited: d.unlimited.Checked, NoTimeLoss: !d.timeOut.Checked, Beep: d.beep.Checked,
		Shuffle: d.shuffle.Checked, StartFile: strings.TrimSpace(d.file.Text), SaveDir: strings.TrimSpace(d.saveDir.Text)}
	for i, s := range d.sides {
		if s.Selected != gt.Human && s.Selected != "" {
			g.Players[i] = s.Selected
			g.Ponder[i] = d.ponder[i].Checked
		}
	}
	var err error
	for _, f := range []struct {
		label string
		e     *dialogEntry
		to    *time.Duration
		hms   bool
	}{{st.MainHMS, d.main[0], &g.Main, true}, {gt.Byoyomi, d.byoyomi[0], &g.Byoyomi, false},
		{gt.Increment, d.increment[0], &g.Increment, false}, {st.MainHMS, d.main[1], &g.WhiteMain, true},
		{gt.Byoyomi, d.byoyomi[1], &g.WhiteByoyomi, false}, {gt.Increment, d.increment[1], &g.WhiteIncrement, false}} {
		if f.hms {
			*f.to, err = parseHMS(f.e.Text)
			if err != nil {
				return g, fmt.Errorf(st.BadHMSF, f.label, f.e.Text)
			}
		} else if *f.to, err = parseAmount(f.e.Text, time.Second); err != nil {
			return g, fmt.Errorf(gt.BadNumberF, f.label, f.e.Text)
		}
	}
	switch sel := d.start.Selected; sel {
	case gt.StartHere:
		g.FromBoard = true
	case st.StartFile:
		g.FromFile = true
	default:
		if h, ok := d.w.msg.handicapByLabel(sel); ok {
			g.Handicap = h.JKF
		}
	}
	if d.impasse.Selected == st.Impasse24 {
		g.Impasse = impasse24
	}
	for _, f := range []struct {
		label string
		e     *dialogEntry
		to    *int
	}{{st.MaxMoves, d.maxMoves, &g.MaxMoves}, {st.Games, d.games, &g.Games}} {
		n, err := strconv.Atoi(strings.TrimSpace(f.e.Text))
		if strings.TrimSpace(f.e.Text) == "" {
			n, err = 0, nil
		}
		if err != nil || n < 0 {
			return g, fmt.Errorf(st.BadCountF, f.label, f.e.Text)
		}
		*f.to = n
	}
	return g, nil
}

// check returns what keeps g from starting with the engines defs, and the start
// positions of the file, read now (nil when no file is used).
func (d *gameDialog) check(g gameSetup, defs [2]*engine.Definition) ([]match.Opening, error) {
	st := d.w.gameSetupText()
	if g.Games > 1 {
		if defs[0] == nil || defs[1] == nil {
			return nil, fmt.Errorf("%s", st.GamesNeedEngines)
		}
		if g.SaveDir == "" {
			return nil, fmt.Errorf("%s", st.NeedSaveDir)
		}
		if err := os.MkdirAll(g.SaveDir, 0o755); err != nil {
			return nil, err
		}
	}
	if g.FromBoard {
		// the board may show a position read as given (a composed problem's extra pieces, 二歩)
		if _, err := board.ParseSFEN(d.w.sess.Position().SFEN()); err != nil {
			return nil, fmt.Errorf(st.BoardUnplayableF, impossibleReason(err, d.w.msg == MessagesFor(Japanese)))
		}
	}
	if !g.FromFile {
		return nil, nil
	}
	if g.StartFile == "" {
		return nil, fmt.Errorf("%s", st.NoStartFile)
	}
	list, err := readStartPositions(g.StartFile, g.Shuffle, nil)
	if err != nil {
		return nil, fmt.Errorf(st.StartFileErrorF, err)
	}
	return list, nil
}

// StartGameDialog asks who plays each side, the time, where the game starts and the
// rules, then starts the game (or the series).
func (w *MainWindow) StartGameDialog() {
	gt := w.gameText()
	if w.game.run != nil || w.game.series != nil {
		w.showMessage(gt.DialogTitle, gt.GameRunning)
		return
	}
	if w.refuseEditing(gt.DialogTitle) {
		return
	}
	w.study.withEngines("", func(list []engine.Definition) {
		if w.game.dialogOpen {
			return // Ctrl+G pressed again while the dialog is up
		}
		w.game.dialogOpen = true
		play := EnginesWithTag(list, engine.TagPlay)
		d := newGameDialog(w, list, w.settings.gameSetup(play[preferred(play)].Name))
		var dlg *dialog.CustomDialog
		d.startButton = widget.NewButton(gt.Start, func() { d.submit(dlg) })
		d.startButton.Importance = widget.HighImportance
		d.close = widget.NewButton(gt.Cancel, func() { dlg.Hide() })
		dlg = dialog.NewCustomWithoutButtons(gt.DialogTitle, d.content, w.win)
		dlg.SetButtons([]fyne.CanvasObject{d.close, d.startButton})
		dlg.SetOnClosed(func() { w.game.dialogOpen = false })
		d.relayout = func() {
			m := dlg.MinSize()
			dlg.Resize(fyne.NewSize(max(m.Width, 960), m.Height)) // room for the paths
		}
		d.relayout()
		w.lastShown = shownDialog{gt.DialogTitle, "", dlg}
		dlg.Show()
		answerKeys(w.win.Canvas(), dlg.Hide, func() { d.submit(dlg) })
	})
}

// submit starts what the dialog sets up, after the warning about increments if one is due.
func (d *gameDialog) submit(dlg dialog.Dialog) {
	w := d.w
	st := w.gameSetupText()
	g, err := d.read()
	if err != nil {
		d.errLabel.SetText(err.Error())
		return
	}
	defs := [2]*engine.Definition{d.engine(0), d.engine(1)}
	openings, err := d.check(g, defs)
	if err != nil {
		d.errLabel.SetText(err.Error())
		return
	}
	d.errLabel.SetText("")
	begin := func() {
		dlg.Hide()
		w.settings.setGameSetup(g)
		w.confirmDiscard(func() {
			if g.Games > 1 {
				w.game.startSeries(g, defs, openings)
				return
			}
			if len(openings) > 0 {
				g.opening = &openings[0]
			}
			w.game.start(g, defs)
		})
	}
	refused := g.incrementRefused(defs)
	if g.Games > 1 {
		refused = append(refused, g.swapped().incrementRefused([2]*engine.Definition{defs[1], defs[0]})...)
	}
	if len(refused) == 0 {
		begin()
		return
	}
	var names []string
	for _, n := range refused {
		if !contains(names, n) {
			names = append(names, n)
		}
	}
	text := fmt.Sprintf(st.IncrementWarnF, strings.Join(names, ", "))
	warn := newPlainConfirm(st.IncrementWarnTitle, st.StartAnyway, st.Back, messageContent(text),
		func(ok bool) {
			if ok {
				begin()
			}
		}, w.win)
	w.lastShown = shownDialog{st.IncrementWarnTitle, text, warn}
	warn.Show()
}
