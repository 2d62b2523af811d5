package ui

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/book"
)

// bookRows is what the 定跡 tab lists: each move's text and its information.
func bookRows(w *MainWindow) []string {
	var out []string
	for _, r := range w.book.view.rows {
		out = append(out, r.text+" "+r.info)
	}
	return out
}

// The 定跡 menu as a user meets it: the record's main line counted into a new book, its moves
// shown for the position on the board, one played by a tap and one taken out, the book saved
// and read back, a book with a bad line opened (the line named), and the changes asked about
// when the window closes.
func TestBookFromTheMenu(t *testing.T) {
	w, d := windowUnderTest(t, windowOpts{})
	q := &uiQueue{}
	w.study.do = q.post
	bt := w.bookText()
	openRecord(t, w, meijinKIF)
	item := func(label string) *fyne.MenuItem { t.Helper(); return mustMenuItem(t, w, label) }
	if !item(bt.Save).Disabled || !item(bt.Close).Disabled {
		t.Error("保存 and 閉じる are enabled with no book open")
	}
	if !strings.Contains(w.book.view.title.Text, bt.NoBook) {
		t.Errorf("the tab says %q with no book", w.book.view.title.Text)
	}

	item(bt.AddRecord).Action()
	plies := widgetsIn[*dialogEntry](w.Window().Canvas().Overlays().Top())
	if len(plies) != 1 || plies[0].Text != "30" {
		t.Fatalf("the dialog's entries: %d", len(plies))
	}
	plies[0].SetText("0")
	tapDialogButton(t, w, bt.Add)
	if !dialogOpen(w) || w.book.b != nil {
		t.Fatal("0 moves was taken")
	}
	plies[0].SetText("10")
	tapDialogButton(t, w, bt.Add)
	if w.book.b == nil || w.book.b.Positions() != 10 || !w.book.dirty {
		t.Fatalf("after adding 10 moves: %+v", w.book)
	}
	if w.tabs.Title(w.tabs.Selected()) != bt.Tab {
		t.Error("the 定跡 tab is not shown after adding")
	}
	if item(bt.Save).Disabled {
		t.Error("保存 is disabled with a book open")
	}
	if got := bookRows(w); len(got) != 1 || got[0] != "▲７六歩 1 回" {
		t.Errorf("at the start the tab lists %q", got)
	}
	// a tap plays the move
	w.book.view.list.Select(0)
	if w.Session().Ply() != 1 || w.Session().Node().Move.USI() != "7g7f" {
		t.Fatalf("after the tap: ply %d", w.Session().Ply())
	}
	if got := bookRows(w); len(got) != 1 || !strings.HasPrefix(got[0], "△８四歩") {
		t.Errorf("after 7g7f the tab lists %q", got)
	}
	// the × takes the move out of the book
	dels := widgetsIn[*widget.Button](w.book.view)
	if len(dels) == 0 {
		t.Fatal("no × beside the book's move")
	}
	test.Tap(dels[0])
	if got := bookRows(w); len(got) != 0 || w.book.view.empty.Text != bt.NoMoves || !w.book.view.empty.Visible() {
		t.Errorf("after the removal the tab lists %q and says %q", got, w.book.view.empty.Text)
	}

	// a new book's question on closing offers to save it under a name, not over a file
	w.RequestClose()
	if w.lastShown.title != bt.SaveChangesTitle || dialogButtonIn(w.Window().Canvas().Overlays().Top(), w.msg.SaveAs) == nil ||
		dialogButtonIn(w.Window().Canvas().Overlays().Top(), w.msg.Save) != nil {
		t.Errorf("closing with a new book: %q", w.lastShown.title)
	}
	tapDialogButton(t, w, w.msg.Cancel)

	// saved, and read back the same
	path := filepath.Join(t.TempDir(), "mine")
	d.save = path
	item(bt.Save).Action() // a new book: asks where
	q.drain()
	if w.book.dirty || w.book.path != path+".db" {
		t.Fatalf("after saving: dirty %v, path %q", w.book.dirty, w.book.path)
	}
	data, err := os.ReadFile(path + ".db")
	if err != nil {
		t.Fatal(err)
	}
	back, warns, err := book.Read(data, "mine.db")
	if err != nil || len(warns) != 0 || back.Positions() != 9 {
		t.Fatalf("read back: %v %v, %d positions", err, warns, back.Positions())
	}
	if !strings.Contains(w.book.view.title.Text, "mine.db") || strings.Contains(w.book.view.title.Text, bt.ChangedMark) {
		t.Errorf("the tab's title after saving: %q", w.book.view.title.Text)
	}

	// a book with a line that is not a move of its position
	bad := filepath.Join(t.TempDir(), "bad.db")
	os.WriteFile(bad, []byte(book.Header+"\nsfen "+book.Key(board.NewStartPosition())+" 1\n#平手\n7g7f none 10 5 3\n9a9b none 0 0 1\n"), 0o644)
	d.open = bad
	item(bt.Open).Action()
	waitUntil(t, q, "the book read", func() bool { return w.book.path == bad })
	if w.book.path != bad || w.lastShown.title != bt.OpenTitle || !strings.Contains(w.lastShown.text, "line 5") {
		t.Fatalf("opening bad.db: path %q, said %q %q", w.book.path, w.lastShown.title, w.lastShown.text)
	}
	tapDialogButton(t, w, w.msg.Close)
	w.Session().First()
	if got := bookRows(w); len(got) != 1 || got[0] != "▲７六歩 評価値 +10　深さ 5　3 回" || w.book.view.empty.Text != "平手" {
		t.Errorf("bad.db at the start: %q, %q", got, w.book.view.empty.Text)
	}

	// a change of language keeps the book
	w.SetLanguage("en")
	if w.book.path != bad || w.tabs.Title(2) != englishBook.Tab || len(bookRows(w)) != 1 {
		t.Errorf("after the change of language: %q, tab %q", w.book.path, w.tabs.Title(2))
	}
	bt = w.bookText()

	// unsaved changes are asked about when the window closes
	w.book.removeMove(w.Session().Node().Children()[0].Move)
	w.RequestClose()
	if w.lastShown.title != bt.SaveChangesTitle || w.closing {
		t.Fatalf("closing with an unsaved book: %q, closing %v", w.lastShown.title, w.closing)
	}
	tapDialogButton(t, w, w.msg.Cancel)
	if w.closing || w.book.b == nil {
		t.Fatal("キャンセル closed the window or the book")
	}
	w.RequestClose()
	tapDialogButton(t, w, bt.DontSave)
	if !w.closing {
		t.Error("保存しない did not close the window")
	}
	if data2, _ := os.ReadFile(bad); !strings.Contains(string(data2), "9a9b") {
		t.Error("the book was written though the user said not to")
	}
}

