package bundledengine

import (
	"testing"

	"banmen/board"
)

func TestHandPackAndDomination(t *testing.T) {
	var a, b board.Hand
	a[board.Pawn], a[board.Gold], a[board.Rook] = 18, 4, 2
	b[board.Pawn], b[board.Gold] = 3, 4
	pa, pb := handPack(a), handPack(b)
	if !handGE(pa, pb) || handGE(pb, pa) || !handGE(pa, pa) {
		t.Errorf("handGE(%x, %x) wrong", pa, pb)
	}
	b[board.Knight] = 1
	if handGE(pa, handPack(b)) {
		t.Error("a hand without a knight holds one?")
	}
	// every field round-trips at its maximum
	var full board.Hand
	for _, f := range handFields {
		full[f.t] = uint8(map[board.PieceType]int{board.Pawn: 18, board.Lance: 4, board.Knight: 4, board.Silver: 4, board.Gold: 4, board.Bishop: 2, board.Rook: 2}[f.t])
	}
	if p := handPack(full); !handGE(p, handPack(a)) || p&handGuards != 0 {
		t.Errorf("full hand %x", p)
	}
}

func TestBoardKeyAfterMatchesRecomputation(t *testing.T) {
	for _, p := range randomPositions(t, 1000, 13) {
		var buf moveList
		k := boardKey(p)
		for _, m := range p.LegalMoves(buf[:0]) {
			q := *p
			q.Do(m)
			if got, want := boardKeyAfter(p, k, m), boardKey(&q); got != want {
				t.Fatalf("%s %s: key %x, recomputed %x", p.SFEN(), m, got, want)
			}
		}
	}
}

func TestDfpnTableDomination(t *testing.T) {
	tt := newDfpnTable(1)
	var small, big board.Hand
	small[board.Gold] = 1
	big[board.Gold], big[board.Silver] = 2, 1
	ps, pb := handPack(small), handPack(big)
	// proven with a gold: proven with more
	tt.store(dfpnEntry{key: 42 << 8, hand: ps, pn: 0, dn: pnInf, length: 7})
	if e, ok := tt.lookup(42<<8, pb); !ok || e.pn != 0 || e.length != 7 {
		t.Errorf("proof not shared with a bigger hand: %+v %v", e, ok)
	}
	if _, ok := tt.lookup(42<<8, 0); ok {
		t.Error("proof shared with an empty hand")
	}
	// disproven with two golds and a silver: disproven with less
	tt.store(dfpnEntry{key: 43 << 8, hand: pb, pn: pnInf, dn: 0})
	if e, ok := tt.lookup(43<<8, ps); !ok || e.dn != 0 {
		t.Errorf("disproof not shared with a smaller hand: %+v %v", e, ok)
	}
	// a path-dependent disproof is not shared at all
	tt.store(dfpnEntry{key: 44 << 8, hand: pb, pn: pnInf, dn: 0, flags: flagPathDependent})
	if _, ok := tt.lookup(44<<8, pb); ok {
		t.Error("a path-dependent disproof was given out")
	}
	// a proof is not overwritten by numbers, and the shorter of two proofs stays
	tt.store(dfpnEntry{key: 42 << 8, hand: ps, pn: 5, dn: 5})
	tt.store(dfpnEntry{key: 42 << 8, hand: ps, pn: 0, dn: pnInf, length: 9})
	if e, _ := tt.lookup(42<<8, ps); e.pn != 0 || e.length != 7 {
		t.Errorf("proof lost or lengthened: %+v", e)
	}
	tt.store(dfpnEntry{key: 42 << 8, hand: ps, pn: 0, dn: pnInf, length: 5})
	if e, _ := tt.lookup(42<<8, ps); e.length != 5 {
		t.Errorf("shorter proof not kept: %+v", e)
	}
	if tt.used != 3 || tt.hashfull() != 0 {
		t.Errorf("%d slots used, hashfull %d", tt.used, tt.hashfull())
	}
}

