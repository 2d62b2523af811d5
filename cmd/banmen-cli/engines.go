package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"
	"unicode/utf8"

	"banmen/engine"
	"banmen/usiclient"
)

// probe: start a program, ask "usi", print what it declared.
func runProbe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("probe", flag.ContinueOnError)
	fs.SetOutput(stderr)
	scale := fs.Float64("timeout-scale", 1, "multiply the handshake timeout (10 s) by this")
	var env multiFlag
	fs.Var(&env, "env", "KEY=VALUE added to the engine's environment (repeatable)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli probe [--env KEY=VALUE] [--timeout-scale X] CMD [ARGS...]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 1 {
		return badUsage(stderr, "probe", fs, "want the engine's command (CMD [ARGS...])")
	}
	def := engine.Definition{Path: fs.Arg(0), Args: fs.Args()[1:], Env: env, TimeoutScale: *scale}
	res, err := engine.Probe(context.Background(), def)
	if err != nil {
		fmt.Fprintf(stderr, "banmen-cli probe: %v\n", err)
		return 1
	}
	// what the engine sent is printed escaped: an escape sequence in its name must not reach the terminal
	fmt.Fprintf(stdout, "id name   %s\n", engine.Printable(res.Name))
	fmt.Fprintf(stdout, "id author %s\n", engine.Printable(res.Author))
	fmt.Fprintf(stdout, "handshake %s\n", res.Handshake.Round(time.Millisecond))
	fmt.Fprintf(stdout, "options   %d\n\n", len(res.Options))
	printOptions(stdout, res.Options)
	if len(res.Problems) > 0 {
		fmt.Fprintln(stdout, "\nproblems:")
		for _, p := range res.Problems {
			fmt.Fprintln(stdout, "  "+engine.Printable(p))
		}
	}
	return 0
}

func printOptions(w io.Writer, opts []usiclient.Option) {
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTYPE\tDEFAULT\tRANGE / CHOICES")
	for _, o := range opts {
		def := o.Default
		if o.HasDefault && def == "" {
			def = "<empty>"
		}
		var rng string
		switch o.Type {
		case usiclient.OptionSpin:
			rng = spinRange(o)
		case usiclient.OptionCombo:
			rng = strings.Join(o.Vars, " | ")
			if len(rng) > 60 {
				cut := 57
				for cut > 0 && !utf8.RuneStart(rng[cut]) {
					cut-- // never cut a character in half
				}
				rng = fmt.Sprintf("%s … (%d choices)", rng[:cut], len(o.Vars))
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", engine.Printable(o.Name), engine.Printable(o.TypeName), engine.Printable(def), engine.Printable(rng))
	}
	tw.Flush()
}

// spinRange writes a spin's bounds as the engine sent them: "0..20", "0.." or
// "..20" when it sent only one, "" when it sent neither (not a made-up 0..0).
func spinRange(o usiclient.Option) string {
	if !o.HasMin && !o.HasMax {
		return ""
	}
	var lo, hi string
	if o.HasMin {
		lo = strconv.FormatInt(o.Min, 10)
	}
	if o.HasMax {
		hi = strconv.FormatInt(o.Max, 10)
	}
	return lo + ".." + hi
}

// engines: list, add, remove registered engines.
func runEngines(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("engines", flag.ContinueOnError)
	fs.SetOutput(stderr)
	regPath := fs.String("registry", "", "the engine list (default: engines.json in the user's config folder)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: banmen-cli engines [--registry FILE] list")
		fmt.Fprintln(stderr, "       banmen-cli engines [--registry FILE] add CMD [ARGS...]")
		fmt.Fprintln(stderr, "       banmen-cli engines [--registry FILE] remove NAME|ID")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() < 1 {
		return badUsage(stderr, "engines", fs, "want a subcommand: list, add or remove")
	}
	reg, err := engine.OpenUserRegistry(*regPath)
	if reg == nil {
		fmt.Fprintf(stderr, "banmen-cli engines: %v\n", err)
		return 1
	}
	if err != nil { // a corrupt list was moved aside: say so and go on
		fmt.Fprintf(stderr, "banmen-cli engines: warning: %v\n", err)
	}
	switch sub, rest := fs.Arg(0), fs.Args()[1:]; sub {
	case "list":
		tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tNAME\tPATH\tOPTIONS SET")
		for _, d := range reg.List() {
			name := d.Name
			if d.Bundled {
				name += " (bundled)"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\n", engine.Printable(d.ID), engine.Printable(name),
				engine.Printable(strings.Join(append([]string{d.Path}, d.Args...), " ")), len(d.Values))
		}
		tw.Flush()
	case "add":
		if len(rest) < 1 {
			return badUsage(stderr, "engines add", fs, "want the engine's command (CMD [ARGS...])")
		}
		m := engine.NewManager(reg)
		def, res, err := m.Add(context.Background(), rest[0], rest[1:]...)
		if err != nil {
			fmt.Fprintf(stderr, "banmen-cli engines add: %v\n", err)
			return 1
		}
		fmt.Fprintf(stdout, "added %q (id %s), %d options, handshake %s\n", def.Name, def.ID, len(res.Options), res.Handshake.Round(time.Millisecond))
	case "remove":
		if len(rest) != 1 {
			return badUsage(stderr, "engines remove", fs, "want one engine NAME, got %d arguments %q", len(rest), rest)
		}
		def, ok := reg.Find(rest[0])
		if !ok {
			fmt.Fprintf(stderr, "banmen-cli engines remove: no engine named %q (see banmen-cli engines list)\n", rest[0])
			return 1
		}
		if err := reg.Remove(def.ID, false); err != nil {
			if errors.Is(err, engine.ErrBundled) {
				fmt.Fprintf(stderr, "banmen-cli engines remove: %q is Banmen's own engine and stays\n", def.Name)
			} else {
				fmt.Fprintf(stderr, "banmen-cli engines remove: %v\n", err)
			}
			return 1
		}
		fmt.Fprintf(stdout, "removed %q\n", def.Name)
	default:
		return badUsage(stderr, "engines", fs, "unknown subcommand %q", sub)
	}
	return 0
}

type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }
