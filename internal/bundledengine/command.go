package bundledengine

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"banmen/board"
)

// Parsing of the position and go commands.

// parsePosition reads the arguments of a position command: "startpos [moves m1 m2 …]" or
// "sfen <board> <side> <hands> [<move number>] [moves m1 m2 …]". Every move is checked; the
// error names the first bad one and why.
func parsePosition(args []string) (*board.Game, error) {
	if len(args) == 0 {
		return nil, fmt.Errorf("position: expected startpos or sfen")
	}
	var start *board.Position
	rest := args[1:]
	switch args[0] {
	case "startpos":
		start = board.NewStartPosition()
	case "sfen":
		n := 0
		for n < len(rest) && rest[n] != "moves" {
			n++
		}
		if n < 3 || n > 4 {
			return nil, fmt.Errorf("position: sfen needs a board, a side to move, hands and a move number, got %q", strings.Join(rest[:n], " "))
		}
		fields := rest[:n]
		if n == 3 {
			fields = append(fields[:3:3], "1")
		}
		p, err := board.ParseSFEN(strings.Join(fields, " "))
		if err != nil {
			return nil, fmt.Errorf("position: %v", err)
		}
		start = p
		rest = rest[n:]
	default:
		return nil, fmt.Errorf("position: expected startpos or sfen, got %q", args[0])
	}
	g := board.NewGame(start)
	if len(rest) == 0 {
		return g, nil
	}
	if rest[0] != "moves" {
		return nil, fmt.Errorf("position: expected \"moves\" after the position, got %q", rest[0])
	}
	for i, s := range rest[1:] {
		if _, err := g.PlayUSI(s); err != nil {
			return nil, fmt.Errorf("position: move %d (%s): %v", i+1, s, err)
		}
	}
	return g, nil
}

// goParams is a parsed go command.
type goParams struct {
	clock       Clock
	ponder      bool
	infinite    bool
	depth       int
	nodes       uint64
	searchMoves []string
	mate        bool
	mateTime    time.Duration // 0 with mate: infinite
}

// parseGo reads the arguments of go. Words it does not know are skipped with a warning,
// never fatal: a GUI's extension must not stop the engine.
func parseGo(args []string) (goParams, []string) {
	var gp goParams
	var warnings []string
	num := func(i int) (int64, bool) {
		if i+1 >= len(args) {
			warnings = append(warnings, fmt.Sprintf("go: %s needs a number", args[i]))
			return 0, false
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil {
			warnings = append(warnings, fmt.Sprintf("go: %s %q is not a number", args[i], args[i+1]))
			return 0, false
		}
		return n, true
	}
	ms := func(n int64) time.Duration { return time.Duration(n) * time.Millisecond }
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "ponder":
			gp.ponder = true
		case "infinite":
			gp.infinite = true
		case "btime", "wtime", "binc", "winc", "byoyomi", "movetime", "depth", "nodes", "movestogo":
			n, ok := num(i)
			if i+1 < len(args) {
				i++ // the value, good or bad
			}
			if !ok {
				continue
			}
			switch args[i-1] {
			case "btime":
				gp.clock.BTime, gp.clock.HasTime = ms(n), true
			case "wtime":
				gp.clock.WTime, gp.clock.HasTime = ms(n), true
			case "binc":
				gp.clock.BInc = ms(n)
			case "winc":
				gp.clock.WInc = ms(n)
			case "byoyomi":
				gp.clock.Byoyomi = ms(n)
			case "movetime":
				gp.clock.MoveTime = ms(n)
			case "depth":
				gp.depth = int(max(n, 1))
			case "nodes":
				gp.nodes = uint64(max(n, 1))
			}
		case "mate":
			gp.mate = true
			if i+1 < len(args) {
				if args[i+1] == "infinite" {
					i++
				} else if n, err := strconv.ParseInt(args[i+1], 10, 64); err == nil {
					gp.mateTime = ms(max(n, 1))
					i++
				}
			}
		case "searchmoves":
			for i+1 < len(args) && isMoveWord(args[i+1]) {
				gp.searchMoves = append(gp.searchMoves, args[i+1])
				i++
			}
		default:
			warnings = append(warnings, fmt.Sprintf("go: unknown word %q ignored", args[i]))
		}
	}
	return gp, warnings
}

// isMoveWord tells a USI move from the next keyword of go.
func isMoveWord(s string) bool {
	_, err := board.ParseUSIMove(s)
	return err == nil
}
