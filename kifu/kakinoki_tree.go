package kifu

import (
	"strconv"
	"strings"

	"banmen/board"
)

// Reading KIF and KI2: where each move goes in the tree: the current path, going back
// to where a variation (変化) starts, and moves that break a rule.

// checkpointEvery is how often along the current path the reader keeps the position, so
// that going back to a variation's start plays at most this many moves again, however
// deep the variations nest (playing from the start each time made reading quadratic).
const checkpointEvery = 32

// push makes n, a child of the current node whose move kr.pos has played already, the
// current node.
func (kr *kakinokiReader) push(n *Node) {
	kr.cur = n
	kr.path = append(kr.path, n)
	if (len(kr.path)-1)%checkpointEvery == 0 {
		kr.saved = append(kr.saved, kr.pos)
	}
}

// goBack makes the node at ply on the current path the current node.
func (kr *kakinokiReader) goBack(ply int) {
	kr.cur = kr.path[ply]
	kr.path = kr.path[:ply+1]
	k := ply / checkpointEvery
	kr.saved = kr.saved[:k+1]
	kr.pos = kr.saved[k]
	for _, n := range kr.path[k*checkpointEvery+1:] {
		if n.Move != board.NoMove {
			kr.pos.Do(n.Move)
			kr.replayed++
		}
	}
}

// setPath makes path (root … a node) the current path, with its node at ply current.
func (kr *kakinokiReader) setPath(path []*Node, ply int) {
	kr.path = append(kr.path[:0], kr.rec.Root)
	kr.cur = kr.rec.Root
	kr.pos = *kr.rec.Start
	kr.saved = append(kr.saved[:0], kr.pos)
	for _, n := range path[1 : ply+1] {
		if n.Move != board.NoMove {
			kr.pos.Do(n.Move)
			kr.replayed++
		}
		kr.push(n)
	}
}

// goTo makes the node at ply the current one: back along the current path, or forward
// along the main continuation of the current node (a variation that repeats moves of
// the line before it continues that line). It reports false if the line is too short.
func (kr *kakinokiReader) goTo(ply int) bool {
	if ply <= kr.cur.ply {
		kr.goBack(ply)
		return true
	}
	for kr.cur.ply < ply {
		next := kr.cur.Next()
		if next == nil || next.IsSpecial() {
			return false
		}
		kr.pos.Do(next.Move)
		kr.push(next)
	}
	return true
}

// appendNode adds n after the current node and makes it current; a move that is
// already there is reused.
func (kr *kakinokiReader) appendNode(n *Node) error {
	if _, ok := kr.illegal[kr.cur]; ok {
		if n.Special == NotSpecial || !isFoulEnding(n.Special) && !kr.comments.statesFoul(kr.cur) {
			// a game does not go on after an illegal move, and only a 反則 ending explains it
			return kr.stopAtIllegal(n.Special != NotSpecial)
		}
		delete(kr.illegal, kr.cur) // the game was lost by it: keep it
	}
	if n.Special == NotSpecial {
		if c := kr.cur.ChildWithMove(n.Move); c != nil {
			n = c
		} else {
			kr.arena.add(kr.cur, n)
		}
		kr.pos.Do(n.Move)
	} else {
		kr.arena.add(kr.cur, n)
	}
	kr.push(n)
	return nil
}

// stopAtIllegal stops reading at the illegal move that is the current node: it is taken
// out, with its warning, and the error names it. atEnd says that no move follows it.
func (kr *kakinokiReader) stopAtIllegal(atEnd bool) error {
	bad := kr.cur
	il := kr.illegal[bad]
	delete(kr.illegal, bad)
	kr.goBack(bad.ply - 1)
	bad.Remove()
	kr.warnings = append(kr.warnings[:il.warning], kr.warnings[il.warning+1:]...)
	e := errorf(il.line, "illegal move %q: %s", il.text, il.reason)
	e.AtEnd = atEnd
	return e
}

// endLine is called where the current line ends (a variation begins, or the text ends):
// an illegal move that ends it without a 反則 ending after it stops the reading.
func (kr *kakinokiReader) endLine() error {
	if _, ok := kr.illegal[kr.cur]; ok {
		if kr.comments.statesFoul(kr.cur) {
			delete(kr.illegal, kr.cur)
			return nil
		}
		return kr.stopAtIllegal(true)
	}
	return nil
}

// parentFor finds where a move numbered ply goes: the node at ply-1 on the current path.
func (kr *kakinokiReader) parentFor(no, ply int) error {
	if ply < 1 {
		return kr.fail(no, "move number %d: moves are numbered from 1", ply)
	}
	if ply-1 != kr.cur.ply {
		if err := kr.endLine(); err != nil {
			return err
		}
	}
	if ply-1 != kr.cur.ply && !kr.goTo(ply-1) {
		kr.warn(no, "move number %d where %d was expected; read as move %d", ply, kr.cur.ply+1, kr.cur.ply+1)
	}
	if kr.cur.IsSpecial() {
		kr.warn(no, "a move after %s: read as an alternative to it", specialLabel(kr.cur))
		kr.goBack(kr.cur.ply - 1)
	}
	return nil
}

// branch reads "変化：12手": the next moves replace move 12 of the current line.
func (kr *kakinokiReader) branch(no int, t string) error {
	s := strings.TrimPrefix(t, "変化")
	s = trimLeftSpace(strings.TrimLeft(s, "：:"))
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	ply, err := strconv.Atoi(s[:i])
	if err != nil {
		return kr.fail(no, "bad variation line %q: want 変化：N手", t)
	}
	if !kr.inMoves {
		kr.warn(no, "variation line before the first move ignored")
		return nil
	}
	if err := kr.endLine(); err != nil {
		return err
	}
	if ply >= 1 && kr.forkAt(ply) {
		return nil
	}
	if ply < 1 || !kr.goTo(ply-1) {
		return kr.fail(no, "variation at move %d, but the line before has only %d moves", ply, kr.cur.ply)
	}
	return nil
}

// forkAt follows the "+" marks: the variation that starts replaces the move at ply that
// was marked "+" most recently (on the current line, when it has one there). Writers
// list variations depth first, so this is the current line; the marks also place
// variations listed in another order. It reports false when no mark says where to go.
func (kr *kakinokiReader) forkAt(ply int) bool {
	pick := -1
	for i := len(kr.forks) - 1; i >= 0; i-- {
		f := kr.forks[i]
		if f.ply != ply || f.parent == nil {
			continue
		}
		if ply < len(kr.path) && kr.path[ply] == f {
			pick = i
			break
		}
		if pick < 0 {
			pick = i
		}
	}
	if pick < 0 {
		return false
	}
	f := kr.forks[pick]
	kr.forks = append(kr.forks[:pick], kr.forks[pick+1:]...)
	if ply < len(kr.path) && kr.path[ply] == f {
		kr.goBack(ply - 1)
		return true
	}
	kr.setPath(f.parent.Path(), ply-1)
	return true
}
