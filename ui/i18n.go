package ui

import (
	"slices"
	"strings"

	"banmen/kifu"
)

// Lang is the language of the interface.
type Lang int

const (
	Japanese Lang = iota
	English
)

// Code is the preference value of the language: "ja" or "en".
func (l Lang) Code() string {
	if l == English {
		return "en"
	}
	return "ja"
}

// ParseLang reads a preference value: "ja" or "en"; anything else (such as "" or "auto")
// reports false.
func ParseLang(code string) (Lang, bool) {
	switch code {
	case "ja":
		return Japanese, true
	case "en":
		return English, true
	}
	return Japanese, false
}

// SystemLang is the language the system asks for, read as the C library does: the first of
// LC_ALL, LC_MESSAGES and LANG that is set. Japanese locales ("ja_JP.UTF-8", "ja") give
// Japanese; any other gives English.
func SystemLang(getenv func(string) string) Lang {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if s := getenv(v); s != "" {
			if strings.HasPrefix(strings.ToLower(s), "ja") {
				return Japanese
			}
			return English
		}
	}
	return English
}

// Messages holds every text of the interface in one language. Fields ending in F are
// fmt formats. A test checks that both languages fill every field.
type Messages struct {
	AppName string

	// menus
	MenuFile, MenuEdit, MenuRecord, MenuView, MenuHelp           string
	NewGame, NewHandicap, Open, OpenRecent, NoRecent             string
	ClearRecent, Save, SaveAs, SaveEncoding, Quit                string
	EncodingTraditional, EncodingUTF8                            string
	Paste, CopySFEN, CopyUSI, CopyKIF, TakeBack, EditPosition    string
	CopyKI2, CopyCSA, CopyJKF                                    string
	First, Prev, Next, Last, MakeMainLine, MoveVariationUp       string
	DeleteFromHere, Flip, Language, LanguageAuto, Theme          string
	FullScreen, AboutVersionF, ResetLayout                       string
	KeysMenu, KeysOther, EngineListProblemF, EngineListCorruptF  string
	SettingsTitle, PrefsRestoredF, PrefsResetF, PrefsUnreadableF string
	PrefsUnwritableF                                             string
	PieceStyle, PieceOneKanji, PieceTwoKanji                     string
	Sound, PieceSound, VolumeLoud, VolumeMedium, VolumeQuiet     string
	ThemeSystem, ThemeLight, ThemeDark, About, AboutText         string
	TextSize, TextSmall, TextNormal, TextLarge, TextLarger       string
	Start, Variations, Comment, GameInfo, Record                 string
	HeaderBlack, HeaderWhite, HeaderEvent, HeaderDate            string
	HeaderPlace, HeaderTimeLimit, HeaderOpening, NoPieces        string
	Black, White, Promote, NotPromote, SideToMove                string
	Untitled, Modified, Cancel, Close, Error, MovesF, MoveF      string // MoveF: one move
	SaveChangesTitle, SaveChangesF, DontSave                     string
	LossyTitle, LossyVariationsF, LossyTimesF, LossyComments     string
	LossyBookmarks, LossyHeaders                                 string
	// a copy in a format that cannot hold everything: the format, and what it leaves out
	CopiedLossF string
	// a record read with warnings, in a folder's summary: its name, how many, the first
	RecordWarningsF                                                           string
	LossySave, ReadErrorTitle, ReadErrorF, WarningsF, WriteErrF               string
	PasteNothing, PasteErrorF, CopiedF, TakeBackNotLast                       string
	NothingToTakeBack, RestoreTitle, RestoreF, RestoreMoreF, Restore, Discard string
	AutosaveFailedTitle, AutosaveFailedF                                      string
	EditorTitle, EditorHelp, EditorBox                                        string
	EditorTsume, EditorClear, EditorPreset, EditorDone                        string
	EditorOpenF, PastedIntoEditor                                             string
	EditorUndo, EditorNothingToUndo                                           string
	EditorImpossibleTitle, EditorNoPieceF, EditorKingToHand                   string
	OpenedF, SavedF, NewGameF                                                 string
	DroppedNotFile, VarMain, VarUp, VarDelete                                 string
	NoFileDialog                                                              string
	ExportImage                                                               string
	Details, ReadErrorLineF, BinaryFile, NotARecord, NoSuchFile               string
	TooLargeF, AtLineF                                                        string
	HeaderLineBreakF, NoPermission, DiskFull                                  string
	IsFolder                                                                  string
	// a record read only in part (recordfile.PartialError): the offer, its button, the status
	PartialOfferF, OpenPartial, OpenedPartialF, PastedPartialF string
	PastedText                                                 string // names pasted text in WarningsF
	HeaderShitate, HeaderUwate, HeaderHandicap, HeaderEnd      string
	HandicapOther, Notation, NotationJapanese, NotationWestern string
	// HandicapNames names kifu.Handicaps, in their order, separated by "|" (handicapLabel)
	HandicapNames string

	// 検討 (study), the engine panel and 詰み探索 (mate search)
	MenuStudy, StartStudyMenu, StopStudy, MateSearch, EngineTab     string
	StudyEngines, StudyLines, StartStudy, NoEngines, EngineIdle     string
	EngineStarting, EngineThinking, EngineStopped, Predicted        string
	Depth, Nodes, Hash, MateShort, EngineErrorTitle, EngineFailedF  string
	NoMultiPVF, MateTitle, MateEngine, MateLimit, MateStart         string
	MateSearchingF, MateFoundF, MateNone, MateTimeout, MateCanceled string
	MateFutileOmitted, MateSideToMoveMated                          string
	MateNotImplementedF, MateFailedF, NoLimit, SecondsF             string
}

