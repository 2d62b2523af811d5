package recordfile

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"banmen/internal/atomicfile"
	"banmen/kifu"
)

// 棋譜の一括変換: every record of a folder (and its subfolders) written again in another
// format, as ShogiHome's batch conversion does, into a folder that keeps the tree of the
// source, or every main line into one file of USI position commands (one line each, as
// engine authors feed them to their tools). A file that cannot be read or written is skipped
// with the reason, the others go on; what a record has that the format cannot hold
// (variations in CSA, …) and the reader's warnings are told per file.

// Conflict says what the conversion does when the file it would write exists.
type Conflict int

const (
	// ConflictNumber writes NAME-2.EXT (or -3, …) beside it.
	ConflictNumber Conflict = iota
	// ConflictSkip leaves it and skips the record.
	ConflictSkip
	// ConflictOverwrite writes over it (never over the record being converted).
	ConflictOverwrite
)

// ConvertSources are the extensions a conversion reads, by the format they stand for: those
// a record is saved in (SaveFormats) and USI's; the files of the source folder with other
// extensions are not looked at.
var ConvertSources = append(slices.Clip(SaveFormats), FormatExts{kifu.USI, []string{"usi", "sfen"}})

// ConvertExtensions are the extensions a conversion can write, as Save writes them (.kif,
// .ki2 and .csa in Shift_JIS, UTF-8 with ConvertOptions.UTF8Always; .kifu, .ki2u and .jkf in
// UTF-8), and .usi, in UTF-8, the main line as a USI position command.
var ConvertExtensions = func() []string {
	var exts []string
	for _, f := range SaveFormats {
		exts = append(exts, f.Exts...)
	}
	return append(exts, "usi")
}()

// ConvertOptions say what ConvertFolder converts, and into what.
type ConvertOptions struct {
	Source     string        // the folder of the records
	Subfolders bool          // its subfolders too
	From       []kifu.Format // the formats taken (by extension, see ConvertSources); none: all
	// Dest is the folder written into (made when missing); a record of a subfolder goes into
	// the same subfolder of Dest. It may be Source itself.
	Dest       string
	Ext        string // the extension, and so the format, written (ConvertExtensions)
	UTF8Always bool   // .kif, .ki2 and .csa in UTF-8 too, as the window's save setting says
	// OneFile, when set, is the file that gets every record's main line as one USI position
	// command per line, in the order of the files; Dest and Ext are then not used.
	OneFile  string
	Conflict Conflict
}

// ConvertedFile is what became of one record.
type ConvertedFile struct {
	Name     string         // the record's path below the source folder
	Out      string         // the file written ("" when none, or in OneFile mode)
	Err      error          // why it was skipped
	Exists   bool           // skipped because Out exists (ConflictSkip)
	Warnings []kifu.Warning // what the reader said of the record it read anyway
	Lost     []Loss         // what the record has that the format written cannot hold (USI, which is the main line only by definition, is not told)
}

// ConvertResult is what a conversion did.
type ConvertResult struct {
	Files    []ConvertedFile // in the order they were converted
	Total    int             // the records found
	Canceled bool            // ctx ended before every record was converted
	OneFile  string          // the file written in OneFile mode ("" when none)
}

// Converted counts the records written.
func (r ConvertResult) Converted() int {
	n := 0
	for _, f := range r.Files {
		if f.Err == nil && !f.Exists {
			n++
		}
	}
	return n
}

// ConvertProgress hears of each record before it is converted: done of total are finished.
type ConvertProgress func(done, total int, name string)

