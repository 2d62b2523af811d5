package usiclient

import (
	"strings"
)

// EngineInfo is what the engine says about itself in answer to usi.
type EngineInfo struct {
	Name    string   // id name; Config.Name until the engine sends one
	Author  string   // id author
	Options []Option // in the order sent; a repeated name replaces the earlier line
	// NameSent is set when the engine sent a non-empty "id name" (else Name is Config.Name).
	NameSent bool
	// CopyProtection and Registration are the last status the engine reported
	// ("checking", "ok", "error"), empty if it never did.
	CopyProtection string
	Registration   string
}

// Option finds an option by name, exactly or else ignoring case.
func (e *EngineInfo) Option(name string) (Option, bool) {
	for _, o := range e.Options {
		if o.Name == name {
			return o, true
		}
	}
	for _, o := range e.Options {
		if strings.EqualFold(o.Name, name) {
			return o, true
		}
	}
	return Option{}, false
}

// HashOption names the option that sets the engine's hash size: USI_Hash, or
// Hash as the Stockfish family declares it, or "" if the engine declares neither
// (Shogidokoro sends USI_Hash to every engine anyway).
func (e *EngineInfo) HashOption() string { return e.declared("USI_Hash", "Hash") }

// PonderOption names the option that allows pondering: USI_Ponder, or Ponder, or "".
func (e *EngineInfo) PonderOption() string { return e.declared("USI_Ponder", "Ponder") }

func (e *EngineInfo) declared(names ...string) string {
	for _, n := range names {
		if o, ok := e.Option(n); ok {
			return o.Name
		}
	}
	return ""
}

func (s *Session) addOptionLocked(o Option) {
	for i := range s.info.Options {
		if s.info.Options[i].Name == o.Name {
			s.info.Options[i] = o
			return
		}
	}
	s.info.Options = append(s.info.Options, o)
}
