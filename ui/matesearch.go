package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/mate"
	"banmen/usiclient"
)

// 詰み探索 (mate search) on the position shown: the user picks an engine and a time limit,
// a mate runner (engine/mate) searches in a process of its own while the engine panel says
// so and offers to cancel it (no modal box: the record stays usable), and the answer comes
// in the panel as the mating line in Japanese notation (which a tap hands to the panel's
// OnMate, for the preview board; its first move is an arrow on the board, boardarrows.go),
// or 不詰, timeout, or why there is none. The runner owns the
// engine; the window only shows and formats.

// mateLimits are the time limits offered, in seconds (0: none).
var mateLimits = []int{10, 30, 60, 0}

// mateRunning is a mate search under way, as the window shows it.
type mateRunning struct {
	runner *mate.Runner
}

func (c *studyCtl) limitLabel(secs int) string {
	if secs == 0 {
		return c.w.msg.NoLimit
	}
	return fmt.Sprintf(c.w.msg.SecondsF, secs)
}

// The mate search dialog's last choices, kept in the preferences.
const (
	prefMateEngine = "mateEngine" // the engine's ID
	prefMateLimit  = "mateLimit"  // seconds (0: no limit)
)

// MateSearchDialog asks which engine searches and for how long, then searches; it offers
// the engine and the limit chosen last.
func (w *MainWindow) MateSearchDialog() {
	c := w.study
	if c.mate != nil || w.refuseEditing(w.msg.MateSearch) {
		return
	}
	c.withEngines(engine.TagMate, func(list []engine.Definition) {
		m := w.msg
		names := make([]string, len(list))
		for i, d := range list {
			names[i] = d.Name
		}
		engines := widget.NewSelect(names, nil)
		engines.SetSelectedIndex(preferred(list))
		// the engine and the limit chosen last, where they are still offered
		p := w.settings.p
		for i, d := range list {
			if d.ID == p.String(prefMateEngine) {
				engines.SetSelectedIndex(i)
			}
		}
		var limitNames []string
		for _, s := range mateLimits {
			limitNames = append(limitNames, c.limitLabel(s))
		}
		limits := widget.NewSelect(limitNames, nil)
		limits.SetSelectedIndex(1)
		if i := slices.Index(mateLimits, p.IntWithFallback(prefMateLimit, -1)); i >= 0 {
			limits.SetSelectedIndex(i)
		}
		form := container.New(&formLayout{}, widget.NewLabel(m.MateEngine), engines, widget.NewLabel(m.MateLimit), limits)
		var d *plainDialog // no bold text: no second parse of the font (plaindialog.go)
		start := newPlainButton(m.MateStart, true, func() {
			d.Hide()
			secs := mateLimits[max(0, limits.SelectedIndex())]
			def := list[max(0, engines.SelectedIndex())]
			p.SetString(prefMateEngine, def.ID)
			p.SetInt(prefMateLimit, secs)
			c.searchMate(def, time.Duration(secs)*time.Second)
		})
		cancel := newPlainButton(m.Cancel, false, func() { d.Hide() }).cancels()
		d = newPlainDialog(m.MateTitle, form, []*plainButton{cancel, start}, w.win)
		w.lastShown = shownDialog{m.MateTitle, "", d}
		d.Show()
	})
}

// searchMate searches for a mate in the position shown with def, for at most limit.
func (c *studyCtl) searchMate(def engine.Definition, limit time.Duration) {
	w := c.w
	m := w.msg
	pos := w.sess.Position()
	last := board.NoSquare
	if mv := w.shownLastMove(); mv != board.NoMove {
		last = mv.To()
	}
	mr := &mateRunning{runner: mate.Start(c.mgr, def, pos, limit)}
	c.mate = mr
	c.mu.Lock()
	c.mateRunner = mr.runner
	c.mu.Unlock()

	pt := panelTextFor(m)
	header := fmt.Sprintf(pt.MateHeaderF, def.Name)
	c.panel.setMate(header, rowText{PV: fmt.Sprintf(pt.MateSearchingF, def.Name)}, pt.Cancel, mr.runner.Cancel)
	w.showArrows() // an earlier answer's arrow goes

	// how the search goes, in the header, while it runs: the time, and the engine's numbers
	go func() {
		t := time.NewTicker(mateProgressInterval)
		defer t.Stop()
		for {
			select {
			case <-mr.runner.Done():
				return
			case <-t.C:
				elapsed, stats := mr.runner.Progress()
				c.post(func() {
					if c.mate == mr {
						c.panel.setMateHeader(header + "　" + mateProgress(elapsed, stats, w.msg))
					}
				})
			}
		}
	}()
	go func() {
		<-mr.runner.Done()
		res, canceled := mr.runner.Result()
		c.post(func() {
			c.mate = nil
			c.mu.Lock()
			if c.mateRunner == mr.runner {
				c.mateRunner = nil
			}
			c.mu.Unlock()
			pt := panelTextFor(w.msg)
			dismiss := func() { c.panel.hideMate(); w.showArrows() }
			if canceled {
				w.setStatus(m.MateCanceled)
				c.panel.setMate(header, rowText{PV: pt.MateCancelled}, pt.Dismiss, dismiss)
				return
			}
			c.panel.setMate(header+"　"+formatElapsed(res.Elapsed), mateRow(res, pos, last, w.msg), pt.Dismiss, dismiss)
			w.showArrows() // the mating move on the board
		})
	}()
}

