package ui

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/kifu"
	"banmen/ui/session"
	"banmen/usiclient"
)

// The PV preview (ShogiHome's 読み筋 preview): a small window with a board that steps through
// an engine's line — a line of the engine panel, a 読み筋 written in a comment, the answer of
// 詰み探索 — with ← and → (↑ ↓ too), Home and End, the mouse wheel, the buttons under the
// board, or a click on a move of the line written out in Japanese. Two actions put the line
// into the record:
//
//   - 変化として追加 adds it as a variation where its first position is in the record: the
//     current node when the line starts there, else the nearest node of the record that
//     shows that position (session.FindPosition); a line for a position the record never
//     reaches is refused with a message.
//   - 棋譜コメントに挿入 writes the line and its score into that node's comment in
//     ShogiHome's think-comment format ("#評価値=…", "#読み筋=…", kifu.ThinkComment), which
//     the 評価値グラフ, the 読み筋 links below the comment and ShogiHome read back.
//
// One preview is open at a time: opening another replaces it. It never changes the main
// board; the record changes only through the session.

// pvPreview is the open preview window.
type pvPreview struct {
	w     *MainWindow
	win   fyne.Window
	tx    *previewText
	root  *board.Position
	pv    []board.Move      // the legal part of the line
	think kifu.ThinkComment // what goes into the comment; PV is pv
	pos   []*board.Position // pos[i]: after i moves of pv
	names []string          // ▲７六歩 …, the first naming its square
	ply   int               // moves shown played, 0..len(pv)

	board                   *Board
	header                  *widget.Label
	moves                   *widget.RichText
	plyLabel                *widget.Label
	nav                     *fyne.Container // the step buttons around plyLabel
	note                    *widget.Label   // what the last action did
	first, prev, next, last *widget.Button
	add, comment            *widget.Button
}

// openPVPreview opens the preview of line pv from root, with label (the score and the
// engine, as the panel writes them) above the board. What goes into a comment is what the
// study under way says of this line (score, depth, nodes, engine) when it is one of its
// lines; else, for a line that ends in mate (the 詰み探索 answer, futile interpositions
// left out or not), the mate; else the line alone.
func (w *MainWindow) openPVPreview(root *board.Position, pv []board.Move, label string) {
	if root == nil {
		return
	}
	w.openPVPreviewThink(root, pv, w.thinkFor(root, pv), label)
}

// openEngineLine opens the preview of an engine's line as the panel showed it, with its
// score, depth and nodes as they were then (openPVPreview looks them up in the study's
// latest lines, which an engine may have replaced by the time of the click).
func (w *MainWindow) openEngineLine(root *board.Position, engine string, l usiclient.Line, label string) {
	w.openPVPreviewThink(root, l.PV, lineThink(engine, l), label)
}

