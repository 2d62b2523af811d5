package kifu

import (
	"math"
	"strconv"
	"strings"

	"banmen/board"
)

// Think comments: what an engine thought, written into a record's comments the way
// ShogiHome does (its draft spec "思考コメントの仕様"):
//
//	*評価値=101
//	*読み筋=△８五歩▲７八金△３二金
//	*深さ=23
//	*ノード数=1234567
//	*エンジン=YaneuraOu
//
// One line per item, "*" for the engine that played the game and "#" for analysis
// (検討, 棋譜解析); the lines of one think are consecutive, and thinks are separated
// by other lines. KIF writes each comment line behind its own "*" ("**評価値=101"),
// CSA behind "'*". Scores are from Black's (sente's) point of view. Floodgate's
// CSA comments "'** 104 -3334FU +7988GI" (score and moves) are read too.

// ThinkComment is one think of an engine on a position.
type ThinkComment struct {
	// Analysis is true for a think outside the game (検討, 棋譜解析: "#" lines), false
	// for the engine that played the move ("*" lines).
	Analysis bool
	Engine   string
	// Score is in centipawns from Black's point of view, when HasScore.
	Score    int
	HasScore bool
	// Mate is the forced mate the engine claims, when HasMate.
	Mate    Mate
	HasMate bool
	// PV is the line the engine expects, from the position the comment is on.
	PV []board.Move
	// PVText is the 読み筋 as written; PV holds its moves up to the first that could not be read.
	PVText string
	Depth  int // 0 when not given
	Nodes  int64
	// Extra keeps the items this package does not know, in order, as "key=value".
	Extra []string
	// Floodgate is true for a think read from a floodgate "* score pv" line.
	Floodgate bool
}

// Mate is a forced mate an engine claims: who wins and in how many plies (0 if not said).
type Mate struct {
	Winner board.Color
	Plies  int
}

// BlackScore turns a score in the engine's terms (from the side to move's point of
// view) into the record's (Black's).
func BlackScore(sideToMove board.Color, score int) int {
	if sideToMove == board.White {
		return -score
	}
	return score
}

// MateFromUSI turns a USI "score mate N" given for the side to move into a Mate: N > 0
// means the side to move mates in N plies, N < 0 that it is mated in -N ("mate 0" and
// "mate -0": it is mated now).
func MateFromUSI(sideToMove board.Color, n int) Mate {
	if n > 0 {
		return Mate{Winner: sideToMove, Plies: n}
	}
	return Mate{Winner: sideToMove.Opp(), Plies: -n}
}

func (m Mate) String() string {
	s := "先手勝ち"
	if m.Winner == board.White {
		s = "後手勝ち"
	}
	if m.Plies > 0 {
		s += ":" + strconv.Itoa(m.Plies) + "手"
	}
	return s
}

func parseMate(s string) (Mate, bool) {
	var m Mate
	switch {
	case strings.HasPrefix(s, "先手勝ち"):
		m.Winner, s = board.Black, s[len("先手勝ち"):]
	case strings.HasPrefix(s, "後手勝ち"):
		m.Winner, s = board.White, s[len("後手勝ち"):]
	default:
		return m, false
	}
	if s == "" {
		return m, true
	}
	if !strings.HasPrefix(s, ":") || !strings.HasSuffix(s, "手") {
		return m, false
	}
	n, err := strconv.Atoi(s[1 : len(s)-len("手")])
	if err != nil || n < 0 {
		return m, false
	}
	m.Plies = n
	return m, true
}

