package builtin

import (
	"math/bits"

	"banmen/board"
)

// The df-pn transposition table. A position is keyed by its board and side to move alone,
// with the attacker's hand stored beside: a position proven with some hand is proven with
// any hand holding at least as much (the defender then holds less), and one disproven with
// some hand is disproven with any hand holding at most as much (優越関係). The defender's hand
// is not stored: it is what the attacker's is not, since no piece ever leaves the game.

const pnInf = uint32(1) << 30 // infinite proof or disproof number

// handPack packs a hand into 32 bits, one field per kind with a spare bit above each, so that
// handGE can compare all kinds at once.
func handPack(h board.Hand) uint32 {
	var v uint32
	for _, f := range handFields {
		v |= uint32(min(h.Count(f.t), int(f.mask))) << f.shift
	}
	return v
}

var handFields = [7]struct {
	t     board.PieceType
	shift uint
	mask  uint32
}{
	{board.Pawn, 0, 31}, {board.Lance, 6, 7}, {board.Knight, 10, 7}, {board.Silver, 14, 7},
	{board.Gold, 18, 7}, {board.Bishop, 22, 3}, {board.Rook, 25, 3},
}

// handGuards has the spare bit above every field.
const handGuards = 1<<5 | 1<<9 | 1<<13 | 1<<17 | 1<<21 | 1<<24 | 1<<27

// handGE reports whether hand a holds at least as many pieces of every kind as hand b.
func handGE(a, b uint32) bool { return ((a|handGuards)-b)&handGuards == handGuards }

// Zobrist keys of the board and side to move (the board package's hash includes the hands).
var (
	zobBoard [32][board.NumSquares]uint64
	zobWhite uint64
)

func init() {
	x := uint64(0x2545F4914F6CDD1D)
	next := func() uint64 { // splitmix64
		x += 0x9E3779B97F4A7C15
		z := x
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return z ^ (z >> 31)
	}
	for p := range zobBoard {
		for s := range zobBoard[p] {
			zobBoard[p][s] = next()
		}
	}
	zobWhite = next()
}

// boardKey computes the key of p's board and side to move from scratch.
func boardKey(p *board.Position) uint64 {
	var k uint64
	for bb := p.Occupied(); bb.NonZero(); {
		s := bb.Pop()
		k ^= zobBoard[p.PieceAt(s)][s]
	}
	if p.SideToMove() == board.White {
		k ^= zobWhite
	}
	return k
}

// boardKeyAfter returns the key after m, legal in p whose key is k.
func boardKeyAfter(p *board.Position, k uint64, m board.Move) uint64 {
	us := p.SideToMove()
	to := m.To()
	k ^= zobWhite
	if m.IsDrop() {
		return k ^ zobBoard[board.NewPiece(us, m.Piece())][to]
	}
	from := m.From()
	k ^= zobBoard[board.NewPiece(us, m.Piece())][from] ^ zobBoard[board.NewPiece(us, m.PieceAfter())][to]
	if c := p.PieceAt(to); c != board.NoPiece {
		k ^= zobBoard[c][to]
	}
	return k
}

// dfpnEntry is one slot: 32 bytes.
type dfpnEntry struct {
	key    uint64
	hand   uint32 // the attacker's hand
	pn, dn uint32
	move   board.Move // the proving move (OR) or the longest defence (AND), when known
	amount uint32     // nodes spent below: what replacement keeps
	length uint16     // plies to mate from here, when proven
	flags  uint8
	_      uint8
}

const (
	flagUsed = 1 << iota
	// flagPathDependent marks a disproof that rests on a repetition with a position above
	// it on the path that found it: from another path it proves nothing.
	flagPathDependent
)

const dfpnBucketSize = 8

type dfpnTable struct {
	entries []dfpnEntry
	mask    uint64
	used    int
}

func newDfpnTable(mb int) *dfpnTable {
	n := uint64(mb) << 20 / 32 / dfpnBucketSize
	n = max(1, uint64(1)<<(63-bits.LeadingZeros64(max(n, 1)))) // a power of two
	return &dfpnTable{entries: make([]dfpnEntry, n*dfpnBucketSize), mask: n - 1}
}

func (t *dfpnTable) sizeMB() int { return len(t.entries) * 32 >> 20 }

func (t *dfpnTable) clear() {
	clear(t.entries)
	t.used = 0
}

func (t *dfpnTable) bucket(key uint64) []dfpnEntry {
	i := (key >> 20 & t.mask) * dfpnBucketSize
	return t.entries[i : i+dfpnBucketSize]
}

// lookup returns what the table knows of (key, hand): a proof or disproof that applies by
// the hands, or the numbers stored for exactly this hand. ok is false when nothing applies.
func (t *dfpnTable) lookup(key uint64, hand uint32) (e dfpnEntry, ok bool) {
	var exact, proof *dfpnEntry
	b := t.bucket(key)
	for i := range b {
		c := &b[i]
		if c.flags&flagUsed == 0 || c.key != key {
			continue
		}
		if c.pn == 0 && handGE(hand, c.hand) {
			// of several proofs that apply, the shortest mate
			if proof == nil || c.length < proof.length {
				proof = c
			}
			continue
		}
		if c.dn == 0 && c.flags&flagPathDependent == 0 && handGE(c.hand, hand) {
			return *c, true
		}
		if c.hand == hand && !(c.dn == 0 && c.flags&flagPathDependent != 0) {
			exact = c
		}
	}
	if proof != nil {
		return *proof, true
	}
	if exact != nil {
		return *exact, true
	}
	return dfpnEntry{}, false
}

// store records (key, hand). A final result replaces the numbers of the same hand.
func (t *dfpnTable) store(e dfpnEntry) {
	e.flags |= flagUsed
	b := t.bucket(e.key)
	victim := -1
	for i := range b {
		c := &b[i]
		if c.flags&flagUsed == 0 {
			if victim < 0 || b[victim].flags&flagUsed != 0 {
				victim = i
			}
			continue
		}
		if c.key == e.key && c.hand == e.hand {
			e.amount = max(e.amount, c.amount)
			switch {
			case c.pn == 0 && e.pn != 0, c.dn == 0 && c.flags&flagPathDependent == 0 && e.dn != 0:
				// a final result stays: a depth-limited search may store guesses over it
				c.amount = e.amount
				return
			case c.pn == 0 && e.pn == 0 && c.length <= e.length:
				// proofs are facts: keep the shortest mate known
				c.amount = e.amount
				return
			}
			*c = e
			return
		}
		if victim < 0 || (b[victim].flags&flagUsed != 0 && weight(c) < weight(&b[victim])) {
			victim = i
		}
	}
	if b[victim].flags&flagUsed == 0 {
		t.used++
	}
	b[victim] = e
}

// weight is what an entry is worth keeping: the work it saves, more for final results.
func weight(e *dfpnEntry) uint64 {
	w := uint64(e.amount)
	if e.pn == 0 || e.dn == 0 {
		w = w*2 + 64
	}
	return w
}

// hashfull is the permille of slots in use.
func (t *dfpnTable) hashfull() int {
	return int(int64(t.used) * 1000 / int64(len(t.entries)))
}