// RecordFilesIn lists the records below dir whose extensions stand for one of formats (none:
// all of ConvertSources), in subfolders too when sub is set, as paths relative to dir, sorted.
// A folder named skip (the destination, when it lies inside dir) is not entered.
func RecordFilesIn(dir string, sub bool, formats []kifu.Format, skip string) ([]string, error) {
	exts := map[string]bool{}
	for _, s := range ConvertSources {
		if len(formats) == 0 || slices.Contains(formats, s.Format) {
			for _, e := range s.Exts {
				exts[e] = true
			}
		}
	}
	info, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, unwrapPathError(err))
	}
	if !info.IsDir() {
		return nil, fmt.Errorf("%s: not a folder", dir)
	}
	skipAbs := ""
	if skip != "" {
		skipAbs, _ = filepath.Abs(skip)
	}
	var out []string
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == dir {
				return err
			}
			return nil // an unreadable subfolder: what it holds is not found, the rest is
		}
		if d.IsDir() {
			if p == dir {
				return nil
			}
			if !sub {
				return fs.SkipDir
			}
			if a, _ := filepath.Abs(p); skipAbs != "" && a == skipAbs {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		if exts[strings.ToLower(strings.TrimPrefix(filepath.Ext(p), "."))] {
			rel, err := filepath.Rel(dir, p)
			if err == nil {
				out = append(out, rel)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, unwrapPathError(err))
	}
	slices.Sort(out)
	return out, nil
}

// ConvertFolder converts the records of o.Source as o says. The error is for the conversion
// as a whole (no source folder, no records, a destination that cannot be made, the one file
// that cannot be written); each record's own are in its ConvertedFile. Cancelled through ctx
// it stops between records: those written stay, and the result says it was cancelled (in
// OneFile mode nothing is written then).
func ConvertFolder(ctx context.Context, o ConvertOptions, progress ConvertProgress) (ConvertResult, error) {
	var res ConvertResult
	oneFile := o.OneFile != ""
	var format kifu.Format
	var enc kifu.Encoding
	if !oneFile {
		var err error
		if !slices.Contains(ConvertExtensions, strings.ToLower(o.Ext)) {
			return res, fmt.Errorf("cannot write .%s: want one of .%s", o.Ext, strings.Join(ConvertExtensions, ", ."))
		}
		format, enc, err = FormatForPath("x."+strings.ToLower(o.Ext), o.UTF8Always)
		if err != nil {
			return res, err
		}
		if o.Dest == "" {
			return res, errors.New("no folder to write into")
		}
	}
	skip := o.Dest
	if oneFile {
		skip = ""
	}
	names, err := RecordFilesIn(o.Source, o.Subfolders, o.From, skip)
	if err != nil {
		return res, err
	}
	if oneFile {
		// the one file of an earlier run, written into the source folder, is no source
		names = slices.DeleteFunc(names, func(n string) bool { return SamePath(filepath.Join(o.Source, n), o.OneFile) })
	}
	if len(names) == 0 {
		return res, fmt.Errorf("%s holds no records of the formats chosen", o.Source)
	}
	res.Total = len(names)
	var lines []string
	written := map[string]bool{} // the files this run wrote: two records of one name (x.kif, x.ki2) are both kept
	for i, name := range names {
		if ctx.Err() != nil {
			res.Canceled = true
			break
		}
		if progress != nil {
			progress(i, len(names), name)
		}
		f := ConvertedFile{Name: name}
		src := filepath.Join(o.Source, name)
		rec, _, _, err := ReadFile(src)
		if err != nil {
			f.Err = err
			res.Files = append(res.Files, f)
			continue
		}
		f.Warnings = rec.Warnings
		if oneFile {
			lines = append(lines, kifu.FormatUSI(rec))
			res.Files = append(res.Files, f)
			continue
		}
		if format != kifu.USI {
			f.Lost = Losses(rec, format)
		}
		f.Out, f.Exists, f.Err = convertOne(rec, src, o, name, format, enc, written)
		if f.Err == nil && !f.Exists {
			written[f.Out] = true
		}
		res.Files = append(res.Files, f)
	}
	if oneFile && !res.Canceled && len(lines) > 0 {
		out, exists, err := freePath(o.OneFile, "", o.Conflict, nil)
		switch {
		case err != nil:
			return res, err
		case exists:
			return res, fmt.Errorf("%s exists: nothing written", o.OneFile)
		}
		if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
			return res, fmt.Errorf("%s: %w", filepath.Dir(out), unwrapPathError(err))
		}
		if err := atomicfile.Write(out, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			return res, err
		}
		res.OneFile = out
	}
	return res, nil
}

// convertOne writes rec, read from src (name below the source folder), as o says: the path
// written, or that it exists (ConflictSkip), or why it could not be written.
func convertOne(rec *kifu.Record, src string, o ConvertOptions, name string, format kifu.Format, enc kifu.Encoding, written map[string]bool) (string, bool, error) {
	base := strings.TrimSuffix(name, filepath.Ext(name))
	out, exists, err := freePath(filepath.Join(o.Dest, base+"."+strings.ToLower(o.Ext)), src, o.Conflict, written)
	if err != nil || exists {
		return out, exists, err
	}
	data, err := Encode(rec, format, enc, "")
	if err != nil {
		return "", false, fmt.Errorf("%s: %w", out, err)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return "", false, fmt.Errorf("%s: %w", filepath.Dir(out), unwrapPathError(err))
	}
	if err := atomicfile.Write(out, data, 0o644); err != nil {
		return "", false, err
	}
	return out, false, nil
}

// freePath is the path to write for want under conflict c: want itself when it is free or
// when c overwrites it, else NAME-2.EXT, -3, … (ConflictNumber), or want with exists set
// (ConflictSkip). The record's own file src is never written over, nor a file this run wrote
// (mine): those are numbered whatever c says.
func freePath(want, src string, c Conflict, mine map[string]bool) (string, bool, error) {
	taken := func(p string) bool {
		if src != "" && SamePath(p, src) || mine[p] {
			return true
		}
		_, err := os.Lstat(p)
		return err == nil || !errors.Is(err, fs.ErrNotExist)
	}
	if !taken(want) {
		return want, false, nil
	}
	ours := mine[want] || src != "" && SamePath(want, src)
	switch {
	case ours:
	case c == ConflictSkip:
		return want, true, nil
	case c == ConflictOverwrite:
		return want, false, nil
	}
	ext := filepath.Ext(want)
	stem := strings.TrimSuffix(want, ext)
	for n := 2; n < 10000; n++ {
		p := stem + "-" + strconv.Itoa(n) + ext
		if !taken(p) {
			return p, false, nil
		}
	}
	return "", false, fmt.Errorf("%s: no free name beside it", want)
}

// SamePath reports whether a and b name the same file or folder (or the same path when one
// does not exist).
func SamePath(a, b string) bool {
	ia, errA := os.Stat(a)
	ib, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(ia, ib)
	}
	aa, _ := filepath.Abs(a)
	bb, _ := filepath.Abs(b)
	return aa == bb
}