// openPVPreviewThink opens the preview of pv from root with what think says of it.
// A nil root (a panel with no position yet) opens nothing.
func (w *MainWindow) openPVPreviewThink(root *board.Position, pv []board.Move, think kifu.ThinkComment, label string) {
	if root == nil {
		return
	}
	if w.preview != nil {
		w.preview.win.Close()
	}
	tx := w.previewText()
	p := &pvPreview{w: w, tx: tx, root: root.Clone()}
	p.pos = []*board.Position{p.root}
	cur := p.root.Clone()
	lastTo := board.NoSquare
	for _, m := range pv {
		if !cur.IsLegal(m) {
			break
		}
		p.names = append(p.names, cur.SideToMove().Mark()+cur.KI2Move(m, lastTo))
		p.pv = append(p.pv, m)
		lastTo = m.To()
		cur.Do(m)
		p.pos = append(p.pos, cur.Clone())
	}
	think.Analysis = true
	think.PV = p.pv
	think.PVText = ""
	p.think = think

	header := label
	if len(p.pv) > 0 && !cur.IsCheckmate() && cur.IsMateOmittingFutile() {
		header = strings.TrimSpace(header + " " + tx.FutileOmitted)
	}
	if len(p.pv) < len(pv) {
		header = strings.TrimSpace(header + " " + fmt.Sprintf(tx.IllegalCutF, len(p.pv)+1))
	}
	p.header = widget.NewLabel(header)
	p.header.Wrapping = fyne.TextWrapWord
	p.header.Importance = widget.HighImportance

	p.board = NewBoard(p.root, w.msg)
	p.board.SetMode(ModeView)
	p.board.SetFlipped(w.board.Flipped())
	p.board.OnScroll = func(step int) { p.goTo(p.ply + step) }
	p.moves = widget.NewRichText()
	p.moves.Wrapping = fyne.TextWrapWord
	p.plyLabel = widget.NewLabel("")
	p.note = widget.NewLabel("")
	p.note.Wrapping = fyne.TextWrapWord
	if len(p.pv) == 0 {
		p.note.SetText(tx.NoMoves)
	}
	p.first = widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), func() { p.goTo(0) })
	p.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { p.goTo(p.ply - 1) })
	p.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { p.goTo(p.ply + 1) })
	p.last = widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), func() { p.goTo(len(p.pv)) })
	p.add = widget.NewButton(tx.AddVariation, p.addVariation)
	p.comment = widget.NewButton(tx.InsertComment, p.insertComment)
	if len(p.pv) == 0 {
		p.add.Disable()
		p.comment.Disable()
	}
	closeBtn := widget.NewButton(tx.Close, func() { p.win.Close() })

	p.nav = container.NewHBox(p.first, p.prev, p.plyLabel, p.next, p.last)
	actions := container.NewHBox(p.add, p.comment, closeBtn)
	foot := container.NewVBox(container.NewCenter(p.nav), p.moves, container.NewCenter(actions), p.note)
	p.win = w.app.NewWindow(tx.Title)
	p.win.SetContent(container.NewBorder(p.header, foot, nil, nil, p.board))
	p.win.Canvas().SetOnTypedKey(p.typedKey)
	p.win.SetOnClosed(func() {
		if w.preview == p {
			w.preview = nil
		}
	})
	p.win.Resize(fyne.NewSize(560, 620))
	w.preview = p
	p.goTo(0)
	p.win.Show()
}

// goTo shows the position after ply moves of the line (clamped to the line).
func (p *pvPreview) goTo(ply int) {
	ply = min(max(ply, 0), len(p.pv))
	p.ply = ply
	last := board.NoMove
	if ply > 0 {
		last = p.pv[ply-1]
	}
	p.board.SetPosition(p.pos[ply], last)
	p.plyLabel.SetText(fmt.Sprintf(p.tx.PlyF, ply, len(p.pv)))
	p.nav.Refresh() // the label's width may have changed
	p.setEnabled(p.first, ply > 0)
	p.setEnabled(p.prev, ply > 0)
	p.setEnabled(p.next, ply < len(p.pv))
	p.setEnabled(p.last, ply < len(p.pv))
	segs := make([]widget.RichTextSegment, 0, 2*len(p.names))
	for i, name := range p.names {
		if i > 0 {
			segs = append(segs, &widget.TextSegment{Text: " ", Style: widget.RichTextStyleInline})
		}
		if i+1 == ply {
			st := widget.RichTextStyleStrong // the links are in the primary colour
			segs = append(segs, &widget.TextSegment{Text: name, Style: st})
			continue
		}
		to := i + 1
		segs = append(segs, &widget.HyperlinkSegment{Text: name, OnTapped: func() { p.goTo(to) }})
	}
	p.moves.Segments = segs
	p.moves.Refresh()
}

func (p *pvPreview) setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// typedKey steps with the keyboard: ← ↑ back, → ↓ forward, Home, End; Escape closes.
func (p *pvPreview) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyLeft, fyne.KeyUp:
		p.goTo(p.ply - 1)
	case fyne.KeyRight, fyne.KeyDown:
		p.goTo(p.ply + 1)
	case fyne.KeyHome:
		p.goTo(0)
	case fyne.KeyEnd:
		p.goTo(len(p.pv))
	case fyne.KeyEscape:
		p.win.Close()
	}
}

