package ui

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
	"banmen/internal/atomicfile"
	"banmen/usiclient"
)

// 通信ログ: a window per running engine that shows what was sent to it and what it said
// (timestamped, direction marked: > sent, < received, ! stderr, # what Banmen noticed),
// the last logLimit lines, with a filter, copy, save to a file, and a line to send a raw
// command. The window never slows the engine: the session keeps its own bounded log, and
// the window polls it ten times a second off the Fyne goroutine for the lines after the
// last one it has (LogSince), so each poll costs at most the session's ring whatever the
// engine prints; lines that went by between two polls are counted, not kept. The window's
// own ring holds logLimit lines at most, so memory stays flat under any flood.

const logLimit = 10000

// logSource is what the window reads and writes: an engine.Running (or, in the tests, a
// usiclient.Session).
type logSource interface {
	Name() string
	LogSince(seq uint64) []usiclient.LogLine
	SendRaw(line string) error
	Alive() bool
}

// logRing is the window's last logLimit lines.
type logRing struct {
	lines []usiclient.LogLine
	start int // index of the oldest line when full
}

func (r *logRing) add(l usiclient.LogLine) {
	if len(r.lines) < logLimit {
		r.lines = append(r.lines, l)
		return
	}
	r.lines[r.start] = l
	r.start = (r.start + 1) % logLimit
}

func (r *logRing) len() int { return len(r.lines) }

// at returns the i-th line, oldest first.
func (r *logRing) at(i int) usiclient.LogLine { return r.lines[(r.start+i)%len(r.lines)] }

// protocolLog is one log window. Its fields belong to the Fyne goroutine, except those
// the poller uses, which it reads under mu.
type protocolLog struct {
	win     fyne.Window
	txt     *roomText
	src     logSource
	post    func(func())
	async   func(func())
	dialogs FileDialogs
	clip    fyne.Clipboard

	ring    logRing
	last    uint64 // the Seq of the last line taken
	dropped uint64 // lines that went by between polls
	view    []int  // the ring indexes shown (those the filter lets through)

	filter *widget.Entry
	follow *widget.Check
	list   *widget.List
	cmd    *widget.Entry
	send   *widget.Button
	copyB  *widget.Button
	saveB  *widget.Button
	status *widget.Label
	isOver bool // ended has said so (Fyne goroutine)

	mu      sync.Mutex
	closed  bool
	pending bool // a poll's lines are waiting to be taken on the Fyne goroutine
	stop    chan struct{}
}

// newProtocolLog makes the log window's content in win and starts polling src.
func newProtocolLog(win fyne.Window, src logSource, txt *roomText, dialogs FileDialogs, clip fyne.Clipboard,
	async, post func(func())) *protocolLog {
	p := &protocolLog{win: win, txt: txt, src: src, post: post, async: async, dialogs: dialogs, clip: clip,
		stop: make(chan struct{})}
	p.filter = widget.NewEntry()
	p.filter.SetPlaceHolder(txt.Filter)
	p.filter.OnChanged = func(string) { p.refilter() }
	p.follow = widget.NewCheck(txt.Follow, nil)
	p.follow.SetChecked(true)
	p.list = widget.NewList(func() int { return len(p.view) }, func() fyne.CanvasObject {
		l := widget.NewLabel("")
		l.TextStyle.Monospace = true
		l.Truncation = fyne.TextTruncateEllipsis
		return l
	}, func(i widget.ListItemID, o fyne.CanvasObject) {
		if i < len(p.view) {
			o.(*widget.Label).SetText(formatLogLine(p.ring.at(p.view[i])))
		}
	})
	p.cmd = widget.NewEntry()
	p.cmd.SetPlaceHolder(txt.SendRaw)
	p.cmd.OnSubmitted = func(string) { p.sendLine() }
	p.send = widget.NewButton(txt.Send, p.sendLine)
	p.copyB = widget.NewButton(txt.Copy, p.copyShown)
	p.saveB = widget.NewButton(txt.SaveLog, p.save)
	p.status = widget.NewLabel("")
	top := container.NewBorder(nil, nil, nil, container.NewHBox(p.follow, p.copyB, p.saveB), p.filter)
	bottom := container.NewVBox(container.NewBorder(nil, nil, nil, p.send, p.cmd), p.status)
	win.SetContent(container.NewBorder(top, bottom, nil, nil, p.list))
	p.take(src.LogSince(0))
	if !src.Alive() {
		p.ended()
	}
	go p.poll()
	return p
}

