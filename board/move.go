package board

import (
	"fmt"
	"strings"
)

// Move is a move in a position: a board move (optionally promoting) or a drop.
// It also carries the kind of the moving piece and of the captured piece, so it
// can be written in any notation without the position. The zero value is NoMove.
//
// Bits: 0-6 destination, 7-13 origin, 14 promotion, 15 drop, 16-19 moving kind, 20-23 captured kind.
type Move uint32

// NoMove is the absence of a move.
const NoMove Move = 0

const (
	movePromote = 1 << 14
	moveDrop    = 1 << 15
)

// NewBoardMove makes a board move of a piece of kind t from one square to another.
func NewBoardMove(from, to Square, t PieceType, captured PieceType, promote bool) Move {
	m := Move(to) | Move(from)<<7 | Move(t)<<16 | Move(captured)<<20
	if promote {
		m |= movePromote
	}
	return m
}

// NewDrop makes a drop of a piece of kind t on s.
func NewDrop(t PieceType, to Square) Move {
	return Move(to) | moveDrop | Move(t)<<16
}

// To returns the destination.
func (m Move) To() Square { return Square(m & 127) }

// From returns the origin, or NoSquare for a drop.
func (m Move) From() Square {
	if m&moveDrop != 0 {
		return NoSquare
	}
	return Square(m >> 7 & 127)
}

// IsDrop reports whether m drops a piece from the hand.
func (m Move) IsDrop() bool { return m&moveDrop != 0 }

// IsPromotion reports whether m promotes the moving piece.
func (m Move) IsPromotion() bool { return m&movePromote != 0 }

// Piece returns the kind of the moving piece before the move.
func (m Move) Piece() PieceType { return PieceType(m >> 16 & 15) }

// PieceAfter returns the kind of the moving piece after the move.
func (m Move) PieceAfter() PieceType {
	if m.IsPromotion() {
		return m.Piece().Promote()
	}
	return m.Piece()
}

// Captured returns the kind of the captured piece (NoPieceType if none).
func (m Move) Captured() PieceType { return PieceType(m >> 20 & 15) }

// USI writes the move in USI notation: "7g7f", "8h2b+", "P*5e". NoMove is "none".
func (m Move) USI() string {
	if m == NoMove {
		return "none"
	}
	if m.IsDrop() {
		return m.Piece().USI() + "*" + m.To().USI()
	}
	s := m.From().USI() + m.To().USI()
	if m.IsPromotion() {
		s += "+"
	}
	return s
}

func (m Move) String() string { return m.USI() }

// ParseUSIMove reads a move in USI notation without checking it against a position:
// the moving and captured kinds are left empty. Use Position.ParseMove for a checked move.
func ParseUSIMove(s string) (Move, error) {
	if len(s) == 4 && s[1] == '*' {
		var t PieceType
		switch s[0] {
		case 'P':
			t = Pawn
		case 'L':
			t = Lance
		case 'N':
			t = Knight
		case 'S':
			t = Silver
		case 'G':
			t = Gold
		case 'B':
			t = Bishop
		case 'R':
			t = Rook
		default:
			return NoMove, fmt.Errorf("bad drop %q: %q is not a piece that can be dropped (want one of P L N S G B R)", s, s[0])
		}
		to, err := ParseSquare(s[2:])
		if err != nil {
			return NoMove, fmt.Errorf("bad drop %q: %v", s, err)
		}
		return NewDrop(t, to), nil
	}
	if len(s) != 4 && !(len(s) == 5 && s[4] == '+') {
		return NoMove, fmt.Errorf("bad move %q: want a USI move like 7g7f, 8h2b+ or P*5e", s)
	}
	from, err := ParseSquare(s[0:2])
	if err != nil {
		return NoMove, fmt.Errorf("bad move %q: %v", s, err)
	}
	to, err := ParseSquare(s[2:4])
	if err != nil {
		return NoMove, fmt.Errorf("bad move %q: %v", s, err)
	}
	if from == to {
		return NoMove, fmt.Errorf("bad move %q: origin and destination are the same square", s)
	}
	return NewBoardMove(from, to, NoPieceType, NoPieceType, len(s) == 5), nil
}

// IllegalMoveError says why a move cannot be played in a position.
type IllegalMoveError struct {
	Move   string
	Reason string
}

func (e *IllegalMoveError) Error() string {
	return fmt.Sprintf("illegal move %q: %s", e.Move, e.Reason)
}

// ParseMove reads a USI move and checks that it is legal in p. The result carries
// the moving and captured kinds. The error says why a move is illegal.
func (p *Position) ParseMove(s string) (Move, error) {
	raw, err := ParseUSIMove(s)
	if err != nil {
		return NoMove, err
	}
	m, reason := p.complete(raw)
	if reason != "" {
		return NoMove, &IllegalMoveError{Move: s, Reason: reason}
	}
	return m, nil
}

