package ui

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"banmen/board"
	"banmen/engine"
	"banmen/kifu"
	"banmen/kifu/recordfile"
	"banmen/ui/session"
)

// FileDialogs shows the desktop's file dialogs. Both block until the dialog closes, so the
// window calls them off the Fyne goroutine and posts the answer back with fyne.Do.
type FileDialogs interface {
	// OpenFile asks for a file to open among those ending in exts and returns its path, or ""
	// when the user cancelled.
	OpenFile(title string, exts []string) (string, error)
	// SaveFile asks where to save, starting from suggested, and returns the path, or "".
	SaveFile(title, suggested string, exts []string) (string, error)
}

// Options configure a MainWindow.
type Options struct {
	// Dialogs are the file dialogs; without them Open… and Save As… say they are unavailable.
	Dialogs FileDialogs
	// AutosaveDir keeps the copy of unsaved records ("": no autosave).
	AutosaveDir string
	// AutosaveDelay is how long after a change the copy is written (0: at once).
	AutosaveDelay time.Duration
	// Getenv reads the environment (for the system's language); nil means os.Getenv.
	Getenv func(string) string
	// Async runs slow work (file dialogs, reading and writing files) off the Fyne goroutine;
	// nil means a new goroutine. Whatever it runs posts its results back with fyne.Do.
	Async func(func())
	// ProcessRunning reports whether a process id is alive (autosaves of running Banmens are
	// not offered back); nil means a signal 0 probe.
	ProcessRunning func(pid int) bool
	// EngineRegistry opens the engine list studies choose from; nil means the user's
	// (engine.OpenUserRegistry).
	EngineRegistry func() (*engine.Registry, error)
	// Version is what ヘルプ → Banmen について says of the build ("0.2 (a1b2c3d)"); "" says nothing.
	Version string
}

// MainWindow is Banmen's main window: the board on the left; on the right, in tabs, the record
// with its variations and comments and the game's headers; below them the engine panel and the
// 評価値グラフ, with draggable dividers between all four (layout.go); a game's clocks on the plates beside the stands; a status line at the
// foot, with the progress of a 棋譜解析 when one runs;
// the menus and shortcuts; and the dialogs of files, unsaved changes and position editing.
//
// It draws what its session holds and sends it what the user does. Create it and call its
// methods on the Fyne goroutine.
type MainWindow struct {
	app      fyne.App
	win      fyne.Window
	opts     Options
	settings Settings
	sess     *session.Session
	msg      *Messages

	// sound plays the 駒音 and the clock's beep (sound.go); nil: the system's
	sound soundPlayer

	autosave       *session.Autosaver
	autosaveTimer  *time.Timer
	autosavedEdits uint64
	lastAutosave   time.Time

	board          *Board
	record         *RecordView
	graph          *EvalGraph // 評価値グラフ, right of the engine panel (evalgraph.go)
	graphEdits     uint64     // the session's edits when the graph last read the record
	live           liveGraph  // the study's scores for the graph (graphlive.go)
	info           *GameInfoView
	tabs           *SideTabs
	book           *bookCtl        // the opening book and its 定跡 tab (bookview.go)
	side           *fyne.Container // the tabs, or the editor panel while editing
	status         *widget.Label
	fileInfo       *widget.Label
	foot           *fyne.Container
	editor         *Editor
	edPanel        *EditorPanel
	study          *studyCtl       // 検討 and 詰み探索 (studyflow.go)
	game           *gameCtl        // 対局 (gameflow.go)
	analysis       *analysisCtl    // 棋譜解析 (analysisflow.go)
	progressHolder *fyne.Container // the analysis' progress at the foot, when one runs
	room           roomCtl         // エンジン設定 and 通信ログ (enginesettings.go, protocollog.go)
	preview        *pvPreview      // the PV preview open, or nil (pvpreview.go)
	closing        bool
	lastShown      shownDialog // the last message shown in a dialog, for tests
	lastDetail     string      // the detail behind 詳細 of the last error shown, for tests

	splits     map[string]*container.Split // the layout's dividers, by name (layout.go)
	splitTimer *time.Timer                 // writes them down a moment after a drag
}

type shownDialog struct {
	title, text string
	d           dialog.Dialog
}

