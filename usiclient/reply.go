package usiclient

import (
	"errors"
	"fmt"
	"strings"
)

// Kind classifies a line from the engine.
type Kind uint8

// The kinds of engine lines.
const (
	KindOther          Kind = iota // not a USI reply: a banner, a blank line, "No such option: …"
	KindID                         // id name|author …
	KindUSIOK                      // usiok
	KindReadyOK                    // readyok
	KindOption                     // option name … type …
	KindInfo                       // info …
	KindBestMove                   // bestmove …
	KindCheckmate                  // checkmate …
	KindCopyProtection             // copyprotection checking|ok|error
	KindRegistration               // registration checking|ok|error
)

var kindNames = [...]string{"other", "id", "usiok", "readyok", "option", "info", "bestmove", "checkmate", "copyprotection", "registration"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", k)
}

// Classify returns the kind of a line from its first token, without parsing the
// rest. The reply keyword must come first: the draft lets a client skip unknown
// leading tokens, but real engines print lines such as gpsusi's "warning stop
// ignored (go 2 times, bestmove 2 times)", which would then read as "bestmove 2".
func Classify(line string) Kind {
	switch firstToken(line) {
	case "info":
		return KindInfo
	case "bestmove":
		return KindBestMove
	case "id":
		return KindID
	case "usiok":
		return KindUSIOK
	case "readyok":
		return KindReadyOK
	case "option":
		return KindOption
	case "checkmate":
		return KindCheckmate
	case "copyprotection":
		return KindCopyProtection
	case "registration":
		return KindRegistration
	}
	return KindOther
}

// Reply is a parsed engine line: one of ID, USIOK, ReadyOK, Option, Info,
// BestMove, Checkmate, CopyProtection, Registration or Other.
type Reply interface {
	Kind() Kind
}

// ID is "id name <x>" or "id author <x>". Value is the rest of the line, trimmed.
type ID struct {
	Field string // "name" or "author"
	Value string
}

// USIOK is "usiok": the engine has sent its id and options.
type USIOK struct{}

// ReadyOK is "readyok", the answer to isready.
type ReadyOK struct{}

// CopyProtection is "copyprotection checking|ok|error".
type CopyProtection struct{ Status string }

// Registration is "registration checking|ok|error".
type Registration struct{ Status string }

// BestMove is "bestmove <move> [ponder <move>]", "bestmove resign" or "bestmove win".
// Move and Ponder are as sent; a Session checks them against the position.
type BestMove struct {
	Move   string
	Ponder string
	Resign bool // bestmove resign (also UCI's "bestmove (none)": no move to play)
	Win    bool // bestmove win: the engine declares an entering-king win (入玉宣言)
}

// CheckmateStatus is the outcome of a mate search.
type CheckmateStatus uint8

// The outcomes of go mate.
const (
	Mate           CheckmateStatus = iota // checkmate <move1> ... <movei>: a mating line
	NoMate                                // checkmate nomate: proven that there is no mate
	MateTimeout                           // checkmate timeout: no answer within the time limit
	NotImplemented                        // checkmate notimplemented: the engine can't solve tsume
)

func (s CheckmateStatus) String() string {
	switch s {
	case Mate:
		return "mate"
	case NoMate:
		return "nomate"
	case MateTimeout:
		return "timeout"
	case NotImplemented:
		return "notimplemented"
	}
	return fmt.Sprintf("CheckmateStatus(%d)", s)
}

// Checkmate is the answer to go mate.
type Checkmate struct {
	Status CheckmateStatus
	Moves  []string // the mating line as sent, when Status is Mate
}

// Other is any line that is not a USI reply, or a reply that could not be read
// (then Err says why and Attempted says what it looked like). It is kept for the
// protocol log and otherwise ignored.
type Other struct {
	Text      string
	Attempted Kind
	Err       error
}

