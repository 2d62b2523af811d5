package board

// Perft counts the leaf nodes of the legal move tree of the given depth.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	stack := make([]Position, depth)
	stack[0] = *p
	return perft(stack, depth)
}

// perft counts from stack[0]; positions below are kept in the rest of the stack so
// that nothing is allocated per node.
func perft(stack []Position, depth int) uint64 {
	p := &stack[0]
	if depth == 1 {
		return uint64(p.CountLegalMoves())
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	var n uint64
	q := &stack[1]
	for _, m := range moves {
		*q = *p
		q.Do(m)
		n += perft(stack[1:], depth-1)
	}
	return n
}

// PerftDivide returns the leaf count under each legal move, in generation order.
func (p *Position) PerftDivide(depth int) ([]Move, []uint64) {
	var buf [MaxMoves]Move
	moves := append([]Move(nil), p.LegalMoves(buf[:0])...)
	counts := make([]uint64, len(moves))
	for i, m := range moves {
		counts[i] = p.Play(m).Perft(depth - 1)
	}
	return moves, counts
}
