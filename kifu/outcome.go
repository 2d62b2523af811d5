package kifu

import (
	"errors"
	"fmt"

	"banmen/board"
)

// Outcome is how a record's main line ends: who won, or that it was a draw.
type Outcome struct {
	// Special is the special move that ends the main line: NotSpecial when the
	// record stops in a position where the side to move has no legal move (mated,
	// though the record does not say so).
	Special Special
	Draw    bool
	Winner  board.Color // when !Draw
	// PerpetualCheck is set for a 千日手 lost by the side that gave check with every
	// move (連続王手の千日手): the record says 千日手, the rules say the checker loses.
	PerpetualCheck bool
	Plies          int // moves of the main line
}

// Result returns the result for Black as the tuning data and PGN-like tools write it:
// "1" (Black won), "0.5" (a draw) or "0" (White won).
func (o Outcome) Result() string {
	switch {
	case o.Draw:
		return "0.5"
	case o.Winner == board.Black:
		return "1"
	}
	return "0"
}

// ErrNoOutcome is wrapped by the error Outcome returns for a record whose main line
// gives no result: it stops in a position that is not mate, or ends in 中断, 封じ手,
// エラー, 不詰, 待った or a special KIF does not know.
var ErrNoOutcome = errors.New("no result")

// Outcome reads the result of the main line from the special move that ends it, seen
// from the side to move when it was written, as KIF, CSA and Banmen's games write
// them: 投了, 詰み, 切れ負け, 反則負け and 不戦敗 lose for that side; 反則勝ち,
// 入玉勝ち and 不戦勝 win; 持将棋, 引き分け and 最大手数 draw; 千日手 draws, unless
// the moves show a perpetual check (連続王手の千日手), which the checker loses. A main
// line that stops where the side to move has no legal move is lost by that side.
//
// The error names the ply and what is wrong; it wraps ErrNoOutcome when the record
// simply has no result.
func (r *Record) Outcome() (Outcome, error) {
	end := r.MainEnd()
	moves := r.MainMoves()
	final := r.FinalPosition() // where the special happened
	if final == nil {
		return Outcome{}, fmt.Errorf("the main line cannot be replayed")
	}
	side := final.SideToMove()
	o := Outcome{Special: end.Special, Plies: len(moves)}
	switch end.Special {
	case Resign, Checkmate, Timeout, FoulLose, LossByDefault:
		o.Winner = side.Opp()
		return o, nil
	case FoulWin, EnteringKing, WinByDefault:
		o.Winner = side
		return o, nil
	case Impasse, Draw, MaxMoves:
		o.Draw = true
		return o, nil
	case Repetition:
		g := board.NewGame(r.Position(r.Root))
		for k, m := range moves {
			if err := g.Play(m); err != nil {
				return Outcome{}, fmt.Errorf("move %d of the main line (%s) is illegal: %w", k+1, m.USI(), err)
			}
		}
		switch g.Repetition() {
		case board.RepetitionBlackLoses:
			o.Winner, o.PerpetualCheck = board.White, true
		case board.RepetitionWhiteLoses:
			o.Winner, o.PerpetualCheck = board.Black, true
		default:
			o.Draw = true
		}
		return o, nil
	case NotSpecial:
		if len(final.LegalMoves(nil)) == 0 {
			o.Winner = side.Opp()
			return o, nil
		}
		return Outcome{}, fmt.Errorf("%w: the main line stops after %d moves (no 投了, 詰み, 千日手, …)", ErrNoOutcome, len(moves))
	}
	text := end.Special.Kanji()
	if end.Special == Other {
		text = end.SpecialText
	}
	return Outcome{}, fmt.Errorf("%w: the main line ends with %s after %d moves", ErrNoOutcome, text, len(moves))
}
