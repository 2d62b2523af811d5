package ui

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
	"banmen/usiclient"
)

// The option dialog is built from the option lines an engine declared (engine.Definition's
// Options): one row per option with the control its USI type calls for (check → checkbox,
// spin → number entry with a slider where the range is small, combo → select, button → a
// button that presses it in a running engine, string → entry, filename → entry and 参照…).
// USI_Hash and USI_Ponder are always there, as in Shogidokoro and ShogiHome. A value
// other than the default is highlighted; each row has a reset and a star that pins it to
// the top; a search box filters by name. The form only edits values: saving them is the
// caller's (saveOptions writes them into the registry).

// optionForm is the content of the option dialog.
type optionForm struct {
	txt     *roomText
	lang    Lang
	rows    []*optionRow
	list    *fyne.Container // the rows, favourites first
	search  *dialogEntry
	favs    map[string]bool
	onFavs  func(names []string) // the favourites changed (persist them)
	press   func(name string) error
	reload  *widget.Button // エンジンから再取得, where the dialog offers it
	browse  func(title string, folder bool, then func(path string))
	content fyne.CanvasObject

	// the dialog's buttons and status, once shown (showOptionDialog)
	ok, apply, cancel *widget.Button
	status            *widget.Label
}

// optionRow is one option of the form.
type optionRow struct {
	f       *optionForm
	opt     usiclient.Option
	def     string // the default the engine declared ("" if none)
	initial string // the value when the form was made
	value   string // the value now
	hash    bool   // the hash size, stored as Definition.HashMB
	stale   string // the saved value the engine refuses (kept unless changed), or ""
	quiet   bool   // the control is being set: its callbacks are not the user's

	bg      *canvas.Rectangle
	star    *widget.Button
	reset   *widget.Button
	note    *widget.Label
	show    func(v string) // shows a value in the control
	problem func() error   // what is wrong with the value typed, if anything
	obj     fyne.CanvasObject
	entry   *dialogEntry // the text entry of a spin, string or filename
	spin    *spinEntry
	slider  *widget.Slider
	check   *widget.Check
	sel     *widget.Select
	button  *widget.Button
	browseB *widget.Button // 参照…
}

// formOptions are the options the form shows: the declared ones, plus USI_Hash and
// USI_Ponder when the engine declares neither them nor Hash and Ponder.
func formOptions(d *engine.Definition) []usiclient.Option {
	opts := append([]usiclient.Option(nil), d.Options...)
	if _, ok := d.Option(d.HashOptionName()); !ok {
		opts = append([]usiclient.Option{{Name: "USI_Hash", Type: usiclient.OptionSpin, TypeName: "spin",
			Default: "256", HasDefault: true, Min: 1, Max: 1 << 20, HasMin: true, HasMax: true}}, opts...)
	}
	if _, ok := d.Option(d.PonderOptionName()); !ok {
		opts = append([]usiclient.Option{{Name: "USI_Ponder", Type: usiclient.OptionCheck, TypeName: "check",
			Default: "false", HasDefault: true}}, opts...)
	}
	return opts
}

