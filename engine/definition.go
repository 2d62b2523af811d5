package engine

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"banmen/usiclient"
)

// Support says whether an engine is known to support a feature: learned from probing
// and from failures (an engine that crashed on "go ponder" does not support it).
type Support int8

const (
	Unknown Support = 0
	Yes     Support = 1
	No      Support = -1
)

func (s Support) String() string {
	switch s {
	case Yes:
		return "yes"
	case No:
		return "no"
	}
	return "unknown"
}

// Capabilities are what an engine is known to support.
type Capabilities struct {
	Ponder    Support `json:"ponder,omitempty"`    // go ponder / ponderhit
	Increment Support `json:"increment,omitempty"` // binc / winc (Fischer)
	Mate      Support `json:"mate,omitempty"`      // go mate → checkmate
	Limits    Support `json:"limits,omitempty"`    // go depth / nodes / movetime
}

// Tags say what a user wants an engine for.
const (
	TagPlay     = "play"
	TagAnalysis = "analysis"
	TagMate     = "mate"
)

// Encodings of an engine's output.
const (
	EncodingAuto     = ""          // UTF-8 when valid, else Shift_JIS, line by line
	EncodingUTF8     = "utf-8"     // always UTF-8
	EncodingShiftJIS = "shift_jis" // always Shift_JIS
)

// Definition is one engine as the user installed it: how to run it, what it declared,
// and the option values the user changed (only those are stored).
type Definition struct {
	ID           string             `json:"id"`
	Name         string             `json:"name"`             // display name: from "id name", editable
	EngineName   string             `json:"engineName"`       // "id name" as the engine sent it
	Author       string             `json:"author,omitempty"` // "id author"
	Path         string             `json:"path"`
	Args         []string           `json:"args,omitempty"`
	Dir          string             `json:"dir,omitempty"` // "" = the executable's folder
	Env          []string           `json:"env,omitempty"` // KEY=VALUE added to the environment
	Encoding     string             `json:"encoding,omitempty"`
	Options      []usiclient.Option `json:"options,omitempty"` // as declared at the last probe
	Values       map[string]string  `json:"values,omitempty"`  // user-changed option values by name
	HashMB       int                `json:"hashMB,omitempty"`  // USI_Hash (or Hash); 0 = the engine's default
	TimeoutScale float64            `json:"timeoutScale,omitempty"`
	Tags         []string           `json:"tags,omitempty"`
	Supports     Capabilities       `json:"supports"`
	Bundled      bool               `json:"bundled,omitempty"` // Banmen's own engine: cannot be removed by accident
	ProbedAt     time.Time          `json:"probedAt,omitempty"`
	// ProgramStamp is the size and time of change of the program when the list last asked it
	// (the bundled engine's: a new build, however its file's time was set, is asked again)
	ProgramStamp string `json:"programStamp,omitempty"`

	// fields of the engine list this Banmen does not know (a newer one wrote them): kept
	// as they were and written back
	extra map[string]json.RawMessage
}

// Spec returns how to start the engine.
func (d *Definition) Spec() Spec {
	return Spec{Path: d.Path, Args: d.Args, Dir: d.Dir, Env: d.Env}
}

// WorkDir returns the working directory the engine runs in.
func (d *Definition) WorkDir() string {
	if d.Dir != "" {
		return d.Dir
	}
	return filepath.Dir(d.Path)
}

// Option returns the declared option of that name.
func (d *Definition) Option(name string) (usiclient.Option, bool) {
	for _, o := range d.Options {
		if o.Name == name {
			return o, true
		}
	}
	return usiclient.Option{}, false
}

// Value returns the value an option will be sent with: the user's, else its default.
func (d *Definition) Value(name string) string {
	if v, ok := d.Values[name]; ok {
		return v
	}
	o, _ := d.Option(name)
	return o.Default
}

// SetValue stores a user value; setting an option back to its default forgets it.
func (d *Definition) SetValue(name, value string) {
	if o, ok := d.Option(name); ok && o.HasDefault && o.Default == value {
		delete(d.Values, name)
		return
	}
	if d.Values == nil {
		d.Values = map[string]string{}
	}
	d.Values[name] = value
}

// HasTag reports whether the engine has tag t.
func (d *Definition) HasTag(t string) bool {
	for _, x := range d.Tags {
		if x == t {
			return true
		}
	}
	return false
}

