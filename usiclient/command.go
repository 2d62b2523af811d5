package usiclient

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"banmen/board"
)

// Command is a GUI → engine command. Each one writes itself: AppendTo appends its
// line without the line ending, WriteTo writes the line and "\n", String gives the
// line for logs. A command that can't be written safely (a line break in an option
// value, an empty move) is refused with an error instead.
type Command interface {
	AppendTo(b []byte) ([]byte, error)
	WriteTo(w io.Writer) (int64, error)
	String() string
}

// Usi is "usi": switch to USI mode; the engine answers id, option… and usiok.
type Usi struct{}

// Debug is "debug on" or "debug off".
type Debug struct{ On bool }

// IsReady is "isready": the engine answers readyok once it has done everything sent before.
type IsReady struct{}

// SetOption is "setoption name <id> [value <x>]". Name and Value may contain spaces
// but not line breaks. An empty Value is sent as "<empty>", USI's empty string; a
// Button sends no value at all.
type SetOption struct {
	Name   string
	Value  string
	Button bool
}

// Register is "register later" or "register [name <x>] [code <y>]".
type Register struct {
	Later bool
	Name  string
	Code  string
}

// UsiNewGame is "usinewgame": the next search is from a different game.
type UsiNewGame struct{}

// Position is "position startpos|sfen <sfen> [moves <m1> ... <mi>]". An empty
// SFEN means the starting position ("startpos").
type Position struct {
	SFEN  string
	Moves []string
}

// Clock is the time part of a go command, in Shogidokoro's form:
// "btime <x> wtime <x> byoyomi <x>" or "btime <x> wtime <x> binc <x> winc <x>".
// Times are sent in milliseconds. A negative BTime, WTime or Byoyomi is left out.
// Byoyomi is sent when it is positive, and also as "byoyomi 0" when there is no
// increment, as Shogidokoro does; BInc and WInc are sent when either is positive.
type Clock struct {
	BTime, WTime time.Duration
	Byoyomi      time.Duration
	BInc, WInc   time.Duration
}

// Budget is the longest a side may think on its move: its time left, plus the
// byoyomi, plus its increment.
func (c *Clock) Budget(side board.Color) time.Duration {
	left, inc := c.BTime, c.BInc
	if side == board.White {
		left, inc = c.WTime, c.WInc
	}
	d := max(left, 0)
	if c.Byoyomi > 0 {
		d += c.Byoyomi
	}
	if inc > 0 {
		d += inc
	}
	return d
}

// Go is "go" with its parameters: ponder, the clock, and the draft's movestogo,
// depth, nodes, movetime, infinite and searchmoves (sent when set). Mate search
// is GoMate. Note that gpsusi dies on ponder, binc, depth, nodes and movetime.
type Go struct {
	Ponder      bool
	Clock       *Clock
	MovesToGo   int
	Depth       int
	Nodes       int64
	MoveTime    time.Duration
	Infinite    bool
	SearchMoves []string
}

// GoMate is "go mate <ms>" or, with Limit 0, "go mate infinite": solve the position
// as a tsume problem; the engine answers checkmate.
type GoMate struct {
	Limit time.Duration
}

// Stop is "stop": end the search now and send bestmove (or checkmate).
type Stop struct{}

// PonderHit is "ponderhit": the opponent played the move the engine ponders on.
type PonderHit struct{}

// GameResult is the engine's result in gameover.
type GameResult uint8

// The results gameover can carry.
const (
	Win GameResult = iota
	Lose
	Draw
)

func (r GameResult) String() string {
	switch r {
	case Win:
		return "win"
	case Lose:
		return "lose"
	case Draw:
		return "draw"
	}
	return fmt.Sprintf("GameResult(%d)", r)
}

// GameOver is "gameover win|lose|draw", the result from the engine's side.
type GameOver struct{ Result GameResult }

// Quit is "quit": exit as soon as possible.
type Quit struct{}

