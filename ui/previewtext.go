package ui

// The texts of the PV preview (pvpreview.go), the 読み筋 links under the comment and the
// candidate arrows (boardarrows.go) in both languages. They live apart from Messages, as
// the engine room's and the analysis' do, so that they grow without touching the main
// window's table; TestPVPreviewTextIsComplete checks both languages fill every field.

// previewText holds the texts in one language. Fields ending in F are fmt formats.
type previewText struct {
	Title, AddVariation, InsertComment, Close                                string
	AddedF, AlreadyThere, NotInRecord, CommentWritten, NoMoves, IllegalCutF  string
	FutileOmitted, PlyF, ThinkLinkF, ThinkLinkScoreF, ThinkLinkMateF, Arrows string
	ArrowLabels, DuringGame, ScoreF, DepthF                                  string
}

var japanesePreview = previewText{
	Title: "読み筋", AddVariation: "変化として追加", InsertComment: "棋譜コメントに挿入", Close: "閉じる",
	AddedF:         "変化として %d 手を追加しました",
	AlreadyThere:   "この読み筋はすでに棋譜にあります",
	NotInRecord:    "読み筋の局面が棋譜にないため、追加できません",
	CommentWritten: "棋譜コメントに読み筋を書きました",
	NoMoves:        "指せる手がありません",
	IllegalCutF:    "%d 手目以降は指せない手のため省きました",
	FutileOmitted:  "（無駄合は省略）",
	PlyF:           "%d / %d 手",
	ThinkLinkF:     "▶ 読み筋 %s", ThinkLinkScoreF: "▶ 読み筋 (評価値 %+d) %s", ThinkLinkMateF: "▶ 読み筋 (%s) %s",
	Arrows: "候補手の矢印を表示", ArrowLabels: "矢印に評価値を表示", DuringGame: "対局中は棋譜を変えられません",
	ScoreF: "評価値 %+d", DepthF: "深さ %d",
}

var englishPreview = previewText{
	Title: "Line", AddVariation: "Add as Variation", InsertComment: "Insert into Comment", Close: "Close",
	AddedF:         "Added %d moves as a variation",
	AlreadyThere:   "This line is already in the record",
	NotInRecord:    "The line's position is not in the record: it cannot be added",
	CommentWritten: "The line was written into the comment",
	NoMoves:        "No move can be played",
	IllegalCutF:    "Moves from %d on are not legal and were left out",
	FutileOmitted:  "(futile interpositions omitted)",
	PlyF:           "%d / %d",
	ThinkLinkF:     "▶ Line %s", ThinkLinkScoreF: "▶ Line (score %+d) %s", ThinkLinkMateF: "▶ Line (%s) %s",
	Arrows: "Show Candidate Arrows", ArrowLabels: "Show Scores on Arrows", DuringGame: "The record cannot change during a game",
	ScoreF: "score %+d", DepthF: "depth %d",
}

// previewText returns the texts in the window's language.
func (w *MainWindow) previewText() *previewText { return previewTextFor(w.msg) }

// previewTextFor returns the texts in msg's language.
func previewTextFor(msg *Messages) *previewText {
	if msg == MessagesFor(English) {
		return &englishPreview
	}
	return &japanesePreview
}
