package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
	"banmen/engine/analysis"
)

// 連続解析 in the window (検討 → フォルダを一括解析…): every record of a folder is analysed
// into a new folder by engine/analysis' BatchRunner, with the progress per file at the
// window's foot (the record shown stays usable) and, at the end, which files were
// written and which were skipped and why. The same as `banmen-cli analyse FOLDER -o OUT`.

// The batch dialog's folders, kept in the preferences.
const (
	prefBatchIn  = "analysisBatchIn"
	prefBatchOut = "analysisBatchOut"
)

// batchRun is one batch as the window shows it.
type batchRun struct {
	runner   *analysis.BatchRunner
	in, out  string
	progress *analysisProgress
	pending  atomic.Bool
	engine   string    // the engine's name, for the panel
	multiPV  int       // the candidates per position
	msg      *Messages // the texts when it started, for the poll's goroutine
}

// BatchAnalyseDialog asks for the folders, the engine and the settings of a batch, then
// starts it.
func (w *MainWindow) BatchAnalyseDialog() {
	at := w.analysisText()
	if w.analysis.run != nil || w.analysis.batch != nil {
		w.showMessage(at.BatchTitle, at.Busy)
		return
	}
	w.study.withEngines(engine.TagAnalysis, func(list []engine.Definition) {
		w.batchDialog(list)
	})
}

// folderField is an entry for a folder with a button that asks the desktop's dialog.
func (w *MainWindow) folderField(title, pref string) (*dialogEntry, fyne.CanvasObject) {
	e := newDialogEntry()
	e.SetText(w.settings.p.String(pref))
	fd, ok := w.opts.Dialogs.(FolderDialogs)
	if !ok {
		return e, e
	}
	browse := widget.NewButton(w.analysisText().Browse, func() {
		w.opts.Async(func() {
			p, err := fd.OpenFolder(title)
			w.study.post(func() {
				if err == nil && p != "" {
					e.SetText(p)
				}
			})
		})
	})
	return e, container.NewBorder(nil, nil, nil, browse, e)
}

// batchDialog shows the batch dialog with the engines of list.
func (w *MainWindow) batchDialog(list []engine.Definition) {
	at := w.analysisText()
	c := w.newAnalysisChoices(list)
	in, inField := w.folderField(at.BatchIn, prefBatchIn)
	out, outField := w.folderField(at.BatchOut, prefBatchOut)
	form := container.New(formLayout{},
		widget.NewLabel(at.BatchIn), inField,
		widget.NewLabel(at.BatchOut), outField,
		widget.NewLabel(at.Engine), c.eng,
		widget.NewLabel(at.Seconds), c.secs,
		widget.NewLabel(at.Comments), c.comments,
		widget.NewLabel(at.MultiPV), c.multiPV)
	w.showFormDialog(at.BatchTitle, 480, form, at.Cancel, at.Start, func(problem *widget.Label, close func()) {
		cfg, ok := c.config()
		if !ok {
			problem.SetText(fmt.Sprintf(at.BadSecondsF, c.secs.Text))
			return
		}
		src, dst := strings.TrimSpace(in.Text), strings.TrimSpace(out.Text)
		if src == "" || dst == "" {
			problem.SetText(at.BadFolders)
			return
		}
		files, err := analysis.RecordFiles(src)
		if err != nil || len(files) == 0 {
			problem.SetText(fmt.Sprintf(at.NoRecordsF, src))
			return
		}
		if a, b := filepath.Clean(src), filepath.Clean(dst); a == b {
			problem.SetText(at.SameFolders)
			return
		}
		close()
		c.remember(cfg)
		w.settings.p.SetString(prefBatchIn, src)
		w.settings.p.SetString(prefBatchOut, dst)
		w.startBatch(c.engine(), src, dst, cfg)
	})
}

// startBatch starts analysing the records of in into out with def.
func (w *MainWindow) startBatch(def engine.Definition, in, out string, cfg analysis.Config) {
	c := w.analysis
	b := &batchRun{in: in, out: out, engine: def.Name, multiPV: cfg.MultiPV, msg: w.msg,
		runner: analysis.StartBatch(w.study.mgr, def, in, out, cfg)}
	c.batch = b
	b.progress = w.showAnalysisProgress(func() { b.runner.Cancel() })
	go c.pollBatch(b)
}

// pollBatch posts the batch's news, and what its engine thinks, to the Fyne goroutine until
// it is done.
func (c *analysisCtl) pollBatch(b *batchRun) {
	txt := func(e *engine.Running, finished bool) *engineText {
		// each file has its own start: the progress says which position
		return analysingText(e, b.engine, finished, 0, nil, b.msg)
	}
	pollAnalysis(c, b.runner, &b.pending, txt, func(et *engineText, s analysis.BatchSnapshot, news, finished bool) {
		if c.batch != b {
			return
		}
		c.showEngine(b.engine, max(1, b.multiPV), et)
		if news {
			c.applyBatch(b, s, finished)
		}
	})
}

// applyBatch shows the batch's progress, or what it did when it finished.
func (c *analysisCtl) applyBatch(b *batchRun, s analysis.BatchSnapshot, finished bool) {
	w := c.w
	if c.batch != b || w.closing {
		return
	}
	at := w.analysisText()
	if !finished {
		p := s.Progress
		done := float64(p.File - 1)
		if p.Position.Total > 0 {
			done += float64(p.Position.Done) / float64(p.Position.Total)
		}
		b.progress.setText(fmt.Sprintf(at.BatchProgressF, p.File, p.Files, p.Name, p.Position.Done, p.Position.Total,
			formatElapsed(p.Position.ETA.Round(time.Second))), done/float64(max(1, p.Files)))
		return
	}
	c.batch = nil
	b.progress.close()
	if s.Err != nil {
		w.showError(w.msg.EngineErrorTitle, fmt.Sprintf(at.FailedF, s.Err), s.Err.Error())
	} else {
		w.showMessage(at.BatchTitle, w.batchSummary(b, s))
	}
	if c.onEnd != nil {
		c.onEnd()
	}
}

// batchSummary says which files were analysed and which were skipped, and why.
func (w *MainWindow) batchSummary(b *batchRun, s analysis.BatchSnapshot) string {
	at := w.analysisText()
	var ok, failed []string
	for _, f := range s.Results {
		switch {
		case f.Err == nil:
			ok = append(ok, f.Name)
			if line, ok := w.readWarnings(f.Name, f.Warnings); ok {
				failed = append(failed, line)
			}
		case !errors.Is(f.Err, context.Canceled):
			failed = append(failed, fmt.Sprintf(at.BatchSkippedF, f.Name, w.skipReason(f.Err)))
		}
	}
	var text strings.Builder
	if s.Canceled {
		text.WriteString(at.BatchStopped + "\n\n")
	}
	fmt.Fprintf(&text, at.BatchDoneF, len(ok), s.Progress.Files, b.out)
	if len(failed) > 0 {
		text.WriteString("\n")
	}
	for _, f := range failed {
		text.WriteString("\n" + f)
	}
	return text.String()
}
