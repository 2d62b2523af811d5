package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/engine"
	"banmen/engine/analysis"
	"banmen/kifu"
	"banmen/ui/session"
)

// analysedPlies counts the positions of the main line, start included, up to ply to, whose
// comment holds an analysis.
func analysedPlies(rec *kifu.Record, to int) int {
	nodes := append([]*kifu.Node{rec.Root}, rec.MainLine()...)
	n := 0
	for _, nd := range nodes[:to+1] {
		if strings.Contains(nd.Comment, "#評価値=") || strings.Contains(nd.Comment, "#詰み=") {
			n++
		}
	}
	return n
}

// fillAnalysisDialog opens 棋譜解析… and fills it in; it returns the dialog's problem label.
func fillAnalysisDialog(t *testing.T, w *MainWindow, q *uiQueue, secs, from, to string) *widget.Label {
	t.Helper()
	w.AnalyseDialog()
	waitUntil(t, q, "the 棋譜解析 dialog", func() bool { return dialogOpen(w) })
	ov := w.Window().Canvas().Overlays().Top()
	entries := widgetsIn[*dialogEntry](ov)
	if len(entries) != 3 {
		t.Fatalf("the dialog has %d entries, want 3 (seconds, from, to)", len(entries))
	}
	entries[0].SetText(secs)
	entries[1].SetText(from)
	entries[2].SetText(to)
	var problem *widget.Label
	for _, l := range widgetsIn[*widget.Label](ov) {
		if l.Importance == widget.DangerImportance {
			problem = l
		}
	}
	return problem
}

func TestAnalysisDialogRefusesBadInput(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	at := w.analysisText()
	for _, c := range []struct{ secs, from, to, want string }{
		{"abc", "1", "30", "abc"},
		{"0", "1", "30", "0.1"},
		{"1", "0", "30", "1"},
		{"1", "20", "10", "1"},
		{"1", "1", "999", "1"},
	} {
		problem := fillAnalysisDialog(t, w, q, c.secs, c.from, c.to)
		tapDialogButton(t, w, at.Start)
		if !dialogOpen(w) || w.Analysing() {
			t.Fatalf("%+v: started, or the dialog closed", c)
		}
		if problem == nil || !strings.Contains(problem.Text, c.want) {
			t.Errorf("%+v: the dialog says %v", c, problem)
		}
		tapDialogButton(t, w, at.Cancel)
	}
}

