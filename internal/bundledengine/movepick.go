package bundledengine

import "banmen/board"

// Move ordering. A node's moves come out in stages, so that a cut-off early spares the
// generation of the rest: the transposition-table move, captures (and pawn promotions)
// by most valuable victim / least valuable attacker with the losing ones (by SEE) held
// back, the two killer moves of the ply, the quiet moves and drops by history, and last the
// losing captures. In check every evasion is generated at once (there are few).

const (
	stageTT = iota
	stageGenCaptures
	stageGoodCaptures
	stageKiller1
	stageKiller2
	stageGenQuiets
	stageQuiets
	stageBadCaptures
	stageEvasionTT
	stageGenEvasions
	stageEvasions
	stageQSearchTT
	stageQGenCaptures
	stageQCaptures
	stageDone
)

// history scores quiet moves by how often they caused a cut-off: [colour][piece][to],
// where piece is the moving kind, or 16 + kind for a drop.
type historyTable [2][32 * board.NumSquares]int32

func historyIndex(m board.Move) int {
	i := int(m.Piece())
	if m.IsDrop() {
		i += 16
	}
	return i*board.NumSquares + int(m.To())
}

const historyMax = 1 << 14

func (h *historyTable) update(c board.Color, m board.Move, bonus int) {
	bonus = max(min(bonus, historyMax), -historyMax)
	e := &h[c][historyIndex(m)]
	*e += int32(bonus) - *e*int32(abs(bonus))/historyMax
}

// movePicker yields the moves of one node in order. Moves it reports with needCheck must be
// played and tested with legalAfter (and pawn drops for 打ち歩詰め) before they count.
type movePicker struct {
	p          *board.Position
	stage      int
	ttMove     board.Move
	killers    [2]board.Move
	hist       *historyTable
	moves      []board.Move // the frame's buffer
	scores     []int32
	cur        int
	end        int
	badEnd     int // bad captures are kept at the front of the buffer: [0, badEnd)
	quiescence bool
}

func (mp *movePicker) init(p *board.Position, inCheck bool, ttMove board.Move, killers [2]board.Move, hist *historyTable, moves []board.Move, scores []int32) {
	*mp = movePicker{p: p, ttMove: ttMove, killers: killers, hist: hist, moves: moves, scores: scores}
	if inCheck {
		mp.stage = stageEvasionTT
	} else {
		mp.stage = stageTT
	}
	if ttMove != board.NoMove && !pseudoLegal(p, ttMove) {
		mp.ttMove = board.NoMove
	}
}

// initQuiescence sets up the picker of a quiescence node not in check: captures only.
func (mp *movePicker) initQuiescence(p *board.Position, ttMove board.Move, moves []board.Move, scores []int32) {
	*mp = movePicker{p: p, ttMove: ttMove, moves: moves, scores: scores, quiescence: true, stage: stageQSearchTT}
	if ttMove != board.NoMove && (ttMove.Captured() == board.NoPieceType || !pseudoLegal(p, ttMove)) {
		mp.ttMove = board.NoMove
	}
}

// mvvLva orders captures: the victim first, then the cheaper attacker, promotions up.
func mvvLva(m board.Move) int32 {
	v := captureValue[m.Captured()]*8 - pieceValue[m.Piece()]/8
	if m.IsPromotion() {
		v += (pieceValue[m.PieceAfter()] - pieceValue[m.Piece()]) * 4
	}
	return int32(v)
}

// pickBest moves the best-scored move of [cur, end) to cur and returns it.
func (mp *movePicker) pickBest() board.Move {
	sc := mp.scores[mp.cur:mp.end]
	bi, bs := 0, sc[0]
	for i, s := range sc {
		if s > bs {
			bi, bs = i, s
		}
	}
	best := mp.cur + bi
	mp.moves[mp.cur], mp.moves[best] = mp.moves[best], mp.moves[mp.cur]
	mp.scores[mp.cur], mp.scores[best] = mp.scores[best], mp.scores[mp.cur]
	m := mp.moves[mp.cur]
	mp.cur++
	return m
}

