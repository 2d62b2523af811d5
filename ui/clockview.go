package ui

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine/game"
)

// ClockView shows both sides' clocks of a game in the window: each side's mark, name and
// time left, counting down each second (in tenths under ten seconds), the byoyomi when it
// is being used or still to come, and the side to move marked ▶ and in bold.
type ClockView struct {
	labels   [2]*widget.Label
	box      *fyne.Container
	onResize func() // lays out what holds the clocks again
}

// NewClockView makes the clocks, hidden until a game shows them.
func NewClockView() *ClockView {
	v := &ClockView{}
	for i := range v.labels {
		v.labels[i] = widget.NewLabel("")
		v.labels[i].Alignment = fyne.TextAlignCenter
	}
	// White's clock on the left above White's stand, Black's on the right (flipped: the other way)
	v.box = container.NewGridWithColumns(2, v.labels[board.White], v.labels[board.Black])
	v.box.Hide()
	return v
}

// setFlipped puts each side's clock on its stand's side of a board turned or not.
func (v *ClockView) setFlipped(flipped bool) {
	left, right := v.labels[board.White], v.labels[board.Black]
	if flipped {
		left, right = right, left
	}
	if v.box.Objects[0] != left {
		v.box.Objects = []fyne.CanvasObject{left, right}
		v.box.Refresh()
	}
}

// Object is the widget to put in the window.
func (v *ClockView) Object() fyne.CanvasObject { return v.box }

// Text returns what side's clock shows.
func (v *ClockView) Text(side board.Color) string { return v.labels[side].Text }

// Marked reports whether side is shown as the side to move.
func (v *ClockView) Marked(side board.Color) bool { return v.labels[side].TextStyle.Bold }

// show draws the clocks of s, a game whose sides are named names and keep time tc; toMove
// is marked unless the game is over.
func (v *ClockView) show(s game.Snapshot, tc [2]game.TimeControl, names [2]string, byoyomiF string) {
	for c := board.Black; c <= board.White; c++ {
		mark := "☗"
		if c == board.White {
			mark = "☖"
		}
		moving := s.State == game.Playing && s.ToMove == c
		prefix := "   "
		if moving {
			prefix = "▶ "
		}
		text := prefix + mark + names[c] + "   " + clockText(s.Left[c], tc[c], byoyomiF)
		l := v.labels[c]
		if l.Text != text || l.TextStyle.Bold != moving {
			l.TextStyle.Bold = moving
			l.SetText(text)
		}
	}
	if !v.box.Visible() {
		v.box.Show()
		v.relayout()
	}
}

// relayout lays out the window again: the clocks' row appeared or went.
func (v *ClockView) relayout() {
	if v.onResize != nil {
		v.onResize()
	}
}

// clockText is one side's clock: the main time left, with the byoyomi to come; in byoyomi
// the byoyomi left; "—" with no time limit.
func clockText(left time.Duration, tc game.TimeControl, byoyomiF string) string {
	if tc.Unlimited() {
		return "—"
	}
	main := left - tc.Byoyomi
	switch {
	case tc.Byoyomi == 0:
		return formatClock(left)
	case main > 0:
		return formatClock(main) + " + " + fmt.Sprintf(byoyomiF, formatClock(tc.Byoyomi))
	default:
		return fmt.Sprintf(byoyomiF, formatClock(left))
	}
}

// formatClock writes time left as h:mm:ss, m:ss, or under ten seconds s.t (tenths); it
// counts down, so a part of a second left shows as the whole below it (0.0 is time up).
func formatClock(d time.Duration) string {
	if d < 0 {
		d = 0
	}
	if d < 10*time.Second {
		t := d / (100 * time.Millisecond)
		return fmt.Sprintf("%d.%d", t/10, t%10)
	}
	s := int(d / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