func (Usi) AppendTo(b []byte) ([]byte, error)        { return append(b, "usi"...), nil }
func (IsReady) AppendTo(b []byte) ([]byte, error)    { return append(b, "isready"...), nil }
func (UsiNewGame) AppendTo(b []byte) ([]byte, error) { return append(b, "usinewgame"...), nil }
func (Stop) AppendTo(b []byte) ([]byte, error)       { return append(b, "stop"...), nil }
func (PonderHit) AppendTo(b []byte) ([]byte, error)  { return append(b, "ponderhit"...), nil }
func (Quit) AppendTo(b []byte) ([]byte, error)       { return append(b, "quit"...), nil }

func (c Debug) AppendTo(b []byte) ([]byte, error) {
	if c.On {
		return append(b, "debug on"...), nil
	}
	return append(b, "debug off"...), nil
}

func (c SetOption) AppendTo(b []byte) ([]byte, error) {
	name := trimSpace(c.Name)
	if name == "" {
		return b, errors.New("setoption: empty option name")
	}
	if strings.ContainsAny(c.Name, "\r\n") {
		return b, fmt.Errorf("setoption: option name %q contains a line break", c.Name)
	}
	if strings.ContainsAny(c.Value, "\r\n") {
		return b, fmt.Errorf("setoption name %s: the value contains a line break", name)
	}
	b = append(b, "setoption name "...)
	b = append(b, name...)
	if c.Button {
		return b, nil
	}
	b = append(b, " value "...)
	if c.Value == "" {
		return append(b, "<empty>"...), nil
	}
	return append(b, c.Value...), nil
}

func (c Register) AppendTo(b []byte) ([]byte, error) {
	if strings.ContainsAny(c.Name+c.Code, "\r\n") {
		return b, errors.New("register: a line break in the name or code")
	}
	if c.Later {
		return append(b, "register later"...), nil
	}
	if c.Name == "" && c.Code == "" {
		return b, errors.New("register: want later, a name or a code")
	}
	b = append(b, "register"...)
	if c.Name != "" {
		b = append(b, " name "...)
		b = append(b, c.Name...)
	}
	if c.Code != "" {
		b = append(b, " code "...)
		b = append(b, c.Code...)
	}
	return b, nil
}

// bareSFEN is an SFEN as a Position holds it, trimmed and without the word "sfen" before it
// (it may be given so, as on the command line, once or more).
func bareSFEN(s string) string {
	s = trimSpace(s)
	for strings.HasPrefix(s, "sfen ") {
		s = trimSpace(s[len("sfen "):])
	}
	return s
}

func (c Position) AppendTo(b []byte) ([]byte, error) {
	sfen := bareSFEN(c.SFEN)
	if strings.ContainsAny(sfen, "\r\n") {
		return b, fmt.Errorf("position: the SFEN %q contains a line break", sfen)
	}
	if sfen == "" || sfen == "startpos" {
		b = append(b, "position startpos"...)
	} else {
		b = append(b, "position sfen "...)
		b = append(b, sfen...)
	}
	if len(c.Moves) == 0 {
		return b, nil
	}
	b = append(b, " moves"...)
	for i, m := range c.Moves {
		if m == "" || strings.ContainsFunc(m, func(r rune) bool { return r <= ' ' }) {
			return b, fmt.Errorf("position: move %d %q is not a move", i+1, m)
		}
		b = append(b, ' ')
		b = append(b, m...)
	}
	return b, nil
}

// Board plays the position command on a board: it reads the SFEN (or the
// starting position) and checks every move. The error names the first move
// that is illegal and why. Sending only positions that pass Board keeps
// engines that drop the rest of an illegal moves list from playing for the
// wrong side.
func (c Position) Board() (*board.Position, error) {
	sfen := bareSFEN(c.SFEN)
	var p *board.Position
	if sfen == "" || sfen == "startpos" {
		p = board.NewStartPosition()
	} else {
		var err error
		if p, err = board.ParseSFEN(sfen); err != nil {
			return nil, fmt.Errorf("position: %w", err)
		}
	}
	for i, s := range c.Moves {
		m, err := p.ParseMove(s)
		if err != nil {
			return nil, fmt.Errorf("position: move %d %q: %w", i+1, s, err)
		}
		p.Do(m)
	}
	return p, nil
}

