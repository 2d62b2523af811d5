package bundledengine

import "banmen/board"

// Static exchange evaluation: the material outcome of the captures on one square, each side
// capturing with its least valuable piece and free to stop. A capture puts the piece in the
// capturer's hand, so each capture is worth captureValue (board value + hand value).

// seeOrder lists the kinds from the least to the most valuable capturer.
var seeOrder = [...]board.PieceType{
	board.Pawn, board.Lance, board.Knight, board.ProPawn, board.ProLance, board.ProKnight,
	board.Silver, board.ProSilver, board.Gold, board.Bishop, board.Rook, board.Horse, board.Dragon, board.King,
}

// seeGE reports whether the exchange started by m, legal in p, gains at least threshold.
func seeGE(p *board.Position, m board.Move, threshold int) bool {
	to := m.To()
	swap := captureValue[m.Captured()] - threshold
	if m.IsPromotion() {
		swap += pieceValue[m.PieceAfter()] - pieceValue[m.Piece()]
	}
	if swap < 0 {
		return false
	}
	swap = captureValue[m.PieceAfter()] - swap
	if swap <= 0 {
		return true
	}
	occ := p.Occupied()
	attackers := p.AllAttackersTo(to)
	if !m.IsDrop() {
		from := m.From()
		occ = occ.AndNot(board.SquareBB(from))
		attackers = attackers.AndNot(board.SquareBB(from)).Or(xray(p, to, from, occ))
	}
	stm := p.SideToMove()
	res := 1
	for {
		stm = stm.Opp()
		attackers = attackers.And(occ)
		mine := attackers.And(p.ColorPieces(stm))
		if mine.IsZero() {
			break
		}
		res ^= 1
		var sq board.Square
		var t board.PieceType
		for _, k := range seeOrder {
			if bb := mine.And(p.Pieces(stm, k)); bb.NonZero() {
				sq, t = bb.First(), k
				break
			}
		}
		if t == board.King {
			if attackers.AndNot(p.ColorPieces(stm)).NonZero() {
				return res^1 == 1 // the king may not capture into an attack
			}
			return res == 1
		}
		if swap = captureValue[t] - swap; swap < res {
			break
		}
		occ = occ.AndNot(board.SquareBB(sq))
		attackers = attackers.Or(xray(p, to, sq, occ))
	}
	return res == 1
}

// xray returns the slider, if any, that attacks to through removed once the squares outside
// occ are empty: the first piece beyond removed on the line from to, if it slides that way.
func xray(p *board.Position, to, removed board.Square, occ board.Bitboard) board.Bitboard {
	df := board.Sign(removed.File() - to.File())
	dr := board.Sign(removed.Rank() - to.Rank())
	if df != 0 && dr != 0 && abs(removed.File()-to.File()) != abs(removed.Rank()-to.Rank()) {
		return board.Bitboard{} // not on a line (a knight)
	}
	f, r := removed.File()+df, removed.Rank()+dr
	for f >= 1 && f <= 9 && r >= 1 && r <= 9 {
		s := board.NewSquare(f, r)
		if occ.Has(s) {
			pc := p.PieceAt(s)
			t := pc.Type()
			var ok bool
			if df == 0 || dr == 0 {
				ok = t == board.Rook || t == board.Dragon
				if t == board.Lance && df == 0 {
					// a lance slides forward: Black's towards rank 1, so from below the target
					ok = (pc.Color() == board.Black) == (dr > 0)
				}
			} else {
				ok = t == board.Bishop || t == board.Horse
			}
			if ok {
				return board.SquareBB(s)
			}
			return board.Bitboard{}
		}
		f += df
		r += dr
	}
	return board.Bitboard{}
}