// NewMainWindow creates the main window of app a, showing a new game.
func NewMainWindow(a fyne.App, opts Options) *MainWindow {
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if opts.Async == nil {
		opts.Async = func(f func()) { go f() }
	}
	if opts.ProcessRunning == nil {
		opts.ProcessRunning = processRunning
	}
	w := &MainWindow{app: a, opts: opts, settings: NewSettings(a.Preferences()), sess: session.New()}
	w.msg = MessagesFor(w.settings.Language(opts.Getenv))
	a.Settings().SetTheme(NewThemeWith(w.settings.ThemeMode(), w.settings.TextSize()))
	fontReady := warmFont() // while GLFW starts; received before the first measure, in build
	w.win = a.NewWindow(w.msg.AppName)
	w.win.SetMaster() // closing it closes the PV preview, the engine list and the logs too
	w.study = newStudyCtl(w)
	if opts.AutosaveDir != "" {
		w.autosave = session.NewAutosaver(opts.AutosaveDir)
		w.autosave.OnFailure(func(err error) { w.study.post(func() { w.autosaveFailed(err) }) })
	}
	w.game = newGameCtl(w)
	w.analysis = &analysisCtl{w: w}
	w.board = NewBoard(w.sess.Position(), w.msg)
	w.board.OnMove = w.playMove
	w.board.OnScroll = func(step int) {
		if w.editor == nil {
			w.sess.Step(step)
		}
	}
	<-fontReady
	w.build()
	w.sess.OnChange(w.sessionChanged)
	w.sessionChanged(session.ChangedRecord | session.ChangedFile | session.ChangedHeaders)
	w.win.SetCloseIntercept(w.RequestClose)
	w.win.SetOnDropped(w.dropped)
	w.win.Canvas().SetOnTypedKey(w.typedKey)
	w.win.Resize(w.settings.WindowSize(defaultWindowSize))
	return w
}

// defaultWindowSize is the main window's size on a first run; after that it opens at the
// size it had when it last closed (Settings.WindowSize).
var defaultWindowSize = fyne.NewSize(1180, 760)

// FlushAutosave waits (at most d) until the autosave copy of the record holds every
// change handed to it, for an exit that cannot ask the user (a signal).
func (w *MainWindow) FlushAutosave(d time.Duration) error {
	if w.autosave == nil {
		return nil
	}
	return w.autosave.Flush(d)
}

// Window returns the Fyne window.
func (w *MainWindow) Window() fyne.Window { return w.win }

// WindowClass is the class X11 gives the main window (WM_CLASS), which the desktop entry
// names in StartupWMClass so that task bars group the window under Banmen's icon.
const WindowClass = "Banmen"

// ShowAndRun shows the window and runs the app until it quits. GLFW names an X11 window's
// class after the title it has when it is created, at its first Show: the window is shown
// under the plain WindowClass and given its real title (the record's name) at once after.
func (w *MainWindow) ShowAndRun() {
	w.win.SetTitle(WindowClass)
	w.win.Show()
	w.updateTitle()
	w.app.Run()
}

// Session returns the session shown.
func (w *MainWindow) Session() *session.Session { return w.sess }

// Board returns the board widget.
func (w *MainWindow) Board() *Board { return w.board }

