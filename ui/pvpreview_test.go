package ui

import (
	"bytes"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/engine/mate"
	"banmen/kifu"
	"banmen/usiclient"
)

// usiLine reads USI moves from pos, each in turn.
func usiLine(t *testing.T, pos *board.Position, usis ...string) []board.Move {
	t.Helper()
	p := pos.Clone()
	var ms []board.Move
	for _, u := range usis {
		m, err := p.ParseMove(u)
		if err != nil {
			t.Fatalf("%s in %s: %v", u, p.SFEN(), err)
		}
		ms = append(ms, m)
		p.Do(m)
	}
	return ms
}

// openPreview opens the preview of usis from the position shown and returns it.
func openPreview(t *testing.T, w *MainWindow, label string, usis ...string) *pvPreview {
	t.Helper()
	root := w.Session().Position()
	w.openPVPreview(root, usiLine(t, root, usis...), label)
	if w.preview == nil {
		t.Fatal("no preview opened")
	}
	return w.preview
}

func previewKey(p *pvPreview, k fyne.KeyName) {
	p.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: k})
}

// The preview steps through the line with the keys, the buttons and a click on a move, shows
// the moves in Japanese with the current one marked, and leaves the main board alone.
func TestPVPreviewStepsThroughTheLine(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(4)
	mainSFEN := w.Board().ShownPosition().SFEN()
	root := w.Session().Position()
	pv := usiLine(t, root, "2f2e", "8d8e", "6i7h")
	p := openPreview(t, w, "評価値 +35", "2f2e", "8d8e", "6i7h")
	after := func(n int) string {
		q := root.Clone()
		for _, m := range pv[:n] {
			q.Do(m)
		}
		return q.SFEN()
	}
	check := func(step string, n int) {
		t.Helper()
		if p.ply != n || p.board.ShownPosition().SFEN() != after(n) {
			t.Fatalf("after %s: ply %d showing %s, want ply %d", step, p.ply, p.board.ShownPosition().SFEN(), n)
		}
		if n > 0 && p.board.LastMove() != pv[n-1] {
			t.Fatalf("after %s: last move %v, want %v", step, p.board.LastMove(), pv[n-1])
		}
	}
	check("opening", 0)
	if got := p.moves.String(); got != "▲２五歩 △８五歩 ▲７八金" {
		t.Fatalf("the moves read %q", got)
	}
	if p.header.Text != "評価値 +35" {
		t.Fatalf("the heading reads %q", p.header.Text)
	}
	previewKey(p, fyne.KeyLeft)
	check("← at the start", 0)
	previewKey(p, fyne.KeyRight)
	previewKey(p, fyne.KeyRight)
	check("→ →", 2)
	if p.plyLabel.Text != "2 / 3 手" {
		t.Fatalf("the ply label reads %q", p.plyLabel.Text)
	}
	previewKey(p, fyne.KeyEnd)
	check("End", 3)
	if !p.next.Disabled() || p.prev.Disabled() {
		t.Fatal("at the end → should be off and ← on")
	}
	previewKey(p, fyne.KeyRight)
	check("→ at the end", 3)
	previewKey(p, fyne.KeyHome)
	check("Home", 0)
	test.Tap(p.next)
	check("the → button", 1)
	test.Tap(p.last)
	check("the ⏭ button", 3)
	test.Tap(p.prev)
	check("the ← button", 2)
	test.Tap(p.first)
	check("the ⏮ button", 0)
	// a click on the second move's name goes there
	var link *widget.HyperlinkSegment
	for _, s := range p.moves.Segments {
		if h, ok := s.(*widget.HyperlinkSegment); ok && h.Text == "△８五歩" {
			link = h
		}
	}
	if link == nil {
		t.Fatal("the second move is not a link")
	}
	link.OnTapped()
	check("a click on △８五歩", 2)
	at := p.board.SpotCenter(SquareSpot(board.NewSquare(5, 5))).Add(fyne.CurrentApp().Driver().AbsolutePositionForObject(p.board))
	test.Scroll(p.win.Canvas(), at, 0, -25)
	check("the wheel towards the user", 3)
	test.Scroll(p.win.Canvas(), at, 0, 25)
	check("the wheel away", 2)

	if w.Board().ShownPosition().SFEN() != mainSFEN || w.Session().Ply() != 4 {
		t.Fatal("the preview moved the main board or the record")
	}
	// another line replaces the preview: one is open at a time
	w.openPVPreview(root, pv[:1], "")
	if w.preview == p || w.preview == nil || len(w.preview.pv) != 1 {
		t.Fatal("a second line did not replace the preview")
	}
	previewKey(w.preview, fyne.KeyEscape)
	if w.preview != nil {
		t.Fatal("Escape did not close the preview")
	}
	w.openPVPreview(nil, pv, "")
	if w.preview != nil {
		t.Fatal("a line without a position opened a preview")
	}
}

