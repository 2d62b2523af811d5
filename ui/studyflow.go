package ui

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/study"
	"banmen/kifu"
)

// 検討 (study) in the main window: the menu's dialog starts engines on the position shown,
// the panel (tab エンジン) shows their lines, and the study follows the user through the
// record. Engines start, move and stop on goroutines of their own, never on the Fyne
// goroutine; what they think reaches the panel through a poll, at most ten times a second.
// A study never changes the record.

// pollInterval is how often the panel asks the study whether its engines said something.
const pollInterval = 100 * time.Millisecond

// studyCtl runs the window's studies. Its fields without a lock belong to the Fyne goroutine.
type studyCtl struct {
	w  *MainWindow
	do func(func()) // runs a function on the Fyne goroutine: fyne.Do (tests queue it)

	run       *studyRun // the study under way, or nil
	names     []string  // the engines the panel shows
	lines     int       // rows per engine in the panel
	lastLines int       // the number of lines chosen last in the dialog
	panel     *EnginePanel
	tab       int          // the panel's tab
	shown     *kifu.Node   // the node whose position the study was last given
	shownSFEN string       // that position
	editing   bool         // the position editor paused the study
	mate      *mateRunning // the mate search under way, or nil

	mu         sync.Mutex
	live       map[*studyRun]bool // runs whose engines are not closed yet
	mateCancel context.CancelFunc // cancels the mate search under way
	mateDone   chan struct{}      // closed when its engine has quit
}

func newStudyCtl(w *MainWindow) *studyCtl {
	return &studyCtl{w: w, do: fyne.Do, lastLines: 1, live: map[*studyRun]bool{}}
}

// post runs f on the Fyne goroutine.
func (c *studyCtl) post(f func()) { c.do(f) }