func TestAnalysisDialogCancelAndResumeWithTheBundledEngine(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	at := w.analysisText()
	const to = 30
	ended := 0
	w.analysis.onEnd = func() { ended++ }

	fillAnalysisDialog(t, w, q, "0.1", "1", "30")
	tapDialogButton(t, w, at.Start)
	if !w.Analysing() {
		t.Fatal("the analysis did not start")
	}
	if dialogOpen(w) {
		t.Fatal("a dialog covers the window while the analysis runs")
	}
	waitUntil(t, q, "five positions", func() bool { return analysedPlies(w.Session().Record(), to) >= 5 || ended > 0 })
	if ended > 0 {
		t.Fatal("the analysis ended before it was stopped")
	}
	// the engine panel shows the analysing engine's line as it thinks, and on which
	// position of the record
	panel := w.study.panel
	thinking := regexp.MustCompile(regexp.QuoteMeta(engine.BundledName) + `（([0-9]+)手目の局面|開始局面）　` + w.msg.EngineThinking)
	var on []string
	waitUntil(t, q, "the analysing engine's line in the panel", func() bool {
		on = thinking.FindStringSubmatch(panel.text())
		return on != nil && strings.Contains(panel.text(), "\n1 ")
	})
	if n, _ := strconv.Atoi(on[1]); n > to {
		t.Errorf("the panel says the engine thinks on %q, past the 30 moves analysed", on[0])
	}
	// the record stays usable: steps, and the graph fills
	w.Session().Forward()
	w.Session().Forward()
	if w.Session().Ply() != 2 || w.graph.current != 2 {
		t.Errorf("stepping during the analysis: ply %d, mark %d", w.Session().Ply(), w.graph.current)
	}
	if got := graphScores(w); got < 5 {
		t.Errorf("the graph shows %d scores while 5 positions are analysed", got)
	}
	if txt := w.analysis.run.progress.Text(); !strings.Contains(txt, "/ 31") {
		t.Errorf("the progress says %q, want a count of 31 positions", txt)
	}
	// the time left as the clocks write times, not Go's "1m22s"
	if txt := w.analysis.run.progress.Text(); !regexp.MustCompile(`残り約 ([0-9]+:[0-9]{2}|[0-9]+(\.[0-9])?s)$`).MatchString(txt) {
		t.Errorf("the progress says %q, want the time left as 1:02 or 45s", txt)
	}
	stop := buttonIn(w.progressHolder, at.Stop)
	if stop == nil {
		t.Fatal("no 中断 at the foot")
	}
	label := w.analysis.run.progress.label
	if end := label.Position().X + label.MinSize().Width; end > stop.Position().X+1 || w.progressHolder.Size().Width < w.progressHolder.MinSize().Width {
		t.Errorf("the progress text (to x=%v) runs under 中断 (at x=%v), or its box (%v wide) is squeezed", end, stop.Position().X, w.progressHolder.Size().Width)
	}
	pr := analysis.Progress{Done: 1, Total: 31, ETA: 82 * time.Second}
	if w.analysis.run.progress.set(pr); !strings.HasSuffix(w.analysis.run.progress.Text(), "残り約 1:22") {
		t.Errorf("82 s left reads %q", w.analysis.run.progress.Text())
	}
	test.Tap(stop)
	waitUntil(t, q, "the end of the stopped analysis", func() bool { return ended == 1 })
	if txt := panel.text(); !strings.Contains(txt, engine.BundledName+"　"+w.msg.EngineStopped) {
		t.Errorf("after 中断 the panel says %q, want the engine stopped", txt)
	}
	done := analysedPlies(w.Session().Record(), to)
	if done < 5 || done == to+1 {
		t.Fatalf("%d positions analysed after 中断, want at least 5 and not all", done)
	}
	if w.lastShown.title != at.DoneTitle || !strings.Contains(w.lastShown.text, at.Stopped) || !strings.Contains(w.lastShown.text, at.SideWhite) ||
		strings.Contains(w.lastShown.text, at.Resumed) {
		t.Errorf("after 中断: %q %q", w.lastShown.title, w.lastShown.text)
	}
	if len(w.progressHolder.Objects) != 0 {
		t.Error("the progress stays at the foot")
	}
	if want := fmt.Sprintf(at.StoppedStatusF, done, to+1); w.status.Text != want {
		t.Errorf("after 中断 the status says %q, want %q", w.status.Text, want)
	}
	if graphScores(w) != done {
		t.Errorf("the graph shows %d scores, the record has %d analyses", graphScores(w), done)
	}
	if !w.Session().Dirty() {
		t.Error("the analysis changed the record but it is not marked unsaved")
	}
	tapDialogButton(t, w, w.msg.Close)

	// again: goes on from there, to the end; the dialog remembers the seconds
	w.AnalyseDialog()
	waitUntil(t, q, "the 棋譜解析 dialog", func() bool { return dialogOpen(w) })
	if e := widgetsIn[*dialogEntry](w.Window().Canvas().Overlays().Top()); e[0].Text != "0.1" {
		t.Errorf("the dialog offers %q seconds, not the 0.1 chosen last", e[0].Text)
	}
	tapDialogButton(t, w, at.Cancel)
	fillAnalysisDialog(t, w, q, "0.1", "1", "30")
	tapDialogButton(t, w, at.Start)
	// a comment typed meanwhile at a move the analysis has yet to reach is kept
	memo := w.Session().Record().MainLine()[27]
	w.Session().SetNodeComment(memo, "メモ")
	waitUntil(t, q, "the end of the resumed analysis", func() bool { return ended == 2 })
	if !strings.HasPrefix(strings.TrimPrefix(strings.TrimPrefix(memo.Comment, analysis.LabelBad+"\n"), analysis.LabelDubious+"\n"), "メモ\n") ||
		!strings.Contains(memo.Comment, "#評価値=") && !strings.Contains(memo.Comment, "#詰み=") {
		t.Errorf("ply 28's comment typed during the analysis became %q", memo.Comment)
	}
	if got := analysedPlies(w.Session().Record(), to); got != to+1 {
		t.Errorf("%d positions analysed in the end, want %d", got, to+1)
	}
	if w.lastShown.title != at.DoneTitle || strings.Contains(w.lastShown.text, at.Stopped) || !strings.Contains(w.lastShown.text, at.Resumed) {
		t.Errorf("after the resumed run: %q %q", w.lastShown.title, w.lastShown.text)
	}
	if want := fmt.Sprintf(at.DoneF, to+1); w.status.Text != want {
		t.Errorf("at the end the status says %q, want %q", w.status.Text, want)
	}
	// the summary is the record's: its labels counted per side
	rv := reviewRecord(w.Session().Record(), 1, to)
	labels := 0
	for _, n := range w.Session().Record().MainLine()[:to] {
		if first, _, _ := strings.Cut(n.Comment, "\n"); first == analysis.LabelBad || first == analysis.LabelDubious {
			labels++
		}
	}
	if got := rv[0].Bad + rv[0].Dubious + rv[1].Bad + rv[1].Dubious; got != labels {
		t.Errorf("the summary counts %d labels, the record has %d", got, labels)
	}
	if rv[0].Moves+rv[1].Moves != to {
		t.Errorf("%d moves reviewed, want %d", rv[0].Moves+rv[1].Moves, to)
	}
	if !strings.Contains(w.lastShown.text, w.summaryText(rv)) {
		t.Errorf("the summary shown %q is not the record's review", w.lastShown.text)
	}
}

