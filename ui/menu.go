package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"banmen/kifu"
)

// shortcut is Ctrl (⌘ on macOS) with key k, and Shift when shift is set.
func shortcut(k fyne.KeyName, shift bool) fyne.Shortcut {
	mod := fyne.KeyModifierShortcutDefault
	if shift {
		mod |= fyne.KeyModifierShift
	}
	return &desktop.CustomShortcut{KeyName: k, Modifier: mod}
}

func item(label string, sc fyne.Shortcut, action func()) *fyne.MenuItem {
	it := fyne.NewMenuItem(label, action)
	it.Shortcut = sc
	return it
}

// shortcutItem is item whose shortcut does nothing while a dialog is open: Fyne runs a
// menu's shortcuts under a modal dialog too, and Ctrl+Z there took back a move of the
// record, Ctrl+N started another. Paste and undo still reach a text entry of the dialog
// that has the focus (toEntry).
func (w *MainWindow) shortcutItem(label string, sc fyne.Shortcut, action func(), toEntry bool) *fyne.MenuItem {
	return item(label, sc, func() {
		if w.win.Canvas().Overlays().Top() != nil && !(toEntry && w.focusedEntry() != nil) {
			return
		}
		action()
	})
}

// buildMenu makes the main menu in the current language, with the current choices checked.
func (w *MainWindow) buildMenu() *fyne.MainMenu {
	m := w.msg
	var handicaps []*fyne.MenuItem
	for _, h := range kifu.Handicaps[1:] {
		h := h
		handicaps = append(handicaps, fyne.NewMenuItem(m.handicapLabel(h), func() { w.NewGame(h) }))
	}
	newHandicap := fyne.NewMenuItem(m.NewHandicap, nil)
	newHandicap.ChildMenu = fyne.NewMenu("", handicaps...)

	var recent []*fyne.MenuItem
	for _, p := range w.settings.Recent() {
		p := p
		it := fyne.NewMenuItem(filepath.Base(p)+"  —  "+filepath.Dir(p), func() { w.OpenRecent(p) })
		recent = append(recent, it)
	}
	if len(recent) == 0 {
		none := fyne.NewMenuItem(m.NoRecent, nil)
		none.Disabled = true
		recent = append(recent, none)
	} else {
		recent = append(recent, fyne.NewMenuItemSeparator(), fyne.NewMenuItem(m.ClearRecent, func() {
			w.settings.ClearRecent()
			w.win.SetMainMenu(w.buildMenu())
		}))
	}
	openRecent := fyne.NewMenuItem(m.OpenRecent, nil)
	openRecent.ChildMenu = fyne.NewMenu("", recent...)

	encTrad := fyne.NewMenuItem(m.EncodingTraditional, func() { w.settings.SetSaveUTF8(false); w.win.SetMainMenu(w.buildMenu()) })
	encTrad.Checked = !w.settings.SaveUTF8()
	encUTF8 := fyne.NewMenuItem(m.EncodingUTF8, func() { w.settings.SetSaveUTF8(true); w.win.SetMainMenu(w.buildMenu()) })
	encUTF8.Checked = w.settings.SaveUTF8()
	encoding := fyne.NewMenuItem(m.SaveEncoding, nil)
	encoding.ChildMenu = fyne.NewMenu("", encTrad, encUTF8)

	quit := item(m.Quit, shortcut(fyne.KeyQ, false), w.RequestClose)
	quit.IsQuit = true

	file := fyne.NewMenu(m.MenuFile,
		w.shortcutItem(m.NewGame, shortcut(fyne.KeyN, false), func() { w.NewGame(kifu.Handicaps[0]) }, false),
		newHandicap,
		fyne.NewMenuItemSeparator(),
		w.shortcutItem(m.Open, shortcut(fyne.KeyO, false), w.Open, false),
		openRecent,
		fyne.NewMenuItemSeparator(),
		w.shortcutItem(m.Save, shortcut(fyne.KeyS, false), func() { w.Save(nil) }, false),
		w.shortcutItem(m.SaveAs, shortcut(fyne.KeyS, true), func() { w.SaveAs(nil) }, false),
		encoding,
		fyne.NewMenuItem(m.ExportImage, w.ExportBoardImage),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(w.convertText().Menu, w.ConvertDialog),
		fyne.NewMenuItemSeparator(),
		quit,
	)
	edit := fyne.NewMenu(m.MenuEdit,
		// Ctrl+V and Ctrl+Z are Fyne's standard shortcuts: the desktop driver turns those keys
		// into fyne.ShortcutPaste and fyne.ShortcutUndo and looks for a menu item by their names.
		w.shortcutItem(m.Paste, &fyne.ShortcutPaste{}, w.Paste, true),
		w.shortcutItem(m.CopySFEN, shortcut(fyne.KeyC, true), w.copySFEN, false),
		fyne.NewMenuItem(m.CopyUSI, func() { w.copyText("USI", kifu.FormatUSI(w.sess.Record())) }),
		fyne.NewMenuItem(m.CopyKIF, func() { w.copyRecord(kifu.KIF, kifu.FormatKIF(w.sess.Record())) }),
		fyne.NewMenuItem(m.CopyKI2, func() { w.copyRecord(kifu.KI2, kifu.FormatKI2(w.sess.Record())) }),
		fyne.NewMenuItem(m.CopyCSA, func() {
			r := w.sess.Record() // V2.2 as a saved .csa, V3.0 where V2.2 would lose a time's fraction
			w.copyRecord(kifu.CSA, kifu.FormatCSA(r, kifu.CSAOptions{V3: kifu.NeedsCSAV3(r), Encoding: kifu.UTF8}))
		}),
		fyne.NewMenuItem(m.CopyJKF, func() { w.copyRecord(kifu.JKF, kifu.FormatJKF(w.sess.Record())) }),
		fyne.NewMenuItemSeparator(),
		w.shortcutItem(m.TakeBack, &fyne.ShortcutUndo{}, w.TakeBack, true),
		fyne.NewMenuItem(m.DeleteFromHere, func() { w.record.DeleteFromHere() }),
		fyne.NewMenuItemSeparator(),
		w.shortcutItem(m.EditPosition, shortcut(fyne.KeyE, false), w.EditPosition, false),
	)
	record := fyne.NewMenu(m.MenuRecord,
		fyne.NewMenuItem(m.First+"  (Home)", func() { w.sess.First() }),
		fyne.NewMenuItem(m.Prev+"  (←)", func() { w.sess.Back() }),
		fyne.NewMenuItem(m.Next+"  (→)", func() { w.sess.Forward() }),
		fyne.NewMenuItem(m.Last+"  (End)", func() { w.sess.Last() }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(m.MakeMainLine, func() { w.sess.MakeMainLine() }),
		fyne.NewMenuItem(m.MoveVariationUp, func() { w.sess.PromoteVariation() }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(recordTextFor(m).BookmarkSet, func() { w.record.marks.askName() }),
		fyne.NewMenuItem(recordTextFor(m).TreeMenu, func() { w.record.ShowVariationTree() }),
	)

	mode := w.settings.ThemeMode()
	themeItem := func(label string, tm ThemeMode) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, func() { w.SetThemeMode(tm) })
		it.Checked = mode == tm
		return it
	}
	textSize := w.settings.TextSize()
	sizeLabels := map[TextSize]string{TextSmall: m.TextSmall, TextNormal: m.TextNormal, TextLarge: m.TextLarge, TextLarger: m.TextLarger}
	sizes := fyne.NewMenuItem(m.TextSize, nil)
	sizes.ChildMenu = fyne.NewMenu("")
	for _, ts := range TextSizes {
		it := fyne.NewMenuItem(sizeLabels[ts], func() { w.SetTextSize(ts) })
		it.Checked = textSize == ts
		sizes.ChildMenu.Items = append(sizes.ChildMenu.Items, it)
	}
	themes := fyne.NewMenuItem(m.Theme, nil)
	themes.ChildMenu = fyne.NewMenu("", themeItem(m.ThemeSystem, ThemeAuto), themeItem(m.ThemeLight, ThemeLight), themeItem(m.ThemeDark, ThemeDark))
	choice := w.settings.LanguageChoice()
	langItem := func(label, code string) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, func() { w.SetLanguage(code) })
		it.Checked = choice == code
		return it
	}
	langs := fyne.NewMenuItem(m.Language, nil)
	langs.ChildMenu = fyne.NewMenu("", langItem(m.LanguageAuto, ""), langItem("日本語", "ja"), langItem("English", "en"))
	western := w.settings.WesternNotation()
	japaneseMoves := fyne.NewMenuItem(m.NotationJapanese, func() { w.SetWesternNotation(false) })
	japaneseMoves.Checked = !western
	westernMoves := fyne.NewMenuItem(m.NotationWestern, func() { w.SetWesternNotation(true) })
	westernMoves.Checked = western
	style := w.settings.PieceStyle()
	styleItem := func(label string, st PieceStyle) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, func() { w.SetPieceStyle(st) })
		it.Checked = style == st
		return it
	}
	pieces := fyne.NewMenuItem(m.PieceStyle, nil)
	pieces.ChildMenu = fyne.NewMenu("", styleItem(m.PieceOneKanji, PieceOneKanji), styleItem(m.PieceTwoKanji, PieceTwoKanji))
	sound := fyne.NewMenuItem(m.Sound, nil)
	sound.ChildMenu = w.soundMenu()
	notation := fyne.NewMenuItem(m.Notation, nil)
	notation.ChildMenu = fyne.NewMenu("", japaneseMoves, westernMoves)
	at := w.analysisText()
	winRate := fyne.NewMenuItem(at.GraphWinRate, func() { w.SetGraphWinRate(!w.GraphWinRate()) })
	winRate.Checked = w.GraphWinRate()
	fullScreen := fyne.NewMenuItem(m.FullScreen+"  (F11)", w.ToggleFullScreen)
	fullScreen.Checked = w.win.FullScreen()
	view := fyne.NewMenu(m.MenuView,
		w.shortcutItem(m.Flip, shortcut(fyne.KeyR, false), w.Flip, false),
		fullScreen,
		fyne.NewMenuItem(m.ResetLayout, w.ResetLayout),
		fyne.NewMenuItemSeparator(),
		notation,
		pieces,
		sound,
		winRate,
		w.arrowsItem(), w.arrowLabelsItem(),
		sizes,
		themes,
		langs,
	)
	stopStudy := fyne.NewMenuItem(m.StopStudy, w.StopStudy)
	stopStudy.Disabled = !w.Studying()
	studyMenu := fyne.NewMenu(m.MenuStudy,
		fyne.NewMenuItem(m.StartStudyMenu, w.StartStudyDialog),
		stopStudy,
		fyne.NewMenuItemSeparator(),
		w.shortcutItem(at.AnalyseMenu, shortcut(fyne.KeyA, true), w.AnalyseDialog, false),
		fyne.NewMenuItem(at.BatchMenu, w.BatchAnalyseDialog),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(m.MateSearch, w.MateSearchDialog),
	)
	gt := w.gameText()
	continueGame := fyne.NewMenuItem(gt.ContinueGame, w.ContinueGame)
	continueGame.Disabled = w.Playing()
	// 投了, 入玉宣言 and 待った are a person's: not in a game of engines; 中断 and すぐ指させる
	// are any game's
	inGame := func(label string, action func(), person bool) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, action)
		it.Disabled = !w.Playing() || person && !w.game.personPlays()
		return it
	}
	gameMenu := fyne.NewMenu(gt.MenuGame,
		w.shortcutItem(gt.StartGame, shortcut(fyne.KeyG, false), w.StartGameDialog, false),
		continueGame,
		fyne.NewMenuItemSeparator(),
		inGame(gt.Resign, w.Resign, true),
		inGame(gt.Declare, w.DeclareWin, true),
		inGame(gt.Abort, w.AbortGame, false),
		inGame(gt.Takeback, w.TakebackGame, true),
		fyne.NewMenuItemSeparator(),
		inGame(gt.MoveNow, w.MoveNow, false),
	)
	bt := w.bookText()
	editable := w.book != nil && w.book.b != nil
	bookOpen := editable || w.book != nil && w.book.file != nil
	enabledIf := func(on bool, label string, action func()) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, action)
		it.Disabled = !on
		return it
	}
	bookMenu := fyne.NewMenu(bt.Menu,
		fyne.NewMenuItem(bt.Open, func() { w.book.open() }),
		fyne.NewMenuItem(bt.New, func() { w.book.newBook() }),
		enabledIf(editable, bt.Save, func() { w.book.save(false, nil) }),
		enabledIf(editable, bt.SaveAs, func() { w.book.save(true, nil) }),
		fyne.NewMenuItemSeparator(),
		fyne.NewMenuItem(bt.AddNext, func() { w.book.addNext() }),
		fyne.NewMenuItem(bt.AddRecord, func() { w.book.addRecord() }),
		fyne.NewMenuItem(bt.AddFolder, func() { w.book.addFolder() }),
		fyne.NewMenuItemSeparator(),
		enabledIf(bookOpen, bt.Close, func() { w.book.closeBook() }),
	)
	rt, _ := w.roomText()
	engines := fyne.NewMenu(rt.MenuEngines,
		w.shortcutItem(rt.EngineSettings, shortcut(fyne.KeyE, true), w.EngineSettings, false),
		fyne.NewMenuItem(rt.ProtocolLogMenu, w.ProtocolLog),
	)
	help := fyne.NewMenu(m.MenuHelp, fyne.NewMenuItem(m.KeysMenu+"  (F1)", w.ShowKeys), fyne.NewMenuItem(m.About, w.ShowAbout))
	return fyne.NewMainMenu(file, edit, record, gameMenu, studyMenu, bookMenu, engines, view, help)
}

// ShowAbout says what Banmen is, its version and its font's licence (ヘルプ → Banmen について).
func (w *MainWindow) ShowAbout() {
	text := w.msg.AboutText
	if w.opts.Version != "" {
		// under the first line, which names the program
		name, rest, _ := strings.Cut(text, "\n")
		text = name + "\n" + fmt.Sprintf(w.msg.AboutVersionF, w.opts.Version) + "\n" + rest
	}
	w.showMessage(w.msg.About, text)
}
