package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
)

// エンジン設定 (Engines…): the window where engines are registered and set up. On the left
// the list of registered engines (name, author, path, tags) with 追加 (a file dialog, then
// the program is probed with "usi" while a progress dialog shows, which Cancel stops), 削除
// (asks; the bundled engine can't be deleted), 複製, 名前の変更, 上へ and 下へ. On the right
// the chosen engine's settings: arguments, working folder, environment, output encoding,
// timeout scale and tags, written by 保存 (Save); オプション… (the option dialog, optiondialog.go)
// and the list's buttons write to the registry at once, on a fresh read of the file
// (engine.Registry). Settings changed and not saved are kept while the same engine stays
// chosen (a rename, a move, its options), and asked about (保存, 保存しない, キャンセル) before
// another engine is chosen or the window closes: they were dropped unasked.

// FolderDialogs is what FileDialogs may also do: ask for a folder (for options whose name
// ends in Dir, Folder or Path). Without it, a file is asked for.
type FolderDialogs interface {
	// OpenFolder asks for a folder and returns its path, or "" when the user cancelled.
	OpenFolder(title string) (string, error)
}

// engineSettings is the エンジン設定 window. Its fields belong to the Fyne goroutine.
type engineSettings struct {
	win     fyne.Window
	txt     *roomText
	lang    Lang
	reg     *engine.Registry
	dialogs FileDialogs
	async   func(func()) // runs slow work (dialogs, probes) off the Fyne goroutine
	post    func(func()) // runs a function on the Fyne goroutine
	prefs   fyne.Preferences
	running func() []*engine.Running // the engines running now (for option buttons)
	openLog func(*engine.Running)    // opens a running engine's protocol log (nil: no button)
	ended   func() []*engine.Running // the last engines that ended, newest first (nil: none)

	// seams for the tests: questions the user answers
	confirm func(title, text string, then func())
	ask     func(title, label, initial string, then func(string))
	// askSave asks whether to save the settings changed (text): save, don't, or cancel
	askSave func(text string, save, dont, cancel func())
	// probeScale multiplies the probe's timeouts (tests shorten them)
	probeScale float64

	engines []engine.Definition
	sel     int // the engine chosen in the list, -1 for none
	list    *widget.List

	program               *widget.Label  // the chosen engine's program
	changeProgram         *widget.Button // 変更…: another program for it, its settings kept
	args, dir, scale, env *widget.Entry
	enc                   *widget.Select
	tags                  map[string]*widget.Check
	detail                *fyne.Container
	status                *widget.Label
	add, del, dup, ren    *widget.Button
	up, down, opts, save  *widget.Button
	logB                  *widget.Button

	// while a probe runs
	progress    dialog.Dialog
	cancelProbe *widget.Button
	// the last failure shown, and the option dialog shown (for tests)
	failure     string
	optionForm  *optionForm
	optionsShow dialog.Dialog
}

var encodingChoices = []string{engine.EncodingAuto, engine.EncodingUTF8, engine.EncodingShiftJIS}

func (e *engineSettings) encodingLabel(enc string) string {
	switch enc {
	case engine.EncodingUTF8:
		return "UTF-8"
	case engine.EncodingShiftJIS:
		return "Shift_JIS"
	}
	return e.txt.EncodingAuto
}

var tagOrder = []string{engine.TagAnalysis, engine.TagPlay, engine.TagMate}

func (e *engineSettings) tagLabel(tag string) string {
	switch tag {
	case engine.TagAnalysis:
		return e.txt.TagAnalysis
	case engine.TagPlay:
		return e.txt.TagPlay
	case engine.TagMate:
		return e.txt.TagMate
	}
	return tag
}

