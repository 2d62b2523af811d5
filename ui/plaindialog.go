package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// plainDialog is a modal dialog laid out as Fyne's custom dialog — a title, the content, a
// row of buttons under it — but all in the regular style. Fyne writes a dialog's title and
// its buttons in bold, and the first bold text makes it parse the bundled font a second
// time, held for as long as the program runs: the 棋譜解析 dialog, as Fyne's, added 15 MB to
// the window's resident memory, as a plain one 3 MB (see heading). The dialogs of everyday
// work are plain ones: 検討, 棋譜解析, 詰み探索, the 勝率 coefficient, messages and errors
// (the frame; an error's 詳細 is still Fyne's accordion), 保存しますか, the lossy-format
// warning, the restore of an autosave, the variation tree, and the game's (crash, 入玉宣言,
// resume, the increment warning). Those whose content holds Fyne's buttons or forms (対局,
// engine settings and options, the folder's analysis, しおり) are still Fyne's.
type plainDialog struct {
	pop      *widget.PopUp
	onClosed func()
	shown    bool
	// escape is the button Esc presses (its cancel, close or no), or nil: Esc then does
	// nothing, where every answer does something (the autosave's restore or discard)
	escape *plainButton
	// enter is the button Enter presses: the main action (HighImportance), or the only one
	enter *plainButton
	// overlay is what the pop-up put on its canvas's overlays when shown
	overlay fyne.CanvasObject
}

var _ dialog.Dialog = (*plainDialog)(nil)

// newPlainDialog returns a dialog over parent with title, content and buttons (left to
// right, as Fyne orders them: cancel first). It is shown by Show.
func newPlainDialog(title string, content fyne.CanvasObject, buttons []*plainButton, parent fyne.Window) *plainDialog {
	row := make([]fyne.CanvasObject, len(buttons))
	var escape, enter *plainButton
	for i, b := range buttons {
		row[i] = b
		if b.escapes {
			escape = b
		}
		if b.imp == widget.HighImportance {
			enter = b
		}
	}
	if len(buttons) == 1 {
		enter = buttons[0]
	}
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.CornerRadius = theme.Size(theme.SizeNameDialogRadius)
	body := container.New(plainDialogLayout{}, bg, content, container.NewGridWithRows(1, row...), widget.NewLabel(title))
	return &plainDialog{pop: widget.NewModalPopUp(body, parent.Canvas()), escape: escape, enter: enter}
}

// plainDialogLayout places a plain dialog's background, content, buttons and title as
// Fyne's dialogs place theirs (fyne.io/fyne/v2/dialog's dialogLayout, less the icon).
type plainDialogLayout struct{}

// the margins of Fyne's dialogs
const dialogPadWidth, dialogPadHeight = 32, 16

func (plainDialogLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	bg, content, buttons, title := objs[0], objs[1], objs[2], objs[3]
	btnMin, titleMin := buttons.MinSize(), title.MinSize()
	bg.Move(fyne.NewPos(0, 0))
	bg.Resize(size)
	buttons.Resize(btnMin)
	buttons.Move(fyne.NewPos(size.Width/2-btnMin.Width/2, size.Height-dialogPadHeight-btnMin.Height))
	title.Move(fyne.NewPos(dialogPadWidth/2, 0))
	title.Resize(fyne.NewSize(size.Width-dialogPadWidth, titleMin.Height))
	top := titleMin.Height + dialogPadHeight
	content.Move(fyne.NewPos(dialogPadWidth/2, top))
	content.Resize(fyne.NewSize(size.Width-dialogPadWidth, buttons.Position().Y-theme.Padding()-top))
}

func (plainDialogLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	contentMin, btnMin, titleMin := objs[1].MinSize(), objs[2].MinSize(), objs[3].MinSize()
	return fyne.NewSize(max(contentMin.Width, btnMin.Width, titleMin.Width)+dialogPadWidth,
		contentMin.Height+btnMin.Height+titleMin.Height+theme.Padding()+2*dialogPadHeight)
}

// Show is part of dialog.Dialog.
func (d *plainDialog) Show() {
	if d.shown {
		d.pop.Show() // shown already: only refreshed
		return
	}
	d.shown = true
	d.pop.Show()
	d.overlay = answerKeys(d.pop.Canvas, tapOf(d.escape), tapOf(d.enter))
}

// tapOf is what tapping b does (nil for no button).
func tapOf(b *plainButton) func() {
	if b == nil {
		return nil
	}
	return func() { b.Tapped(nil) }
}

// Hide is part of dialog.Dialog: the dialog closes (and calls the function of SetOnClosed).
func (d *plainDialog) Hide() {
	d.pop.Hide()
	forgetKeys(d.overlay)
	if d.shown && d.onClosed != nil {
		d.onClosed()
	}
	d.shown = false
}

// Dismiss is part of dialog.Dialog.
func (d *plainDialog) Dismiss() { d.Hide() }

// SetDismissText is part of dialog.Dialog; a plain dialog's buttons are its own.
func (d *plainDialog) SetDismissText(string) {}

// SetOnClosed is part of dialog.Dialog: closed runs after the dialog closes, after any set
// before.
func (d *plainDialog) SetOnClosed(closed func()) {
	prev := d.onClosed
	d.onClosed = func() {
		if prev != nil {
			prev()
		}
		closed()
	}
}

// Refresh is part of dialog.Dialog.
func (d *plainDialog) Refresh() { d.pop.Refresh() }

// Resize is part of dialog.Dialog.
func (d *plainDialog) Resize(s fyne.Size) { d.pop.Resize(s) }

// MinSize is part of dialog.Dialog.
func (d *plainDialog) MinSize() fyne.Size { return d.pop.MinSize() }

