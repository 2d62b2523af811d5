package usiclient

import (
	"slices"
	"time"

	"banmen/board"
)

const (
	maxRanks   = 256 // MultiPV ranks kept; higher ranks are ignored
	maxPVMoves = 512 // moves kept of one pv
)

// Snapshot is the state of a session at one moment, for the UI to draw. Take one
// with Session.Snapshot when Session.Version has changed; it is a copy the UI owns.
type Snapshot struct {
	Version uint64
	State   State
	Engine  string

	// The search the lines belong to (0 before the first search).
	SearchID uint64
	Mode     SearchMode
	// Root is the position searched (nil before the first search). The session
	// never modifies it and neither may the reader: Clone it to play moves on it.
	Root       *board.Position
	Position   string      // SFEN of Root, for callers that compare positions as text
	SideToMove board.Color // whose point of view Line.Score takes

	// Lines holds the latest pv line per MultiPV rank: Lines[0] is rank 1.
	// A rank the engine has not reported yet has MultiPV 0.
	Lines []Line
	// Stats holds the latest value of each statistic from any info line.
	Stats Stats
	// Message is the last "info string".
	Message string
	// Notices are the info strings that reported a problem while no search ran (a file
	// the engine could not read as it got ready), kept until the next isready: a search
	// replaces Message at once (see complaint.go).
	Notices []string
	// InfoLines counts the info lines of this search.
	InfoLines uint64

	// Result is the answer of the search once it has one, with its best move and
	// ponder move; nil while searching.
	Result *Result
	// Err is why the session ended, if it has.
	Err error
}

// Line is the latest info line carrying a pv or a score for one MultiPV rank.
type Line struct {
	MultiPV    int
	Depth      int
	SelDepth   int
	Nodes      int64
	NPS        int64
	Hashfull   int
	Time       time.Duration
	Score      Score // from the side to move, as the engine sent it
	SenteScore Score // from sente's (Black's) point of view
	// PV is the legal part of the pv; PVText is the pv as sent. When a move is
	// illegal the line is cut there: Cut is set, CutAt is its index in PVText and
	// CutReason says why. A final "resign" or "win" (gpsusi sends "pv resign")
	// ends the line without a cut.
	PV        []board.Move
	PVText    []string
	Cut       bool
	CutAt     int
	CutReason string
	// CurrMove is the move being searched at this rank, from any info line.
	CurrMove       string
	CurrMoveNumber int
}

// Stats are the search's running numbers.
type Stats struct {
	Depth          int
	SelDepth       int
	Nodes          int64
	NPS            int64
	Hashfull       int
	CPULoad        int
	TBHits         int64
	Time           time.Duration
	CurrMove       string
	CurrMoveNumber int
}

// fold is what the reader goroutine keeps of the current search. Guarded by Session.mu.
type fold struct {
	searchID uint64
	mode     SearchMode
	root     *board.Position
	rootSFEN string
	lines    []rawLine
	stats    Stats
	message  string
	count    uint64
	result   *Result
}

// rawLine is one rank as received; its pv is checked once, when it is folded in.
type rawLine struct {
	set            bool
	depth          int
	seldepth       int
	nodes, nps     int64
	hashfull       int
	time           time.Duration
	score          Score
	pv             []string
	currMove       string
	currMoveNumber int
	checked        pvCheck // pv checked against the root
}

// pvCheck is a pv checked against the position searched (see CheckPV).
type pvCheck struct {
	moves  []board.Move
	cut    bool
	cutAt  int
	reason string
}

func (f *fold) reset(sr *Search) {
	f.searchID = sr.ID
	f.mode = sr.Mode
	f.root = sr.root
	f.rootSFEN = sr.rootSFEN
	for i := range f.lines {
		l := &f.lines[i]
		*l = rawLine{pv: l.pv[:0], checked: pvCheck{moves: l.checked.moves[:0]}}
	}
	f.lines = f.lines[:0]
	f.stats = Stats{}
	f.message = ""
	f.count = 0
	f.result = nil
}

// apply folds one info line in. It allocates nothing once the ranks have grown.
func (f *fold) apply(in *Info) {
	f.count++
	f.stats.update(in)
	if in.Has(HasString) {
		f.message = in.String
	}
	// A line counts for its rank when it has a score or a non-empty pv.
	hasLine := in.Has(HasScore) || len(in.PV) > 0
	if !hasLine && !in.Has(HasCurrMove) {
		return
	}
	rank := 1
	if in.Has(HasMultiPV) {
		rank = in.MultiPV
	}
	if rank < 1 || rank > maxRanks {
		return
	}
	l := f.rank(rank)
	if in.Has(HasCurrMove) {
		l.currMove = in.CurrMove
		l.currMoveNumber = in.CurrMoveNumber
	}
	if hasLine {
		l.update(in, f.root)
	}
}

