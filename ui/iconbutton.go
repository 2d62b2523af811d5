package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// iconButton is a button with an icon and no text, for the record's ⏮ ◀ ▶ ⏭. Fyne's own
// buttons measure their (even empty) label in bold, which makes Fyne parse the bundled font a
// second time — about 20 MB — as soon as the window shows one (see heading); the window's
// permanent buttons are these instead.
type iconButton struct {
	widget.DisableableWidget
	icon     fyne.Resource
	onTapped func()
	hovered  bool
	// Text, if any, follows the icon in the regular style (newLabelledIconButton): the
	// record panel's しおり and 分岐ツリー buttons, always shown, would otherwise cost a bold
	// parse of the font (about 5 MB) as widget.Buttons.
	Text string

	bg    *canvas.Rectangle
	img   *canvas.Image
	label *canvas.Text // nil without Text
}

var (
	_ fyne.Tappable     = (*iconButton)(nil)
	_ desktop.Hoverable = (*iconButton)(nil)
	_ fyne.Disableable  = (*iconButton)(nil)
)

// newLabelledIconButton returns an iconButton with text after its icon.
func newLabelledIconButton(icon fyne.Resource, text string, onTapped func()) *iconButton {
	b := newIconButton(icon, onTapped)
	b.Text = text
	b.label = canvas.NewText(text, theme.Color(theme.ColorNameForeground))
	return b
}

func newIconButton(icon fyne.Resource, onTapped func()) *iconButton {
	b := &iconButton{icon: icon, onTapped: onTapped}
	b.bg = canvas.NewRectangle(nil)
	b.bg.CornerRadius = theme.InputRadiusSize()
	b.img = canvas.NewImageFromResource(nil)
	b.img.FillMode = canvas.ImageFillContain
	b.ExtendBaseWidget(b)
	return b
}

// Tapped is part of fyne.Tappable.
func (b *iconButton) Tapped(*fyne.PointEvent) {
	if !b.Disabled() && b.onTapped != nil {
		b.onTapped()
	}
}

// MouseIn is part of desktop.Hoverable.
func (b *iconButton) MouseIn(*desktop.MouseEvent) { b.hovered = true; b.Refresh() }

// MouseMoved is part of desktop.Hoverable.
func (b *iconButton) MouseMoved(*desktop.MouseEvent) {}

// MouseOut is part of desktop.Hoverable.
func (b *iconButton) MouseOut() { b.hovered = false; b.Refresh() }

// CreateRenderer is part of fyne.Widget.
func (b *iconButton) CreateRenderer() fyne.WidgetRenderer {
	r := &iconButtonRenderer{b: b}
	r.Refresh() // colours before the first paint
	return r
}

type iconButtonRenderer struct{ b *iconButton }

func (r *iconButtonRenderer) Destroy() {}

func (r *iconButtonRenderer) Objects() []fyne.CanvasObject {
	if r.b.label != nil {
		return []fyne.CanvasObject{r.b.bg, r.b.img, r.b.label}
	}
	return []fyne.CanvasObject{r.b.bg, r.b.img}
}

func (r *iconButtonRenderer) MinSize() fyne.Size {
	s := theme.IconInlineSize() + 2*theme.InnerPadding()
	if l := r.b.label; l != nil {
		ts := l.MinSize()
		return fyne.NewSize(s+theme.InnerPadding()/2+ts.Width, max(s, ts.Height+2*theme.InnerPadding()))
	}
	return fyne.NewSize(s, s)
}

func (r *iconButtonRenderer) Layout(size fyne.Size) {
	r.b.bg.Resize(size)
	is := theme.IconInlineSize()
	if l := r.b.label; l != nil {
		pad := theme.InnerPadding()
		ts := l.MinSize()
		left := (size.Width - (is + pad/2 + ts.Width)) / 2
		r.b.img.Move(fyne.NewPos(left, (size.Height-is)/2))
		r.b.img.Resize(fyne.NewSize(is, is))
		l.Move(fyne.NewPos(left+is+pad/2, (size.Height-ts.Height)/2))
		l.Resize(ts)
		return
	}
	r.b.img.Move(fyne.NewPos((size.Width-is)/2, (size.Height-is)/2))
	r.b.img.Resize(fyne.NewSize(is, is))
}

func (r *iconButtonRenderer) Refresh() {
	b := r.b
	switch {
	case b.Disabled():
		b.bg.FillColor = theme.Color(theme.ColorNameDisabledButton)
		b.img.Resource = theme.NewDisabledResource(b.icon)
	case b.hovered:
		b.bg.FillColor = theme.Color(theme.ColorNameHover)
		b.img.Resource = theme.NewThemedResource(b.icon)
	default:
		b.bg.FillColor = theme.Color(theme.ColorNameButton)
		b.img.Resource = theme.NewThemedResource(b.icon)
	}
	b.bg.Refresh()
	b.img.Refresh()
	if l := b.label; l != nil {
		l.Text = b.Text
		l.TextSize = theme.TextSize() // a new text size (表示 → 文字の大きさ) takes effect here
		l.Color = theme.Color(theme.ColorNameForeground)
		if b.Disabled() {
			l.Color = theme.Color(theme.ColorNameDisabled)
		}
		l.Refresh()
	}
}
