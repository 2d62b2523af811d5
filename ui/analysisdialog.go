package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
	"banmen/engine/analysis"
)

// AnalyseDialog asks for the engine, the seconds per move, the range of moves, the order
// (from the start or from the end), where the analysis goes in a comment that has text
// (追記, 挿入, 上書き) and how many candidates are recorded (MultiPV 1–5) of a 棋譜解析
// (検討 → 棋譜解析…, Ctrl+Shift+A), then starts it. The choices are remembered.
func (w *MainWindow) AnalyseDialog() {
	at := w.analysisText()
	if w.analysis.run != nil || w.analysis.batch != nil {
		w.showMessage(at.Title, at.Busy)
		return
	}
	if w.refuseEditing(at.Title) {
		return
	}
	w.study.withEngines(engine.TagAnalysis, func(list []engine.Definition) {
		w.analyseDialog(list)
	})
}

// analyseDialog shows the dialog with the engines of list.
func (w *MainWindow) analyseDialog(list []engine.Definition) {
	at := w.analysisText()
	c := w.newAnalysisChoices(list)
	moves := w.sess.MoveCount()
	from, to := newDialogEntry(), newDialogEntry()
	from.SetText("1")
	to.SetText(strconv.Itoa(moves))
	order := widget.NewRadioGroup([]string{at.OrderStart, at.OrderEnd}, nil)
	order.Horizontal, order.Required = true, true
	order.SetSelected(at.OrderStart)
	if w.settings.p.Bool(prefAnalysisDescending) {
		order.SetSelected(at.OrderEnd)
	}
	problem := widget.NewLabel("")
	problem.Wrapping = fyne.TextWrapWord
	problem.Importance = widget.DangerImportance
	form := container.New(formLayout{},
		widget.NewLabel(at.Engine), c.eng,
		widget.NewLabel(at.Seconds), c.secs,
		widget.NewLabel(at.FromPly), from,
		widget.NewLabel(at.ToPly), to,
		widget.NewLabel(at.Order), order,
		widget.NewLabel(at.Comments), c.comments,
		widget.NewLabel(at.MultiPV), c.multiPV)
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(380, 1))
	box := container.NewVBox(width, form, problem)
	var d *plainDialog // not Fyne's: no bold text, no second parse of the font
	start := newPlainButton(at.Start, true, func() {
		cfg, ok := c.config()
		if !ok {
			problem.SetText(fmt.Sprintf(at.BadSecondsF, c.secs.Text))
			return
		}
		f, err1 := strconv.Atoi(strings.TrimSpace(from.Text))
		t, err2 := strconv.Atoi(strings.TrimSpace(to.Text))
		if err1 != nil || err2 != nil || f < 1 || t > moves || f > t {
			problem.SetText(fmt.Sprintf(at.BadRangeF, moves))
			return
		}
		d.Hide()
		cfg.From, cfg.To, cfg.Descending = f, t, order.Selected == at.OrderEnd
		c.remember(cfg)
		w.settings.p.SetBool(prefAnalysisDescending, cfg.Descending)
		w.startAnalysisWith(c.engine(), cfg)
	})
	cancel := newPlainButton(at.Cancel, false, func() { d.Hide() }).cancels()
	d = newPlainDialog(at.Title, box, []*plainButton{cancel, start}, w.win)
	w.lastShown = shownDialog{at.Title, "", d}
	d.Show()
}

// commentModes are the dialog's comment choices, in its order.
var commentModes = []analysis.CommentMode{analysis.Append, analysis.Insert, analysis.Overwrite}

// analysisChoices are the controls the 棋譜解析 dialog and the folder's share: the engine,
// the seconds a move, the comment mode and the candidates recorded, shown as last chosen.
type analysisChoices struct {
	w                      *MainWindow
	list                   []engine.Definition
	eng, comments, multiPV *widget.Select
	secs                   *dialogEntry
}

func (w *MainWindow) newAnalysisChoices(list []engine.Definition) *analysisChoices {
	at := w.analysisText()
	p := w.settings.p
	names := make([]string, len(list))
	chosen := preferred(list)
	for i, d := range list {
		names[i] = d.Name
		if d.Name == p.String(prefAnalysisEngine) {
			chosen = i
		}
	}
	c := &analysisChoices{w: w, list: list, eng: widget.NewSelect(names, nil), secs: newDialogEntry()}
	c.eng.SetSelectedIndex(chosen)
	c.secs.SetText(p.StringWithFallback(prefAnalysisSeconds, "1"))
	modes := []string{at.CommentAppend, at.CommentInsert, at.CommentOverwrite}
	c.comments = widget.NewSelect(modes, nil)
	c.comments.SetSelectedIndex(max(0, min(len(modes)-1, p.Int(prefAnalysisComments))))
	c.multiPV = widget.NewSelect(lineChoices[:5], nil)
	c.multiPV.SetSelectedIndex(max(0, min(4, p.IntWithFallback(prefAnalysisMultiPV, 1)-1)))
	return c
}

// config is the analysis the choices ask for; false when the seconds are not a number
// from 0.1 to 3600.
func (c *analysisChoices) config() (analysis.Config, bool) {
	s, err := strconv.ParseFloat(strings.TrimSpace(c.secs.Text), 64)
	if err != nil || s < 0.1 || s > 3600 {
		return analysis.Config{}, false
	}
	return analysis.Config{Time: time.Duration(s * float64(time.Second)),
		Comments: commentModes[c.comments.SelectedIndex()], MultiPV: c.multiPV.SelectedIndex() + 1}, true
}

// engine is the engine chosen.
func (c *analysisChoices) engine() engine.Definition { return c.list[c.eng.SelectedIndex()] }

