package usiclient

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// InfoField is a set of the fields an info line carried.
type InfoField uint32

// The fields of an info line, as bits of InfoField.
const (
	HasDepth InfoField = 1 << iota
	HasSelDepth
	HasTime
	HasNodes
	HasPV
	HasMultiPV
	HasScore
	HasCurrMove
	HasCurrMoveNumber
	HasHashfull
	HasNPS
	HasCPULoad
	HasString
	HasRefutation
	HasCurrLine
	HasTBHits
	HasSBHits
)

var infoFieldNames = [...]string{
	"depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove",
	"currmovenumber", "hashfull", "nps", "cpuload", "string", "refutation", "currline",
	"tbhits", "sbhits",
}

// String lists the fields by their USI keywords: "depth nodes pv".
func (f InfoField) String() string {
	var b strings.Builder
	for i, name := range infoFieldNames {
		if f&(1<<i) != 0 {
			if b.Len() > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(name)
		}
	}
	return b.String()
}

// Info is one "info" line: what the engine says about the search in progress.
// Fields reports which fields the line carried; the others are zero.
type Info struct {
	Fields InfoField

	Depth    int           // depth <x>: nominal search depth in plies
	SelDepth int           // seldepth <x>: selective depth in plies
	Time     time.Duration // time <x>: time searched (sent in ms)
	Nodes    int64         // nodes <x>
	NPS      int64         // nps <x>
	Hashfull int           // hashfull <x>: permill
	CPULoad  int           // cpuload <x>: permill
	TBHits   int64         // tbhits <x> (UCI)
	SBHits   int64         // sbhits <x> (UCI)
	MultiPV  int           // multipv <x>: rank of this pv, 1 is the best

	// Score is from the point of view of the side to move (the engine's side in a game).
	Score Score

	CurrMove       string // currmove <move>
	CurrMoveNumber int    // currmovenumber <x>, 1 for the first move

	// PV is the principal variation as sent (pv <move1> ... <movei>). It is not
	// checked here: a Session checks it against the position it searches.
	PV []string
	// Refutation is refutation <move1> <move2> ...: Refutation[0] is refuted by the rest.
	Refutation []string
	// CurrLine is currline [<cpunr>] <move1> ...; CurrLineCPU is 0 when no cpu number was sent.
	CurrLine    []string
	CurrLineCPU int

	// String is the rest of the line after "string", spaces kept.
	String string

	// Skipped counts tokens that are not USI info fields (they are ignored, as
	// the draft says); Malformed counts fields whose value could not be read.
	Skipped   int
	Malformed int
}

// Has reports whether the line carried all the given fields.
func (in *Info) Has(f InfoField) bool { return in.Fields&f == f }

// ScoreKind says what a score measures.
type ScoreKind uint8

// The kinds of score.
const (
	NoScore   ScoreKind = iota // no score
	ScoreCP                    // score cp <x>: centipawns (a pawn is 100)
	ScoreMate                  // score mate <y>|+|-: mate in plies
)

// Bound says whether a score is exact or only a bound.
type Bound uint8

// The bounds a score can carry.
const (
	Exact      Bound = iota
	LowerBound       // lowerbound: the true score may be higher (shown "++")
	UpperBound       // upperbound: the true score may be lower (shown "--")
)

func (b Bound) String() string {
	switch b {
	case LowerBound:
		return "lowerbound"
	case UpperBound:
		return "upperbound"
	}
	return "exact"
}

// Score is an evaluation. From the engine, it is from the point of view of the side
// to move; Session snapshots also give it from sente's (Black's) point of view.
type Score struct {
	Kind ScoreKind
	// Value is centipawns for ScoreCP; for ScoreMate it is the number of plies to
	// mate, negative when the side to move gets mated, and 0 when the engine did not
	// say how many ("mate +", "mate -") or the side to move is already mated ("mate 0").
	Value int
	// MateSign is +1 when the side to move mates, -1 when it is mated (ScoreMate only).
	// "mate 0", printed by Stockfish-family engines in a position where the side to
	// move has been mated, counts as -1.
	MateSign int
	// PliesKnown is false for "mate +" and "mate -".
	PliesKnown bool
	Bound      Bound
}

// Negate returns the score from the other side's point of view: values and mate
// signs change sign, and a lower bound becomes an upper bound.
func (s Score) Negate() Score {
	s.Value = -s.Value
	s.MateSign = -s.MateSign
	switch s.Bound {
	case LowerBound:
		s.Bound = UpperBound
	case UpperBound:
		s.Bound = LowerBound
	}
	return s
}

// String writes the score as USI does: "cp 35", "mate 5", "mate -6", "mate +",
// followed by the bound if any.
func (s Score) String() string {
	var b string
	switch s.Kind {
	case ScoreCP:
		b = "cp " + strconv.Itoa(s.Value)
	case ScoreMate:
		switch {
		case s.PliesKnown:
			b = "mate " + strconv.Itoa(s.Value)
		case s.MateSign > 0:
			b = "mate +"
		default:
			b = "mate -"
		}
	default:
		return "none"
	}
	if s.Bound != Exact {
		b += " " + s.Bound.String()
	}
	return b
}

// ParseInfo reads an "info" line. Unknown tokens are skipped; a field whose value
// can't be read is left out and counted in Malformed. The error is non-nil only
// when the line is not an info line at all.
func ParseInfo(line string) (Info, error) {
	var in Info
	err := in.Parse(line)
	return in, err
}