// build makes the window's content and menus in the current language.
func (w *MainWindow) build() {
	w.board.SetMessages(w.msg)
	w.record = NewRecordView(w.sess, w.msg, w.navKey)
	w.record.AskIrreversible = w.askIrreversible
	w.record.SetWestern(w.settings.WesternNotation())
	SetPieceStyle(w.settings.PieceStyle())
	w.record.thinks.onOpen = w.openThinkPreview
	w.info = NewGameInfoView(w.sess, w.msg)
	w.tabs = NewSideTabs()
	w.tabs.Append(w.msg.Record, w.record)
	w.tabs.Append(w.msg.GameInfo, container.NewVScroll(w.info))
	if w.book == nil {
		w.book = &bookCtl{w: w}
	}
	w.book.newView()
	w.book.tab = w.tabs.Append(w.bookText().Tab, w.book.view)
	w.side = container.NewStack(w.tabs)
	w.status = widget.NewLabel("")
	w.status.Truncation = fyne.TextTruncateEllipsis
	w.fileInfo = widget.NewLabel("")
	w.graph = NewEvalGraph()
	w.graph.OnSelect = func(ply int) {
		if w.editor == nil {
			w.goToMainLine(ply)
		}
	}
	w.configureGraph()
	w.saveSplits() // where the old layout's dividers were (a new language builds anew)
	top := w.newSplit(splitBoard, splitDefaults[splitBoard], true, w.board, w.side)
	bottom := w.newSplit(splitEngines, splitDefaults[splitEngines], true, w.study.newPanel(w.msg), w.graph)
	split := w.newSplit(splitRows, splitDefaults[splitRows], false, top, bottom)
	w.progressHolder = container.NewHBox()
	w.progressHolder.Hide() // hidden when empty: the foot's layout stays as it was
	if r := w.analysis.run; r != nil {
		w.progressHolder.Add(r.progress.box)
		w.progressHolder.Show()
	}
	if s := w.game.series; s != nil {
		w.progressHolder.Add(s.box) // the series' score line (gameseries.go)
		w.progressHolder.Show()
	}
	w.foot = container.NewBorder(nil, nil, w.progressHolder, w.fileInfo, w.status)
	w.win.SetContent(container.NewBorder(nil, w.foot, nil, nil, split))
	w.win.SetMainMenu(w.buildMenu())
	w.updateTitle()
}

// sessionChanged redraws what changed.
func (w *MainWindow) sessionChanged(c session.Change) {
	if c&session.ChangedRecord != 0 && w.editor != nil {
		w.leaveEditor()
	}
	if w.editor == nil && c&(session.ChangedCursor|session.ChangedTree|session.ChangedRecord) != 0 {
		w.board.SetPosition(w.sess.Position(), w.shownLastMove())
		w.study.positionChanged()
		w.book.show()
	}
	if c&(session.ChangedHeaders|session.ChangedRecord) != 0 {
		w.board.SetNames(w.sess.Record().BlackName(), w.sess.Record().WhiteName())
		if c&session.ChangedRecord != 0 && !w.Playing() {
			w.game.clocks.hide(w.board) // a finished game's clocks go with its record
		}
	}
	w.record.Update(c)
	w.info.Update(c)
	w.updateGraph(c)
	if c&(session.ChangedFile|session.ChangedRecord|session.ChangedTree) != 0 {
		w.updateTitle()
	}
	w.scheduleAutosave(c)
}

func (w *MainWindow) updateTitle() {
	name := w.sess.Name(w.msg.Untitled)
	dirty := ""
	if w.sess.Dirty() {
		dirty = "*"
	}
	w.win.SetTitle(dirty + name + " — " + w.msg.AppName)
	format := w.msg.MovesF
	if w.sess.MoveCount() == 1 {
		format = w.msg.MoveF
	}
	info := fmt.Sprintf(format, w.sess.MoveCount())
	if w.sess.Path() != "" {
		info = formatLabel(w.sess.Format()) + " · " + w.sess.Encoding().String() + " · " + info
	}
	if w.sess.Dirty() {
		info += " " + w.msg.Modified
	}
	if w.fileInfo.Text != info {
		w.fileInfo.SetText(info)
		w.foot.Refresh() // its width changed: lay the foot out again
	}
}

func formatLabel(f kifu.Format) string {
	if f == kifu.UnknownFormat {
		return "?"
	}
	return f.String()
}

// shownLastMove is the move the board highlights: the current move, or at a special move
// (投了, 封じ手, …), which shows the position where it happened, the move before it.
func (w *MainWindow) shownLastMove() board.Move {
	n := w.sess.Node()
	if n.IsSpecial() && n.Parent() != nil {
		return n.Parent().Move
	}
	return n.Move
}

// setStatus shows a message in the status line.
func (w *MainWindow) setStatus(s string) { w.status.SetText(s) }

// playMove plays a move the user made on the board.
func (w *MainWindow) playMove(m board.Move) {
	if w.game.play(m) {
		return
	}
	if _, _, err := w.sess.Play(m); err != nil {
		w.setStatus(err.Error())
		return
	}
	w.playSound(soundPiece)
}

