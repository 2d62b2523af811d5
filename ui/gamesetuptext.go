package ui

// The texts of the 対局開始 dialog's settings and of engine-against-engine series, in
// both languages (gametext.go has the game's own); TestGameDialogTextIsComplete checks
// both languages fill every field.

// gameSetupText holds them in one language. Fields ending in F are fmt formats.
type gameSetupText struct {
	EngineFilter, FilterPlay, FilterAnalysis, FilterMate, FilterAll  string
	Options, PonderSide, MainHMS, PerSide, WhiteTime, EngineTimeLoss string
	StartFile, Browse, Shuffle, MaxMoves, MaxMovesHint, Impasse      string
	Impasse27, Impasse24, Games, SaveDir, BadHMSF, BadCountF         string
	NoStartFile, StartFileErrorF, GamesNeedEngines, NeedSaveDir      string
	BoardUnplayableF                                                 string
	IncrementWarnTitle, IncrementWarnF, StartAnyway, Back            string
	SeriesScoreF, SeriesStop, SeriesClose, SeriesDoneTitle           string
	SeriesDoneF, SeriesSaveFailedF, SeriesStopped, EloF              string
	Shitate, Uwate                                                   string // the sides' names in a handicap game
	Beep                                                             string
}

var japaneseGameSetup = gameSetupText{
	EngineFilter: "エンジンの絞り込み", FilterPlay: "対局用", FilterAnalysis: "検討用", FilterMate: "詰将棋用",
	FilterAll: "すべて", Options: "オプション…", PonderSide: "ponder",
	MainHMS: "持ち時間（時:分:秒）", PerSide: "先手と後手で別の持ち時間", WhiteTime: "後手の持ち時間",
	EngineTimeLoss: "エンジンの時間切れを負けにする（切れ負け）", Beep: "秒読みの音（残り10秒と最後の5秒）",
	StartFile: "開始局面ファイル", Browse: "参照…", Shuffle: "順番をシャッフル",
	MaxMoves: "最大手数", MaxMovesHint: "0 = 制限なし（超えたら持将棋）", Impasse: "入玉宣言",
	Impasse27: "27点法（CSA）", Impasse24: "24点法（31点で勝ち）", Games: "連続対局（局数）",
	SaveDir: "棋譜の保存先フォルダ", BadHMSF: "%s: 時:分:秒 か分の数を入れてください（%q）",
	BadCountF: "%s: 0 以上の整数を入れてください（%q）", NoStartFile: "開始局面ファイルを選んでください",
	StartFileErrorF:    "開始局面ファイルを読めません:\n%v",
	BoardUnplayableF:   "盤面の局面からは対局できません: %s",
	GamesNeedEngines:   "連続対局はエンジン同士の対局でだけできます",
	NeedSaveDir:        "連続対局の棋譜を保存するフォルダを選んでください",
	IncrementWarnTitle: "フィッシャー増加に対応していないエンジン",
	IncrementWarnF: "%s はフィッシャー増加（binc/winc）を受け付けず、異常終了します。\n" +
		"秒読みにするか、増加を 0 にしてください。このまま開始しますか？",
	StartAnyway: "このまま開始", Back: "戻る",
	SeriesScoreF: "%s 対 %s  %d/%d局  %d勝 %d敗 %d分", SeriesStop: "連続対局を中止",
	SeriesClose: "閉じる", SeriesDoneTitle: "連続対局の結果", SeriesDoneF: "%s\n棋譜: %s",
	SeriesSaveFailedF: "棋譜を保存できません: %v", SeriesStopped: "（中止）", EloF: "Elo %s",
	Shitate: "下手（先手）", Uwate: "上手（後手）",
}

var englishGameSetup = gameSetupText{
	EngineFilter: "Show engines", FilterPlay: "for play", FilterAnalysis: "for analysis", FilterMate: "for mate",
	FilterAll: "all", Options: "Options…", PonderSide: "ponder",
	MainHMS: "Main time (h:m:s)", PerSide: "Separate time for each side", WhiteTime: "Gote's time",
	EngineTimeLoss: "Engines lose on time", Beep: "Beep at 10 s left and count the last 5",
	StartFile: "Start position file", Browse: "Browse…", Shuffle: "Shuffle the order",
	MaxMoves: "Move limit", MaxMovesHint: "0 = none (then a draw, 持将棋)", Impasse: "Entering king (入玉宣言)",
	Impasse27: "27-point rule (CSA)", Impasse24: "24-point rule (31 points win)", Games: "Games in a row",
	SaveDir: "Folder for the records", BadHMSF: "%s: enter h:m:s or a number of minutes (%q)",
	BadCountF: "%s: enter a whole number of 0 or more (%q)", NoStartFile: "Choose a start position file",
	StartFileErrorF:    "The start position file cannot be read:\n%v",
	BoardUnplayableF:   "No game can start from the position on the board: %s",
	GamesNeedEngines:   "Several games in a row are for engine against engine only",
	NeedSaveDir:        "Choose a folder for the series' records",
	IncrementWarnTitle: "An engine without Fischer increments",
	IncrementWarnF: "%s does not take a Fischer increment (binc/winc): it would exit.\n" +
		"Use byoyomi or set the increment to 0. Start anyway?",
	StartAnyway: "Start anyway", Back: "Back",
	SeriesScoreF: "%s vs %s  game %d/%d  %d won %d lost %d drawn", SeriesStop: "Stop the series",
	SeriesClose: "Close", SeriesDoneTitle: "Series result", SeriesDoneF: "%s\nRecords: %s",
	SeriesSaveFailedF: "The record cannot be saved: %v", SeriesStopped: "(stopped)", EloF: "Elo %s",
	Shitate: "Shitate (Sente)", Uwate: "Uwate (Gote)",
}

func gameSetupTextFor(l Lang) *gameSetupText {
	if l == English {
		return &englishGameSetup
	}
	return &japaneseGameSetup
}

// gameSetupText returns the dialog's texts in the interface's language.
func (w *MainWindow) gameSetupText() *gameSetupText {
	return gameSetupTextFor(w.settings.Language(w.opts.Getenv))
}