// Parse reads an info line into in, reusing the backing arrays of in.PV,
// in.Refutation and in.CurrLine: a reader that parses every line into the same
// Info allocates nothing. The strings in the result point into line.
func (in *Info) Parse(line string) error {
	pv, ref, cl := in.PV[:0], in.Refutation[:0], in.CurrLine[:0]
	*in = Info{}
	tok, i := nextToken(line, 0)
	if tok != "info" {
		return fmt.Errorf("not an info line: %q", clip(line, 80))
	}
	for {
		tok, i = nextToken(line, i)
		if tok == "" {
			break
		}
		switch tok {
		case "depth":
			in.Depth, i = in.intField(line, i, HasDepth)
		case "seldepth":
			in.SelDepth, i = in.intField(line, i, HasSelDepth)
		case "multipv":
			in.MultiPV, i = in.intField(line, i, HasMultiPV)
		case "hashfull":
			in.Hashfull, i = in.intField(line, i, HasHashfull)
		case "cpuload":
			in.CPULoad, i = in.intField(line, i, HasCPULoad)
		case "currmovenumber":
			in.CurrMoveNumber, i = in.intField(line, i, HasCurrMoveNumber)
		case "time":
			var ms int64
			ms, i = in.int64Field(line, i, HasTime)
			in.Time = time.Duration(ms) * time.Millisecond
		case "nodes":
			in.Nodes, i = in.int64Field(line, i, HasNodes)
		case "nps":
			in.NPS, i = in.int64Field(line, i, HasNPS)
		case "tbhits":
			in.TBHits, i = in.int64Field(line, i, HasTBHits)
		case "sbhits":
			in.SBHits, i = in.int64Field(line, i, HasSBHits)
		case "currmove":
			m, j := nextToken(line, i)
			if m == "" || isInfoKeyword(m) {
				in.Malformed++
				break
			}
			in.CurrMove, i = m, j
			in.Fields |= HasCurrMove
		case "score":
			i = in.parseScore(line, i)
		case "lowerbound":
			in.Score.Bound = LowerBound
		case "upperbound":
			in.Score.Bound = UpperBound
		case "pv":
			pv, i = moveList(line, i, pv)
			in.PV = pv
			in.Fields |= HasPV
		case "refutation":
			ref, i = moveList(line, i, ref)
			in.Refutation = ref
			in.Fields |= HasRefutation
		case "currline":
			if n, j := nextToken(line, i); n != "" {
				if v, ok := parseInt(n); ok {
					in.CurrLineCPU = int(v)
					i = j
				}
			}
			cl, i = moveList(line, i, cl)
			in.CurrLine = cl
			in.Fields |= HasCurrLine
		case "string":
			in.String = trimSpace(line[i:])
			in.Fields |= HasString
			i = len(line)
		default:
			in.Skipped++
		}
	}
	return nil
}

// intField reads the number after a keyword. A token that is not a number is left
// for the next round (it may be the next keyword) and the field is not set.
func (in *Info) intField(line string, i int, f InfoField) (int, int) {
	v, j := in.int64Field(line, i, f)
	return int(v), j
}

func (in *Info) int64Field(line string, i int, f InfoField) (int64, int) {
	tok, j := nextToken(line, i)
	v, ok := parseInt(tok)
	if !ok {
		in.Malformed++
		return 0, i
	}
	in.Fields |= f
	return v, j
}

// parseScore reads "cp <x>", "mate <y>", "mate +" or "mate -" after "score".
func (in *Info) parseScore(line string, i int) int {
	kind, j := nextToken(line, i)
	val, k := nextToken(line, j)
	switch kind {
	case "cp":
		v, ok := parseInt(val)
		if !ok {
			in.Malformed++
			return j
		}
		in.Score = Score{Kind: ScoreCP, Value: int(v), Bound: in.Score.Bound}
	case "mate":
		s := Score{Kind: ScoreMate, Bound: in.Score.Bound}
		switch val {
		case "+":
			s.MateSign = 1
		case "-":
			s.MateSign = -1
		default:
			v, ok := parseInt(val)
			if !ok {
				in.Malformed++
				return j
			}
			s.Value, s.PliesKnown, s.MateSign = int(v), true, 1
			if v <= 0 && val[0] != '+' {
				s.MateSign = -1 // "mate -6", and "mate 0": already mated
			}
		}
		in.Score = s
	default:
		in.Malformed++
		return i
	}
	in.Fields |= HasScore
	return k
}

// moveList appends the tokens from i up to the next info keyword (or the end of the
// line) to dst. When dst must grow it is sized once, from the number of spaces
// left in the line, so a fresh slice costs one allocation.
func moveList(line string, i int, dst []string) ([]string, int) {
	for {
		tok, j := nextToken(line, i)
		if tok == "" || isInfoKeyword(tok) {
			return dst, i
		}
		if len(dst) == cap(dst) {
			grown := make([]string, len(dst), len(dst)+strings.Count(line[i:], " ")+1)
			copy(grown, dst)
			dst = grown
		}
		dst = append(dst, tok)
		i = j
	}
}

// isInfoKeyword reports whether tok names an info field (it ends a move list).
func isInfoKeyword(tok string) bool {
	if tok == "" || tok[0] < 'a' || tok[0] > 'z' {
		return false // moves start with a digit or a piece letter
	}
	switch tok {
	case "depth", "seldepth", "time", "nodes", "pv", "multipv", "score", "currmove",
		"currmovenumber", "hashfull", "nps", "cpuload", "string", "refutation", "currline",
		"tbhits", "sbhits", "lowerbound", "upperbound":
		return true
	}
	return false
}

// clip shortens s for an error message.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && s[cut]&0xC0 == 0x80 {
		cut--
	}
	return s[:cut] + fmt.Sprintf("…(%d bytes)", len(s))
}
