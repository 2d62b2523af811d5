package ui

// The texts of the record panel's しおり (bookmarks) and 分岐ツリー (the variation tree) in both
// languages, apart from Messages so that they grow without touching the main window's table;
// TestRecordTextIsComplete checks both languages fill every field.

// recordText holds those texts in one language. Fields ending in F are fmt formats.
type recordText struct {
	Bookmarks, BookmarkSet, BookmarkRemove, BookmarkTitle, BookmarkName string
	BookmarkHint, BookmarkChoose, NoBookmarks, OK, Cancel               string
	Tree, TreeMenu, TreeTitle, TreeHint, StartPos, PlyMoveF             string
	DeleteAskF, Delete                                                  string
}

var japaneseRecord = recordText{
	Bookmarks: "しおり", BookmarkSet: "しおり…", BookmarkRemove: "しおりを外す", BookmarkTitle: "しおり",
	BookmarkName: "この局面のしおりの名前", BookmarkHint: "空にするとしおりを外します",
	BookmarkChoose: "しおりへ移動…", NoBookmarks: "しおりはありません", OK: "OK", Cancel: "キャンセル",
	Tree: "分岐ツリー", TreeMenu: "分岐ツリー…", TreeTitle: "分岐ツリー",
	TreeHint: "点をクリックするとその局面へ移動します。◆ はしおり", StartPos: "開始局面", PlyMoveF: "%d手目 %s",
	DeleteAskF: "%s から先の %d 手（変化を含む）を削除しますか？元に戻せません。", Delete: "削除",
}

var englishRecord = recordText{
	Bookmarks: "Bookmarks", BookmarkSet: "Bookmark…", BookmarkRemove: "Remove Bookmark", BookmarkTitle: "Bookmark",
	BookmarkName: "Name of this position's bookmark", BookmarkHint: "Leave it empty to remove the bookmark",
	BookmarkChoose: "Go to bookmark…", NoBookmarks: "No bookmarks", OK: "OK", Cancel: "Cancel",
	Tree: "Tree", TreeMenu: "Variation Tree…", TreeTitle: "Variation Tree",
	TreeHint: "Click a dot to go to that position. ◆ marks a bookmark", StartPos: "Start", PlyMoveF: "%d. %s",
	DeleteAskF: "Delete the %[2]d moves from %[1]s on, variations included? This cannot be undone.", Delete: "Delete",
}

func recordTextFor(msg *Messages) *recordText {
	if msg == MessagesFor(English) {
		return &englishRecord
	}
	return &japaneseRecord
}
