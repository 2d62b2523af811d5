package board

// Attack tables. Sliding attacks are looked up by the occupancy of one line
// (file, rank or diagonal) through the square: the Position keeps the
// occupancy of every line as a 9-bit word, so a lookup is one index.

const (
	dirFile  = 0 // same file (vertical)
	dirRank  = 1 // same rank (horizontal)
	dirDiagA = 2 // file-rank constant
	dirDiagB = 3 // file+rank constant
)

var (
	// lineID[d][s] is the line through s in direction d; linePos[d][s] the bit of s in that line's word.
	lineID  [4][NumSquares]uint8
	linePos [4][NumSquares]uint8
	// lineSlot[s][d] is the word of lineOcc that holds the line through s in direction d,
	// lineBit[s][d] the bit of s in it: the two above, laid out for lineOcc's hot paths.
	lineSlot [NumSquares][4]uint8
	lineBit  [NumSquares][4]uint16
	// lineAttacks[d][s][occ7] is the set s attacks along direction d, where occ7 is the
	// occupancy of the line's inner seven positions (bits 1..7 of the line word).
	lineAttacks [4][NumSquares][128]Bitboard

	stepAttacks [2][NumPieceTypes][NumSquares]Bitboard // non-sliding moves (and the step part of horse/dragon)
	kingAttacks [NumSquares]Bitboard
	// within3[s]: the squares at most three files and three ranks from s, from where a piece
	// that does not slide can reach a square next to s
	within3 [NumSquares]Bitboard
	// bishopNear[s], rookNear[s], lanceNear[c][s]: where such a slider (c's lance) stands to
	// reach a square next to s on an empty board
	bishopNear, rookNear [NumSquares]Bitboard
	lanceNear            [2][NumSquares]Bitboard
	// pseudo attacks of sliders on an empty board
	bishopPseudo [NumSquares]Bitboard
	rookPseudo   [NumSquares]Bitboard
	lancePseudo  [2][NumSquares]Bitboard
	forwardMask  [2][NumSquares]Bitboard // squares strictly ahead of s on its file for c

	betweenBB [NumSquares][NumSquares]Bitboard // squares strictly between two aligned squares
	lineBB    [NumSquares][NumSquares]Bitboard // the whole line through two aligned squares

	// rank masks relative to a colour
	rankBB      [10]Bitboard   // rankBB[r]: all squares on rank r (1..9)
	fileBB      [10]Bitboard   // fileBB[f]: all squares on file f (1..9)
	promoZone   [2]Bitboard    // the three far ranks
	dropAllowed [2][8]Bitboard // where a piece of kind t may be dropped (not a dead square)
	// moveDeadZone[c][t]: the dead squares of kind t (see DeadZone); empty for every kind
	// but pawn, lance and knight
	moveDeadZone [2][NumPieceTypes]Bitboard
)

// DeadZone returns the squares where a piece of kind t and colour c could never move again:
// a pawn or lance on c's far rank, a knight on the two far ranks. A move there must promote
// and a drop there is illegal. It is empty for every other kind.
func DeadZone(c Color, t PieceType) Bitboard { return moveDeadZone[c][t] }

type delta struct{ df, dr int }

func onBoard(f, r int) bool { return f >= 1 && f <= 9 && r >= 1 && r <= 9 }

// init builds the attack tables in order: each needs only the ones before it.
func init() {
	initLines()
	initLineAttacks()
	initStepAttacks()
	initPseudoAttacks()
	initBetween()
	initLineBB()
	initZones()
	initWithin3()
}

// Within returns, for each square s, the squares at most n files and n ranks from it.
func Within(n int) (t [NumSquares]Bitboard) {
	for s := Square(0); s < NumSquares; s++ {
		for u := Square(0); u < NumSquares; u++ {
			if abs(s.File()-u.File()) <= n && abs(s.Rank()-u.Rank()) <= n {
				t[s].set(u)
			}
		}
	}
	return t
}

func initWithin3() {
	within3 = Within(3)
	for s := Square(0); s < NumSquares; s++ {
		// a slider on a square reaches z iff one of the same kind on z reaches that square
		// (a lance of the other colour)
		for z := kingAttacks[s]; z.NonZero(); {
			n := z.Pop()
			bishopNear[s] = bishopNear[s].Or(bishopPseudo[n])
			rookNear[s] = rookNear[s].Or(rookPseudo[n])
			for c := Black; c <= White; c++ {
				lanceNear[c][s] = lanceNear[c][s].Or(lancePseudo[c.Opp()][n])
			}
		}
	}
}

