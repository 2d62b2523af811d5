package ui

// The texts of the engine panel's lines, history and mate answer in both languages. They live
// apart from Messages (as analysistext.go's do) so that they grow without touching the main
// window's table; TestEnginePanelTextIsComplete checks both languages fill every field.

// panelText holds the texts in one language. Fields ending in F are fmt formats.
type panelText struct {
	History, HistoryTip, CopyUSI, CopyJapanese, LineUSI, LineJapanese string
	ShowLine, Cancel, Dismiss, MateSearchingF, MateHeaderF, Elapsed   string
	MateCancelled, InfoString, CurrMove                               string
	EngineSaid                                                        string
}

var japanesePanel = panelText{
	History: "履歴", HistoryTip: "以前の反復の読み筋を表示",
	CopyUSI: "読み筋をコピー（USI）", CopyJapanese: "読み筋をコピー（日本語）",
	LineUSI: "読み筋（USI）", LineJapanese: "読み筋",
	ShowLine: "読み筋を盤面で見る", Cancel: "キャンセル", Dismiss: "閉じる",
	MateSearchingF: "%s で詰みを探しています…", MateHeaderF: "詰み探索（%s）", Elapsed: "時間",
	MateCancelled: "中止しました。", InfoString: "情報:", CurrMove: "探索手",
	EngineSaid: "起動時のエンジンの報告:",
}

var englishPanel = panelText{
	History: "History", HistoryTip: "show the lines of earlier iterations",
	CopyUSI: "Copy Line (USI)", CopyJapanese: "Copy Line (Japanese)",
	LineUSI: "line (USI)", LineJapanese: "line",
	ShowLine: "Show Line on a Board", Cancel: "Cancel", Dismiss: "Close",
	MateSearchingF: "Searching for a mate with %s…", MateHeaderF: "Mate search (%s)", Elapsed: "Time",
	MateCancelled: "Cancelled.", InfoString: "Info:", CurrMove: "Searching",
	EngineSaid: "The engine reported as it got ready:",
}

// panelTextFor returns the panel's texts in msg's language.
func panelTextFor(msg *Messages) *panelText {
	if msg == MessagesFor(English) {
		return &englishPanel
	}
	return &japanesePanel
}