// NewPosition makes the position command for start followed by moves; the
// starting position is written "startpos".
func NewPosition(start *board.Position, moves ...board.Move) Position {
	c := Position{}
	if start != nil {
		if s := start.SFEN(); s != board.StartSFEN {
			c.SFEN = s
		}
	}
	for _, m := range moves {
		c.Moves = append(c.Moves, m.USI())
	}
	return c
}

func appendMs(b []byte, key string, d time.Duration) []byte {
	b = append(b, ' ')
	b = append(b, key...)
	b = append(b, ' ')
	return strconv.AppendInt(b, d.Milliseconds(), 10)
}

func (c Go) AppendTo(b []byte) ([]byte, error) {
	b = append(b, "go"...)
	if c.Ponder {
		b = append(b, " ponder"...)
	}
	if k := c.Clock; k != nil {
		if k.BTime >= 0 {
			b = appendMs(b, "btime", k.BTime)
		}
		if k.WTime >= 0 {
			b = appendMs(b, "wtime", k.WTime)
		}
		hasInc := k.BInc > 0 || k.WInc > 0
		if k.Byoyomi > 0 || (k.Byoyomi == 0 && !hasInc) {
			b = appendMs(b, "byoyomi", k.Byoyomi)
		}
		if hasInc {
			b = appendMs(b, "binc", max(k.BInc, 0))
			b = appendMs(b, "winc", max(k.WInc, 0))
		}
	}
	if c.MovesToGo > 0 {
		b = append(b, " movestogo "...)
		b = strconv.AppendInt(b, int64(c.MovesToGo), 10)
	}
	if c.Depth > 0 {
		b = append(b, " depth "...)
		b = strconv.AppendInt(b, int64(c.Depth), 10)
	}
	if c.Nodes > 0 {
		b = append(b, " nodes "...)
		b = strconv.AppendInt(b, c.Nodes, 10)
	}
	if c.MoveTime > 0 {
		b = appendMs(b, "movetime", c.MoveTime)
	}
	if c.Infinite {
		b = append(b, " infinite"...)
	}
	if len(c.SearchMoves) > 0 {
		b = append(b, " searchmoves"...)
		for i, m := range c.SearchMoves {
			if m == "" || strings.ContainsFunc(m, func(r rune) bool { return r <= ' ' }) {
				return b, fmt.Errorf("go: searchmoves %d %q is not a move", i+1, m)
			}
			b = append(b, ' ')
			b = append(b, m...)
		}
	}
	return b, nil
}

func (c GoMate) AppendTo(b []byte) ([]byte, error) {
	if c.Limit <= 0 {
		return append(b, "go mate infinite"...), nil
	}
	b = append(b, "go"...)
	return appendMs(b, "mate", c.Limit), nil
}

func (c GameOver) AppendTo(b []byte) ([]byte, error) {
	if c.Result > Draw {
		return b, fmt.Errorf("gameover: unknown result %d", c.Result)
	}
	return append(append(b, "gameover "...), c.Result.String()...), nil
}

// String and WriteTo for every command.
func (c Usi) String() string        { return commandString(c) }
func (c Debug) String() string      { return commandString(c) }
func (c IsReady) String() string    { return commandString(c) }
func (c SetOption) String() string  { return commandString(c) }
func (c Register) String() string   { return commandString(c) }
func (c UsiNewGame) String() string { return commandString(c) }
func (c Position) String() string   { return commandString(c) }
func (c Go) String() string         { return commandString(c) }
func (c GoMate) String() string     { return commandString(c) }
func (c Stop) String() string       { return commandString(c) }
func (c PonderHit) String() string  { return commandString(c) }
func (c GameOver) String() string   { return commandString(c) }
func (c Quit) String() string       { return commandString(c) }

