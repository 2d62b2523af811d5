package bundledengine

import (
	"math/bits"
	"runtime"
	"sync/atomic"
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
	// the key with the table's generation in its low byte (genMask); 0 is an empty slot, and
	// a slot of another generation is as good as empty
	keys  [dfpnBucketSize]uint64
	slots [dfpnBucketSize]dfpnSlot
}

// a bucket is the 256 bytes prefetch256 fetches
var _ [256 - unsafe.Sizeof(dfpnBucket{})]struct{}
var _ [unsafe.Sizeof(dfpnBucket{}) - 256]struct{}

// genMask is the low byte of a stored key, which holds the generation that stored it: a
// solve starts a new generation instead of writing the whole table, and the key keeps 56
// bits (the bucket index takes some of them too).
const genMask = 0xff

type dfpnTable struct {
	buckets []dfpnBucket
	mem     *table[dfpnBucket] // the memory of buckets
	mask    uint64
	used    int    // slots of this generation
	gen     uint64 // 1..genMask

	// shared: several threads search with the table (share). Each probe and store then
	// holds the lock of its bucket's stripe, and the slots in use are counted in sharedUsed.
	shared     bool
	locks      []atomic.Uint32
	sharedUsed atomic.Int64
}

// dfpnLockStripes is the number of locks of a shared table: two threads rarely want the same.
const dfpnLockStripes = 1 << 16

// share makes the table safe for several searching threads (on) or fast for one (off); no
// thread may be using it while it changes.
func (t *dfpnTable) share(on bool) {
	if on && t.locks == nil {
		t.locks = make([]atomic.Uint32, dfpnLockStripes)
	}
	t.shared = on
	if !on {
		t.used += int(t.sharedUsed.Swap(0))
	}
}

// lockOf is the lock of key's bucket.
func (t *dfpnTable) lockOf(key uint64) *atomic.Uint32 {
	return &t.locks[key>>20&t.mask&(dfpnLockStripes-1)]
}

// lock takes the lock of key's bucket.
func (t *dfpnTable) lock(key uint64) *atomic.Uint32 {
	l := t.lockOf(key)
	for !l.CompareAndSwap(0, 1) {
		runtime.Gosched()
	}
	return l
}

func (t *dfpnTable) addUsed(d int) {
	if t.shared {
		t.sharedUsed.Add(int64(d))
	} else {
		t.used += d
	}
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
	// Fresh memory is zero: every slot is empty for generation 1. It is not written over
	// here (as the search's table is, newTranspositionTable): a mate search touches its
	// pages as it stores, and an easy one few of them, where writing them all first cost
	// each go mate of a fresh engine the whole table (64 MB: the shared tsume set's median
	// 23 → 15 ms; USI_Hash 4096 with 10 s: 512 MB, 0.5 s here). Hard problems took as long
	// either way (YaneuraOu-006/007/011/012, three runs each, within the machine's noise).
	t := &dfpnTable{buckets: mem.s, mem: mem, mask: uint64(len(mem.s)) - 1, gen: 1}
	return t
}

// release frees the table's memory; it must not be used after.
func (t *dfpnTable) release() {
	t.mem.release()
	t.buckets = nil
}

func (t *dfpnTable) sizeMB() int { return len(t.buckets) * int(unsafe.Sizeof(dfpnBucket{})) >> 20 }

// clear empties the table: a new generation, so that what the last ones stored is ignored
// and overwritten as if empty; every genMask generations the memory is written over.
func (t *dfpnTable) clear() {
	t.used = 0
	if t.gen < genMask {
		t.gen++
		return
	}
	clear(t.buckets)
	t.gen = 1
}

// stored is key as a slot of this generation holds it.
func (t *dfpnTable) stored(key uint64) uint64 { return key&^genMask | t.gen }

// free reports whether a slot holding k is empty for this generation.
func (t *dfpnTable) free(k uint64) bool { return k&genMask != t.gen }

