package ui

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"banmen/kifu"
	"banmen/kifu/recordfile"
)

// ファイル → 棋譜の一括変換…: every record of a folder written again in another format, into a
// folder that keeps the source's tree, or every main line into one file of USI position
// commands, as ShogiHome's batch conversion does (recordfile.ConvertFolder). The dialog remembers
// its choices; the work runs off the Fyne goroutine behind a progress dialog with 中止, and
// ends with what was written, what was skipped and why, and what the format could not hold.

// The conversion dialog's choices, kept in the preferences.
const (
	prefConvertIn       = "convertIn"
	prefConvertOut      = "convertOut"
	prefConvertOneFile  = "convertOneFile"
	prefConvertExt      = "convertExt"
	prefConvertToOne    = "convertToOne"
	prefConvertConflict = "convertConflict"
	prefConvertNoSub    = "convertNoSubfolders"
	prefConvertSkip     = "convertSkipFormats" // the source formats not taken, as "kif,csa"
)

// convertText holds the conversion's texts in one language. Fields ending in F are fmt formats.
type convertText struct {
	Menu, Title, Source, Subfolders, Formats, Output, ToFolder, ToOneFile, Dest, OneFile string
	Format, Conflict, ConflictNumber, ConflictSkip, ConflictOverwrite, Start, Cancel     string
	Stop, ProgressF, NoSource, NoDest, NoFormats, DoneF, OneFileDoneF, Stopped           string
	SkippedF, ExistsF, LostF, FailedF, MoreF, OneFileTitle                               string
	LossVariations, LossTimes, LossComments, LossBookmarks, LossHeaders                  string
}

var japaneseConvert = convertText{
	Menu: "棋譜の一括変換…", Title: "棋譜の一括変換", Source: "変換する棋譜のフォルダ", Subfolders: "サブフォルダも変換する",
	Formats: "変換する形式", Output: "出力", ToFolder: "フォルダへ（元のフォルダ構成のまま）",
	ToOneFile: "1つのファイルへ（本譜をUSI形式で1行ずつ）", Dest: "出力先のフォルダ", OneFile: "出力先のファイル",
	Format: "出力形式", Conflict: "同じ名前のファイルがあるとき", ConflictNumber: "番号を付けて保存", ConflictSkip: "変換しない",
	ConflictOverwrite: "上書きする", Start: "変換", Cancel: "キャンセル", Stop: "中止",
	ProgressF: "%d / %d 件目　%s", NoSource: "変換する棋譜のフォルダを指定してください",
	NoDest: "出力先を指定してください", NoFormats: "変換する形式を1つ以上選んでください",
	DoneF: "%d / %d 件の棋譜を %s に変換しました", OneFileDoneF: "%d / %d 件の棋譜の本譜を %s に書き出しました",
	Stopped: "中止しました。変換した分は出力先に残っています。", SkippedF: "%s を飛ばしました: %v",
	ExistsF: "%s は出力先に同じ名前のファイルがあるため変換しませんでした",
	LostF:   "%s: この形式では次の内容が失われました: %s", FailedF: "棋譜の一括変換ができませんでした: %v",
	MoreF: "…ほか %d 件", OneFileTitle: "出力先のファイル（.usi）",
	LossVariations: "変化", LossTimes: "消費時間", LossComments: "コメント", LossBookmarks: "しおり", LossHeaders: "対局情報",
}

