package ui

import (
	"testing"

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
