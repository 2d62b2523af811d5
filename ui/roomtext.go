package ui

// The texts of the engine room (the engine list, the option dialog, the protocol log) in
// both languages. They live apart from Messages so that the engine room's windows can grow
// without touching the main window's table; TestRoomTextIsComplete checks both languages fill
// every field, as TestMessagesAreComplete does for Messages.

// roomText holds the engine room's texts in one language. Fields ending in F are fmt formats.
type roomText struct {
	MenuEngines, EngineSettings, ProtocolLogMenu                     string
	EngineListTitle, Add, Delete, Duplicate, Rename, Up, Down        string
	Options, ColName, ColAuthor, ColPath, ColTags                    string
	Args, WorkDir, WorkDirHint, Env, EnvHint, Encoding, EncodingAuto string
	TimeoutScale, Tags, TagAnalysis, TagPlay, TagMate, RemoteHelp    string
	Bundled, DeleteAskF, RenameTitle, NewName, Probing, ProbingF     string
	ProbeFailedTitle, ProbeFailedF, LastLines, StderrTail, AddTitle  string
	NoSelection, Save, SavedF, BadTimeoutScale, BadEnvF, BadArgsF    string
	NoFileDialog, SaveChangesF, DontSave                             string
	Program, ChangeProgram, ChangeProgramTitle, ProgramChangedF      string

	OptionsTitleF, Search, ResetAll, Reset, Apply, OK, Cancel, Browse string
	Press, NoEngineRunning, Favourite, OutOfRangeDefaultF, RefusedF   string
	NewlineRefused, NotIntegerF, ClampedF, StaleValueF, NoOptions     string
	AppliedF, Reload, ReloadedF, DroppedF                             string

	ProtocolLogTitleF, Filter, Copy, SaveLog, SendRaw, Send, NoRunning string
	LogDroppedF, LogSavedF, LogCopiedF, ChooseEngine, Follow, EndedF   string
}

var japaneseRoom = roomText{
	MenuEngines: "エンジン", EngineSettings: "エンジン設定…", ProtocolLogMenu: "通信ログ…",
	EngineListTitle: "エンジン設定", Add: "追加…", Delete: "削除", Duplicate: "複製", Rename: "名前の変更…",
	Up: "上へ", Down: "下へ", Options: "オプション…", ColName: "名前", ColAuthor: "作者", ColPath: "パス", ColTags: "用途",
	Args: "引数", WorkDir: "作業フォルダ", WorkDirHint: "空欄ならプログラムのフォルダ",
	Env: "環境変数", EnvHint: "1行に1つ NAME=値（例: OSL_HOME=/home/me/osl）",
	Encoding: "出力の文字コード", EncodingAuto: "自動",
	TimeoutScale: "タイムアウト倍率", Tags: "用途", TagAnalysis: "検討用", TagPlay: "対局用", TagMate: "詰将棋用",
	RemoteHelp: "別のマシンのエンジンも使えます: パスに ssh、引数に -T ホスト /path/engine（パスワードの要らない鍵で）。",
	Bundled:    "同梱", DeleteAskF: "「%s」を一覧から削除しますか？（プログラムのファイルは消えません）",
	RenameTitle: "名前の変更", NewName: "新しい名前", Probing: "エンジンを確認中…", ProbingF: "%s に usi を送っています…",
	ProbeFailedTitle: "エンジンを追加できません", ProbeFailedF: "%s は USI エンジンとして応答しませんでした:\n%v",
	LastLines: "最後の通信:", StderrTail: "標準エラー出力の最後:", AddTitle: "エンジンのプログラムを選ぶ",
	NoSelection: "エンジンを選んでください", Save: "保存", SavedF: "「%s」を保存しました",
	BadTimeoutScale: "タイムアウト倍率は 0.1 から 100 までの数です", BadEnvF: "環境変数 %q は NAME=値 の形ではありません",
	BadArgsF: "引数を読めません: %v", NoFileDialog: "ファイルを選ぶダイアログが使えません",
	SaveChangesF: "「%s」の設定の変更を保存しますか？", DontSave: "保存しない",
	Program: "プログラム", ChangeProgram: "変更…", ChangeProgramTitle: "エンジンの新しいプログラムを選ぶ",
	ProgramChangedF: "「%s」のプログラムを %s にしました（設定とオプションの値はそのままです）",

	OptionsTitleF: "%s のオプション", Search: "名前で絞り込む", ResetAll: "すべて既定値に戻す", Reset: "既定値",
	Apply: "適用", OK: "OK", Cancel: "キャンセル", Browse: "参照…", Press: "実行",
	NoEngineRunning: "エンジンが動いていないので押せません", Favourite: "お気に入り",
	OutOfRangeDefaultF: "既定値 %s は範囲 %s の外です", RefusedF: "%s: %s",
	NewlineRefused: "値に改行は入れられません（USI は1行で送ります）", NotIntegerF: "%q は整数ではありません",
	ClampedF: "%d..%d に収めました", StaleValueF: "保存された値 %q はこのエンジンでは使えません（送られません）",
	NoOptions: "このエンジンはオプションを宣言していません", AppliedF: "%s のオプションを保存しました",
	Reload: "エンジンから再取得", ReloadedF: "%s が宣言するオプションを読み直しました", DroppedF: "合わなくなった設定値を消しました: %s",

	ProtocolLogTitleF: "通信ログ — %s", Filter: "絞り込み", Copy: "コピー", SaveLog: "保存…",
	SendRaw: "エンジンに送るコマンド", Send: "送信", NoRunning: "動いているエンジンはありません",
	LogDroppedF: "…（%d 行は表示されずに流れました）", LogSavedF: "%s に保存しました", LogCopiedF: "%d 行をコピーしました",
	ChooseEngine: "ログを見るエンジン", Follow: "最新を追う", EndedF: "%s（終了）",
}