// mateProgressInterval is how often the mate search's header says how the search goes.
const mateProgressInterval = 250 * time.Millisecond

// mateProgress is how a mate search goes, as its header says it: the time since it started,
// and the nodes, speed and hashfull the engine last sent (those it sent).
func mateProgress(elapsed time.Duration, s usiclient.Stats, m *Messages) string {
	parts := []string{panelTextFor(m).Elapsed + " " + formatElapsed(elapsed)}
	if s.Nodes > 0 {
		parts = append(parts, m.Nodes+" "+formatCount(s.Nodes))
	}
	if s.NPS > 0 {
		parts = append(parts, "NPS "+formatCount(s.NPS))
	}
	if s.Hashfull > 0 {
		parts = append(parts, m.Hash+" "+formatHashfull(s.Hashfull))
	}
	return strings.Join(parts, "　")
}

// mateRow is the mate search's answer as the panel shows it: the mating line (its length
// in the score column, 詰 in the flag) with its moves for OnMate, or the message.
func mateRow(res mate.Result, pos *board.Position, lastTo board.Square, m *Messages) rowText {
	if res.Status != mate.Found {
		return rowText{PV: mateText(res, pos, lastTo, m)}
	}
	line, _ := pos.JapaneseLine(res.Moves, lastTo)
	line += mateNotes(res, m)
	usi := make([]string, len(res.Moves))
	for i, mv := range res.Moves {
		usi[i] = mv.USI()
	}
	return rowText{Score: strconv.Itoa(len(res.Moves)), Flag: m.MateShort, PV: line,
		USI: strings.Join(usi, " "), Root: pos, Legal: len(res.Moves)}
}

// mateNotes is what a found mate's line needs said beside it, each on a line of its own:
// that the side to move is the one mated (an engine that answers so where it is in check:
// the line starts with its reply), and that the line ends where the defender could still
// interpose in vain, as tsume solutions are written (or a user checking it finds a
// "defence").
func mateNotes(res mate.Result, m *Messages) string {
	s := ""
	if res.SideToMoveMated {
		s += "\n" + m.MateSideToMoveMated
	}
	if res.FutileOmitted {
		s += "\n" + m.MateFutileOmitted
	}
	return s
}

// mateText says what a mate search found, in the interface's language.
func mateText(res mate.Result, pos *board.Position, lastTo board.Square, m *Messages) string {
	switch res.Status {
	case mate.Found:
		line, _ := pos.JapaneseLine(res.Moves, lastTo)
		return fmt.Sprintf(m.MateFoundF, len(res.Moves), line) + mateNotes(res, m)
	case mate.NoMate:
		return m.MateNone
	case mate.Timeout:
		return m.MateTimeout
	case mate.NotImplemented:
		return fmt.Sprintf(m.MateNotImplementedF, res.Engine)
	}
	return fmt.Sprintf(m.MateFailedF, res.Engine, res.Detail)
}

// formLayout lays out label–field pairs in two columns, the fields taking the rest.
type formLayout struct{}

func (formLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var lw, fw, h float32
	for i := 0; i+1 < len(objs); i += 2 {
		l, f := objs[i].MinSize(), objs[i+1].MinSize()
		lw, fw = max(lw, l.Width), max(fw, f.Width)
		h += max(l.Height, f.Height)
	}
	return fyne.NewSize(lw+max(fw, 240)+theme.Padding(), h)
}

func (formLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	var lw float32
	for i := 0; i+1 < len(objs); i += 2 {
		lw = max(lw, objs[i].MinSize().Width)
	}
	var y float32
	for i := 0; i+1 < len(objs); i += 2 {
		l, f := objs[i], objs[i+1]
		h := max(l.MinSize().Height, f.MinSize().Height)
		l.Move(fyne.NewPos(0, y))
		l.Resize(fyne.NewSize(lw, h))
		f.Move(fyne.NewPos(lw+theme.Padding(), y))
		f.Resize(fyne.NewSize(max(0, size.Width-lw-theme.Padding()), h))
		y += h
	}
}