// remember keeps the choices of cfg for the next dialog.
func (c *analysisChoices) remember(cfg analysis.Config) {
	p := c.w.settings.p
	p.SetString(prefAnalysisEngine, c.engine().Name)
	p.SetString(prefAnalysisSeconds, strings.TrimSpace(c.secs.Text))
	p.SetInt(prefAnalysisComments, c.comments.SelectedIndex())
	p.SetInt(prefAnalysisMultiPV, cfg.MultiPV)
}

// analysisProgress is the progress of an analysis at the foot of the window (not a dialog:
// the record stays usable): a bar, the positions done and the time left, and 中断.
type analysisProgress struct {
	w     *MainWindow
	bar   *widget.ProgressBar
	label *widget.Label
	box   *fyne.Container
	last  analysis.Progress
}

// showAnalysisProgress puts the progress at the window's foot; cancel is 中断's action.
func (w *MainWindow) showAnalysisProgress(cancel func()) *analysisProgress {
	at := w.analysisText()
	p := &analysisProgress{w: w, bar: widget.NewProgressBar(), label: widget.NewLabel(at.Running)}
	bar := container.NewGridWrap(fyne.NewSize(160, p.bar.MinSize().Height), p.bar)
	stop := widget.NewButton(at.Stop, cancel)
	p.box = container.NewHBox(bar, p.label, stop)
	w.progressHolder.Objects = []fyne.CanvasObject{p.box}
	w.progressHolder.Show()
	w.progressHolder.Refresh()
	w.foot.Refresh()
	return p
}

// set shows how far the analysis is.
func (p *analysisProgress) set(pr analysis.Progress) {
	p.last = pr
	if pr.Total > 0 {
		p.bar.SetValue(float64(pr.Done) / float64(pr.Total))
	}
	// as the clocks and the engine panel write times ("1:22", "45s"), not Go's "1m22s"
	eta := formatElapsed(pr.ETA.Round(time.Second))
	text := fmt.Sprintf(p.w.analysisText().ProgressF, pr.Done, pr.Total, eta)
	if len(text) != len(p.label.Text) {
		defer p.w.foot.Refresh() // the foot lays out again around the new width
	}
	p.label.SetText(text)
}

// setText shows text, and the share done (0 to 1) as the bar.
func (p *analysisProgress) setText(text string, done float64) {
	p.bar.SetValue(done)
	if len(text) != len(p.label.Text) {
		defer p.w.foot.Refresh()
	}
	p.label.SetText(text)
}

// Text is what the progress says, for tests.
func (p *analysisProgress) Text() string { return p.label.Text }

// close takes the progress away from the foot.
func (p *analysisProgress) close() {
	p.w.progressHolder.Objects = nil
	p.w.progressHolder.Hide()
	p.w.progressHolder.Refresh()
	p.w.foot.Refresh()
}

// summaryText writes a review of both sides.
func (w *MainWindow) summaryText(rv [2]sideReview) string {
	at := w.analysisText()
	var b strings.Builder
	for c, side := range []string{at.SideBlack, at.SideWhite} {
		s := rv[c]
		if c > 0 {
			b.WriteString("\n\n")
		}
		fmt.Fprintf(&b, "%s　"+at.AvgLossF+"　"+at.CountsF, side, s.AvgLoss(), s.Moves, s.Bad, s.Dubious, s.MatchRate())
		if len(s.Worst) == 0 {
			b.WriteString("\n　" + at.NoWorst)
		}
		for _, m := range s.Worst {
			b.WriteString("\n　" + fmt.Sprintf(at.WorstF, m.Ply, m.Move, -m.Loss))
		}
	}
	return b.String()
}

// showAnalysisSummary shows what the analysis found, per side: the average loss, the
// counts of 悪手 and 疑問手, the share of the engine's choices and the three worst moves,
// each a button that shows that move.
func (w *MainWindow) showAnalysisSummary(r *analysisRun, s analysis.Snapshot) {
	at := w.analysisText()
	rv := reviewRecord(r.rec, r.from, r.to)
	var head, foot []string
	if s.Canceled {
		head = append(head, at.Stopped)
	}
	if s.Summary.ReadBack > 0 {
		foot = append(foot, at.Resumed)
	}
	if r.lost {
		foot = append(foot, at.MainLineChanged)
	}
	text := strings.Join(append(append(head, w.summaryText(rv)), foot...), "\n\n")
	box := container.NewVBox()
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(460, 1))
	box.Add(width)
	para := func(t string) {
		l := widget.NewLabel(t)
		l.Wrapping = fyne.TextWrapWord
		box.Add(l)
	}
	for _, t := range head {
		para(t)
	}
	var d dialog.Dialog
	for c, side := range []string{at.SideBlack, at.SideWhite} {
		sr := rv[c]
		para(fmt.Sprintf("%s　"+at.AvgLossF+"　"+at.CountsF, side, sr.AvgLoss(), sr.Moves, sr.Bad, sr.Dubious, sr.MatchRate()))
		if len(sr.Worst) == 0 {
			para("　" + at.NoWorst)
		}
		for _, m := range sr.Worst {
			b := widget.NewButtonWithIcon(fmt.Sprintf(at.WorstF, m.Ply, m.Move, -m.Loss), theme.NavigateNextIcon(), func() {
				d.Hide()
				if w.sess.Record() == r.rec && w.editor == nil {
					w.goToMainLine(m.Ply)
				}
			})
			b.Alignment = widget.ButtonAlignLeading
			b.Importance = widget.LowImportance
			box.Add(b)
		}
	}
	for _, t := range foot {
		para(t)
	}
	d = dialog.NewCustom(at.DoneTitle, w.msg.Close, box, w.win)
	w.lastShown = shownDialog{at.DoneTitle, text, d}
	d.Show()
	answerKeys(w.win.Canvas(), d.Hide, d.Hide)
}
