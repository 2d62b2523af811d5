package ui

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"banmen/board"
	"banmen/kifu"
)

// moveText writes the move of node n, played in pos, as the record shows it: ▲７六歩,
// △同　銀, ▲２二角成, or with western set ▲P-7f, △Sx2b, ▲Bx2b+; a special move as its
// word (投了, 中断, …). lastTo is the previous move's destination (for 同).
func moveText(pos *board.Position, n *kifu.Node, lastTo board.Square, western bool) string {
	if n.IsSpecial() {
		if n.Special == kifu.Other {
			return n.SpecialText
		}
		return n.Special.Kanji()
	}
	return playedText(pos, n.Move, lastTo, western)
}

// playedText writes move m, played in pos, as the record shows it (see moveText).
func playedText(pos *board.Position, m board.Move, lastTo board.Square, western bool) string {
	if western {
		return pos.SideToMove().Mark() + westernMove(pos, m)
	}
	return pos.SideToMove().Mark() + pos.KI2Move(m, lastTo)
}

// westernMove writes m, played in pos, in the Western notation 81Dojo and Lishogi use: the
// piece's letter (+ before a promoted piece's: +R), its square of origin only when another
// piece of the kind could go to the same square (G6i-5h), - for a move, x for a capture, * for
// a drop, the destination as file and rank letter (7f), then + when the move promotes and =
// when it could promote and does not. A move that is not legal in pos is written as USI.
func westernMove(pos *board.Position, m board.Move) string {
	legal := pos.LegalMoves(nil)
	if !slices.Contains(legal, m) {
		return m.USI()
	}
	var b strings.Builder
	t := m.Piece()
	if t.IsPromoted() {
		b.WriteString("+")
		t = t.Unpromote()
	}
	b.WriteString(strings.ToUpper(t.USI()))
	if m.IsDrop() {
		b.WriteString("*")
		b.WriteString(m.To().USI())
		return b.String()
	}
	ambiguous, promotable := false, false
	for _, o := range legal {
		if o.IsDrop() || o.To() != m.To() {
			continue
		}
		ambiguous = ambiguous || o.From() != m.From() && o.Piece() == m.Piece()
		promotable = promotable || o.From() == m.From() && o.IsPromotion()
	}
	if ambiguous {
		b.WriteString(m.From().USI())
	}
	if pos.PieceAt(m.To()) != board.NoPiece {
		b.WriteString("x")
	} else {
		b.WriteString("-")
	}
	b.WriteString(m.To().USI())
	switch {
	case m.IsPromotion():
		b.WriteString("+")
	case promotable:
		b.WriteString("=")
	}
	return b.String()
}

// timeText writes the time of a move as KIF does: the move's time and the mover's total
// ("0:02 / 0:00:02"), or "" when the record has none.
func timeText(n *kifu.Node) string {
	if !n.Timed {
		return ""
	}
	return clock(n.Elapsed, false) + " / " + clock(n.Total, true)
}

// clock writes d in minutes and seconds (with hours: h:mm:ss), the part of a second cut as
// the KIF writer and ShogiHome cut it.
func clock(d time.Duration, hours bool) string {
	s := int(d / time.Second)
	if hours {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