// A folder of games counted into the book: the records read, the one that is no record
// named in the summary.
func TestBookAddsAFolder(t *testing.T) {
	in := convertFolder(t)
	// a game lost by an illegal last move, not recorded so: added up to the move before it, and told
	os.WriteFile(filepath.Join(in, "lastmove.kif"), []byte("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ９四歩(93)\n   5 ７七玉(68)\n"), 0o644)
	w, _ := windowUnderTest(t, windowOpts{})
	q := &uiQueue{}
	w.study.do = q.post
	bt := w.bookText()
	menuItemNamed(w, bt.AddFolder).Action()
	e := widgetsIn[*dialogEntry](w.Window().Canvas().Overlays().Top())
	if len(e) != 2 {
		t.Fatalf("%d entries, want 2 (folder, moves)", len(e))
	}
	e[0].SetText(in)
	e[1].SetText("6")
	tapDialogButton(t, w, bt.Add)
	waitUntil(t, q, "the summary", func() bool { return w.lastShown.title == bt.AddFolderTitle && w.lastShown.text != "" })
	if !strings.Contains(w.lastShown.text, "broken.kif") || !strings.Contains(w.lastShown.text, "4 / 5") ||
		!strings.Contains(w.lastShown.text, "lastmove.kif: 読み込み時の注意 1 件") {
		t.Errorf("the summary: %q", w.lastShown.text)
	}
	if w.book.b == nil || w.book.b.Positions() < 6 {
		t.Fatalf("the book after the folder: %+v", w.book.b)
	}
	if w.book.view.title.Text == "" || len(w.book.view.rows) == 0 {
		t.Error("the tab shows no move at the start")
	}
}

