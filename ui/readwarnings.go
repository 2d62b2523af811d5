package ui

import (
	"fmt"

	"banmen/kifu"
)

// The record readers' warnings in the window's language. The readers write them in English
// (banmen-cli prints them so); each keeps the format that made it (kifu.Warning.Format), and
// the Japanese window writes the same arguments with the format's Japanese below.
// TestReadWarningsAreAllJapanese checks every format the readers use has one.

// japaneseWarnings are the Japanese of the readers' warning formats, by the English format.
var japaneseWarnings = map[string]string{
	// KIF and KI2
	"line not understood, kept as a remark: %q":                                            "読めない行を # の行として残しました: %q",
	"the file ends in the middle of this line (%v); read up to the line before":            "ファイルがこの行の途中で終わっています（%v）。前の行まで読みました",
	"手合割 after the first move ignored":                                                     "指し手の後の手合割を無視しました",
	"unknown 手合割 %q without a board diagram: starting from 平手":                             "盤面図のない知らない手合割 %q です。平手から始めます",
	"board diagram: more pieces than a set has; read as given":                             "盤面図の駒が一組より多いですが、そのまま読みました",
	"board diagram breaks a rule (%v); read as drawn":                                      "盤面図が規則に合いません（%v）が、図のとおりに読みました",
	"illegal move %q (%s) kept as the last move of its line: the game was lost by it (反則)": "反則手 %q（%s）をその手順の最後の手として残しました（反則負け）",
	"unclosed time column %q ignored":                                                      "閉じていない消費時間の欄 %q を無視しました",
	"time column %q not understood (want ( m:ss/hh:mm:ss)); ignored":                       "消費時間の欄 %q を読めないので無視しました（( m:ss/hh:mm:ss) の形です）",
	"text after the move %q ignored: %q":                                                   "指し手 %q の後ろの文字を無視しました: %q",
	"move number %d where %d was expected; read as move %d":                                "手数 %d（%d 手目のはず）を %d 手目として読みました",
	"a move after %s: read as an alternative to it":                                        "%s の後の指し手を、その代わりの手（変化）として読みました",
	"variation line before the first move ignored":                                         "最初の指し手より前の変化の行を無視しました",
	// CSA
	"the file holds more than one record (separated by \"/\"); only the first was read":    "ファイルに棋譜が複数あります（/ 区切り）。最初の棋譜だけを読みました",
	"illegal move %q (%s) kept as the last move: its comment says the game was lost by it": "反則手 %q（%s）を最後の手として残しました（コメントに反則負けとあります）",
	"header %q has no ':' (want $KEY:value); skipped":                                      "ヘッダ %q に : がないので読み飛ばしました（$KEY:値 の形です）",
	"side to move %q after the first move ignored":                                         "指し手の後の手番の行 %q を無視しました",
	"statement %q not understood, kept as a remark":                                        "読めない文 %q を ' の行として残しました",
	"no start position (PI or P1…P9): starting from 平手":                                    "開始局面（PI か P1…P9）がないので平手から始めます",
	"start position: more pieces than a set has; read as given":                            "開始局面の駒が一組より多いですが、そのまま読みました",
	"start position breaks a rule (%v); read as given":                                     "開始局面が規則に合いません（%v）が、そのまま読みました",
	"no side-to-move line (+ or -) before the first move":                                  "最初の指し手の前に手番の行（+ か -）がありません",
	"%q after %s ignored": "%q（%s の後）を無視しました",
	"illegal move %q (%s) kept as the last move: the game was lost by it (%s)": "反則手 %q（%s）を最後の手として残しました（反則負け: %s）",
	"time %q not understood (want T and seconds, like T12); ignored":           "消費時間 %q を読めないので無視しました（T12 のように T と秒数です）",
	"time %q before the first move ignored":                                    "最初の指し手より前の消費時間 %q を無視しました",
}

// warningText writes a reader's warning as the window says it: "12 行目: …" in Japanese
// (the English words for a format it has no Japanese of), "line 12: …" in English.
func (w *MainWindow) warningText(wn kifu.Warning) string {
	if w.msg != MessagesFor(Japanese) {
		return wn.String()
	}
	text := wn.Msg
	if ja, ok := japaneseWarnings[wn.Format]; ok {
		args := make([]any, len(wn.Args))
		for i, a := range wn.Args {
			if s, ok := a.(string); ok {
				a = japaneseReason(s) // an illegal move's reason
			}
			args[i] = a
		}
		text = fmt.Sprintf(ja, args...)
	}
	if wn.Line > 0 {
		return fmt.Sprintf("%d 行目: %s", wn.Line, text)
	}
	return text
}
