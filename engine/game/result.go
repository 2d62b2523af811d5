package game

import (
	"fmt"

	"banmen/board"
)

// Reason is why a game ended.
type Reason int

const (
	NotOver          Reason = iota
	Resignation             // a player resigned
	Checkmate               // the side to move is mated (or has no legal move)
	Repetition              // 千日手: draw
	PerpetualCheck          // 連続王手の千日手: the checking side loses
	Declaration             // 入玉宣言 that holds: the declarer wins
	FalseDeclaration        // 入玉宣言 that does not hold: the declarer loses
	TimeForfeit             // a player ran out of time
	IllegalMove             // an engine played an illegal move: it loses
	MoveLimit               // the move limit was reached: draw
	Aborted                 // the game was stopped (中断)
	PlayerFailure           // an engine died or stopped answering, with Config.FailureLoses
)

var reasonNames = [...]string{"not over", "resignation", "checkmate", "repetition (千日手)", "perpetual check (連続王手の千日手)",
	"entering-king declaration (入玉宣言)", "false entering-king declaration", "time", "illegal move", "move limit", "aborted", "engine failure"}

func (r Reason) String() string {
	if int(r) < len(reasonNames) {
		return reasonNames[r]
	}
	return fmt.Sprintf("Reason(%d)", r)
}

// Result is how a game ended.
type Result struct {
	Reason Reason
	Draw   bool
	Winner board.Color // meaningful when !Draw and Reason is not NotOver or Aborted
	Detail string      // e.g. the illegal move and why
	Plies  int         // moves played
}

// Over reports whether the game has ended (an aborted game too).
func (r Result) Over() bool { return r.Reason != NotOver }

// Decisive reports whether one side won.
func (r Result) Decisive() bool { return r.Over() && !r.Draw && r.Reason != Aborted }

func (r Result) String() string {
	switch {
	case !r.Over():
		return "in progress"
	case r.Reason == Aborted:
		return "aborted"
	case r.Draw:
		return "draw by " + r.Reason.String()
	}
	s := fmt.Sprintf("%s wins by %s", sideName(r.Winner), r.Reason)
	if r.Detail != "" {
		s += ": " + r.Detail
	}
	return s
}

func sideName(c board.Color) string {
	if c == board.Black {
		return "sente"
	}
	return "gote"
}

// Score returns the result from side c's point of view: 1 win, 0.5 draw, 0 loss.
func (r Result) Score(c board.Color) float64 {
	switch {
	case r.Draw:
		return 0.5
	case r.Winner == c:
		return 1
	}
	return 0
}
