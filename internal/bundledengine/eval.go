package bundledengine

import "banmen/board"

// The evaluation: material (pieces in hand valued apart from pieces on the board), piece-square
// tables, piece placement relative to both kings (defenders near our king, attackers near
// theirs), slider mobility and the openness of each king against the opponent's hand.
// Values are in centipawns (a pawn on the board is 100) from the side to move's point of view.

// pieceValue is the value of a piece on the board, by kind (weights.txt).
var pieceValue [board.NumPieceTypes]int

// handValue is the value of one piece in hand, by kind: a piece in hand can go anywhere.
var handValue [board.NumPieceTypes]int

// captureValue is what capturing a piece of each kind gains: the piece leaves the opponent's
// board and arrives in our hand. Used by move ordering and SEE.
var captureValue [board.NumPieceTypes]int

// handTable[t][n] is the value of n pieces of kind t in hand, with diminishing returns.
var handTable [8][19]int

// Tables indexed by relative square or by offset to a king, filled by init: the shapes
// (…Base) are set here, the weights scale them and add each entry's learnt correction
// (Weights.PSTDelta, OwnDelta, EnemyDelta).
var (
	pst     [board.NumPieceTypes][board.NumSquares]int // from Black's side; White mirrors
	pstBase [board.NumPieceTypes][board.NumSquares]int
	// ownKing[t][o], enemyKing[t][o]: bonus of a piece of kind t at offset o from its own
	// king or from the opponent's king; offsets are seen from the piece's owner (forward = -rank).
	ownKing, ownKingBase     [board.NumPieceTypes][offsetCount]int
	enemyKing, enemyKingBase [board.NumPieceTypes][offsetCount]int
	tempo                    int
)

const offsetCount = 17 * 17

// offsetTable[k][s] indexes the displacement from square k to square s as Black sees it.
var offsetTable [board.NumSquares][board.NumSquares]uint16

