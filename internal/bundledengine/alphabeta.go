package bundledengine

import (
	"math"

	"banmen/board"
)

// The recursive search: principal variation search with a transposition table, null-move
// pruning, late-move reductions, futility pruning, check extensions and mate-in-one at
// interior nodes, ending in a quiescence search of captures (all evasions when in check).

const (
	maxPly       = 120
	scoreInf     = 32000
	scoreMate    = 31000
	scoreMateMin = scoreMate - 2*maxPly // every score at least this far from 0 is a mate
	// scoreRepetitionWin is the score of a repetition forced by the opponent's continuous
	// checks (連続王手の千日手, which the checker loses): a win, but not a mate.
	scoreRepetitionWin = 15000
	evalNone           = -scoreInf
)

func mateIn(ply int) int  { return scoreMate - ply }
func matedIn(ply int) int { return -scoreMate + ply }

// lmrTable[d][n] is the late-move reduction at depth d for the n-th move.
var lmrTable [64][64]int

// lmpLimit[d] is the number of quiet moves searched at depth d before the rest is pruned.
var lmpLimit = [8]int{0, 6, 9, 14, 21, 30, 41, 54}

func init() {
	for d := 1; d < 64; d++ {
		for n := 1; n < 64; n++ {
			lmrTable[d][n] = int(0.5 + math.Log(float64(d))*math.Log(float64(n))/2.1)
		}
	}
}

// frame is one ply of the search stack.
type frame struct {
	pos        board.Position
	hash       uint64
	inCheck    bool
	move       board.Move // the move that led here (NoMove after a null move)
	staticEval int
	base       evalBase // see evalBase; valid when baseOK
	baseOK     bool
	pv         [maxPly + 1]board.Move
	pvLen      int
	moves      moveList
	scores     [maxMoves]int32
}

// eval returns the static evaluation of the position at ply, from its evalBase.
func (t *searchThread) eval(ply int) int {
	return evaluateWith(&t.stack[ply].pos, t.baseAt(ply))
}

// baseAt returns the evalBase of the position at ply. It is computed when first asked
// for, from the parent's (itself computed the same way) when the move that led here keeps
// it incremental (every move but a capture of a king): the many nodes that never evaluate
// (table cut-offs, table evals, evasions) pay nothing, and the children of a node whose
// eval came from the table still derive theirs from it.
func (t *searchThread) baseAt(ply int) evalBase {
	f := &t.stack[ply]
	if f.baseOK {
		return f.base
	}
	if ply > 0 {
		parent := &t.stack[ply-1]
		if f.move == board.NoMove {
			// a null move (the root, ply 0, always has its base)
			f.base, f.baseOK = t.baseAt(ply-1), true
		} else {
			f.base, f.baseOK = t.baseAt(ply-1).after(&parent.pos, f.move)
		}
	}
	if !f.baseOK {
		f.base, f.baseOK = computeBase(&f.pos), true
	}
	return f.base
}

// child sets up the frame after m from the frame at ply: position, hash, evaluation base.
func (t *searchThread) child(ply int, m board.Move) *frame {
	f, c := &t.stack[ply], &t.stack[ply+1]
	// ask for the child's table entry now: the memory load overlaps the making of the move
	t.shared.tt.touch(f.pos.HashAfter(m))
	c.pos = f.pos
	c.pos.Do(m)
	c.hash = c.pos.Hash()
	c.move = m
	c.baseOK = false // see baseAt
	return c
}

func (t *searchThread) updatePV(ply int, m board.Move) {
	f, c := &t.stack[ply], &t.stack[ply+1]
	f.pv[0] = m
	copy(f.pv[1:], c.pv[:c.pvLen])
	f.pvLen = c.pvLen + 1
}

// countNode counts a node and every 1024 nodes publishes the count and, on the main
// thread, looks at the clock.
func (t *searchThread) countNode() {
	t.nodeCount++
	if t.nodeCount&1023 == 0 {
		t.nodes.Store(t.nodeCount)
		if t.id == 0 {
			t.shared.checkTime()
		}
	}
}

// repetition judges the position at ply if it occurred before with the same side to move:
// a draw, or a win or loss when one side checked with every move of the cycle.
func (t *searchThread) repetition(ply int) (int, bool) {
	cur := t.stack[ply].hash
	hist := t.shared.history
	maxBack := min(ply+len(hist), 32)
	for k := 4; k <= maxBack; k += 2 {
		if t.hashBack(ply, k) != cur {
			continue
		}
		// positions with us to move checked every time: the opponent checked throughout
		oppChecks, ourChecks := true, true
		for j := 0; j < k; j++ {
			chk := t.checkBack(ply, j)
			if j%2 == 0 {
				oppChecks = oppChecks && chk
			} else {
				ourChecks = ourChecks && chk
			}
		}
		switch {
		case oppChecks:
			return scoreRepetitionWin, true
		case ourChecks:
			return -scoreRepetitionWin, true
		}
		return 0, true
	}
	return 0, false
}