// navKey steps through the record with the keyboard: ← ↑ back, → ↓ forward, Home, End,
// Page Up and Page Down ten moves; F11 is 全画面表示 and F1 キー操作 (the menu shows keys without
// Ctrl in its labels, as Fyne runs no shortcut without a modifier). It reports whether it used the key.
func (w *MainWindow) navKey(ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyF11:
		w.ToggleFullScreen()
		return true
	case fyne.KeyF1:
		w.ShowKeys()
		return true
	}
	if w.editor != nil {
		return false
	}
	switch ev.Name {
	case fyne.KeyLeft, fyne.KeyUp:
		w.sess.Back()
	case fyne.KeyRight, fyne.KeyDown:
		w.sess.Forward()
	case fyne.KeyHome:
		w.sess.First()
	case fyne.KeyEnd:
		w.sess.Last()
	case fyne.KeyPageUp:
		w.sess.Step(-10)
	case fyne.KeyPageDown:
		w.sess.Step(10)
	default:
		return false
	}
	return true
}

// ToggleFullScreen fills the screen with the window, or gives it back its frame (表示 →
// 全画面表示, F11).
func (w *MainWindow) ToggleFullScreen() {
	w.win.SetFullScreen(!w.win.FullScreen())
	w.win.SetMainMenu(w.buildMenu())
}

// typedKey handles keys typed while no widget has the focus (and no dialog is open: the
// record does not move under a question; Esc and Enter answer the dialog on top as its
// cancel and its default button do).
func (w *MainWindow) typedKey(ev *fyne.KeyEvent) {
	if w.win.Canvas().Overlays().Top() != nil {
		pressDialogKey(w.win.Canvas(), ev.Name) // Esc, Enter: the dialog's cancel, default (dialogkeys.go)
		return
	}
	if ev.Name == fyne.KeyEscape {
		w.board.CancelSelection()
		return
	}
	w.navKey(ev)
}

// focusedEntry returns the text entry that has the focus, which gets Ctrl+V and Ctrl+Z
// itself, or nil: Fyne's entry or one that embeds it (a dialog's, an option's number).
func (w *MainWindow) focusedEntry() fyne.Shortcutable {
	if e, ok := w.win.Canvas().Focused().(textEntry); ok {
		return e
	}
	return nil
}

// textEntry is what a text entry has that other focusable widgets have not.
type textEntry interface {
	fyne.Shortcutable
	SelectedText() string
}

// TakeBack takes back the current move (Ctrl+Z), or undoes typing in the focused entry, or
// the position editor's last change.
func (w *MainWindow) TakeBack() {
	if e := w.focusedEntry(); e != nil {
		e.TypedShortcut(&fyne.ShortcutUndo{})
		return
	}
	if w.editor != nil {
		w.edPanel.undo() // the editor's last change
		return
	}
	if w.Playing() {
		w.TakebackGame()
		return
	}
	switch err := w.sess.TakeBack(); err {
	case nil:
		w.setStatus("")
	case session.ErrNotLastMove:
		w.setStatus(w.msg.TakeBackNotLast)
	default:
		w.setStatus(w.msg.NothingToTakeBack)
	}
}

// copySFEN copies the position shown as SFEN: the record's, or the one being edited.
func (w *MainWindow) copySFEN() { w.copyText("SFEN", w.board.ShownPosition().SFEN()) }

// CopyText puts text on the clipboard and says what was copied.
func (w *MainWindow) copyText(what, text string) {
	w.app.Clipboard().SetContent(text)
	w.setStatus(fmt.Sprintf(w.msg.CopiedF, what))
}

// copyRecord copies the record as text in format f and says so, and what of the record the
// format cannot hold (a CSA copy has no variations), as Save As warns of it.
func (w *MainWindow) copyRecord(f kifu.Format, text string) {
	what := strings.ToUpper(f.String())
	w.copyText(what, text)
	if losses := recordfile.Losses(w.sess.Record(), f); len(losses) > 0 {
		w.setStatus(fmt.Sprintf(w.msg.CopiedLossF, what, w.convertText().lossNames(losses)))
	}
}

// readWarnings is a folder's summary line for a record read with warnings: its name, how
// many, the first (false when there are none).
func (w *MainWindow) readWarnings(name string, ws []kifu.Warning) (string, bool) {
	if len(ws) == 0 {
		return "", false
	}
	return fmt.Sprintf(w.msg.RecordWarningsF, name, len(ws), w.warningText(ws[0])), true
}