// offset indexes the displacement from square k to square s as seen by colour c: White's
// view is Black's with the board turned round.
func offset(c board.Color, k, s board.Square) int {
	if c == board.White {
		k, s = board.NumSquares-1-k, board.NumSquares-1-s
	}
	return int(offsetTable[k][s])
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func init() {
	initPieceSquare()
	for o := 0; o < offsetCount; o++ {
		df, dr := o/17-8, o%17-8
		for t := board.Pawn; t <= board.Dragon; t++ {
			if t != board.King {
				ownKingBase[t][o] = nearOwnKing(t, df, dr)
				enemyKingBase[t][o] = nearEnemyKing(t, df, dr)
			}
		}
	}
	useWeights(&evalWeights)
}

// useWeights fills the evaluation's tables from w.
func useWeights(w *Weights) {
	pieceValue = w.Piece
	pieceValue[board.King] = 0
	handValue = w.Hand
	tempo = w.Tempo
	mobilityWeight = w.Mobility
	holeWeight = w.Hole
	scale := func(v, pct int) int { return (v*pct + 50*sign(v*pct)) / 100 }
	for t := range pst {
		for s := range pst[t] {
			pst[t][s] = scale(pstBase[t][s], w.PST) + w.PSTDelta[t][pstCell(board.Square(s))]
		}
		if t == int(board.King) {
			continue // the king tables are for the other pieces
		}
		for o := range ownKing[t] {
			ownKing[t][o] = scale(ownKingBase[t][o], w.OwnKing) + w.OwnDelta[t][offsetCell(o)]
			enemyKing[t][o] = scale(enemyKingBase[t][o], w.EnemyKing) + w.EnemyDelta[t][offsetCell(o)]
		}
	}
	initMaterial()
}

func sign(x int) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// handFactor is handTable[t][n] / handValue[t] before rounding: the first pieces count in
// full, later ones less.
func handFactor(t board.PieceType, n int) float64 {
	f := 0.0
	for k := 1; k <= n; k++ {
		switch {
		case t == board.Pawn && k > 3:
			f += 2.0 / 3
		case t != board.Pawn && k > 1:
			f += 0.9
		default:
			f++
		}
	}
	return f
}

// initMaterial fills the square offsets, the capture values and the hand values.
func initMaterial() {
	for k := board.Square(0); k < board.NumSquares; k++ {
		for s := board.Square(0); s < board.NumSquares; s++ {
			offsetTable[k][s] = uint16((s.File()-k.File()+8)*17 + s.Rank() - k.Rank() + 8)
		}
	}
	for t := board.Pawn; t <= board.Dragon; t++ {
		captureValue[t] = pieceValue[t] + handValue[t.Unpromote()]
	}
	for t := board.Pawn; t <= board.Gold; t++ {
		sum := 0
		for n := 1; n < len(handTable[t]); n++ {
			v := handValue[t]
			if t == board.Pawn && n > 3 {
				v = handValue[t] * 2 / 3
			} else if t != board.Pawn && n > 1 {
				v = handValue[t] * 9 / 10
			}
			sum += v
			handTable[t][n] = sum
		}
	}
}

// initPieceSquare fills the piece-square tables.
func initPieceSquare() {
	// piece-square tables, Black's view: rank 1 is the far rank
	for s := board.Square(0); s < board.NumSquares; s++ {
		r, f := s.Rank(), s.File()
		edge := f == 1 || f == 9
		center := 5 - abs(f-5) // 1 at the edges, 5 in the middle
		pstBase[board.Pawn][s] = []int{0, 0, 30, 20, 12, 5, 0, 0, 0, 0}[r]
		pstBase[board.Lance][s] = []int{0, 0, -10, -5, 0, 0, 0, 5, 5, 10}[r]
		pstBase[board.Knight][s] = []int{0, 0, 0, 10, 15, 5, 0, -5, -10, -15}[r]
		if edge {
			pstBase[board.Knight][s] -= 15
		}
		pstBase[board.Silver][s] = []int{0, -10, 0, 10, 10, 15, 10, 5, 0, -5}[r] + center*2
		pstBase[board.Gold][s] = []int{0, -20, -10, 0, 0, 5, 10, 15, 10, 5}[r] + center
		pstBase[board.Bishop][s] = []int{0, 5, 5, 5, 5, 0, 0, 0, 0, 0}[r]
		pstBase[board.Rook][s] = []int{0, 20, 15, 10, 0, 0, 0, 0, 0, 0}[r]
		for _, t := range []board.PieceType{board.ProPawn, board.ProLance, board.ProKnight, board.ProSilver} {
			pstBase[t][s] = []int{0, 15, 15, 10, 5, 0, -5, -10, -15, -20}[r] + center
		}
		pstBase[board.Horse][s] = center * 3
		pstBase[board.Dragon][s] = []int{0, 15, 15, 10, 5, 0, 0, 0, 0, 0}[r]
		// the king: castled on the back ranks, away from the centre file
		pstBase[board.King][s] = []int{0, -40, -40, -35, -35, -30, -20, 0, 20, 25}[r]
		if f == 5 {
			pstBase[board.King][s] -= 15
		}
		if f == 1 || f == 9 {
			pstBase[board.King][s] -= 5
		}
	}
}

// nearOwnKing is the value of a piece of kind t at offset (df, dr) from its own king:
// golds and silvers build the castle.
func nearOwnKing(t board.PieceType, df, dr int) int {
	dist := max(abs(df), abs(dr))
	front := dr < 0 // towards the opponent
	var own int
	switch t {
	case board.Gold, board.ProSilver:
		own = []int{0, 50, 30, 12, 0, -5, -10, -15, -15}[dist]
	case board.Silver:
		own = []int{0, 40, 28, 12, 0, -5, -5, -10, -10}[dist]
	case board.ProPawn, board.ProLance, board.ProKnight:
		own = []int{0, 25, 15, 5, 0, 0, 0, 0, 0}[dist]
	case board.Pawn:
		if front && abs(df) <= 1 && dist <= 3 {
			own = 18
		}
	case board.Knight, board.Lance:
		if dist <= 2 {
			own = 8
		}
	case board.Bishop, board.Rook:
		if dist == 1 {
			own = -15 // crowding the king
		}
	}
	return own
}

// nearEnemyKing is the value of a piece of kind t at offset (df, dr) from the opponent's
// king: the attack.
func nearEnemyKing(t board.PieceType, df, dr int) int {
	// "in front of the piece" is the king's side, so a piece below the king (dr > 0) attacks
	dist := max(abs(df), abs(dr))
	var att int
	switch t {
	case board.Gold, board.Silver, board.ProPawn, board.ProLance, board.ProKnight, board.ProSilver:
		att = []int{0, 60, 35, 12, 0, 0, 0, 0, 0}[dist]
		if dist <= 2 && dr < 0 {
			att = att * 2 / 3 // behind the king: less of a net
		}
	case board.Horse, board.Dragon:
		att = []int{0, 90, 60, 35, 15, 5, 0, 0, 0}[dist]
	case board.Bishop, board.Rook:
		att = []int{0, 25, 20, 15, 8, 0, 0, 0, 0}[dist]
	case board.Knight:
		if (abs(df) == 1 && (dr == 2 || dr == 4)) || dist <= 2 {
			att = 25
		}
	case board.Lance:
		if df == 0 && dr > 0 {
			att = 20
		}
	case board.Pawn:
		if dist <= 2 && dr > 0 {
			att = 20
		}
	}
	return att
}

// evaluate returns the static value of p for the side to move.
func evaluate(p *board.Position) int { return evaluateWith(p, computeBase(p)) }

// evalBase is the part of the evaluation a move changes only where it happens: material,
// pieces in hand, piece-square tables and placement relative to both kings, per colour.
// The search carries it from node to node (evalBase.after) and adds the rest.
type evalBase [2]int32

// pieceTerm is what a piece of kind t (not the king) of colour c on s contributes.
func pieceTerm(c board.Color, t board.PieceType, s board.Square, own, opp board.Square) int32 {
	rs := s
	if c == board.White {
		rs = board.NumSquares - 1 - s
	}
	v := pieceValue[t] + pst[t][rs]
	if own != board.NoSquare {
		v += ownKing[t][offset(c, own, s)]
	}
	if opp != board.NoSquare {
		v += enemyKing[t][offset(c, opp, s)]
	}
	return int32(v)
}

// computeBase computes the base of p from scratch.
func computeBase(p *board.Position) evalBase {
	var b evalBase
	for c := board.Black; c <= board.White; c++ {
		own, opp := p.KingSquare(c), p.KingSquare(c.Opp())
		h := p.Hand(c)
		v := int32(0)
		for t := board.Pawn; t <= board.Gold; t++ {
			v += int32(handTable[t][min(h.Count(t), 18)])
		}
		if own != board.NoSquare {
			rs := own
			if c == board.White {
				rs = board.NumSquares - 1 - own
			}
			v += int32(pst[board.King][rs])
		}
		for t := board.Pawn; t <= board.Dragon; t++ {
			if t == board.King {
				continue
			}
			for bb := p.Pieces(c, t); bb.NonZero(); {
				v += pieceTerm(c, t, bb.Pop(), own, opp)
			}
		}
		b[c] = v
	}
	return b
}

// after returns the base after m, legal in p (whose base is b). ok is false after a capture
// of a king (positions the rules never reach), and the caller computes the base anew.
func (b evalBase) after(p *board.Position, m board.Move) (evalBase, bool) {
	t := m.Piece()
	if t == board.King {
		return b.afterKingMove(p, m)
	}
	us := p.SideToMove()
	them := us.Opp()
	kUs, kThem := p.KingSquare(us), p.KingSquare(them)
	to := m.To()
	if m.IsDrop() {
		n := min(p.Hand(us).Count(t), 18)
		b[us] += int32(handTable[t][n-1]-handTable[t][n]) + pieceTerm(us, t, to, kUs, kThem)
		return b, true
	}
	b[us] += pieceTerm(us, m.PieceAfter(), to, kUs, kThem) - pieceTerm(us, t, m.From(), kUs, kThem)
	if c := m.Captured(); c != board.NoPieceType {
		if c == board.King {
			return b, false
		}
		b[them] -= pieceTerm(them, c, to, kThem, kUs)
		u := c.Unpromote()
		n := min(p.Hand(us).Count(u), 17)
		b[us] += int32(handTable[u][n+1] - handTable[u][n])
	}
	return b, true
}

// afterKingMove is after for a move of the king of the side to move: every piece's
// placement relative to that king changes (ownKing for ours, enemyKing for theirs), the
// material and the piece-square terms of the others do not.
func (b evalBase) afterKingMove(p *board.Position, m board.Move) (evalBase, bool) {
	us := p.SideToMove()
	them := us.Opp()
	from, to := m.From(), m.To()
	if c := m.Captured(); c != board.NoPieceType {
		if c == board.King {
			return b, false
		}
		b[them] -= pieceTerm(them, c, to, p.KingSquare(them), from)
		u := c.Unpromote()
		n := min(p.Hand(us).Count(u), 17)
		b[us] += int32(handTable[u][n+1] - handTable[u][n])
	}
	rf, rt := from, to
	if us == board.White {
		rf, rt = board.NumSquares-1-from, board.NumSquares-1-to
	}
	v := pst[board.King][rt] - pst[board.King][rf]
	// offset(us, from|to, s) is offsetTable[rf|rt][s turned as rf, rt are]
	oldRow, newRow := &offsetTable[rf], &offsetTable[rt]
	for bb := p.ColorPieces(us).AndNot(board.SquareBB(from)); bb.NonZero(); {
		s := bb.Pop()
		t := p.PieceAt(s).Type()
		if us == board.White {
			s = board.NumSquares - 1 - s
		}
		v += ownKing[t][newRow[s]] - ownKing[t][oldRow[s]]
	}
	b[us] += int32(v)
	// offset(them, from|to, s) is offsetTable[from|to turned as them sees it][s likewise]
	tf, tt := from, to
	if them == board.White {
		tf, tt = board.NumSquares-1-from, board.NumSquares-1-to
	}
	oldRow, newRow = &offsetTable[tf], &offsetTable[tt]
	v = 0
	for bb := p.ColorPieces(them).AndNot(board.SquareBB(to)); bb.NonZero(); {
		s := bb.Pop()
		t := p.PieceAt(s).Type()
		if them == board.White {
			s = board.NumSquares - 1 - s
		}
		v += enemyKing[t][newRow[s]] - enemyKing[t][oldRow[s]]
	}
	b[them] += int32(v)
	return b, true
}

// evaluateWith adds to the base what depends on the whole board: slider mobility and the
// openness of each king against the opponent's hand, and turns it to the side to move.
func evaluateWith(p *board.Position, b evalBase) int {
	v := int(b[board.Black]-b[board.White]) + dynamic(p, board.Black) - dynamic(p, board.White)
	if p.SideToMove() == board.White {
		v = -v
	}
	return v + tempo
}

// mobilityWeight (per attacked square, by slider kind) and holeWeight: weights.txt.
var (
	mobilityWeight [board.NumPieceTypes]int
	holeWeight     int
)

// dynamic is c's mobility and king exposure.
func dynamic(p *board.Position, c board.Color) int {
	v := 0
	// p.AttacksFrom(c, t, s).Count() of each slider, without the switch on its kind
	for bb := p.Pieces(c, board.Rook); bb.NonZero(); {
		v += mobilityWeight[board.Rook] * p.RookAttacks(bb.Pop()).Count()
	}
	for bb := p.Pieces(c, board.Dragon); bb.NonZero(); {
		s := bb.Pop()
		v += mobilityWeight[board.Dragon] * p.RookAttacks(s).Or(board.StepAttacks(c, board.King, s)).Count()
	}
	for bb := p.Pieces(c, board.Bishop); bb.NonZero(); {
		v += mobilityWeight[board.Bishop] * p.BishopAttacks(bb.Pop()).Count()
	}
	for bb := p.Pieces(c, board.Horse); bb.NonZero(); {
		s := bb.Pop()
		v += mobilityWeight[board.Horse] * p.BishopAttacks(s).Or(board.StepAttacks(c, board.King, s)).Count()
	}
	return v - holeWeight*holeDanger(p, c)
}

// holeDanger is how open c's king is against the opponent's hand: the empty squares next to
// it (drop squares) times the danger of the hand (at most 6).
func holeDanger(p *board.Position, c board.Color) int {
	own := p.KingSquare(c)
	if own == board.NoSquare {
		return 0
	}
	oh := p.Hand(c.Opp())
	danger := oh.Count(board.Gold) + oh.Count(board.Silver) + 2*(oh.Count(board.Rook)+oh.Count(board.Bishop)) + oh.Count(board.Knight)
	if danger == 0 {
		return 0
	}
	return board.PseudoAttacks(c, board.King, own).AndNot(p.Occupied()).Count() * min(danger, 6)
}
