package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/book"
	"banmen/internal/atomicfile"
	"banmen/kifu"
	"banmen/kifu/recordfile"
)

// 定跡 (the opening book) in the window, as ShogiHome's 定跡 panel: a book in YaneuraOu's DB2016
// format (package book) opened from the 定跡 menu, its moves for the position on the board
// in the 定跡 tab beside the record (a tap plays one, its × takes it out of the book), the
// main lines of the record or of a folder of records counted into it, and saved atomically;
// a book with unsaved changes is asked about before it is closed, replaced or the window
// closes.

// bookText holds the book's texts in one language. Fields ending in F are fmt formats.
type bookText struct {
	Menu, Tab, Open, New, Save, SaveAs, AddRecord, AddFolder, Close, OpenTitle, SaveTitle   string
	NoBook, NoMoves, UntitledBook, ChangedMark, PositionsF, ScoreF, DepthF, CountF, Plies   string
	AddTitle, AddFolderTitle, Add, Cancel, BadPliesF, AddedF, FolderAddedF, SkippedF, MoreF string
	ReadErrorF, WarningsF, SaveErrorF, SaveChangesF, SaveChangesTitle, DontSave, Folder     string
	NoRecordsF, ReadingF, AddNext, NoNextMove, AddedMoveF, AddNextShort, OnDiskF, ReadOnly  string
}

var japaneseBook = bookText{
	Menu: "定跡", Tab: "定跡", Open: "定跡ファイルを開く…", New: "新しい定跡", Save: "定跡を上書き保存",
	SaveAs: "定跡に名前を付けて保存…", AddRecord: "棋譜の本譜を定跡に追加…", AddFolder: "フォルダの棋譜を定跡に追加…",
	Close: "定跡を閉じる", OpenTitle: "定跡ファイルを開く", SaveTitle: "定跡を保存",
	NoBook:  "定跡ファイルが開かれていません。「定跡」メニューから開くか、新しく作ります。",
	NoMoves: "この局面の定跡手はありません", UntitledBook: "新しい定跡", ChangedMark: "（未保存の変更あり）",
	PositionsF: "%s　%d 局面", ScoreF: "評価値 %+d", DepthF: "深さ %d", CountF: "%d 回", Plies: "追加する手数",
	AddTitle: "棋譜の本譜を定跡に追加", AddFolderTitle: "フォルダの棋譜を定跡に追加", Add: "追加", Cancel: "キャンセル",
	BadPliesF: "手数は 1 以上の整数にしてください（%q）", AddedF: "%d 手を定跡に追加しました",
	FolderAddedF: "%d / %d 局の棋譜から %d 手を定跡に追加しました", SkippedF: "%s を飛ばしました: %v", MoreF: "…ほか %d 件",
	ReadErrorF: "定跡ファイル %s を読み込めませんでした", WarningsF: "%s を読み込みました。次の行は読み込めなかったため除きました:",
	SaveErrorF: "定跡を %s に保存できませんでした", SaveChangesF: "定跡「%s」の変更を保存しますか？",
	SaveChangesTitle: "定跡の変更", DontSave: "保存しない", Folder: "棋譜のフォルダ",
	NoRecordsF: "%s に棋譜ファイルがありません", ReadingF: "%s を読み込んでいます…",
	AddNext: "棋譜の次の手を定跡に追加", NoNextMove: "この局面の次の手が棋譜にありません", AddedMoveF: "%s を定跡に追加しました（%d 回）",
	AddNextShort: "次の手を追加", OnDiskF: "%s（大きな定跡: ディスク上で検索、読み取り専用）",
	ReadOnly: "大きな定跡はディスク上で検索しているため編集できません",
}