// NewGame starts a new game from start (after asking about unsaved changes).
func (w *MainWindow) NewGame(h kifu.Handicap) {
	title := w.msg.NewGame
	if h != kifu.Handicaps[0] {
		title = w.msg.NewHandicap
	}
	if w.game.refuse() || w.refuseEditing(title) {
		return
	}
	w.confirmDiscard(func() {
		w.sess.Reset(h.Position())
		w.setStatus(fmt.Sprintf(w.msg.NewGameF, w.msg.handicapLabel(h)))
	})
}

// SetLanguage switches the interface to code ("" follows the system, "ja", "en").
func (w *MainWindow) SetLanguage(code string) {
	w.settings.SetLanguageChoice(code)
	msg := MessagesFor(w.settings.Language(w.opts.Getenv))
	if msg == w.msg {
		w.win.SetMainMenu(w.buildMenu())
		return
	}
	if w.editor != nil {
		w.leaveEditor()
	}
	w.msg = msg
	w.build()
	w.sessionChanged(session.ChangedRecord | session.ChangedFile | session.ChangedHeaders | session.ChangedCursor)
}

// SetThemeMode switches between light, dark and the system's choice.
func (w *MainWindow) SetThemeMode(m ThemeMode) {
	w.settings.SetThemeMode(m)
	w.app.Settings().SetTheme(NewThemeWith(m, w.settings.TextSize()))
	w.win.SetMainMenu(w.buildMenu())
}

// SetTextSize makes the window's text (and with it the paddings and icons) smaller or larger
// (表示 → 文字の大きさ), and remembers the choice.
func (w *MainWindow) SetTextSize(s TextSize) {
	w.settings.SetTextSize(s)
	w.app.Settings().SetTheme(NewThemeWith(w.settings.ThemeMode(), s))
	w.win.SetMainMenu(w.buildMenu())
}

// SetWesternNotation shows the record's moves in Western notation (P-7f) or in Japanese
// (７六歩), and remembers the choice.
func (w *MainWindow) SetWesternNotation(on bool) {
	w.settings.SetWesternNotation(on)
	w.record.SetWestern(on)
	w.book.show()
	w.win.SetMainMenu(w.buildMenu())
}

// SetPieceStyle writes the pieces with one kanji or two (表示 → 駒の表示), on every board.
func (w *MainWindow) SetPieceStyle(st PieceStyle) {
	w.settings.SetPieceStyle(st)
	SetPieceStyle(st)
	w.board.Refresh()
	if w.edPanel != nil {
		w.edPanel.redrawBox()
	}
	w.win.SetMainMenu(w.buildMenu())
}

// Flip turns the board.
func (w *MainWindow) Flip() { w.board.SetFlipped(!w.board.Flipped()) }

// EditPosition opens the position editor on the current position.
func (w *MainWindow) EditPosition() {
	if w.editor != nil || w.game.refuse() {
		return
	}
	w.study.pause()
	w.editor = NewEditor(w.sess.Position(), w.msg)
	w.edPanel = NewEditorPanel(w.editor, w.board, w.msg, w.setStatus, w.finishEditing, w.showImpossible, w.leaveEditor)
	w.side.Objects = []fyne.CanvasObject{w.edPanel}
	w.side.Refresh()
}

// finishEditing starts a new record from the edited position.
func (w *MainWindow) finishEditing(pos *board.Position) {
	w.confirmDiscard(func() {
		w.leaveEditor()
		w.sess.Reset(pos)
		w.setStatus("")
	})
}

func (w *MainWindow) showImpossible(err error) {
	w.showMessage(w.msg.EditorImpossibleTitle, impossibleReason(err, w.msg == MessagesFor(Japanese)))
}

// leaveEditor closes the position editor and shows the record again.
func (w *MainWindow) leaveEditor() {
	if w.editor == nil {
		return
	}
	w.editor, w.edPanel = nil, nil
	w.board.OnEditTap, w.board.OnEditMove, w.board.OnEditRemove = nil, nil, nil
	w.board.SetMode(ModePlay)
	w.board.SetPosition(w.sess.Position(), w.shownLastMove())
	w.side.Objects = []fyne.CanvasObject{w.tabs}
	w.side.Refresh()
	w.study.resume()
}

// Editing reports whether the position editor is open.
func (w *MainWindow) Editing() bool { return w.editor != nil }