func (t *dfpnTable) bucket(key uint64) *dfpnBucket { return &t.buckets[key>>20&t.mask] }

// prefetch asks for key's bucket, all four cache lines of it: a probe reads the keys and
// the slots whose key matches, and a store reads every slot's amount to choose its victim, so
// fetching the keys alone left the store to wait for memory (Kifu-for-JS-003 to 2 M nodes:
// the stores 13 % of the time before, 8 % after).
func (t *dfpnTable) prefetch(key uint64) {
	prefetch256(uintptr(unsafe.Pointer(t.bucket(key))))
	if t.shared {
		prefetch(uintptr(unsafe.Pointer(t.lockOf(key))))
	}
}

func (b *dfpnBucket) entry(i int) dfpnEntry {
	s := &b.slots[i]
	return dfpnEntry{key: b.keys[i] &^ genMask, hand: s.hand, pn: s.pn, dn: s.dn, move: s.move, amount: s.amount, length: s.length, flags: s.flags}
}

func (t *dfpnTable) set(b *dfpnBucket, i int, e dfpnEntry) {
	b.keys[i] = t.stored(e.key)
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
	if t.shared {
		l := t.lock(key)
		e, ok = t.probe(key, hand, within)
		l.Store(0)
		return e, ok
	}
	return t.probe(key, hand, within)
}

// probe is lookupWithin without the lock.
func (t *dfpnTable) probe(key uint64, hand uint32, within int) (e dfpnEntry, ok bool) {
	exact, proof := -1, -1
	b := t.bucket(key)
	k := t.stored(key)
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
	if t.shared {
		l := t.lock(e.key)
		t.put(e)
		l.Store(0)
		return
	}
	t.put(e)
}

