package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"banmen/engine"
	"banmen/engine/analysis"
	"banmen/kifu"
)

// 連続解析 from the window: two real records and a PNG named like a record; the records
// are analysed into the output folder, the PNG is named as skipped, the progress shows
// at the foot while it runs, and the dialog remembers the folders.
func TestAnalysisDialogBatchAnalysesAFolder(t *testing.T) {
	in := filepath.Join(t.TempDir(), "records")
	os.Mkdir(in, 0o755)
	for name, src := range map[string]string{
		"a.csa":      "../kifu/testdata/csa/shogihome__book__source__src04.csa",
		"b.ki2":      "../kifu/testdata/ki2/shogihome__encoding__sjis.ki2",
		"broken.kif": "testdata/evalgraph_light.png",
	} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(in, name), data, 0o644)
	}
	// a game lost by an illegal last move, not recorded so: analysed up to the move before it,
	// with a warning in the summary
	os.WriteFile(filepath.Join(in, "c.kif"), []byte("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ９四歩(93)\n   5 ７七玉(68)\n"), 0o644)
	out := filepath.Join(t.TempDir(), "analysed")
	w, q := studyWindow(t)
	at := w.analysisText()
	ended := false
	w.analysis.onEnd = func() { ended = true }
	open := func() []*dialogEntry {
		w.BatchAnalyseDialog()
		waitUntil(t, q, "the batch dialog", func() bool { return dialogOpen(w) })
		e := widgetsIn[*dialogEntry](w.Window().Canvas().Overlays().Top())
		if len(e) != 3 {
			t.Fatalf("%d entries, want 3 (records, output, seconds)", len(e))
		}
		return e
	}
	e := open()
	// the same folder twice is refused
	e[0].SetText(in)
	e[1].SetText(in)
	tapDialogButton(t, w, at.Start)
	if !dialogOpen(w) || w.analysis.batch != nil {
		t.Fatal("the records folder was accepted as the output")
	}
	e[1].SetText(out)
	e[2].SetText("0.1")
	tapDialogButton(t, w, at.Start)
	if w.analysis.batch == nil || dialogOpen(w) {
		t.Fatal("the batch did not start")
	}
	if buttonIn(w.progressHolder, at.Stop) == nil {
		t.Error("no 中断 at the foot")
	}
	// the engine panel shows the analysing engine's line as it thinks
	panel := w.study.panel
	sawLine := false
	waitUntil(t, q, "the end of the batch", func() bool {
		txt := panel.text()
		sawLine = sawLine || strings.Contains(txt, engine.BundledName+"　"+w.msg.EngineThinking) && strings.Contains(txt, "\n1 ")
		return ended
	})
	if !sawLine {
		t.Error("the engine panel never showed the analysing engine's line")
	}
	if txt := panel.text(); !strings.Contains(txt, engine.BundledName+"　"+w.msg.EngineStopped) {
		t.Errorf("after the batch the panel says %q, want the engine stopped", txt)
	}
	if w.lastShown.title != at.BatchTitle || !strings.Contains(w.lastShown.text, "3 / 4") ||
		!strings.Contains(w.lastShown.text, "broken.kif") || strings.Contains(w.lastShown.text, "a.csa") ||
		!strings.Contains(w.lastShown.text, "c.kif: 読み込み時の注意 1 件") {
		t.Errorf("the summary: %q %q", w.lastShown.title, w.lastShown.text)
	}
	if len(w.progressHolder.Objects) != 0 {
		t.Error("the progress stays at the foot")
	}
	for _, name := range []string{"a.csa", "b.ki2", "c.kif"} {
		rec, err := kifu.ReadFile(filepath.Join(out, name))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := analysedPlies(rec, len(rec.MainMoves())); got != len(rec.MainMoves())+1 {
			t.Errorf("%s: %d positions analysed of %d", name, got, len(rec.MainMoves())+1)
		}
	}
	tapDialogButton(t, w, w.msg.Close)
	e = open()
	if e[0].Text != in || e[1].Text != out || e[2].Text != "0.1" {
		t.Errorf("the dialog offers %q %q %q", e[0].Text, e[1].Text, e[2].Text)
	}
	tapDialogButton(t, w, at.Cancel)
}

// Closing the window during a batch closes its engine; the batch stops there rather than
// start the engine again for the next file, and says nothing.
func TestAnalysisDialogBatchStopsWhenTheWindowCloses(t *testing.T) {
	in := filepath.Join(t.TempDir(), "records")
	os.Mkdir(in, 0o755)
	for _, name := range []string{"a.kif", "b.kif", "c.kif"} {
		data, err := os.ReadFile(meijinKIF)
		if err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(in, name), data, 0o644)
	}
	w, q := studyWindow(t)
	w.startBatch(enginetestBundled(t, w), in, filepath.Join(t.TempDir(), "out"), analysis.Config{Time: 100 * time.Millisecond})
	b := w.analysis.batch
	waitUntil(t, q, "a position", func() bool { return b.runner.Snapshot().Progress.Position.Done >= 1 })
	w.Session().MarkSavedAt("", 0, 0, w.Session().Edits())
	w.RequestClose()
	w.CloseEngines(engineDeadline)
	select {
	case <-b.runner.Done():
	case <-time.After(engineDeadline):
		t.Fatal("the batch did not end after its engine was closed")
	}
	q.drain()
	if n := len(w.study.mgr.Running()); n != 0 {
		t.Errorf("%d engines running after the batch ended", n)
	}
	if s := b.runner.Snapshot(); len(s.Results) != 1 {
		t.Errorf("the batch went on to %d files after its engine was closed: %+v", len(s.Results), s.Results)
	}
	if w.lastShown.title == w.msg.EngineErrorTitle {
		t.Errorf("closing the window reported %q", w.lastShown.text)
	}
}