// newEngineSettings makes the window's content in win.
func newEngineSettings(win fyne.Window, reg *engine.Registry, txt *roomText, lang Lang, dialogs FileDialogs,
	prefs fyne.Preferences, running func() []*engine.Running, async, post func(func())) *engineSettings {
	e := &engineSettings{win: win, txt: txt, lang: lang, reg: reg, dialogs: dialogs, prefs: prefs,
		running: running, async: async, post: post, sel: -1, probeScale: 1}
	e.confirm = func(title, text string, then func()) {
		// buttons named by what they do (Fyne's はい/いいえ came in the system's language, not
		// the window's), the deletion in red; Enter does not delete: it must be clicked
		var d *plainDialog
		no := newPlainButton(txt.Cancel, false, func() { d.Hide() }).cancels()
		yes := newPlainButtonOf(title, widget.DangerImportance, func() { d.Hide(); then() })
		d = newPlainDialog(title, messageContent(text), []*plainButton{no, yes}, win)
		d.Show()
	}
	e.ask = func(title, label, initial string, then func(string)) {
		entry := newDialogEntry()
		entry.SetText(initial)
		d := dialog.NewForm(title, txt.OK, txt.Cancel, []*widget.FormItem{widget.NewFormItem(label, entry)}, func(ok bool) {
			if ok {
				then(entry.Text)
			}
		}, win)
		entry.OnSubmitted = func(string) { d.Submit() } // Enter in the name
		d.Resize(fyne.NewSize(420, d.MinSize().Height)) // room for a long name, as しおり's
		d.Show()
		answerKeys(win.Canvas(), d.Hide, d.Submit)
		win.Canvas().Focus(entry)
	}
	e.askSave = func(text string, save, dont, cancel func()) {
		var d *plainDialog
		yes := newPlainButton(txt.Save, true, func() { d.Hide(); save() })
		no := newPlainButton(txt.DontSave, false, func() { d.Hide(); dont() })
		back := newPlainButton(txt.Cancel, false, func() { d.Hide(); cancel() }).cancels()
		d = newPlainDialog(txt.EngineListTitle, messageContent(text), []*plainButton{back, no, yes}, win)
		win.RequestFocus() // the main window's closing asks here too
		d.Show()
	}
	e.build()
	e.reload("")
	return e
}

// build makes the window's content: the list of engines on the left, the chosen one's
// settings on the right.
func (e *engineSettings) build() {
	split := container.NewHSplit(e.buildList(), e.buildDetail())
	split.Offset = 0.42
	e.win.SetContent(split)
}

// buildList makes the list of engines with the buttons under it.
func (e *engineSettings) buildList() fyne.CanvasObject {
	txt := e.txt
	e.list = widget.NewList(func() int { return len(e.engines) }, func() fyne.CanvasObject {
		name := widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		name.Truncation = fyne.TextTruncateEllipsis
		sub := widget.NewLabel("")
		sub.Truncation = fyne.TextTruncateEllipsis
		sub.SizeName = theme.SizeNameCaptionText
		return container.NewVBox(name, sub)
	}, func(i widget.ListItemID, o fyne.CanvasObject) {
		if i >= len(e.engines) {
			return
		}
		title, sub := e.listItemText(e.engines[i])
		box := o.(*fyne.Container)
		box.Objects[0].(*widget.Label).SetText(title)
		box.Objects[1].(*widget.Label).SetText(sub)
	})
	e.list.OnSelected = e.selectAsking

	e.add = widget.NewButton(txt.Add, func() { e.guard(e.Add, nil) })
	e.del = widget.NewButton(txt.Delete, e.Delete)
	e.dup = widget.NewButton(txt.Duplicate, func() { e.guard(e.Duplicate, nil) })
	e.ren = widget.NewButton(txt.Rename, e.Rename)
	e.up = widget.NewButton(txt.Up, func() { e.Move(-1) })
	e.down = widget.NewButton(txt.Down, func() { e.Move(+1) })
	listButtons := container.NewGridWithColumns(3, e.add, e.del, e.dup, e.ren, e.up, e.down)
	return container.NewBorder(nil, listButtons, nil, nil, e.list)
}

// listItemText is an engine's two lines in the list: its name with its tags, and its
// author and path.
func (e *engineSettings) listItemText(d engine.Definition) (title, sub string) {
	title = d.Name
	var tags []string
	if d.Bundled {
		tags = append(tags, e.txt.Bundled)
	}
	for _, t := range tagOrder {
		if d.HasTag(t) {
			tags = append(tags, e.tagLabel(t))
		}
	}
	if len(tags) > 0 {
		title += "  [" + strings.Join(tags, " · ") + "]"
	}
	sub = d.Path
	if d.Author != "" {
		sub = d.Author + " — " + sub
	}
	return title, sub
}