// MessagesFor returns the texts of the interface in l.
func MessagesFor(l Lang) *Messages {
	if l == English {
		return &englishMessages
	}
	return &japaneseMessages
}

var japaneseMessages = Messages{
	AppName: "Banmen",

	MenuFile: "ファイル", MenuEdit: "編集", MenuRecord: "棋譜", MenuView: "表示", MenuHelp: "ヘルプ",
	NewGame: "新規対局（平手）", NewHandicap: "新規対局（駒落ち）", Open: "開く…", OpenRecent: "最近使ったファイル",
	NoRecent: "（なし）", ClearRecent: "履歴を消去", Save: "上書き保存", SaveAs: "名前を付けて保存…",
	SaveEncoding: "保存する文字コード", Quit: "終了",
	EncodingTraditional: ".kif .ki2 .csa は Shift_JIS（標準）", EncodingUTF8: "すべて UTF-8",
	Paste: "棋譜・局面を貼り付け", CopySFEN: "局面をコピー（SFEN）", CopyUSI: "棋譜をコピー（USI）",
	CopyKIF: "棋譜をコピー（KIF）", CopyKI2: "棋譜をコピー（KI2）", CopyCSA: "棋譜をコピー（CSA）", CopyJKF: "棋譜をコピー（JKF）", TakeBack: "一手戻す（待った）", EditPosition: "局面編集",
	First: "最初へ", Prev: "一手戻る", Next: "一手進む", Last: "最後へ", MakeMainLine: "本譜にする",
	MoveVariationUp: "変化を上へ", DeleteFromHere: "この手以降を削除", Flip: "盤面を反転", FullScreen: "全画面表示", PieceStyle: "駒の表示", PieceOneKanji: "一文字駒（歩）", PieceTwoKanji: "二文字駒（歩兵）",
	Sound: "音", PieceSound: "駒音", VolumeLoud: "音量：大", VolumeMedium: "音量：中", VolumeQuiet: "音量：小", ResetLayout: "レイアウトを元に戻す", AboutVersionF: "バージョン %s",
	Language: "言語 / Language", LanguageAuto: "システムに従う", Theme: "テーマ",
	ThemeSystem: "システムに従う", ThemeLight: "ライト", ThemeDark: "ダーク", About: "Banmen について",
	TextSize: "文字の大きさ", TextSmall: "小", TextNormal: "標準", TextLarge: "大", TextLarger: "特大",
	AboutText:          "Banmen（盤面）— 将棋 GUI\nフォント: Noto Sans CJK JP（SIL Open Font License 1.1）\nBanmen が使っているソフトウェアのライセンスは、配布パッケージの THIRD_PARTY_LICENSES.txt（インストールすると share/doc/banmen に入ります）にあります。",
	EngineListProblemF: "エンジンの一覧に問題があります: %s",
	EngineListCorruptF: "エンジンの一覧 %s を読めませんでした。元のファイルは %s として残し、新しい一覧を始めました（同梱のエンジンは入っています。ほかのエンジンは登録し直してください）。",
	SettingsTitle:      "設定",
	PrefsRestoredF:     "設定のファイル %s を読めませんでした（書き込みの途中で終了したようです）。前回の起動時の設定に戻しました。読めなかったファイルは %s として残してあります。",
	PrefsResetF:        "設定のファイル %s を読めませんでした（書き込みの途中で終了したようです）。最初の起動時の設定で始めます。読めなかったファイルは %s として残してあります。",
	PrefsUnreadableF:   "設定のファイル %s を読めません。設定は覚えておけません。",
	PrefsUnwritableF:   "設定のファイル %s に書き込めません（%s）。変えた設定は Banmen を閉じると失われます。",
	KeysMenu:           "キー操作…",
	KeysOther: "← ↑　一手戻る\n→ ↓　一手進む\nHome　開始局面\nEnd　最後の局面\nPage Up / Page Down　10 手戻る / 進む\n" +
		"マウスホイール（盤の上）　一手ずつ戻る・進む\nEsc　選んだ駒を戻す、ダイアログを閉じる\nEnter　ダイアログの既定のボタン\n" +
		"F11　全画面表示\nF1　この一覧",
	Start: "開始局面", Variations: "変化", Comment: "コメント", GameInfo: "対局情報",
	Record:      "棋譜",
	HeaderBlack: "先手", HeaderWhite: "後手", HeaderEvent: "棋戦", HeaderDate: "開始日時", HeaderPlace: "場所",
	HeaderTimeLimit: "持ち時間", HeaderOpening: "戦型", NoPieces: "なし",
	Black: "先手", White: "後手", Promote: "成", NotPromote: "不成", SideToMove: "手番",
	Untitled: "無題", Modified: "（未保存）", MovesF: "%d 手", MoveF: "%d 手",
	Cancel: "キャンセル", Close: "閉じる", Error: "エラー",
	SaveChangesTitle: "保存されていない変更",
	SaveChangesF:     "「%s」の変更は保存されていません。保存しますか？", DontSave: "保存しない",
	LossyTitle:          "この形式では失われるものがあります",
	LossyVariationsF:    "%s 形式は変化を保存できません。本譜だけが保存されます。",
	LossyTimesF:         "%s 形式は消費時間を保存できません。",
	LossyComments:       "この形式はコメントを保存できません。",
	LossyBookmarks:      "この形式はしおりを保存できません。",
	CopiedLossF:         "%s をコピーしました（%s は含まれません）",
	RecordWarningsF:     "%s: 読み込み時の注意 %d 件（1件目: %v）",
	LossyHeaders:        "この形式は対局情報（対局者・棋戦など）を保存できません。",
	LossySave:           "それでも保存",
	ReadErrorTitle:      "棋譜を読めません",
	ReadErrorF:          "%s を読めませんでした。\n%s",
	WarningsF:           "%s を読みました（注意 %d 件）:\n%s",
	WriteErrF:           "%s に保存できませんでした。\n%s",
	PasteNothing:        "クリップボードに文字列がありません。",
	PasteErrorF:         "貼り付けた文字列を棋譜・局面として読めません。\n%s",
	CopiedF:             "%s をコピーしました",
	TakeBackNotLast:     "待ったは変化の最後の手にだけ使えます。途中から消すには「この手以降を削除」を使ってください。",
	NothingToTakeBack:   "戻す手がありません。",
	RestoreTitle:        "前回の棋譜を復元しますか？",
	RestoreF:            "前回、保存されないまま終了した棋譜があります（%s、%d 手）。復元しますか？",
	RestoreMoreF:        "このあと、ほかの %d 件も順にお尋ねします。",
	AutosaveFailedTitle: "自動保存できません",
	AutosaveFailedF:     "編集中の棋譜の控えを書けません（%v）。このまま Banmen が異常終了すると、保存していない変更は戻せません。棋譜を保存してください。",
	Restore:             "復元する", Discard: "破棄する",
	EditorTitle: "局面編集",
	EditorHelp: "駒をクリックしてから移動先をクリック（ドラッグでも可）。選んだ駒をもう一度クリックすると成・先後が変わります。" +
		"右クリックで駒箱へ。駒箱の駒を選ぶと盤や駒台に置けます。",
	EditorBox: "駒箱", EditorTsume: "詰将棋（残り駒を後手の駒台へ）",
	EditorClear: "盤をクリア（玉以外を駒箱へ）", EditorPreset: "初期配置", EditorDone: "編集を終える",
	EditorOpenF:      "局面編集中です。先に「%s」か「%s」を押してください。",
	PastedIntoEditor: "貼り付けた局面を編集中です",
	EditorUndo:       "元に戻す", EditorNothingToUndo: "元に戻す操作がありません",
	EditorImpossibleTitle: "ありえない局面です",
	EditorNoPieceF:        "駒箱に %s がありません。",
	EditorKingToHand:      "玉は駒台に置けません。",
	OpenedF:               "%s を開きました", SavedF: "%s に保存しました", NewGameF: "新規対局: %s",
	DroppedNotFile: "ドロップされたものはファイルではありません。",
	VarMain:        "本譜にする", VarUp: "上へ", VarDelete: "削除",
	NoFileDialog: "ファイルを選ぶダイアログがありません。",
	ExportImage:  "局面図を画像で保存…",
	Details:      "詳細", ReadErrorLineF: "%s の %d 行目を読めませんでした。\n%s",
	BinaryFile:       "棋譜のファイルではありません（文字ではないデータです）。",
	TooLargeF:        "棋譜としては大きすぎるファイルです（棋譜として読むのは %d MB まで）。",
	AtLineF:          "%d 行目: %s",
	HeaderLineBreakF: "対局情報の「%s」に改行があり、%s には書けません。改行を除くか、JKF で保存してください。",
	NoPermission:     "書き込む権限がありません。",
	DiskFull:         "ディスクに空きがありません。",
	NotARecord:       "KIF・KI2・CSA・JKF・USI/SFEN のどの形式の棋譜・局面でもありません。",
	NoSuchFile:       "ファイルがありません。",
	PastedText:       "貼り付けた文字列",
	PartialOfferF:    "そこまでに読めた%d手は、新しい棋譜として開けます（ファイルは変わりません）。",
	OpenPartial:      "読めた所まで開く",
	OpenedPartialF:   "%s の %d 行目までに読めた %d 手を新しい棋譜として開きました（保存するときは名前を尋ねます）",
	PastedPartialF:   "貼り付けた文字列の %d 行目までに読めた %d 手を新しい棋譜として開きました",
	IsFolder:         "ファイルではなくフォルダです。",
	HeaderShitate:    "下手", HeaderUwate: "上手", HeaderHandicap: "手合割", HeaderEnd: "終了日時",
	HandicapOther: "その他（局面から）",
	HandicapNames: "平手|香落ち|右香落ち|角落ち|飛車落ち|飛香落ち|二枚落ち|三枚落ち|四枚落ち|五枚落ち|左五枚落ち|六枚落ち|左七枚落ち|右七枚落ち|八枚落ち|十枚落ち",
	Notation:      "棋譜の表記", NotationJapanese: "日本式（▲７六歩）", NotationWestern: "西洋式（▲P-7f）",

	MenuStudy: "検討", StartStudyMenu: "検討を開始…", StopStudy: "検討を停止", MateSearch: "詰み探索…",
	EngineTab: "エンジン", StudyEngines: "検討するエンジン", StudyLines: "候補手の数", StartStudy: "開始",
	NoEngines:      "登録されたエンジンがありません。",
	EngineIdle:     "検討していません。「検討」メニューの「検討を開始…」で始めます。",
	EngineStarting: "起動中", EngineThinking: "思考中", EngineStopped: "停止", Predicted: "予想手",
	Depth: "深さ", Nodes: "ノード", Hash: "ハッシュ", MateShort: "詰",
	EngineErrorTitle: "エンジンのエラー",
	EngineFailedF:    "エンジン「%s」が止まったため、検討を終了しました。\n%s",
	NoMultiPVF:       "候補手の数を変えられません: %s",
	MateTitle:        "詰み探索", MateEngine: "エンジン", MateLimit: "制限時間", MateStart: "探索",
	MateSearchingF:      "%s で詰みを探しています…",
	MateFoundF:          "%d手詰\n%s",
	MateFutileOmitted:   "（無駄合は省略）",
	MateSideToMoveMated: "（王手されている手番側の詰み）",
	MateNone:            "不詰: 詰みはありません。",
	MateTimeout:         "制限時間内に詰みは見つかりませんでした。",
	MateCanceled:        "詰み探索を中止しました。",
	MateNotImplementedF: "%s は詰み探索に対応していません。",
	MateFailedF:         "%s の詰み探索に失敗しました。\n%s",
	NoLimit:             "無制限", SecondsF: "%d 秒",
}

