package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"time"

	"banmen/engine"
)

// engineFlags collects --engine and --option, shared by match, analyse and solve.
type engineFlags struct {
	specs    multiFlag // --engine: a registered name or a command line
	options  multiFlag // --option N:Name=Value
	registry string
}

// register adds --engine, --option and --registry to fs.
func (f *engineFlags) register(fs *flag.FlagSet, what string) {
	fs.Var(&f.specs, "engine", what+": a registered name, or the executable with its arguments")
	fs.Var(&f.options, "option", "N:Name=Value sets an option of engine N; repeatable")
	fs.StringVar(&f.registry, "registry", "", "the engine list (default: the user's)")
}

// exitCode prints err for command cmd and returns the exit code: 2 for bad usage, else 1.
func exitCode(stderr io.Writer, cmd string, err error) int {
	fmt.Fprintf(stderr, "banmen-cli %s: %s\n", cmd, engine.Printable(err.Error()))
	var ue usageError
	if errors.As(err, &ue) {
		return 2
	}
	return 1
}

// splitCommand splits a command line the way a shell would for simple quoting:
// words separated by spaces, '…' and "…" keep spaces, \ escapes one character.
func splitCommand(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	esc := false
	for _, r := range s {
		switch {
		case esc:
			cur.WriteRune(r)
			esc = false
		case r == '\\' && quote != '\'':
			esc, inWord = true, true
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '\'' || r == '"':
			quote, inWord = r, true
		case r == ' ' || r == '\t':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if quote != 0 || esc {
		return nil, fmt.Errorf("unfinished quote in %q", s)
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out, nil
}

// resolve turns the flags into engine definitions, probing each one so that its
// options are known and an unknown option name is an error. want is how many --engine
// there must be; -1 means one or more.
func (f *engineFlags) resolve(ctx context.Context, want int, stderr io.Writer) ([]engine.Definition, error) {
	if want < 0 && len(f.specs) == 0 {
		return nil, usageError("want at least one --engine")
	}
	if want >= 0 && len(f.specs) != want {
		return nil, usageError(fmt.Sprintf("want %d --engine, got %d", want, len(f.specs)))
	}
	if want < 0 {
		want = len(f.specs)
	}
	defs, err := f.definitions(stderr)
	if err != nil {
		return nil, err
	}
	if err := f.applyOptions(defs, want); err != nil {
		return nil, err
	}
	for i := range defs {
		if err := probeDefinition(ctx, i, f.specs[i], &defs[i]); err != nil {
			return nil, err
		}
	}
	if len(defs) == 2 && defs[0].Name == defs[1].Name {
		if a, b := distinctTails(f.specs[0], f.specs[1]); a != b {
			// two builds of one engine: name each by where it is
			defs[0].Name += " (" + a + ")"
			defs[1].Name += " (" + b + ")"
		} else {
			defs[1].Name += " #2"
		}
	}
	return defs, nil
}

// distinctTails returns the shortest ends of two engine specs, by whole path elements, that
// tell them apart ("bin-se/banmen-engine" and "bin-main/banmen-engine" for two builds in
// sibling folders), or the specs themselves when one is the end of the other.
func distinctTails(a, b string) (string, string) {
	ea, eb := strings.Split(a, "/"), strings.Split(b, "/")
	for n := 1; n <= len(ea) && n <= len(eb); n++ {
		ta, tb := strings.Join(ea[len(ea)-n:], "/"), strings.Join(eb[len(eb)-n:], "/")
		if ta != tb {
			return ta, tb
		}
	}
	return a, b
}

// definitions finds each --engine in the user's engine list, or else takes it as a
// command line (which, when the list could not be read, must name a command).
func (f *engineFlags) definitions(stderr io.Writer) ([]engine.Definition, error) {
	reg, regErr := engine.OpenUserRegistry(f.registry)
	if reg != nil && regErr != nil { // read, with something to say (moved aside, newer version)
		fmt.Fprintf(stderr, "warning: %v\n", regErr)
	}
	warned := false
	defs := make([]engine.Definition, len(f.specs))
	for i, spec := range f.specs {
		if reg != nil {
			if d, ok := reg.Find(spec); ok {
				defs[i] = d
				continue
			}
		}
		words, err := splitCommand(spec)
		if err != nil || len(words) == 0 {
			return nil, usageError(fmt.Sprintf("--engine %q: not a registered engine nor a command", spec))
		}
		if reg == nil {
			// the list could not be read: a name in it must not be run as a command
			if _, lerr := exec.LookPath(words[0]); lerr != nil {
				return nil, fmt.Errorf("--engine %q: the engine list could not be read (%v), and %q is not a command", spec, regErr, words[0])
			}
			if !warned {
				fmt.Fprintf(stderr, "warning: the engine list could not be read (%v); --engine values are run as commands\n", regErr)
				warned = true
			}
		}
		defs[i] = engine.Definition{Path: words[0], Args: words[1:]}
	}
	return defs, nil
}

// applyOptions sets each --option N:Name=Value on engine N of want.
func (f *engineFlags) applyOptions(defs []engine.Definition, want int) error {
	for _, o := range f.options {
		n, rest, ok := strings.Cut(o, ":")
		k, err := strconv.Atoi(n)
		name, value, ok2 := strings.Cut(rest, "=")
		if !ok || !ok2 || err != nil || k < 1 || k > want {
			return usageError(fmt.Sprintf("--option %q: want N:Name=Value with N from 1 to %d", o, want))
		}
		if defs[k-1].Values == nil {
			defs[k-1].Values = map[string]string{}
		}
		defs[k-1].Values[name] = value
	}
	return nil
}

// probeDefinition starts engine i (given as spec) to learn its name and options, names
// an unnamed one by its USI name and the options set, and checks those options.
func probeDefinition(ctx context.Context, i int, spec string, d *engine.Definition) error {
	pctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	res, err := engine.Probe(pctx, *d)
	cancel()
	if err != nil {
		return fmt.Errorf("engine %d (%s): %w", i+1, spec, err)
	}
	if d.Name == "" {
		d.Name = res.Name
		// the options set say which configuration this is
		for _, k := range sortedKeys(d.Values) {
			d.Name += fmt.Sprintf(" [%s=%s]", k, d.Values[k])
		}
	}
	d.Options = res.Options
	for name, v := range d.Values {
		o, ok := d.Option(name)
		if !ok {
			return fmt.Errorf("engine %d (%s) has no option %q", i+1, d.Name, name)
		}
		if err := o.Validate(v); err != nil {
			return fmt.Errorf("engine %d (%s): option %q: %v", i+1, d.Name, name, err)
		}
	}
	return nil
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// usageError marks an error as bad usage (exit 2).
type usageError string

func (e usageError) Error() string { return string(e) }

// isTerminal reports whether w is a terminal (progress redraws one line there).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressLine prints progress: one line redrawn on a terminal, plain lines otherwise.
type progressLine struct {
	w    io.Writer
	term bool
}

func (p *progressLine) update(format string, args ...any) {
	line := fmt.Sprintf(format, args...)
	if p.term {
		fmt.Fprintf(p.w, "\r\033[K%s", line)
		return
	}
	fmt.Fprintln(p.w, line)
}

func (p *progressLine) done() {
	if p.term {
		fmt.Fprintln(p.w)
	}
}

func fmtETA(d time.Duration) string {
	if d <= 0 {
		return "-"
	}
	return d.Round(time.Second).String()
}

// parseInterleaved parses fs's flags from args, letting them come before, between and
// after the positional arguments, which it returns. It is false when a flag is bad (fs
// has said so).
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, bool) {
	var rest []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return nil, false
		}
		if fs.NArg() == 0 {
			break
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
	return rest, true
}
