package bundledengine

import (
	"testing"
	"time"

	"banmen/board"
)

// The ladder climbs: at every step up the search may look at least as deep (or, once, trades
// its depth limit for a node budget) and search at least as many nodes, and chooses among no
// more moves with no more noise unless it looks deeper; and something is stronger. The levels below 20 are all bounded by
// work (a depth or a node budget), none by time alone, and the budgets are multiples of the
// node check's 1024.
func TestSkillLadderShape(t *testing.T) {
	switched := 0
	for l, st := range skillLadder {
		if (st.depth == 0) == (st.nodes == 0) {
			t.Errorf("level %d %+v: wants a depth limit or a node budget, one of them", l, st)
		}
		if st.nodes%1024 != 0 {
			t.Errorf("level %d: node budget %d is not a multiple of 1024", l, st.nodes)
		}
		if st.candidates < 1 || st.noise < 0 || st.candidates == 1 && st.noise != 0 {
			t.Errorf("level %d %+v: candidates and noise", l, st)
		}
		if l == 0 {
			continue
		}
		a, b := skillLadder[l-1], st
		switch {
		case a.depth > 0 && b.depth > 0:
			if b.depth < a.depth {
				t.Errorf("level %d looks less deep than level %d", l, l-1)
			}
		case a.nodes > 0 && b.nodes > 0:
			if b.nodes < a.nodes {
				t.Errorf("level %d searches fewer nodes than level %d", l, l-1)
			}
		case a.depth > 0 && b.nodes > 0:
			switched++
		default:
			t.Errorf("level %d %+v goes back to a depth limit after level %d %+v", l, b, l-1, a)
		}
		if (b.candidates > a.candidates || b.noise > a.noise) && !(a.depth > 0 && b.depth > a.depth) {
			t.Errorf("level %d %+v chooses more at random than level %d %+v at no greater depth", l, b, l-1, a)
		}
		if a == b {
			t.Errorf("level %d is level %d", l, l-1)
		}
	}
	if switched > 1 {
		t.Errorf("the ladder switches from depth limits to node budgets %d times", switched)
	}
}

// The limits a level applies: its depth and node budget (unless the go command asks for
// less), at least its candidates as lines, one thread; level 20 and Weaken unset change
// nothing.
func TestSkillLimits(t *testing.T) {
	g := gameFrom(t, middleGames[0])
	for level := 0; level <= fullSkill; level++ {
		asked := Limits{Weaken: true, Skill: level, Threads: 4, MultiPV: 1}
		sh, skill := newSearchShared(g, asked, nil)
		lim := sh.limits
		if level == fullSkill {
			if skill || lim.Depth != 0 || lim.Nodes != 0 || lim.Threads != 4 || lim.MultiPV != 1 {
				t.Errorf("level 20 (full strength): skill %v, limits %+v", skill, lim)
			}
			continue
		}
		st := skillLadder[level]
		if !skill || lim.Depth != st.depth || lim.Nodes != st.nodes || lim.Threads != 1 || lim.MultiPV != st.candidates {
			t.Errorf("level %d %+v: skill %v, limits %+v", level, st, skill, lim)
		}
		if sh.shownPV != 1 {
			t.Errorf("level %d: the reports show %d lines, the options asked for 1", level, sh.shownPV)
		}
		// a go with tighter limits keeps them
		sh, _ = newSearchShared(g, Limits{Weaken: true, Skill: level, Depth: 1, Nodes: 1024}, nil)
		if sh.limits.Depth != 1 || sh.limits.Nodes != 1024 {
			t.Errorf("level %d with go depth 1 nodes 1024: %+v", level, sh.limits)
		}
	}
	// tools/tune's opening plies: the old SkillLevel 8, which its data sets were made with
	sh, skill := newSearchShared(g, Limits{Weaken: true, Skill: OpeningSkill}, nil)
	if !skill || sh.limits.Depth != 4 || sh.limits.MultiPV != 6 || sh.limits.Nodes != 0 || skillAt(OpeningSkill).noise != 130 {
		t.Errorf("OpeningSkill: skill %v, limits %+v, step %+v", skill, sh.limits, skillAt(OpeningSkill))
	}
	sh, skill = newSearchShared(g, Limits{Skill: 0}, nil)
	if skill || sh.limits.Depth != 0 || sh.limits.Nodes != 0 {
		t.Errorf("Skill 0 without Weaken: skill %v, limits %+v", skill, sh.limits)
	}
}

