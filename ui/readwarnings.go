package ui

import (
	"fmt"

	"banmen/board"
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
	// JKF
	"the file ends early (the JSON is not closed); read as far as it goes": "ファイルが途中で終わっています（JSON が閉じていません）。読めたところまで読みました",
	"initial: %v": "開始局面（initial）: %v",
	"moves[0] holds a move; moves[0] is for the comment on the start position, so it was read as the first move": "moves[0] に指し手があります。moves[0] は開始局面へのコメントの場所ですが、最初の指し手として読みました",
	"%s (ply %d): illegal move %s (%s) kept as the last move of its line: the game was lost by it":               "%s（%d 手目）: 反則手 %s（%s）をその手順の最後の手として残しました（反則負け）",
	// USI and SFEN
	"more than one position in the text; only the first was read": "局面が複数あります。最初のものだけを読みました",
	"%v": "%v", // a message (kifu.Message) passed on, in Japanese by its own format
	// a board with two kings of one side (KIF, CSA, JKF)
	"board diagram: two kings of %s; the one on %s was left out": "盤面図に%sの玉が二つあります。%s の玉を除きました",
	"two kings of %s; the one on %s was left out":                "%sの玉が二つあります。%s の玉を除きました",
}

// warningText writes a reader's warning as the window says it: "12 行目: …" in Japanese
// (the English words for a format it has no Japanese of), "line 12: …" in English.
func (w *MainWindow) warningText(wn kifu.Warning) string {
	if w.msg != MessagesFor(Japanese) {
		return wn.String()
	}
	text := wn.Msg
	if ja, ok := japaneseWarnings[wn.Format]; ok {
		text = fmt.Sprintf(ja, japaneseArgs(wn.Args)...)
	}
	if wn.Line > 0 {
		return fmt.Sprintf("%d 行目: %s", wn.Line, text)
	}
	return text
}

