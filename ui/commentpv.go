package ui

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine/analysis"
	"banmen/kifu"
)

// thinkLinks are the 読み筋 written in the current move's comment (think comments, read by
// kifu.ParseThinkComments: ShogiHome's "*読み筋="/"#読み筋=", floodgate's "'**" lines), one
// link each under the comment; a click opens the PV preview of that line from the move's
// position. The comment itself stays a plain editable text.
type thinkLinks struct {
	box    *fyne.Container // the links
	holder *fyne.Container // the comment box with the links below it
	msg    *Messages
	onOpen func(root *board.Position, t kifu.ThinkComment)

	node    *kifu.Node // the node and comment the links were made for
	comment string
	thinks  []kifu.ThinkComment
}

func newThinkLinks(msg *Messages) *thinkLinks {
	l := &thinkLinks{box: container.NewVBox(), msg: msg}
	l.box.Hide() // hidden when empty: the comment keeps all its room
	return l
}

// wrap returns comment with the links below it.
func (l *thinkLinks) wrap(comment fyne.CanvasObject) fyne.CanvasObject {
	l.holder = container.NewBorder(nil, l.box, nil, nil, comment)
	return l.holder
}

// update shows the links of n's comment (n is a node of rec). Typing in the comment calls
// it at each key: the links are made again only when they change.
func (l *thinkLinks) update(rec *kifu.Record, n *kifu.Node) {
	if n == l.node && n.Comment == l.comment {
		return
	}
	var thinks []kifu.ThinkComment
	var texts []string
	var root *board.Position
	if strings.ContainsAny(n.Comment, "*#") { // else no think line: nothing to read
		tx := previewTextFor(l.msg)
		for _, t := range rec.ThinkComments(n) {
			if len(t.PV) == 0 {
				continue
			}
			if root == nil {
				root = rec.Position(n)
			}
			thinks = append(thinks, t)
			texts = append(texts, thinkLinkText(root, t, tx))
		}
	}
	same := n == l.node && reflect.DeepEqual(thinks, l.thinks)
	l.node, l.comment, l.thinks = n, n.Comment, thinks
	if same {
		return
	}
	l.box.RemoveAll()
	for i, t := range thinks {
		link := widget.NewHyperlink(texts[i], nil)
		link.Truncation = fyne.TextTruncateEllipsis
		link.OnTapped = func() {
			if l.onOpen != nil {
				l.onOpen(root, t)
			}
		}
		l.box.Add(link)
	}
	l.relayout()
}

// thinkLinkText is a link's text: the score or mate, then the line in Japanese from root.
func thinkLinkText(root *board.Position, t kifu.ThinkComment, tx *previewText) string {
	line, _ := root.JapaneseLine(t.PV, board.NoSquare)
	switch {
	case t.HasMate:
		return fmt.Sprintf(tx.ThinkLinkMateF, t.Mate.String(), line)
	case t.HasScore:
		return fmt.Sprintf(tx.ThinkLinkScoreF, t.Score, line)
	}
	if score, mate, ok := candidateScore(t); ok && mate != "" {
		return fmt.Sprintf(tx.ThinkLinkMateF, mate, line)
	} else if ok {
		return fmt.Sprintf(tx.ThinkLinkScoreF, score, line)
	}
	return fmt.Sprintf(tx.ThinkLinkF, line)
}

// candidateScore is the score (or mate, as written) of a 棋譜解析's candidate line (MultiPV 2
// and more), which is kept under keys of its own (analysis.KeyCandidateScore,
// KeyCandidateMate) so that it is not taken for the position's; links and headings show it.
func candidateScore(t kifu.ThinkComment) (score int, mate string, ok bool) {
	for _, e := range t.Extra {
		switch k, v, _ := strings.Cut(e, "="); k {
		case analysis.KeyCandidateScore:
			if n, err := strconv.Atoi(v); err == nil {
				return n, "", true
			}
		case analysis.KeyCandidateMate:
			return 0, v, v != ""
		}
	}
	return 0, "", false
}

// thinkLabel is the preview's heading for a think: engine, score or mate, depth.
func thinkLabel(t kifu.ThinkComment, tx *previewText) string {
	var parts []string
	if t.Engine != "" {
		parts = append(parts, t.Engine)
	}
	switch {
	case t.HasMate:
		parts = append(parts, t.Mate.String())
	case t.HasScore:
		parts = append(parts, fmt.Sprintf(tx.ScoreF, t.Score))
	default:
		if score, mate, ok := candidateScore(t); ok && mate != "" {
			parts = append(parts, mate)
		} else if ok {
			parts = append(parts, fmt.Sprintf(tx.ScoreF, score))
		}
	}
	if t.Depth > 0 {
		parts = append(parts, fmt.Sprintf(tx.DepthF, t.Depth))
	}
	return strings.Join(parts, "  ")
}

// openThinkPreview opens the preview of a 読み筋 read from a comment on root.
func (w *MainWindow) openThinkPreview(root *board.Position, t kifu.ThinkComment) {
	w.openPVPreviewThink(root, t.PV, t, thinkLabel(t, w.previewText()))
}

// relayout shows the links, or hides their box when there are none, and lays out the comment
// box again.
func (l *thinkLinks) relayout() {
	if len(l.box.Objects) == 0 {
		l.box.Hide()
	} else {
		l.box.Show()
	}
	if l.holder != nil {
		l.holder.Refresh()
	}
}