var englishBook = bookText{
	Menu: "Book", Tab: "Book", Open: "Open Book…", New: "New Book", Save: "Save Book", SaveAs: "Save Book As…",
	AddRecord: "Add the Game's Main Line to the Book…", AddFolder: "Add a Folder of Games to the Book…",
	Close: "Close Book", OpenTitle: "Open a book", SaveTitle: "Save the book",
	NoBook:  "No book is open. Open one or make a new one from the Book menu.",
	NoMoves: "The book has no move for this position", UntitledBook: "New book", ChangedMark: " (unsaved changes)",
	PositionsF: "%s, %d positions", ScoreF: "score %+d", DepthF: "depth %d", CountF: "%d×", Plies: "Moves to add",
	AddTitle: "Add the game's main line to the book", AddFolderTitle: "Add a folder of games to the book",
	Add: "Add", Cancel: "Cancel", BadPliesF: "The number of moves must be a whole number of at least 1 (%q)",
	AddedF: "%d moves added to the book", FolderAddedF: "%d of %d games added to the book: %d moves",
	SkippedF: "%s skipped: %v", MoreF: "… and %d more",
	ReadErrorF: "The book %s could not be read", WarningsF: "%s was read. These lines could not be read and were left out:",
	SaveErrorF: "The book could not be saved to %s", SaveChangesF: "Save the changes to the book %q?",
	SaveChangesTitle: "Unsaved book", DontSave: "Don't Save", Folder: "Records folder",
	NoRecordsF: "%s holds no records", ReadingF: "Reading %s…",
	AddNext: "Add the Game's Next Move to the Book", NoNextMove: "The game has no next move here", AddedMoveF: "%s added to the book (%d×)",
	AddNextShort: "Add Next Move", OnDiskF: "%s (a large book: searched on disk, read-only)",
	ReadOnly: "A large book is searched on disk and cannot be edited here",
}

func (w *MainWindow) bookText() *bookText {
	if w.msg == MessagesFor(English) {
		return &englishBook
	}
	return &japaneseBook
}

// bookOnDisk is the size from which a book is searched on disk (book.FileBook, read-only here)
// instead of read whole (a variable for tests).
var bookOnDisk int64 = 64 << 20

// The preferences of the book's dialogs.
const (
	prefBookPlies  = "bookPlies"
	prefBookFolder = "bookFolder"
	defBookPlies   = 30
)

// bookCtl is the window's book. Its fields belong to the Fyne goroutine.
type bookCtl struct {
	w *MainWindow
	b *book.Book // nil: none is open (or file is)
	// file is a book too large to read whole, searched on disk and not edited (bookOnDisk)
	file  *book.FileBook
	path  string // "" until a new book is saved
	dirty bool
	view  *bookView
	tab   int // the 定跡 tab's index in the window's tabs
	// loading counts the books asked to be read: a book read after another was asked for, or
	// one made or closed, is not shown
	loading int
	reading string // the book being read, if any
}

// newView makes the 定跡 tab in the window's language (again after a change of language: the
// book stays).
func (c *bookCtl) newView() {
	c.view = newBookView(c.w.bookText(), c.play, c.removeMove, c.addNext)
	c.show()
}

// play plays a move of the book on the board, as a click on the board would.
func (c *bookCtl) play(m board.Move) {
	if c.w.editor == nil {
		c.w.playMove(m)
	}
}

// name is the book's file name, or 新しい定跡.
func (c *bookCtl) name() string {
	if c.path == "" {
		return c.w.bookText().UntitledBook
	}
	return filepath.Base(c.path)
}