func graphScores(w *MainWindow) int {
	n := 0
	for _, p := range w.graph.Points() {
		if p.OK {
			n++
		}
	}
	return n
}

func TestSummaryPerSide(t *testing.T) {
	rec, err := kifu.ParseKIF("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 ２五歩(26)\n")
	if err != nil {
		t.Fatal(err)
	}
	nodes := append([]*kifu.Node{rec.Root}, rec.MainLine()...)
	// scores after each ply, Black's view; ply 3 is a 悪手 of Black (100 → -300: lost 400),
	// ply 4 a 疑問手 of White (-300 → -100: lost 200), ply 5 has no score
	scores := []string{"0", "100", "100", "-300", "-100", ""}
	labels := []string{"", "", "", analysis.LabelBad, analysis.LabelDubious, ""}
	// the engine's choice: ply 1 (７六歩) and ply 4 (８四歩) were it, ply 3 (２六歩) was not
	pvs := []string{"▲７六歩△３四歩", "", "▲６八銀", "△８四歩", "", ""}
	for i, n := range nodes {
		var c []string
		if labels[i] != "" {
			c = append(c, labels[i])
		}
		if scores[i] != "" {
			c = append(c, "#評価値="+scores[i])
			if pvs[i] != "" {
				c = append(c, "#読み筋="+pvs[i])
			}
			c = append(c, "#エンジン=X")
		}
		n.Comment = strings.Join(c, "\n")
	}
	rv := reviewRecord(rec, 0, 0)
	b, w := rv[0], rv[1]
	// Black: ply 1 (0 → 100: no loss), ply 3 (400); ply 5 has no score after it
	if b.Moves != 2 || b.LossSum != 400 || b.AvgLoss() != 200 || b.Bad != 1 || b.Dubious != 0 || b.Matching != 1 || b.MatchRate() != 50 {
		t.Errorf("Black: %+v", b)
	}
	if len(b.Worst) != 1 || b.Worst[0].Ply != 3 || b.Worst[0].Loss != 400 || b.Worst[0].Move != "▲２六歩" {
		t.Errorf("Black's worst: %+v", b.Worst)
	}
	// White: ply 2 (100 → 100: none), ply 4 (-300 → -100: 200)
	if w.Moves != 2 || w.LossSum != 200 || w.Dubious != 1 || w.Bad != 0 || w.Matching != 1 {
		t.Errorf("White: %+v", w)
	}
	if len(w.Worst) != 1 || w.Worst[0].Ply != 4 || w.Worst[0].Move != "△８四歩" {
		t.Errorf("White's worst: %+v", w.Worst)
	}
	// a range: only ply 4 and 5
	rv = reviewRecord(rec, 4, 5)
	if rv[0].Moves != 0 || rv[0].Bad != 0 || rv[1].Moves != 1 || rv[1].Dubious != 1 {
		t.Errorf("plies 4 to 5: %+v", rv)
	}
	// worst three, worst first
	for i, s := range []string{"0", "-100", "0", "-600", "-500", "-1500"} {
		nodes[i].Comment = "#評価値=" + s
	}
	// Black lost 100 (ply 1), 600 (ply 3), 1000 (ply 5)
	rv = reviewRecord(rec, 0, 0)
	var plies []int
	for _, m := range rv[0].Worst {
		plies = append(plies, m.Ply)
	}
	if !reflect.DeepEqual(plies, []int{5, 3, 1}) {
		t.Errorf("Black's worst plies %v, want [5 3 1]", plies)
	}
}

