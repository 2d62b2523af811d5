package board

// Mate with futile interpositions left out (無駄合): the one definition, used both to judge
// the last position of an engine's mating line (usiclient, engine/mate) and by the bundled
// engine's tsume solver.
//
// Composed tsume, and the tsume solvers (脊尾詰, KomoringHeights, Banmen's own engine), do not
// count a defence that only loses a piece: a piece put between a distant (ranging) checker
// and the king, which the checker simply takes, after which it is mate all the same. Their
// mating lines can therefore end in a position where the defender could still interpose.
//
// The rule:
//
//	The side to move is in check by one ranging piece. An interposition on a square between
//	that checker and the king is futile when the checker can capture the interposed piece
//	there (promoting or not, as the rules allow) so that the defender is again in check and
//	mated under the same rule. The side to move is mated omitting futile interpositions when
//	every legal reply is a futile interposition. A string of interpositions on the same line,
//	each taken in turn, is thus futile as a whole.
//
// A plain checkmate is also a mate under this rule. A mate under this rule is a forced mate
// under the plain rules too: each futile reply only costs the defender a piece and two
// plies, so the rule never accepts a position that is not lost.
//
// FutileRule says how far the rule reaches. FutileAny, for judging a line, is a little wider
// than the usual tsume convention: any interposition may be futile, a piece moved from the
// board too, so that a GUI accepts what any engine omits; each reply is judged on its own.
// FutileDrops is the composed-tsume convention, cheap enough for a solver that asks at every
// node: only drops may be futile (an interposition by a piece moved from the board always
// counts), and the drops on one square are judged together, by the first kind the defender
// holds and may drop there in the order gold, silver, bishop, rook, knight, lance, pawn (the
// capture leaves the same position but for the defender's hand).

// FutileRule is how far the futile-interposition rule reaches (see above).
type FutileRule struct {
	// DropsOnly: only drops may be futile, judged by square; otherwise any interposition
	// may be, judged move by move.
	DropsOnly bool
	// Depth bounds the chain of interpositions and captures followed: an interposition
	// that many steps down is never futile.
	Depth int
}

var (
	// FutileAny judges the final position of an engine's line. Each capture brings the
	// checker nearer the king, so one line is exhausted in at most 7 steps; a new checker
	// revealed by a capture could start another line, hence some room. Verdicts are
	// memoised by position.
	FutileAny = FutileRule{Depth: 16}
	// FutileDrops is the tsume convention of the bundled engine's solver.
	FutileDrops = FutileRule{DropsOnly: true, Depth: 9}
)

// futileDropOrder is the order in which FutileDrops picks the kind that stands for every
// drop on a square.
var futileDropOrder = [7]PieceType{Gold, Silver, Bishop, Rook, Knight, Lance, Pawn}

// IsMateOmittingFutile reports whether the side to move is checkmated when futile
// interpositions are not counted as defences, under FutileAny. It is true for every plain
// checkmate.
func (p *Position) IsMateOmittingFutile() bool { return p.MateOmittingFutile(FutileAny) }

// MateOmittingFutile reports whether the side to move is checkmated when the interpositions
// that r calls futile are not counted as defences. It is true for every plain checkmate.
func (p *Position) MateOmittingFutile(r FutileRule) bool {
	if !p.InCheck() {
		return false
	}
	var memo map[uint64]bool
	if !r.DropsOnly {
		memo = make(map[uint64]bool)
	}
	return p.matedOmitting(r, memo, 0)
}

// FutileInterpositions returns the legal replies of the side to move (in check) that are
// futile interpositions under FutileAny: nil when it is not in check or none is.
func (p *Position) FutileInterpositions() []Move {
	c, ok := p.rangingChecker()
	if !ok {
		return nil
	}
	memo := make(map[uint64]bool)
	var buf [MaxMoves]Move
	var out []Move
	for _, m := range p.LegalMoves(buf[:0]) {
		if p.futileInterposition(m, c, FutileAny, memo, 0) {
			out = append(out, m)
		}
	}
	return out
}