// show shows the book's moves for the position on the board.
func (c *bookCtl) show() {
	bt := c.w.bookText()
	if c.b == nil && c.file == nil {
		if c.reading != "" {
			c.view.set(fmt.Sprintf(bt.ReadingF, filepath.Base(c.reading)), nil, "")
		} else {
			c.view.set(bt.NoBook, nil, "")
		}
		return
	}
	p := c.w.sess.Position()
	var title string
	var e *book.Entry
	if c.file != nil {
		title = fmt.Sprintf(bt.OnDiskF, c.name())
		var err error
		if e, _, err = c.file.Lookup(p); err != nil {
			c.w.setStatus(err.Error())
		}
	} else {
		title = fmt.Sprintf(bt.PositionsF, c.name(), c.b.Positions())
		if c.dirty {
			title += bt.ChangedMark
		}
		e = c.b.Lookup(p)
	}
	var rows []bookRow
	if e != nil {
		for _, m := range e.Moves {
			text := c.moveText(p, m.Move)
			var info []string
			if m.HasScore {
				info = append(info, fmt.Sprintf(bt.ScoreF, m.Score))
			}
			if m.HasDepth {
				info = append(info, fmt.Sprintf(bt.DepthF, m.Depth))
			}
			if m.Count > 0 {
				info = append(info, fmt.Sprintf(bt.CountF, m.Count))
			}
			if m.Comment != "" {
				first, _, _ := strings.Cut(m.Comment, "\n")
				info = append(info, first)
			}
			rows = append(rows, bookRow{move: m.Move, text: text, info: strings.Join(info, "　")})
		}
	}
	empty := ""
	if len(rows) == 0 {
		empty = bt.NoMoves
	} else if e.Comment != "" {
		empty = e.Comment // the position's own comment, where the book has one
	}
	c.view.set(title, rows, empty)
}

// addNext counts the record's next move from the position on the board into the book (a new
// book when none is open).
func (c *bookCtl) addNext() {
	w := c.w
	bt := w.bookText()
	next := w.sess.Node().Next()
	p := w.sess.Position()
	if c.readOnly() {
		return
	}
	if w.editor != nil || next == nil || next.IsSpecial() || !p.IsLegal(next.Move) {
		w.setStatus(bt.NoNextMove)
		return
	}
	c.ensure()
	n := c.b.Add(p, next.Move)
	c.changed()
	w.setStatus(fmt.Sprintf(bt.AddedMoveF, c.moveText(p, next.Move), n))
}

// moveText writes m, a move of the position on the board p, as the record does.
func (c *bookCtl) moveText(p *board.Position, m board.Move) string {
	lastTo := board.NoSquare
	if last := c.w.shownLastMove(); last != board.NoMove {
		lastTo = last.To()
	}
	return playedText(p, m, lastTo, c.w.settings.WesternNotation())
}

// changed marks the book changed and shows it again.
func (c *bookCtl) changed() {
	c.dirty = true
	c.show()
}

// readOnly says so, and reports it, when the book open is searched on disk: it is not edited.
func (c *bookCtl) readOnly() bool {
	if c.file == nil {
		return false
	}
	c.w.setStatus(c.w.bookText().ReadOnly)
	return true
}

// closeFile closes a book searched on disk.
func (c *bookCtl) closeFile() {
	if c.file != nil {
		c.file.Close()
		c.file = nil
	}
}

func (c *bookCtl) removeMove(m board.Move) {
	if c.readOnly() {
		return
	}
	if c.b != nil && c.b.Remove(c.w.sess.Position(), m) {
		c.changed()
	}
}

// confirmDiscard asks what to do with unsaved changes of the book, then runs then (unless
// cancelled).
func (c *bookCtl) confirmDiscard(then func()) {
	if c.b == nil || !c.dirty {
		then()
		return
	}
	w := c.w
	bt := w.bookText()
	text := fmt.Sprintf(bt.SaveChangesF, c.name())
	var d *plainDialog
	label := w.msg.Save // 上書き保存; a new book is asked a name
	if c.path == "" {
		label = w.msg.SaveAs
	}
	save := newPlainButton(label, true, func() { d.Hide(); c.save(false, then) })
	dont := newPlainButton(bt.DontSave, false, func() { d.Hide(); then() })
	cancel := newPlainButton(w.msg.Cancel, false, func() { d.Hide() }).cancels()
	d = newPlainDialog(bt.SaveChangesTitle, messageContent(text), []*plainButton{cancel, dont, save}, w.win)
	w.lastShown = shownDialog{bt.SaveChangesTitle, text, d}
	d.Show()
}

// open asks for a book file and opens it.
func (c *bookCtl) open() {
	c.confirmDiscard(func() {
		w := c.w
		w.opts.Async(func() {
			path, err := w.opts.Dialogs.OpenFile(w.bookText().OpenTitle, []string{"db"})
			w.study.post(func() {
				if err != nil {
					w.showError(w.bookText().OpenTitle, err.Error(), "")
					return
				}
				if path != "" {
					c.openFile(path)
				}
			})
		})
	})
}