// japaneseErrors are the Japanese of the readers' error formats, and of the messages (causes)
// their errors pass on (kifu.Message), by the English format (kifu.ParseError.Format,
// kifu.Message.Format); TestReadErrorsAreAllJapanese checks every format the readers use has
// one, but the one that only passes another error on.
var japaneseErrors = map[string]string{
	// KIF and KI2
	"illegal move %q: %s": "反則手 %q: %s",
	"not a KIF or KI2 record: no line was understood (the first: %s)":                       "KIF・KI2 の棋譜として読める行がありません。（最初の行: %s）",
	"pieces in hand after the first move: the board diagram must come before the moves":     "指し手の後に持駒の行があります（盤面図は指し手より前に書きます）",
	"a board diagram row after the first move: the diagram must come before the moves":      "指し手の後に盤面図の行があります（盤面図は指し手より前に書きます）",
	"board diagram: %q is not a piece (want ・ for an empty square, v before a white piece)": "盤面図: %q は駒ではありません（空き升は ・、後手の駒は前に v）",
	"board diagram row has %d squares, want 9":                                              "盤面図の段に升が %d 個あります（9 個のはずです）",
	"board diagram: bad rank":           "盤面図: 段の数字が読めません",
	"board diagram has %d rows, want 9": "盤面図に段が %d 段あります（9 段のはずです）",
	"board diagram: %v":                 "盤面図: %v",
	"bad move number %q":                "手数 %q を読めません",
	"empty move":                        "指し手がありません",
	"want ▲ or △ before a move, got %q": "指し手の前に ▲ か △ が要ります（%q です）",
	"move %q after %s":                  "%[2]s の後に指し手 %[1]q があります",
	"illegal move %q: want a move like ７六歩 or 同\u3000歩 after %c":  "反則手 %q: %c の後には ７六歩 や 同　歩 のような指し手を書きます",
	"move number %d: moves are numbered from 1":                   "手数 %d: 手数は 1 から数えます",
	"bad variation line %q: want 変化：N手":                           "変化の行 %q を読めません（変化：N手 の形です）",
	"variation at move %d, but the line before has only %d moves": "%d 手目の変化ですが、その前の手順は %d 手しかありません",
	// CSA
	"not a CSA record: no line was understood (the first: %q)":                            "CSA の棋譜として読める行がありません。（最初の行: %q）",
	"not a CSA record: no line was understood":                                            "CSA の棋譜として読める行がありません。",
	"a start position line after the first move":                                          "指し手の後に開始局面の行があります",
	"bad PI line %q: want PI followed by squares and pieces to take off, like PI82HI22KA": "PI の行 %q を読めません（PI82HI22KA のように、PI の後に落とす駒の升と駒を書きます）",
	"bad PI line %q: %q is not a square and piece":                                        "PI の行 %q: %q は升と駒ではありません",
	"PI line %q: there is no %s on %s to take off":                                        "PI の行 %q: %[3]s に落とす%[2]sがありません",
	"row %q has %d squares, want 9 (3 characters each: \" * \" or +FU, -KA, …)":           "段 %q に升が %d 個あります（9 個のはずです。1 升 3 文字: \" * \" か +FU、-KA など）",
	"row %q: want \" * \" for an empty square":                                            "段 %q: 空き升は \" * \" と書きます",
	"row %q: unknown piece %q (want FU KY KE GI KI KA HI OU TO NY NK NG UM RY)":           "段 %q: %q は知らない駒です（FU KY KE GI KI KA HI OU TO NY NK NG UM RY のどれかです）",
	"row %q: %q is not a square (want \" * \", +FU, -KA, …)":                              "段 %q: %q は升ではありません（\" * \"、+FU、-KA など）",
	"bad piece list %q: want squares and pieces like P+00KI or P-56FU":                    "駒の並び %q を読めません（P+00KI や P-56FU のように升と駒を書きます）",
	"piece list %q: unknown piece %q":                                                     "駒の並び %q: %q は知らない駒です",
	"piece list %q: %s cannot be in hand":                                                 "駒の並び %q: %s は持ち駒になりません",
	"piece list %q: %q is not a square":                                                   "駒の並び %q: %q は升ではありません",
	"move %q after %s: a record has one line of play":                                     "%[2]s の後に指し手 %[1]q があります（CSA の棋譜は一本の手順です）",
	"bad move %q: want a sign, two squares and a piece, like +7776FU":                     "指し手 %q を読めません（+7776FU のように、符号、升二つ、駒を書きます）",
	"move %q is %s's, but %s is to move":                                                  "指し手 %q は%sの手ですが、手番は%sです",
	// JKF, and the messages its errors pass on (kifu.Message)
	"not JKF: %v; want a JSON object with \"header\" and \"moves\"": "JKF の棋譜ではありません（%v）。\"header\" と \"moves\" を持つ JSON のオブジェクトのはずです",
	"not JKF: the JSON object has neither \"header\" nor \"moves\"": "JKF の棋譜ではありません。JSON のオブジェクトに \"header\" も \"moves\" もありません",
	jsonKindFormat: "%s に JSON の%sがあります（%sのはずです）",
	"initial: %v":  "開始局面（initial）: %v",
	"unknown preset %q (want HIRATE, KY, KY_R, KA, HI, HIKY, 2, 3, 4, 5, 5_L, 6, 7_L, 7_R, 8, 10 or OTHER)": "知らない手合割 %q です（HIRATE, KY, KY_R, KA, HI, HIKY, 2, 3, 4, 5, 5_L, 6, 7_L, 7_R, 8, 10, OTHER のどれかです）",
	"preset OTHER needs \"data\" with the board and hands":                                                  "手合割 OTHER には盤面と持ち駒の \"data\" が要ります",
	"board: %v":                                      "盤面: %v",
	"board has %d files, want 9":                     "盤面に筋が %d 本あります（9 本のはずです）",
	"board file %d has %d squares, want 9":           "盤面の %d 筋に升が %d 個あります（9 個のはずです）",
	"board[%d][%d]: unknown piece %q":                "board[%d][%d]: %q は知らない駒です",
	"hands: %q cannot be in hand":                    "持ち駒: %q は持ち駒になりません",
	"hands: %d %s":                                   "持ち駒: %d 枚の %s は持てません",
	"color %s: want 0 (先手) or 1 (後手)":                "手番 %s: 0（先手）か 1（後手）のはずです",
	"header: want an object of strings":              "header: 文字列のオブジェクトのはずです",
	"more pieces than a set has; read as given":      "駒が一組より多いですが、そのまま読みました",
	"the position breaks a rule (%v); read as given": "局面が規則に合いません（%v）が、そのまま読みました",
	"%s: a move after %s":                            "%s: %s の後に指し手があります",
	"%s (ply %d): %v":                                "%s（%d 手目）: %v",
	"illegal move %s: %s":                            "反則手 %s: %s",
	"unknown piece %q":                               "%q は知らない駒です",
	"destination {x:%d, y:%d} is off the board":      "移動先 {x:%d, y:%d} が盤の外です",
	"move of %s has no destination":                  "%s の指し手に移動先がありません",
	"origin {x:%d, y:%d} is off the board":           "移動元 {x:%d, y:%d} が盤の外です",
	"the piece on %s is %s, not %s":                  "%s の駒は %s で、%s ではありません",
	// USI and SFEN
	"empty: want a USI position (position startpos moves …) or an SFEN": "空です。USI の局面（position startpos moves …）か SFEN を書きます",
	"%v": "%v", // a message (kifu.Message) or a board's error passed on
	"\"position\" alone: want startpos or sfen after it":              "\"position\" だけです。後に startpos か sfen を書きます",
	"%q: want position startpos, position sfen, an SFEN or USI moves": "%q を読めません（position startpos、position sfen、SFEN か USI の指し手を書きます）",
	"%q after the position: want \"moves\" and the moves":             "局面の後の %q を読めません（\"moves\" と指し手を書きます）",
	"move %d %q after %s":                         "%[1]d 手目 %[2]q が%[3]sの後にあります",
	"move %d %q: %v":                              "%d 手目 %q: %v",
	"illegal move %d %q: %s":                      "%d 手目 %q は反則手です: %s",
	"two kings of %s; the one on %s was left out": "%sの玉が二つあります。%s の玉を除きました",
}

