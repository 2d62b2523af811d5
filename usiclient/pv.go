package usiclient

import "banmen/board"

// CheckPV plays a pv from root and returns its legal part. When a move is illegal
// (or not a move) it stops there: cut is set, cutAt is that move's index and reason
// says why. A last "resign" or "win" ends the pv without a cut.
func CheckPV(root *board.Position, pv []string) (moves []board.Move, cut bool, cutAt int, reason string) {
	if len(pv) == 0 {
		return nil, false, 0, ""
	}
	p := *root
	return playPV(make([]board.Move, 0, len(pv)), &p, pv, 0)
}

// PassToken is what some engines (gpsusi) put in a pv where the side to move passes (a null
// move of the search): no move of shogi, so the line's moves (Line.PV) stop there, with a cut.
const PassToken = "pass"

// playPV checks pv[from:] on p, which it plays the moves on, appending them to
// moves: CheckPV without allocating, for the reader goroutine.
func playPV(moves []board.Move, p *board.Position, pv []string, from int) ([]board.Move, bool, int, string) {
	for i := from; i < len(pv); i++ {
		t := pv[i]
		if (t == "resign" || t == "win") && i == len(pv)-1 {
			break
		}
		if t == PassToken {
			return moves, true, i, `"pass" is a null move (the side to move passes), not a move of shogi`
		}
		m, err := p.ParseMove(t)
		if err != nil {
			return moves, true, i, err.Error()
		}
		moves = append(moves, m)
		p.Do(m)
	}
	return moves, false, 0, ""
}