func TestAnalysisDialogLabelsMarkTheMoveList(t *testing.T) {
	newTestApp(t, ThemeLight)
	s := session.New()
	if err := s.Open(meijinKIF); err != nil {
		t.Fatal(err)
	}
	line := s.Record().MainLine()
	line[2].Comment = analysis.LabelBad + "\n#評価値=-400"
	line[3].Comment = analysis.LabelDubious
	line[4].Comment = "悪手とは言えない"
	v := NewRecordView(s, MessagesFor(Japanese), nil)
	s.OnChange(v.Update)
	img := capture(t, v, 420, 620)
	want := map[int]string{3: "悪", 4: "疑"}
	for id := 1; id <= 6; id++ {
		row := newMoveRow()
		v.list.UpdateItem(id, row)
		test.WidgetRenderer(row) // colours
		if row.label.Text != want[id] {
			t.Errorf("row %d marked %q, want %q", id, row.label.Text, want[id])
		}
	}
	row := newMoveRow()
	v.list.UpdateItem(3, row)
	test.WidgetRenderer(row)
	if row.label.Color != theme.Color(theme.ColorNameError) {
		t.Errorf("悪 is drawn in %v", row.label.Color)
	}
	assertMatchesMaster(t, "record_labels.png", img)
}

func TestAnalysisDialogMergeKeepsTheUsersComment(t *testing.T) {
	rec, err := kifu.ParseKIF("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n")
	if err != nil {
		t.Fatal(err)
	}
	n := rec.MainLine()[1]
	analysed := analysis.LabelBad + "\n#評価値=-300\n#読み筋=▲２六歩△８四歩\n#エンジン=X"
	for _, c := range []struct{ user, want string }{
		{"好手か", analysis.LabelBad + "\n好手か\n\n#評価値=-300\n#読み筋=▲２六歩△８四歩\n#エンジン=X"},
		// an older analysis by the same engine, and its label, give way to the new one
		{analysis.LabelDubious + "\n好手か\n\n#評価値=-100\n#エンジン=X", analysis.LabelBad + "\n好手か\n\n#評価値=-300\n#読み筋=▲２六歩△８四歩\n#エンジン=X"},
		// another engine's stays beside it
		{"#評価値=5\n#エンジン=Y", analysis.LabelBad + "\n#評価値=5\n#エンジン=Y\n\n#評価値=-300\n#読み筋=▲２六歩△８四歩\n#エンジン=X"},
		// an earlier run's candidate blocks (MultiPV) go too
		{"好手か\n\n#評価値=-100\n#エンジン=X\n\n#候補=2\n#読み筋=▲７六歩\n#エンジン=X", analysis.LabelBad + "\n好手か\n\n#評価値=-300\n#読み筋=▲２六歩△８四歩\n#エンジン=X"},
	} {
		n.Comment = c.user
		if got := mergeAnalysis(n, analysed); got != c.want {
			t.Errorf("%q merged into %q: got\n%q\nwant\n%q", analysed, c.user, got, c.want)
		}
		if n.Comment != c.user {
			t.Errorf("mergeAnalysis changed the node: %q", n.Comment)
		}
	}
	// every candidate block of a MultiPV analysis is merged in
	n.Comment = "好手か"
	multi := "#評価値=-300\n#読み筋=▲２六歩\n#エンジン=X\n\n#読み筋=▲７六歩\n#エンジン=X\n#候補=2\n#候補評価値=-350"
	if got, want := mergeAnalysis(n, multi), "好手か\n\n"+multi; got != want {
		t.Errorf("MultiPV merged: %q, want %q", got, want)
	}
}