// 変化として追加 adds the line where its position is in the record: at the current move, or
// at an earlier one; a line for a position the record never reaches is refused.
func TestPVPreviewAddsAVariationTheRecordHolds(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	openRecord(t, w, meijinKIF)
	sess := w.Session()
	sess.GoTo(4)
	at := sess.Node()
	mainNext := at.Next().Move
	p := openPreview(t, w, "", "2f2e", "8d8e", "6i7h")
	if mainNext == p.pv[0] {
		t.Fatal("the test's line should differ from the record's")
	}
	tapButton(t, p.win.Content(), japanesePreview.AddVariation)
	if p.note.Text != "変化として 3 手を追加しました" {
		t.Fatalf("the note reads %q", p.note.Text)
	}
	v := at.ChildWithMove(p.pv[0])
	if v == nil || v.IsMainLine() || v.Next() == nil || v.Next().Move != p.pv[1] || v.Next().Next() == nil || v.Next().Next().Move != p.pv[2] {
		t.Fatal("the record does not hold the line as a variation after move 4")
	}
	if sess.Node() != at || !sess.Dirty() {
		t.Fatalf("after adding: cursor moved %v, dirty %v", sess.Node() != at, sess.Dirty())
	}
	if at.Next().Move != mainNext {
		t.Fatal("the main line changed")
	}
	tapButton(t, p.win.Content(), japanesePreview.AddVariation)
	if p.note.Text != japanesePreview.AlreadyThere {
		t.Fatalf("adding it again: the note reads %q", p.note.Text)
	}

	// a line for move 2's position, previewed while the record shows move 6
	root2 := sess.Record().Position(sess.Cursor().Line()[2])
	sess.GoTo(6)
	w.openPVPreview(root2, usiLine(t, root2, "1g1f"), "")
	tapButton(t, w.preview.win.Content(), japanesePreview.AddVariation)
	if sess.Cursor().Line()[2].ChildWithMove(usiLine(t, root2, "1g1f")[0]) == nil {
		t.Fatalf("a line for move 2 was not added there (note %q)", w.preview.note.Text)
	}
	if sess.Ply() != 6 {
		t.Fatal("adding a line elsewhere moved the cursor")
	}

	// a position the record never reaches
	far := board.NewStartPosition()
	far.Do(usiLine(t, far, "5g5f")[0])
	edits := sess.Edits()
	w.openPVPreview(far, usiLine(t, far, "5c5d"), "")
	tapButton(t, w.preview.win.Content(), japanesePreview.AddVariation)
	tapButton(t, w.preview.win.Content(), japanesePreview.InsertComment)
	if w.preview.note.Text != japanesePreview.NotInRecord || sess.Edits() != edits {
		t.Fatalf("a foreign line: note %q, record changed %v", w.preview.note.Text, sess.Edits() != edits)
	}
}

