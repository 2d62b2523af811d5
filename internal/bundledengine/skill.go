package bundledengine

// The SkillLevel ladder: the search played weaker on purpose, in steps a beginner can climb.
//
// Every step is bounded by work, never by time: a depth limit, a node budget, or both, so
// that a level plays the same on any machine and under any load, at every time control that
// leaves it the time its budget needs (the clock can still cut a search short, never make it
// longer). The weak steps also choose among several of their best moves with random noise.

// skillStep is one rung of the ladder of playing levels: how deep the search may look and how
// many nodes it may search, among how many of its best moves the move is chosen, and how much
// noise (centipawns, at most) the choice adds to each move's score.
type skillStep struct {
	depth      int    // 0: no limit
	nodes      uint64 // 0: no limit (checked every 1024 nodes: keep it a multiple of 1024)
	candidates int
	noise      int
}

// fullSkill is the SkillLevel that plays at full strength: no limit, no noise.
const fullSkill = 20

// skillLadder, by SkillLevel 0..19 (20, fullSkill, is full strength). Level 0 plays almost at
// random (it does play a mate in one, and slightly prefers what a 1-ply look finds better):
// anyone who knows the rules beats it. The levels up to 7 look one to three plies ahead and
// choose among fewer and fewer of their best moves with less and less noise; from level 8 on
// the node budget doubles about every step and the noise fades out. Measured in self-play and
// against Fairy-Stockfish's Skill Level (README.md, "The bundled engine's SkillLevel"), the
// steps are about 200 Elo each.
var skillLadder = [fullSkill]skillStep{
	// one ply and the captures that follow, every move a candidate, less noise each step
	{depth: 1, candidates: maxMoves, noise: 5000},
	{depth: 1, candidates: maxMoves, noise: 3000},
	{depth: 1, candidates: maxMoves, noise: 2100},
	{depth: 1, candidates: maxMoves, noise: 1300},
	{depth: 1, candidates: maxMoves, noise: 750},
	{depth: 1, candidates: 8, noise: 400},
	{depth: 1, candidates: 1},
	// two and three plies
	{depth: 2, candidates: 16, noise: 450},
	{depth: 2, candidates: 1},
	{depth: 3, candidates: 1},
	// node budgets: ×1.5 to ×1.8 a step up to 16k nodes, ×2 above (a doubling is worth less
	// the more nodes there are)
	{nodes: 2 << 10, candidates: 1},
	{nodes: 3 << 10, candidates: 1},
	{nodes: 5 << 10, candidates: 1},
	{nodes: 9 << 10, candidates: 1},
	{nodes: 16 << 10, candidates: 1},
	{nodes: 32 << 10, candidates: 1},
	{nodes: 64 << 10, candidates: 1},
	{nodes: 128 << 10, candidates: 1},
	{nodes: 256 << 10, candidates: 1},
	{nodes: 512 << 10, candidates: 1},
}

// OpeningSkill is a Limits.Skill apart from the ladder, for tools/tune's random opening
// plies: the ladder's SkillLevel 8 before issue 16 recalibrated it (4 plies, 6 candidates, up
// to 130 cp of noise), kept so that the tool's data sets and openings stay reproducible. No
// USI option reaches it.
const OpeningSkill = -1

var openingStep = skillStep{depth: 4, candidates: 6, noise: 130}

// skillAt is the step of level (clamped to 0..19), or OpeningSkill's.
func skillAt(level int) skillStep {
	if level == OpeningSkill {
		return openingStep
	}
	return skillLadder[min(max(level, 0), len(skillLadder)-1)]
}

// applySkill narrows the limits of sh to the step of level: more lines (the candidates), one
// thread, and the step's depth and node limits where they are tighter than the ones asked for.
func (sh *searchShared) applySkill(level int) {
	st := skillAt(level)
	sh.limits.MultiPV = max(sh.limits.MultiPV, st.candidates)
	sh.limits.Threads = 1
	if d := st.depth; d > 0 && (sh.limits.Depth == 0 || sh.limits.Depth > d) {
		sh.limits.Depth = d
	}
	if n := st.nodes; n > 0 && (sh.limits.Nodes == 0 || sh.limits.Nodes > n) {
		sh.limits.Nodes = n
	}
}

// pickWeak chooses among the best lines the way a weaker player would: each line's score
// gets a random push of up to the level's noise, and the best pushed score is played (a
// mate the search sees outweighs any push).
func (s *Searcher) pickWeak(rms []rootMove, level int) rootMove {
	noise := skillAt(level).noise
	best, bestV := rms[0], -1<<30
	for _, rm := range rms {
		if rm.score == -scoreInf {
			continue
		}
		v := rm.score + s.rng.IntN(noise+1)
		if v > bestV {
			best, bestV = rm, v
		}
	}
	return best
}