// hashBack returns the hash of the position k plies before the one at ply (into the game).
func (t *searchThread) hashBack(ply, k int) uint64 {
	if k <= ply {
		return t.stack[ply-k].hash
	}
	h := t.shared.history
	return h[len(h)-(k-ply)].hash
}

func (t *searchThread) checkBack(ply, k int) bool {
	if k <= ply {
		return t.stack[ply-k].inCheck
	}
	h := t.shared.history
	return h[len(h)-(k-ply)].inCheck
}

// canDeclare reports whether the side to move may declare a win by entering king.
func canDeclare(p *board.Position) bool {
	k := p.KingSquare(p.SideToMove())
	if k == board.NoSquare || !board.PromotionZone(p.SideToMove()).Has(k) {
		return false
	}
	ok, _ := p.CanDeclareWin(board.CSAImpasseRule)
	return ok
}

// search returns the value of the position at ply searched to depth within (alpha, beta).
func (t *searchThread) search(ply, depth, alpha, beta int, cutNode bool) int {
	if depth <= 0 {
		return t.qsearch(ply, alpha, beta)
	}
	pvNode := beta-alpha > 1
	f := &t.stack[ply]
	f.pvLen = 0
	p := &f.pos
	t.countNode()
	if ply > t.selDepth {
		t.selDepth = ply
	}
	if t.shared.stop.Load() {
		return 0
	}
	if v, ok := t.repetition(ply); ok {
		return v
	}
	if ply >= maxPly {
		return t.eval(ply)
	}
	// mate distance pruning
	alpha = max(alpha, matedIn(ply))
	beta = min(beta, mateIn(ply+1))
	if alpha >= beta {
		return alpha
	}
	tt := t.shared.tt
	tte, hit := tt.probe(f.hash)
	ttMove := board.NoMove
	ttScore := 0
	if hit {
		ttMove = tte.move
		ttScore = scoreFromTT(tte.score, ply)
		if !pvNode && tte.depth >= depth && (tte.bound == boundExact ||
			tte.bound == boundLower && ttScore >= beta || tte.bound == boundUpper && ttScore <= alpha) {
			return ttScore
		}
	}
	inCheck := f.inCheck
	eval := evalNone
	var ci checkInfo // after reverse futility, which needs none
	if !inCheck {
		if canDeclare(p) {
			return mateIn(ply + 1)
		}
		if hit && tte.eval != evalNone {
			eval = tte.eval
		} else {
			eval = t.eval(ply)
		}
		f.staticEval = eval
		if hit && (tte.bound == boundLower && ttScore > eval || tte.bound == boundUpper && ttScore < eval) {
			eval = ttScore
		}
		// reverse futility: far above beta at low depth (before the mate probes: a mate
		// found here would fail high just the same)
		if !pvNode && abs(beta) < scoreMateMin && depth <= 6 && eval-90*depth >= beta {
			return eval
		}
		ci = newCheckInfo(p)
		// a mate in one ends the search here; the table remembers it, so ask only once
		if !hit || tte.depth < 1 {
			var fl flight
			if m := searchMate1Flight(p, &ci, f.moves[:], &fl); m != board.NoMove {
				v := mateIn(ply + 1)
				f.pv[0], f.pvLen = m, 1
				tt.store(f.hash, m, scoreToTT(v, ply), f.staticEval, min(depth+6, maxPly), boundExact)
				return v
			}
			// a mate in three near the leaves, where the search would need three more
			// plies to see it: tried only when the opponent's king has little room, with
			// a small budget, and remembered by the table like the mate in one
			// (kingCramped(p), from the flight squares the mate in one may have found)
			if depth <= 2 && ci.king != board.NoSquare && fl.get(p, ci.king).Count() <= 1 {
				if m := leafMate3(p, &ci, &t.mateBufs); m != board.NoMove {
					v := mateIn(ply + 3)
					f.pv[0], f.pvLen = m, 1
					tt.store(f.hash, m, scoreToTT(v, ply), f.staticEval, min(depth+6, maxPly), boundExact)
					return v
				}
			}
		}
		if !pvNode && abs(beta) < scoreMateMin {
			// razoring: far below alpha, only captures can save it
			if depth <= 2 && eval+300*depth < alpha {
				if v := t.qsearch(ply, alpha, alpha+1); v <= alpha {
					return v
				}
			}
			// null move: pass and see whether the opponent still cannot reach beta
			if depth >= 3 && eval >= beta && f.move != board.NoMove && ply >= 1 {
				r := 3 + depth/4 + min((eval-beta)/200, 3)
				c := &t.stack[ply+1]
				c.pos = *p
				c.pos.SetSideToMove(p.SideToMove().Opp())
				c.hash = c.pos.Hash()
				c.inCheck = false
				c.move = board.NoMove
				c.baseOK = false // the parent's, see baseAt
				v := -t.search(ply+1, depth-r, -beta, -beta+1, !cutNode)
				if t.shared.stop.Load() {
					return 0
				}
				if v >= beta {
					if v >= scoreMateMin {
						v = beta
					}
					return v
				}
			}
			// ProbCut: a capture that wins so much that a shallower search still stays a
			// margin above beta would almost surely fail high at full depth too (not tried
			// when the table has it below that margin from nearly this depth)
			if depth >= 5 && !(hit && tte.depth >= depth-3 && ttScore < beta+probCutMargin) {
				if v, ok := t.probCut(ply, depth, beta, ttMove, cutNode, &ci); ok {
					return v
				}
			}
		}
	} else {
		f.staticEval = evalNone
		ci = newCheckInfo(p)
	}
	// no move to try first in a PV node: reduce instead of searching blind at full depth
	if pvNode && ttMove == board.NoMove && depth >= 6 {
		depth -= 2
	}

	var mp movePicker
	mp.init(p, inCheck, ttMove, t.killers[ply], &t.hist, f.moves[:], f.scores[:])
	us := p.SideToMove()
	bestScore := -scoreInf
	bestMove := board.NoMove
	moveCount := 0
	var quiets [64]board.Move
	nQuiets := 0
	c := &t.stack[ply+1]
	for {
		m, needCheck := mp.next()
		if m == board.NoMove {
			break
		}
		capture := m.Captured() != board.NoPieceType
		quiet := !capture && !m.IsPromotion()
		givesCheck := ci.givesCheck(m)
		if !inCheck && bestScore > -scoreMateMin {
			if quiet && !givesCheck {
				if depth < len(lmpLimit) && moveCount >= lmpLimit[depth]+boolInt(pvNode)*3 {
					continue
				}
				if depth < 7 && f.staticEval+120+110*depth <= alpha {
					continue
				}
				if depth < 8 && !seeGE(p, m, -40*depth*depth) {
					continue
				}
			} else if capture && depth < 7 && !givesCheck && !seeGE(p, m, -150*depth) {
				continue
			}
		}
		t.child(ply, m)
		if needCheck && !legalAfter(&c.pos) {
			continue
		}
		moveCount++
		c.inCheck = givesCheck
		ext := 0
		if givesCheck && ply < 2*t.rootDepth && (depth <= 4 || seeGE(p, m, 0)) {
			ext = 1
		}
		newDepth := depth - 1 + ext
		var v int
		if depth >= 3 && moveCount > 1+boolInt(pvNode) && (quiet || !pvNode) {
			r := lmrTable[min(depth, 63)][min(moveCount, 63)]
			if pvNode {
				r--
			}
			if cutNode {
				r++
			}
			if givesCheck || inCheck {
				r--
			}
			if quiet {
				r -= int(t.hist[us][historyIndex(m)]) / 6000
			}
			r = max(min(r, newDepth-1), 0)
			v = -t.search(ply+1, newDepth-r, -alpha-1, -alpha, true)
			if v > alpha && r > 0 {
				v = -t.search(ply+1, newDepth, -alpha-1, -alpha, !cutNode)
			}
		} else if !pvNode || moveCount > 1 {
			v = -t.search(ply+1, newDepth, -alpha-1, -alpha, !cutNode)
		}
		if pvNode && (moveCount == 1 || v > alpha && v < beta) {
			v = -t.search(ply+1, newDepth, -beta, -alpha, false)
		}
		if t.shared.stop.Load() {
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				if pvNode {
					t.updatePV(ply, m)
				}
				if v >= beta {
					break
				}
				alpha = v
			}
		}
		if quiet && nQuiets < len(quiets) {
			quiets[nQuiets] = m
			nQuiets++
		}
	}
	if moveCount == 0 {
		// no legal move: in shogi that loses, in check or not
		return matedIn(ply)
	}
	if bestMove != board.NoMove && bestMove.Captured() == board.NoPieceType && !bestMove.IsPromotion() {
		bonus := depth * depth * 16
		t.hist.update(us, bestMove, bonus)
		for _, q := range quiets[:nQuiets] {
			if q != bestMove {
				t.hist.update(us, q, -bonus)
			}
		}
		if t.killers[ply][0] != bestMove {
			t.killers[ply][1] = t.killers[ply][0]
			t.killers[ply][0] = bestMove
		}
	}
	bd := boundUpper
	if bestScore >= beta {
		bd = boundLower
	} else if pvNode && bestMove != board.NoMove {
		bd = boundExact
	}
	tt.store(f.hash, bestMove, scoreToTT(bestScore, ply), f.staticEval, depth, bd)
	return bestScore
}

