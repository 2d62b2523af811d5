package ui

import (
	"errors"
	"io/fs"
	"strings"
	"testing"

	"banmen/internal/prefsguard"
)

// A settings file a crash left unreadable is told at the start in the window's language:
// which file, where it was kept, and whether the last start's settings came back.
func TestReportPreferences(t *testing.T) {
	const path = "/home/u/.config/fyne/io.banmen.app/preferences.json"
	kept := path + ".corrupt-20261129-131500.000"
	for _, tc := range []struct {
		lang string
		r    prefsguard.Report
		want []string
	}{
		{"ja_JP.UTF-8", prefsguard.Report{Path: path, KeptAs: kept, Restored: true, Err: errors.New("the file is empty")},
			[]string{path, "preferences.json.corrupt-20261129-131500.000", "前回の起動時の設定に戻しました"}},
		{"ja_JP.UTF-8", prefsguard.Report{Path: path, KeptAs: kept, Err: errors.New("unexpected end of JSON input")},
			[]string{path, "preferences.json.corrupt-20261129-131500.000", "最初の起動時の設定で始めます"}},
		{"ja_JP.UTF-8", prefsguard.Report{Path: path, Err: errors.New("permission denied")},
			[]string{path, "覚えておけません"}},
		{"ja_JP.UTF-8", prefsguard.Report{Path: path, Unwritable: &fs.PathError{Op: "open", Path: path, Err: fs.ErrPermission}},
			[]string{path, "書き込めません（書き込む権限がありません）", "閉じると失われます"}},
		{"en_US.UTF-8", prefsguard.Report{Path: path, KeptAs: kept, Restored: true, Err: errors.New("the file is empty")},
			[]string{path, "preferences.json.corrupt-20261129-131500.000", "settings of the last start were put back"}},
	} {
		w, _ := windowUnderTest(t, windowOpts{lang: tc.lang})
		w.ReportPreferences(&tc.r)
		if w.lastShown.title != w.msg.SettingsTitle || !dialogOpen(w) {
			t.Fatalf("%s %+v: shown %q, want a dialog titled %q", tc.lang, tc.r, w.lastShown.title, w.msg.SettingsTitle)
		}
		for _, s := range tc.want {
			if !strings.Contains(w.lastShown.text, s) {
				t.Errorf("%s %+v: %q lacks %q", tc.lang, tc.r, w.lastShown.text, s)
			}
		}
		want := tc.r.Err
		if want == nil {
			want = tc.r.Unwritable
		}
		if w.lastDetail != want.Error() {
			t.Errorf("the detail is %q, want the error", w.lastDetail)
		}
	}
	w, _ := windowUnderTest(t, windowOpts{})
	w.ReportPreferences(nil)
	if dialogOpen(w) {
		t.Error("nothing wrong, and a dialog opened")
	}
}