var englishRoom = roomText{
	MenuEngines: "Engines", EngineSettings: "Engines…", ProtocolLogMenu: "Protocol log…",
	EngineListTitle: "Engines", Add: "Add…", Delete: "Delete", Duplicate: "Duplicate", Rename: "Rename…",
	Up: "Up", Down: "Down", Options: "Options…", ColName: "Name", ColAuthor: "Author", ColPath: "Path", ColTags: "Use",
	Args: "Arguments", WorkDir: "Working folder", WorkDirHint: "empty: the program's folder",
	Env: "Environment", EnvHint: "one NAME=value a line (e.g. OSL_HOME=/home/me/osl)",
	Encoding: "Output encoding", EncodingAuto: "Auto",
	TimeoutScale: "Timeout scale", Tags: "Use", TagAnalysis: "Study", TagPlay: "Games", TagMate: "Tsume",
	RemoteHelp: "An engine on another machine: path ssh, arguments -T host /path/engine (with a key that needs no password).",
	Bundled:    "bundled", DeleteAskF: "Remove “%s” from the list? (The program's files stay.)",
	RenameTitle: "Rename", NewName: "New name", Probing: "Checking the engine…", ProbingF: "Sending usi to %s…",
	ProbeFailedTitle: "The engine can't be added", ProbeFailedF: "%s did not answer as a USI engine:\n%v",
	LastLines: "Last lines:", StderrTail: "End of its stderr:", AddTitle: "Choose the engine's program",
	NoSelection: "Choose an engine", Save: "Save", SavedF: "Saved “%s”",
	BadTimeoutScale: "The timeout scale is a number from 0.1 to 100", BadEnvF: "environment variable %q is not NAME=value",
	BadArgsF: "the arguments can't be read: %v", NoFileDialog: "No file dialog is available",
	SaveChangesF: "Save the changes to the settings of “%s”?", DontSave: "Don't Save",
	Program: "Program", ChangeProgram: "Change…", ChangeProgramTitle: "Choose the engine's new program",
	ProgramChangedF: "“%s” now runs %s (its settings and option values are kept)",

	OptionsTitleF: "Options of %s", Search: "Filter by name", ResetAll: "Reset all to defaults", Reset: "Default",
	Apply: "Apply", OK: "OK", Cancel: "Cancel", Browse: "Browse…", Press: "Press",
	NoEngineRunning: "No engine runs: nothing to press", Favourite: "Favourite",
	OutOfRangeDefaultF: "the default %s is outside %s", RefusedF: "%s: %s",
	NewlineRefused: "a value can't hold a line break (USI sends one line)", NotIntegerF: "%q is not an integer",
	ClampedF: "kept within %d..%d", StaleValueF: "the saved value %q does not fit this engine (not sent)",
	NoOptions: "This engine declares no options", AppliedF: "Saved the options of %s",
	Reload: "Ask the Engine Again", ReloadedF: "Read again the options %s declares", DroppedF: "Values that no longer fit were dropped: %s",

	ProtocolLogTitleF: "Protocol log — %s", Filter: "Filter", Copy: "Copy", SaveLog: "Save…",
	SendRaw: "Command to send to the engine", Send: "Send", NoRunning: "No engine is running",
	LogDroppedF: "…(%d lines went by unshown)", LogSavedF: "Saved to %s", LogCopiedF: "Copied %d lines",
	ChooseEngine: "Engine whose log to show", Follow: "Follow", EndedF: "%s (ended)",
}

