package usiclient

import (
	"fmt"
	"strconv"
	"strings"
)

// OptionType is the type of an engine option, which decides the control a GUI shows.
type OptionType uint8

// The option types of USI (Shogidokoro adds filename).
const (
	OptionUnknown  OptionType = iota // a type USI does not define (kept in Option.TypeName)
	OptionCheck                      // check: true or false
	OptionSpin                       // spin: an integer in min..max
	OptionCombo                      // combo: one of the vars
	OptionButton                     // button: no value, pressing it sends setoption name <id>
	OptionString                     // string: any text; <empty> is the empty string
	OptionFilename                   // filename: a path, shown with a file chooser
)

var optionTypeNames = [...]string{"unknown", "check", "spin", "combo", "button", "string", "filename"}

func (t OptionType) String() string {
	if int(t) < len(optionTypeNames) {
		return optionTypeNames[t]
	}
	return "unknown"
}

func parseOptionType(s string) OptionType {
	for i, n := range optionTypeNames[1:] {
		if s == n {
			return OptionType(i + 1)
		}
	}
	return OptionUnknown
}

// Option is one "option" line: a setting the engine lets the user change.
type Option struct {
	Name     string     // the words between "name" and "type", as sent (they may contain spaces)
	Type     OptionType // OptionUnknown if TypeName is not a USI type
	TypeName string     // the type as sent

	// Default is the default value as sent, "" for "<empty>" or an empty trailing
	// "default". HasDefault reports whether a default was given at all.
	Default    string
	HasDefault bool

	Min, Max       int64 // spin bounds
	HasMin, HasMax bool
	Vars           []string // combo choices, in order

	// OutOfRange flags a spin whose default lies outside min..max. The option is
	// kept (engines do print such lines); the default is kept as sent.
	OutOfRange bool
	// Problems lists what else is odd about the line, for the protocol log:
	// a default that is not a number, not true/false, not among the vars, ….
	Problems []string
}

// ParseOption reads an option line:
//
//	option name <id> type <t> [default <x>] [min <x>] [max <x>] [var <x1> [var <x2> ...]]
//
// Names and values may contain spaces: a name runs up to the "type" keyword that
// is followed by a type; a string or filename default runs to the end of the line;
// other values run to the next keyword. The error is non-nil only when there is no
// name or no type.
func ParseOption(line string) (Option, error) {
	var o Option
	tok, i := nextToken(line, 0)
	if tok != "option" {
		return o, fmt.Errorf("not an option line: %q", clip(line, 80))
	}
	tok, i = nextToken(line, i)
	if tok != "name" {
		return o, fmt.Errorf("option line without a name: %q", clip(line, 120))
	}
	typeAt, typeEnd := findOptionType(line, i)
	if typeAt < 0 {
		return o, fmt.Errorf("option line without a type: %q", clip(line, 120))
	}
	o.Name = trimSpace(line[i:typeAt])
	if o.Name == "" {
		return o, fmt.Errorf("option line with an empty name: %q", clip(line, 120))
	}
	o.TypeName, i = nextToken(line, typeEnd)
	o.Type = parseOptionType(o.TypeName)
	if o.Type == OptionUnknown {
		o.problem("unknown type %q", o.TypeName)
	}
	o.readFields(line, i)
	o.check()
	return o, nil
}

// findOptionType finds the "type" keyword that ends an option's name (which may
// hold spaces), searching from i: the first "type" followed by a known type, or
// failing that, the first "type" followed by anything. It returns where the
// keyword starts and ends, or -1, -1.
func findOptionType(line string, i int) (at, end int) {
	fallbackAt, fallbackEnd := -1, -1
	for j := i; ; {
		t, k := nextToken(line, j)
		if t == "" {
			break
		}
		if t == "type" {
			next, _ := nextToken(line, k)
			if next != "" && parseOptionType(next) != OptionUnknown {
				return k - len(t), k
			}
			if fallbackAt < 0 && next != "" {
				fallbackAt, fallbackEnd = k-len(t), k
			}
		}
		j = k
	}
	return fallbackAt, fallbackEnd
}

// readFields reads the keyword/value pairs after the type (default, min, max,
// var) from line[i:].
func (o *Option) readFields(line string, i int) {
	for {
		key, j := nextToken(line, i)
		if key == "" {
			return
		}
		switch key {
		case "default":
			var v string
			if o.Type == OptionString || o.Type == OptionFilename || o.Type == OptionUnknown {
				v, i = trimSpace(line[j:]), len(line)
			} else {
				v, i = valueUpToKeyword(line, j)
			}
			if v == "<empty>" {
				v = ""
			}
			o.Default, o.HasDefault = v, true
		case "min", "max":
			v, k := valueUpToKeyword(line, j)
			i = k
			n, ok := parseInt(v)
			if !ok {
				o.problem("%s %q is not an integer", key, v)
				break
			}
			if key == "min" {
				o.Min, o.HasMin = n, true
			} else {
				o.Max, o.HasMax = n, true
			}
		case "var":
			var v string
			v, i = valueUpToKeyword(line, j)
			o.Vars = append(o.Vars, v)
		default:
			o.problem("unexpected %q", key)
			i = j
		}
	}
}