// OmitFutile removes from moves, legal replies of the side to move, the interpositions that r
// calls futile, in place (keeping the order), and returns what is left.
func (p *Position) OmitFutile(moves []Move, r FutileRule) []Move {
	c, ok := p.rangingChecker()
	if !ok {
		return moves
	}
	if r.DropsOnly {
		hasDrop := false
		for _, m := range moves {
			if m.IsDrop() {
				hasDrop = true
				break
			}
		}
		if !hasDrop {
			return moves
		}
		futile := p.futileDropSquares(c, r, 0)
		if futile.IsZero() {
			return moves
		}
		out := moves[:0]
		for _, m := range moves {
			if !(m.IsDrop() && futile.Has(m.To())) {
				out = append(out, m)
			}
		}
		return out
	}
	memo := make(map[uint64]bool)
	out := moves[:0]
	for _, m := range moves {
		if !p.futileInterposition(m, c, r, memo, 0) {
			out = append(out, m)
		}
	}
	return out
}

// rangingChecker returns the square of the one piece checking the side to move from a
// distance (ok is false when there is no check, a double check, or a contact check).
func (p *Position) rangingChecker() (Square, bool) {
	k := p.kings[p.side]
	if k == NoSquare {
		return NoSquare, false
	}
	checkers := p.Checkers()
	if checkers.IsZero() || checkers.Many() {
		return NoSquare, false
	}
	c := checkers.First()
	if betweenBB[c][k].IsZero() {
		return NoSquare, false
	}
	return c, true
}

// matedOmitting is MateOmittingFutile for a position in check, depth steps down a chain.
// memo (nil under DropsOnly) holds the verdicts on positions already judged.
func (p *Position) matedOmitting(r FutileRule, memo map[uint64]bool, depth int) bool {
	if v, ok := memo[p.hash]; ok {
		return v
	}
	var buf [MaxMoves]Move
	moves := p.LegalMoves(buf[:0])
	c, ranging := p.rangingChecker()
	mated := true
	switch {
	case len(moves) == 0:
	case !ranging:
		mated = false
	case r.DropsOnly:
		futile := p.futileDropSquares(c, r, depth)
		for _, m := range moves {
			if !m.IsDrop() || !futile.Has(m.To()) {
				mated = false
				break
			}
		}
	default:
		for _, m := range moves {
			if !p.futileInterposition(m, c, r, memo, depth) {
				mated = false
				break
			}
		}
	}
	if memo != nil {
		memo[p.hash] = mated
	}
	return mated
}

// futileDropSquares returns the squares between the ranging checker on c and the king where
// a drop by the side to move is futile (DropsOnly: one kind stands for all, see above).
func (p *Position) futileDropSquares(c Square, r FutileRule, depth int) Bitboard {
	var out Bitboard
	if depth >= r.Depth {
		return out
	}
	us := p.side
	h := &p.hands[us]
	for bb := betweenBB[c][p.kings[us]]; bb.NonZero(); {
		s := bb.Pop()
		for _, t := range futileDropOrder {
			if h[t] == 0 || !p.CanDrop(t, s) {
				continue
			}
			if p.takenWithMate(NewDrop(t, s), c, r, nil, depth) {
				out.set(s)
			}
			break
		}
	}
	return out
}

// futileInterposition reports whether m, a legal reply of the side to move (in check by the
// ranging piece on c), is an interposition that r calls futile.
func (p *Position) futileInterposition(m Move, c Square, r FutileRule, memo map[uint64]bool, depth int) bool {
	if depth >= r.Depth || !m.IsDrop() && (r.DropsOnly || m.Piece() == King) {
		return false
	}
	if !betweenBB[c][p.kings[p.side]].Has(m.To()) {
		return false // a capture of the checker, or a king move
	}
	return p.takenWithMate(m, c, r, memo, depth)
}

// takenWithMate reports whether, after the interposition m, the checker on c can take the
// interposed piece, promoted or not, so that the defender is in check and mated under r.
func (p *Position) takenWithMate(m Move, c Square, r FutileRule, memo map[uint64]bool, depth int) bool {
	q := *p
	q.Do(m)
	s := m.To()
	attacker := q.side
	ct := q.board[c].Type()
	taken := q.board[s].Type()
	var after Position // declared outside the loop: inside it, it would go on the heap (recursion)
	for _, promote := range [2]bool{false, true} {
		if promote && !(ct.CanPromote() && (promoZone[attacker].Has(c) || promoZone[attacker].Has(s))) {
			continue
		}
		if !promote && moveDeadZone[attacker][ct].Has(s) {
			continue
		}
		after = q
		after.Do(NewBoardMove(c, s, ct, taken, promote))
		if k := after.kings[attacker]; k != NoSquare && after.IsAttacked(k, attacker.Opp()) {
			continue // the capture is illegal
		}
		if after.InCheck() && after.matedOmitting(r, memo, depth+1) {
			return true
		}
	}
	return false
}
