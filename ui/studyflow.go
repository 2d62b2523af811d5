package ui

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/mate"
	"banmen/engine/study"
	"banmen/kifu"
)

// 検討 (study) in the main window: the menu's dialog starts a study runner (engine/study)
// on the position shown, the engine panel below the board and the record shows its engines'
// lines, and the window
// gives the runner each position the user goes to. The runner owns the engines: it starts,
// moves, stops and closes them, and reports a failure; the window keeps no engine of its
// own, polls the runner's version four times a second and formats what it shows; when the
// study stops, the panel shows what its engines said last. A study never changes the record.

// pollInterval is how often the panel asks an activity whether its engines said something.
const pollInterval = 100 * time.Millisecond

// studyDrawInterval is how often a study's panel, arrows and graph are drawn again at most:
// four times a second, as often as a person reads the numbers change. Each drawing makes
// texts Fyne has not drawn before (the numbers, the lines), and Fyne keeps the texture of
// every text it drew for a minute.
const studyDrawInterval = 250 * time.Millisecond

// studyFreeInterval is how often a study hands the garbage of its drawings back to the
// system: drawing new texts (rasterized in Go, then copied to the OpenGL driver) leaves
// garbage that Go would keep for reuse, about 3 MB of RSS while one engine studies
// (Xvfb, 30 s into a study: +13.8 MB over the window before it, +10.9 MB with this); the
// GUI's live heap is about 10 MB, so a forced collection every 5 s is cheap.
const studyFreeInterval = 5 * time.Second

// studyCtl runs the window's studies. Its fields without a lock belong to the Fyne goroutine.
type studyCtl struct {
	w  *MainWindow
	do func(func()) // runs a function on the Fyne goroutine: fyne.Do (tests queue it)

	// mgr starts every engine of the window's studies and mate searches, and closes
	// them all when the window goes (CloseEngines)
	mgr       *engine.Manager
	run       *studyRun    // the study under way, or nil
	names     []string     // the engines the panel shows
	lines     int          // rows per engine in the panel
	panel     *EnginePanel // lives as long as the window; a new language only renames it
	shown     *kifu.Node   // the node whose position the study was last given
	shownSFEN string       // that position
	editing   bool         // the position editor paused the study
	mate      *mateRunning // the mate search under way, or nil

	// the runners under way, for closeAll, which runs on any goroutine
	mu         sync.Mutex
	running    *study.Runner
	mateRunner *mate.Runner
}

func newStudyCtl(w *MainWindow) *studyCtl {
	return &studyCtl{w: w, do: fyne.Do, mgr: engine.NewManager(nil)}
}

// post runs f on the Fyne goroutine.
func (c *studyCtl) post(f func()) { c.do(f) }

// newPanel returns the engine panel in the current language (made the first time) and
// shows in it what the study shows.
func (c *studyCtl) newPanel(msg *Messages) *EnginePanel {
	if c.panel == nil {
		c.panel = NewEnginePanel(msg)
		c.panel.copy = c.w.copyText
		c.panel.OnLine = c.w.openPVPreview // the line on a preview board (pvpreview.go)
		c.panel.OnMate = c.w.openPVPreview // the mate answer, to step through or add as a variation
		c.panel.setEngines(c.names, c.lines)
		return c.panel
	}
	c.panel.SetMessages(msg)
	if c.run != nil {
		c.run.msg.Store(msg)
		c.run.redraw.Add(1)
	} else if len(c.panel.names) > 0 {
		c.panel.setStates(c.panel.names, stateStopped)
	}
	return c.panel
}

// registry opens the user's engine list.
func (c *studyCtl) registry() (*engine.Registry, error) {
	if c.w.opts.EngineRegistry != nil {
		return c.w.opts.EngineRegistry()
	}
	reg, err := engine.OpenUserRegistry("")
	if reg != nil {
		return reg, nil // a corrupt list was set aside and reported at start
	}
	return nil, err
}

// withEngines reads the engine list off the Fyne goroutine and hands the engines tagged
// tag (all of them when none is) to then on it.
func (c *studyCtl) withEngines(tag string, then func([]engine.Definition)) {
	go func() {
		reg, err := c.registry()
		var list []engine.Definition
		if reg != nil {
			list = reg.List()
		}
		c.post(func() {
			if err != nil {
				c.w.showMessage(c.w.msg.Error, err.Error())
				return
			}
			if len(list) == 0 {
				c.w.showMessage(c.w.msg.MenuStudy, c.w.msg.NoEngines)
				return
			}
			then(EnginesWithTag(list, tag))
		})
	}()
}