// next returns the next move, or NoMove when there are no more.
func (mp *movePicker) next() (m board.Move, needCheck bool) {
	for {
		switch mp.stage {
		case stageTT, stageEvasionTT, stageQSearchTT:
			mp.stage++
			if mp.ttMove != board.NoMove {
				return mp.ttMove, true
			}
		case stageGenCaptures, stageQGenCaptures:
			mp.end = len(genPawnPromotions(mp.p, genCaptures(mp.p, mp.moves[:0])))
			for i := 0; i < mp.end; i++ {
				mp.scores[i] = mvvLva(mp.moves[i])
			}
			mp.cur, mp.badEnd = 0, 0
			mp.stage++
		case stageGoodCaptures:
			for mp.cur < mp.end {
				m := mp.pickBest()
				if m == mp.ttMove {
					continue
				}
				if !seeGE(mp.p, m, 0) {
					// keep it for later at the front of the buffer
					mp.moves[mp.badEnd] = m
					mp.badEnd++
					continue
				}
				return m, true
			}
			mp.stage++
		case stageQCaptures:
			for mp.cur < mp.end {
				m := mp.pickBest()
				if m == mp.ttMove {
					continue
				}
				return m, true
			}
			mp.stage = stageDone
		case stageKiller1, stageKiller2:
			k := mp.killers[mp.stage-stageKiller1]
			mp.stage++
			if k != board.NoMove && k != mp.ttMove && k.Captured() == board.NoPieceType && pseudoLegal(mp.p, k) {
				return k, true
			}
		case stageGenQuiets:
			start := mp.badEnd
			all := mp.p.LegalMoves(mp.moves[start:start])
			n := start
			us := mp.p.SideToMove()
			for _, m := range all {
				if m.Captured() != board.NoPieceType || m == mp.ttMove || m == mp.killers[0] || m == mp.killers[1] ||
					// (drops and promotions are never redundant: spare them the call)
					!m.IsDrop() && !m.IsPromotion() && redundantNonPromotion(m, us) || (m.IsPromotion() && m.Piece() == board.Pawn) {
					continue
				}
				mp.moves[n] = m
				s := mp.hist[us][historyIndex(m)]
				if m.IsPromotion() {
					s += 4000
				}
				mp.scores[n] = s
				n++
			}
			mp.cur, mp.end = start, n
			mp.stage++
		case stageQuiets:
			if mp.cur < mp.end {
				// the best few by selection; the tail, rarely reached, in generation order
				if mp.cur-mp.badEnd < 16 {
					return mp.pickBest(), false
				}
				m := mp.moves[mp.cur]
				mp.cur++
				return m, false
			}
			mp.cur = 0
			mp.stage++
		case stageBadCaptures:
			if mp.cur < mp.badEnd {
				m := mp.moves[mp.cur]
				mp.cur++
				return m, true
			}
			mp.stage = stageDone
		case stageGenEvasions:
			mp.end = len(mp.p.LegalMoves(mp.moves[:0]))
			us := mp.p.SideToMove()
			for i := 0; i < mp.end; i++ {
				m := mp.moves[i]
				if m.Captured() != board.NoPieceType {
					mp.scores[i] = 1<<20 + mvvLva(m)
				} else {
					mp.scores[i] = mp.hist[us][historyIndex(m)]
				}
			}
			sortMoves(mp.moves[:mp.end], mp.scores[:mp.end])
			mp.cur = 0
			mp.stage++
		case stageEvasions:
			for mp.cur < mp.end {
				m := mp.moves[mp.cur]
				mp.cur++
				if m != mp.ttMove {
					return m, false
				}
			}
			mp.stage = stageDone
		default:
			return board.NoMove, false
		}
	}
}

// sortMoves sorts by descending score (insertion sort: the lists are short and nearly sorted).
func sortMoves(ms []board.Move, sc []int32) {
	for i := 1; i < len(ms); i++ {
		m, s := ms[i], sc[i]
		j := i - 1
		for j >= 0 && sc[j] < s {
			ms[j+1], sc[j+1] = ms[j], sc[j]
			j--
		}
		ms[j+1], sc[j+1] = m, s
	}
}

// pseudoLegal reports whether m, from the table or a killer slot, can be played in p
// apart from the safety of the mover's king (and 打ち歩詰め, checked here for the pawn drop
// in front of the king only).
func pseudoLegal(p *board.Position, m board.Move) bool {
	us := p.SideToMove()
	to := m.To()
	t := m.Piece()
	if m.IsDrop() {
		if p.Hand(us).Count(t) == 0 || p.PieceAt(to) != board.NoPiece || !p.CanDrop(t, to) {
			return false
		}
		if t == board.Pawn {
			if k := p.KingSquare(us.Opp()); k != board.NoSquare && board.PseudoAttacks(us, board.Pawn, to).Has(k) {
				return p.IsLegal(m)
			}
		}
		return true
	}
	from := m.From()
	pc := p.PieceAt(from)
	if pc == board.NoPiece || pc.Color() != us || pc.Type() != t {
		return false
	}
	cap := p.PieceAt(to)
	if cap.Type() != m.Captured() || (cap != board.NoPiece && cap.Color() == us) {
		return false
	}
	if !p.AttacksFrom(us, t, from).Has(to) {
		return false
	}
	if m.IsPromotion() {
		zone := board.PromotionZone(us)
		return t.CanPromote() && (zone.Has(from) || zone.Has(to))
	}
	return !board.DeadZone(us, t).Has(to)
}