// initLines numbers each square's file, rank and two diagonals (lineID, linePos) and fills
// rankBB and fileBB.
func initLines() {
	for s := Square(0); s < NumSquares; s++ {
		f, r := s.File(), s.Rank()
		lineID[dirFile][s], linePos[dirFile][s] = uint8(f-1), uint8(r-1)
		lineID[dirRank][s], linePos[dirRank][s] = uint8(r-1), uint8(f-1)
		lineID[dirDiagA][s], linePos[dirDiagA][s] = uint8(f-r+8), uint8(r-1)
		lineID[dirDiagB][s], linePos[dirDiagB][s] = uint8(f+r-2), uint8(r-1)
		rankBB[r].set(s)
		fileBB[f].set(s)
		for d := 0; d < 4; d++ {
			lineSlot[s][d] = uint8(d*lineCount) + lineID[d][s]
			lineBit[s][d] = 1 << linePos[d][s]
		}
	}
}

// initLineAttacks fills lineAttacks: the sliding attacks along each line direction from each
// square for every occupancy of the line's seven inner squares. Needs linePos.
func initLineAttacks() {
	dirs := [4][2]delta{
		{{0, 1}, {0, -1}},
		{{1, 0}, {-1, 0}},
		{{1, 1}, {-1, -1}},
		{{1, -1}, {-1, 1}},
	}
	for d := 0; d < 4; d++ {
		for s := Square(0); s < NumSquares; s++ {
			for occ := 0; occ < 128; occ++ {
				var bb Bitboard
				for _, dl := range dirs[d] {
					f, r := s.File()+dl.df, s.Rank()+dl.dr
					for onBoard(f, r) {
						t := NewSquare(f, r)
						bb.set(t)
						pos := linePos[d][t]
						if pos >= 1 && pos <= 7 && occ>>(pos-1)&1 != 0 {
							break
						}
						f += dl.df
						r += dl.dr
					}
				}
				lineAttacks[d][s][occ] = bb
			}
		}
	}
}

// initStepAttacks fills stepAttacks (the one-step moves of each piece type and colour, the
// promoted minor pieces moving as Gold) and kingAttacks.
func initStepAttacks() {
	// Step moves, written for Black (forward = rank-1); White mirrors dr.
	steps := map[PieceType][]delta{
		Pawn:   {{0, -1}},
		Knight: {{1, -2}, {-1, -2}},
		Silver: {{0, -1}, {1, -1}, {-1, -1}, {1, 1}, {-1, 1}},
		Gold:   {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}},
		King:   {{0, -1}, {1, -1}, {-1, -1}, {1, 0}, {-1, 0}, {0, 1}, {1, 1}, {-1, 1}},
		Horse:  {{0, -1}, {1, 0}, {-1, 0}, {0, 1}},
		Dragon: {{1, -1}, {-1, -1}, {1, 1}, {-1, 1}},
	}
	for c := Black; c <= White; c++ {
		for t, ds := range steps {
			for s := Square(0); s < NumSquares; s++ {
				var bb Bitboard
				for _, dl := range ds {
					dr := dl.dr
					if c == White {
						dr = -dr
					}
					f, r := s.File()+dl.df, s.Rank()+dr
					if onBoard(f, r) {
						bb.set(NewSquare(f, r))
					}
				}
				stepAttacks[c][t][s] = bb
			}
		}
		for _, t := range []PieceType{ProPawn, ProLance, ProKnight, ProSilver} {
			stepAttacks[c][t] = stepAttacks[c][Gold]
		}
	}
	kingAttacks = stepAttacks[Black][King]
}

// initPseudoAttacks fills the empty-board slider attacks bishopPseudo, rookPseudo and
// lancePseudo, and forwardMask. Needs lineAttacks.
func initPseudoAttacks() {
	for s := Square(0); s < NumSquares; s++ {
		bishopPseudo[s] = lineAttacks[dirDiagA][s][0].Or(lineAttacks[dirDiagB][s][0])
		rookPseudo[s] = lineAttacks[dirFile][s][0].Or(lineAttacks[dirRank][s][0])
		for c := Black; c <= White; c++ {
			for t := Square(0); t < NumSquares; t++ {
				if t.File() == s.File() && ((c == Black && t.Rank() < s.Rank()) || (c == White && t.Rank() > s.Rank())) {
					forwardMask[c][s].set(t)
				}
			}
			lancePseudo[c][s] = forwardMask[c][s]
		}
	}
}