// preferred is the engine chosen first in a list: the bundled one, or the first.
func preferred(list []engine.Definition) int {
	for i, d := range list {
		if d.Bundled {
			return i
		}
	}
	return 0
}

// The study dialog's last choices, kept in the preferences.
const (
	prefStudyEngines = "studyEngines" // the engines' IDs
	prefStudyLines   = "studyLines"   // lines per engine
)

// lineChoices are the numbers of lines a study offers.
var lineChoices = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}

// StartStudyDialog asks which engines study and how many lines each shows, then starts.
func (w *MainWindow) StartStudyDialog() {
	c := w.study
	c.withEngines(engine.TagAnalysis, func(list []engine.Definition) {
		m := w.msg
		checks := make([]*widget.Check, len(list))
		box := container.NewVBox(widget.NewLabel(m.StudyEngines))
		// the engines chosen last, those still in the list; else the preferred one
		chosen := w.settings.p.StringList(prefStudyEngines)
		found := false
		for i, d := range list {
			checks[i] = widget.NewCheck(d.Name, nil)
			if slices.Contains(chosen, d.ID) {
				checks[i].SetChecked(true)
				found = true
			}
			box.Add(checks[i])
		}
		if !found {
			checks[preferred(list)].SetChecked(true)
		}
		lines := widget.NewSelect(lineChoices, nil)
		lines.SetSelected(lineChoices[0])
		if n := w.settings.p.Int(prefStudyLines); n >= 1 && n <= len(lineChoices) {
			lines.SetSelected(strconv.Itoa(n))
		}
		box.Add(container.NewBorder(nil, nil, widget.NewLabel(m.StudyLines), nil, lines))
		var d *plainDialog // not Fyne's: no bold text, no second parse of the font
		start := newPlainButton(m.StartStudy, true, func() {
			var defs []engine.Definition
			var ids []string
			for i, ch := range checks {
				if ch.Checked {
					defs = append(defs, list[i])
					ids = append(ids, list[i].ID)
				}
			}
			if len(defs) == 0 {
				return // nothing chosen: the dialog stays
			}
			d.Hide()
			n, _ := strconv.Atoi(lines.Selected)
			n = max(1, n)
			w.settings.p.SetStringList(prefStudyEngines, ids)
			w.settings.p.SetInt(prefStudyLines, n)
			c.start(defs, n)
		})
		cancel := newPlainButton(m.Cancel, false, func() { d.Hide() }).cancels()
		d = newPlainDialog(m.MenuStudy, box, []*plainButton{cancel, start}, w.win)
		w.lastShown = shownDialog{m.MenuStudy, "", d}
		d.Show()
	})
}

// StopStudy stops the study; its engines are closed in the background.
func (w *MainWindow) StopStudy() { w.study.stop() }

// Studying reports whether a study is under way.
func (w *MainWindow) Studying() bool { return w.study.run != nil }

// CloseEngines stops every engine the window runs and waits until they have quit: each
// gets its quit timeout or d, whichever is shorter, and is then killed. It touches no
// widget and reads nothing the Fyne goroutine writes: the exit on a signal calls it from
// its own goroutine.
func (w *MainWindow) CloseEngines(d time.Duration) { w.study.closeAll(d) }

// studyRun is one study as the window shows it: its runner and what the panel needs.
type studyRun struct {
	runner  *study.Runner
	msg     atomic.Pointer[Messages]
	lastTo  atomic.Int32  // where the move before the study's position went (board.Square)
	redraw  atomic.Uint64 // bumped when the panel must be drawn again
	pending atomic.Bool   // a drawing is posted and not done yet
	stopped chan struct{} // closed when the window stops the study: the poll ends
}

// start starts a study of defs showing lines lines each, on the position shown; a study
// under way stops first.
func (c *studyCtl) start(defs []engine.Definition, lines int) {
	c.stop()
	r := &studyRun{runner: study.Start(c.mgr, defs, study.Options{MultiPV: lines}), stopped: make(chan struct{})}
	r.msg.Store(c.w.msg)
	r.lastTo.Store(int32(board.NoSquare))
	if c.editing {
		r.runner.Pause()
	}
	c.run = r
	c.mu.Lock()
	c.running = r.runner
	c.mu.Unlock()
	c.names = nil
	for _, d := range defs {
		c.names = append(c.names, d.Name)
	}
	c.lines = lines
	c.panel.setEngines(c.names, lines)
	c.shown = nil
	c.positionChanged()
	go c.poll(r)
	c.w.studyMenuChanged()
}