func roomTextFor(l Lang) *roomText {
	if l == English {
		return &englishRoom
	}
	return &japaneseRoom
}

// optionNames are the common translations of option names: shown with the raw name beside.
var optionNames = map[string][2]string{ // ja, en
	"USI_Hash":              {"ハッシュサイズ (MB)", "Hash size (MB)"},
	"Hash":                  {"ハッシュサイズ (MB)", "Hash size (MB)"},
	"USI_Ponder":            {"相手の手番中も考える", "Ponder"},
	"Ponder":                {"相手の手番中も考える", "Ponder"},
	"Threads":               {"スレッド数", "Threads"},
	"Thread":                {"スレッド数", "Threads"},
	"MultiPV":               {"候補手の数", "Lines (MultiPV)"},
	"Skill Level":           {"棋力", "Skill level"},
	"SkillLevel":            {"棋力", "Skill level"},
	"Clear Hash":            {"ハッシュを消去", "Clear hash"},
	"EvalDir":               {"評価関数のフォルダ", "Evaluation folder"},
	"BookFile":              {"定跡ファイル", "Book file"},
	"BookDir":               {"定跡のフォルダ", "Book folder"},
	"USI_OwnBook":           {"定跡を使う", "Use own book"},
	"OwnBook":               {"定跡を使う", "Use own book"},
	"NetworkDelay":          {"通信の遅れ (ms)", "Network delay (ms)"},
	"NetworkDelay2":         {"通信の遅れ・秒読み (ms)", "Network delay, byoyomi (ms)"},
	"MinimumThinkingTime":   {"最小思考時間 (ms)", "Minimum thinking time (ms)"},
	"Minimum Thinking Time": {"最小思考時間 (ms)", "Minimum thinking time (ms)"},
	"Move Overhead":         {"指し手の遅れの見込み (ms)", "Move overhead (ms)"},
	"Contempt":              {"引き分けを嫌う度合い", "Contempt"},
	"RootIsAndNodeIfChecked": {"王手されている局面では手番側の詰みを探す",
		"In check: look for the mate of the side to move"},
	"DepthLimit":        {"探索深さの上限", "Depth limit"},
	"NodesLimit":        {"ノード数の上限", "Nodes limit"},
	"ResignValue":       {"投了する評価値", "Resign value"},
	"ConsiderationMode": {"検討モード", "Study mode"},
	"MaxMovesToDraw":    {"引き分けまでの手数", "Moves to a draw"},
	"UCI_Variant":       {"ルール (variant)", "Variant"},
	"UCI_LimitStrength": {"棋力を制限", "Limit strength"},
	"UCI_Elo":           {"Elo レーティング", "Elo rating"},
}
