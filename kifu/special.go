package kifu

import (
	"strings"

	"banmen/board"
)

// Special is a move that ends a line of play instead of moving a piece: 投了, 中断, …
// Where it matters, a special is seen from the side to move when it happens:
// FoulWin means the side to move wins because the opponent broke a rule.
type Special uint8

const (
	NotSpecial    Special = iota
	Resign                // 投了: the side to move resigns (CSA %TORYO)
	Interrupt             // 中断: the game was stopped (%CHUDAN)
	Repetition            // 千日手: draw by repetition (%SENNICHITE)
	Impasse               // 持将棋: draw by impasse (%JISHOGI)
	Checkmate             // 詰み: the side to move is checkmated (%TSUMI)
	NoMate                // 不詰: a mate problem has no mate (%FUZUMI)
	Timeout               // 切れ負け: the side to move lost on time (%TIME_UP)
	FoulWin               // 反則勝ち: the side to move wins by the opponent's foul (%±ILLEGAL_ACTION)
	FoulLose              // 反則負け: the side to move loses by its own foul (%ILLEGAL_MOVE)
	EnteringKing          // 入玉勝ち: the side to move declares a win by entering king (%KACHI)
	WinByDefault          // 不戦勝
	LossByDefault         // 不戦敗
	Sealed                // 封じ手: the side to move seals its move (adjourned game)
	Draw                  // 引き分け (%HIKIWAKE)
	MaxMoves              // 最大手数: the move limit was reached (CSA V3 %MAX_MOVES)
	Matta                 // 待った: a move was taken back (%MATTA)
	ErrorEnd              // エラー: the game ended by an error (%ERROR)
	Other                 // anything else; the text is in Node.SpecialText
)

var specialKanji = [...]string{
	NotSpecial: "", Resign: "投了", Interrupt: "中断", Repetition: "千日手", Impasse: "持将棋",
	Checkmate: "詰み", NoMate: "不詰", Timeout: "切れ負け", FoulWin: "反則勝ち", FoulLose: "反則負け",
	EnteringKing: "入玉勝ち", WinByDefault: "不戦勝", LossByDefault: "不戦敗", Sealed: "封じ手",
	Draw: "引き分け", MaxMoves: "最大手数", Matta: "待った", ErrorEnd: "エラー", Other: "",
}

// Kanji returns the word KIF uses for the special (投了, 中断, …); "" for Other and NotSpecial.
func (s Special) Kanji() string {
	if int(s) < len(specialKanji) {
		return specialKanji[s]
	}
	return ""
}

var specialNames = [...]string{
	NotSpecial: "none", Resign: "resign", Interrupt: "interrupt", Repetition: "repetition",
	Impasse: "impasse", Checkmate: "mate", NoMate: "no mate", Timeout: "timeout", FoulWin: "foul win",
	FoulLose: "foul lose", EnteringKing: "entering king", WinByDefault: "win by default",
	LossByDefault: "loss by default", Sealed: "sealed move", Draw: "draw", MaxMoves: "max moves",
	Matta: "matta", ErrorEnd: "error", Other: "other",
}

func (s Special) String() string {
	if int(s) < len(specialNames) {
		return specialNames[s]
	}
	return "special?"
}

// kanjiSpecials maps the words of KIF special moves (and a few synonyms) to specials.
var kanjiSpecials = map[string]Special{
	"投了": Resign, "中断": Interrupt, "千日手": Repetition, "持将棋": Impasse, "詰み": Checkmate, "詰": Checkmate,
	"不詰": NoMate, "切れ負け": Timeout, "時間切れ": Timeout, "反則勝ち": FoulWin, "反則負け": FoulLose,
	"入玉勝ち": EnteringKing, "不戦勝": WinByDefault, "不戦敗": LossByDefault, "封じ手": Sealed,
	"引き分け": Draw, "最大手数": MaxMoves, "待った": Matta, "エラー": ErrorEnd,
}

// ParseSpecial reads the word of a KIF special move (投了, 中断, 詰み, …). Unknown text gives Other.
func ParseSpecial(word string) Special {
	if s, ok := kanjiSpecials[strings.TrimSpace(word)]; ok {
		return s
	}
	return Other
}

// csaSpecial writes s in CSA (without the %), for side to move c. ok is false when
// CSA has no word for it (the caller then writes %CHUDAN).
func csaSpecial(s Special, c board.Color, v3 bool) (string, bool) {
	switch s {
	case Resign:
		return "TORYO", true
	case Interrupt:
		return "CHUDAN", true
	case Repetition:
		return "SENNICHITE", true
	case Impasse:
		return "JISHOGI", true
	case Checkmate:
		return "TSUMI", true
	case NoMate:
		return "FUZUMI", true
	case Timeout:
		return "TIME_UP", true
	case FoulWin: // the opponent of the side to move acted illegally
		if c == board.Black {
			return "-ILLEGAL_ACTION", true
		}
		return "+ILLEGAL_ACTION", true
	case FoulLose:
		if c == board.Black {
			return "+ILLEGAL_ACTION", true
		}
		return "-ILLEGAL_ACTION", true
	case EnteringKing:
		return "KACHI", true
	case Draw:
		return "HIKIWAKE", true
	case MaxMoves:
		return "MAX_MOVES", v3
	case Matta:
		return "MATTA", true
	case ErrorEnd:
		return "ERROR", true
	}
	return "", false
}

// parseCSASpecial reads a CSA special word (without the %) for side to move c.
func parseCSASpecial(word string, c board.Color) Special {
	switch word {
	case "TORYO":
		return Resign
	case "CHUDAN":
		return Interrupt
	case "SENNICHITE":
		return Repetition
	case "JISHOGI":
		return Impasse
	case "TSUMI":
		return Checkmate
	case "FUZUMI":
		return NoMate
	case "TIME_UP":
		return Timeout
	case "ILLEGAL_MOVE":
		return FoulLose
	case "+ILLEGAL_ACTION": // Black acted illegally: White wins
		if c == board.Black {
			return FoulLose
		}
		return FoulWin
	case "-ILLEGAL_ACTION":
		if c == board.White {
			return FoulLose
		}
		return FoulWin
	case "KACHI":
		return EnteringKing
	case "HIKIWAKE":
		return Draw
	case "MAX_MOVES":
		return MaxMoves
	case "MATTA":
		return Matta
	case "ERROR":
		return ErrorEnd
	}
	return Other
}
