package ui

// The texts of playing a game in the window (対局) in both languages, apart from Messages
// so that the game's dialogs can grow without touching the main window's table;
// TestPlayAgainstEngineTextIsComplete checks both languages fill every field.

// gameText holds the game's texts in one language. Fields ending in F are fmt formats.
type gameText struct {
	MenuGame, StartGame, Resign, Abort, Takeback                     string
	DialogTitle, Black, White, Human, Swap, TimeTitle                string
	MainMinutes, Byoyomi, Increment, Unlimited, StartFrom, StartHere string
	StartEven, Ponder, Start, Cancel, NoGame, NotYourTurn, NotAtEnd  string
	BadNumberF, StartingF, EngineStartFailedF, GameOverTitle         string
	WinF, Draw, ReasonResign, ReasonMate, ReasonRepetition           string
	ReasonPerpetual, ReasonDeclaration, ReasonFalseDeclaration       string
	ReasonTime, ReasonIllegal, ReasonMoveLimit, ReasonAborted        string
	ReasonFailure, You, ByoyomiF, NoTakeback, GameRunning, ThinkingF string
	YourTurn, SaveFailedF, ResignAfterF                              string
	MoveNow, NotThinking                                             string
	ResignConfirm                                                    string
	// an engine that died mid-game (gamecrash.go)
	CrashTitle, CrashF, CrashedF, RestartEngine, EndGame, RestartFailedF string
	// continuing a game (gameresume.go) and 入玉宣言
	ContinueGame, ContinueTitle, ContinueF, ContinuePlaying, JustTheRecord, NotAGame string
	Declare, DeclareTitle, DeclareConfirm                                            string
	// what the position has of the rule's conditions, said in the declaration's dialog
	DeclareMetF, DeclareUnmetF, KingOutsideCamp, KingInCheck, FewInCampF, FewPointsF string
	// the engine panel in a game (gameengines.go)
	PonderingF, PonderLastF, PonderHit, PonderMiss, OwnScoreF string
}

var japaneseGame = gameText{
	MenuGame: "対局", StartGame: "対局開始…", Resign: "投了", Abort: "中断", Takeback: "待った",
	MoveNow: "すぐ指させる", NotThinking: "考慮中のエンジンがありません",
	DialogTitle: "対局開始", Black: "先手", White: "後手", Human: "人", Swap: "先後入れ替え", TimeTitle: "持ち時間",
	MainMinutes: "持ち時間（分）", Byoyomi: "秒読み（秒）", Increment: "フィッシャー増加（秒）", Unlimited: "時間無制限",
	StartFrom: "開始局面", StartHere: "盤面の局面から", StartEven: "平手",
	Ponder: "相手の手番中も考える（ponder）", Start: "開始", Cancel: "キャンセル",
	NoGame: "対局中ではありません", NotYourTurn: "あなたの手番ではありません",
	ResignAfterF: "%s の着手のあとで投了します", ResignConfirm: "投了しますか？",
	NotAtEnd: "最新の局面に戻ってから指してください", BadNumberF: "%s: 0 以上の数を入れてください（%q）",
	StartingF: "%s を起動中…", EngineStartFailedF: "対局を始められません:\n%v", GameOverTitle: "対局終了",
	WinF: "%s（%s）の勝ち", Draw: "引き分け", ReasonResign: "投了", ReasonMate: "詰み", ReasonRepetition: "千日手",
	ReasonPerpetual: "連続王手の千日手", ReasonDeclaration: "入玉宣言", ReasonFalseDeclaration: "誤った入玉宣言",
	ReasonTime: "時間切れ", ReasonIllegal: "反則手", ReasonMoveLimit: "持将棋（最大手数）", ReasonAborted: "中断",
	ReasonFailure: "エンジンの異常終了", You: "あなた", ByoyomiF: "秒読み %s",
	NoTakeback: "待ったできません: %v", GameRunning: "対局中です。先に投了か中断をしてください",
	ThinkingF: "%s が考慮中…", YourTurn: "あなたの手番です", SaveFailedF: "棋譜の自動保存に失敗しました: %v",
	CrashTitle: "エンジンが止まりました",
	CrashF:     "%s が対局の途中で異常終了しました:\n%v\n\nエンジンを再起動して同じ局面・同じ持ち時間から続けるか、対局を終えてください（終えるとこのエンジンの負けです）。",
	CrashedF:   "%s が異常終了しました", RestartEngine: "再起動して続ける", EndGame: "対局を終える",
	RestartFailedF: "%s を再起動できませんでした。対局は止まったままです。",
	ContinueGame:   "対局再開…", ContinueTitle: "対局を再開しますか？",
	ContinueF:       "☗%s 対 ☖%s の対局が %d 手目の後で止まっています（残り時間 ☗%s、☖%s）。\nこの局面から対局を続けますか？",
	ContinuePlaying: "対局を続ける", JustTheRecord: "棋譜だけ見る",
	NotAGame: "この棋譜は続けられる対局ではありません（先手・後手が「あなた」か登録済みのエンジンで、終局していない棋譜）",
	Declare:  "入玉宣言", DeclareTitle: "入玉宣言",
	DeclareConfirm: "入玉宣言をしますか？\n宣言の条件（%s）を満たしていなければ、反則負けになります。",
	DeclareMetF:    "今の局面は条件を満たしています（%d 点、敵陣の駒 %d 枚）。", DeclareUnmetF: "今の局面は条件を満たしていません（%s）。宣言すると負けになります。",
	KingOutsideCamp: "玉が敵陣にいません", KingInCheck: "王手されています", FewInCampF: "敵陣の駒が %d 枚で、10 枚に足りません",
	FewPointsF: "%d 点で、%d 点に足りません",
	PonderingF: "予想手 %s で先読み中", PonderLastF: "前の予想 %s %s（通算 %d/%d）", PonderHit: "的中", PonderMiss: "外れ",
	OwnScoreF: "自分から %s",
}