// update takes the search statistics an info line has.
func (st *Stats) update(in *Info) {
	if in.Has(HasDepth) {
		st.Depth = in.Depth
	}
	if in.Has(HasSelDepth) {
		st.SelDepth = in.SelDepth
	}
	if in.Has(HasNodes) {
		st.Nodes = in.Nodes
	}
	if in.Has(HasNPS) {
		st.NPS = in.NPS
	}
	if in.Has(HasHashfull) {
		st.Hashfull = in.Hashfull
	}
	if in.Has(HasCPULoad) {
		st.CPULoad = in.CPULoad
	}
	if in.Has(HasTBHits) {
		st.TBHits = in.TBHits
	}
	if in.Has(HasTime) {
		st.Time = in.Time
	}
	if in.Has(HasCurrMove) {
		st.CurrMove = in.CurrMove
	}
	if in.Has(HasCurrMoveNumber) {
		st.CurrMoveNumber = in.CurrMoveNumber
	}
}

// rank returns the line of rank (1-based), growing the ranks to it; a rank grown back
// reuses its old line's storage.
func (f *fold) rank(rank int) *rawLine {
	for len(f.lines) < rank {
		if len(f.lines) < cap(f.lines) {
			f.lines = f.lines[:len(f.lines)+1]
		} else {
			f.lines = append(f.lines, rawLine{})
		}
	}
	return &f.lines[rank-1]
}

// update takes an info line with a score or a pv for this rank, checking a pv that
// differs from the last one against root.
func (l *rawLine) update(in *Info, root *board.Position) {
	l.set = true
	l.depth, l.seldepth = in.Depth, in.SelDepth
	l.nodes, l.nps, l.hashfull, l.time = in.Nodes, in.NPS, in.Hashfull, in.Time
	if in.Has(HasScore) {
		l.score = in.Score
	}
	if len(in.PV) > 0 {
		pv := in.PV
		if len(pv) > maxPVMoves {
			pv = pv[:maxPVMoves]
		}
		// Engines repeat a rank's pv, or its first moves, from line to line:
		// only what differs from the pv last checked is checked again.
		same := commonPrefix(l.pv, pv)
		if same == len(pv) && same == len(l.pv) {
			return
		}
		l.pv = append(l.pv[:0], pv...)
		l.checked.check(root, l.pv, same)
	}
}

func commonPrefix(a, b []string) int {
	n := min(len(a), len(b))
	for i := range n {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// check plays pv from root, keeping its legal part in c (reusing c's storage).
// The first same moves of pv are those of the pv c holds the check of: what c
// found legal of them is replayed, not checked again.
func (c *pvCheck) check(root *board.Position, pv []string, same int) {
	if root == nil {
		*c = pvCheck{moves: c.moves[:0]}
		return
	}
	same = min(same, len(c.moves))
	p := *root
	for _, m := range c.moves[:same] {
		p.Do(m)
	}
	c.moves, c.cut, c.cutAt, c.reason = playPV(c.moves[:same], &p, pv, same)
}

// Snapshot copies the session's state. The pv lines were checked against the
// position as they came, so taking a snapshot only copies.
func (s *Session) Snapshot() Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := &s.fold
	snap := Snapshot{
		Version:   s.version.Load(),
		State:     s.state,
		Engine:    s.info.Name,
		SearchID:  f.searchID,
		Mode:      f.mode,
		Root:      f.root,
		Position:  f.rootSFEN,
		Stats:     f.stats,
		Message:   f.message,
		Notices:   slices.Clone(s.notices),
		InfoLines: f.count,
		Err:       s.deadErr,
	}
	if f.result != nil {
		r := *f.result
		if r.Mate != nil {
			m := *r.Mate
			r.Mate = &m
		}
		snap.Result = &r
	}
	if f.root != nil {
		snap.SideToMove = f.root.SideToMove()
	}
	snap.Lines = make([]Line, len(f.lines))
	for i := range f.lines {
		l := &f.lines[i]
		out := &snap.Lines[i]
		out.CurrMove, out.CurrMoveNumber = l.currMove, l.currMoveNumber
		if !l.set {
			continue
		}
		out.MultiPV = i + 1
		out.Depth, out.SelDepth = l.depth, l.seldepth
		out.Nodes, out.NPS, out.Hashfull, out.Time = l.nodes, l.nps, l.hashfull, l.time
		out.Score = l.score
		out.SenteScore = l.score
		if snap.SideToMove == board.White {
			out.SenteScore = l.score.Negate()
		}
		out.PVText = append([]string(nil), l.pv...)
		if len(l.pv) > 0 {
			out.PV = append([]board.Move(nil), l.checked.moves...)
		}
		out.Cut, out.CutAt, out.CutReason = l.checked.cut, l.checked.cutAt, l.checked.reason
	}
	return snap
}