var englishConvert = convertText{
	Menu: "Convert Records in a Folder…", Title: "Convert records in a folder", Source: "Records folder",
	Subfolders: "Its subfolders too", Formats: "Formats to convert", Output: "Output",
	ToFolder: "Into a folder (keeping the folders' tree)", ToOneFile: "Into one file (each main line as a USI line)",
	Dest: "Output folder", OneFile: "Output file", Format: "Format", Conflict: "When the file exists",
	ConflictNumber: "Save with a number", ConflictSkip: "Skip the record", ConflictOverwrite: "Overwrite it",
	Start: "Convert", Cancel: "Cancel", Stop: "Stop", ProgressF: "%d of %d: %s",
	NoSource: "Choose the folder of the records", NoDest: "Choose where to write", NoFormats: "Choose at least one format to convert",
	DoneF: "%d of %d records converted into %s", OneFileDoneF: "The main lines of %d of %d records written to %s",
	Stopped: "Stopped. What was converted is in the output.", SkippedF: "%s skipped: %v",
	ExistsF: "%s not converted: a file of that name is in the output",
	LostF:   "%s: the format cannot hold its %s, left out", FailedF: "The records could not be converted: %v",
	MoreF: "… and %d more", OneFileTitle: "Output file (.usi)",
	LossVariations: "variations", LossTimes: "times", LossComments: "comments", LossBookmarks: "bookmarks", LossHeaders: "game information",
}

func (w *MainWindow) convertText() *convertText {
	if w.msg == MessagesFor(English) {
		return &englishConvert
	}
	return &japaneseConvert
}

// convertFormatChoices are the output formats the dialog offers, as ConvertExtensions.
func convertFormatChoices(utf8Always bool) []string {
	var out []string
	for _, ext := range recordfile.ConvertExtensions {
		_, enc, _ := recordfile.FormatForPath("x."+ext, utf8Always)
		name := "UTF-8"
		if enc == kifu.ShiftJIS {
			name = "Shift_JIS"
		}
		out = append(out, fmt.Sprintf(".%s (%s)", ext, name))
	}
	return out
}