// refuseEditing says, under title, that the position editor must be closed first and
// reports true while it is open: a game, a 棋譜解析 or a mate search started under it would
// act on the record behind it, and leaving it would throw the edits away unasked, as a new
// or opened record would (the editor closes when the record is replaced).
func (w *MainWindow) refuseEditing(title string) bool {
	if w.editor == nil {
		return false
	}
	w.showMessage(strings.TrimSuffix(title, "…"), fmt.Sprintf(w.msg.EditorOpenF, w.msg.EditorDone, w.msg.Cancel))
	return true
}

// confirmDiscard runs then when the record has no unsaved changes, or when the user chose to
// save them (and they were saved) or to drop them; it does nothing when the user cancels.
func (w *MainWindow) confirmDiscard(then func()) {
	if !w.sess.Dirty() {
		then()
		return
	}
	text := fmt.Sprintf(w.msg.SaveChangesF, w.sess.Name(w.msg.Untitled))
	var d *plainDialog // no bold text: no second parse of the font (plaindialog.go)
	// 上書き保存 (Save) for a record that has a file; one that has none is asked a name
	label := w.msg.Save
	if w.savesAs() {
		label = w.msg.SaveAs
	}
	save := newPlainButton(label, true, func() { d.Hide(); w.Save(then) })
	dont := newPlainButton(w.msg.DontSave, false, func() { d.Hide(); then() })
	cancel := newPlainButton(w.msg.Cancel, false, func() { d.Hide() }).cancels()
	d = newPlainDialog(w.msg.SaveChangesTitle, messageContent(text), []*plainButton{cancel, dont, save}, w.win)
	w.lastShown = shownDialog{w.msg.SaveChangesTitle, text, d}
	d.Show()
}

// RequestClose closes the window after asking about unsaved changes (the close button and
// Quit come here).
func (w *MainWindow) RequestClose() {
	if w.closing {
		return
	}
	discard := func() { w.book.confirmDiscard(func() { w.confirmDiscard(w.close) }) }
	if s := w.room.settings; s != nil {
		s.requestClose(discard) // an engine's settings changed and not saved
		return
	}
	discard()
}

// close closes the window, its engines, games and autosave, once nothing unsaved is left
// that the user wants kept.
func (w *MainWindow) close() {
	w.closing = true
	w.saveSplits()
	if !w.win.FullScreen() {
		w.settings.SetWindowSize(w.win.Canvas().Size())
	}
	w.game.abortAll()
	w.study.stop()
	go w.study.closeAll(5 * time.Second)
	if w.autosaveTimer != nil {
		w.autosaveTimer.Stop()
	}
	if w.autosave != nil {
		w.autosave.Clear() // saved, or dropped on purpose
		w.autosave.Close()
	}
	w.win.Close()
}

// showMessage shows a message in a dialog with a Close button.
func (w *MainWindow) showMessage(title, text string) {
	d := newPlainCustom(title, w.msg.Close, messageContent(text), w.win)
	w.lastShown = shownDialog{title, text, d}
	d.Show()
}

// showError shows an error in a dialog: summary, a short message in the interface's language
// (what could not be done, the file, the line, why), and behind a folded 詳細 (Details) the
// technical detail, scrolled in a box of its own so that the dialog fits the window however
// long the detail is.
func (w *MainWindow) showError(title, summary, detail string) {
	d := newPlainCustom(title, w.msg.Close, w.errorContent(summary, detail), w.win)
	w.lastShown = shownDialog{title, summary, d}
	w.lastDetail = detail
	d.Show()
}

// errorContent is an error dialog's content: summary, and detail behind a folded 詳細.
func (w *MainWindow) errorContent(summary, detail string) fyne.CanvasObject {
	content := messageContent(summary)
	if detail != "" && detail != summary {
		l := widget.NewLabel(clipText(detail, 4000))
		l.Wrapping = fyne.TextWrapBreak
		scroll := container.NewVScroll(l)
		scroll.SetMinSize(fyne.NewSize(460, 140))
		content = container.NewVBox(content, widget.NewAccordion(widget.NewAccordionItem(w.msg.Details, scroll)))
	}
	return content
}

