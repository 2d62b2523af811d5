package board

// Perft counts the leaf nodes of the legal move tree of the given depth.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		q := *p
		q.Do(m)
		n += q.Perft(depth - 1)
	}
	return n
}

// PerftDivide returns the leaf count under each legal move, in generation order.
func (p *Position) PerftDivide(depth int) ([]Move, []uint64) {
	var buf [MaxMoves]Move
	moves := append([]Move(nil), p.LegalMoves(buf[:0])...)
	counts := make([]uint64, len(moves))
	for i, m := range moves {
		q := *p
		q.Do(m)
		counts[i] = q.Perft(depth - 1)
	}
	return moves, counts
}