// Format writes the think as comment lines ("*" or "#" then key=value, joined by "\n"),
// the 読み筋 in KI2 style from pos, the position the comment is on. As ShogiHome does,
// the first move names its square even where 同 could stand, so that the line reads
// without knowing the move before it. PV moves that are not legal in turn are left out.
func (t ThinkComment) Format(pos *board.Position) string {
	mark := "*"
	if t.Analysis {
		mark = "#"
	}
	var ls []string
	if t.HasScore {
		ls = append(ls, mark+"評価値="+strconv.Itoa(t.Score))
	}
	if t.HasMate {
		ls = append(ls, mark+"詰み="+t.Mate.String())
	}
	if len(t.PV) > 0 && pos != nil {
		if line, n := pos.JapaneseLine(t.PV, board.NoSquare); n > 0 {
			ls = append(ls, mark+"読み筋="+line)
		}
	} else if t.PVText != "" {
		ls = append(ls, mark+"読み筋="+t.PVText)
	}
	if t.Depth > 0 {
		ls = append(ls, mark+"深さ="+strconv.Itoa(t.Depth))
	}
	if t.Nodes > 0 {
		ls = append(ls, mark+"ノード数="+strconv.FormatInt(t.Nodes, 10))
	}
	if t.Engine != "" {
		ls = append(ls, mark+"エンジン="+t.Engine)
	}
	for _, e := range t.Extra {
		ls = append(ls, mark+e)
	}
	return strings.Join(ls, "\n")
}

// isThinkLine reports whether a comment line is "*key=value" or "#key=value".
func isThinkLine(l string) bool {
	if len(l) < 3 || l[0] != '*' && l[0] != '#' {
		return false
	}
	eq := strings.IndexByte(l, '=')
	return eq > 1 && !strings.ContainsAny(l[1:eq], "*#= ")
}

// floodgate lines: "* 104 -3334FU +7988GI" (the "'*" of CSA taken off)
func isFloodgateLine(l string) bool {
	f := strings.Fields(strings.TrimPrefix(l, "*"))
	if !strings.HasPrefix(l, "* ") || len(f) == 0 {
		return false
	}
	_, err := strconv.Atoi(f[0])
	return err == nil
}

// ParseThinkComments reads every think in a comment (a Node's Comment). pos is the
// position the comment is on and lastTo the destination of the move that led there,
// to read the 読み筋.
func ParseThinkComments(comment string, pos *board.Position, lastTo board.Square) []ThinkComment {
	var out []ThinkComment
	var cur *ThinkComment
	for _, l := range strings.Split(comment, "\n") {
		l = strings.TrimRight(l, "\r")
		if isFloodgateLine(l) {
			out = append(out, parseFloodgate(l, pos))
			cur = nil
			continue
		}
		if !isThinkLine(l) {
			cur = nil
			continue
		}
		analysis := l[0] == '#'
		if cur == nil || cur.Analysis != analysis {
			out = append(out, ThinkComment{Analysis: analysis})
			cur = &out[len(out)-1]
		}
		key, value, _ := strings.Cut(l[1:], "=")
		switch key {
		case "評価値":
			if v, ok := parseScore(value); ok {
				cur.Score, cur.HasScore = v, true
				continue
			}
		case "詰み":
			if m, ok := parseMate(value); ok {
				cur.Mate, cur.HasMate = m, true
				continue
			}
		case "読み筋":
			cur.PVText = value
			cur.PV = readJapaneseLine(pos, value, lastTo)
			continue
		case "深さ":
			if v, err := strconv.Atoi(value); err == nil && v > 0 {
				cur.Depth = v
				continue
			}
		case "ノード数":
			if v, err := strconv.ParseInt(value, 10, 64); err == nil && v > 0 {
				cur.Nodes = v
				continue
			}
		case "エンジン":
			cur.Engine = value
			continue
		}
		cur.Extra = append(cur.Extra, key+"="+value)
	}
	return out
}

// readJapaneseLine reads "▲７六歩△３四歩…" (KI2 style, KIF origins accepted) from pos,
// up to the first move it cannot read.
func readJapaneseLine(pos *board.Position, text string, lastTo board.Square) []board.Move {
	if pos == nil {
		return nil
	}
	p := *pos
	var pv []board.Move
	for _, mv := range splitMarked(text) {
		m, err := p.ParseJapaneseMove(mv, lastTo)
		if err != nil {
			break
		}
		pv = append(pv, m)
		lastTo = m.To()
		p.Do(m)
	}
	return pv
}

