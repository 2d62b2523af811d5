package bundledengine

import (
	"math/bits"
	"unsafe"

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

// The table's keys are board's Zobrist keys of the pieces and the side to move, without the
// hands (board.Position.Hash includes them).

// boardKey computes the key of p's board and side to move from scratch.
func boardKey(p *board.Position) uint64 {
	var k uint64
	for bb := p.Occupied(); bb.NonZero(); {
		s := bb.Pop()
		k ^= board.ZobristPiece(p.PieceAt(s), s)
	}
	if p.SideToMove() == board.White {
		k ^= board.ZobristWhite()
	}
	return k
}

// boardKeyAfter returns the key after m, legal in p whose key is k.
func boardKeyAfter(p *board.Position, k uint64, m board.Move) uint64 {
	us := p.SideToMove()
	to := m.To()
	k ^= board.ZobristWhite()
	if m.IsDrop() {
		return k ^ board.ZobristPiece(board.NewPiece(us, m.Piece()), to)
	}
	from := m.From()
	k ^= board.ZobristPiece(board.NewPiece(us, m.Piece()), from) ^ board.ZobristPiece(board.NewPiece(us, m.PieceAfter()), to)
	if c := p.PieceAt(to); c != board.NoPiece {
		k ^= board.ZobristPiece(c, to)
	}
	return k
}

// dfpnEntry is what the table holds for one position and hand.
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
	// flagLimited marks a disproof found by a depth-limited search (the search for a
	// shorter mate, line.go): there is no mate within length plies from here, and nothing is
	// said about longer mates.
	flagLimited
)

const dfpnBucketSize = 8

// dfpnSlot is an entry without its key: a bucket keeps its keys together, so that a probe
// reads one cache line of keys and then only the slots whose key matches.
type dfpnSlot struct {
	hand   uint32
	pn, dn uint32
	move   board.Move
	amount uint32
	length uint16
	flags  uint8
	_      uint8
}

type dfpnBucket struct {
	keys  [dfpnBucketSize]uint64 // key|1; 0 is an empty slot
	slots [dfpnBucketSize]dfpnSlot
}

type dfpnTable struct {
	buckets []dfpnBucket
	mem     *table[dfpnBucket] // the memory of buckets
	mask    uint64
	used    int
}

// newDfpnTable makes a table of about mb megabytes (a power of two of buckets, at most mb),
// or less when that much memory is not left (see tablemem.go): sizeMB then tells.
func newDfpnTable(mb int) *dfpnTable {
	n := uint64(max(mb, 1)) << 20 / uint64(unsafe.Sizeof(dfpnBucket{}))
	n = max(1, uint64(1)<<(63-bits.LeadingZeros64(max(n, 1)))) // a power of two
	mem := allocTable[dfpnBucket](n, 1)
	if mem == nil {
		mem = &table[dfpnBucket]{s: make([]dfpnBucket, 1)}
	}
	t := &dfpnTable{buckets: mem.s, mem: mem, mask: uint64(len(mem.s)) - 1}
	// touch every page now rather than node by node during the search (see
	// newTranspositionTable)
	clear(t.buckets)
	return t
}

// release frees the table's memory; it must not be used after.
func (t *dfpnTable) release() {
	t.mem.release()
	t.buckets = nil
}

func (t *dfpnTable) sizeMB() int { return len(t.buckets) * int(unsafe.Sizeof(dfpnBucket{})) >> 20 }

func (t *dfpnTable) clear() {
	clear(t.buckets)
	t.used = 0
}

func (t *dfpnTable) bucket(key uint64) *dfpnBucket { return &t.buckets[key>>20&t.mask] }

func (b *dfpnBucket) entry(i int) dfpnEntry {
	s := &b.slots[i]
	return dfpnEntry{key: b.keys[i] &^ 1, hand: s.hand, pn: s.pn, dn: s.dn, move: s.move, amount: s.amount, length: s.length, flags: s.flags}
}