// valueUpToKeyword returns the text from i to the next option keyword, trimmed.
func valueUpToKeyword(line string, i int) (string, int) {
	start := skipSpace(line, i)
	end := start
	for j := start; ; {
		t, k := nextToken(line, j)
		if t == "" {
			break
		}
		switch t {
		case "default", "min", "max", "var":
			return trimSpace(line[start:end]), end
		}
		end, j = k, k
	}
	return trimSpace(line[start:end]), end
}

func (o *Option) problem(format string, args ...any) {
	o.Problems = append(o.Problems, fmt.Sprintf(format, args...))
}

// check flags what is odd about the declaration; it drops nothing.
func (o *Option) check() {
	switch o.Type {
	case OptionSpin:
		if o.HasMin && o.HasMax && o.Min > o.Max {
			o.problem("min %d is above max %d", o.Min, o.Max)
		}
		if !o.HasDefault {
			break
		}
		v, ok := parseInt(o.Default)
		if !ok {
			o.problem("default %q is not an integer", o.Default)
			break
		}
		if (o.HasMin && v < o.Min) || (o.HasMax && v > o.Max) {
			o.OutOfRange = true
			o.problem("default %d is outside %s", v, o.rangeText())
		}
	case OptionCheck:
		if o.HasDefault && !isBool(o.Default) {
			o.problem("default %q is neither true nor false", o.Default)
		}
	case OptionCombo:
		if len(o.Vars) == 0 {
			o.problem("combo without vars")
		} else if o.HasDefault && o.varIndex(o.Default) < 0 {
			o.problem("default %q is not among the %d vars", o.Default, len(o.Vars))
		}
	}
}

func (o *Option) rangeText() string {
	lo, hi := "", ""
	if o.HasMin {
		lo = strconv.FormatInt(o.Min, 10)
	}
	if o.HasMax {
		hi = strconv.FormatInt(o.Max, 10)
	}
	return lo + ".." + hi
}

func isBool(s string) bool { return strings.EqualFold(s, "true") || strings.EqualFold(s, "false") }

// varIndex finds v among the vars, exactly or else ignoring case (the draft says
// option values are not case sensitive).
func (o *Option) varIndex(v string) int {
	for i, x := range o.Vars {
		if x == v {
			return i
		}
	}
	for i, x := range o.Vars {
		if strings.EqualFold(x, v) {
			return i
		}
	}
	return -1
}

// Validate checks a value the GUI is about to send for this option: an integer
// within min..max for a spin, true or false for a check, one of the vars for a
// combo, no value for a button, and never a line break.
func (o *Option) Validate(value string) error {
	if strings.ContainsAny(value, "\r\n") {
		return fmt.Errorf("option %q: the value contains a line break", o.Name)
	}
	switch o.Type {
	case OptionSpin:
		v, ok := parseInt(value)
		if !ok {
			return fmt.Errorf("option %q: %q is not an integer", o.Name, value)
		}
		if (o.HasMin && v < o.Min) || (o.HasMax && v > o.Max) {
			return fmt.Errorf("option %q: %d is outside %s", o.Name, v, o.rangeText())
		}
	case OptionCheck:
		if !isBool(value) {
			return fmt.Errorf("option %q: %q is neither true nor false", o.Name, value)
		}
	case OptionCombo:
		if o.varIndex(value) < 0 {
			return fmt.Errorf("option %q: %q is not one of %s", o.Name, value, strings.Join(o.Vars, ", "))
		}
	case OptionButton:
		if value != "" {
			return fmt.Errorf("option %q is a button: it takes no value", o.Name)
		}
	}
	return nil
}

// String writes the option back as an option line, "<empty>" for an empty string default.
func (o Option) String() string {
	var b strings.Builder
	b.WriteString("option name ")
	b.WriteString(o.Name)
	b.WriteString(" type ")
	b.WriteString(o.TypeName)
	if o.HasDefault {
		b.WriteString(" default ")
		if o.Default == "" && o.Type != OptionSpin && o.Type != OptionCheck {
			b.WriteString("<empty>")
		} else {
			b.WriteString(o.Default)
		}
	}
	if o.HasMin {
		b.WriteString(" min " + strconv.FormatInt(o.Min, 10))
	}
	if o.HasMax {
		b.WriteString(" max " + strconv.FormatInt(o.Max, 10))
	}
	for _, v := range o.Vars {
		b.WriteString(" var ")
		b.WriteString(v)
	}
	return b.String()
}
