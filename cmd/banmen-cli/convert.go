package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"banmen/internal/atomicfile"
	"banmen/kifu"
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
	out := fs.String("o", "", "write to this file instead of standard output")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli convert --to usi|sfen|kif|ki2|csa|jkf [--encoding utf8|sjis] [--csa-version 2.2|3.0] FILE [-o OUT]")
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
		data, err = os.ReadFile(name)
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