// buildDetail makes the chosen engine's settings form, with the status line and the
// Options, protocol log and Save buttons under it.
func (e *engineSettings) buildDetail() fyne.CanvasObject {
	txt := e.txt
	e.args = widget.NewEntry()
	e.dir = widget.NewEntry()
	e.dir.SetPlaceHolder(txt.WorkDirHint)
	e.env = widget.NewMultiLineEntry()
	e.env.SetPlaceHolder(txt.EnvHint)
	e.env.SetMinRowsVisible(3)
	e.scale = widget.NewEntry()
	e.scale.SetPlaceHolder("1")
	var encLabels []string
	for _, c := range encodingChoices {
		encLabels = append(encLabels, e.encodingLabel(c))
	}
	e.enc = widget.NewSelect(encLabels, nil)
	e.tags = map[string]*widget.Check{}
	var tagBoxes []fyne.CanvasObject
	for _, t := range tagOrder {
		e.tags[t] = widget.NewCheck(e.tagLabel(t), nil)
		tagBoxes = append(tagBoxes, e.tags[t])
	}
	help := widget.NewLabel(txt.RemoteHelp + "\n  ssh -T host /path/to/engine")
	help.Wrapping = fyne.TextWrapWord
	help.Importance = widget.LowImportance
	e.program = widget.NewLabel("")
	e.program.Truncation = fyne.TextTruncateEllipsis
	e.changeProgram = widget.NewButton(txt.ChangeProgram, e.ChangeProgram)
	form := widget.NewForm(
		widget.NewFormItem(txt.Program, container.NewBorder(nil, nil, nil, e.changeProgram, e.program)),
		widget.NewFormItem(txt.Args, e.args),
		widget.NewFormItem(txt.WorkDir, e.dir),
		widget.NewFormItem(txt.Env, e.env),
		widget.NewFormItem(txt.Encoding, e.enc),
		widget.NewFormItem(txt.TimeoutScale, e.scale),
		widget.NewFormItem(txt.Tags, container.NewHBox(tagBoxes...)),
	)
	e.opts = widget.NewButton(txt.Options, e.ShowOptions)
	e.logB = widget.NewButton(txt.ProtocolLogMenu, e.ShowLog)
	e.save = widget.NewButton(txt.Save, e.Save)
	e.save.Importance = widget.HighImportance
	e.status = widget.NewLabel("")
	e.status.Wrapping = fyne.TextWrapWord
	e.detail = container.NewBorder(nil, container.NewVBox(e.status, container.NewHBox(e.opts, e.logB, e.save)), nil, nil,
		container.NewVScroll(container.NewVBox(form, help)))
	return e.detail
}

// reload reads the list again and chooses the engine id (or keeps the choice), its settings
// as saved in the form.
func (e *engineSettings) reload(id string) { e.reloadKeeping(id, false) }

// reloadKeeping is reload, where keepEdits says whether settings changed and not saved stay
// in the form when the same engine stays chosen (after its rename, move or options).
func (e *engineSettings) reloadKeeping(id string, keepEdits bool) {
	if id == "" && e.sel >= 0 && e.sel < len(e.engines) {
		id = e.engines[e.sel].ID
	}
	var keep *settingsForm
	if d, ok := e.chosen(); ok && keepEdits && d.ID == id && e.edited() {
		f := e.formNow()
		keep = &f
	}
	defer func() {
		if d, ok := e.chosen(); ok && keep != nil && d.ID == id {
			e.setForm(*keep)
		}
	}()
	e.engines = e.reg.List()
	e.list.Refresh()
	e.sel = -1
	for i, d := range e.engines {
		if d.ID == id {
			e.sel = i
		}
	}
	if e.sel < 0 && len(e.engines) > 0 {
		e.sel = 0
	}
	if e.sel >= 0 {
		e.list.Select(e.sel)
	}
	e.choose(e.sel)
}

