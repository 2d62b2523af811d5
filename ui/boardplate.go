package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"banmen/board"
)

// The name plates: beside each stand, in the corner the stand leaves free (below the top
// player's stand, above the bottom player's), a plate shows the player's name on up to two
// lines across the stand's whole width, and during a game the player's clock in large
// figures. The side to move in a game is marked by the plate's heavy frame in the turn
// colour and bold text; a clock under ten seconds turns the warning colour.

// PlayerClock is what a plate shows of one side's clock in a game.
type PlayerClock struct {
	Text   string // the time left, counting down (clockParts)
	Detail string // below it, small: the byoyomi to come, or the word for byoyomi in it
	ToMove bool   // the side to move: the plate is marked
	Warn   bool   // under ten seconds: the clock is drawn in the warning colour
}

const (
	plateGap   = 0.15 // between a stand and its plate, in u
	plateH     = totalH - labelBand - boardPad - standH - plateGap
	plateNameS = 0.36 // the name's text size, in u
	plateClkS  = 0.66 // the clock's text size, in u
)

// SetClocks shows the clocks of a game on the plates (on false: no clocks, the plates show
// the names only).
func (b *Board) SetClocks(c [2]PlayerClock, on bool) {
	if b.clocks == c && b.clocksOn == on {
		return
	}
	same := b.clocksOn == on
	b.clocks, b.clocksOn = c, on
	if same && b.plates != nil {
		b.plates() // the clocks tick ten times a second: the rest of the board stays
		return
	}
	b.Refresh()
}

// Clock returns what side's plate shows of its clock, and whether clocks are shown.
func (b *Board) Clock(side board.Color) (PlayerClock, bool) { return b.clocks[side], b.clocksOn }

type plateObjects struct {
	bg     *canvas.Rectangle
	name   [2]*canvas.Text // the name, on a second line when it does not fit on one
	clock  *canvas.Text
	detail *canvas.Text
}

func (r *boardRenderer) addPlates() {
	r.b.plates = func() {
		g := newGeom(r.b.Size(), r.b.flipped)
		if g.u <= 0 {
			return
		}
		for c := board.Black; c <= board.White; c++ {
			r.layoutPlate(&g, c)
		}
	}
	for c := range r.plates {
		p := &r.plates[c]
		p.bg = canvas.NewRectangle(color.Transparent)
		p.bg.CornerRadius = 4
		r.add(p.bg)
		for i := range p.name {
			p.name[i] = canvas.NewText("", color.Black)
			r.add(p.name[i])
		}
		p.clock = canvas.NewText("", color.Black)
		p.clock.Alignment = fyne.TextAlignCenter
		r.add(p.clock)
		p.detail = canvas.NewText("", color.Black)
		p.detail.Alignment = fyne.TextAlignCenter
		r.add(p.detail)
	}
}

// platePos is the top left of side c's plate.
func (g *geom) platePos(c board.Color) fyne.Position {
	s := g.stand[c]
	if s.Y <= g.gy+1 { // the top player: below the stand
		return fyne.NewPos(s.X, s.Y+(standH+plateGap)*g.u)
	}
	return fyne.NewPos(s.X, s.Y-(plateH+plateGap)*g.u)
}

// layoutPlate places and fills side c's plate.
func (r *boardRenderer) layoutPlate(g *geom, c board.Color) {
	p := &r.plates[c]
	b := r.b
	u := g.u
	name := b.names[c]
	clk := b.clocks[c]
	if name == "" && !b.clocksOn {
		p.bg.Hide()
		p.name[0].Hide()
		p.name[1].Hide()
		p.clock.Hide()
		p.detail.Hide()
		return
	}
	at := g.platePos(c)
	p.bg.Move(at)
	p.bg.Resize(fyne.NewSize(standW*u, plateH*u))
	p.bg.FillColor = withAlpha(r.pal.standWood, 0x60)
	p.bg.StrokeColor = r.pal.gridInk
	p.bg.StrokeWidth = max(1, u/40)
	moving := b.clocksOn && clk.ToMove
	if moving {
		p.bg.StrokeColor = r.pal.turnMark
		p.bg.StrokeWidth = max(3, u/10)
		p.bg.FillColor = withAlpha(r.pal.turnMark, 0x40)
	}
	p.bg.Show()
	p.bg.Refresh()

	ink := themeColor(theme.ColorNameForeground)
	pad := 0.14 * u
	width := standW*u - 2*pad
	style := fyne.TextStyle{Bold: moving}
	lines := splitName(name, width, plateNameS*u, style)
	size := plateNameS * u // both lines alike: the smaller size either needs
	for _, l := range lines {
		_, fit := fitText(l, width, plateNameS*u, style)
		size = min(size, fit)
	}
	for i, t := range p.name {
		t.Color, t.TextStyle = ink, style
		t.Text, t.TextSize = fitText(lines[i], width, size, style)
		t.Move(fyne.NewPos(at.X+pad, at.Y+0.1*u+float32(i)*0.46*u))
		t.Resize(fyne.NewSize(width, 0.46*u))
		t.Hidden = lines[i] == ""
		t.Refresh()
	}
	if !b.clocksOn {
		p.clock.Hide()
		p.detail.Hide()
		return
	}
	p.clock.Text = clk.Text
	p.clock.TextStyle = fyne.TextStyle{Bold: moving}
	p.clock.Color = ink
	if clk.Warn {
		p.clock.Color = themeColor(theme.ColorNameError)
	}
	p.clock.Text, p.clock.TextSize = fitText(clk.Text, width, plateClkS*u, p.clock.TextStyle)
	p.clock.Move(fyne.NewPos(at.X+pad, at.Y+0.98*u))
	p.clock.Resize(fyne.NewSize(width, 0.76*u))
	p.clock.Show()
	p.clock.Refresh()
	p.detail.Color = ink
	p.detail.Text, p.detail.TextSize = fitText(clk.Detail, width, 0.3*u, fyne.TextStyle{})
	p.detail.Move(fyne.NewPos(at.X+pad, at.Y+1.7*u))
	p.detail.Resize(fyne.NewSize(width, 0.36*u))
	p.detail.Hidden = clk.Detail == ""
	p.detail.Refresh()
}

// splitName puts a name on one line when it fits width, else on two: broken at the space
// nearest the middle, or, with no space, after as many characters as fit.
func splitName(name string, width, size float32, style fyne.TextStyle) [2]string {
	if name == "" || fyne.MeasureText(name, size, style).Width <= width {
		return [2]string{name, ""}
	}
	rs := []rune(name)
	best := -1
	for i, r := range rs {
		if (r == ' ' || r == '　') && (best < 0 || plateAbs(i-len(rs)/2) < plateAbs(best-len(rs)/2)) {
			best = i
		}
	}
	if best > 0 {
		return [2]string{string(rs[:best]), string(rs[best+1:])}
	}
	n := len(rs) - 1
	for n > 1 && fyne.MeasureText(string(rs[:n]), size, style).Width > width {
		n--
	}
	return [2]string{string(rs[:n]), string(rs[n:])}
}

func plateAbs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}