// Scale returns the timeout scale (1 when unset).
func (d *Definition) Scale() float64 {
	if d.TimeoutScale <= 0 {
		return 1
	}
	return d.TimeoutScale
}

// declares reports whether the engine declared an option of that name.
func (d *Definition) declares(name string) bool {
	_, ok := d.Option(name)
	return ok
}

// HashOptionName returns the name under which the engine takes its hash size:
// "Hash" when it declares that and not USI_Hash, else USI_Hash.
func (d *Definition) HashOptionName() string {
	if d.declares("Hash") && !d.declares("USI_Hash") {
		return "Hash"
	}
	return "USI_Hash"
}

// PonderOptionName returns "Ponder" when the engine declares that and not USI_Ponder, else USI_Ponder.
func (d *Definition) PonderOptionName() string {
	if d.declares("Ponder") && !d.declares("USI_Ponder") {
		return "Ponder"
	}
	return "USI_Ponder"
}

// ApplyProbe takes a fresh probe's id and options. Each saved value whose option
// still exists with the same type (and, for a combo, is still one of its choices) is
// kept; the names of the values dropped are returned. The name follows the engine's id
// unless the user named it, or it is Banmen's own engine, whose name the settings refer to.
func (d *Definition) ApplyProbe(name, author string, options []usiclient.Option) (dropped []string) {
	if d.Name == "" || d.Name == d.EngineName && !d.Bundled {
		d.Name = name
	}
	d.EngineName, d.Author = name, author
	old := d.Options
	d.Options = options
	for k, v := range d.Values {
		var before usiclient.Option
		for _, o := range old {
			if o.Name == k {
				before = o
			}
		}
		now, ok := d.Option(k)
		keep := ok && (before.Name == "" || before.Type == now.Type)
		if keep && now.Type == usiclient.OptionCombo {
			keep = false
			for _, x := range now.Vars {
				if x == v {
					keep = true
				}
			}
		}
		if keep && now.Type == usiclient.OptionSpin && now.HasMin && now.HasMax {
			if n, err := strconv.ParseInt(v, 10, 64); err != nil || n < now.Min || n > now.Max {
				keep = false
			}
		}
		if !keep {
			delete(d.Values, k)
			dropped = append(dropped, k)
		}
	}
	d.ProbedAt = time.Now()
	if d.declares("USI_Ponder") || d.declares("Ponder") {
		d.Supports.Ponder = Yes
	}
	return dropped
}

// definitionFields are the JSON names of Definition's fields, in lower case (encoding/json
// matches names without regard to case).
var definitionFields = func() map[string]bool {
	m := map[string]bool{}
	t := reflect.TypeOf(Definition{})
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		m[strings.ToLower(name)] = true
	}
	return m
}()

// definitionJSON is Definition without its JSON methods.
type definitionJSON Definition

// UnmarshalJSON reads a definition and keeps the fields it does not know (written by a
// newer Banmen), so that they are written back unchanged.
func (d *Definition) UnmarshalJSON(data []byte) error {
	var known definitionJSON
	if err := json.Unmarshal(data, &known); err != nil {
		return err
	}
	var all map[string]json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		return err
	}
	known.extra = nil
	for k, v := range all {
		if !definitionFields[strings.ToLower(k)] {
			if known.extra == nil {
				known.extra = map[string]json.RawMessage{}
			}
			known.extra[k] = v
		}
	}
	*d = Definition(known)
	return nil
}

// MarshalJSON writes a definition, followed by the fields it was read with and does not know.
func (d Definition) MarshalJSON() ([]byte, error) {
	data, err := json.Marshal(definitionJSON(d))
	if err != nil || len(d.extra) == 0 {
		return data, err
	}
	return appendFields(data, d.extra)
}

// appendFields adds fields, in the order of their names, to the end of a JSON object.
func appendFields(object []byte, fields map[string]json.RawMessage) ([]byte, error) {
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := bytes.TrimRight(object, " \n")
	out = out[:len(out)-1] // the closing brace
	for _, k := range keys {
		if len(out) > 1 {
			out = append(out, ',')
		}
		name, err := json.Marshal(k)
		if err != nil {
			return nil, err
		}
		out = append(append(append(out, name...), ':'), fields[k]...)
	}
	return append(out, '}'), nil
}