// newOptionForm makes the form for engine d. press presses a button option in the running
// engine (nil: none runs); browse asks for a file or folder; favs are the names pinned.
func newOptionForm(d engine.Definition, txt *roomText, lang Lang, favs []string,
	press func(string) error, browse func(title string, folder bool, then func(string))) *optionForm {
	f := &optionForm{txt: txt, lang: lang, favs: map[string]bool{}, press: press, browse: browse}
	for _, n := range favs {
		f.favs[n] = true
	}
	hashName := d.HashOptionName()
	for _, o := range formOptions(&d) {
		r := &optionRow{f: f, opt: o, def: o.Default}
		if o.Type == usiclient.OptionSpin && o.OutOfRange {
			// a default outside the range is what the engine uses until told otherwise; shown as sent
			r.def = o.Default
		}
		r.initial = r.def
		if o.Name == hashName {
			r.hash = true
			if d.HashMB > 0 {
				r.initial = strconv.Itoa(d.HashMB)
			}
		} else if v, ok := d.Values[o.Name]; ok && o.Type != usiclient.OptionButton {
			r.initial = v
		}
		if o.Type != usiclient.OptionButton && r.initial != r.def {
			if err := o.Validate(r.initial); err != nil {
				r.stale = r.initial
			}
		}
		r.value = r.initial
		r.build()
		f.rows = append(f.rows, r)
	}
	f.search = newDialogEntry()
	f.search.escClears = true // as a browser's search box: Esc empties it before it closes the dialog
	f.search.SetPlaceHolder(txt.Search)
	f.search.OnChanged = func(string) { f.refilter() }
	f.list = container.NewVBox()
	f.arrange()
	var body fyne.CanvasObject = container.NewVScroll(f.list)
	if len(f.rows) == 0 {
		body = widget.NewLabel(txt.NoOptions)
	}
	f.content = container.NewBorder(f.search, nil, nil, nil, body)
	return f
}

// label is the option's name as shown: the translation, with the raw name beside.
func (f *optionForm) label(name string) (shown, raw string) {
	if tr, ok := optionNames[name]; ok {
		t := tr[0]
		if f.lang == English {
			t = tr[1]
		}
		if t != name {
			return t, name
		}
	}
	return name, ""
}

// build makes the row's controls.
func (r *optionRow) build() {
	f, o := r.f, r.opt
	shown, raw := f.label(o.Name)
	name := widget.NewLabelWithStyle(shown, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.Truncation = fyne.TextTruncateEllipsis
	names := []fyne.CanvasObject{name}
	if raw != "" {
		rt := canvas.NewText(raw, theme.Color(theme.ColorNamePlaceHolder))
		rt.TextSize = theme.CaptionTextSize()
		names = append(names, rt)
	}
	r.star = widget.NewButtonWithIcon("", starIcon(false), func() { r.f.toggleFavourite(r.opt.Name) })
	r.star.Importance = widget.LowImportance
	r.reset = widget.NewButtonWithIcon("", theme.ContentUndoIcon(), func() { r.setValue(r.def) })
	r.reset.Importance = widget.LowImportance
	r.note = widget.NewLabel("")
	r.note.Importance = widget.WarningImportance
	r.note.Wrapping = fyne.TextWrapWord
	r.note.Hide()
	r.quiet = true
	control := r.control()
	r.quiet = false
	r.bg = canvas.NewRectangle(color.Transparent)
	r.bg.CornerRadius = theme.InputRadiusSize()
	left := container.NewBorder(nil, nil, r.star, nil, container.NewVBox(names...))
	line := container.New(&columnsLayout{first: 300, last: 44}, left, control, r.reset)
	r.obj = container.NewStack(r.bg, container.NewVBox(line, r.note))
	r.refresh()
}

// control makes the control for the option's type.
func (r *optionRow) control() fyne.CanvasObject {
	switch r.opt.Type {
	case usiclient.OptionCheck:
		return r.checkControl()
	case usiclient.OptionSpin:
		return r.spinControl()
	case usiclient.OptionCombo:
		return r.comboControl()
	case usiclient.OptionButton:
		return r.buttonControl()
	default: // string, filename, and types USI does not know: text
		return r.textControl()
	}
}

// checkControl is a check box.
func (r *optionRow) checkControl() fyne.CanvasObject {
	r.check = widget.NewCheck("", func(on bool) { r.changed(strconv.FormatBool(on)) })
	r.show = func(v string) { r.check.SetChecked(strings.EqualFold(v, "true")) }
	r.show(r.value)
	return r.check
}

// spinControl is a number entry kept within the option's range, with a slider beside it
// when the range is small.
func (r *optionRow) spinControl() fyne.CanvasObject {
	o := r.opt
	r.spin = newSpinEntry(o)
	r.entry = &r.spin.dialogEntry
	r.spin.SetText(r.value)
	r.spin.OnChanged = func(s string) {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			r.changed(strconv.FormatInt(r.spin.clamp(n), 10))
			if r.slider != nil && r.spin.clamp(n) == n && float64(n) != r.slider.Value {
				r.slider.SetValue(float64(n)) // a number still being typed stays as typed
			}
		}
	}
	r.spin.commit = func() {
		n, err := strconv.ParseInt(r.spin.Text, 10, 64)
		if err != nil {
			r.show(r.value)
			return
		}
		if c := r.spin.clamp(n); c != n || r.spin.Text != strconv.FormatInt(n, 10) {
			r.spin.SetText(strconv.FormatInt(c, 10))
		}
	}
	r.show = func(v string) {
		r.spin.SetText(v)
		if n, err := strconv.ParseFloat(v, 64); err == nil && r.slider != nil {
			r.slider.SetValue(n)
		}
	}
	if o.HasMin && o.HasMax && o.Max-o.Min <= 100 && o.Max > o.Min {
		r.addSlider()
		return container.New(&columnsLayout{first: 110}, r.spin, r.slider)
	}
	return r.spin
}