// errorText writes a reader's error message in the window's language: in Japanese by its
// format where it has one (ok false otherwise).
func (w *MainWindow) errorText(pe *kifu.ParseError) (string, bool) {
	if w.msg != MessagesFor(Japanese) || pe.Format == "" {
		return "", false
	}
	ja, ok := japaneseErrors[pe.Format]
	if !ok {
		return "", false
	}
	return fmt.Sprintf(ja, japaneseArgs(pe.Args)...), true
}

// japaneseArgs are a reader's message's arguments for its Japanese: an illegal move's reason
// and a side in Japanese, the others as they are.
func japaneseArgs(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch x := a.(type) {
		case string:
			a = japaneseReason(x)
			if side, ok := sideNames[x]; ok {
				a = side
			}
		case *kifu.Message: // a message passed on, in Japanese by its own format
			if ja, ok := japaneseErrors[x.Format]; ok {
				args := japaneseArgs(x.Args)
				if x.Format == jsonKindFormat {
					args = jsonKindWords(args)
				}
				a = fmt.Sprintf(ja, args...)
			}
		case *board.SFENError: // a position's, in Japanese where the rules have it
			if x.Japanese != "" {
				a = x.Japanese
			}
		}
		out[i] = a
	}
	return out
}

// jsonKindFormat is the JKF reader's message for a JSON value of the wrong kind (kifu's
// jsonReason): its field, the kind found and the kind expected.
const jsonKindFormat = "%s holds a JSON %s where %s was expected"

// jsonKindWords writes that message's words for kinds of JSON values in Japanese (only there:
// another message's "string" is no kind of value).
func jsonKindWords(args []any) []any {
	for i, a := range args {
		if s, ok := a.(string); ok {
			if w, ok := jsonWords[s]; ok {
				args[i] = w
			}
		}
	}
	return args
}

// jsonWords are the JKF reader's words for what a JSON value is, in Japanese.
var jsonWords = map[string]string{
	"string": "文字列", "number": "数", "bool": "真偽値", "array": "配列", "object": "オブジェクト",
	"an object": "オブジェクト", "an array": "配列", "a string": "文字列", "true or false": "true か false",
	"a whole number": "整数", "a number": "数", "something else": "別のもの", "the top level": "一番外側",
}

// sideNames are the sides as the readers name them, in Japanese.
var sideNames = map[string]string{"Black (先手)": "先手", "White (後手)": "後手"}