// The 詰み探索 answer for a position with no moves yet, added with 変化として追加, is the
// record's line: the record view lists it and its forward buttons step into it (the list
// showed 開始局面 alone, with → disabled, though the status line counted the moves).
func TestPVPreviewAddedAtTheEndShowsInTheRecord(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	p := openPreview(t, w, "", "7g7f", "3c3d", "8h2b+")
	tapButton(t, p.win.Content(), japanesePreview.AddVariation)
	v := w.record
	if len(v.line) != 4 || v.list.Length() != 4 {
		t.Fatalf("the record view lists %d rows (line %d), want 開始局面 and 3 moves", v.list.Length(), len(v.line))
	}
	if v.next.Disabled() || v.last.Disabled() {
		t.Fatal("the record's forward buttons are disabled")
	}
	test.Tap(v.last)
	if w.Session().Ply() != 3 {
		t.Fatalf("the last-move button went to ply %d", w.Session().Ply())
	}
}

// 棋譜コメントに挿入 writes ShogiHome's think-comment lines, which a KIF written and read
// again gives back: the score, the line and the engine; an engine's second think replaces
// its first, and people's words stay.
func TestPVPreviewInsertsACommentShogiHomeReadsBack(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	sess := w.Session()
	play(t, w, "7g7f")
	sess.SetComment("序盤の要所")
	root := sess.Position()
	pv := usiLine(t, root, "3c3d", "2g2f")
	think := kifu.ThinkComment{Engine: "Fairy-Stockfish", Score: -42, HasScore: true, Depth: 12}
	w.openPVPreviewThink(root, pv, think, "")
	tapButton(t, w.preview.win.Content(), japanesePreview.InsertComment)
	want := "序盤の要所\n\n#評価値=-42\n#読み筋=△３四歩▲２六歩\n#深さ=12\n#エンジン=Fairy-Stockfish"
	if sess.Comment() != want {
		t.Fatalf("the comment reads %q, want %q", sess.Comment(), want)
	}
	if w.record.comment.Text != want {
		t.Fatal("the comment box does not show the new comment")
	}
	// the engine thinks again: its think is replaced, not doubled
	think.Score = -60
	w.openPVPreviewThink(root, pv, think, "")
	tapButton(t, w.preview.win.Content(), japanesePreview.InsertComment)
	if strings.Count(sess.Comment(), "#評価値=") != 1 || !strings.Contains(sess.Comment(), "#評価値=-60") {
		t.Fatalf("a second think of the same engine: %q", sess.Comment())
	}

	var buf bytes.Buffer
	if err := kifu.Write(&buf, sess.Record(), kifu.KIF, kifu.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "*#評価値=-60\n*#読み筋=△３四歩▲２六歩\n") {
		t.Fatalf("the KIF does not carry the think as ShogiHome writes it:\n%s", buf.String())
	}
	back, _, err := kifu.Read(buf.Bytes(), "x.kif")
	if err != nil {
		t.Fatal(err)
	}
	n := back.MainLine()[0]
	th := back.ThinkComments(n)
	if len(th) != 1 || !th[0].Analysis || th[0].Score != -60 || th[0].Engine != "Fairy-Stockfish" || th[0].Depth != 12 || len(th[0].PV) != 2 || th[0].PV[0] != pv[0] || th[0].PV[1] != pv[1] {
		t.Fatalf("read back: %+v", th)
	}
}

// A 読み筋 written in a comment is a link under it; a click opens the preview of that line
// from the comment's position.
func TestPVPreviewOpensFromAReadingInAComment(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	play(t, w, "7g7f")
	w.Session().SetComment("ここは\n#評価値=50\n#読み筋=△３四歩▲２六歩△８四歩\n#エンジン=E")
	links := widgetsIn[*widget.Hyperlink](w.record)
	if len(links) != 1 || links[0].Text != "▶ 読み筋 (評価値 +50) △３四歩▲２六歩△８四歩" {
		var texts []string
		for _, l := range links {
			texts = append(texts, l.Text)
		}
		t.Fatalf("the links under the comment: %q", texts)
	}
	test.TapAt(links[0], fyne.NewPos(24, links[0].Size().Height/2))
	p := w.preview
	if p == nil {
		t.Fatal("the link opened no preview")
	}
	if p.root.SFEN() != w.Session().Position().SFEN() || p.moves.String() != "△３四歩 ▲２六歩 △８四歩" {
		t.Fatalf("the preview shows %q from %s", p.moves.String(), p.root.SFEN())
	}
	if !strings.Contains(p.header.Text, "E") || !strings.Contains(p.header.Text, "評価値 +50") {
		t.Fatalf("the heading reads %q", p.header.Text)
	}
	// a comment without a 読み筋 has no link
	w.Session().SetComment("ただのコメント")
	if n := len(widgetsIn[*widget.Hyperlink](w.record)); n != 0 {
		t.Fatalf("%d links under a comment with no 読み筋", n)
	}
}