// plainButton is a dialog's button with its text in the regular style (see plainDialog);
// its importance colours it as Fyne's: widget.HighImportance (the dialog's main action) in
// the primary colour, widget.DangerImportance (an irreversible one) in the error colour.
type plainButton struct {
	widget.BaseWidget
	Text     string
	imp      widget.Importance
	onTapped func()
	hovered  bool
	escapes  bool // Esc presses it (see plainDialog.escape)

	bg, hover *canvas.Rectangle
	label     *canvas.Text
}

var (
	_ fyne.Tappable      = (*plainButton)(nil)
	_ desktop.Hoverable  = (*plainButton)(nil)
	_ desktop.Cursorable = (*plainButton)(nil)
)

// cancels marks b as the button Esc presses in its dialog: the one that closes it leaving
// things as they were (cancel, close, no).
func (b *plainButton) cancels() *plainButton {
	b.escapes = true
	return b
}

// newPlainButton returns a plain button; high marks the dialog's main action.
func newPlainButton(text string, high bool, onTapped func()) *plainButton {
	imp := widget.MediumImportance
	if high {
		imp = widget.HighImportance
	}
	return newPlainButtonOf(text, imp, onTapped)
}

// newPlainButtonOf returns a plain button of importance imp (Medium, High or Danger).
func newPlainButtonOf(text string, imp widget.Importance, onTapped func()) *plainButton {
	b := &plainButton{Text: text, imp: imp, onTapped: onTapped}
	b.bg, b.hover = canvas.NewRectangle(nil), canvas.NewRectangle(nil)
	b.bg.CornerRadius, b.hover.CornerRadius = theme.InputRadiusSize(), theme.InputRadiusSize()
	b.label = canvas.NewText(text, nil)
	b.label.Alignment = fyne.TextAlignCenter
	b.ExtendBaseWidget(b)
	return b
}

// Tapped is part of fyne.Tappable.
func (b *plainButton) Tapped(*fyne.PointEvent) {
	if b.onTapped != nil {
		b.onTapped()
	}
}

// MouseIn is part of desktop.Hoverable.
func (b *plainButton) MouseIn(*desktop.MouseEvent) { b.hovered = true; b.Refresh() }

// MouseMoved is part of desktop.Hoverable.
func (b *plainButton) MouseMoved(*desktop.MouseEvent) {}

// MouseOut is part of desktop.Hoverable.
func (b *plainButton) MouseOut() { b.hovered = false; b.Refresh() }

// Cursor is part of desktop.Cursorable.
func (b *plainButton) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CreateRenderer is part of fyne.Widget.
func (b *plainButton) CreateRenderer() fyne.WidgetRenderer {
	r := &plainButtonRenderer{b: b}
	r.Refresh()
	return r
}

type plainButtonRenderer struct{ b *plainButton }

func (r *plainButtonRenderer) Destroy() {}

func (r *plainButtonRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.b.bg, r.b.hover, r.b.label}
}

func (r *plainButtonRenderer) MinSize() fyne.Size {
	pad := theme.InnerPadding()
	ts := r.b.label.MinSize()
	return fyne.NewSize(ts.Width+2*pad, ts.Height+2*pad+theme.Padding()) // as tall as Fyne's
}

func (r *plainButtonRenderer) Layout(size fyne.Size) {
	r.b.bg.Resize(size)
	r.b.hover.Resize(size)
	ts := r.b.label.MinSize()
	r.b.label.Move(fyne.NewPos(0, (size.Height-ts.Height)/2))
	r.b.label.Resize(fyne.NewSize(size.Width, ts.Height))
}

func (r *plainButtonRenderer) Refresh() {
	b := r.b
	b.bg.FillColor = theme.Color(theme.ColorNameButton)
	b.label.Color = theme.Color(theme.ColorNameForeground)
	switch b.imp {
	case widget.HighImportance:
		b.bg.FillColor = theme.Color(theme.ColorNamePrimary)
		b.label.Color = theme.Color(theme.ColorNameForegroundOnPrimary)
	case widget.DangerImportance:
		b.bg.FillColor = theme.Color(theme.ColorNameError)
		b.label.Color = theme.Color(theme.ColorNameForegroundOnError)
	}
	b.hover.FillColor = theme.Color(theme.ColorNameHover)
	b.hover.Hidden = !b.hovered
	b.label.Text = b.Text
	b.label.TextSize = theme.TextSize()
	b.bg.Refresh()
	b.hover.Refresh()
	b.label.Refresh()
}

// newPlainCustom returns a plain dialog with content and one button, dismiss, that closes
// it: Fyne's dialog.NewCustom without bold.
func newPlainCustom(title, dismiss string, content fyne.CanvasObject, parent fyne.Window) *plainDialog {
	var d *plainDialog
	d = newPlainDialog(title, content, []*plainButton{newPlainButton(dismiss, false, func() { d.Hide() }).cancels()}, parent)
	return d
}

// newPlainConfirm returns a plain dialog with content and two buttons, dismiss and confirm
// (the main action): Fyne's dialog.NewCustomConfirm without bold. callback, if not nil,
// learns which closed it (closing it otherwise, by Hide, is a dismissal).
func newPlainConfirm(title, confirm, dismiss string, content fyne.CanvasObject, callback func(bool), parent fyne.Window) *plainDialog {
	var d *plainDialog
	answered := false
	yes := newPlainButton(confirm, true, func() {
		answered = true
		d.Hide()
	})
	no := newPlainButton(dismiss, false, func() { d.Hide() }).cancels()
	d = newPlainDialog(title, content, []*plainButton{no, yes}, parent)
	d.SetOnClosed(func() {
		ok := answered
		answered = false
		if callback != nil {
			callback(ok)
		}
	})
	return d
}