// A go mate with a time limit gets a table it can fill in that time, not one of the whole
// USI_Hash (writing every page of 1 GB takes seconds); a larger table is kept; Prepare
// empties a used one.
func TestSolverFitAndPrepare(t *testing.T) {
	s := NewSolver(256)
	s.Fit(48)
	if got := s.tt.sizeMB(); got < 16 || got > 48 {
		t.Errorf("Fit(48) made %d MB", got)
	}
	small := s.tt
	s.Fit(16)
	if s.tt != small {
		t.Error("Fit(16) replaced a larger table")
	}
	// the table made for 48 MB has 32 (a power of two of buckets): asked for 48 again, it
	// is kept, not made anew at every go mate (with USI_Hash 4096 and 10 s a move that
	// was 160–800 ms a problem)
	s.Fit(48)
	if s.tt != small {
		t.Errorf("Fit(48) again made a new table (the one for 48 has %d MB)", small.sizeMB())
	}
	s.Fit(4096)
	if got := s.tt.sizeMB(); got > 256 || got < 128 {
		t.Errorf("Fit(4096) with USI_Hash 256 made %d MB", got)
	}
	s = NewSolver(8)
	if r := s.Solve(mustSFEN(t, "3sks3/9/4S4/9/9/8B/9/9/9 b S 1"), SolveOptions{}); r.Status != MateFound {
		t.Fatalf("%+v", r)
	}
	if s.tt.used == 0 {
		t.Fatal("the solve stored nothing")
	}
	s.Prepare()
	if s.tt.used != 0 {
		t.Errorf("Prepare left %d slots in use", s.tt.used)
	}
	for i := range s.tt.buckets {
		for _, k := range s.tt.buckets[i].keys {
			if !s.tt.free(k) {
				t.Fatalf("bucket %d not emptied", i)
			}
		}
	}
	// a new generation each time, and every genMask of them the memory written over: what
	// an old generation stored is never found
	key, hand := uint64(77)<<20, handPack(board.Hand{})
	for range 2*genMask + 3 {
		if _, ok := s.tt.lookup(key, hand); ok {
			t.Fatalf("generation %d finds what an earlier one stored", s.tt.gen)
		}
		s.tt.store(dfpnEntry{key: key, hand: hand, pn: 3, dn: 4})
		if _, ok := s.tt.lookup(key, hand); !ok || s.tt.used != 1 {
			t.Fatalf("generation %d: the entry just stored is not found (used %d)", s.tt.gen, s.tt.used)
		}
		s.Prepare()
	}
}

// A disproof of the search for a shorter mate says only "no mate within N plies": it answers
// a limited search that asks for no more, and nothing else.
func TestDfpnTableLimitedDisproof(t *testing.T) {
	tt := newDfpnTable(1)
	var small, big board.Hand
	small[board.Gold] = 1
	big[board.Gold], big[board.Silver] = 2, 1
	ps, pb := handPack(small), handPack(big)
	tt.store(dfpnEntry{key: 50 << 8, hand: pb, pn: pnInf, dn: 0, length: 9, flags: flagLimited})
	if _, ok := tt.lookup(50<<8, pb); ok {
		t.Error("a limited disproof answered a search without a limit")
	}
	if e, ok := tt.lookupWithin(50<<8, ps, 9); !ok || e.dn != 0 {
		t.Errorf("no mate within 9 plies with more pieces: not so with fewer within 9 (%+v %v)", e, ok)
	}
	if _, ok := tt.lookupWithin(50<<8, pb, 11); ok {
		t.Error("no mate within 9 plies was taken for no mate within 11")
	}
	var rook board.Hand
	rook[board.Rook] = 1
	if _, ok := tt.lookupWithin(50<<8, handPack(rook), 7); ok {
		t.Error("a limited disproof was shared with a hand it does not cover")
	}
	// it keeps the further reach of two, and gives way to the numbers of a full search
	tt.store(dfpnEntry{key: 50 << 8, hand: pb, pn: pnInf, dn: 0, length: 5, flags: flagLimited})
	if _, ok := tt.lookupWithin(50<<8, pb, 9); !ok {
		t.Error("a shorter limited disproof replaced a longer one")
	}
	tt.store(dfpnEntry{key: 50 << 8, hand: pb, pn: 3, dn: 4})
	if e, ok := tt.lookup(50<<8, pb); !ok || e.pn != 3 || e.dn != 4 {
		t.Errorf("a limited disproof kept out the numbers of a full search: %+v %v", e, ok)
	}
	// a proof still answers a limited search
	tt.store(dfpnEntry{key: 51 << 8, hand: ps, pn: 0, dn: pnInf, length: 7})
	if e, ok := tt.lookupWithin(51<<8, pb, 3); !ok || e.pn != 0 {
		t.Errorf("proof not given to a limited search: %+v %v", e, ok)
	}
}

func packOf(counts map[board.PieceType]int) uint32 {
	var h board.Hand
	for t, n := range counts {
		h[t] = uint8(n)
	}
	return handPack(h)
}

func TestHandArithmetic(t *testing.T) {
	a := packOf(map[board.PieceType]int{board.Pawn: 3, board.Gold: 1, board.Rook: 2})
	b := packOf(map[board.PieceType]int{board.Pawn: 5, board.Silver: 1})
	if got, want := handJoin(a, b), packOf(map[board.PieceType]int{board.Pawn: 5, board.Gold: 1, board.Rook: 2, board.Silver: 1}); got != want {
		t.Errorf("join %x, want %x", got, want)
	}
	if got, want := handMeet(a, b), packOf(map[board.PieceType]int{board.Pawn: 3}); got != want {
		t.Errorf("meet %x, want %x", got, want)
	}
	if got, want := handPlus(a, board.Dragon), packOf(map[board.PieceType]int{board.Pawn: 3, board.Gold: 1, board.Rook: 3}); got != want {
		t.Errorf("plus a dragon: %x, want %x (a captured dragon is a rook)", got, want)
	}
	if handMinus(b, board.Gold) != b || handMinus(b, board.ProPawn) != packOf(map[board.PieceType]int{board.Pawn: 4, board.Silver: 1}) {
		t.Error("minus")
	}
	if handPlus(handAll, board.Pawn) != handAll || handAll&handGuards != 0 || !handGE(handAll, a) {
		t.Errorf("handAll %x", uint32(handAll))
	}
	// a drop comes back to the parent's hand, a capture goes from it
	drop := board.NewDrop(board.Gold, board.NewSquare(5, 2))
	if orChildHand(drop, b) != handPlus(b, board.Gold) {
		t.Error("drop")
	}
	capture := board.NewBoardMove(board.NewSquare(5, 5), board.NewSquare(5, 4), board.Rook, board.ProSilver, false)
	if orChildHand(capture, b) != packOf(map[board.PieceType]int{board.Pawn: 5}) {
		t.Error("capture")
	}
}