// An engine that dies while it thinks ends the analysis with a message that names it; what
// was analysed before stays.
func TestAnalysisDialogEngineFailure(t *testing.T) {
	// it answers the first two positions with a score, then dies
	def := engine.Definition{Name: "DyingEngine", Path: writeScript(t, `n=0
while read line; do
  case "$line" in
    usi) echo 'id name Dying'; echo usiok;;
    isready) echo readyok;;
    go*) n=$((n+1)); if [ $n -gt 2 ]; then exit 3; fi
         echo 'info depth 1 score cp 10'; echo 'bestmove resign';;
    quit) exit 0;;
  esac
done
`)}
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	w.analysis.onEnd = func() {}
	w.startAnalysis(def, 100*time.Millisecond, 1, 10)
	waitUntil(t, q, "the engine's error", func() bool { return !w.Analysing() })
	if w.lastShown.title != w.msg.EngineErrorTitle || !strings.Contains(w.lastShown.text, def.Name) {
		t.Errorf("the message %q: %q does not name the engine", w.lastShown.title, w.lastShown.text)
	}
	if got := analysedPlies(w.Session().Record(), 10); got != 2 {
		t.Errorf("%d positions kept, want the 2 analysed before the engine died", got)
	}
	if len(w.progressHolder.Objects) != 0 {
		t.Error("the progress stays at the foot")
	}
}

// A record opened while an analysis runs gets none of its results; the analysis stops.
func TestAnalysisDialogStopsWhenAnotherRecordIsOpened(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	ended := false
	w.analysis.onEnd = func() { ended = true }
	w.startAnalysis(enginetestBundled(t, w), 100*time.Millisecond, 1, 30)
	analysed := w.Session().Record()
	waitUntil(t, q, "two positions", func() bool { return analysedPlies(analysed, 30) >= 2 })
	if err := w.Session().Open(henkaKIF); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, q, "the end of the analysis", func() bool { return ended })
	w.Session().Record().Root.Walk(func(n *kifu.Node) bool {
		if strings.Contains(n.Comment, "#評価値") || moveLabel(n.Comment) != "" {
			t.Errorf("the record opened meanwhile got %q", n.Comment)
		}
		return true
	})
	if !strings.Contains(w.lastShown.text, w.analysisText().MainLineChanged) {
		t.Errorf("the summary does not say the results were not written: %q", w.lastShown.text)
	}
}