// chosen returns the engine chosen, if any.
func (e *engineSettings) chosen() (engine.Definition, bool) {
	if e.sel < 0 || e.sel >= len(e.engines) {
		return engine.Definition{}, false
	}
	return e.engines[e.sel], true
}

// choose shows engine i's settings.
func (e *engineSettings) choose(i int) {
	e.sel = i
	d, ok := e.chosen()
	for _, b := range []*widget.Button{e.del, e.dup, e.ren, e.up, e.down, e.opts, e.save, e.logB, e.changeProgram} {
		if ok {
			b.Enable()
		} else {
			b.Disable()
		}
	}
	if !ok {
		e.program.SetText("")
		return
	}
	e.program.SetText(d.Path)
	if d.Bundled {
		e.del.Disable()
		e.changeProgram.Disable() // Banmen's own engine is the one installed beside it
	}
	if e.openLog == nil {
		e.logB.Disable()
	}
	if i == 0 {
		e.up.Disable()
	}
	if i == len(e.engines)-1 {
		e.down.Disable()
	}
	e.setForm(e.formOf(d))
}

// settingsForm is what the settings form shows, as its fields hold it.
type settingsForm struct {
	args, dir, env, scale, enc string
	tags                       [3]bool // tagOrder's
}

// formOf is the form that shows d's settings.
func (e *engineSettings) formOf(d engine.Definition) settingsForm {
	f := settingsForm{args: joinArgs(d.Args), dir: d.Dir, env: strings.Join(d.Env, "\n"), enc: e.encodingLabel(d.Encoding)}
	if d.TimeoutScale > 0 {
		f.scale = strconv.FormatFloat(d.TimeoutScale, 'g', -1, 64)
	}
	for i, t := range tagOrder {
		f.tags[i] = d.HasTag(t)
	}
	return f
}

// formNow is what the form holds now.
func (e *engineSettings) formNow() settingsForm {
	f := settingsForm{args: e.args.Text, dir: e.dir.Text, env: e.env.Text, scale: e.scale.Text, enc: e.enc.Selected}
	for i, t := range tagOrder {
		f.tags[i] = e.tags[t].Checked
	}
	return f
}

func (e *engineSettings) setForm(f settingsForm) {
	e.args.SetText(f.args)
	e.dir.SetText(f.dir)
	e.env.SetText(f.env)
	e.scale.SetText(f.scale)
	e.enc.SetSelected(f.enc)
	for i, t := range tagOrder {
		e.tags[t].SetChecked(f.tags[i])
	}
}

// edited reports whether the form holds settings of the chosen engine not saved.
func (e *engineSettings) edited() bool {
	d, ok := e.chosen()
	return ok && e.formNow() != e.formOf(d)
}

// guard runs then at once when no settings are changed and not saved; else it asks whether
// to save them first, and runs then after they were saved or dropped, or cancel (if any)
// when the user cancels or they could not be saved (the status line says why).
func (e *engineSettings) guard(then, cancel func()) {
	d, ok := e.chosen()
	if !ok || !e.edited() {
		then()
		return
	}
	if cancel == nil {
		cancel = func() {}
	}
	e.askSave(fmt.Sprintf(e.txt.SaveChangesF, d.Name), func() {
		if e.store() {
			then()
		} else {
			cancel()
		}
	}, then, cancel)
}

// selectAsking chooses engine i, chosen in the list, after asking about the settings
// changed; a cancel chooses the engine before again in the list.
func (e *engineSettings) selectAsking(i widget.ListItemID) {
	if i == e.sel {
		return
	}
	prev := e.sel
	e.guard(func() {
		e.choose(i)
		e.list.Select(i) // after a save reloaded the list, the list chose the saved engine
	}, func() {
		if prev >= 0 {
			e.list.Select(prev)
		} else {
			e.list.UnselectAll()
		}
	})
}

// requestClose closes the window, after asking about the settings changed.
func (e *engineSettings) requestClose(then func()) { e.guard(then, nil) }

func (e *engineSettings) say(s string) {
	e.status.Importance = widget.MediumImportance
	e.status.SetText(s)
}

func (e *engineSettings) sayError(err error) {
	e.status.Importance = widget.DangerImportance
	e.status.SetText(err.Error())
}