var englishGame = gameText{
	MenuGame: "Game", StartGame: "Start Game…", Resign: "Resign", Abort: "Abort", Takeback: "Take Back (待った)",
	MoveNow: "Move Now", NotThinking: "No engine is thinking on its move",
	DialogTitle: "Start Game", Black: "Black (Sente)", White: "White (Gote)", Human: "Human", Swap: "Swap Sides",
	TimeTitle: "Time", MainMinutes: "Main time (minutes)", Byoyomi: "Byoyomi (seconds)",
	Increment: "Fischer increment (seconds)", Unlimited: "No time limit",
	StartFrom: "Start from", StartHere: "the position on the board", StartEven: "the standard position",
	Ponder: "Think on the opponent's time (ponder)", Start: "Start", Cancel: "Cancel",
	NoGame: "No game in progress", NotYourTurn: "It is not your turn",
	ResignAfterF: "You resign after %s's move", ResignConfirm: "Resign the game?",
	NotAtEnd: "Go to the latest position to move", BadNumberF: "%s: enter a number of 0 or more (%q)",
	StartingF: "Starting %s…", EngineStartFailedF: "The game cannot start:\n%v", GameOverTitle: "Game Over",
	WinF: "%s (%s) wins", Draw: "Draw", ReasonResign: "resignation", ReasonMate: "checkmate",
	ReasonRepetition: "repetition (千日手)", ReasonPerpetual: "perpetual check",
	ReasonDeclaration: "entering-king declaration", ReasonFalseDeclaration: "a false entering-king declaration",
	ReasonTime: "time", ReasonIllegal: "an illegal move", ReasonMoveLimit: "impasse (持将棋) at the move limit", ReasonAborted: "aborted",
	ReasonFailure: "the engine failed", You: "You", ByoyomiF: "byoyomi %s",
	NoTakeback: "Cannot take back: %v", GameRunning: "A game is in progress: resign or abort it first",
	ThinkingF: "%s is thinking…", YourTurn: "Your move", SaveFailedF: "Autosaving the record failed: %v",
	CrashTitle: "The engine stopped",
	CrashF:     "%s failed in the middle of the game:\n%v\n\nRestart the engine and go on with the same game from the same position and clocks, or end the game (the engine then loses).",
	CrashedF:   "%s failed", RestartEngine: "Restart and Continue", EndGame: "End the Game",
	RestartFailedF: "%s could not be started again. The game stays paused.",
	ContinueGame:   "Continue Game…", ContinueTitle: "Continue the game?",
	ContinueF:       "The game ☗%s vs ☖%s stopped after move %d (time left ☗%s, ☖%s).\nGo on playing it from this position?",
	ContinuePlaying: "Continue Playing", JustTheRecord: "Just the Record",
	NotAGame: "This record is not a game that can be continued (its players must be you or registered engines, and it must not be over)",
	Declare:  "Declare Win (入玉宣言)", DeclareTitle: "Entering-king declaration",
	DeclareConfirm: "Declare a win by entering king?\nIf the position does not meet the rule (%s), you lose by a foul.",
	DeclareMetF:    "The position meets it now (%d points, %d pieces in the opponent's camp).", DeclareUnmetF: "The position does not meet it now (%s): declaring loses.",
	KingOutsideCamp: "the king is not in the opponent's camp", KingInCheck: "the king is in check", FewInCampF: "%d pieces in the opponent's camp, fewer than 10",
	FewPointsF: "%d points, fewer than %d",
	PonderingF: "pondering on %s", PonderLastF: "last expected %s: %s (hits %d/%d)", PonderHit: "hit", PonderMiss: "missed",
	OwnScoreF: "own view %s",
}

func gameTextFor(l Lang) *gameText {
	if l == English {
		return &englishGame
	}
	return &japaneseGame
}

// gameText returns the game's texts in the interface's language.
func (w *MainWindow) gameText() *gameText { return gameTextFor(w.settings.Language(w.opts.Getenv)) }
