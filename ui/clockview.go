package ui

import (
	"fmt"
	"strings"
	"time"

	"banmen/board"
	"banmen/engine/game"
)

// ClockView keeps both sides' clocks of a game and shows them on the board's name plates
// (boardplate.go), beside each player's name: the time left counting down each second (in
// tenths under ten seconds), the byoyomi when it is being used or still to come, the side
// to move marked by its plate, and a clock under ten seconds in the warning colour, with a
// beep (beep.go) as it gets there if the game's setup asks for one.
type ClockView struct {
	shown [2]PlayerClock
	text  [2]string // the clocks in one line each (clockText)
	on    bool

	// beep, when not nil, sounds soundBeep once each time the running clock of a side
	// crosses warnBelow before its time is up (main time and byoyomi together: in its last
	// period when the byoyomi is 10 s or more), then soundTick at each of its last five
	// seconds, as a timekeeper counts them; above is whether it was last seen at or over
	// warnBelow, tick the second last ticked (6 after the warning, 0: no count running).
	beep  func(board.Color, soundKind)
	above [2]bool
	tick  [2]int
}

// warnBelow is the time left under which a clock is drawn in the warning colour.
const warnBelow = 10 * time.Second

// NewClockView makes a game's clocks, hidden until a game shows them.
func NewClockView() *ClockView { return &ClockView{} }

// Text returns what side's clock shows ("" with no game shown).
func (v *ClockView) Text(side board.Color) string {
	if !v.on {
		return ""
	}
	return v.text[side]
}

// Marked reports whether side is shown as the side to move.
func (v *ClockView) Marked(side board.Color) bool { return v.shown[side].ToMove }

// Warned reports whether side's clock is in the warning colour.
func (v *ClockView) Warned(side board.Color) bool { return v.shown[side].Warn }

// show draws on b the clocks of s, a game whose sides keep time tc; toMove is marked
// unless the game is over.
func (v *ClockView) show(b *Board, s game.Snapshot, tc [2]game.TimeControl, byoyomiF string) {
	var c [2]PlayerClock
	for side := board.Black; side <= board.White; side++ {
		moving := s.State == game.Playing && s.ToMove == side
		warn := !tc[side].Unlimited() && s.Left[side] < warnBelow && s.State != game.Over
		if moving && !tc[side].Unlimited() {
			v.count(side, s.Left[side])
		}
		v.text[side] = clockText(s.Left[side], tc[side], byoyomiF)
		fig, detail, _ := clockParts(s.Left[side], tc[side], byoyomiF)
		c[side] = PlayerClock{Text: fig, Detail: detail, ToMove: moving, Warn: warn}
	}
	v.shown, v.on = c, true
	b.SetClocks(c, true)
}

// count sounds the warning and the last seconds of side's running clock, left.
func (v *ClockView) count(side board.Color, left time.Duration) {
	switch {
	case left >= warnBelow:
		v.above[side], v.tick[side] = true, 0
		return
	case v.above[side]:
		v.above[side], v.tick[side] = false, 6
		if v.beep != nil {
			v.beep(side, soundBeep)
		}
	}
	// the seconds left, rounded up as the clock shows them: 5 from 5.0 s, then 4, … 1
	if sec := int((left + time.Second - 1) / time.Second); v.tick[side] > 0 && sec >= 1 && sec <= 5 && sec < v.tick[side] {
		v.tick[side] = sec
		if v.beep != nil {
			v.beep(side, soundTick)
		}
	}
}

// newGame readies the clocks for a game that beeps through beep from 10 s (nil: no beep).
func (v *ClockView) newGame(beep func(board.Color, soundKind)) {
	v.beep, v.above, v.tick = beep, [2]bool{}, [2]int{}
}

// hide takes the clocks off b's plates (no game).
func (v *ClockView) hide(b *Board) {
	v.above, v.tick = [2]bool{}, [2]int{}
	if !v.on {
		return
	}
	v.shown, v.on = [2]PlayerClock{}, false
	b.SetClocks(v.shown, false)
}

// clockText is one side's clock: the main time left, with the byoyomi to come; in byoyomi
// the byoyomi left; "—" with no time limit.
func clockText(left time.Duration, tc game.TimeControl, byoyomiF string) string {
	fig, detail, inByoyomi := clockParts(left, tc, byoyomiF)
	switch {
	case inByoyomi:
		return fmt.Sprintf(byoyomiF, fig)
	case detail != "":
		return fig + " " + detail
	}
	return fig
}

// clockParts splits a clock as the plates show it: the figure counting down, in large
// type, and below it in small type the byoyomi to come ("+ 秒読み 0:30") or, in byoyomi,
// the word for it.
func clockParts(left time.Duration, tc game.TimeControl, byoyomiF string) (fig, detail string, inByoyomi bool) {
	if tc.Unlimited() {
		return "—", "", false
	}
	main := left - tc.Byoyomi
	switch {
	case tc.Byoyomi == 0:
		return formatClock(left), "", false
	case main > 0:
		return formatClock(main), "+ " + fmt.Sprintf(byoyomiF, formatClock(tc.Byoyomi)), false
	default:
		return formatClock(left), strings.TrimSpace(fmt.Sprintf(byoyomiF, "")), true
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