var englishMessages = Messages{
	AppName: "Banmen",

	MenuFile: "File", MenuEdit: "Edit", MenuRecord: "Record", MenuView: "View", MenuHelp: "Help",
	NewGame: "New Game (Even)", NewHandicap: "New Handicap Game", Open: "Open…", OpenRecent: "Open Recent",
	NoRecent: "(none)", ClearRecent: "Clear Recent", Save: "Save", SaveAs: "Save As…",
	SaveEncoding: "Encoding When Saving", Quit: "Quit",
	EncodingTraditional: "Shift_JIS for .kif .ki2 .csa (standard)", EncodingUTF8: "UTF-8 for every file",
	Paste: "Paste Record or Position", CopySFEN: "Copy Position (SFEN)", CopyUSI: "Copy Game (USI)",
	CopyKIF: "Copy Game (KIF)", CopyKI2: "Copy Game (KI2)", CopyCSA: "Copy Game (CSA)", CopyJKF: "Copy Game (JKF)", TakeBack: "Take Back Move", EditPosition: "Edit Position",
	First: "First", Prev: "Previous Move", Next: "Next Move", Last: "Last", MakeMainLine: "Make Main Line",
	MoveVariationUp: "Move Variation Up", DeleteFromHere: "Delete From Here", Flip: "Flip Board", FullScreen: "Full Screen", PieceStyle: "Pieces", PieceOneKanji: "One Kanji (歩)", PieceTwoKanji: "Two Kanji (歩兵)",
	Sound: "Sound", PieceSound: "Piece Sound", VolumeLoud: "Volume: Loud", VolumeMedium: "Volume: Medium", VolumeQuiet: "Volume: Quiet", ResetLayout: "Reset Layout", AboutVersionF: "Version %s",
	Language: "Language / 言語", LanguageAuto: "Follow the System", Theme: "Theme",
	ThemeSystem: "Follow the System", ThemeLight: "Light", ThemeDark: "Dark", About: "About Banmen",
	TextSize: "Text Size", TextSmall: "Small", TextNormal: "Normal", TextLarge: "Large", TextLarger: "Larger",
	AboutText:          "Banmen (盤面) — a shogi GUI\nFont: Noto Sans CJK JP (SIL Open Font License 1.1)\nThe licences of the software Banmen is built with are in THIRD_PARTY_LICENSES.txt, in the package (installed into share/doc/banmen).",
	EngineListProblemF: "The engine list has a problem: %s",
	EngineListCorruptF: "The engine list %s could not be read. The file was kept as %s and a new list started (Banmen's own engine is in it; register the others again).",
	SettingsTitle:      "Settings",
	PrefsRestoredF:     "The settings file %s could not be read (Banmen seems to have stopped while writing it). The settings of the last start were put back. The unreadable file was kept as %s.",
	PrefsResetF:        "The settings file %s could not be read (Banmen seems to have stopped while writing it). Banmen starts with the settings of a first run. The unreadable file was kept as %s.",
	PrefsUnreadableF:   "The settings file %s cannot be read, so settings cannot be remembered.",
	PrefsUnwritableF:   "The settings file %s cannot be written (%s). Settings changed are lost when Banmen closes.",
	KeysMenu:           "Keyboard…",
	KeysOther: "← ↑　back a move\n→ ↓　forward a move\nHome　the start\nEnd　the last position\nPage Up / Page Down　10 moves back / forward\n" +
		"Mouse wheel (over the board)　back or forward a move\nEsc　put back the piece picked, close a dialog\nEnter　a dialog's default button\n" +
		"F11　full screen\nF1　this list",
	Start: "Start", Variations: "Variations", Comment: "Comment", GameInfo: "Game",
	Record:      "Record",
	HeaderBlack: "Sente", HeaderWhite: "Gote", HeaderEvent: "Event", HeaderDate: "Started", HeaderPlace: "Place",
	HeaderTimeLimit: "Time control", HeaderOpening: "Opening", NoPieces: "none",
	Black: "Sente", White: "Gote", Promote: "成", NotPromote: "不成", SideToMove: "To move",
	Untitled: "Untitled", Modified: "(unsaved)", MovesF: "%d moves", MoveF: "%d move",
	Cancel: "Cancel", Close: "Close", Error: "Error",
	SaveChangesTitle: "Unsaved changes",
	SaveChangesF:     "The changes to “%s” have not been saved. Save them?", DontSave: "Don't Save",
	LossyTitle:          "Something will be lost in this format",
	LossyVariationsF:    "%s cannot hold variations: only the main line will be saved.",
	LossyTimesF:         "%s cannot hold the time of each move.",
	LossyComments:       "This format cannot hold comments.",
	LossyBookmarks:      "This format cannot hold bookmarks.",
	CopiedLossF:         "Copied %s (without the record's %s)",
	RecordWarningsF:     "%s: %d warnings while reading (first: %v)",
	LossyHeaders:        "This format cannot hold the game's headers (players, event, …).",
	LossySave:           "Save Anyway",
	ReadErrorTitle:      "Cannot read the record",
	ReadErrorF:          "%s could not be read.\n%s",
	WarningsF:           "Read %s with %d warnings:\n%s",
	WriteErrF:           "Could not save to %s.\n%s",
	PasteNothing:        "The clipboard holds no text.",
	PasteErrorF:         "The pasted text is not a record or a position.\n%s",
	CopiedF:             "Copied %s",
	TakeBackNotLast:     "Take back works on the last move of a line. To cut a line in the middle use “Delete From Here”.",
	NothingToTakeBack:   "There is no move to take back.",
	RestoreTitle:        "Restore the last record?",
	RestoreF:            "A record was not saved when Banmen last ended (%s; moves: %d). Restore it?",
	RestoreMoreF:        "%d more will be offered after this one.",
	AutosaveFailedTitle: "Autosave failed",
	AutosaveFailedF:     "The copy of the record being edited cannot be written (%v). If Banmen ends abnormally now, the changes not saved cannot be restored: save the record.",
	Restore:             "Restore", Discard: "Discard",
	EditorTitle: "Edit Position",
	EditorHelp: "Click a piece, then where it goes (or drag it). Click the chosen piece again to promote it or turn it " +
		"to the other side. Right-click sends it back to the box. Choose a piece in the box to put it on the board or a stand.",
	EditorBox: "Piece box", EditorTsume: "Tsume (rest to gote's hand)",
	EditorClear: "Clear (all but kings to the box)", EditorPreset: "Start position", EditorDone: "Done",
	EditorOpenF:      "The position editor is open: press \"%s\" or \"%s\" first.",
	PastedIntoEditor: "The pasted position is in the editor",
	EditorUndo:       "Undo", EditorNothingToUndo: "Nothing to undo",
	EditorImpossibleTitle: "Impossible position",
	EditorNoPieceF:        "There is no %s left in the box.",
	EditorKingToHand:      "A king cannot be put in hand.",
	OpenedF:               "Opened %s", SavedF: "Saved %s", NewGameF: "New game: %s",
	DroppedNotFile: "What was dropped is not a file.",
	VarMain:        "Main Line", VarUp: "Up", VarDelete: "Delete",
	NoFileDialog: "There is no file dialog.",
	ExportImage:  "Export Position Image…",
	Details:      "Details", ReadErrorLineF: "%s could not be read at line %d.\n%s",
	BinaryFile:       "This is not a record file: it holds binary data, not text.",
	TooLargeF:        "The file is too large to be a record (Banmen reads records of at most %d MB).",
	AtLineF:          "line %d: %s",
	HeaderLineBreakF: "The header “%s” holds a line break, which %s cannot hold: take it out, or save as JKF.",
	NoPermission:     "There is no permission to write there.",
	DiskFull:         "The disk is full.",
	NotARecord:       "It is not a record or position in any known format (KIF, KI2, CSA, JKF, USI/SFEN).",
	NoSuchFile:       "The file does not exist.",
	PastedText:       "the pasted text",
	PartialOfferF:    "The %d moves read up to there can be opened as a new record (the file stays as it is).",
	OpenPartial:      "Open What Was Read",
	OpenedPartialF:   "Opened the %[3]d moves of %[1]s read up to line %[2]d as a new record; saving asks for a name",
	PastedPartialF:   "Opened the %[2]d moves of the pasted text read up to line %[1]d as a new record",
	IsFolder:         "It is a folder, not a file.",
	HeaderShitate:    "Shitate", HeaderUwate: "Uwate", HeaderHandicap: "Handicap", HeaderEnd: "Ended",
	HandicapOther: "Other (from a position)",
	HandicapNames: "Even (平手)|Lance (香落ち)|Right lance (右香落ち)|Bishop (角落ち)|Rook (飛車落ち)|" +
		"Rook and lance (飛香落ち)|Two pieces (二枚落ち)|Three pieces (三枚落ち)|Four pieces (四枚落ち)|" +
		"Five pieces (五枚落ち)|Left five pieces (左五枚落ち)|Six pieces (六枚落ち)|" +
		"Left seven pieces (左七枚落ち)|Right seven pieces (右七枚落ち)|Eight pieces (八枚落ち)|Ten pieces (十枚落ち)",
	Notation: "Move Notation", NotationJapanese: "Japanese (▲７六歩)", NotationWestern: "Western (▲P-7f)",

	MenuStudy: "Study", StartStudyMenu: "Start Study…", StopStudy: "Stop Study", MateSearch: "Mate Search…",
	EngineTab: "Engine", StudyEngines: "Engines to study with", StudyLines: "Lines (MultiPV)", StartStudy: "Start",
	NoEngines:      "No engine is registered.",
	EngineIdle:     "No study. Start one with Study → Start Study….",
	EngineStarting: "starting", EngineThinking: "thinking", EngineStopped: "stopped", Predicted: "Expects",
	Depth: "Depth", Nodes: "Nodes", Hash: "Hash", MateShort: "mate",
	EngineErrorTitle: "Engine error",
	EngineFailedF:    "The engine “%s” stopped, so the study ended.\n%s",
	NoMultiPVF:       "The number of lines cannot be changed: %s",
	MateTitle:        "Mate Search", MateEngine: "Engine", MateLimit: "Time limit", MateStart: "Search",
	MateSearchingF:      "Searching for a mate with %s…",
	MateFoundF:          "Mate in %d\n%s",
	MateFutileOmitted:   "(futile interpositions left out)",
	MateSideToMoveMated: "(the side to move, in check, is the one mated)",
	MateNone:            "No mate (不詰): the engine proved there is none.",
	MateTimeout:         "No mate found within the time limit.",
	MateCanceled:        "Mate search cancelled.",
	MateNotImplementedF: "%s cannot search for mates.",
	MateFailedF:         "The mate search with %s failed.\n%s",
	NoLimit:             "No limit", SecondsF: "%d s",
}

// handicapLabel is the name of h shown in the interface: in English with the Japanese name
// beside it, as records write it (the name itself when h is not one of kifu.Handicaps).
func (m *Messages) handicapLabel(h kifu.Handicap) string {
	names := strings.Split(m.HandicapNames, "|")
	for i, k := range kifu.Handicaps {
		if k.JKF == h.JKF && i < len(names) {
			return names[i]
		}
	}
	return h.Name
}

// handicapByLabel is the handicap shown as label (handicapLabel).
func (m *Messages) handicapByLabel(label string) (kifu.Handicap, bool) {
	if i := slices.Index(strings.Split(m.HandicapNames, "|"), label); i >= 0 && i < len(kifu.Handicaps) {
		return kifu.Handicaps[i], true
	}
	return kifu.Handicap{}, false
}