// openFile reads the book in path off the Fyne goroutine (a book of a million positions
// takes seconds) and shows it; what could not be read is said. Another book opened, made or
// closed meanwhile wins.
func (c *bookCtl) openFile(path string) {
	w := c.w
	c.loading++
	token := c.loading
	// the book shown before is gone (its changes were asked about): nothing is added to it
	// while the new one is read
	c.closeFile()
	c.b, c.path, c.dirty, c.reading = nil, "", false, path
	w.win.SetMainMenu(w.buildMenu())
	c.show()
	go func() {
		if st, err := os.Stat(path); err == nil && st.Size() >= bookOnDisk {
			fb, err := book.OpenFile(path)
			if err == nil || !errors.Is(err, book.ErrUnsorted) {
				w.study.post(func() {
					if token != c.loading || w.closing {
						if fb != nil {
							fb.Close()
						}
						return
					}
					c.reading = ""
					if err != nil {
						c.loaded(path, nil, nil, err)
						return
					}
					c.file, c.path, c.dirty = fb, path, false
					c.opened()
				})
				return
			}
			// not in order: read whole
		}
		data, err := os.ReadFile(path)
		var b *book.Book
		var warns []book.Warning
		if err == nil {
			b, warns, err = book.Read(data, filepath.Base(path))
		}
		w.study.post(func() {
			if token != c.loading || w.closing {
				return
			}
			c.reading = ""
			c.loaded(path, b, warns, err)
		})
	}()
}

// loaded shows the book read from path, or says why it could not be read.
func (c *bookCtl) loaded(path string, b *book.Book, warns []book.Warning, err error) {
	w := c.w
	bt := w.bookText()
	if err != nil {
		c.show()
		w.showError(bt.OpenTitle, fmt.Sprintf(bt.ReadErrorF, path), err.Error())
		return
	}
	c.b, c.path, c.dirty = b, path, false
	c.opened()
	if len(warns) > 0 {
		var lines []string
		for _, wr := range warns {
			lines = append(lines, wr.String())
		}
		lines = append([]string{fmt.Sprintf(bt.WarningsF, filepath.Base(path))}, capLines(lines, bt.MoreF)...)
		w.showMessage(bt.OpenTitle, strings.Join(lines, "\n"))
	}
}

// newBook starts an empty book.
func (c *bookCtl) newBook() {
	c.confirmDiscard(func() {
		c.loading++
		c.closeFile()
		c.b, c.path, c.dirty, c.reading = book.New(), "", false, ""
		c.opened()
	})
}

// closeBook closes the book, asking about its changes.
func (c *bookCtl) closeBook() {
	c.confirmDiscard(func() {
		c.loading++
		c.closeFile()
		c.b, c.path, c.dirty, c.reading = nil, "", false, ""
		c.show()
		c.w.win.SetMainMenu(c.w.buildMenu())
	})
}

// save writes the book to its file, or asks for one (as, or a new book); then runs after a
// successful save.
func (c *bookCtl) save(as bool, then func()) {
	if c.b == nil {
		return
	}
	w := c.w
	if c.path != "" && !as {
		c.writeTo(c.path, then)
		return
	}
	suggested := c.path
	if suggested == "" {
		suggested = "book.db"
		if p := w.sess.Path(); p != "" {
			suggested = filepath.Join(filepath.Dir(p), "book.db")
		}
	}
	w.opts.Async(func() {
		path, err := w.opts.Dialogs.SaveFile(w.bookText().SaveTitle, suggested, []string{"db"})
		w.study.post(func() {
			if err != nil {
				w.showError(w.bookText().SaveTitle, err.Error(), "")
				return
			}
			if path != "" {
				if filepath.Ext(path) == "" {
					path += ".db"
				}
				c.writeTo(path, then)
			}
		})
	})
}

