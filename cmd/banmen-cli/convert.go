package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"banmen/internal/atomicfile"
	"banmen/kifu"
	"banmen/kifu/recordfile"
)

// runConvert reads a record in any format and encoding and writes it in another:
//
//	banmen-cli convert --to usi|sfen|kif|ki2|csa|jkf [--encoding utf8|sjis] [--csa-version 2.2|3.0] FILE [-o OUT]
//
// --to usi prints the main line as one USI position command; --to sfen the position at
// its end. FILE "-" reads standard input. The format read is the one FILE's extension
// names, else the one its content has; the encoding is found from the bytes (kifu.Read),
// and bytes that are not valid in it are warnings naming their lines. Exit 1 for a file that cannot be read (the
// message names the file, the line and what was expected), 2 for bad usage.
func runConvert(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.SetOutput(stderr)
	to := fs.String("to", "", "the format to write: usi, sfen, kif, ki2, csa or jkf")
	encName := fs.String("encoding", "utf8", "the encoding to write: utf8 or sjis (also euc-jp, iso-2022-jp, utf-16le, utf-16be, utf-32le, utf-32be)")
	csaVersion := fs.String("csa-version", "2.2", "the CSA version to write with --to csa: 2.2 or 3.0 (Kifu for JS reads 2.2 only; 3.0 keeps fractions of a second)")
	out := fs.String("o", "", "write to this file instead of standard output (a folder: the folder to write into)")
	oneFile := fs.Bool("one-file", false, "a folder with --to usi: every record's main line into the one file -o, a line each")
	conflict := fs.String("conflict", "number", "a folder: when a file to write exists, number (NAME-2.EXT), skip or overwrite")
	noSub := fs.Bool("no-subfolders", false, "a folder: leave its subfolders out")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli convert --to usi|sfen|kif|ki2|csa|jkf [--encoding utf8|sjis] [--csa-version 2.2|3.0] FILE [-o OUT]")
		fmt.Fprintln(stderr, "       banmen-cli convert --to usi|kif|ki2|csa|jkf [--encoding utf8|sjis] [--conflict number|skip|overwrite] [--no-subfolders] FOLDER -o OUTFOLDER")
		fmt.Fprintln(stderr, "       banmen-cli convert --to usi --one-file FOLDER -o OUT.usi")
		fs.PrintDefaults()
	}
	// flags may come before or after FILE
	files, ok := parseInterleaved(fs, args)
	if !ok {
		return 2
	}
	if len(files) != 1 {
		return badUsage(stderr, "convert", fs, "want one FILE to convert, got %d", len(files))
	}
	if st, err := os.Stat(files[0]); err == nil && st.IsDir() {
		return convertFolder(files[0], folderFlags{to: *to, enc: *encName, out: *out, oneFile: *oneFile, conflict: *conflict, sub: !*noSub}, stdout, stderr, fs)
	}
	if *oneFile || *noSub || *conflict != "number" {
		return badUsage(stderr, "convert", fs, "--one-file, --conflict and --no-subfolders are for a folder; %s is a file", files[0])
	}
	opts, err := convertOutput(*to, *encName, *csaVersion)
	if err != nil {
		return badUsage(stderr, "convert", fs, "%s", err)
	}
	rec, name, ok := readConvertInput(files[0], stderr)
	if !ok {
		return 1
	}
	data, err := opts.encode(rec)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli convert: %s: %v\n", name, err)
		return 1
	}
	if !opts.sfen && opts.format != kifu.USI { // USI and SFEN are the main line, or its end, by definition
		tellLosses(stderr, "banmen-cli convert: "+name, rec, opts.format)
	}
	if opts.format == kifu.CSA && !opts.csaV3 && kifu.NeedsCSAV3(rec) {
		fmt.Fprintf(stderr, "banmen-cli convert: %s: CSA V2.2 cannot hold fractions of a second: its times are cut to whole seconds (--csa-version 3.0 keeps them)\n", name)
	}
	if *out == "" {
		_, err = stdout.Write(data)
	} else {
		err = atomicfile.Write(*out, data, 0o644)
	}
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli convert: %v\n", err)
		return 1
	}
	return 0
}

// convertOptions say what convert writes.
type convertOptions struct {
	sfen   bool        // the position at the end, as SFEN
	format kifu.Format // else the record in this format
	enc    kifu.Encoding
	csaV3  bool
}

// convertOutput checks the --to, --encoding and --csa-version flags; its error is a usage
// error's message.
func convertOutput(to, encName, csaVersion string) (convertOptions, error) {
	var opts convertOptions
	target := strings.ToLower(to)
	switch target {
	case "":
		return opts, errors.New("--to is missing: say which format to write")
	case "sfen":
		opts.sfen = true
	default:
		f, err := kifu.ParseFormat(target)
		if err != nil || target == "kifu" || target == "ki2u" || target == "json" {
			return opts, fmt.Errorf("--to %q: want usi, sfen, kif, ki2, csa or jkf", to)
		}
		opts.format = f
	}
	enc, err := kifu.ParseEncoding(encName)
	if err != nil {
		return opts, fmt.Errorf("--encoding %q: want utf8 or sjis (or euc-jp, iso-2022-jp, utf-16le, utf-16be, utf-32le, utf-32be)", encName)
	}
	opts.enc = enc
	switch strings.TrimPrefix(strings.ToUpper(csaVersion), "V") {
	case "2.2", "2":
	case "3.0", "3":
		opts.csaV3 = true
	default:
		return opts, fmt.Errorf("--csa-version %q: want 2.2 or 3.0", csaVersion)
	}
	if opts.csaV3 && opts.format != kifu.CSA {
		return opts, errors.New("--csa-version is for --to csa")
	}
	return opts, nil
}

