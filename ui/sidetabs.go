package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// SideTabs are the tabs of the panel beside the board: 棋譜 (the record) and 対局情報 (the
// game's headers); others may join them with Append (the engine panel and the evaluation
// graph have their own places below, see layout.go). It is
// Fyne's AppTabs reduced to what the panel needs, because AppTabs holds a widget.Button, and
// any widget.Button makes Fyne parse the bundled font a second time for its bold label (see
// heading and iconButton).
type SideTabs struct {
	widget.BaseWidget
	titles   []*tabTitle
	contents []fyne.CanvasObject
	selected int
	bar      *fyne.Container
	stack    *fyne.Container
	root     fyne.CanvasObject
}

// NewSideTabs returns tabs with no tab.
func NewSideTabs() *SideTabs {
	t := &SideTabs{selected: -1}
	t.bar = container.NewHBox()
	t.stack = container.NewStack()
	t.root = container.NewBorder(container.NewVBox(t.bar, widget.NewSeparator()), nil, nil, nil, t.stack)
	t.ExtendBaseWidget(t)
	return t
}

// Append adds a tab and returns its index; the first one added is shown.
func (t *SideTabs) Append(title string, content fyne.CanvasObject) int {
	i := len(t.titles)
	tt := newTabTitle(title, func() { t.Select(i) })
	t.titles = append(t.titles, tt)
	t.contents = append(t.contents, content)
	t.bar.Add(tt)
	content.Hide()
	t.stack.Add(content)
	if t.selected < 0 {
		t.Select(0)
	}
	return i
}

// Select shows tab i.
func (t *SideTabs) Select(i int) {
	if i < 0 || i >= len(t.contents) || i == t.selected {
		return
	}
	if t.selected >= 0 {
		t.contents[t.selected].Hide()
		t.titles[t.selected].setSelected(false)
	}
	t.selected = i
	t.contents[i].Show()
	t.titles[i].setSelected(true)
	t.stack.Refresh()
}

// Selected returns the index of the tab shown.
func (t *SideTabs) Selected() int { return t.selected }

// Title returns the title of tab i.
func (t *SideTabs) Title(i int) string { return t.titles[i].text.Text }

// CreateRenderer is part of fyne.Widget.
func (t *SideTabs) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(t.root) }

// tabTitle is the title of one tab: its text, underlined when selected.
type tabTitle struct {
	widget.BaseWidget
	text              *canvas.Text
	underline, hover  *canvas.Rectangle
	selected, hovered bool
	onTapped          func()
}

func newTabTitle(title string, onTapped func()) *tabTitle {
	tt := &tabTitle{onTapped: onTapped}
	tt.text = canvas.NewText(title, nil)
	tt.underline = canvas.NewRectangle(nil)
	tt.hover = canvas.NewRectangle(nil)
	tt.ExtendBaseWidget(tt)
	return tt
}

func (tt *tabTitle) setSelected(on bool) {
	tt.selected = on
	tt.Refresh()
}

// Tapped is part of fyne.Tappable.
func (tt *tabTitle) Tapped(*fyne.PointEvent) { tt.onTapped() }

// MouseIn is part of desktop.Hoverable.
func (tt *tabTitle) MouseIn(*desktop.MouseEvent) { tt.hovered = true; tt.Refresh() }

// MouseMoved is part of desktop.Hoverable.
func (tt *tabTitle) MouseMoved(*desktop.MouseEvent) {}

// MouseOut is part of desktop.Hoverable.
func (tt *tabTitle) MouseOut() { tt.hovered = false; tt.Refresh() }

func (tt *tabTitle) CreateRenderer() fyne.WidgetRenderer {
	r := &tabTitleRenderer{tt: tt}
	r.Refresh() // colours before the first paint
	return r
}

type tabTitleRenderer struct{ tt *tabTitle }

func (r *tabTitleRenderer) Destroy() {}

func (r *tabTitleRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.tt.hover, r.tt.text, r.tt.underline}
}

func (r *tabTitleRenderer) MinSize() fyne.Size {
	s := fyne.MeasureText(r.tt.text.Text, theme.TextSize(), fyne.TextStyle{})
	p := theme.InnerPadding()
	return fyne.NewSize(s.Width+2*p, s.Height+2*p)
}

func (r *tabTitleRenderer) Layout(size fyne.Size) {
	tt := r.tt
	tt.hover.Resize(size)
	p := theme.InnerPadding()
	tt.text.Move(fyne.NewPos(p, p))
	tt.text.Resize(fyne.NewSize(size.Width-2*p, size.Height-2*p))
	tt.underline.Move(fyne.NewPos(0, size.Height-2))
	tt.underline.Resize(fyne.NewSize(size.Width, 2))
}

func (r *tabTitleRenderer) Refresh() {
	tt := r.tt
	tt.text.TextSize = theme.TextSize()
	tt.text.Color = theme.Color(theme.ColorNameForeground)
	tt.underline.FillColor = theme.Color(theme.ColorNamePrimary)
	tt.underline.Hidden = !tt.selected
	if tt.selected {
		tt.text.Color = theme.Color(theme.ColorNamePrimary)
	}
	tt.hover.FillColor = theme.Color(theme.ColorNameHover)
	tt.hover.Hidden = !tt.hovered
	tt.text.Refresh()
	tt.underline.Refresh()
	tt.hover.Refresh()
}