// Save stores the chosen engine's settings as shown.
func (e *engineSettings) Save() { e.store() }

// store stores the chosen engine's settings as shown and reports whether it did; when they
// can't be, the status line says why.
func (e *engineSettings) store() bool {
	d, ok := e.chosen()
	if !ok {
		return false
	}
	args, err := splitArgs(e.args.Text)
	if err != nil {
		e.sayError(fmt.Errorf(e.txt.BadArgsF, err))
		return false
	}
	var env []string
	for _, l := range strings.Split(e.env.Text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		if k, _, ok := strings.Cut(l, "="); !ok || k == "" || strings.ContainsAny(k, " \t") {
			e.sayError(fmt.Errorf(e.txt.BadEnvF, l))
			return false
		}
		env = append(env, l)
	}
	scale := 0.0
	if s := strings.TrimSpace(e.scale.Text); s != "" {
		if scale, err = strconv.ParseFloat(s, 64); err != nil || scale < 0.1 || scale > 100 {
			e.sayError(errors.New(e.txt.BadTimeoutScale))
			return false
		}
	}
	enc := engine.EncodingAuto
	for _, c := range encodingChoices {
		if e.encodingLabel(c) == e.enc.Selected {
			enc = c
		}
	}
	var tags []string
	for _, t := range tagOrder {
		if e.tags[t].Checked {
			tags = append(tags, t)
		}
	}
	saved, err := e.reg.Edit(d.ID, func(x *engine.Definition) error {
		x.Args, x.Dir, x.Env, x.TimeoutScale, x.Encoding = args, strings.TrimSpace(e.dir.Text), env, scale, enc
		// tags the window does not know (a newer Banmen's) stay
		var keep []string
		for _, t := range x.Tags {
			if e.tags[t] == nil {
				keep = append(keep, t)
			}
		}
		x.Tags = append(tags, keep...)
		return nil
	})
	if err != nil {
		e.sayError(err)
		return false
	}
	e.reload(saved.ID)
	e.say(fmt.Sprintf(e.txt.SavedF, saved.Name))
	return true
}

// Add asks for a program, probes it and registers it.
func (e *engineSettings) Add() { e.askProgram(e.txt.AddTitle, e.probe) }

// askProgram asks for a program's file with the dialog titled title, and runs then on it
// unless none was chosen.
func (e *engineSettings) askProgram(title string, then func(path string)) {
	if e.dialogs == nil {
		e.sayError(errors.New(e.txt.NoFileDialog))
		return
	}
	e.async(func() {
		path, err := e.dialogs.OpenFile(title, nil)
		e.post(func() {
			switch {
			case err != nil:
				e.sayError(err)
			case path != "":
				then(path)
			}
		})
	})
}

// probe probes path with a progress dialog whose Cancel stops it, then registers it.
func (e *engineSettings) probe(path string) {
	e.probing(path, engine.Definition{Path: path, TimeoutScale: e.probeScale}, func(res engine.ProbeResult) (engine.Definition, error) {
		def := engine.Definition{Path: path}
		def.ApplyProbe(res.Name, res.Author, res.Options)
		def.Tags = []string{engine.TagAnalysis, engine.TagPlay}
		return e.reg.Add(def)
	}, func(saved engine.Definition, res engine.ProbeResult) {
		e.reload(saved.ID)
		msg := fmt.Sprintf(e.txt.SavedF, saved.Name)
		if len(res.Problems) > 0 {
			msg += "\n" + strings.Join(res.Problems, "\n")
		}
		e.say(msg)
	})
}

// ChangeProgram gives the chosen engine another program (a new version of it, moved to
// another folder): the program is asked for its options, and the engine keeps its name, its
// settings and the values of the options it still declares (those that no longer fit are
// dropped and named), as a new engine added would not.
func (e *engineSettings) ChangeProgram() {
	d, ok := e.chosen()
	if !ok || d.Bundled {
		return
	}
	e.askProgram(e.txt.ChangeProgramTitle, func(path string) { e.changeProgramTo(d, path) })
}