// initBetween fills betweenBB: the squares strictly between two squares on one line.
func initBetween() {
	all8 := []delta{{0, 1}, {0, -1}, {1, 0}, {-1, 0}, {1, 1}, {-1, -1}, {1, -1}, {-1, 1}}
	for s := Square(0); s < NumSquares; s++ {
		for _, dl := range all8 {
			var between Bitboard
			f, r := s.File()+dl.df, s.Rank()+dl.dr
			for onBoard(f, r) {
				t := NewSquare(f, r)
				betweenBB[s][t] = between
				between.set(t)
				f += dl.df
				r += dl.dr
			}
		}
	}
}

// initLineBB fills lineBB: the whole line, edge to edge, through two squares that share a
// file, rank or diagonal. Needs bishopPseudo and rookPseudo.
func initLineBB() {
	for s := Square(0); s < NumSquares; s++ {
		for t := Square(0); t < NumSquares; t++ {
			if s == t || !(bishopPseudo[s].Has(t) || rookPseudo[s].Has(t)) {
				continue
			}
			df, dr := Sign(t.File()-s.File()), Sign(t.Rank()-s.Rank())
			var bb Bitboard
			for _, k := range []int{1, -1} {
				f, r := s.File(), s.Rank()
				for onBoard(f, r) {
					bb.set(NewSquare(f, r))
					f += k * df
					r += k * dr
				}
			}
			lineBB[s][t] = bb
		}
	}
}

// initZones fills promoZone, and per droppable minor piece dropAllowed and its complement
// moveDeadZone (the ranks a pawn, lance or knight could never move from).
func initZones() {
	for c := Black; c <= White; c++ {
		for s := Square(0); s < NumSquares; s++ {
			rr := RelRank(c, s)
			if rr <= 3 {
				promoZone[c].set(s)
			}
			for t := Pawn; t <= Gold; t++ {
				dead := (t == Pawn || t == Lance) && rr == 1 || t == Knight && rr <= 2
				if !dead {
					dropAllowed[c][t].set(s)
				} else {
					moveDeadZone[c][t].set(s)
				}
			}
		}
	}
}

// Sign returns 1, -1 or 0 as x is positive, negative or zero: the step along a file or rank
// from one square towards another.
func Sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// sign is Sign, under the name the rest of the package uses.
func sign(x int) int { return Sign(x) }

// lineCount is the number of lines in a direction at most (17 diagonals).
const lineCount = 17

// lineOcc is the occupancy of every line, kept by the Position: the word of line i in
// direction d is at d*lineCount+i (see lineSlot).
type lineOcc [4 * lineCount]uint16

func (l *lineOcc) toggle(s Square) {
	slot, bit := &lineSlot[s], &lineBit[s]
	l[slot[0]] ^= bit[0]
	l[slot[1]] ^= bit[1]
	l[slot[2]] ^= bit[2]
	l[slot[3]] ^= bit[3]
}

func (l *lineOcc) attacks(d int, s Square) Bitboard {
	return lineAttacks[d][s][(l[lineSlot[s][d]]>>1)&127]
}

func (l *lineOcc) rookAttacks(s Square) Bitboard {
	return l.attacks(dirFile, s).Or(l.attacks(dirRank, s))
}

func (l *lineOcc) bishopAttacks(s Square) Bitboard {
	return l.attacks(dirDiagA, s).Or(l.attacks(dirDiagB, s))
}

func (l *lineOcc) lanceAttacks(c Color, s Square) Bitboard {
	return l.attacks(dirFile, s).And(forwardMask[c][s])
}

// attacksFrom returns the squares a piece of kind t and colour c on s attacks, given the line occupancy.
func (l *lineOcc) attacksFrom(c Color, t PieceType, s Square) Bitboard {
	switch t {
	case Lance:
		return l.lanceAttacks(c, s)
	case Bishop:
		return l.bishopAttacks(s)
	case Rook:
		return l.rookAttacks(s)
	case Horse:
		return l.bishopAttacks(s).Or(kingAttacks[s])
	case Dragon:
		return l.rookAttacks(s).Or(kingAttacks[s])
	case King:
		return kingAttacks[s]
	}
	return stepAttacks[c][t][s]
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