// enginetestBundled is the bundled engine as the window's engine list has it.
func enginetestBundled(t *testing.T, w *MainWindow) engine.Definition {
	t.Helper()
	reg, err := w.opts.EngineRegistry()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range reg.List() {
		if d.Bundled {
			return d
		}
	}
	t.Fatal("no bundled engine in the list")
	return engine.Definition{}
}

// Closing the window during an analysis closes its engine, and shows no error about it.
func TestAnalysisDialogClosingTheWindowClosesTheEngine(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	w.startAnalysis(enginetestBundled(t, w), 100*time.Millisecond, 1, 30)
	waitUntil(t, q, "a position", func() bool { return analysedPlies(w.Session().Record(), 30) >= 1 })
	w.Session().MarkSavedAt("", 0, 0, w.Session().Edits()) // nothing to ask about
	w.RequestClose()
	w.CloseEngines(engineDeadline)
	if n := len(w.study.mgr.Running()); n != 0 {
		t.Errorf("%d engines still running", n)
	}
	r := w.analysis.run
	if r == nil {
		t.Fatal("the analysis was forgotten before its runner ended")
	}
	select {
	case <-r.runner.Done():
	case <-time.After(engineDeadline):
		t.Fatal("the runner did not end after its engine was closed")
	}
	q.drain()
	if w.lastShown.title == w.msg.EngineErrorTitle {
		t.Errorf("closing the window reported %q", w.lastShown.text)
	}
}

// Each control of the dialog reaches the run: the engine chosen (fairy-stockfish, not the
// bundled one), the seconds, the range, the order (from the end: the last position is
// searched first), the comment mode (挿入: before the text a comment had) and MultiPV
// (a second candidate in the comments); and the dialog offers them again next time.
func TestAnalysisDialogEachControlReachesTheRun(t *testing.T) {
	fairy := engine.Definition{Name: "fairy-stockfish", Path: "/usr/games/fairy-stockfish", Tags: []string{engine.TagAnalysis}}
	needEngine(t, fairy.Path)
	w, q := studyWindow(t, fairy)
	openRecord(t, w, meijinKIF)
	at := w.analysisText()
	memo := w.Session().Record().MainLine()[26] // ply 27
	w.Session().SetNodeComment(memo, "メモ")
	ended := false
	w.analysis.onEnd = func() { ended = true }
	fillAnalysisDialog(t, w, q, "0.2", "25", "30")
	ov := w.Window().Canvas().Overlays().Top()
	selects := widgetsIn[*widget.Select](ov)
	radios := widgetsIn[*widget.RadioGroup](ov)
	if len(selects) != 3 || len(radios) != 1 {
		t.Fatalf("%d selects (engine, comments, MultiPV) and %d radio groups (order)", len(selects), len(radios))
	}
	selects[0].SetSelected(fairy.Name)
	radios[0].SetSelected(at.OrderEnd)
	selects[1].SetSelected(at.CommentInsert)
	selects[2].SetSelected("2")
	tapDialogButton(t, w, at.Start)
	if !w.Analysing() {
		t.Fatal("the analysis did not start")
	}
	cfg := w.analysis.run.cfg
	if cfg.Time != 200*time.Millisecond || cfg.From != 25 || cfg.To != 30 || !cfg.Descending || cfg.Comments != analysis.Insert || cfg.MultiPV != 2 {
		t.Errorf("the run's settings: %+v", cfg)
	}
	line := w.Session().Record().MainLine()
	waitUntil(t, q, "the first position", func() bool { return analysedPlies(w.Session().Record(), 30) > 0 || ended })
	if !strings.Contains(line[29].Comment, "#エンジン=") || strings.Contains(line[23].Comment, "#エンジン=") {
		t.Errorf("from the end: ply 30 %q, ply 24 %q", line[29].Comment, line[23].Comment)
	}
	waitUntil(t, q, "the end of the analysis", func() bool { return ended })
	if got := analysedPlies(w.Session().Record(), 30) - analysedPlies(w.Session().Record(), 23); got != 7 {
		t.Errorf("%d positions of plies 24 to 30 analysed, want 7", got)
	}
	body := memo.Comment
	if l := moveLabel(body); l != "" {
		body = strings.TrimPrefix(body, l+"\n")
	}
	if !strings.HasPrefix(body, "#評価値=") && !strings.HasPrefix(body, "#詰み=") || !strings.HasSuffix(body, "\n\nメモ") {
		t.Errorf("挿入: ply 27's comment is %q", memo.Comment)
	}
	for k := 24; k <= 30; k++ {
		c := line[k-1].Comment
		if !strings.Contains(c, "#エンジン="+fairy.Name) {
			t.Errorf("ply %d was not analysed by fairy-stockfish: %q", k, c)
		}
		if !strings.Contains(c, "#候補=2") {
			t.Errorf("ply %d has no second candidate: %q", k, c)
		}
	}
	tapDialogButton(t, w, w.msg.Close)
	// the dialog remembers
	w.AnalyseDialog()
	waitUntil(t, q, "the 棋譜解析 dialog", func() bool { return dialogOpen(w) })
	ov = w.Window().Canvas().Overlays().Top()
	selects = widgetsIn[*widget.Select](ov)
	radios = widgetsIn[*widget.RadioGroup](ov)
	if selects[0].Selected != fairy.Name || radios[0].Selected != at.OrderEnd || selects[1].Selected != at.CommentInsert || selects[2].Selected != "2" {
		t.Errorf("the dialog offers %q %q %q %q", selects[0].Selected, radios[0].Selected, selects[1].Selected, selects[2].Selected)
	}
	tapDialogButton(t, w, at.Cancel)
}