// A real search at each level stays within its depth and node budget. The node budget is
// looked at every 1024 nodes (a multiple of which it is); after the stop only the
// quiescence search under way finishes, a few nodes at most.
func TestSkillSearchWithinBudget(t *testing.T) {
	const overshoot = 64
	s := NewSearcher(16)
	var most uint64
	for level := 0; level < fullSkill; level++ {
		st := skillLadder[level]
		if st.nodes > 128<<10 && testing.Short() {
			continue
		}
		positions := middleGames[:3]
		if st.nodes > 64<<10 {
			positions = middleGames[:1] // a second or two of search each
		}
		for i, sfen := range positions {
			s.Clear()
			g := gameFrom(t, sfen)
			// (Maximum: a level that ignored its budget would otherwise search for ever)
			r := s.Search(g, Limits{Weaken: true, Skill: level, Maximum: time.Minute}, nil)
			if !g.Position().IsLegal(r.Move) {
				t.Fatalf("level %d, position %d: illegal %s", level, i, r.Move)
			}
			if st.depth > 0 && r.Depth > st.depth {
				t.Errorf("level %d, position %d: depth %d past its limit %d", level, i, r.Depth, st.depth)
			}
			if st.nodes > 0 && r.Nodes > st.nodes {
				most = max(most, r.Nodes-st.nodes)
			}
			if st.nodes > 0 && r.Nodes > st.nodes+overshoot {
				t.Errorf("level %d, position %d: %d nodes past its budget %d", level, i, r.Nodes, st.nodes)
			}
			if st.nodes > 0 && st.depth == 0 && r.Nodes < st.nodes {
				t.Errorf("level %d, position %d: stopped at %d nodes before its budget %d with no other limit", level, i, r.Nodes, st.nodes)
			}
		}
	}
	t.Logf("at most %d nodes past a budget", most)
}

// Two searches at the same level, with the same random seed, from the same position choose
// the same move after the same number of nodes: a level does not depend on the machine's speed.
func TestSkillRepeatable(t *testing.T) {
	for _, level := range []int{0, 5, 9, 12} {
		var first Result
		for run := 0; run < 2; run++ {
			s := NewSearcher(16)
			s.SeedRandom(7, uint64(level))
			r := s.Search(gameFrom(t, middleGames[2]), Limits{Weaken: true, Skill: level}, nil)
			if run == 0 {
				first = r
			} else if r.Move != first.Move || r.Nodes != first.Nodes || r.Depth != first.Depth {
				t.Errorf("level %d: %s after %d nodes (depth %d), then %s after %d nodes (depth %d)",
					level, first.Move, first.Nodes, first.Depth, r.Move, r.Nodes, r.Depth)
			}
		}
	}
}

// Every level plays a mate in one, even level 0, which otherwise plays almost at random: a
// beginner who knows the rules does not miss it either.
func TestSkillPlaysMateInOne(t *testing.T) {
	mates := func(p *board.Position, m board.Move) bool {
		q := *p
		q.Do(m)
		return q.InCheck() && !q.HasLegalMove()
	}
	for _, sfen := range []string{
		"4k4/9/4P4/9/9/9/9/9/4K4 b G 1",    // G*5b
		"8k/7pp/9/9/9/9/9/9/R3K4 b 2S9P 1", // 9i9a+, among many drops
	} {
		p := mustSFEN(t, sfen)
		var buf moveList
		n := 0
		for _, m := range p.LegalMoves(buf[:0]) {
			if mates(p, m) {
				n++
			}
		}
		if n == 0 {
			t.Fatalf("%s: no mate in one", sfen)
		}
		for level := 0; level < fullSkill; level++ {
			for seed := uint64(0); seed < 5; seed++ {
				s := NewSearcher(1)
				s.SeedRandom(seed, 3)
				r := s.Search(board.NewGame(p), Limits{Weaken: true, Skill: level}, nil)
				if !p.IsLegal(r.Move) || !mates(p, r.Move) {
					t.Errorf("level %d, seed %d: %s does not mate in %s", level, seed, r.Move, sfen)
				}
			}
		}
	}
}