// addSlider makes the slider of a spin option with a small range, moving with its entry.
func (r *optionRow) addSlider() {
	o := r.opt
	r.slider = widget.NewSlider(float64(o.Min), float64(o.Max))
	r.slider.Step = 1
	if n, err := strconv.ParseFloat(r.value, 64); err == nil {
		r.slider.SetValue(n)
	}
	r.slider.OnChanged = func(x float64) {
		s := strconv.FormatInt(int64(x), 10)
		if s != r.spin.Text {
			r.spin.SetText(s)
		}
	}
}

// comboControl is a choice of the option's values.
func (r *optionRow) comboControl() fyne.CanvasObject {
	o := r.opt
	r.sel = widget.NewSelect(o.Vars, func(v string) { r.changed(v) })
	r.show = func(v string) {
		for _, x := range o.Vars {
			if strings.EqualFold(x, v) {
				r.sel.SetSelected(x)
				return
			}
		}
		r.sel.ClearSelected()
	}
	r.show(r.shownValue())
	return r.sel
}

// buttonControl is a button that presses the option on the running engine; with none
// running it is disabled, with a hint.
func (r *optionRow) buttonControl() fyne.CanvasObject {
	o, txt := r.opt, r.f.txt
	r.button = widget.NewButton(txt.Press, func() {
		if r.f.press == nil {
			return
		}
		if err := r.f.press(o.Name); err != nil {
			r.setNote(err.Error())
		}
	})
	r.show = func(string) {}
	if r.f.press == nil {
		r.button.Disable()
		hint := widget.NewLabel(txt.NoEngineRunning)
		hint.Importance = widget.LowImportance
		return container.NewBorder(nil, nil, r.button, nil, hint)
	}
	return container.NewBorder(nil, nil, r.button, nil)
}

// textControl is a one-line entry refusing newlines, with a Browse button for an option
// that names a file or folder.
func (r *optionRow) textControl() fyne.CanvasObject {
	o, txt := r.opt, r.f.txt
	r.entry = newDialogEntry()
	r.entry.SetText(r.value)
	r.entry.OnChanged = func(s string) {
		if strings.ContainsAny(s, "\r\n") {
			r.setNote(txt.NewlineRefused) // and changes() refuses it
			return
		}
		r.changed(s)
		r.refresh()
	}
	r.show = func(v string) { r.entry.SetText(v) }
	r.problem = func() error {
		if strings.ContainsAny(r.entry.Text, "\r\n") {
			return fmt.Errorf(txt.RefusedF, r.opt.Name, txt.NewlineRefused)
		}
		return nil
	}
	if r.f.browse != nil && (o.Type == usiclient.OptionFilename || wantsFolder(o.Name) || strings.HasSuffix(o.Name, "File")) {
		folder := wantsFolder(o.Name)
		r.browseB = widget.NewButton(txt.Browse, func() {
			r.f.browse(o.Name, folder, func(p string) {
				if p != "" {
					r.setValue(p)
				}
			})
		})
		return container.NewBorder(nil, nil, nil, r.browseB, r.entry)
	}
	return r.entry
}