// Kind implementations.
func (ID) Kind() Kind             { return KindID }
func (USIOK) Kind() Kind          { return KindUSIOK }
func (ReadyOK) Kind() Kind        { return KindReadyOK }
func (CopyProtection) Kind() Kind { return KindCopyProtection }
func (Registration) Kind() Kind   { return KindRegistration }
func (BestMove) Kind() Kind       { return KindBestMove }
func (Checkmate) Kind() Kind      { return KindCheckmate }
func (Other) Kind() Kind          { return KindOther }
func (*Info) Kind() Kind          { return KindInfo }
func (*Option) Kind() Kind        { return KindOption }

// ParseLine reads one line from the engine (without its line ending). It never
// fails: what it can't read comes back as Other with Err set.
func ParseLine(line string) Reply {
	k := Classify(line)
	var err error
	switch k {
	case KindOther:
		return Other{Text: line}
	case KindInfo:
		in := new(Info)
		if err = in.Parse(line); err == nil {
			return in
		}
	case KindOption:
		var o Option
		if o, err = ParseOption(line); err == nil {
			return &o
		}
	case KindUSIOK:
		return USIOK{}
	case KindReadyOK:
		return ReadyOK{}
	case KindID:
		var id ID
		if id, err = parseID(line); err == nil {
			return id
		}
	case KindBestMove:
		var bm BestMove
		if bm, err = ParseBestMove(line); err == nil {
			return bm
		}
	case KindCheckmate:
		var cm Checkmate
		if cm, err = ParseCheckmate(line); err == nil {
			return cm
		}
	case KindCopyProtection:
		_, i := nextToken(line, 0)
		return CopyProtection{Status: trimSpace(line[i:])}
	case KindRegistration:
		_, i := nextToken(line, 0)
		return Registration{Status: trimSpace(line[i:])}
	}
	return Other{Text: line, Attempted: k, Err: err}
}

func parseID(line string) (ID, error) {
	_, i := nextToken(line, 0)
	field, j := nextToken(line, i)
	switch field {
	case "name", "author":
		return ID{Field: field, Value: trimSpace(line[j:])}, nil
	case "":
		return ID{}, errors.New("id without name or author")
	}
	return ID{}, fmt.Errorf("id %q: want id name or id author", field)
}

// ParseBestMove reads "bestmove <move> [ponder <move>]", "bestmove resign" or
// "bestmove win". Tokens after those are ignored.
func ParseBestMove(line string) (BestMove, error) {
	tok, i := nextToken(line, 0)
	if tok != "bestmove" {
		return BestMove{}, fmt.Errorf("not a bestmove line: %q", clip(line, 80))
	}
	var bm BestMove
	bm.Move, i = nextToken(line, i)
	switch bm.Move {
	case "":
		return bm, errors.New("bestmove without a move")
	case "resign", "(none)":
		bm.Resign = true
	case "win":
		bm.Win = true
	}
	for {
		var t string
		t, i = nextToken(line, i)
		if t == "" {
			break
		}
		if t == "ponder" {
			bm.Ponder, i = nextToken(line, i)
			break
		}
	}
	return bm, nil
}

// ParseCheckmate reads "checkmate <move1> ... <movei>", "checkmate nomate",
// "checkmate timeout" or "checkmate notimplemented".
func ParseCheckmate(line string) (Checkmate, error) {
	tok, i := nextToken(line, 0)
	if tok != "checkmate" {
		return Checkmate{}, fmt.Errorf("not a checkmate line: %q", clip(line, 80))
	}
	first, _ := nextToken(line, i)
	switch first {
	case "":
		return Checkmate{}, errors.New("checkmate without a result")
	case "nomate":
		return Checkmate{Status: NoMate}, nil
	case "timeout":
		return Checkmate{Status: MateTimeout}, nil
	case "notimplemented":
		return Checkmate{Status: NotImplemented}, nil
	}
	moves := strings.Fields(line[i:])
	return Checkmate{Status: Mate, Moves: moves}, nil
}