func (c Usi) WriteTo(w io.Writer) (int64, error)        { return writeCommand(w, c) }
func (c Debug) WriteTo(w io.Writer) (int64, error)      { return writeCommand(w, c) }
func (c IsReady) WriteTo(w io.Writer) (int64, error)    { return writeCommand(w, c) }
func (c SetOption) WriteTo(w io.Writer) (int64, error)  { return writeCommand(w, c) }
func (c Register) WriteTo(w io.Writer) (int64, error)   { return writeCommand(w, c) }
func (c UsiNewGame) WriteTo(w io.Writer) (int64, error) { return writeCommand(w, c) }
func (c Position) WriteTo(w io.Writer) (int64, error)   { return writeCommand(w, c) }
func (c Go) WriteTo(w io.Writer) (int64, error)         { return writeCommand(w, c) }
func (c GoMate) WriteTo(w io.Writer) (int64, error)     { return writeCommand(w, c) }
func (c Stop) WriteTo(w io.Writer) (int64, error)       { return writeCommand(w, c) }
func (c PonderHit) WriteTo(w io.Writer) (int64, error)  { return writeCommand(w, c) }
func (c GameOver) WriteTo(w io.Writer) (int64, error)   { return writeCommand(w, c) }
func (c Quit) WriteTo(w io.Writer) (int64, error)       { return writeCommand(w, c) }

// commandString is the command's line, or a note saying why it can't be written.
func commandString(c Command) string {
	b, err := c.AppendTo(nil)
	if err != nil {
		return "<invalid: " + err.Error() + ">"
	}
	return string(b)
}

func writeCommand(w io.Writer, c Command) (int64, error) {
	b, err := c.AppendTo(make([]byte, 0, 64))
	if err != nil {
		return 0, err
	}
	n, err := w.Write(append(b, '\n'))
	return int64(n), err
}

// ParseCommand reads a GUI → engine line back into a Command: the inverse of
// AppendTo, used to replay protocol logs and by test engines. As the draft asks of
// engines, unknown tokens before the command are skipped ("joho debug on" is
// "debug on").
func ParseCommand(line string) (Command, error) {
	tok, i := nextToken(line, 0)
	for tok != "" && !isCommandKeyword(tok) {
		if next, j := nextToken(line, i); next != "" {
			tok, i = next, j
			continue
		}
		break
	}
	rest := trimSpace(line[i:])
	switch tok {
	case "usi":
		return Usi{}, nil
	case "isready":
		return IsReady{}, nil
	case "usinewgame":
		return UsiNewGame{}, nil
	case "stop":
		return Stop{}, nil
	case "ponderhit":
		return PonderHit{}, nil
	case "quit":
		return Quit{}, nil
	case "debug":
		switch rest {
		case "", "on":
			return Debug{On: true}, nil
		case "off":
			return Debug{}, nil
		}
		return nil, fmt.Errorf("debug %q: want on or off", rest)
	case "gameover":
		switch rest {
		case "win":
			return GameOver{Win}, nil
		case "lose":
			return GameOver{Lose}, nil
		case "draw":
			return GameOver{Draw}, nil
		}
		return nil, fmt.Errorf("gameover %q: want win, lose or draw", rest)
	case "setoption":
		return parseSetOption(line, i)
	case "register":
		return parseRegister(line, i)
	case "position":
		return parsePosition(line, i)
	case "go":
		return parseGo(line, i)
	case "":
		return nil, errors.New("empty command")
	}
	return nil, fmt.Errorf("unknown command %q", tok)
}

func isCommandKeyword(tok string) bool {
	switch tok {
	case "usi", "isready", "usinewgame", "stop", "ponderhit", "quit", "debug", "gameover",
		"setoption", "register", "position", "go":
		return true
	}
	return false
}

func parseSetOption(line string, i int) (Command, error) {
	tok, j := nextToken(line, i)
	if tok != "name" {
		return nil, fmt.Errorf("setoption without name: %q", line)
	}
	// The value starts at the last " value " so that names may hold the word, after the
	// name's first character: an option may be named "value" itself.
	rest := strings.TrimLeftFunc(line[j:], func(r rune) bool { return r <= ' ' })
	k := strings.LastIndex(rest, " value")
	if k < 0 || (k+6 < len(rest) && !isSpace(rest[k+6])) {
		return SetOption{Name: trimSpace(rest), Button: true}, nil
	}
	v := trimSpace(rest[k+6:])
	if v == "<empty>" {
		v = ""
	}
	return SetOption{Name: trimSpace(rest[:k]), Value: v}, nil
}