// The summary's worst moves are buttons: one shows that move.
func TestSummaryWorstMoveShowsIt(t *testing.T) {
	rec, err := kifu.ParseKIF("手合割：平手\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ２六歩(27)\n   4 ８四歩(83)\n   5 ２五歩(26)\n")
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range append([]*kifu.Node{rec.Root}, rec.MainLine()...) {
		n.Comment = "#評価値=" + []string{"0", "100", "100", "-300", "-100", "-100"}[i] + "\n#エンジン=X"
	}
	text, err := kifu.FormatRecord(rec, kifu.KIF, kifu.WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "reviewed.kifu")
	os.WriteFile(path, []byte(text), 0o644)
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, path)
	at := w.analysisText()
	w.showAnalysisSummary(&analysisRun{rec: w.Session().Record(), from: 1, to: 5}, analysis.Snapshot{})
	label := fmt.Sprintf(at.WorstF, 3, "▲２六歩", -400)
	b := buttonIn(w.Window().Canvas().Overlays().Top(), label)
	if b == nil {
		t.Fatalf("no button %q in the summary %q", label, w.lastShown.text)
	}
	if !strings.Contains(w.lastShown.text, label) {
		t.Errorf("the summary's text %q lacks %q", w.lastShown.text, label)
	}
	test.Tap(b)
	if dialogOpen(w) || w.Session().Ply() != 3 {
		t.Errorf("after the tap: dialog open %v, ply %d, want 3", dialogOpen(w), w.Session().Ply())
	}
}

// Ctrl+Shift+A, as the 検討 menu's 棋譜解析… item says, opens the 棋譜解析 dialog.
func TestAnalysisDialogOpensWithCtrlShiftA(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	pressShortcut(w, fyne.KeyA, fyne.KeyModifierShortcutDefault|fyne.KeyModifierShift)
	waitUntil(t, q, "a dialog", func() bool { return dialogOpen(w) })
	if at := w.analysisText(); w.lastShown.title != at.Title {
		t.Errorf("Ctrl+Shift+A opened %q, want %q", w.lastShown.title, at.Title)
	}
}
