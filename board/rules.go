package board

import "fmt"

// Game is a start position and the moves played from it, with what the rules need
// to judge repetition: the hash of every position and whether its side to move was in check.
type Game struct {
	start Position
	pos   Position
	moves []Move
	hist  []gameEntry // one per position: hist[i] is the position after i moves
}

type gameEntry struct {
	hash  uint64
	check bool
}

// NewGame starts a game from start (which is copied).
func NewGame(start *Position) *Game {
	g := &Game{start: *start, pos: *start}
	g.hist = append(g.hist, gameEntry{start.Hash(), start.InCheck()})
	return g
}

// Start returns the start position.
func (g *Game) Start() *Position { return &g.start }

// Position returns the current position. Do not modify it.
func (g *Game) Position() *Position { return &g.pos }

// Moves returns the moves played so far.
func (g *Game) Moves() []Move { return g.moves }

// Play plays m if it is legal in the current position.
func (g *Game) Play(m Move) error {
	if !g.pos.IsLegal(m) {
		return &IllegalMoveError{Move: m.USI(), Reason: g.pos.whyIllegal(m)}
	}
	g.PlayUnchecked(m)
	return nil
}

// PlayUSI plays a move given in USI notation, checked.
func (g *Game) PlayUSI(s string) (Move, error) {
	m, err := g.pos.ParseMove(s)
	if err != nil {
		return NoMove, err
	}
	g.PlayUnchecked(m)
	return m, nil
}

// PlayUnchecked plays m, which the caller knows to be legal.
func (g *Game) PlayUnchecked(m Move) {
	g.pos.Do(m)
	g.moves = append(g.moves, m)
	g.hist = append(g.hist, gameEntry{g.pos.Hash(), g.pos.InCheck()})
}

// Undo takes back the last move; it reports false if there is none.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.moves = g.moves[:len(g.moves)-1]
	g.hist = g.hist[:len(g.hist)-1]
	g.pos = g.start
	for _, m := range g.moves {
		g.pos.Do(m)
	}
	return true
}

// Occurrences returns how many times the current position (board, hands, side to move) has occurred, this time included.
func (g *Game) Occurrences() int {
	h := g.hist[len(g.hist)-1].hash
	n := 0
	for i := len(g.hist) - 1; i >= 0; i -= 2 { // the same side to move only every other ply
		if g.hist[i].hash == h {
			n++
		}
	}
	return n
}

// Repetition is the verdict on a repeated position.
type Repetition int

const (
	NoRepetition Repetition = iota
	// RepetitionDraw is 千日手: the same position for the fourth time.
	RepetitionDraw
	// RepetitionBlackLoses: the fourth time came through Black's continuous checks (連続王手の千日手).
	RepetitionBlackLoses
	// RepetitionWhiteLoses: the fourth time came through White's continuous checks.
	RepetitionWhiteLoses
)

func (r Repetition) String() string {
	switch r {
	case RepetitionDraw:
		return "千日手 (draw by repetition)"
	case RepetitionBlackLoses:
		return "連続王手の千日手 (Black loses by perpetual check)"
	case RepetitionWhiteLoses:
		return "連続王手の千日手 (White loses by perpetual check)"
	}
	return "no repetition"
}

// Repetition judges the current position: 千日手 when it occurs for the fourth time;
// if one side gave check with every move from the first of those occurrences on, that side loses.
func (g *Game) Repetition() Repetition {
	last := len(g.hist) - 1
	h := g.hist[last].hash
	first, n := -1, 0
	for i := last; i >= 0; i -= 2 {
		if g.hist[i].hash == h {
			n++
			first = i
		}
	}
	if n < 4 {
		return NoRepetition
	}
	// hist[i].check says the side to move at i is in check, i.e. the side that just moved gave check.
	// Positions after Black's moves have White to move.
	blackChecksAll, whiteChecksAll := true, true
	for i := first + 1; i <= last; i++ {
		moverIsBlack := sideAt(&g.start, i) == White
		if !g.hist[i].check {
			if moverIsBlack {
				blackChecksAll = false
			} else {
				whiteChecksAll = false
			}
		}
	}
	switch {
	case blackChecksAll:
		return RepetitionBlackLoses
	case whiteChecksAll:
		return RepetitionWhiteLoses
	}
	return RepetitionDraw
}

// sideAt returns the side to move after i moves from start.
func sideAt(start *Position, i int) Color {
	if i%2 == 0 {
		return start.side
	}
	return start.side.Opp()
}

// ImpasseRule is the rule for declaring a win by entering king (入玉宣言).
type ImpasseRule struct {
	BlackPoints int // points Black needs (28 under the CSA rule)
	WhitePoints int // points White needs (27 under the CSA rule)
}

// CSAImpasseRule is the 27-point declaration rule of the CSA (computer shogi) protocol.
var CSAImpasseRule = ImpasseRule{BlackPoints: 28, WhitePoints: 27}

// ImpassePoints counts c's points for the impasse rules: rook and bishop (promoted or not) 5,
// every other piece but the king 1, over c's pieces in the opponent's camp and in hand.
// It also returns how many of c's pieces (king excluded) stand in the opponent's camp.
func (p *Position) ImpassePoints(c Color) (points, piecesInCamp int) {
	camp := promoZone[c]
	for bb := p.byColor[c].And(camp).AndNot(p.byType[King]); bb.NonZero(); {
		t := p.board[bb.Pop()].Type().Unpromote()
		piecesInCamp++
		if t == Rook || t == Bishop {
			points += 5
		} else {
			points++
		}
	}
	h := p.hands[c]
	points += 5*int(h[Rook]+h[Bishop]) + int(h[Gold]+h[Silver]+h[Knight]+h[Lance]+h[Pawn])
	return points, piecesInCamp
}

// CanDeclareWin reports whether the side to move may declare a win by entering king under
// rule r; if not, the reason says which condition fails.
func (p *Position) CanDeclareWin(r ImpasseRule) (bool, string) {
	c := p.side
	k := p.kings[c]
	if k == NoSquare {
		return false, fmt.Sprintf("%s has no king", c)
	}
	if !promoZone[c].Has(k) {
		return false, "the king is not in the opponent's camp"
	}
	if p.InCheck() {
		return false, "the king is in check"
	}
	points, n := p.ImpassePoints(c)
	if n < 10 {
		return false, fmt.Sprintf("only %d pieces besides the king in the opponent's camp (10 needed)", n)
	}
	need := r.BlackPoints
	if c == White {
		need = r.WhitePoints
	}
	if points < need {
		return false, fmt.Sprintf("%d points (%d needed)", points, need)
	}
	return true, ""
}
