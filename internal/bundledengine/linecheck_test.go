package bundledengine

import (
	"time"

	"banmen/board"
)

// mateWithin asks a fresh solver whether p (the attacker to move when or) has a mate within
// plies; known is false when the budget ran out first.
func mateWithin(p *board.Position, or bool, plies int, budget uint64, countFutile bool) (proven, known bool) {
	s := NewSolver(16)
	s.Prepare()
	s.opt = SolveOptions{CountFutile: countFutile, DefenderToMove: !or}
	s.start = time.Now()
	s.lastInfo = s.start
	attacker := attackerOf(p, or)
	s.limit = plies
	proven = s.proveHand(p, boardKey(p), handPack(p.Hand(attacker)), or, budget)
	return proven, proven || s.nodes < budget
}

// checkMainLine checks that line from p is a main line: at each of the attacker's turns no
// mate two plies shorter exists, at each of the defender's turns no other reply escapes a
// mate within the plies the line takes after its reply. It returns the first fault ("" for
// none) and how many questions went unanswered within the budget.
func checkMainLine(p *board.Position, or bool, line []board.Move, countFutile bool, budget uint64) (fault string, unknown int) {
	q := *p
	var buf moveList
	for i, m := range line {
		rest := len(line) - i
		if or {
			if rest > 2 {
				proven, known := mateWithin(&q, true, rest-2, budget, countFutile)
				if !known {
					unknown++
				} else if proven {
					return "ply " + itoa(i) + ": a mate within " + itoa(rest-2) + " plies", unknown
				}
			}
		} else {
			moves := q.LegalMoves(buf[:0])
			if !countFutile {
				moves = q.OmitFutile(moves, board.FutileDrops)
			}
			for _, r := range moves {
				if r == m {
					continue
				}
				c := q
				c.Do(r)
				proven, known := mateWithin(&c, true, rest-1, budget, countFutile)
				if !known {
					unknown++
				} else if !proven {
					return "ply " + itoa(i) + ": " + r.USI() + " escapes a mate within " + itoa(rest-1) + " plies", unknown
				}
			}
		}
		q.Do(m)
		or = !or
	}
	return "", unknown
}