func (c *bookCtl) writeTo(path string, then func()) {
	w := c.w
	var out strings.Builder
	err := c.b.Write(&out)
	if err == nil {
		err = atomicfile.Write(path, []byte(out.String()), 0o644)
	}
	if err != nil {
		w.showError(w.bookText().SaveTitle, fmt.Sprintf(w.bookText().SaveErrorF, path), err.Error())
		return
	}
	c.path, c.dirty = path, false
	c.show()
	if then != nil {
		then()
	}
}

// selectTab shows the 定跡 tab.
func (c *bookCtl) selectTab() { c.w.tabs.Select(c.tab) }

// ensure makes a new book when none is open (adding to no book starts one).
func (c *bookCtl) ensure() {
	if c.b == nil {
		c.closeFile()
		c.loading++ // a book being read is not shown over this one
		c.b, c.path, c.dirty, c.reading = book.New(), "", false, ""
		c.w.win.SetMainMenu(c.w.buildMenu())
	}
}

// opened shows a book just opened or made, in its tab, and enables the menu's items for it.
func (c *bookCtl) opened() {
	c.selectTab()
	c.show()
	c.w.win.SetMainMenu(c.w.buildMenu())
}

// pliesDialog asks how many moves of each game to add (and, with folder, which folder), then
// runs add with the answer.
func (c *bookCtl) pliesDialog(title string, folder bool, add func(plies int, dir string)) {
	w := c.w
	bt := w.bookText()
	plies := newDialogEntry()
	plies.SetText(strconv.Itoa(w.settings.p.IntWithFallback(prefBookPlies, defBookPlies)))
	rows := []fyne.CanvasObject{}
	var dir *dialogEntry
	if folder {
		var field fyne.CanvasObject
		dir, field = w.folderField(bt.Folder, prefBookFolder)
		rows = append(rows, widget.NewLabel(bt.Folder), field)
	}
	rows = append(rows, widget.NewLabel(bt.Plies), plies)
	w.showFormDialog(title, 420, container.New(formLayout{}, rows...), bt.Cancel, bt.Add, func(problem *widget.Label, close func()) {
		n, err := strconv.Atoi(strings.TrimSpace(plies.Text))
		if err != nil || n < 1 {
			problem.SetText(fmt.Sprintf(bt.BadPliesF, plies.Text))
			return
		}
		folderPath := ""
		if dir != nil {
			folderPath = strings.TrimSpace(dir.Text)
			if folderPath == "" {
				problem.SetText(fmt.Sprintf(bt.NoRecordsF, `""`))
				return
			}
			w.settings.p.SetString(prefBookFolder, folderPath)
		}
		w.settings.p.SetInt(prefBookPlies, n)
		close()
		add(n, folderPath)
	})
}

// addRecord counts the record's main line into the book.
func (c *bookCtl) addRecord() {
	if c.readOnly() {
		return
	}
	bt := c.w.bookText()
	c.pliesDialog(bt.AddTitle, false, func(plies int, _ string) {
		c.ensure()
		n := c.b.AddRecord(c.w.sess.Record(), plies)
		c.changed()
		c.selectTab()
		c.w.setStatus(fmt.Sprintf(bt.AddedF, n))
	})
}