// put is store without the lock.
func (t *dfpnTable) put(e dfpnEntry) {
	b := t.bucket(e.key)
	k := t.stored(e.key)
	// a final result makes the open entries it answers for useless: they go
	proof := e.pn == 0
	disproof := e.dn == 0 && e.flags&(flagPathDependent|flagLimited) == 0
	victim, victimFree, victimWeight := -1, false, uint64(0)
	for i := range b.keys {
		if b.keys[i] == k && (proof || disproof) {
			c := &b.slots[i]
			if c.hand != e.hand && c.pn != 0 && c.dn != 0 && (proof && handGE(c.hand, e.hand) || disproof && handGE(e.hand, c.hand)) {
				b.keys[i] = 0
				t.addUsed(-1)
			}
		}
		if t.free(b.keys[i]) {
			if !victimFree {
				victim, victimFree = i, true
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
			t.set(b, i, e)
			return
		}
		if w := weight(c); victim < 0 || !victimFree && w < victimWeight {
			victim, victimWeight = i, w
		}
	}
	if victimFree {
		t.addUsed(1)
	}
	t.set(b, victim, e)
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
	return int((int64(t.used) + t.sharedUsed.Load()) * 1000 / int64(len(t.buckets)*dfpnBucketSize))
}

// Proof and disproof hands. A proven position is stored with the least hand its proof needs
// (the proof hand), a disproven one with the most its disproof allows (the disproof hand),
// so that one result answers for many hands (Nagai's 証明駒 and 反証駒):
//
//   - an OR node proven by move m: the proof hand of the child, plus the piece m drops, less
//     the piece m takes;
//   - an AND node proven: the join of its children's proof hands, and every piece the
//     defender lacks stays with the attacker (else the defender could drop it);
//   - an OR node disproven: the meet of its children's disproof hands, the drop added back and
//     the capture taken off, and no piece the attacker lacks (else he could drop it);
//   - an AND node disproven by a reply: that reply's disproof hand, and if the reply drops a
//     piece, no more of it for the attacker (else the defender might not hold it).
//
// Under the tsume convention a drop is futile or not depending on all the defender holds, so
// an AND node where that rule is at work keeps its exact hand.

// handAll is a hand that holds as many of every kind as a field can: an unbounded disproof
// hand.
const handAll = 31 | 7<<6 | 7<<10 | 7<<14 | 7<<18 | 3<<22 | 3<<25

// handField is the index in handFields of each kind that can be held.
var handField = func() (f [board.NumPieceTypes]int8) {
	for i := range f {
		f[i] = -1
	}
	for i, h := range handFields {
		f[h.t] = int8(i)
	}
	return f
}()

func handGet(h uint32, i int) uint32 { f := &handFields[i]; return h >> f.shift & f.mask }

func handWith(h uint32, i int, n uint32) uint32 {
	f := &handFields[i]
	return h&^(f.mask<<f.shift) | min(n, f.mask)<<f.shift
}

// handPlus adds one piece of kind t (unpromoted) to h, at most what the field holds.
func handPlus(h uint32, t board.PieceType) uint32 {
	i := int(handField[t.Unpromote()])
	if i < 0 {
		return h
	}
	return handWith(h, i, handGet(h, i)+1)
}

// handMinus takes one piece of kind t (unpromoted) from h, if it holds one.
func handMinus(h uint32, t board.PieceType) uint32 {
	i := int(handField[t.Unpromote()])
	if i < 0 || handGet(h, i) == 0 {
		return h
	}
	return handWith(h, i, handGet(h, i)-1)
}

// handJoin is the kind-by-kind maximum of two hands, handMeet the minimum.
func handJoin(a, b uint32) uint32 {
	for i := range handFields {
		a = handWith(a, i, max(handGet(a, i), handGet(b, i)))
	}
	return a
}

func handMeet(a, b uint32) uint32 {
	for i := range handFields {
		a = handWith(a, i, min(handGet(a, i), handGet(b, i)))
	}
	return a
}

// orChildHand turns the proof or disproof hand hc of the child reached by m into the
// parent's terms: the piece m drops comes back, the piece it takes goes.
func orChildHand(m board.Move, hc uint32) uint32 {
	if m.IsDrop() {
		return handPlus(hc, m.Piece())
	}
	if c := m.Captured(); c != board.NoPieceType {
		return handMinus(hc, c)
	}
	return hc
}

// andProofHand finishes the proof hand ph (the join of the children's) of the AND node p,
// whose attacker holds hand: a kind the defender lacks and could drop between a ranging
// checker and the king stays with the attacker (with less of it, the defender would hold one).
func andProofHand(p *board.Position, hand, ph uint32) uint32 {
	checkers := p.Checkers()
	if checkers.IsZero() || checkers.Many() {
		return ph
	}
	between := board.Between(checkers.First(), p.KingSquare(p.SideToMove()))
	if between.IsZero() {
		return ph
	}
	def := p.Hand(p.SideToMove())
	for i, f := range handFields {
		if def.Count(f.t) == 0 && handGet(ph, i) < handGet(hand, i) && canDropOn(p, f.t, between) {
			ph = handWith(ph, i, handGet(hand, i))
		}
	}
	return ph
}

// orDisproofHand finishes the disproof hand dh (the meet of the children's) of the OR node p,
// whose attacker holds hand: none of a kind he lacks and could check with by a drop.
func orDisproofHand(p *board.Position, hand, dh uint32) uint32 {
	var ci checkInfo
	known := false
	for i, f := range handFields {
		if handGet(hand, i) != 0 || handGet(dh, i) == 0 {
			continue
		}
		if !known {
			ci, known = newCheckInfo(p), true
		}
		if ci.king == board.NoSquare || canDropOn(p, f.t, ci.squares[f.t].AndNot(p.Occupied())) {
			dh = handWith(dh, i, 0)
		}
	}
	return dh
}

// canDropOn reports whether the side to move in p could drop a piece of kind t (held or not)
// on one of the empty squares of bb.
func canDropOn(p *board.Position, t board.PieceType, bb board.Bitboard) bool {
	for bb = bb.AndNot(p.Occupied()); bb.NonZero(); {
		if p.CanDrop(t, bb.Pop()) {
			return true
		}
	}
	return false
}