// readConvertInput reads the record in name ("-": standard input) and prints its warnings.
// It returns the record and the name to give it in messages, or false when it cannot be
// read, having said why.
func readConvertInput(name string, stderr io.Writer) (*kifu.Record, string, bool) {
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(os.Stdin)
		name = "standard input"
	} else {
		data, err = kifu.ReadBytes(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli convert: %v\n", err)
		return nil, name, false
	}
	rec, _, err := kifu.Read(data, name)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli convert: %v\n", err)
		if rec != nil {
			if pe, ok := err.(*kifu.ParseError); ok && pe.Line > 0 {
				fmt.Fprintf(stderr, "banmen-cli convert: %s: nothing written; the record is readable only up to the line above\n", name)
			} else {
				fmt.Fprintf(stderr, "banmen-cli convert: %s: nothing written; the record is readable only up to the error above\n", name)
			}
		}
		return nil, name, false
	}
	for _, w := range rec.Warnings {
		fmt.Fprintf(stderr, "banmen-cli convert: %s: warning: %v\n", name, w)
	}
	return rec, name, true
}

// encode writes rec as opts say.
func (opts convertOptions) encode(rec *kifu.Record) ([]byte, error) {
	var buf bytes.Buffer
	switch {
	case opts.sfen:
		buf.WriteString(rec.FinalPosition().SFEN() + "\n")
	case opts.format == kifu.USI:
		buf.WriteString(kifu.FormatUSI(rec) + "\n")
	default:
		if err := kifu.Write(&buf, rec, opts.format, kifu.WriteOptions{Encoding: opts.enc, CSAV3: opts.csaV3}); err != nil {
			return nil, err
		}
	}
	return buf.Bytes(), nil
}

// folderFlags are convert's flags for a folder.
type folderFlags struct {
	to, enc, out, conflict string
	oneFile, sub           bool
}

// convertFolder converts every record of dir (and its subfolders) as kifu/recordfile.ConvertFolder
// does for the window's 棋譜の一括変換: into the folder -o, keeping the tree, or with --one-file
// every main line into the file -o. Each record skipped is named on stderr with the reason, as
// are the reader's warnings and what the format could not hold; exit 1 when a record could not
// be converted (the others are written), 2 for bad usage.
func convertFolder(dir string, f folderFlags, stdout, stderr io.Writer, fs *flag.FlagSet) int {
	o := recordfile.ConvertOptions{Source: dir, Subfolders: f.sub}
	switch enc, err := kifu.ParseEncoding(f.enc); {
	case err == nil && enc == kifu.UTF8:
		o.UTF8Always = true
	case err == nil && enc == kifu.ShiftJIS:
	default:
		return badUsage(stderr, "convert", fs, "--encoding %q: a folder is written in utf8 or sjis", f.enc)
	}
	switch f.conflict {
	case "number":
		o.Conflict = recordfile.ConflictNumber
	case "skip":
		o.Conflict = recordfile.ConflictSkip
	case "overwrite":
		o.Conflict = recordfile.ConflictOverwrite
	default:
		return badUsage(stderr, "convert", fs, "--conflict %q: want number, skip or overwrite", f.conflict)
	}
	to := strings.ToLower(f.to)
	if !slices.Contains([]string{"usi", "kif", "ki2", "csa", "jkf"}, to) {
		return badUsage(stderr, "convert", fs, "--to %q: a folder is converted to usi, kif, ki2, csa or jkf", f.to)
	}
	if f.out == "" {
		return badUsage(stderr, "convert", fs, "-o is missing: say where to write the records of %s", dir)
	}
	if f.oneFile {
		if to != "usi" {
			return badUsage(stderr, "convert", fs, "--one-file writes USI lines: use it with --to usi")
		}
		o.OneFile = f.out
	} else {
		o.Dest, o.Ext = f.out, to
	}
	res, err := recordfile.ConvertFolder(context.Background(), o, nil)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli convert: %v\n", err)
		return 1
	}
	failed := 0
	for _, r := range res.Files {
		name := filepath.ToSlash(r.Name)
		switch {
		case r.Err != nil:
			failed++
			fmt.Fprintf(stderr, "banmen-cli convert: %s: skipped: %v\n", name, r.Err)
			continue
		case r.Exists:
			fmt.Fprintf(stderr, "banmen-cli convert: %s: skipped: %s exists\n", name, r.Out)
			continue
		}
		for _, w := range r.Warnings {
			fmt.Fprintf(stderr, "banmen-cli convert: %s: warning: %v\n", name, w)
		}
		sayLosses(stderr, "banmen-cli convert: "+name, r.Lost, strings.ToUpper(to))
	}
	where := o.Dest
	if f.oneFile {
		where = res.OneFile
	}
	fmt.Fprintf(stdout, "converted %d of %d records into %s\n", res.Converted(), res.Total, where)
	if failed > 0 {
		return 1
	}
	return 0
}

// tellLosses says, after prefix, what rec has that format cannot hold and is left out of
// what is written (nothing when it holds everything).
func tellLosses(stderr io.Writer, prefix string, rec *kifu.Record, format kifu.Format) {
	sayLosses(stderr, prefix, recordfile.Losses(rec, format), strings.ToUpper(format.String()))
}

func sayLosses(stderr io.Writer, prefix string, losses []recordfile.Loss, format string) {
	if len(losses) == 0 {
		return
	}
	var lost []string
	for _, l := range losses {
		lost = append(lost, l.String())
	}
	fmt.Fprintf(stderr, "%s: %s cannot hold its %s: left out\n", prefix, format, strings.Join(lost, ", "))
}