// wantsFolder reports whether an option names a folder: its name ends in Dir, Folder or Path.
func wantsFolder(name string) bool {
	for _, s := range []string{"Dir", "Folder", "Path"} {
		if strings.HasSuffix(name, s) {
			return true
		}
	}
	return false
}

// shownValue is the value the control shows: a stale value is not among the choices.
func (r *optionRow) shownValue() string {
	if r.stale != "" && r.value == r.stale {
		return r.def
	}
	return r.value
}

// changed takes a value the user gave the control.
func (r *optionRow) changed(v string) {
	if r.quiet || v == r.value {
		return
	}
	r.value = v
	r.refresh()
}

// setValue sets the value and shows it in the control.
func (r *optionRow) setValue(v string) {
	r.value = v
	if r.show != nil {
		r.quiet = true
		r.show(r.shownValue())
		r.quiet = false
	}
	r.refresh()
}

func (r *optionRow) setNote(s string) {
	r.note.SetText(s)
	if s == "" {
		r.note.Hide()
	} else {
		r.note.Show()
	}
}

// modified reports whether the value differs from the default (the row is highlighted).
func (r *optionRow) modified() bool {
	return r.opt.Type != usiclient.OptionButton && r.value != r.def
}

// refresh redraws the highlight, the reset button and the notes.
func (r *optionRow) refresh() {
	if r.modified() {
		c := themeColor(theme.ColorNamePrimary)
		c.A = 0x38
		r.bg.FillColor = c
		r.reset.Enable()
	} else {
		r.bg.FillColor = color.Transparent
		r.reset.Disable()
	}
	r.bg.Refresh()
	var notes []string
	if r.stale != "" && r.value == r.stale {
		notes = append(notes, fmt.Sprintf(r.f.txt.StaleValueF, r.stale))
	}
	if r.opt.OutOfRange {
		lo, hi := strconv.FormatInt(r.opt.Min, 10), strconv.FormatInt(r.opt.Max, 10)
		notes = append(notes, fmt.Sprintf(r.f.txt.OutOfRangeDefaultF, r.opt.Default, lo+".."+hi))
	}
	r.setNote(strings.Join(notes, "\n"))
	r.star.SetIcon(starIcon(r.f.favs[r.opt.Name]))
}

// starIcon is the favourite star, filled when on.
func starIcon(on bool) fyne.Resource {
	if on {
		return theme.NewPrimaryThemedResource(starResource)
	}
	return theme.NewDisabledResource(starResource)
}