// clipText cuts s to at most n characters (… marks the cut) and shows control characters
// other than newlines and tabs as U+FFFD.
func clipText(s string, n int) string {
	var b strings.Builder
	i := 0
	for _, r := range s {
		if i == n {
			b.WriteString("…")
			break
		}
		i++
		if r < 0x20 && r != '\n' && r != '\t' || r == 0x7f {
			r = '\uFFFD'
		}
		b.WriteRune(r)
	}
	return b.String()
}

// messageContent is a dialog's text, wrapped at a comfortable width.
func messageContent(text string) fyne.CanvasObject {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(460, 1))
	return container.NewVBox(width, l)
}

// scheduleAutosave writes the copy of an unsaved record a moment after it changed (at once
// when it became saved, so that the copy goes away), and at least every few seconds while it
// keeps changing.
func (w *MainWindow) scheduleAutosave(c session.Change) {
	if w.autosave == nil || w.closing {
		return
	}
	if w.sess.Edits() == w.autosavedEdits && c&session.ChangedFile == 0 {
		return
	}
	delay := w.opts.AutosaveDelay
	if delay == 0 || !w.sess.Dirty() || time.Since(w.lastAutosave) > 5*time.Second {
		w.submitAutosave()
		return
	}
	if w.autosaveTimer == nil {
		w.autosaveTimer = time.AfterFunc(delay, func() { fyne.Do(w.submitAutosave) })
	} else {
		w.autosaveTimer.Reset(delay)
	}
}

// autosaveFailed tells the user that the record's copy could not be written (once, until a
// copy is written again): a crash would lose the changes, which they were sure it would not.
func (w *MainWindow) autosaveFailed(err error) {
	if !w.closing {
		w.showMessage(w.msg.AutosaveFailedTitle, fmt.Sprintf(w.msg.AutosaveFailedF, err))
	}
}

func (w *MainWindow) submitAutosave() {
	if w.closing {
		return
	}
	w.autosavedEdits = w.sess.Edits()
	w.lastAutosave = time.Now()
	w.autosave.Submit(w.sess)
}

// OfferRestore looks for records a Banmen left unsaved when it ended without saving or
// dropping them (a crash) and offers each back, newest first.
func (w *MainWindow) OfferRestore() {
	if w.opts.AutosaveDir == "" {
		return
	}
	w.offerRestore(session.FindAutosaved(w.opts.AutosaveDir, w.opts.ProcessRunning))
}

func (w *MainWindow) offerRestore(found []session.Autosaved) {
	if len(found) == 0 {
		return
	}
	as, rest := found[0], found[1:]
	if as.Err != nil {
		w.showError(w.msg.ReadErrorTitle, w.readErrorSummary(fileName(as.Files[0]), as.Err), as.Err.Error())
		w.offerRestore(rest)
		return
	}
	name := as.Meta.Path
	if name == "" {
		name = w.msg.Untitled
	}
	text := fmt.Sprintf(w.msg.RestoreF, name+", "+as.Meta.Saved.Format("2006-01-02 15:04"), as.Meta.Moves)
	if len(rest) > 0 {
		// several crashes left several: the user knows more follow, and can keep this one
		text += "\n" + fmt.Sprintf(w.msg.RestoreMoreF, len(rest))
	}
	var d *plainDialog // no bold text: no second parse of the font (plaindialog.go)
	restore := newPlainButton(w.msg.Restore, true, func() {
		d.Hide()
		w.confirmDiscard(func() {
			as.RestoreInto(w.sess)
			_ = as.Discard() // this Banmen's own copy takes over
			// a game cut short is offered to play on (gameresume.go)
			w.game.offerContinue(func() { w.offerRestore(rest) }, false)
		})
	})
	discard := newPlainButton(w.msg.Discard, false, func() {
		d.Hide()
		_ = as.Discard()
		w.offerRestore(rest)
	})
	d = newPlainDialog(w.msg.RestoreTitle, messageContent(text), []*plainButton{discard, restore}, w.win)
	w.lastShown = shownDialog{w.msg.RestoreTitle, text, d}
	d.Show()
}

// processRunning reports whether a process with the id exists (signal 0 probes without
// sending anything).
func processRunning(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	err = p.Signal(syscall.Signal(0))
	return err == nil || errors.Is(err, syscall.EPERM) // EPERM: it exists, as another user's
}