// endedGrace is how long the poll goes on after the engine ended, for the lines written as
// it went (its last output, the session's note of the exit).
const endedGrace = 2 * time.Second

// ended says in the title that the engine has ended and disables sending to it.
func (p *protocolLog) ended() {
	if p.isOver {
		return // a log opened on an ended engine says so at once, and its poll again at its end
	}
	p.isOver = true
	p.win.SetTitle(fmt.Sprintf(p.txt.ProtocolLogTitleF, fmt.Sprintf(p.txt.EndedF, p.src.Name())))
	p.cmd.Disable()
	p.send.Disable()
}

// formatLogLine writes a line as the window shows it.
func formatLogLine(l usiclient.LogLine) string {
	return l.Time.Format("15:04:05.000") + " " + l.String()
}

// poll asks the source for new lines ten times a second and hands them to the Fyne
// goroutine; while a batch waits there, no new one is fetched (the window never queues
// more than one poll's lines).
// Once the engine has ended it polls endedGrace more for its last lines, says so in the
// window and stops.
func (p *protocolLog) poll() {
	t := time.NewTicker(pollInterval)
	defer t.Stop()
	var endedAt time.Time
	for {
		select {
		case <-p.stop:
			return
		case <-t.C:
		}
		if endedAt.IsZero() && !p.src.Alive() {
			endedAt = time.Now()
		}
		p.mu.Lock()
		busy, last := p.pending, p.last
		p.mu.Unlock()
		if busy {
			continue
		}
		lines := p.src.LogSince(last)
		if len(lines) == 0 {
			if !endedAt.IsZero() && time.Since(endedAt) > endedGrace {
				p.post(p.ended)
				return
			}
			continue
		}
		p.mu.Lock()
		p.pending = true
		p.mu.Unlock()
		p.post(func() { p.take(lines) })
	}
}

// take adds lines fetched from the source (on the Fyne goroutine).
func (p *protocolLog) take(lines []usiclient.LogLine) {
	p.mu.Lock()
	p.pending = false
	last := p.last
	p.mu.Unlock()
	for _, l := range lines {
		if l.Seq <= last {
			continue
		}
		if l.Seq > last+1 {
			p.dropped += l.Seq - last - 1
			p.ring.add(usiclient.LogLine{Seq: l.Seq - 1, Time: l.Time, Dir: usiclient.Note,
				Text: fmt.Sprintf(p.txt.LogDroppedF, l.Seq-last-1)})
		}
		p.ring.add(l)
		last = l.Seq
	}
	p.mu.Lock()
	p.last = last
	p.mu.Unlock()
	p.refilter()
}

// refilter recomputes the lines shown and scrolls to the newest when following.
func (p *protocolLog) refilter() {
	q := strings.ToLower(p.filter.Text)
	p.view = p.view[:0]
	for i := 0; i < p.ring.len(); i++ {
		if q == "" || strings.Contains(strings.ToLower(p.ring.at(i).Text), q) {
			p.view = append(p.view, i)
		}
	}
	p.list.Refresh()
	if p.follow.Checked && len(p.view) > 0 {
		p.list.ScrollToBottom()
	}
}

// shownText is the lines shown, one a line.
func (p *protocolLog) shownText() string {
	var b strings.Builder
	for _, i := range p.view {
		b.WriteString(formatLogLine(p.ring.at(i)))
		b.WriteByte('\n')
	}
	return b.String()
}