// The proof and disproof hands at the two kinds of node.
func TestProofAndDisproofHands(t *testing.T) {
	// White's king on 5a in check from a rook on 5e, Black holding every gold and silver:
	// one taken from Black's hand would be White's to drop between.
	p := mustSFEN(t, "4k4/9/9/9/4R4/9/9/9/4K4 w 4G4Sr2b4n4l18p 1")
	hand := packOf(map[board.PieceType]int{board.Gold: 4, board.Silver: 4})
	if got := andProofHand(p, hand, 0); got != hand {
		t.Errorf("ranging check: proof hand %x, want %x", got, hand)
	}
	// with a gold of White's own, more golds change nothing
	p = mustSFEN(t, "4k4/9/9/9/4R4/9/9/9/4K4 w 3G4Sr2bg4n4l18p 1")
	if got, want := andProofHand(p, packOf(map[board.PieceType]int{board.Gold: 3, board.Silver: 4}), 0), packOf(map[board.PieceType]int{board.Silver: 4}); got != want {
		t.Errorf("ranging check, White holding a gold: proof hand %x, want %x", got, want)
	}
	// a knight's check leaves no square between: nothing to keep
	p = mustSFEN(t, "4k4/9/3N5/9/9/9/9/9/4K4 w 4G4S2r2b3n4l18p 1")
	if got := andProofHand(p, hand, 0); got != 0 {
		t.Errorf("contact check: proof hand %x, want 0", got)
	}
	// Black to move without a bishop, which dropped on 3c would check the king on 5a: a
	// disproof holds only without one; a knight, which could check from 4c or 6c, likewise;
	// a lance could check from nowhere empty (5b is taken).
	p = mustSFEN(t, "4k4/4p4/9/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1")
	hand = packOf(map[board.PieceType]int{board.Gold: 1})
	dh := orDisproofHand(p, hand, handAll)
	if handGet(dh, int(handField[board.Bishop])) != 0 || handGet(dh, int(handField[board.Knight])) != 0 {
		t.Errorf("disproof hand %x lets Black hold a bishop or a knight", dh)
	}
	if handGet(dh, int(handField[board.Lance])) == 0 || handGet(dh, int(handField[board.Gold])) == 0 {
		t.Errorf("disproof hand %x: a lance gives no check here, and gold is held already", dh)
	}
}

// A solve stores the root's proof with the hand the mate needs, not the whole hand: the
// same position with less in hand is found proven in the table.
func TestSolverStoresProofHand(t *testing.T) {
	p := mustSFEN(t, "4k4/9/4P4/9/9/9/9/9/9 b GS2P2r2b3g3s4n4l15p 1")
	s := NewSolver(4)
	if r := s.Solve(p, SolveOptions{}); r.Status != MateFound || moveString(r.Line) != "G*5b" {
		t.Fatalf("%v %v", r.Status, r.Line)
	}
	key := boardKey(p)
	gold := packOf(map[board.PieceType]int{board.Gold: 1})
	if e, ok := s.tt.lookup(key, gold); !ok || e.pn != 0 {
		t.Errorf("proof with a gold alone not in the table: %+v %v", e, ok)
	}
	if _, ok := s.tt.lookup(key, packOf(map[board.PieceType]int{board.Silver: 1, board.Pawn: 2})); ok {
		t.Error("proof given to a hand without the gold")
	}
}

// handAfter, the attacker's hand made from the move, is the hand counted again after it,
// for every legal move of either side: drops, captures of promoted pieces.
func TestHandAfterCountsAsHandPack(t *testing.T) {
	n := 0
	for _, p := range randomPositions(t, 2000, 5) {
		attacker := p.SideToMove()
		var buf moveList
		for _, m := range p.LegalMoves(buf[:0]) {
			q := *p
			q.Do(m)
			hand := handPack(p.Hand(attacker))
			if got, want := handAfter(hand, m, true), handPack(q.Hand(attacker)); got != want {
				t.Fatalf("%s %s: the attacker's hand after it %#x, want %#x", p.SFEN(), m, got, want)
			}
			// the same move seen as the defender's: the other side's hand stays
			other := handPack(p.Hand(attacker.Opp()))
			if got := handAfter(other, m, false); got != handPack(q.Hand(attacker.Opp())) {
				t.Fatalf("%s %s: the waiting side's hand changed to %#x", p.SFEN(), m, got)
			}
			if m.IsDrop() || m.Captured() != board.NoPieceType {
				n++
			}
		}
	}
	if n < 1000 {
		t.Errorf("only %d drops and captures: too few to judge", n)
	}
}