// target is the node of the record the line belongs to (see session.FindPosition), or nil
// with the message saying why not.
func (p *pvPreview) target() *kifu.Node {
	if p.w.Playing() {
		p.note.SetText(p.tx.DuringGame)
		return nil
	}
	n := p.w.sess.FindPosition(p.root)
	if n == nil {
		p.note.SetText(p.tx.NotInRecord)
	}
	return n
}

// addVariation adds the line to the record as a variation (変化として追加).
func (p *pvPreview) addVariation() {
	n := p.target()
	if n == nil {
		return
	}
	_, added, err := p.w.sess.AddLine(n, p.pv)
	switch {
	case err != nil:
		p.note.SetText(err.Error())
	case added == 0:
		p.note.SetText(p.tx.AlreadyThere)
	default:
		p.note.SetText(fmt.Sprintf(p.tx.AddedF, added))
	}
}

// insertComment writes the line and its score into the comment (棋譜コメントに挿入).
func (p *pvPreview) insertComment() {
	n := p.target()
	if n == nil {
		return
	}
	p.w.sess.SetNodeComment(n, commentWithThink(p.w.sess.Record(), n, p.think))
	p.note.SetText(p.tx.CommentWritten)
}

// commentWithThink is n's comment with think t written in: a think of a named engine
// replaces that engine's earlier one (kifu.Record.SetThinkComment); one of no engine is
// added after what is there, separated by an empty line as ShogiHome's spec asks, unless
// the same lines are there already.
func commentWithThink(rec *kifu.Record, n *kifu.Node, t kifu.ThinkComment) string {
	if t.Engine != "" {
		old := n.Comment
		rec.SetThinkComment(n, t)
		text := n.Comment
		n.Comment = old
		return text
	}
	block := t.Format(rec.Position(n))
	if block == "" || strings.Contains(n.Comment, block) {
		return n.Comment
	}
	c := strings.TrimRight(n.Comment, "\n")
	if strings.TrimSpace(c) == "" {
		return block
	}
	return c + "\n\n" + block
}

// thinkFor is what is known of line pv from root: the study's score, depth, nodes and
// engine when pv is one of its lines for that position (or the start of one); else the
// mate when the line ends in one; else nothing but the line.
func (w *MainWindow) thinkFor(root *board.Position, pv []board.Move) kifu.ThinkComment {
	if r := w.study.run; r != nil && len(pv) > 0 {
		key := session.PlaceKey(root)
		for _, v := range r.runner.Views() {
			if v.Root == nil || session.PlaceKey(v.Root) != key {
				continue
			}
			for _, l := range v.Lines {
				if len(l.PV) >= len(pv) && slices.Equal(l.PV[:len(pv)], pv) {
					return lineThink(v.Engine, l)
				}
			}
		}
	}
	t := kifu.ThinkComment{Analysis: true}
	end := root.Clone()
	for _, m := range pv {
		if !end.IsLegal(m) {
			return t
		}
		end.Do(m)
	}
	if len(pv) > 0 && end.IsMateOmittingFutile() {
		t.HasMate, t.Mate = true, kifu.Mate{Winner: end.SideToMove().Opp(), Plies: len(pv)}
	}
	return t
}

// lineThink is the think comment of an engine's line: its score from Black's side (or
// the mate it claims), depth and nodes.
func lineThink(engine string, l usiclient.Line) kifu.ThinkComment {
	t := kifu.ThinkComment{Analysis: true, Engine: engine, Depth: l.Depth, Nodes: l.Nodes, PV: l.PV}
	switch s := l.SenteScore; s.Kind {
	case usiclient.ScoreCP:
		t.Score, t.HasScore = s.Value, true
	case usiclient.ScoreMate:
		t.HasMate = true
		t.Mate = kifu.Mate{Winner: board.Black, Plies: max(s.Value, -s.Value)}
		if s.MateSign < 0 {
			t.Mate.Winner = board.White
		}
	}
	return t
}