var starResource = fyne.NewStaticResource("star.svg", []byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="#000" d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7.3L12 17.8 5.8 21.5l1.6-7.3L2 9.5l7.1-.6z"/></svg>`))

// toggleFavourite pins or unpins an option.
func (f *optionForm) toggleFavourite(name string) {
	if f.favs[name] {
		delete(f.favs, name)
	} else {
		f.favs[name] = true
	}
	f.arrange()
	for _, r := range f.rows {
		r.refresh()
	}
	if f.onFavs != nil {
		f.onFavs(f.favourites())
	}
}

// favourites lists the pinned names, sorted.
func (f *optionForm) favourites() []string {
	var out []string
	for n := range f.favs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// arrange puts the favourites first, then the rest in the engine's order.
func (f *optionForm) arrange() {
	var objs []fyne.CanvasObject
	for _, fav := range []bool{true, false} {
		for _, r := range f.rows {
			if f.favs[r.opt.Name] == fav {
				objs = append(objs, r.obj)
			}
		}
	}
	f.list.Objects = objs
	f.refilter()
}

// refilter shows the rows whose name (raw or translated) holds the search text.
func (f *optionForm) refilter() {
	q := strings.ToLower(strings.TrimSpace(f.search.Text))
	for _, r := range f.rows {
		shown, _ := f.label(r.opt.Name)
		if q == "" || strings.Contains(strings.ToLower(r.opt.Name), q) || strings.Contains(strings.ToLower(shown), q) {
			r.obj.Show()
		} else {
			r.obj.Hide()
		}
	}
	f.list.Refresh()
}

// resetAll sets every option back to its default.
func (f *optionForm) resetAll() {
	for _, r := range f.rows {
		if r.opt.Type != usiclient.OptionButton {
			r.setValue(r.def)
		}
	}
}

// row finds an option's row.
func (f *optionForm) row(name string) *optionRow {
	for _, r := range f.rows {
		if r.opt.Name == name {
			return r
		}
	}
	return nil
}

// changes returns the values that differ from those the form was made with, by name, or
// the first value that can't be sent.
func (f *optionForm) changes() (map[string]string, error) {
	out := map[string]string{}
	for _, r := range f.rows {
		if r.problem != nil {
			if err := r.problem(); err != nil {
				return nil, err
			}
		}
		// a spin's value is kept within its range as it is typed (the entry shows the
		// number clamped when it is left)
		if r.opt.Type == usiclient.OptionButton || r.value == r.initial {
			continue
		}
		out[r.opt.Name] = r.value
	}
	return out, nil
}

// accepted makes the values now the form's starting point (after they were saved).
func (f *optionForm) accepted() {
	for _, r := range f.rows {
		r.initial = r.value
		if r.spin != nil && r.spin.Text != r.value {
			r.setValue(r.value)
		}
		if r.stale != "" && r.value != r.stale {
			r.stale = ""
		}
		r.refresh()
	}
}

// applyChanges writes the form's changes into a definition: the hash size into HashMB
// (0 when it is back to its default), the rest as option values (a value back at the
// declared default is forgotten).
func applyChanges(d *engine.Definition, changes map[string]string) {
	hashName := d.HashOptionName()
	declared := formOptions(d)
	for name, v := range changes {
		if name == hashName {
			def := ""
			for _, o := range declared {
				if o.Name == name {
					def = o.Default
				}
			}
			n, _ := strconv.Atoi(v)
			if v == def {
				n = 0
			}
			d.HashMB = n
			continue
		}
		if _, ok := d.Option(name); ok {
			d.SetValue(name, v)
			continue
		}
		// USI_Ponder shown for an engine that does not declare it
		for _, o := range declared {
			if o.Name == name && v == o.Default {
				delete(d.Values, name)
				v = ""
			}
		}
		if v != "" {
			if d.Values == nil {
				d.Values = map[string]string{}
			}
			d.Values[name] = v
		}
	}
}

// saveOptions stores a form's changes into the engine id of the registry, in one atomic
// write of the engine list that changes only those values.
func saveOptions(reg *engine.Registry, id string, changes map[string]string) error {
	_, err := reg.Edit(id, func(d *engine.Definition) error {
		applyChanges(d, changes)
		return nil
	})
	return err
}

// spinEntry is a number entry: it refuses what is not part of an integer, and its value
// is kept within min..max when it is left or submitted.
type spinEntry struct {
	dialogEntry // Esc answers the dialog; Enter commits the value (OnSubmitted)
	opt         usiclient.Option
	commit      func()
}

func newSpinEntry(o usiclient.Option) *spinEntry {
	e := &spinEntry{opt: o}
	e.outer = e
	e.ExtendBaseWidget(e)
	e.OnSubmitted = func(string) {
		if e.commit != nil {
			e.commit()
		}
	}
	return e
}

func (e *spinEntry) clamp(n int64) int64 {
	if e.opt.HasMin && n < e.opt.Min {
		return e.opt.Min
	}
	if e.opt.HasMax && n > e.opt.Max {
		return e.opt.Max
	}
	return n
}

func (e *spinEntry) allowsMinus() bool { return !e.opt.HasMin || e.opt.Min < 0 }

// TypedRune takes digits, and a minus sign where the range goes below zero.
func (e *spinEntry) TypedRune(r rune) {
	if (r >= '0' && r <= '9') || (r == '-' && e.allowsMinus() && e.CursorColumn == 0 && !strings.HasPrefix(e.Text, "-")) {
		e.Entry.TypedRune(r)
	}
}

// TypedShortcut pastes only an integer.
func (e *spinEntry) TypedShortcut(s fyne.Shortcut) {
	if p, ok := s.(*fyne.ShortcutPaste); ok && p.Clipboard != nil {
		if _, err := strconv.ParseInt(strings.TrimSpace(p.Clipboard.Content()), 10, 64); err != nil {
			return
		}
	}
	e.Entry.TypedShortcut(s)
}

// FocusLost keeps the value within its range.
func (e *spinEntry) FocusLost() {
	e.Entry.FocusLost()
	if e.commit != nil {
		e.commit()
	}
}

// columnsLayout puts its objects side by side: the first `first` wide, the last `last`
// wide (when there are three), the middle one taking the rest.
type columnsLayout struct{ first, last float32 }

func (l *columnsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w, h := l.first+l.last, float32(0)
	for i, o := range objs {
		m := o.MinSize()
		if i == 1 || (i == len(objs)-1 && len(objs) == 2) {
			w += m.Width
		}
		h = max(h, m.Height)
	}
	return fyne.NewSize(w+theme.Padding()*float32(len(objs)-1), h)
}

func (l *columnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	x := float32(0)
	for i, o := range objs {
		w := size.Width - x
		switch {
		case i == 0:
			w = l.first
		case i == len(objs)-1 && len(objs) == 3:
			w = l.last
			x = size.Width - w
		case len(objs) == 3:
			w = size.Width - l.first - l.last - 2*pad
		}
		mh := o.MinSize().Height
		o.Resize(fyne.NewSize(w, mh))
		o.Move(fyne.NewPos(x, (size.Height-mh)/2))
		x += w + pad
	}
}

// showOptionDialog shows the form in a dialog over parent, with すべて既定値に戻す, 適用, OK and
// キャンセル. save stores the changed values (適用 and OK); what it refuses is shown and the
// dialog stays.
func showOptionDialog(parent fyne.Window, f *optionForm, title string, save func(map[string]string) error, reload func()) dialog.Dialog {
	txt := f.txt
	var d dialog.Dialog
	status := widget.NewLabel("")
	status.Wrapping = fyne.TextWrapWord
	apply := func() bool {
		ch, err := f.changes()
		if err == nil && len(ch) > 0 {
			err = save(ch)
		}
		if err != nil {
			status.Importance = widget.DangerImportance
			status.SetText(err.Error())
			return false
		}
		f.accepted()
		status.Importance = widget.MediumImportance
		status.SetText(fmt.Sprintf(txt.AppliedF, title))
		return true
	}
	resetAll := widget.NewButton(txt.ResetAll, f.resetAll)
	applyB := widget.NewButton(txt.Apply, func() { apply() })
	ok := widget.NewButton(txt.OK, func() {
		if apply() {
			d.Hide()
		}
	})
	ok.Importance = widget.HighImportance
	cancel := widget.NewButton(txt.Cancel, func() { d.Hide() })
	left := fyne.CanvasObject(resetAll)
	if reload != nil {
		// the engine's program was updated: ask it for its options again
		f.reload = widget.NewButton(txt.Reload, reload)
		left = container.NewHBox(resetAll, f.reload)
	}
	buttons := container.NewBorder(nil, nil, left, container.NewHBox(cancel, applyB, ok), status)
	content := container.NewBorder(nil, buttons, nil, nil, f.content)
	d = dialog.NewCustomWithoutButtons(fmt.Sprintf(txt.OptionsTitleF, title), content, parent)
	f.ok, f.apply, f.cancel, f.status = ok, applyB, cancel, status
	d.Resize(fyne.NewSize(860, 640))
	d.Show()
	answerKeys(parent.Canvas(), d.Hide, ok.OnTapped)
	return d
}
