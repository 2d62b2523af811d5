package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/widget"

	"banmen/kifu"
	"banmen/ui/session"
)

// GameInfoView shows the headers of the record that people read — the players, the
// handicap (手合割, from the start position), the event, when the game started and ended,
// the place, the time control, the opening — and lets them be edited. Other headers are
// kept as they are. In a handicap game the players are 下手 (Black) and 上手 (White).
type GameInfoView struct {
	widget.BaseWidget
	sess     *session.Session
	msg      *Messages
	fields   []infoField
	black    *widget.Label // ☗先手 or ☗下手
	white    *widget.Label // ☖後手 or ☖上手
	handicap *widget.Label
	form     *fyne.Container
	updating bool
}

type infoField struct {
	key   func() string // the header key, which may depend on the record (先手 or 下手)
	entry *widget.Entry
}

// NewGameInfoView returns the headers of sess's record as a form.
func NewGameInfoView(sess *session.Session, msg *Messages) *GameInfoView {
	v := &GameInfoView{sess: sess, msg: msg}
	fixed := func(k string) func() string { return func() string { return k } }
	// A record that names the players 先手/後手 or 下手/上手 keeps its words; a record that
	// names neither gets 下手/上手 in a handicap game.
	black := func() string { return v.playerKey(kifu.HeaderBlack, kifu.HeaderShitate) }
	white := func() string { return v.playerKey(kifu.HeaderWhite, kifu.HeaderUwate) }
	// A form layout with plain labels: widget.Form writes its labels in bold (see heading).
	v.form = container.New(layout.NewFormLayout())
	label := func(text string) *widget.Label {
		l := widget.NewLabel(text)
		l.Alignment = fyne.TextAlignTrailing
		return l
	}
	v.black, v.white = label(""), label("")
	v.handicap = widget.NewLabel("")
	for _, f := range []struct {
		label *widget.Label
		key   func() string
	}{
		{v.black, black},
		{v.white, white},
		{label(msg.HeaderHandicap), nil},
		{label(msg.HeaderEvent), fixed(kifu.HeaderEvent)},
		{label(msg.HeaderDate), fixed(kifu.HeaderStart)},
		{label(msg.HeaderEnd), fixed(kifu.HeaderEnd)},
		{label(msg.HeaderPlace), fixed(kifu.HeaderPlace)},
		{label(msg.HeaderTimeLimit), fixed(kifu.HeaderTimeLimit)},
		{label(msg.HeaderOpening), fixed(kifu.HeaderOpening)},
	} {
		v.form.Add(f.label)
		if f.key == nil { // 手合割: the start position says it; the editor changes it
			v.form.Add(v.handicap)
			continue
		}
		e := widget.NewEntry()
		key := f.key
		e.OnChanged = func(s string) {
			if v.updating {
				return
			}
			v.sess.SetHeader(key(), s)
			if kept := v.sess.Header(key()); kept != s {
				e.SetText(kept) // made one line (a pasted Windows line end); calls OnChanged again
			}
		}
		v.fields = append(v.fields, infoField{key: key, entry: e})
		v.form.Add(e)
	}
	v.ExtendBaseWidget(v)
	v.Update(session.ChangedHeaders | session.ChangedRecord)
	return v
}

// isHandicap reports whether the record starts from a handicap (a named one but 平手).
func (v *GameInfoView) isHandicap() bool {
	h, ok := kifu.HandicapOf(v.sess.Record().Start)
	return ok && h.Name != kifu.Handicaps[0].Name
}

// playerKey is the header that names a player: the even game's key (先手, 後手) or the
// handicap game's (下手, 上手), whichever the record has, else the one its start calls for.
func (v *GameInfoView) playerKey(even, handicap string) string {
	h := v.sess.Record().Headers
	if _, ok := h.Get(even); ok {
		return even
	}
	if _, ok := h.Get(handicap); ok || v.isHandicap() {
		return handicap
	}
	return even
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
	blackWord, whiteWord := v.msg.HeaderBlack, v.msg.HeaderWhite
	if v.playerKey(kifu.HeaderBlack, kifu.HeaderShitate) == kifu.HeaderShitate {
		blackWord, whiteWord = v.msg.HeaderShitate, v.msg.HeaderUwate
	}
	v.black.SetText("☗" + blackWord)
	v.white.SetText("☖" + whiteWord)
	handicap := v.msg.HandicapOther
	if h, ok := kifu.HandicapOf(v.sess.Record().Start); ok {
		handicap = v.msg.handicapLabel(h)
	}
	v.handicap.SetText(handicap)
}

// Entry returns the entry of the i-th field (0 sente, 1 gote, 2 event, 3 started, 4 ended,
// 5 place, 6 time control, 7 opening), for tests.
func (v *GameInfoView) Entry(i int) *widget.Entry { return v.fields[i].entry }
