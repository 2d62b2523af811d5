package usiclient

import "banmen/board"

// CheckPV plays a pv from root and returns its legal part. When a move is illegal
// (or not a move) it stops there: cut is set, cutAt is that move's index and reason
// says why. A last "resign" or "win" ends the pv without a cut.
func CheckPV(root *board.Position, pv []string) (moves []board.Move, cut bool, cutAt int, reason string) {
	if len(pv) == 0 {
		return nil, false, 0, ""
	}
	return checkPVInto(make([]board.Move, 0, len(pv)), root, pv)
}

// checkPVInto is CheckPV appending to moves, so that the reader goroutine checks
// every pv it folds in without allocating.
func checkPVInto(moves []board.Move, root *board.Position, pv []string) ([]board.Move, bool, int, string) {
	if root == nil {
		return moves, false, 0, ""
	}
	p := *root
	for i, t := range pv {
		if (t == "resign" || t == "win") && i == len(pv)-1 {
			break
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
