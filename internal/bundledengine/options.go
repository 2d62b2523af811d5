package bundledengine

import (
	"fmt"
	"strconv"
	"strings"
)

// The engine's USI options: what `usi` declares and `setoption` changes.

type optionKind string

const (
	optCheck  optionKind = "check"
	optSpin   optionKind = "spin"
	optButton optionKind = "button"
	optFile   optionKind = "filename"
)

type option struct {
	name     string
	kind     optionKind
	def      string
	min, max int
	value    string
}

// Option names.
const (
	optHash          = "USI_Hash"
	optPonder        = "USI_Ponder"
	optMultiPV       = "MultiPV"
	optThreads       = "Threads"
	optLimitStrength = "USI_LimitStrength"
	optStrength      = "USI_Strength"
	optSkillLevel    = "SkillLevel"
	optNetworkDelay  = "NetworkDelay"
	optClearHash     = "ClearHash"
	optRootIsAnd     = "RootIsAndNodeIfChecked"
	optBookFile      = "BookFile"
	optBookMoves     = "BookMoves"
)

// defaultHashMB is USI_Hash's default.
const defaultHashMB = 64

type options struct {
	list []*option
}

func newOptions() *options {
	o := &options{list: []*option{
		// USI_Hash: up to what the machine has left (see tablemem.go)
		{name: optHash, kind: optSpin, def: strconv.Itoa(defaultHashMB), min: 1, max: declaredMaxHashMB()},
		{name: optPonder, kind: optCheck, def: "false"},
		{name: optMultiPV, kind: optSpin, def: "1", min: 1, max: 64},
		{name: optThreads, kind: optSpin, def: "1", min: 1, max: 64},
		// USI_LimitStrength with USI_Strength, as the USI draft reserves them: -20 is a
		// beginner (20 級), 3 is 3 段 (a rough scale).
		{name: optLimitStrength, kind: optCheck, def: "false"},
		{name: optStrength, kind: optSpin, def: "-10", min: -20, max: 3},
		// SkillLevel: 0 (the weakest) to 20 (full strength), like other engines' Skill Level.
		{name: optSkillLevel, kind: optSpin, def: "20", min: 0, max: 20},
		// NetworkDelay: milliseconds kept in reserve on every move against the delays
		// between engine and clock (at most a quarter of a byoyomi or movetime).
		{name: optNetworkDelay, kind: optSpin, def: "200", min: 0, max: 10000},
		{name: optClearHash, kind: optButton},
		// RootIsAndNodeIfChecked, KomoringHeights's option of that name and default: go mate
		// where the side to move is in check looks for the mate of that side (the answer
		// starts with its reply), not for one by it, which USI asks for and which must
		// start with an escape that checks.
		{name: optRootIsAnd, kind: optCheck, def: "true"},
		// BookFile: an opening book in YaneuraOu's DB2016 format, its moves played while the
		// game is within BookMoves moves (YaneuraOu's options of those names; bookmove.go)
		{name: optBookFile, kind: optFile, def: ""},
		{name: optBookMoves, kind: optSpin, def: "16", min: 0, max: 1000},
	}}
	for _, op := range o.list {
		op.value = op.def
	}
	return o
}

// usiLines returns the option lines of the answer to usi.
func (o *options) usiLines() []string {
	var out []string
	for _, op := range o.list {
		switch op.kind {
		case optSpin:
			out = append(out, fmt.Sprintf("option name %s type spin default %s min %d max %d", op.name, op.def, op.min, op.max))
		case optCheck:
			out = append(out, fmt.Sprintf("option name %s type check default %s", op.name, op.def))
		case optButton:
			out = append(out, fmt.Sprintf("option name %s type button", op.name))
		case optFile:
			def := op.def
			if def == "" {
				def = "<empty>" // USI's name for an empty string
			}
			out = append(out, fmt.Sprintf("option name %s type filename default %s", op.name, def))
		}
	}
	return out
}

func (o *options) find(name string) *option {
	for _, op := range o.list {
		if strings.EqualFold(op.name, name) {
			return op
		}
	}
	// the names other engines use for the same things
	switch strings.ToLower(name) {
	case "hash":
		return o.find(optHash)
	case "ponder":
		return o.find(optPonder)
	case "usi_multipv":
		return o.find(optMultiPV)
	case "skill level", "skill_level":
		return o.find(optSkillLevel)
	}
	return nil
}

// set changes an option; the error says what is wrong with the name or the value.
func (o *options) set(name, value string) (*option, error) {
	op := o.find(name)
	if op == nil {
		return nil, fmt.Errorf("no option named %q", name)
	}
	switch op.kind {
	case optCheck:
		v := strings.ToLower(value)
		if v != "true" && v != "false" {
			return op, fmt.Errorf("option %s: value %q is not true or false", op.name, value)
		}
		op.value = v
	case optSpin:
		n, err := strconv.Atoi(value)
		if err != nil {
			return op, fmt.Errorf("option %s: value %q is not a number", op.name, value)
		}
		if n < op.min || n > op.max {
			return op, fmt.Errorf("option %s: value %d is outside %d..%d", op.name, n, op.min, op.max)
		}
		op.value = strconv.Itoa(n)
	case optFile:
		if value == "<empty>" {
			value = ""
		}
		op.value = value
	}
	return op, nil
}

func (o *options) str(name string) string { return o.find(name).value }

func (o *options) int(name string) int {
	n, _ := strconv.Atoi(o.find(name).value)
	return n
}

func (o *options) bool(name string) bool { return o.find(name).value == "true" }

// skill returns the playing level the options ask for: weaken is false at full strength.
// USI_LimitStrength with USI_Strength overrides SkillLevel: USI_Strength −20..3 maps linearly
// onto the levels 1..19 (skillLadder), each step of USI_Strength at most one level up.
func (o *options) skill() (level int, weaken bool) {
	if o.bool(optLimitStrength) {
		s := o.int(optStrength) // -20..3
		return 1 + (s+20)*18/23, true
	}
	if l := o.int(optSkillLevel); l < 20 {
		return l, true
	}
	return 20, false
}

// parseSetOption splits "name <id> [value <x>]"; both may contain spaces.
func parseSetOption(args string) (name, value string, err error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(args), "name ")
	if !ok {
		return "", "", fmt.Errorf("setoption: expected \"name <id> [value <x>]\", got %q", args)
	}
	name, value, _ = strings.Cut(rest, " value ")
	name = strings.TrimSpace(name)
	value = strings.TrimSpace(value)
	if strings.HasSuffix(name, " value") {
		name = strings.TrimSpace(strings.TrimSuffix(name, " value"))
	}
	if name == "" {
		return "", "", fmt.Errorf("setoption: no option name in %q", args)
	}
	return name, value, nil
}