// ConvertDialog asks what to convert and into what, then converts.
func (w *MainWindow) ConvertDialog() {
	ct := w.convertText()
	p := w.settings.p
	in, inField := w.folderField(ct.Source, prefConvertIn)
	out, outField := w.folderField(ct.Dest, prefConvertOut)
	oneFile := newDialogEntry()
	oneFile.SetText(p.String(prefConvertOneFile))
	oneBrowse := widget.NewButton(w.analysisText().Browse, func() {
		w.opts.Async(func() {
			suggested := oneFile.Text
			if suggested == "" && in.Text != "" {
				suggested = filepath.Join(in.Text, filepath.Base(in.Text)+".usi")
			}
			path, err := w.opts.Dialogs.SaveFile(ct.OneFileTitle, suggested, []string{"usi"})
			w.study.post(func() {
				if err == nil && path != "" {
					oneFile.SetText(path)
				}
			})
		})
	})
	oneField := container.NewBorder(nil, nil, nil, oneBrowse, oneFile)
	sub := widget.NewCheck(ct.Subfolders, nil)
	sub.SetChecked(!p.Bool(prefConvertNoSub))
	skipped := strings.Split(p.String(prefConvertSkip), ",")
	var formatChecks []*widget.Check
	formatRow := container.NewHBox()
	for _, s := range recordfile.ConvertSources {
		c := widget.NewCheck(strings.ToUpper(s.Exts[0]), nil)
		c.SetChecked(!slices.Contains(skipped, s.Exts[0]))
		formatChecks = append(formatChecks, c)
		formatRow.Add(c)
	}
	choices := convertFormatChoices(w.settings.SaveUTF8())
	format := widget.NewSelect(choices, nil)
	format.SetSelectedIndex(0)
	for i, ext := range recordfile.ConvertExtensions {
		if ext == p.String(prefConvertExt) {
			format.SetSelectedIndex(i)
		}
	}
	conflicts := []string{ct.ConflictNumber, ct.ConflictSkip, ct.ConflictOverwrite}
	conflict := widget.NewSelect(conflicts, nil)
	conflict.SetSelectedIndex(min(max(p.Int(prefConvertConflict), 0), len(conflicts)-1))
	outputs := []string{ct.ToFolder, ct.ToOneFile}
	output := widget.NewRadioGroup(outputs, nil)
	output.Required = true
	output.OnChanged = func(s string) {
		toOne := s == ct.ToOneFile
		enableTree(outField, !toOne)
		enableTree(format, !toOne)
		enableTree(oneField, toOne)
	}
	if p.Bool(prefConvertToOne) {
		output.SetSelected(ct.ToOneFile)
	} else {
		output.SetSelected(ct.ToFolder)
	}
	form := container.New(formLayout{},
		widget.NewLabel(ct.Source), inField,
		widget.NewLabel(""), sub,
		widget.NewLabel(ct.Formats), formatRow,
		widget.NewLabel(ct.Output), output,
		widget.NewLabel(ct.Dest), outField,
		widget.NewLabel(ct.Format), format,
		widget.NewLabel(ct.OneFile), oneField,
		widget.NewLabel(ct.Conflict), conflict)
	w.showFormDialog(ct.Title, 560, form, ct.Cancel, ct.Start, func(problem *widget.Label, close func()) {
		o := recordfile.ConvertOptions{
			Source:     strings.TrimSpace(in.Text),
			Subfolders: sub.Checked,
			Conflict:   recordfile.Conflict(conflict.SelectedIndex()),
			UTF8Always: w.settings.SaveUTF8(),
		}
		var skip []string
		for i, c := range formatChecks {
			if c.Checked {
				o.From = append(o.From, recordfile.ConvertSources[i].Format)
			} else {
				skip = append(skip, recordfile.ConvertSources[i].Exts[0])
			}
		}
		toOne := output.Selected == ct.ToOneFile
		if toOne {
			o.OneFile = strings.TrimSpace(oneFile.Text)
		} else {
			o.Dest = strings.TrimSpace(out.Text)
			o.Ext = recordfile.ConvertExtensions[max(format.SelectedIndex(), 0)]
		}
		switch {
		case o.Source == "":
			problem.SetText(ct.NoSource)
			return
		case toOne && o.OneFile == "" || !toOne && o.Dest == "":
			problem.SetText(ct.NoDest)
			return
		case len(o.From) == 0:
			problem.SetText(ct.NoFormats)
			return
		}
		close()
		p.SetString(prefConvertIn, o.Source)
		if toOne {
			p.SetString(prefConvertOneFile, o.OneFile)
		} else {
			p.SetString(prefConvertOut, o.Dest)
			p.SetString(prefConvertExt, o.Ext)
		}
		p.SetBool(prefConvertToOne, toOne)
		p.SetBool(prefConvertNoSub, !o.Subfolders)
		p.SetInt(prefConvertConflict, int(o.Conflict))
		p.SetString(prefConvertSkip, strings.Join(skip, ","))
		w.startConvert(o)
	})
}

// startConvert converts as o says behind a progress dialog whose 中止 stops between records,
// then says what it did.
func (w *MainWindow) startConvert(o recordfile.ConvertOptions) {
	ct := w.convertText()
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	label := widget.NewLabel("")
	label.Truncation = fyne.TextTruncateEllipsis
	width := canvas.NewRectangle(nil)
	width.SetMinSize(fyne.NewSize(420, 1))
	stop := widget.NewButton(ct.Stop, cancel)
	d := dialog.NewCustomWithoutButtons(ct.Title, container.NewVBox(width, bar, label), w.win)
	d.SetButtons([]fyne.CanvasObject{stop})
	w.lastShown = shownDialog{ct.Title, "", d}
	d.Show()
	answerKeys(w.win.Canvas(), cancel, nil)
	// the progress is posted at most once per record shown: a folder of thousands of small
	// records converts faster than the window draws
	var mu sync.Mutex
	pending := false
	var last struct {
		done, total int
		name        string
	}
	progress := func(done, total int, name string) {
		mu.Lock()
		last.done, last.total, last.name = done, total, name
		post := !pending
		pending = true
		mu.Unlock()
		if !post {
			return
		}
		w.study.post(func() {
			mu.Lock()
			l := last
			pending = false
			mu.Unlock()
			bar.SetValue(float64(l.done) / float64(max(l.total, 1)))
			label.SetText(fmt.Sprintf(ct.ProgressF, l.done+1, l.total, filepath.ToSlash(l.name)))
		})
	}
	go func() {
		res, err := recordfile.ConvertFolder(ctx, o, progress)
		cancel()
		w.study.post(func() {
			d.Hide()
			if w.closing {
				return
			}
			if err != nil {
				w.showError(ct.Title, fmt.Sprintf(ct.FailedF, err), err.Error())
				return
			}
			w.showMessage(ct.Title, w.convertSummary(o, res))
		})
	}()
}

