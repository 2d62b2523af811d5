package match

import (
	"fmt"
	"strings"
	"time"

	"banmen/board"
)

// Player is an engine with the go command it is given on every move.
type Player struct {
	E *Engine
	// Go is the go command, e.g. "go btime 0 wtime 0 byoyomi 1000" or "go movetime 1000".
	Go string
	// Limit is the longest a move may take before it is a loss on time.
	Limit time.Duration
}

// Outcome of a game for Black.
type Outcome int

const (
	BlackWins Outcome = iota
	WhiteWins
	Draw
	Unfinished // the ply limit was reached
)

// Result is how a game went.
type Result struct {
	Outcome Outcome
	Reason  string // mate, resign, declaration, illegal move, time, repetition, perpetual check, ply limit
	Plies   int
	Moves   []string
	// Longest think of each side (Black, White).
	MaxThink [2]time.Duration
	// Final is the SFEN of the final position.
	Final string
}

// Play plays one game from the start position; maxPlies > 0 stops it unfinished there.
func Play(black, white Player, maxPlies int) (Result, error) {
	players := [2]Player{black, white}
	g := board.NewGame(board.NewStartPosition())
	var res Result
	for _, p := range players {
		if err := p.E.Send("usinewgame"); err != nil {
			return res, err
		}
	}
	lose := func(c board.Color, reason string) (Result, error) {
		res.Outcome = WhiteWins
		if c == board.White {
			res.Outcome = BlackWins
		}
		res.Reason = reason
		res.Plies = len(res.Moves)
		res.Final = g.Position().SFEN()
		return res, nil
	}
	for {
		pos := g.Position()
		side := pos.SideToMove()
		if !pos.HasLegalMove() {
			return lose(side, "mate")
		}
		if maxPlies > 0 && len(res.Moves) >= maxPlies {
			res.Outcome, res.Reason, res.Plies, res.Final = Unfinished, "ply limit", len(res.Moves), pos.SFEN()
			return res, nil
		}
		p := players[side]
		cmd := "position startpos"
		if len(res.Moves) > 0 {
			cmd += " moves " + strings.Join(res.Moves, " ")
		}
		if err := p.E.Send(cmd); err != nil {
			return res, err
		}
		start := time.Now()
		if err := p.E.Send(p.Go); err != nil {
			return res, err
		}
		line, _, err := p.E.Expect("bestmove", p.Limit+10*time.Second)
		think := time.Since(start)
		res.MaxThink[side] = max(res.MaxThink[side], think)
		if err != nil {
			return res, fmt.Errorf("%s as %s: %w", p.E.Name, side, err)
		}
		if think > p.Limit {
			return lose(side, fmt.Sprintf("time (%v)", think.Round(time.Millisecond)))
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			return lose(side, "empty bestmove")
		}
		switch f[1] {
		case "resign":
			return lose(side, "resign")
		case "win":
			if ok, _ := pos.CanDeclareWin(board.CSAImpasseRule); ok {
				return lose(side.Opp(), "declaration")
			}
			return lose(side, "false declaration")
		}
		if _, err := g.PlayUSI(f[1]); err != nil {
			return lose(side, "illegal move "+f[1]+": "+err.Error())
		}
		res.Moves = append(res.Moves, f[1])
		switch g.Repetition() {
		case board.RepetitionDraw:
			res.Outcome, res.Reason, res.Plies, res.Final = Draw, "repetition", len(res.Moves), g.Position().SFEN()
			return res, nil
		case board.RepetitionBlackLoses:
			return lose(board.Black, "perpetual check")
		case board.RepetitionWhiteLoses:
			return lose(board.White, "perpetual check")
		}
	}
}
