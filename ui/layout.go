package ui

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
)

// The window's layout (ShogiHome's standard one): the board and the record side by side on
// top, the engine panel and the 評価値グラフ side by side below them, with draggable
// dividers between all four, so that the board, the move list, the comment and the engines
// are seen together:
//
//	┌ board ─────────────┬ 棋譜 | 対局情報 ┐
//	│                    │ moves, comment │
//	├ engine panel ──────┴──────┬ graph ──┤
//	└ status line ──────────────┴─────────┘
//
// Where the user leaves a divider is remembered (Settings.SplitOffset) a moment after the
// drag, and when the window closes. Each part has a small minimum size, so that the layout
// still works at 800×600: the dividers stop at the minimums, and the lines of the engine
// panel wrap at whatever width it has.

// The splits' names in the preferences, and where their dividers start.
const (
	splitBoard   = "boardRecord"  // board | record
	splitRows    = "topBottom"    // board and record / engines and graph
	splitEngines = "enginesGraph" // engine panel | graph

	defBoardSplit   = 0.62
	defRowsSplit    = 0.70
	defEnginesSplit = 0.64

	// splitSaveDelay is how long after the last move of a divider it is written down.
	splitSaveDelay = 500 * time.Millisecond
)

// newSplit makes one of the window's remembered splits.
func (w *MainWindow) newSplit(name string, def float64, horizontal bool, leading, trailing fyne.CanvasObject) *container.Split {
	watch := &splitWatch{w: w}
	holder := container.New(watch, leading)
	var s *container.Split
	if horizontal {
		s = container.NewHSplit(holder, trailing)
	} else {
		s = container.NewVSplit(holder, trailing)
	}
	s.Offset = w.settings.SplitOffset(name, def)
	watch.split, watch.last = s, s.Offset
	if w.splits == nil {
		w.splits = map[string]*container.Split{}
	}
	w.splits[name] = s
	return s
}

// splitWatch holds a split's leading part, which the split lays out again whenever its
// divider moves: then it has the new offset written down.
type splitWatch struct {
	w     *MainWindow
	split *container.Split
	last  float64
}

func (s *splitWatch) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

func (s *splitWatch) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(size)
	if s.split != nil && s.split.Offset != s.last {
		s.last = s.split.Offset
		s.w.splitMoved()
	}
}

// splitMoved writes the dividers down a moment after the last one moved.
func (w *MainWindow) splitMoved() {
	if w.splitTimer == nil {
		w.splitTimer = time.AfterFunc(splitSaveDelay, func() { fyne.Do(w.saveSplits) })
		return
	}
	w.splitTimer.Reset(splitSaveDelay)
}

// splitDefaults are where the dividers are on a first run, and where 表示 →
// レイアウトを元に戻す puts them back.
var splitDefaults = map[string]float64{splitBoard: defBoardSplit, splitRows: defRowsSplit, splitEngines: defEnginesSplit}

// ResetLayout puts the dividers back where they are on a first run, and remembers them there.
func (w *MainWindow) ResetLayout() {
	for name, s := range w.splits {
		s.SetOffset(splitDefaults[name])
	}
	w.saveSplits()
}

// saveSplits writes down where each divider is.
func (w *MainWindow) saveSplits() {
	for name, s := range w.splits {
		if s.Offset != w.settings.SplitOffset(name, -1) {
			w.settings.SetSplitOffset(name, s.Offset)
		}
	}
}

// EnginePanel returns the window's engine panel, which a game or an analysis feeds as a
// study does (see enginepanel.go).
func (w *MainWindow) EnginePanel() *EnginePanel { return w.study.panel }
