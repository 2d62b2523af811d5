package ui

import (
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"banmen/kifu"
)

func TestGameInfoHandicapPlayersAndDates(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	v := w.info
	if v.black.Text != "☗先手" || v.white.Text != "☖後手" || v.handicap.Text != "平手" {
		t.Errorf("an even game: %q %q %q", v.black.Text, v.white.Text, v.handicap.Text)
	}
	kyo, _ := kifu.HandicapByName("香落ち")
	w.NewGame(kyo)
	if v.black.Text != "☗下手" || v.white.Text != "☖上手" || v.handicap.Text != "香落ち" {
		t.Errorf("a 香落ち game: %q %q %q", v.black.Text, v.white.Text, v.handicap.Text)
	}
	test.Type(v.Entry(0), "下手の人")
	test.Type(v.Entry(1), "上手の人")
	h := w.Session().Record().Headers
	if got := h.Value(kifu.HeaderShitate); got != "下手の人" || h.Value(kifu.HeaderUwate) != "上手の人" {
		t.Errorf("headers after typing the players: %v", h)
	}
	if _, ok := h.Get(kifu.HeaderBlack); ok {
		t.Errorf("a handicap game got a 先手 header: %v", h)
	}
	if w.Session().Record().BlackName() != "下手の人" {
		t.Errorf("the record names Black %q", w.Session().Record().BlackName())
	}
	// 終了日時 is shown and edited like 開始日時
	w.Session().SetHeader(kifu.HeaderEnd, "2024/05/08 21:30:00")
	if got := v.Entry(4).Text; got != "2024/05/08 21:30:00" {
		t.Errorf("終了日時 shows %q", got)
	}
	test.Type(v.Entry(4), "!")
	if got := w.Session().Header(kifu.HeaderEnd); got != "!2024/05/08 21:30:00" { // typed at the cursor, at the start
		t.Errorf("typing in 終了日時 set it to %q", got)
	}
	// a position that is no named handicap
	w.Session().MarkSavedAt("", 0, 0, w.Session().Edits())
	w.EditPosition()
	w.editor.Clear()
	w.finishEditing(w.editor.Position())
	if v.handicap.Text != w.msg.HandicapOther || v.black.Text != "☗先手" {
		t.Errorf("a set-up position: %q %q", v.handicap.Text, v.black.Text)
	}
}

// The handicaps are named in the interface's language (in English with the Japanese name
// that records write beside it), one name each, and a name chosen gives its handicap back.
func TestHandicapNamesInEachLanguage(t *testing.T) {
	for _, l := range []Lang{Japanese, English} {
		m := MessagesFor(l)
		seen := map[string]bool{}
		for _, h := range kifu.Handicaps {
			label := m.handicapLabel(h)
			if seen[label] || !strings.Contains(label, h.Name) {
				t.Errorf("%s: %s is shown as %q", l.Code(), h.Name, label)
			}
			seen[label] = true
			if back, ok := m.handicapByLabel(label); !ok || back.JKF != h.JKF {
				t.Errorf("%s: %q gives back %v %v", l.Code(), label, back.Name, ok)
			}
		}
		if n := len(strings.Split(m.HandicapNames, "|")); n != len(kifu.Handicaps) {
			t.Errorf("%s: %d names for %d handicaps", l.Code(), n, len(kifu.Handicaps))
		}
	}

	w, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
	var items []string
	for _, it := range w.buildMenu().Items[0].Items {
		if it.Label == w.msg.NewHandicap {
			for _, c := range it.ChildMenu.Items {
				items = append(items, c.Label)
			}
		}
	}
	if len(items) != len(kifu.Handicaps)-1 || items[0] != "Lance (香落ち)" {
		t.Errorf("File → New Handicap Game offers %q", items)
	}
	d := newGameDialog(w, nil, gameSetup{})
	if d.start.Selected != "Even (平手)" || !contains(d.start.Options, "Ten pieces (十枚落ち)") {
		t.Errorf("the game dialog starts from %q of %q", d.start.Selected, d.start.Options)
	}
	d.start.SetSelected("Lance (香落ち)")
	if g, err := d.read(); err != nil || g.Handicap != "KY" {
		t.Errorf("Lance (香落ち) chosen: %q, %v", g.Handicap, err)
	}
	if d.players.Items[0].Text != w.gameSetupText().Shitate {
		t.Errorf("with a handicap Black is %q", d.players.Items[0].Text)
	}
	kyo, _ := kifu.HandicapByName("香落ち")
	w.NewGame(kyo)
	if got := w.info.handicap.Text; got != "Lance (香落ち)" {
		t.Errorf("the game's handicap is shown as %q", got)
	}
}

// Text pasted into a header with a Windows line end (Fyne makes only its LF a space) is one
// line in the record, which is saved: its CR made the save fail ("holds a line break").
func TestGameInfoHeaderPastedWithALineEndIsOneLine(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	e := w.info.Entry(2) // 棋戦
	w.app.Clipboard().SetContent("第76期\r\n名人戦")
	e.TypedShortcut(&fyne.ShortcutPaste{Clipboard: w.app.Clipboard()})
	if got := w.Session().Header(kifu.HeaderEvent); got != "第76期 名人戦" || e.Text != got {
		t.Fatalf("棋戦 after the paste: header %q, entry %q", got, e.Text)
	}
	d.save = filepath.Join(t.TempDir(), "game.kif")
	w.SaveAs(nil)
	rec, err := kifu.ReadFile(d.save)
	if err != nil || rec.Headers.Value(kifu.HeaderEvent) != "第76期 名人戦" {
		t.Fatalf("saved: %v, 棋戦 %q", err, rec.Headers.Value(kifu.HeaderEvent))
	}
}
