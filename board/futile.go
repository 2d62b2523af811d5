package board

// Mate with futile interpositions left out (無駄合).
//
// Composed tsume, and the tsume solvers (脊尾詰, KomoringHeights, Banmen's own engine), do not
// count a defence that only loses a piece: a piece put between a distant (ranging) checker
// and the king, which the checker simply takes, after which it is mate all the same. Their
// mating lines can therefore end in a position where the defender could still interpose.
//
// IsMateOmittingFutile judges such a final position:
//
//	The side to move is in check by one ranging piece, and every legal reply is an
//	interposition (a drop, or a move of a piece from the board) on a square between that
//	checker and the king, which the checker can capture (promoting or not) so that the
//	defender is again in check and mated under the same rule. A string of interpositions
//	on the same line, each taken in turn, is thus futile as a whole.
//
// A plain checkmate is also a mate under this rule. A mate under this rule is a forced mate
// under the plain rules too: each futile reply only costs the defender a piece and two
// plies, so the rule never accepts a position that is not lost. It is a little wider than
// the usual tsume convention, which counts every interposition by a piece moved from the
// board: a GUI checking an engine's line should accept what any engine omits.

// futileDepth bounds the chain of interpositions and captures followed. Each capture brings
// the checker nearer the king, so a line is exhausted in at most 7 steps; a new checker
// revealed by a capture could start another line, hence some room.
const futileDepth = 16

// IsMateOmittingFutile reports whether the side to move is checkmated when futile
// interpositions are not counted as defences (see above). It is true for every plain
// checkmate.
func (p *Position) IsMateOmittingFutile() bool {
	if !p.InCheck() {
		return false
	}
	return p.matedOmittingFutile(make(map[uint64]bool), 0)
}

// FutileInterpositions returns the legal replies of the side to move (in check) that are
// futile interpositions: nil when it is not in check or none is.
func (p *Position) FutileInterpositions() []Move {
	if !p.InCheck() {
		return nil
	}
	memo := make(map[uint64]bool)
	var buf [MaxMoves]Move
	var out []Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if p.isFutileInterposition(m, memo, 0) {
			out = append(out, m)
		}
	}
	return out
}

// matedOmittingFutile is IsMateOmittingFutile for a position in check. memo holds the
// verdicts on positions already judged (keyed by hash).
func (p *Position) matedOmittingFutile(memo map[uint64]bool, depth int) bool {
	if v, ok := memo[p.hash]; ok {
		return v
	}
	var buf [MaxMoves]Move
	mated := true
	for _, m := range p.LegalMoves(buf[:0]) {
		if !p.isFutileInterposition(m, memo, depth) {
			mated = false
			break
		}
	}
	memo[p.hash] = mated
	return mated
}

// isFutileInterposition reports whether m, a legal reply of the side to move (in check),
// is an interposition that the checker takes with a check that mates omitting futile
// interpositions.
func (p *Position) isFutileInterposition(m Move, memo map[uint64]bool, depth int) bool {
	if depth >= futileDepth || m.Piece() == King && !m.IsDrop() {
		return false
	}
	us := p.side
	k := p.kings[us]
	checkers := p.Checkers()
	if k == NoSquare || checkers.IsZero() || checkers.Many() {
		return false
	}
	c := checkers.First()
	s := m.To()
	if !Between(c, k).Has(s) {
		return false // a capture of the checker, or a king move
	}
	q := *p
	q.Do(m)
	var buf [MaxMoves]Move
	for _, r := range q.LegalMoves(buf[:0]) {
		if r.IsDrop() || r.From() != c || r.To() != s {
			continue
		}
		after := q
		after.Do(r)
		if after.InCheck() && after.matedOmittingFutile(memo, depth+1) {
			return true
		}
	}
	return false
}