// addFolder counts the main lines of every record of a folder (and its subfolders) into the
// book: the files are read off the Fyne goroutine, then added at once.
func (c *bookCtl) addFolder() {
	if c.readOnly() {
		return
	}
	w := c.w
	bt := w.bookText()
	c.pliesDialog(bt.AddFolderTitle, true, func(plies int, dir string) {
		names, err := recordfile.RecordFilesIn(dir, true, nil, "")
		if err == nil && len(names) == 0 {
			err = fmt.Errorf(bt.NoRecordsF, dir)
		}
		if err != nil {
			w.showError(bt.AddFolderTitle, err.Error(), "")
			return
		}
		go func() {
			recs := make([]*readRecord, 0, len(names))
			for _, name := range names {
				rec, _, _, err := recordfile.ReadFile(filepath.Join(dir, name))
				recs = append(recs, &readRecord{name: name, rec: rec, err: err})
			}
			w.study.post(func() {
				if w.closing {
					return
				}
				c.ensure()
				moves, games := 0, 0
				var skipped []string
				for _, r := range recs {
					if r.err != nil {
						skipped = append(skipped, fmt.Sprintf(bt.SkippedF, filepath.ToSlash(r.name), w.skipReason(r.err)))
						continue
					}
					if line, ok := w.readWarnings(filepath.ToSlash(r.name), r.rec.Warnings); ok {
						skipped = append(skipped, line) // added as read (an illegal last move left out, …), and told
					}
					moves += c.b.AddRecord(r.rec, plies)
					games++
				}
				c.changed()
				c.selectTab()
				lines := append([]string{fmt.Sprintf(bt.FolderAddedF, games, len(recs), moves)}, capLines(skipped, bt.MoreF)...)
				w.showMessage(bt.AddFolderTitle, strings.Join(lines, "\n"))
			})
		}()
	})
}

// readRecord is a record of a folder as read for the book.
type readRecord struct {
	name string
	rec  *kifu.Record
	err  error
}

// bookRow is one move of the book as the tab shows it.
type bookRow struct {
	move       board.Move
	text, info string
}

// bookView is the 定跡 tab: the book's name, and the moves of the position on the board.
type bookView struct {
	widget.BaseWidget
	title, empty *widget.Label
	addNext      *widget.Button // 棋譜の次の手を定跡に追加
	list         *widget.List
	rows         []bookRow
	content      fyne.CanvasObject
}

func newBookView(bt *bookText, play, remove func(board.Move), addNext func()) *bookView {
	v := &bookView{title: widget.NewLabel(""), empty: widget.NewLabel("")}
	v.addNext = widget.NewButtonWithIcon(bt.AddNextShort, theme.ContentAddIcon(), addNext)
	v.title.Wrapping = fyne.TextWrapWord
	v.empty.Importance = widget.LowImportance
	v.empty.Wrapping = fyne.TextWrapWord
	v.list = widget.NewList(
		func() int { return len(v.rows) },
		func() fyne.CanvasObject {
			move := widget.NewLabel("▲７六歩成")
			move.TextStyle.Bold = false
			info := widget.NewLabel("")
			info.Truncation = fyne.TextTruncateEllipsis
			del := widget.NewButtonWithIcon("", theme.DeleteIcon(), nil)
			del.Importance = widget.LowImportance
			return container.NewBorder(nil, nil, move, del, info)
		},
		func(id widget.ListItemID, o fyne.CanvasObject) {
			if id >= len(v.rows) {
				return
			}
			r := v.rows[id]
			row := o.(*fyne.Container)
			row.Objects[0].(*widget.Label).SetText(r.info)
			row.Objects[1].(*widget.Label).SetText(r.text)
			row.Objects[2].(*widget.Button).OnTapped = func() { remove(r.move) }
		})
	v.list.OnSelected = func(id widget.ListItemID) {
		v.list.UnselectAll()
		if id < len(v.rows) {
			play(v.rows[id].move)
		}
	}
	head := container.NewBorder(nil, nil, nil, v.addNext, v.title)
	v.content = container.NewBorder(container.NewVBox(head, v.empty), nil, nil, nil, v.list)
	v.ExtendBaseWidget(v)
	return v
}

// set shows the title, the rows, and note under the title (that there are none, or the
// position's comment) when it is not "".
// Nothing is drawn again when nothing changed: it is asked at every move of the record or a
// game, mostly with no book open.
func (v *bookView) set(title string, rows []bookRow, note string) {
	if title == v.title.Text && note == v.empty.Text && slices.Equal(rows, v.rows) {
		return
	}
	v.title.SetText(title)
	v.empty.SetText(note)
	if note == "" {
		v.empty.Hide()
	} else {
		v.empty.Show()
	}
	v.rows = rows
	v.list.Refresh()
}

// CreateRenderer is part of fyne.Widget.
func (v *bookView) CreateRenderer() fyne.WidgetRenderer { return widget.NewSimpleRenderer(v.content) }