func (p *protocolLog) copyShown() {
	if p.clip != nil {
		p.clip.SetContent(p.shownText())
	}
	p.status.SetText(fmt.Sprintf(p.txt.LogCopiedF, len(p.view)))
}

func (p *protocolLog) save() {
	if p.dialogs == nil {
		return
	}
	text := p.shownText()
	p.async(func() {
		path, err := p.dialogs.SaveFile(p.txt.SaveLog, p.src.Name()+".log", []string{"log", "txt"})
		if err == nil && path != "" {
			err = atomicfile.Write(path, []byte(text), 0o644) // a file written over is whole or as it was
		}
		p.post(func() {
			switch {
			case err != nil:
				p.status.SetText(err.Error())
			case path != "":
				p.status.SetText(fmt.Sprintf(p.txt.LogSavedF, path))
			}
		})
	})
}

// sendLine sends the command line to the engine as it is.
func (p *protocolLog) sendLine() {
	line := p.cmd.Text
	if strings.TrimSpace(line) == "" {
		return
	}
	if err := p.src.SendRaw(line); err != nil {
		p.status.SetText(err.Error())
		return
	}
	p.status.SetText("")
	p.cmd.SetText("")
}

// close stops polling.
func (p *protocolLog) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.closed {
		p.closed = true
		close(p.stop)
	}
}

// ProtocolLog opens the 通信ログ of an engine: a running one, or one of the last that ended
// (its log is kept, so that what an engine said before it crashed or a game ended can be
// read afterwards); at once when there is one, after asking which when there are several,
// the running ones first.
func (w *MainWindow) ProtocolLog() {
	txt, _ := w.roomText()
	running := w.study.mgr.Running()
	engines := append(running, w.study.mgr.Ended()...)
	switch len(engines) {
	case 0:
		w.showMessage(txt.ProtocolLogMenu, txt.NoRunning)
	case 1:
		w.openProtocolLog(engines[0])
	default:
		var names []string
		for _, r := range engines {
			names = append(names, logName(r, txt))
		}
		sel := widget.NewSelect(names, nil)
		sel.SetSelectedIndex(0)
		d := dialog.NewCustomConfirm(txt.ProtocolLogMenu, txt.OK, txt.Cancel, container.NewVBox(widget.NewLabel(txt.ChooseEngine), sel),
			func(ok bool) {
				if i := sel.SelectedIndex(); ok && i >= 0 {
					w.openProtocolLog(engines[i])
				}
			}, w.win)
		d.Show()
		answerKeys(w.win.Canvas(), d.Hide, d.Confirm)
	}
}

// logName is how the log's menu and window name r: an engine that quit or died is marked so.
func logName(r *engine.Running, txt *roomText) string {
	if !r.Alive() {
		return fmt.Sprintf(txt.EndedF, r.Name())
	}
	return r.Name()
}

// openProtocolLog opens the log window of r, or brings the open one to the front.
func (w *MainWindow) openProtocolLog(r *engine.Running) {
	if p := w.room.logs[r]; p != nil {
		p.win.RequestFocus()
		return
	}
	txt, _ := w.roomText()
	win := w.app.NewWindow(fmt.Sprintf(txt.ProtocolLogTitleF, logName(r, txt)))
	var dialogs FileDialogs
	if w.opts.Dialogs != nil {
		dialogs = w.opts.Dialogs
	}
	p := newProtocolLog(win, r, txt, dialogs, w.app.Clipboard(), w.opts.Async, w.study.post)
	if w.room.logs == nil {
		w.room.logs = map[*engine.Running]*protocolLog{}
	}
	w.room.logs[r] = p
	win.SetOnClosed(func() {
		p.close()
		delete(w.room.logs, r)
	})
	win.Resize(fyne.NewSize(900, 600))
	win.Show()
}