// changeProgramTo probes path with d's other settings and, if it answers, makes it d's program.
func (e *engineSettings) changeProgramTo(d engine.Definition, path string) {
	asked := d
	asked.Path = path
	if e.probeScale != 1 {
		asked.TimeoutScale = e.probeScale
	}
	var dropped []string
	e.probing(path, asked, func(res engine.ProbeResult) (engine.Definition, error) {
		return e.reg.Edit(d.ID, func(def *engine.Definition) error {
			def.Path = path
			dropped = def.ApplyProbe(res.Name, res.Author, res.Options)
			return nil
		})
	}, func(saved engine.Definition, res engine.ProbeResult) {
		e.reloadKeeping(saved.ID, true)
		msg := fmt.Sprintf(e.txt.ProgramChangedF, saved.Name, path)
		if len(dropped) > 0 {
			msg += "\n" + fmt.Sprintf(e.txt.DroppedF, strings.Join(dropped, ", "))
		}
		if len(res.Problems) > 0 {
			msg += "\n" + strings.Join(res.Problems, "\n")
		}
		e.say(msg)
	})
}

// reprobe asks a registered engine for its options again (its program was updated): what it
// declares now replaces what the list had, the values saved that no longer fit are dropped
// and named, and the options dialog opens again on the new options.
func (e *engineSettings) reprobe(d engine.Definition) {
	var dropped []string
	asked := d
	if e.probeScale != 1 {
		asked.TimeoutScale = e.probeScale
	}
	e.probing(d.Path, asked, func(res engine.ProbeResult) (engine.Definition, error) {
		saved, gone, err := e.reg.Reprobed(d.ID, res)
		dropped = gone
		return saved, err
	}, func(saved engine.Definition, res engine.ProbeResult) {
		e.reloadKeeping(saved.ID, true)
		e.ShowOptions()
		msg := fmt.Sprintf(e.txt.ReloadedF, saved.Name)
		if len(dropped) > 0 {
			msg += "\n" + fmt.Sprintf(e.txt.DroppedF, strings.Join(dropped, ", "))
		}
		if e.optionForm != nil {
			e.optionForm.status.SetText(msg)
		}
	})
}

// probing probes def (path names it in the dialog) behind a progress dialog whose Cancel stops
// it; store keeps what it declared (off the Fyne goroutine), then done runs on it. A program
// that does not answer is shown with its last lines.
func (e *engineSettings) probing(path string, def engine.Definition, store func(engine.ProbeResult) (engine.Definition, error), done func(engine.Definition, engine.ProbeResult)) {
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBarInfinite()
	e.cancelProbe = widget.NewButton(e.txt.Cancel, cancel)
	content := container.NewVBox(widget.NewLabel(fmt.Sprintf(e.txt.ProbingF, path)), bar,
		container.NewCenter(e.cancelProbe))
	e.progress = dialog.NewCustomWithoutButtons(e.txt.Probing, content, e.win)
	e.progress.Show()
	answerKeys(e.win.Canvas(), cancel, nil)
	e.async(func() {
		res, err := engine.Probe(ctx, def)
		var saved engine.Definition
		if err == nil {
			saved, err = store(res)
		}
		cancelled := ctx.Err() != nil
		cancel()
		e.post(func() {
			e.progress.Hide()
			e.progress, e.cancelProbe = nil, nil
			switch {
			case cancelled:
				e.say("")
			case err != nil:
				e.showProbeFailure(path, err)
			default:
				done(saved, res)
			}
		})
	})
}

// showProbeFailure says why a program could not be added: the error, the last protocol
// lines and the end of its stderr.
func (e *engineSettings) showProbeFailure(path string, err error) {
	var b strings.Builder
	fmt.Fprintf(&b, e.txt.ProbeFailedF, path, err)
	var f *engine.Failure
	if errors.As(err, &f) {
		if len(f.LastLines) > 0 {
			b.WriteString("\n\n" + e.txt.LastLines + "\n" + strings.Join(f.LastLines, "\n"))
		}
		if len(f.StderrTail) > 0 {
			b.WriteString("\n\n" + e.txt.StderrTail + "\n" + strings.Join(f.StderrTail, "\n"))
		}
	}
	e.failure = b.String()
	text := widget.NewMultiLineEntry()
	text.SetText(e.failure)
	text.Wrapping = fyne.TextWrapWord
	text.SetMinRowsVisible(12)
	d := dialog.NewCustom(e.txt.ProbeFailedTitle, e.txt.OK, text, e.win)
	d.Resize(fyne.NewSize(640, 420))
	d.Show()
	answerKeys(e.win.Canvas(), d.Hide, d.Hide)
}

