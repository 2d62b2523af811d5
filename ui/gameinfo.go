package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"banmen/kifu"
	"banmen/ui/session"
)

// GameInfoView shows the headers of the record that people read — the players, the event,
// the date, the place, the time control, the opening — and lets them be edited. Other
// headers are kept as they are.
type GameInfoView struct {
	widget.BaseWidget
	sess     *session.Session
	fields   []infoField
	form     *fyne.Container
	updating bool
}

type infoField struct {
	key   func() string // the header key, which may depend on the record (先手 or 下手)
	entry *widget.Entry
}

// NewGameInfoView returns the headers of sess's record as a form.
func NewGameInfoView(sess *session.Session, msg *Messages) *GameInfoView {
	v := &GameInfoView{sess: sess}
	fixed := func(k string) func() string { return func() string { return k } }
	// In a handicap game the players are 下手 and 上手; a record that names them so keeps it.
	black := func() string {
		if _, ok := sess.Record().Headers.Get(kifu.HeaderShitate); ok {
			return kifu.HeaderShitate
		}
		return kifu.HeaderBlack
	}
	white := func() string {
		if _, ok := sess.Record().Headers.Get(kifu.HeaderUwate); ok {
			return kifu.HeaderUwate
		}
		return kifu.HeaderWhite
	}
	// A form layout with plain labels: widget.Form writes its labels in bold (see heading).
	v.form = container.New(layout.NewFormLayout())
	for _, f := range []struct {
		label string
		key   func() string
	}{
		{"☗" + msg.HeaderBlack, black},
		{"☖" + msg.HeaderWhite, white},
		{msg.HeaderEvent, fixed(kifu.HeaderEvent)},
		{msg.HeaderDate, fixed(kifu.HeaderStart)},
		{msg.HeaderPlace, fixed(kifu.HeaderPlace)},
		{msg.HeaderTimeLimit, fixed(kifu.HeaderTimeLimit)},
		{msg.HeaderOpening, fixed(kifu.HeaderOpening)},
	} {
		e := widget.NewEntry()
		key := f.key
		e.OnChanged = func(s string) {
			if !v.updating {
				v.sess.SetHeader(key(), s)
			}
		}
		v.fields = append(v.fields, infoField{key: key, entry: e})
		l := widget.NewLabel(f.label)
		l.Alignment = fyne.TextAlignTrailing
		v.form.Add(l)
		v.form.Add(e)
	}
	v.ExtendBaseWidget(v)
	v.Update(session.ChangedHeaders)
	return v
}

// CreateRenderer is part of fyne.Widget.
func (v *GameInfoView) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(v.form)
}

// Update shows the headers again when they changed.
func (v *GameInfoView) Update(c session.Change) {
	if c&(session.ChangedHeaders|session.ChangedRecord) == 0 {
		return
	}
	v.updating = true
	defer func() { v.updating = false }()
	for _, f := range v.fields {
		if want := v.sess.Header(f.key()); f.entry.Text != want {
			f.entry.SetText(want)
		}
	}
}

// Entry returns the entry of the i-th field (0 sente, 1 gote, 2 event, 3 date, …), for tests.
func (v *GameInfoView) Entry(i int) *widget.Entry { return v.fields[i].entry }