// newPanel makes the engine panel for the window's tabs (in the current language) and
// shows in it what the study shows.
func (c *studyCtl) newPanel(msg *Messages) *EnginePanel {
	c.panel = NewEnginePanel(msg)
	c.panel.setEngines(c.names, c.lines)
	if c.run != nil {
		c.run.msg.Store(msg)
		c.run.redraw.Add(1)
	} else if len(c.names) > 0 {
		c.panel.setStates(c.names, stateStopped)
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

// withEngines reads the engine list off the Fyne goroutine and hands it to then on it.
func (c *studyCtl) withEngines(then func([]engine.Definition)) {
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
			then(list)
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

// lineChoices are the numbers of lines a study offers.
var lineChoices = []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}

// StartStudyDialog asks which engines study and how many lines each shows, then starts.
func (w *MainWindow) StartStudyDialog() {
	c := w.study
	c.withEngines(func(list []engine.Definition) {
		m := w.msg
		checks := make([]*widget.Check, len(list))
		box := container.NewVBox(widget.NewLabel(m.StudyEngines))
		for i, d := range list {
			checks[i] = widget.NewCheck(d.Name, nil)
			box.Add(checks[i])
		}
		checks[preferred(list)].SetChecked(true)
		lines := widget.NewSelect(lineChoices, nil)
		lines.SetSelected(strconv.Itoa(c.lastLines))
		box.Add(container.NewBorder(nil, nil, widget.NewLabel(m.StudyLines), nil, lines))
		var d *dialog.CustomDialog
		start := widget.NewButton(m.StartStudy, func() {
			var defs []engine.Definition
			for i, ch := range checks {
				if ch.Checked {
					defs = append(defs, list[i])
				}
			}
			if len(defs) == 0 {
				return // nothing chosen: the dialog stays
			}
			d.Hide()
			n, _ := strconv.Atoi(lines.Selected)
			c.lastLines = max(1, n)
			c.start(defs, c.lastLines)
		})
		start.Importance = widget.HighImportance
		cancel := widget.NewButton(m.Cancel, func() { d.Hide() })
		d = dialog.NewCustomWithoutButtons(m.MenuStudy, box, w.win)
		d.SetButtons([]fyne.CanvasObject{cancel, start})
		w.lastShown = shownDialog{m.MenuStudy, "", d}
		d.Show()
	})
}

// StopStudy stops the study; its engines are closed in the background.
func (w *MainWindow) StopStudy() { w.study.stop() }

// Studying reports whether a study is under way.
func (w *MainWindow) Studying() bool { return w.study.run != nil }

// CloseEngines stops every engine the window runs and waits (at most d) until they have
// quit. It touches no widget: the exit on a signal calls it from its own goroutine.
func (w *MainWindow) CloseEngines(d time.Duration) { w.study.closeAll(d) }

// studyRun is one study: its engines, from their start until they are closed.
type studyRun struct {
	defs    []engine.Definition
	multiPV int
	msg     atomic.Pointer[Messages]
	redraw  atomic.Uint64 // bumped when the panel must be drawn again
	pending atomic.Bool   // a drawing is posted and not done yet

	ctx      context.Context // cancelled by stop: a start or a move under way gives up
	cancel   context.CancelFunc
	stopped  chan struct{}
	stopOnce sync.Once
	wake     chan struct{} // want changed
	done     chan struct{} // the engines are closed

	mu      sync.Mutex
	want    studyWant
	st      *study.Study
	running bool // the engines have started
}

// studyWant is what the study should do: think on a position, or pause.
type studyWant struct {
	gen    uint64
	start  *board.Position
	moves  []board.Move
	lastTo board.Square
	paused bool
}

func (r *studyRun) stopNow() {
	r.stopOnce.Do(func() {
		close(r.stopped)
		r.cancel()
	})
}

func (r *studyRun) setWant(f func(*studyWant)) {
	r.mu.Lock()
	f(&r.want)
	r.mu.Unlock()
	select {
	case r.wake <- struct{}{}:
	default:
	}
}

// start starts a study of defs showing lines lines each, on the position shown; a study
// under way stops first.
func (c *studyCtl) start(defs []engine.Definition, lines int) {
	c.stop()
	r := &studyRun{defs: defs, multiPV: lines, stopped: make(chan struct{}), wake: make(chan struct{}, 1), done: make(chan struct{})}
	r.ctx, r.cancel = context.WithCancel(context.Background())
	r.msg.Store(c.w.msg)
	c.run = r
	c.names = nil
	for _, d := range defs {
		c.names = append(c.names, d.Name)
	}
	c.lines = lines
	c.panel.setEngines(c.names, lines)
	c.w.tabs.Select(c.tab)
	c.shown = nil
	c.positionChanged()
	if c.editing {
		r.want.paused = true
	}
	c.mu.Lock()
	c.live[r] = true
	c.mu.Unlock()
	go c.work(r)
	go c.poll(r)
}

// stop stops the study under way.
func (c *studyCtl) stop() {
	r := c.run
	if r == nil {
		return
	}
	c.run = nil
	r.stopNow()
	c.panel.setStates(c.names, stateStopped)
}

// failed stops run r after err, and says which engine failed and how.
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
		return
	}
	start := sess.Record().Start.Clone()
	moves := n.Moves()
	last := board.NoSquare
	if m := c.w.shownLastMove(); m != board.NoMove {
		last = m.To()
	}
	r.setWant(func(w *studyWant) {
		w.gen++
		w.start, w.moves, w.lastTo = start, moves, last
	})
	r.redraw.Add(1)
}

// pause stops the engines while the position editor is open; resume starts them again.
func (c *studyCtl) pause() {
	c.editing = true
	if r := c.run; r != nil {
		r.setWant(func(w *studyWant) { w.paused = true })
	}
}

func (c *studyCtl) resume() {
	c.editing = false
	if r := c.run; r != nil {
		r.setWant(func(w *studyWant) { w.paused = false })
	}
	c.positionChanged()
}