// stop stops the study under way; its runner closes the engines in the background.
func (c *studyCtl) stop() {
	r := c.run
	if r == nil {
		return
	}
	c.run = nil
	c.mu.Lock()
	c.running = nil
	c.mu.Unlock()
	// what the engines said since the poll's last drawing is shown too
	c.panel.show(r.texts(), c.shownSFEN)
	r.runner.Stop()
	close(r.stopped)
	c.panel.setStates(c.names, stateStopped)
	c.w.showArrows() // the mate answer's, if any
	c.w.studyMenuChanged()
}

// studyMenuChanged shows 検討を停止 enabled while a study runs, and only then.
func (w *MainWindow) studyMenuChanged() {
	if !w.closing {
		w.win.SetMainMenu(w.buildMenu())
	}
}

// failed stops run r after its runner's failure, and says which engine failed and how.
func (c *studyCtl) failed(r *studyRun, err error) {
	if c.run != r {
		return // stopped already: one message is enough
	}
	c.stop()
	name := ""
	var f *engine.Failure
	if errors.As(err, &f) {
		name = f.Engine
	}
	m := c.w.msg
	c.w.showMessage(m.EngineErrorTitle, fmt.Sprintf(m.EngineFailedF, name, err.Error()))
}

// positionChanged gives the study the position on the board.
func (c *studyCtl) positionChanged() {
	sess := c.w.sess
	n := sess.Node()
	pos := sess.Position()
	sfen := pos.SFEN()
	if n == c.shown && sfen == c.shownSFEN {
		return
	}
	if sfen != c.shownSFEN && c.panel != nil {
		c.panel.clearRows()
	}
	c.shown, c.shownSFEN = n, sfen
	r := c.run
	if r == nil {
		c.w.showArrows() // the mate answer's, on its position only
		return
	}
	start := sess.Record().Start.Clone()
	moves := n.Moves()
	last := board.NoSquare
	if m := c.w.shownLastMove(); m != board.NoMove {
		last = m.To()
	}
	r.lastTo.Store(int32(last))
	r.runner.SetPosition(start, moves)
	r.redraw.Add(1)
}

// pause stops the engines while the position editor is open; resume starts them again.
func (c *studyCtl) pause() {
	c.editing = true
	if r := c.run; r != nil {
		r.runner.Pause()
	}
}

func (c *studyCtl) resume() {
	c.editing = false
	if r := c.run; r != nil {
		r.runner.Resume()
	}
	c.positionChanged()
}

// poll draws the panel again whenever the study's engines said something, at most once
// each studyDrawInterval (the newest when it draws), until r stops; it reports the
// runner's failure and notes.
func (c *studyCtl) poll(r *studyRun) {
	t := time.NewTicker(studyDrawInterval)
	defer t.Stop()
	var version, redraw uint64
	first, noted := true, false
	lastFree := time.Now()
	for {
		select {
		case <-r.stopped:
			return
		case <-t.C:
		}
		if time.Since(lastFree) >= studyFreeInterval {
			debug.FreeOSMemory()
			lastFree = time.Now()
		}
		if err := r.runner.Err(); err != nil {
			c.post(func() { c.failed(r, err) })
			return
		}
		if notes := r.runner.Notes(); len(notes) > 0 && !noted {
			noted = true
			c.post(func() {
				if c.run == r {
					c.w.setStatus(fmt.Sprintf(c.w.msg.NoMultiPVF, notes[0]))
				}
			})
		}
		if r.pending.Load() {
			continue // the Fyne goroutine has not drawn the last one yet
		}
		v, d := r.runner.Version(), r.redraw.Load()
		if !first && v == version && d == redraw {
			continue
		}
		first, version, redraw = false, v, d
		texts := r.texts()
		r.pending.Store(true)
		c.post(func() {
			r.pending.Store(false)
			if c.run == r {
				c.panel.show(texts, c.shownSFEN)
				views := r.runner.Views()
				c.w.showStudyArrows(views)
				c.w.noteStudyScores(views)
			}
		})
	}
}

// texts formats what each engine of r shows now.
func (r *studyRun) texts() []engineText {
	msg := r.msg.Load()
	lastTo := board.Square(r.lastTo.Load())
	views := r.runner.Views()
	texts := make([]engineText, len(views))
	for i, v := range views {
		texts[i] = formatEngine(v, lastTo, msg)
	}
	return texts
}

// closeAll stops the study and the mate search and closes every engine the window runs,
// each within its quit timeout or d, whichever is shorter.
func (c *studyCtl) closeAll(d time.Duration) {
	c.mu.Lock()
	if c.running != nil {
		c.running.Stop()
	}
	if c.mateRunner != nil {
		c.mateRunner.Cancel()
	}
	c.mu.Unlock()
	c.mgr.CloseAll(d)
}