// Delete removes the chosen engine after asking.
func (e *engineSettings) Delete() {
	d, ok := e.chosen()
	if !ok || d.Bundled {
		return
	}
	e.confirm(e.txt.Delete, fmt.Sprintf(e.txt.DeleteAskF, d.Name), func() {
		if err := e.reg.Remove(d.ID, false); err != nil {
			e.sayError(err)
			return
		}
		e.sel = -1
		e.reload("")
	})
}

// Duplicate stores a second configuration of the chosen engine.
func (e *engineSettings) Duplicate() {
	d, ok := e.chosen()
	if !ok {
		return
	}
	dup, err := e.reg.Duplicate(d.ID)
	if err != nil {
		e.sayError(err)
		return
	}
	e.reload(dup.ID)
}

// Rename asks for a new display name.
func (e *engineSettings) Rename() {
	d, ok := e.chosen()
	if !ok {
		return
	}
	e.ask(e.txt.RenameTitle, e.txt.NewName, d.Name, func(name string) {
		name = strings.TrimSpace(name)
		if name == "" {
			return
		}
		if _, err := e.reg.Edit(d.ID, func(x *engine.Definition) error { x.Name = name; return nil }); err != nil {
			e.sayError(err)
		}
		e.reloadKeeping(d.ID, true)
	})
}

// Move moves the chosen engine up (-1) or down (+1).
func (e *engineSettings) Move(delta int) {
	d, ok := e.chosen()
	if !ok {
		return
	}
	if err := e.reg.Move(d.ID, delta); err != nil {
		e.sayError(err)
	}
	e.reloadKeeping(d.ID, true)
}

// runningChosen returns the chosen engine's running process, if one runs.
func (e *engineSettings) runningChosen() *engine.Running {
	d, ok := e.chosen()
	if !ok || e.running == nil {
		return nil
	}
	for _, r := range e.running() {
		if r.Definition().ID == d.ID && r.Alive() {
			return r
		}
	}
	return nil
}

// ShowLog opens the protocol log of the chosen engine: the one running, else the last of it
// that ended.
func (e *engineSettings) ShowLog() {
	r := e.runningChosen()
	if d, ok := e.chosen(); r == nil && ok && e.ended != nil {
		for _, x := range e.ended() {
			if x.Definition().ID == d.ID {
				r = x
				break
			}
		}
	}
	if r == nil || e.openLog == nil {
		e.say(e.txt.NoRunning)
		return
	}
	e.openLog(r)
}

// favKey is the preference that holds an engine's favourite options.
func favKey(id string) string { return "engineFavourites." + id }

// ShowOptions opens the option dialog of the chosen engine.
func (e *engineSettings) ShowOptions() {
	d, ok := e.chosen()
	if !ok {
		return
	}
	var press func(string) error
	var warnings []string // settings the running engine refused at its start
	if r := e.runningChosen(); r != nil {
		press = r.PressButton
		warnings = r.Warnings()
	}
	var favs []string
	if e.prefs != nil {
		favs = e.prefs.StringList(favKey(d.ID))
	}
	f := newOptionForm(d, e.txt, e.lang, favs, press, e.browse)
	f.onFavs = func(names []string) {
		if e.prefs != nil {
			e.prefs.SetStringList(favKey(d.ID), names)
		}
	}
	e.optionForm = f
	e.optionsShow = showOptionDialog(e.win, f, d.Name, func(ch map[string]string) error {
		if err := saveOptions(e.reg, d.ID, ch); err != nil {
			return err
		}
		e.reloadKeeping(d.ID, true)
		return nil
	}, func() {
		e.optionsShow.Hide()
		e.reprobe(d)
	})
	if len(warnings) > 0 {
		f.status.Importance = widget.WarningImportance
		f.status.SetText(strings.Join(warnings, "\n"))
	}
}

