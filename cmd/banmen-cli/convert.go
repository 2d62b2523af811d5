package main

import (
	"bytes"
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
	csaVersion := fs.String("csa-version", "2.2", "the CSA version to write with --to csa: 2.2 or 3.0")
	out := fs.String("o", "", "write to this file instead of standard output")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli convert --to usi|sfen|kif|ki2|csa|jkf [--encoding utf8|sjis] [--csa-version 2.2|3.0] FILE [-o OUT]")
		fs.PrintDefaults()
	}
	// flags may come before or after FILE
	var files []string
	rest := args
	for {
		if err := fs.Parse(rest); err != nil {
			return 2
		}
		if fs.NArg() == 0 {
			break
		}
		files = append(files, fs.Arg(0))
		rest = fs.Args()[1:]
	}
	usageErr := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "banmen-cli convert: "+format+"\n", a...)
		fs.Usage()
		return 2
	}
	if len(files) != 1 {
		return usageErr("want one FILE to convert, got %d", len(files))
	}
	target := strings.ToLower(*to)
	var format kifu.Format
	switch target {
	case "":
		return usageErr("--to is missing: say which format to write")
	case "sfen":
	default:
		f, err := kifu.ParseFormat(target)
		if err != nil || target == "kifu" || target == "ki2u" || target == "json" {
			return usageErr("--to %q: want usi, sfen, kif, ki2, csa or jkf", *to)
		}
		format = f
	}
	enc, err := kifu.ParseEncoding(*encName)
	if err != nil {
		return usageErr("--encoding %q: want utf8 or sjis (or euc-jp, iso-2022-jp, utf-16le, utf-16be, utf-32le, utf-32be)", *encName)
	}
	var csaV3 bool
	switch strings.TrimPrefix(strings.ToUpper(*csaVersion), "V") {
	case "2.2", "2":
	case "3.0", "3":
		csaV3 = true
	default:
		return usageErr("--csa-version %q: want 2.2 or 3.0", *csaVersion)
	}
	if csaV3 && format != kifu.CSA {
		return usageErr("--csa-version is for --to csa")
	}

	name := files[0]
	var data []byte
	if name == "-" {
		data, err = io.ReadAll(os.Stdin)
		name = "standard input"
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli convert: %v\n", err)
		return 1
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
		return 1
	}
	for _, w := range rec.Warnings {
		fmt.Fprintf(stderr, "banmen-cli convert: %s: warning: %v\n", name, w)
	}

	var buf bytes.Buffer
	switch {
	case target == "sfen":
		buf.WriteString(rec.FinalPosition().SFEN() + "\n")
	case format == kifu.USI:
		buf.WriteString(kifu.FormatUSI(rec) + "\n")
	default:
		if err := kifu.Write(&buf, rec, format, kifu.WriteOptions{Encoding: enc, CSAV3: csaV3}); err != nil {
			fmt.Fprintf(stderr, "banmen-cli convert: %s: %v\n", name, err)
			return 1
		}
	}
	if *out == "" {
		if _, err := stdout.Write(buf.Bytes()); err != nil {
			fmt.Fprintf(stderr, "banmen-cli convert: %v\n", err)
			return 1
		}
		return 0
	}
	if err := atomicfile.Write(*out, buf.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "banmen-cli convert: %v\n", err)
		return 1
	}
	return 0
}