// complete fills in the kinds of a raw move and checks its legality.
func (p *Position) complete(raw Move) (Move, string) {
	us := p.side
	to := raw.To()
	var m Move
	if raw.IsDrop() {
		t := raw.Piece()
		if t == NoPieceType || t == King || t.IsPromoted() {
			return NoMove, fmt.Sprintf("a %s cannot be dropped: only unpromoted pieces are in hand", t.Kanji())
		}
		if p.hands[us][t] == 0 {
			return NoMove, fmt.Sprintf("%s has no %s in hand", us, t.Kanji())
		}
		if p.board[to] != NoPiece {
			return NoMove, fmt.Sprintf("%s is occupied", to)
		}
		m = NewDrop(t, to)
	} else {
		from := raw.From()
		pc := p.board[from]
		if pc == NoPiece {
			return NoMove, fmt.Sprintf("no piece on %s", from)
		}
		if pc.Color() != us {
			return NoMove, fmt.Sprintf("the piece on %s is not %s's", from, us)
		}
		cap := p.board[to]
		if cap != NoPiece && cap.Color() == us {
			return NoMove, fmt.Sprintf("%s holds %s's own piece", to, us)
		}
		if !p.lines.attacksFrom(us, pc.Type(), from).Has(to) {
			return NoMove, fmt.Sprintf("%s on %s cannot move to %s", pc.Type().Kanji(), from, to)
		}
		if raw.IsPromotion() && !(pc.Type().CanPromote() && (promoZone[us].Has(from) || promoZone[us].Has(to))) {
			return NoMove, "this piece cannot promote here"
		}
		m = NewBoardMove(from, to, pc.Type(), cap.Type(), raw.IsPromotion())
	}
	if p.IsLegal(m) {
		return m, ""
	}
	return NoMove, p.whyIllegal(m)
}

func (p *Position) whyIllegal(m Move) string {
	us := p.side
	t := m.Piece()
	if m.IsDrop() {
		if !dropAllowed[us][t].Has(m.To()) {
			return fmt.Sprintf("a %s dropped on %s could never move", t.Kanji(), m.To())
		}
		if t == Pawn && p.Pieces(us, Pawn).And(fileBB[m.To().File()]).NonZero() {
			return "two pawns on one file (二歩)"
		}
		if t == Pawn {
			q := p.Play(m)
			if q.InCheck() && !q.HasLegalMove() {
				return "mate by pawn drop (打ち歩詰め)"
			}
		}
	} else if t <= Knight && !m.IsPromotion() && moveDeadZone[us][t].Has(m.To()) {
		return fmt.Sprintf("a %s on %s must promote", t.Kanji(), m.To())
	}
	return "it leaves the king in check"
}

// IsLegal reports whether m (a move made for this position, with its moving and
// captured kinds) is legal in p. It checks the move itself rather than generating
// every legal move: the piece is there and can go there, the promotion is allowed or
// forced, a drop is to an empty square it can move on from, no second pawn on a file,
// no mate by a pawn drop, and the mover's king is not attacked afterwards.
func (p *Position) IsLegal(m Move) bool {
	if m == NoMove {
		return false
	}
	us := p.side
	to := m.To()
	t := m.Piece()
	if !to.Valid() {
		return false
	}
	if m.IsDrop() {
		if t < Pawn || t > Gold || m.IsPromotion() || m.Captured() != NoPieceType ||
			p.hands[us][t] == 0 || p.board[to] != NoPiece || !dropAllowed[us][t].Has(to) {
			return false
		}
		if t == Pawn {
			if p.Pieces(us, Pawn).And(fileBB[to.File()]).NonZero() {
				return false
			}
			if ek := p.kings[us.Opp()]; ek != NoSquare && stepAttacks[us.Opp()][Pawn][ek].Has(to) && p.isPawnDropMate(to) {
				return false
			}
		}
	} else {
		from := m.From()
		if !from.Valid() {
			return false
		}
		pc, cap := p.board[from], p.board[to]
		if pc == NoPiece || pc.Color() != us || pc.Type() != t ||
			cap != NoPiece && cap.Color() == us || cap.Type() != m.Captured() ||
			!p.lines.attacksFrom(us, t, from).Has(to) {
			return false
		}
		if m.IsPromotion() {
			if !canPromoteMove(us, t, from, to) {
				return false
			}
		} else if t <= Knight && moveDeadZone[us][t].Has(to) {
			return false
		}
	}
	q := *p
	q.Do(m)
	k := q.kings[us]
	return k == NoSquare || !q.IsAttacked(k, us.Opp())
}

// IsPseudoLegal reports whether m can be played on the board at all, whatever the
// rules say: a board move of a piece of the side to move the way that piece moves (not
// onto its own piece nor the opponent's king, promoting only where promotion is
// possible), or a drop of a piece in hand on an empty square. Records keep such moves
// when they end a game as fouls; IsLegal says whether the rules allow them.
func (p *Position) IsPseudoLegal(m Move) bool {
	if m == NoMove || !m.To().Valid() {
		return false
	}
	us, to, t := p.side, m.To(), m.Piece()
	if m.IsDrop() {
		return t >= Pawn && t <= Gold && p.hands[us][t] > 0 && p.board[to] == NoPiece
	}
	from := m.From()
	if !from.Valid() {
		return false
	}
	pc, cap := p.board[from], p.board[to]
	if pc == NoPiece || pc.Color() != us || pc.Type() != t || cap.Type() != m.Captured() ||
		cap != NoPiece && (cap.Color() == us || cap.Type() == King) {
		return false
	}
	if m.IsPromotion() && !canPromoteMove(us, t, from, to) {
		return false
	}
	return p.lines.attacksFrom(us, t, from).Has(to)
}

// ParseMoves plays a space-separated list of USI moves from p and returns the
// moves and the final position. On an illegal move it returns the moves before it
// and an error naming the move's index (1-based) and why.
func (p *Position) ParseMoves(list string) ([]Move, *Position, error) {
	cur := p.Clone()
	var moves []Move
	for i, f := range strings.Fields(list) {
		m, err := cur.ParseMove(f)
		if err != nil {
			return moves, cur, fmt.Errorf("move %d: %w", i+1, err)
		}
		moves = append(moves, m)
		cur.Do(m)
	}
	return moves, cur, nil
}