// work starts r's engines, moves them as the user moves, and closes them when r stops.
func (c *studyCtl) work(r *studyRun) {
	var engines []*engine.Running
	defer func() {
		r.mu.Lock()
		st := r.st
		r.mu.Unlock()
		if st != nil {
			st.Close()
		}
		var wg sync.WaitGroup
		for _, e := range engines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				defer cancel()
				e.Close(ctx)
			}()
		}
		wg.Wait()
		c.mu.Lock()
		delete(c.live, r)
		c.mu.Unlock()
		close(r.done)
	}()
	fail := func(err error) {
		select {
		case <-r.stopped:
		default:
			c.post(func() { c.failed(r, err) })
		}
	}
	for _, def := range r.defs {
		e, err := engine.Start(r.ctx, def, engine.StartOptions{
			OnFailure: func(f *engine.Failure) { fail(f) },
		})
		if err != nil {
			var f *engine.Failure
			if !errors.As(err, &f) {
				err = &engine.Failure{Engine: def.Name, Doing: "starting", Err: err}
			}
			fail(err)
			return
		}
		engines = append(engines, e)
		select {
		case <-r.stopped:
			return
		default:
		}
	}
	st := study.New(engines, 0)
	var notes []string
	if r.multiPV > 1 {
		for i := range engines {
			if err := st.SetMultiPV(r.ctx, i, r.multiPV); err != nil {
				notes = append(notes, err.Error())
			}
		}
	}
	r.mu.Lock()
	r.st, r.running = st, true
	r.mu.Unlock()
	r.redraw.Add(1)
	if len(notes) > 0 {
		c.post(func() {
			if c.run == r {
				c.w.setStatus(fmt.Sprintf(c.w.msg.NoMultiPVF, notes[0]))
			}
		})
	}
	var gen uint64
	for {
		r.mu.Lock()
		w := r.want
		r.mu.Unlock()
		var err error
		if w.paused && !st.Paused() {
			st.Pause()
		}
		if w.gen != gen && w.start != nil {
			gen = w.gen
			err = st.SetPosition(r.ctx, w.start, w.moves)
		}
		if err == nil && !w.paused && st.Paused() {
			err = st.Resume(r.ctx)
		}
		if err != nil {
			fail(err)
		}
		r.redraw.Add(1)
		select {
		case <-r.stopped:
			return
		case <-r.wake:
		}
	}
}

// poll draws the panel again whenever the study's engines said something, at most once
// each pollInterval, until r stops.
func (c *studyCtl) poll(r *studyRun) {
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	var version, redraw uint64
	first := true
	for {
		select {
		case <-r.stopped:
			return
		case <-t.C:
		}
		if r.pending.Load() {
			continue // the Fyne goroutine has not drawn the last one yet
		}
		r.mu.Lock()
		st, running, lastTo := r.st, r.running, r.want.lastTo
		r.mu.Unlock()
		var v uint64
		if st != nil {
			v = st.Version()
		}
		d := r.redraw.Load()
		if !first && v == version && d == redraw {
			continue
		}
		first, version, redraw = false, v, d
		msg := r.msg.Load()
		texts := make([]engineText, len(r.defs))
		for i, def := range r.defs {
			if st == nil {
				texts[i] = formatEngine(study.View{Engine: def.Name}, !running, lastTo, msg)
			} else {
				texts[i] = formatEngine(st.View(i), false, lastTo, msg)
			}
		}
		r.pending.Store(true)
		c.post(func() {
			r.pending.Store(false)
			if c.run == r {
				c.panel.show(texts, c.shownSFEN)
			}
		})
	}
}

// closeAll stops every study and mate search and waits (at most d) for their engines to quit.
func (c *studyCtl) closeAll(d time.Duration) {
	c.mu.Lock()
	var runs []*studyRun
	for r := range c.live {
		runs = append(runs, r)
		r.stopNow()
	}
	done := make([]chan struct{}, 0, len(runs)+1)
	for _, r := range runs {
		done = append(done, r.done)
	}
	if c.mateCancel != nil {
		c.mateCancel()
		done = append(done, c.mateDone)
	}
	c.mu.Unlock()
	deadline := time.After(d)
	for _, ch := range done {
		select {
		case <-ch:
		case <-deadline:
			return
		}
	}
}