// The ＋ of the 定跡 tab (and its menu item) counts the record's next move into the book, a new
// book when none is open; at the end of the record it says there is none.
func TestBookAddsTheNextMove(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	bt := w.bookText()
	openRecord(t, w, meijinKIF)
	menuItemNamed(w, bt.AddNext).Action()
	if w.book.b == nil || w.book.b.Positions() != 1 || !strings.Contains(w.status.Text, "▲７六歩") || !strings.Contains(w.status.Text, "1") {
		t.Fatalf("after adding the next move: %v, status %q", w.book.b, w.status.Text)
	}
	test.Tap(w.book.view.addNext)
	if got := bookRows(w); len(got) != 1 || got[0] != "▲７六歩 2 回" {
		t.Errorf("after the ＋: %q", got)
	}
	w.Session().Last()
	test.Tap(w.book.view.addNext)
	if w.status.Text != bt.NoNextMove || w.book.b.Positions() != 1 {
		t.Errorf("at the end: status %q, %d positions", w.status.Text, w.book.b.Positions())
	}
}

// A large book is searched on disk and shown read-only; an unsorted one is read whole.
func TestBookLargeIsSearchedOnDisk(t *testing.T) {
	before := bookOnDisk
	bookOnDisk = 256
	t.Cleanup(func() { bookOnDisk = before })
	b := book.New()
	for _, line := range []string{"7g7f 3c3d 2g2f", "2g2f 8c8d 2f2e", "5g5f 5c5d"} {
		p := board.NewStartPosition()
		for _, u := range strings.Fields(line) {
			m, _ := p.ParseMove(u)
			b.Add(p, m)
			p.Do(m)
		}
	}
	var text strings.Builder
	b.Write(&text)
	path := filepath.Join(t.TempDir(), "large.db")
	os.WriteFile(path, []byte(text.String()), 0o644)

	w, d := windowUnderTest(t, windowOpts{})
	q := &uiQueue{}
	w.study.do = q.post
	bt := w.bookText()
	d.open = path
	menuItemNamed(w, bt.Open).Action()
	waitUntil(t, q, "the book opened", func() bool { return w.book.file != nil })
	if !strings.Contains(w.book.view.title.Text, "large.db") || w.book.view.title.Text != fmt.Sprintf(bt.OnDiskF, "large.db") {
		t.Errorf("the title: %q", w.book.view.title.Text)
	}
	if got := bookRows(w); len(got) != 3 {
		t.Errorf("at the start: %q", got)
	}
	if !menuItemNamed(w, bt.Save).Disabled || menuItemNamed(w, bt.Close).Disabled {
		t.Error("保存 enabled, or 閉じる disabled, for a book on disk")
	}
	w.book.removeMove(w.book.view.rows[0].move)
	if w.status.Text != bt.ReadOnly || len(bookRows(w)) != 3 {
		t.Errorf("removing from the book on disk: %q, %d rows", w.status.Text, len(bookRows(w)))
	}
	w.playMove(mustMove(t, w, "7g7f"))
	if got := bookRows(w); len(got) != 1 || !strings.HasPrefix(got[0], "△３四歩") {
		t.Errorf("after 7g7f: %q", got)
	}
	menuItemNamed(w, bt.Close).Action()
	if w.book.file != nil || w.book.view.title.Text != bt.NoBook {
		t.Errorf("after closing: %v %q", w.book.file, w.book.view.title.Text)
	}
	// out of order: read whole
	unsorted := filepath.Join(t.TempDir(), "unsorted.db")
	lines := strings.Split(strings.TrimSpace(text.String()), "\n")
	var rev []string
	rev = append(rev, lines[0])
	// the entries in reverse order
	var entries [][]string
	for _, l := range lines[1:] {
		if strings.HasPrefix(l, "sfen ") {
			entries = append(entries, nil)
		}
		entries[len(entries)-1] = append(entries[len(entries)-1], l)
	}
	for i := len(entries) - 1; i >= 0; i-- {
		rev = append(rev, entries[i]...)
	}
	os.WriteFile(unsorted, []byte(strings.Join(rev, "\n")+"\n"), 0o644)
	d.open = unsorted
	menuItemNamed(w, bt.Open).Action()
	waitUntil(t, q, "the unsorted book read", func() bool { return w.book.b != nil })
	if w.book.file != nil || w.book.b.Positions() != b.Positions() {
		t.Errorf("the unsorted book: file %v, %d positions", w.book.file, w.book.b.Positions())
	}
}

func mustMove(t *testing.T, w *MainWindow, usi string) board.Move {
	t.Helper()
	m, err := w.Session().Position().ParseMove(usi)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