func (b *dfpnBucket) set(i int, e dfpnEntry) {
	b.keys[i] = e.key | 1
	b.slots[i] = dfpnSlot{hand: e.hand, pn: e.pn, dn: e.dn, move: e.move, amount: e.amount, length: e.length, flags: e.flags | flagUsed}
}

// lookup returns what the table knows of (key, hand): a proof or disproof that applies by
// the hands, or the numbers stored for exactly this hand. ok is false when nothing applies.
func (t *dfpnTable) lookup(key uint64, hand uint32) (e dfpnEntry, ok bool) {
	return t.lookupWithin(key, hand, 0)
}

// lookupWithin is lookup for a depth-limited search that asks for mates within plies plies
// (> 0): a disproof of a limited search that covers at least that many plies applies too.
func (t *dfpnTable) lookupWithin(key uint64, hand uint32, within int) (e dfpnEntry, ok bool) {
	exact, proof := -1, -1
	b := t.bucket(key)
	k := key | 1
	for i := range b.keys {
		if b.keys[i] != k {
			continue
		}
		c := &b.slots[i]
		if c.pn == 0 && handGE(hand, c.hand) {
			// of several proofs that apply, the shortest mate
			if proof < 0 || c.length < b.slots[proof].length {
				proof = i
			}
			continue
		}
		if c.dn == 0 && c.flags&flagLimited != 0 {
			if c.flags&flagPathDependent == 0 && within > 0 && int(c.length) >= within && handGE(c.hand, hand) {
				return b.entry(i), true
			}
			continue
		}
		if c.dn == 0 && c.flags&flagPathDependent == 0 && handGE(c.hand, hand) {
			return b.entry(i), true
		}
		if c.hand == hand && !(c.dn == 0 && c.flags&flagPathDependent != 0) {
			exact = i
		}
	}
	if proof >= 0 {
		return b.entry(proof), true
	}
	if exact >= 0 {
		return b.entry(exact), true
	}
	return dfpnEntry{}, false
}

// store records (key, hand). A final result replaces the numbers of the same hand.
func (t *dfpnTable) store(e dfpnEntry) {
	b := t.bucket(e.key)
	k := e.key | 1
	victim := -1
	for i := range b.keys {
		if b.keys[i] == 0 {
			if victim < 0 || b.keys[victim] != 0 {
				victim = i
			}
			continue
		}
		c := &b.slots[i]
		if b.keys[i] == k && c.hand == e.hand {
			e.amount = max(e.amount, c.amount)
			switch {
			case c.pn == 0 && e.pn != 0, c.dn == 0 && c.flags&(flagPathDependent|flagLimited) == 0 && e.dn != 0:
				// a final result stays: a depth-limited search may store guesses over it
				c.amount = e.amount
				return
			case c.dn == 0 && e.dn == 0 && c.flags&e.flags&flagLimited != 0 && (c.flags|e.flags)&flagPathDependent == 0 && c.length >= e.length:
				// of two limited disproofs, the one that reaches further
				c.amount = e.amount
				return
			case c.pn == 0 && e.pn == 0 && c.length <= e.length:
				// proofs are facts: keep the shortest mate known
				c.amount = e.amount
				return
			}
			b.set(i, e)
			return
		}
		if victim < 0 || (b.keys[victim] != 0 && weight(c) < weight(&b.slots[victim])) {
			victim = i
		}
	}
	if b.keys[victim] == 0 {
		t.used++
	}
	b.set(victim, e)
}

// weight is what an entry is worth keeping: the work it saves, more for final results.
func weight(e *dfpnSlot) uint64 {
	w := uint64(e.amount)
	if e.pn == 0 || e.dn == 0 {
		w = w*2 + 64
	}
	return w
}

// hashfull is the permille of slots in use.
func (t *dfpnTable) hashfull() int {
	return int(int64(t.used) * 1000 / int64(len(t.buckets)*dfpnBucketSize))
}