// maxSummaryLines is how many files a summary names under each heading before "… and N more".
const maxSummaryLines = 30

// capLines keeps the first maxSummaryLines of lines, and says with moreF how many more there were.
func capLines(lines []string, moreF string) []string {
	if len(lines) <= maxSummaryLines {
		return lines
	}
	return append(lines[:maxSummaryLines:maxSummaryLines], fmt.Sprintf(moreF, len(lines)-maxSummaryLines))
}

// convertSummary says what a conversion wrote, what it skipped and why, what the format could
// not hold and what the reader warned of.
func (w *MainWindow) convertSummary(o recordfile.ConvertOptions, res recordfile.ConvertResult) string {
	ct := w.convertText()
	var b strings.Builder
	if res.Canceled {
		b.WriteString(ct.Stopped + "\n\n")
	}
	if o.OneFile != "" {
		if res.OneFile != "" {
			fmt.Fprintf(&b, ct.OneFileDoneF, res.Converted(), res.Total, res.OneFile)
		}
	} else {
		fmt.Fprintf(&b, ct.DoneF, res.Converted(), res.Total, o.Dest)
	}
	var skipped, notes []string
	for _, f := range res.Files {
		name := filepath.ToSlash(f.Name)
		switch {
		case f.Err != nil:
			skipped = append(skipped, fmt.Sprintf(ct.SkippedF, name, w.skipReason(f.Err)))
			continue
		case f.Exists:
			skipped = append(skipped, fmt.Sprintf(ct.ExistsF, name))
			continue
		}
		if line, ok := w.readWarnings(name, f.Warnings); ok {
			notes = append(notes, line)
		}
		if len(f.Lost) > 0 {
			notes = append(notes, fmt.Sprintf(ct.LostF, name, ct.lossNames(f.Lost)))
		}
	}
	for _, list := range [][]string{skipped, notes} {
		if len(list) == 0 {
			continue
		}
		b.WriteString("\n\n" + strings.Join(capLines(list, ct.MoreF), "\n"))
	}
	return b.String()
}

// lossNames names what a format could not hold, as a list.
func (ct *convertText) lossNames(losses []recordfile.Loss) string {
	var names []string
	for _, l := range losses {
		names = append(names, ct.lossName(l))
	}
	return strings.Join(names, ", ")
}

// lossName names what a format could not hold.
func (ct *convertText) lossName(l recordfile.Loss) string {
	switch l {
	case recordfile.LossVariations:
		return ct.LossVariations
	case recordfile.LossTimes:
		return ct.LossTimes
	case recordfile.LossComments:
		return ct.LossComments
	case recordfile.LossBookmarks:
		return ct.LossBookmarks
	case recordfile.LossHeaders:
		return ct.LossHeaders
	}
	return l.String()
}

// enableTree enables or disables every widget of o that can be.
func enableTree(o fyne.CanvasObject, on bool) {
	if d, ok := o.(fyne.Disableable); ok {
		setEnabled(d, on)
	}
	if c, ok := o.(*fyne.Container); ok {
		for _, x := range c.Objects {
			enableTree(x, on)
		}
	}
}