// The 詰み探索 answer, with a futile interposition left out as tsume solvers do, previews
// (saying so), is added as a variation, and goes into the comment as a mate.
func TestPVPreviewTakesAMateLine(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	root, err := board.ParseSFEN("8k/6G2/7S1/9/9/9/9/9/K8 b Rg 1")
	if err != nil {
		t.Fatal(err)
	}
	w.Session().Reset(root)
	p := openPreview(t, w, "詰み 1手", "R*1i")
	if !strings.Contains(p.header.Text, japanesePreview.FutileOmitted) {
		t.Fatalf("the heading %q does not say futile interpositions were left out", p.header.Text)
	}
	if !p.think.HasMate || p.think.Mate != (kifu.Mate{Winner: board.Black, Plies: 1}) {
		t.Fatalf("the think of a mate line: %+v", p.think)
	}
	tapButton(t, p.win.Content(), japanesePreview.AddVariation)
	tapButton(t, p.win.Content(), japanesePreview.InsertComment)
	root0 := w.Session().Record().Root
	if len(root0.Children()) != 1 || root0.Children()[0].Move != p.pv[0] {
		t.Fatal("the mate line was not added")
	}
	if c := w.Session().Comment(); c != "#詰み=先手勝ち:1手\n#読み筋=▲１九飛" {
		t.Fatalf("the comment reads %q", c)
	}
}

// A line the bundled engine studies is clicked, previewed and added as a variation, and its
// score goes into the comment with the engine's name; openPVPreview, given the moves alone,
// finds the score among the study's lines.
func TestPVPreviewOfARealStudyLine(t *testing.T) {
	w, q := studyWindow(t)
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(10)
	w.study.start([]engine.Definition{{Name: engine.BundledName, Path: bundledEngine(t)}}, 2)
	root := w.Session().Position()
	line := func() (string, usiclient.Line, bool) {
		for _, v := range w.study.run.runner.Views() {
			if v.Root == nil || v.Root.SFEN() != root.SFEN() {
				continue
			}
			for _, l := range v.Lines {
				if len(l.PV) >= 4 {
					return v.Engine, l, true
				}
			}
		}
		return "", usiclient.Line{}, false
	}
	// the engine may replace its line between two looks: look again until the moves the
	// preview got are those of a line it still has
	waitUntil(t, q, "a line of 4 moves, found again by openPVPreview", func() bool {
		_, l, ok := line()
		if !ok {
			return false
		}
		w.openPVPreview(root, l.PV, "")
		return w.preview.think.Engine == engine.BundledName && (w.preview.think.HasScore || w.preview.think.HasMate)
	})
	name, l, _ := line()
	w.openEngineLine(root, name, l, "")
	p := w.preview
	if len(p.pv) != len(l.PV) || p.think.Engine != name || p.think.Depth != l.Depth {
		t.Fatalf("the preview of a study line: %d of %d moves, think %+v", len(p.pv), len(l.PV), p.think)
	}
	previewKey(p, fyne.KeyEnd)
	tapButton(t, p.win.Content(), japanesePreview.AddVariation)
	n := w.Session().Node()
	for _, m := range l.PV {
		n = n.ChildWithMove(m)
		if n == nil {
			t.Fatalf("the record does not hold the line %v", l.PV)
		}
	}
	tapButton(t, p.win.Content(), japanesePreview.InsertComment)
	th := w.Session().Record().ThinkComments(w.Session().Node())
	if len(th) != 1 || th[0].Engine != name || len(th[0].PV) != len(l.PV) || th[0].HasScore != p.think.HasScore || th[0].Score != p.think.Score {
		t.Fatalf("the comment %q reads back as %+v", w.Session().Comment(), th)
	}
}

