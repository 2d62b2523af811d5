package ui

// The texts of the 評価値グラフ and 棋譜解析 in both languages. They live apart from Messages,
// as the engine room's do (roomtext.go), so that they grow without touching the main window's
// table; TestAnalysisDialogTextIsComplete checks both languages fill every field.

// analysisText holds the texts in one language. Fields ending in F are fmt formats.
type analysisText struct {
	GraphWinRate, AnalyseMenu, Title, Engine, Seconds, FromPly, ToPly   string
	Start, Cancel, Stop, Close, Running, ProgressF, DoneTitle, Stopped  string
	BadSecondsF, BadRangeF, SideBlack, SideWhite, AvgLossF, CountsF     string
	WorstF, NoWorst, FailedF, Resumed, Busy, MainLineChanged            string
	Order, OrderStart, OrderEnd, Comments, CommentAppend, CommentInsert string
	CommentOverwrite, MultiPV                                           string
	CoefficientMenu, Coefficient, CoefficientNote, BadCoefficientF, OK  string
	BatchMenu, BatchTitle, BatchIn, BatchOut, Browse, BadFolders        string
	NoRecordsF, SameFolders, BatchProgressF, BatchSkippedF, BatchDoneF  string
	BatchStopped, DoneF, StoppedStatusF, GraphAnalysis                  string
	AnalysingAtF, AnalysingStart                                        string
}

var japaneseAnalysis = analysisText{
	GraphWinRate: "評価値グラフを勝率で表示", AnalyseMenu: "棋譜解析…", Title: "棋譜解析",
	Engine: "エンジン", Seconds: "1手の秒数", FromPly: "開始手数", ToPly: "終了手数",
	Start: "解析開始", Cancel: "キャンセル", Stop: "中断", Close: "閉じる",
	Running: "解析中…", ProgressF: "%d / %d 局面　残り約 %s", DoneTitle: "棋譜解析の結果",
	Stopped:     "中断しました。解析した分は棋譜に残り、もう一度実行すると続きから解析します。",
	BadSecondsF: "1手の秒数は 0.1 以上の数にしてください（%q）", BadRangeF: "手数の範囲が正しくありません（1〜%d）",
	SideBlack: "▲先手", SideWhite: "△後手", AvgLossF: "平均損失 %.0f（%d 手）", CountsF: "悪手 %d　疑問手 %d　一致率 %.0f%%",
	WorstF: "%d手目 %s（%+d）", NoWorst: "損失の大きな手はありません",
	FailedF: "棋譜解析が止まりました: %v", Resumed: "（解析済みの局面は読み直しました）",
	Busy: "棋譜解析はすでに実行中です", MainLineChanged: "本譜が変わったため、解析結果の一部を棋譜に書けませんでした",
	Order: "順序", OrderStart: "先頭から", OrderEnd: "末尾から", Comments: "コメント",
	CommentAppend: "追記", CommentInsert: "挿入", CommentOverwrite: "上書き", MultiPV: "候補手の数",
	CoefficientMenu: "勝率の係数…", Coefficient: "勝率の係数",
	CoefficientNote: "勝率 = 1 / (1 + exp(-評価値 / 係数))。係数が大きいほど評価値の差が勝率に表れにくくなります（既定 600）。",
	BadCoefficientF: "係数は 1 以上の数にしてください（%q）", OK: "OK",
	BatchMenu: "フォルダを一括解析…", BatchTitle: "フォルダの棋譜を一括解析", BatchIn: "棋譜のフォルダ",
	BatchOut: "保存先のフォルダ", Browse: "参照…", BadFolders: "棋譜のフォルダと保存先のフォルダを指定してください",
	NoRecordsF: "%s に棋譜ファイル（.kif .kifu .ki2 .csa .jkf）がありません", SameFolders: "保存先は棋譜のフォルダとは別のフォルダにしてください",
	BatchProgressF: "%d / %d 件目 %s　%d / %d 局面　残り約 %s", BatchSkippedF: "%s を飛ばしました: %v",
	BatchDoneF:   "%d / %d 件の棋譜を解析して %s に保存しました",
	BatchStopped: "中断しました。解析した分は保存先にあり、もう一度実行すると続きから解析します。",
	DoneF:        "棋譜解析が終わりました（%d 局面）", StoppedStatusF: "棋譜解析を中断しました（%d / %d 局面）",
	GraphAnalysis: "解析・検討",
	AnalysingAtF:  "（%d手目の局面）", AnalysingStart: "（開始局面）",
}

var englishAnalysis = analysisText{
	GraphWinRate: "Show Evaluation Graph as Win Rate", AnalyseMenu: "Analyse Game…", Title: "Analyse Game",
	Engine: "Engine", Seconds: "Seconds per move", FromPly: "From move", ToPly: "To move",
	Start: "Analyse", Cancel: "Cancel", Stop: "Stop", Close: "Close",
	Running: "Analysing…", ProgressF: "%d / %d positions, about %s left", DoneTitle: "Game analysis",
	Stopped:     "Stopped. What was analysed stays in the record; analysing again goes on from there.",
	BadSecondsF: "Seconds per move must be a number of at least 0.1 (%q)", BadRangeF: "The range of moves is wrong (1 to %d)",
	SideBlack: "▲Sente", SideWhite: "△Gote", AvgLossF: "average loss %.0f (%d moves)", CountsF: "blunders %d, dubious %d, engine's choice %.0f%%",
	WorstF: "move %d %s (%+d)", NoWorst: "no move lost much",
	FailedF: "The analysis stopped: %v", Resumed: "(positions analysed before were read back)",
	Busy: "An analysis is already running", MainLineChanged: "The main line changed: some results could not be written into the record",
	Order: "Order", OrderStart: "From the start", OrderEnd: "From the end", Comments: "Comments",
	CommentAppend: "Append", CommentInsert: "Insert", CommentOverwrite: "Overwrite", MultiPV: "Candidates",
	CoefficientMenu: "Win Rate Coefficient…", Coefficient: "Win rate coefficient",
	CoefficientNote: "Win rate = 1 / (1 + exp(-score / coefficient)). The larger it is, the less a score moves the win rate (default 600).",
	BadCoefficientF: "The coefficient must be a number of at least 1 (%q)", OK: "OK",
	BatchMenu: "Analyse a Folder…", BatchTitle: "Analyse every record in a folder", BatchIn: "Records folder",
	BatchOut: "Output folder", Browse: "Browse…", BadFolders: "Choose the records folder and the output folder",
	NoRecordsF: "%s holds no record files (.kif .kifu .ki2 .csa .jkf)", SameFolders: "The output folder must be another folder than the records'",
	BatchProgressF: "file %d / %d %s, %d / %d positions, about %s left", BatchSkippedF: "%s skipped: %v",
	BatchDoneF:   "%d of %d records analysed and written to %s",
	BatchStopped: "Stopped. What was analysed is in the output folder; analysing again goes on from there.",
	DoneF:        "Game analysis finished (%d positions)", StoppedStatusF: "Game analysis stopped (%d of %d positions)",
	GraphAnalysis: "Analysis",
	AnalysingAtF:  " (after move %d)", AnalysingStart: " (start position)",
}

// analysisText returns the texts in the window's language.
func (w *MainWindow) analysisText() *analysisText {
	if w.msg == MessagesFor(English) {
		return &englishAnalysis
	}
	return &japaneseAnalysis
}