// splitMarked splits "▲７六歩△３四歩" at the marks (each piece keeps its mark).
func splitMarked(s string) []string {
	var out []string
	start := -1
	for i, r := range s {
		if r == '▲' || r == '△' || r == '☗' || r == '☖' || r == '▼' || r == '▽' {
			if start >= 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
			}
			start = i
		}
	}
	if start >= 0 {
		out = append(out, strings.TrimSpace(s[start:]))
	}
	return out
}

// parseScore reads a 評価値: a decimal number, which the spec allows to be a real one
// ("-35", "+12", "35.6"); a real one is rounded to the nearest centipawn.
func parseScore(s string) (int, bool) {
	if v, err := strconv.Atoi(strings.TrimPrefix(s, "+")); err == nil {
		return v, true
	}
	digits, point := 0, 0
	for i, r := range s {
		switch {
		case r >= '0' && r <= '9':
			digits++
		case r == '.':
			point++
		case (r == '-' || r == '+') && i == 0:
		default:
			return 0, false
		}
	}
	if digits == 0 || point != 1 {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.Abs(v) > 1e15 {
		return 0, false
	}
	return int(math.Round(v)), true
}

// parseFloodgate reads "* 104 -3334FU +7988GI" (or USI moves).
func parseFloodgate(l string, pos *board.Position) ThinkComment {
	f := strings.Fields(strings.TrimPrefix(l, "*"))
	t := ThinkComment{Floodgate: true, HasScore: true}
	t.Score, _ = strconv.Atoi(f[0])
	t.PVText = strings.Join(f[1:], " ")
	if pos == nil {
		return t
	}
	p := *pos
	for _, mv := range f[1:] {
		var m board.Move
		var reason string
		switch {
		case len(mv) == 7 && (mv[0] == '+' || mv[0] == '-'):
			m, reason = csaMove(&p, mv[1:])
		default:
			var err error
			m, err = p.ParseMove(mv)
			if err != nil {
				reason = err.Error()
			}
		}
		if reason != "" || m == board.NoMove {
			break
		}
		t.PV = append(t.PV, m)
		p.Do(m)
	}
	return t
}

// ThinkComments returns the thinks in node n's comment.
func (r *Record) ThinkComments(n *Node) []ThinkComment {
	return ParseThinkComments(n.Comment, r.Position(n), n.lastTo())
}

// SetThinkComment writes t into n's comment. The playing engine's think ("*") replaces
// the one there; an analysis think ("#") replaces the analysis by the same engine, so
// several engines' analyses stand side by side. People's comments are kept, and thinks
// stay separated from the rest by an empty line, as ShogiHome's spec asks.
func (r *Record) SetThinkComment(n *Node, t ThinkComment) {
	text := t.Format(r.Position(n))
	var kept []string
	lines := strings.Split(n.Comment, "\n")
	for i := 0; i < len(lines); {
		if !isThinkLine(lines[i]) {
			kept = append(kept, lines[i])
			i++
			continue
		}
		// a block: consecutive think lines of one think
		j := i
		for j < len(lines) && isThinkLine(lines[j]) {
			j++
		}
		block := lines[i:j]
		if !sameThink(block, t) {
			kept = append(kept, block...)
		}
		i = j
	}
	// drop empty lines left at the end
	for len(kept) > 0 && strings.TrimSpace(kept[len(kept)-1]) == "" {
		kept = kept[:len(kept)-1]
	}
	if len(kept) == 0 {
		n.Comment = text
		return
	}
	n.Comment = strings.Join(kept, "\n") + "\n\n" + text
}

// sameThink reports whether a block of think lines is the think t replaces: the played
// think, or an analysis by t's engine (a block or a think that names no engine matches
// any engine).
func sameThink(block []string, t ThinkComment) bool {
	if (block[0][0] == '#') != t.Analysis {
		return false
	}
	if !t.Analysis || t.Engine == "" {
		return true
	}
	for _, l := range block {
		if v, ok := strings.CutPrefix(l[1:], "エンジン="); ok {
			return v == t.Engine
		}
	}
	return true
}