// tapButton taps the button with the label among o's descendants.
func tapButton(t *testing.T, o fyne.CanvasObject, label string) {
	t.Helper()
	b := buttonIn(o, label)
	if b == nil {
		t.Fatalf("no button %q", label)
	}
	test.Tap(b)
}

// The master image of the preview: a study line at its second move, in the light theme.
func TestPVPreviewImage(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	newTestAppThemeLight(w)
	openRecord(t, w, meijinKIF)
	w.Session().GoTo(4)
	p := openPreview(t, w, "banmen-engine  評価値 +84  深さ 12", "2f2e", "8d8e", "6i7h", "8e8f", "8g8f", "8b8f")
	previewKey(p, fyne.KeyRight)
	previewKey(p, fyne.KeyRight)
	assertMatchesMaster(t, "pvpreview.png", p.win.Canvas().Capture())
}

// The bundled engine's 詰み探索 answer, which leaves out the futile interpositions on the
// bishop's long diagonal, previews and is added as a variation.
func TestPVPreviewOfARealMateAnswer(t *testing.T) {
	w, _ := studyWindow(t)
	pos, err := board.ParseSFEN("k8/9/1K7/9/9/9/8B/8B/9 b 2r4g4s4n4l18p 1")
	if err != nil {
		t.Fatal(err)
	}
	w.Session().Reset(pos)
	r := mate.Start(w.study.mgr, engine.Definition{Name: engine.BundledName, Path: bundledEngine(t)}, pos, engineDeadline)
	select {
	case <-r.Done():
	case <-time.After(2 * engineDeadline):
		t.Fatal("the mate search did not end")
	}
	res, _ := r.Result()
	if res.Status != mate.Found || !res.FutileOmitted {
		t.Fatalf("the engine's answer: %v", res)
	}
	w.openPVPreview(pos, res.Moves, "")
	p := w.preview
	if !strings.Contains(p.header.Text, japanesePreview.FutileOmitted) || !p.think.HasMate || p.think.Mate.Winner != board.Black {
		t.Fatalf("heading %q, think %+v", p.header.Text, p.think)
	}
	tapButton(t, p.win.Content(), japanesePreview.AddVariation)
	n := w.Session().Record().Root
	for _, m := range res.Moves {
		if n = n.ChildWithMove(m); n == nil {
			t.Fatal("the mate line was not added")
		}
	}
}

// A 棋譜解析's candidate (MultiPV 2 and more) keeps its score under keys of its own, so as
// not to be taken for the position's; its link and the preview's heading still show it.
func TestPVPreviewOfACandidateShowsItsScore(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	play(t, w, "7g7f")
	w.Session().SetComment("#評価値=50\n#読み筋=△３四歩\n#エンジン=E\n\n#読み筋=△８四歩▲２六歩\n#エンジン=E\n#候補=2\n#候補評価値=-30")
	var texts []string
	links := widgetsIn[*widget.Hyperlink](w.record)
	for _, l := range links {
		texts = append(texts, l.Text)
	}
	want := []string{"▶ 読み筋 (評価値 +50) △３四歩", "▶ 読み筋 (評価値 -30) △８四歩▲２六歩"}
	if !slices.Equal(texts, want) {
		t.Fatalf("the links under the comment: %q, want %q", texts, want)
	}
	test.TapAt(links[1], fyne.NewPos(24, links[1].Size().Height/2))
	if p := w.preview; p == nil || !strings.Contains(p.header.Text, "評価値 -30") {
		t.Fatalf("the candidate's preview: %+v", p)
	}
}