func parseRegister(line string, i int) (Command, error) {
	var r Register
	rest := trimSpace(line[i:])
	if rest == "later" {
		return Register{Later: true}, nil
	}
	key := ""
	var name, code []string
	for _, f := range strings.Fields(rest) {
		switch {
		case f == "name" || f == "code":
			key = f
		case key == "name":
			name = append(name, f)
		case key == "code":
			code = append(code, f)
		}
	}
	r.Name, r.Code = strings.Join(name, " "), strings.Join(code, " ")
	if r.Name == "" && r.Code == "" {
		return nil, fmt.Errorf("register: want later, name or code: %q", line)
	}
	return r, nil
}

func parsePosition(line string, i int) (Command, error) {
	tok, j := nextToken(line, i)
	var c Position
	switch tok {
	case "startpos":
	case "sfen":
		var parts []string
		for {
			t, k := nextToken(line, j)
			if t == "" || t == "moves" {
				break
			}
			parts = append(parts, t)
			j = k
		}
		if len(parts) == 0 {
			return nil, errors.New("position sfen without an SFEN")
		}
		c.SFEN = bareSFEN(strings.Join(parts, " "))
	default:
		return nil, fmt.Errorf("position %q: want startpos or sfen", tok)
	}
	t, k := nextToken(line, j)
	if t == "moves" {
		c.Moves = strings.Fields(line[k:])
	} else if t != "" {
		return nil, fmt.Errorf("position: unexpected %q (want moves)", t)
	}
	return c, nil
}

func parseGo(line string, i int) (Command, error) {
	var g Go
	clock := Clock{BTime: -1, WTime: -1, Byoyomi: -1}
	hasClock := false
	for {
		tok, j := nextToken(line, i)
		if tok == "" {
			break
		}
		i = j
		num := func() (int64, error) {
			v, k := nextToken(line, i)
			n, ok := parseInt(v)
			if !ok {
				return 0, fmt.Errorf("go %s: %q is not a number", tok, v)
			}
			i = k
			return n, nil
		}
		ms := func(dst *time.Duration) error {
			n, err := num()
			*dst = time.Duration(n) * time.Millisecond
			return err
		}
		var err error
		switch tok {
		case "ponder":
			g.Ponder = true
		case "infinite":
			g.Infinite = true
		case "mate":
			v, _ := nextToken(line, i)
			if v == "infinite" || v == "" {
				return GoMate{}, nil
			}
			n, ok := parseInt(v)
			if !ok || n < 0 {
				return nil, fmt.Errorf("go mate %q: want milliseconds or infinite", v)
			}
			return GoMate{Limit: time.Duration(n) * time.Millisecond}, nil
		case "btime":
			err, hasClock = ms(&clock.BTime), true
		case "wtime":
			err, hasClock = ms(&clock.WTime), true
		case "byoyomi":
			err, hasClock = ms(&clock.Byoyomi), true
		case "binc":
			err, hasClock = ms(&clock.BInc), true
		case "winc":
			err, hasClock = ms(&clock.WInc), true
		case "movetime":
			err = ms(&g.MoveTime)
		case "movestogo", "depth":
			var n int64
			n, err = num()
			if tok == "depth" {
				g.Depth = int(n)
			} else {
				g.MovesToGo = int(n)
			}
		case "nodes":
			g.Nodes, err = num()
		case "searchmoves":
			g.SearchMoves = strings.Fields(line[i:])
			i = len(line)
		default:
			return nil, fmt.Errorf("go: unknown parameter %q", tok)
		}
		if err != nil {
			return nil, err
		}
	}
	if hasClock {
		g.Clock = &clock
	}
	return g, nil
}