// probCutMargin is how far above beta a capture's reduced search must stay for ProbCut.
const probCutMargin = 200

// probCut tries the captures that win at least probCutMargin above beta by static exchange:
// each is confirmed by a quiescence search and then a search four plies shallower, both
// against beta+probCutMargin. It returns the value and true when one holds. The caller
// leaves it out where the table already says the node stays below that.
func (t *searchThread) probCut(ply, depth, beta int, ttMove board.Move, cutNode bool, ci *checkInfo) (int, bool) {
	f := &t.stack[ply]
	p := &f.pos
	pcBeta := beta + probCutMargin
	var mp movePicker
	mp.initQuiescence(p, ttMove, f.moves[:], f.scores[:])
	c := &t.stack[ply+1]
	for {
		m, needCheck := mp.next()
		if m == board.NoMove {
			return 0, false
		}
		if !seeGE(p, m, pcBeta-f.staticEval) {
			continue
		}
		givesCheck := ci.givesCheck(m)
		t.child(ply, m)
		if needCheck && !legalAfter(&c.pos) {
			continue
		}
		c.inCheck = givesCheck
		v := -t.qsearch(ply+1, -pcBeta, -pcBeta+1)
		if v >= pcBeta {
			v = -t.search(ply+1, depth-4, -pcBeta, -pcBeta+1, !cutNode)
		}
		if t.shared.stop.Load() {
			return 0, true
		}
		if v >= pcBeta {
			t.shared.tt.store(f.hash, m, scoreToTT(v, ply), f.staticEval, depth-3, boundLower)
			return v, true
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// qsearch searches captures (and pawn promotions) until the position is quiet; in check it
// searches every evasion.
func (t *searchThread) qsearch(ply, alpha, beta int) int {
	f := &t.stack[ply]
	f.pvLen = 0
	p := &f.pos
	t.countNode()
	if ply > t.selDepth {
		t.selDepth = ply
	}
	if ply >= maxPly {
		return t.eval(ply)
	}
	pvNode := beta-alpha > 1
	tt := t.shared.tt
	tte, hit := tt.probe(f.hash)
	ttMove := board.NoMove
	if hit {
		ttMove = tte.move
		ttScore := scoreFromTT(tte.score, ply)
		if !pvNode && (tte.bound == boundExact ||
			tte.bound == boundLower && ttScore >= beta || tte.bound == boundUpper && ttScore <= alpha) {
			return ttScore
		}
	}
	inCheck := f.inCheck
	bestScore := -scoreInf
	standPat := evalNone
	var mp movePicker
	if inCheck {
		mp.init(p, true, ttMove, [2]board.Move{}, &t.hist, f.moves[:], f.scores[:])
	} else {
		if hit && tte.eval != evalNone {
			standPat = tte.eval
		} else {
			standPat = t.eval(ply)
		}
		if standPat >= beta {
			if !hit {
				tt.store(f.hash, board.NoMove, scoreToTT(standPat, ply), standPat, 0, boundLower)
			}
			return standPat
		}
		alpha = max(alpha, standPat)
		bestScore = standPat
		mp.initQuiescence(p, ttMove, f.moves[:], f.scores[:])
	}
	oldAlpha := alpha
	bestMove := board.NoMove
	moveCount := 0
	c := &t.stack[ply+1]
	for {
		m, needCheck := mp.next()
		if m == board.NoMove {
			break
		}
		if !inCheck {
			gain := captureValue[m.Captured()]
			if m.IsPromotion() {
				gain += pieceValue[m.PieceAfter()] - pieceValue[m.Piece()]
			}
			if standPat+gain+200 <= alpha || !seeGE(p, m, 0) {
				continue
			}
		}
		t.child(ply, m)
		if needCheck && !legalAfter(&c.pos) {
			continue
		}
		moveCount++
		c.inCheck = c.pos.InCheck()
		v := -t.qsearch(ply+1, -beta, -alpha)
		if t.shared.stop.Load() {
			return 0
		}
		if v > bestScore {
			bestScore = v
			if v > alpha {
				bestMove = m
				if pvNode {
					t.updatePV(ply, m)
				}
				if v >= beta {
					break
				}
				alpha = v
			}
		}
	}
	if inCheck && moveCount == 0 {
		return matedIn(ply)
	}
	bd := boundUpper
	if bestScore >= beta {
		bd = boundLower
	} else if pvNode && bestScore > oldAlpha {
		bd = boundExact
	}
	tt.store(f.hash, bestMove, scoreToTT(bestScore, ply), standPat, 0, bd)
	return bestScore
}