// browse asks for a file or folder for an option, off the Fyne goroutine.
func (e *engineSettings) browse(title string, folder bool, then func(string)) {
	if e.dialogs == nil {
		return
	}
	e.async(func() {
		var p string
		var err error
		if fd, ok := e.dialogs.(FolderDialogs); ok && folder {
			p, err = fd.OpenFolder(title)
		} else {
			p, err = e.dialogs.OpenFile(title, nil)
		}
		e.post(func() {
			if err != nil {
				e.sayError(err)
				return
			}
			then(p)
		})
	})
}

// splitArgs splits a command line as a shell would, for quotes and backslashes only:
// 'a b' and "a b" are one argument.
func splitArgs(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in, quote, esc := false, rune(0), false
	for _, c := range s {
		switch {
		case esc:
			cur.WriteRune(c)
			esc = false
		case c == '\\' && quote != '\'':
			esc, in = true, true
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				cur.WriteRune(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		case c == '\n' || c == '\r':
			return nil, errors.New("a line break")
		default:
			cur.WriteRune(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("an unclosed %c", quote)
	}
	if esc {
		return nil, errors.New("a backslash at the end")
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// joinArgs writes arguments so that splitArgs reads them back.
func joinArgs(args []string) string {
	var parts []string
	for _, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"\\") {
			a = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
		parts = append(parts, a)
	}
	return strings.Join(parts, " ")
}

// EnginesWithTag returns the engines of list that have tag, or the whole list when none
// has it (so that an engine chooser is never empty): for the choosers of study, mate search
// and games.
func EnginesWithTag(list []engine.Definition, tag string) []engine.Definition {
	var out []engine.Definition
	for _, d := range list {
		if d.HasTag(tag) {
			out = append(out, d)
		}
	}
	if len(out) == 0 {
		return list
	}
	return out
}

// roomCtl holds the engine room's windows of a main window.
type roomCtl struct {
	settings *engineSettings
	logs     map[*engine.Running]*protocolLog // the open protocol logs, one per engine
}

// roomText is the engine room's texts in the window's language.
func (w *MainWindow) roomText() (*roomText, Lang) {
	l := w.settings.Language(w.opts.Getenv)
	return roomTextFor(l), l
}

// ReportEngineList says what went wrong with the engine list at start (a corrupt file kept
// aside and a new list started, one that cannot be read at all), as the window's other errors
// are said: in its language, the detail folded.
func (w *MainWindow) ReportEngineList(err error) {
	summary := fmt.Sprintf(w.msg.EngineListProblemF, clipText(firstLine(err.Error()), 160))
	var corrupt *engine.CorruptError
	if errors.As(err, &corrupt) {
		summary = fmt.Sprintf(w.msg.EngineListCorruptF, corrupt.Path, filepath.Base(corrupt.MovedTo))
	}
	w.showError(w.msg.Error, summary, err.Error())
}

// EngineSettings opens the エンジン設定 window (or brings it to the front).
func (w *MainWindow) EngineSettings() {
	if s := w.room.settings; s != nil {
		s.win.RequestFocus()
		return
	}
	reg, err := w.study.registry()
	if err != nil {
		w.showMessage(w.msg.Error, err.Error())
		return
	}
	txt, lang := w.roomText()
	win := w.app.NewWindow(txt.EngineListTitle)
	var dialogs FileDialogs
	if w.opts.Dialogs != nil {
		dialogs = w.opts.Dialogs
	}
	s := newEngineSettings(win, reg, txt, lang, dialogs, w.app.Preferences(), w.study.mgr.Running, w.opts.Async, w.study.post)
	s.openLog = w.openProtocolLog
	s.ended = w.study.mgr.Ended
	s.choose(s.sel)
	w.room.settings = s
	win.SetOnClosed(func() { w.room.settings = nil })
	win.SetCloseIntercept(func() { s.requestClose(win.Close) })
	win.Canvas().SetOnTypedKey(func(ev *fyne.KeyEvent) { pressDialogKey(win.Canvas(), ev.Name) }) // dialogkeys.go
	win.Resize(fyne.NewSize(1040, 660))
	win.Show()
}
