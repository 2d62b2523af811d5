package bundledengine

import (
	"math/bits"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"banmen/board"
)

// The transposition table of the alpha-beta search: buckets of four 16-byte entries (one
// cache line), replaced by depth and age. Entries are written and read as two atomic words
// with the key stored XOR the data, so that threads sharing the table never take a torn entry
// for a good one (the Lazy SMP helpers write to it while the main thread reads).

type bound uint8

const (
	boundNone  bound = 0
	boundUpper bound = 1 // the score is at most this (fail low)
	boundLower bound = 2 // the score is at least this (fail high)
	boundExact bound = boundUpper | boundLower
)

// ttEntry is the decoded content of one slot.
type ttEntry struct {
	move  board.Move
	score int
	eval  int
	depth int
	bound bound
}

type ttSlot struct {
	key  atomic.Uint64 // hash with the low 8 bits replaced by generation<<2|bound, XOR data
	data atomic.Uint64 // move:24 | score:16 | eval:16 | depth:8
}

type ttBucket [4]ttSlot

type transpositionTable struct {
	buckets    []ttBucket
	mem        *table[ttBucket] // the memory of buckets
	generation uint8            // 6 bits, advanced per search
}

const ttMetaMask = 0xFF

// newTranspositionTable allocates about mb megabytes (at least one bucket), or less when
// that much memory is not left (see tablemem.go): sizeMB then tells.
func newTranspositionTable(mb int) *transpositionTable {
	n := uint64(max(mb, 1)) << 20 / 64
	mem := allocTable[ttBucket](n, 1)
	if mem == nil {
		mem = &table[ttBucket]{s: make([]ttBucket, 1)}
	}
	t := &transpositionTable{buckets: mem.s, mem: mem}
	// Touch every page now (the engine allocates at isready, which is there for this):
	// fresh memory is mapped lazily, and the first search paid for it page by page -
	// with USI_Hash 1024 its first 200 ms move took almost 2 s.
	t.clear()
	return t
}

// release frees the table's memory; it must not be used after.
func (t *transpositionTable) release() {
	t.mem.release()
	t.buckets = nil
}

// sizeMB is the size the table was made for.
func (t *transpositionTable) sizeMB() int { return len(t.buckets) * 64 >> 20 }

// clear empties the table, a large one on several cores at once (as YaneuraOu clears its
// table with its threads): writing a new table's pages is the kernel handing them over, which
// runs on every core that asks. 1 GB here: 330 ms on one goroutine, 169 ms on two.
func (t *transpositionTable) clear() {
	clearParallel(t.buckets)
	t.generation = 0
}

// clearParallel zeroes s, in pieces of at least 16 MB on up to 8 goroutines.
func clearParallel[T any](s []T) {
	var zero T
	size := int(unsafe.Sizeof(zero))
	n := min(runtime.GOMAXPROCS(0), 8, max(1, len(s)*size>>24))
	if n <= 1 {
		clear(s)
		return
	}
	var wg sync.WaitGroup
	chunk := (len(s) + n - 1) / n
	for lo := 0; lo < len(s); lo += chunk {
		part := s[lo:min(lo+chunk, len(s))]
		wg.Go(func() { clear(part) })
	}
	wg.Wait()
}

// newSearch ages the entries of earlier searches, which makes them the first to be replaced.
func (t *transpositionTable) newSearch() { t.generation = (t.generation + 1) & 63 }

func (t *transpositionTable) bucket(key uint64) *ttBucket {
	hi, _ := bits.Mul64(key, uint64(len(t.buckets)))
	return &t.buckets[hi]
}

func packData(m board.Move, score, eval, depth int) uint64 {
	return uint64(m)&0xFFFFFF | uint64(uint16(int16(score)))<<24 | uint64(uint16(int16(eval)))<<40 | uint64(uint8(int8(depth)))<<56
}

func unpackData(d uint64, meta uint64) ttEntry {
	return ttEntry{
		move:  board.Move(d & 0xFFFFFF),
		score: int(int16(uint16(d >> 24))),
		eval:  int(int16(uint16(d >> 40))),
		depth: int(int8(uint8(d >> 56))),
		bound: bound(meta & 3),
	}
}

// touch starts loading key's bucket into the cache without waiting for it, so that the
// probe a little later finds it there.
func (t *transpositionTable) touch(key uint64) {
	prefetch(uintptr(unsafe.Pointer(t.bucket(key))))
}

// probe looks key up; ok is false when the table holds nothing for it.
func (t *transpositionTable) probe(key uint64) (e ttEntry, ok bool) {
	b := t.bucket(key)
	for i := range b {
		d := b[i].data.Load()
		k := b[i].key.Load() ^ d
		if k&^ttMetaMask == key&^ttMetaMask {
			return unpackData(d, k), true
		}
	}
	return ttEntry{}, false
}

// store writes an entry for key, keeping the old move when the new one is NoMove.
func (t *transpositionTable) store(key uint64, m board.Move, score, eval, depth int, bd bound) {
	b := t.bucket(key)
	victim := 0
	worst := 1 << 30
	for i := range b {
		d := b[i].data.Load()
		k := b[i].key.Load() ^ d
		if k&^ttMetaMask == key&^ttMetaMask {
			old := unpackData(d, k)
			// keep a deeper entry of this search unless the new one is exact
			if bd != boundExact && old.depth > depth+2 && uint8(k>>2)&63 == t.generation {
				return
			}
			if m == board.NoMove {
				m = old.move
			}
			victim = i
			break
		}
		// replace the shallowest entry, older searches first
		age := int((t.generation - uint8(k>>2)) & 63)
		if v := int(int8(uint8(d>>56))) - 8*age; d == 0 || v < worst {
			worst = v
			victim = i
			if d == 0 {
				worst = -1 << 30
			}
		}
	}
	depth = max(min(depth, 127), -128)
	d := packData(m, score, eval, depth)
	meta := uint64(t.generation)<<2 | uint64(bd)
	b[victim].data.Store(d)
	b[victim].key.Store((key&^ttMetaMask | meta) ^ d)
}

// hashfull estimates the permille of slots used by the current search.
func (t *transpositionTable) hashfull() int {
	n := min(len(t.buckets), 250)
	used := 0
	for i := 0; i < n; i++ {
		for j := range t.buckets[i] {
			d := t.buckets[i][j].data.Load()
			k := t.buckets[i][j].key.Load() ^ d
			if d != 0 && uint8(k>>2)&63 == t.generation {
				used++
			}
		}
	}
	return used * 1000 / (n * 4)
}

// Mate scores are stored as distances from the node, not from the root.
func scoreToTT(v, ply int) int {
	if v >= scoreMateMin {
		return v + ply
	}
	if v <= -scoreMateMin {
		return v - ply
	}
	return v
}

func scoreFromTT(v, ply int) int {
	if v >= scoreMateMin {
		return v - ply
	}
	if v <= -scoreMateMin {
		return v + ply
	}
	return v
}
