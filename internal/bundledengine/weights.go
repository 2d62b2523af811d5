package bundledengine

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"banmen/board"
)

// The evaluation's weights, embedded from weights.txt: piece values on the board and in
// hand, scales (in percent) of the piece-square and king-placement tables, slider
// mobility, the king's holes against the opponent's hand, and the tempo. tools/tune makes
// them from self-play games (Texel's method: see its doc); Features gives the tuner the
// evaluation as a sum of weight × feature.

//go:embed weights.txt
var weightsText string

// Weights are the tunable numbers of the evaluation, all in centipawns except the scales.
type Weights struct {
	Piece [board.NumPieceTypes]int // on the board, by kind (the king's is unused)
	Hand  [board.NumPieceTypes]int // the first piece in hand, by kind (Pawn..Gold)
	// PST, OwnKing, EnemyKing scale the piece-square table and the tables of placement
	// near one's own king and near the opponent's, in percent.
	PST, OwnKing, EnemyKing int
	Mobility                [board.NumPieceTypes]int // per square a rook, dragon, bishop, horse attacks
	Hole                    int                      // per empty square next to the king, per unit of danger
	Tempo                   int
	// Corrections learnt entry by entry on top of the scaled tables, in centipawns: by kind
	// and square (Black's view) or offset to a king (the owner's view), with the files
	// folded, since the board's two halves mirror each other (pstCell, offsetCell).
	PSTDelta   [board.NumPieceTypes][pstCells]int
	OwnDelta   [board.NumPieceTypes][offsetCells]int
	EnemyDelta [board.NumPieceTypes][offsetCells]int
}

// pstCells and offsetCells count the entries of a folded table: 9 ranks by files 1-5, and
// 9 file distances by 17 rank offsets.
const (
	pstCells    = 9 * 5
	offsetCells = 9 * 17
)

// pstCell is the entry of square s (Black's view) in a folded piece-square table.
func pstCell(s board.Square) int {
	f := s.File()
	return (s.Rank()-1)*5 + min(f, 10-f) - 1
}

// offsetCell is the entry of offset o (offsetTable's index) in a folded king table.
func offsetCell(o int) int { return abs(o/17-8)*17 + o%17 }

// tableKinds are the kinds with a piece-square table (the king's too); the king tables
// have boardKinds.
var tableKinds = append(append([]board.PieceType(nil), boardKinds...), board.King)

// pstCellName and offsetCellName name an entry: rank and folded file; file distance and
// rank offset (negative: towards the opponent).
func pstCellName(i int) string    { return fmt.Sprintf("%d.%d", i/5+1, i%5+1) }
func offsetCellName(i int) string { return fmt.Sprintf("%d.%d", i/17, i%17-8) }

// weightNames lists the weights in the order of Vector and Features.
var weightNames = func() []string {
	var n []string
	for _, t := range boardKinds {
		n = append(n, "piece."+kindName(t))
	}
	for _, t := range handKinds {
		n = append(n, "hand."+kindName(t))
	}
	n = append(n, "scale.pst", "scale.ownking", "scale.enemyking")
	for _, t := range sliderKinds {
		n = append(n, "mobility."+kindName(t))
	}
	n = append(n, "king.hole", "tempo")
	scalarWeights = len(n)
	for _, t := range tableKinds {
		for i := range pstCells {
			n = append(n, "pst."+kindName(t)+"."+pstCellName(i))
		}
	}
	for _, tab := range []string{"own.", "enemy."} {
		for _, t := range boardKinds {
			for i := range offsetCells {
				n = append(n, tab+kindName(t)+"."+offsetCellName(i))
			}
		}
	}
	return n
}()

// scalarWeights counts the weights before the table entries in weightNames: those every
// weights file gives (a table entry not given is 0).
var scalarWeights int

// weightIndex is the position of each name in weightNames.
var weightIndex = func() map[string]int {
	m := map[string]int{}
	for i, n := range weightNames {
		m[n] = i
	}
	return m
}()

var (
	boardKinds  = []board.PieceType{board.Pawn, board.Lance, board.Knight, board.Silver, board.Gold, board.Bishop, board.Rook, board.ProPawn, board.ProLance, board.ProKnight, board.ProSilver, board.Horse, board.Dragon}
	handKinds   = []board.PieceType{board.Pawn, board.Lance, board.Knight, board.Silver, board.Gold, board.Bishop, board.Rook}
	sliderKinds = []board.PieceType{board.Rook, board.Dragon, board.Bishop, board.Horse}
)

func kindName(t board.PieceType) string {
	return strings.ToLower(map[board.PieceType]string{
		board.Pawn: "pawn", board.Lance: "lance", board.Knight: "knight", board.Silver: "silver", board.Gold: "gold",
		board.Bishop: "bishop", board.Rook: "rook", board.ProPawn: "tokin", board.ProLance: "prolance",
		board.ProKnight: "proknight", board.ProSilver: "prosilver", board.Horse: "horse", board.Dragon: "dragon", board.King: "king",
	}[t])
}

// WeightNames returns the names of the weights, in the order of Vector.
func WeightNames() []string { return append([]string(nil), weightNames...) }

// Vector returns the weights in the order of WeightNames.
func (w *Weights) Vector() []int {
	var v []int
	for _, t := range boardKinds {
		v = append(v, w.Piece[t])
	}
	for _, t := range handKinds {
		v = append(v, w.Hand[t])
	}
	v = append(v, w.PST, w.OwnKing, w.EnemyKing)
	for _, t := range sliderKinds {
		v = append(v, w.Mobility[t])
	}
	v = append(v, w.Hole, w.Tempo)
	for _, t := range tableKinds {
		v = append(v, w.PSTDelta[t][:]...)
	}
	for _, tab := range []*[board.NumPieceTypes][offsetCells]int{&w.OwnDelta, &w.EnemyDelta} {
		for _, t := range boardKinds {
			v = append(v, tab[t][:]...)
		}
	}
	return v
}

// WeightsFromVector is the inverse of Vector.
func WeightsFromVector(v []int) (Weights, error) {
	var w Weights
	if len(v) != len(weightNames) {
		return w, fmt.Errorf("weights: %d values, want %d", len(v), len(weightNames))
	}
	i := 0
	next := func() int { i++; return v[i-1] }
	for _, t := range boardKinds {
		w.Piece[t] = next()
	}
	for _, t := range handKinds {
		w.Hand[t] = next()
	}
	w.PST, w.OwnKing, w.EnemyKing = next(), next(), next()
	for _, t := range sliderKinds {
		w.Mobility[t] = next()
	}
	w.Hole, w.Tempo = next(), next()
	for _, t := range tableKinds {
		for c := range w.PSTDelta[t] {
			w.PSTDelta[t][c] = next()
		}
	}
	for _, tab := range []*[board.NumPieceTypes][offsetCells]int{&w.OwnDelta, &w.EnemyDelta} {
		for _, t := range boardKinds {
			for c := range tab[t] {
				tab[t][c] = next()
			}
		}
	}
	return w, nil
}

// ParseWeights reads weights in the form of weights.txt: "name value" a line, every scalar
// weight once, table entries (pst., own., enemy.) at most once and 0 when not given, #
// starts a comment. name says where the text came from, for the errors.
func ParseWeights(name, text string) (Weights, error) {
	index := weightIndex
	v := make([]int, len(weightNames))
	seen := make([]bool, len(weightNames))
	for ln, line := range strings.Split(text, "\n") {
		line, _, _ = strings.Cut(line, "#")
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		if len(f) != 2 {
			return Weights{}, fmt.Errorf("%s:%d: expected \"name value\", got %q", name, ln+1, strings.TrimSpace(line))
		}
		i, ok := index[f[0]]
		if !ok {
			return Weights{}, fmt.Errorf("%s:%d: no weight named %q", name, ln+1, f[0])
		}
		n, err := strconv.Atoi(f[1])
		if err != nil {
			return Weights{}, fmt.Errorf("%s:%d: %s: value %q is not a whole number", name, ln+1, f[0], f[1])
		}
		if seen[i] {
			return Weights{}, fmt.Errorf("%s:%d: %s given twice", name, ln+1, f[0])
		}
		v[i], seen[i] = n, true
	}
	for i, ok := range seen[:scalarWeights] {
		if !ok {
			return Weights{}, fmt.Errorf("%s: weight %s is missing", name, weightNames[i])
		}
	}
	return WeightsFromVector(v)
}

// Format writes the weights in the form ParseWeights reads, after a comment header.
func (w *Weights) Format(header string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSpace(header), "\n") {
		b.WriteString("# " + l + "\n")
	}
	for i, v := range w.Vector() {
		if i < scalarWeights || v != 0 {
			fmt.Fprintf(&b, "%s %d\n", weightNames[i], v)
		}
	}
	return b.String()
}

// evalWeights are the weights the evaluation uses (weights.txt).
var evalWeights = func() Weights {
	w, err := ParseWeights("internal/bundledengine/weights.txt", weightsText)
	if err != nil {
		panic(err)
	}
	return w
}()

// Features returns the evaluation of p from Black's side as features, one for each weight
// (in the order of WeightNames): the evaluation is nearly the sum of weight × feature (the
// tables round to whole centipawns). The tuner fits the weights to game results with them.
func Features(p *board.Position) []float64 {
	f := make([]float64, len(weightNames))
	idx := weightIndex
	pstAt := func(t board.PieceType) int { return idx["pst."+kindName(t)+".1.1"] }
	ownAt := func(t board.PieceType) int { return idx["own."+kindName(t)+".0.-8"] }
	enemyAt := func(t board.PieceType) int { return idx["enemy."+kindName(t)+".0.-8"] }
	for c := board.Black; c <= board.White; c++ {
		sign := 1.0
		if c == board.White {
			sign = -1
		}
		own, opp := p.KingSquare(c), p.KingSquare(c.Opp())
		h := p.Hand(c)
		for _, t := range handKinds {
			f[idx["hand."+kindName(t)]] += sign * handFactor(t, min(h.Count(t), 18))
		}
		if own != board.NoSquare {
			f[idx["scale.pst"]] += sign * float64(pstBase[board.King][relSquare(c, own)]) / 100
			f[pstAt(board.King)+pstCell(relSquare(c, own))] += sign
		}
		for _, t := range boardKinds {
			for bb := p.Pieces(c, t); bb.NonZero(); {
				s := bb.Pop()
				f[idx["piece."+kindName(t)]] += sign
				f[idx["scale.pst"]] += sign * float64(pstBase[t][relSquare(c, s)]) / 100
				f[pstAt(t)+pstCell(relSquare(c, s))] += sign
				if own != board.NoSquare {
					o := offset(c, own, s)
					f[idx["scale.ownking"]] += sign * float64(ownKingBase[t][o]) / 100
					f[ownAt(t)+offsetCell(o)] += sign
				}
				if opp != board.NoSquare {
					o := offset(c, opp, s)
					f[idx["scale.enemyking"]] += sign * float64(enemyKingBase[t][o]) / 100
					f[enemyAt(t)+offsetCell(o)] += sign
				}
			}
		}
		for _, t := range sliderKinds {
			for bb := p.Pieces(c, t); bb.NonZero(); {
				f[idx["mobility."+kindName(t)]] += sign * float64(p.AttacksFrom(c, t, bb.Pop()).Count())
			}
		}
		f[idx["king.hole"]] -= sign * float64(holeDanger(p, c))
	}
	if p.SideToMove() == board.Black {
		f[idx["tempo"]] = 1
	} else {
		f[idx["tempo"]] = -1
	}
	return f
}

// relSquare is s as colour c sees it (Black's view of the tables).
func relSquare(c board.Color, s board.Square) board.Square {
	if c == board.White {
		return board.NumSquares - 1 - s
	}
	return s
}

// Quiet reports whether p's static evaluation means something for the tuner: the side to
// move is not in check and has no capture (or promotion) that wins material by SEE, so a
// quiescence search would stand pat.
func Quiet(p *board.Position) bool {
	if p.InCheck() {
		return false
	}
	var buf moveList
	for _, m := range p.LegalMoves(buf[:0]) {
		if m.Captured() == board.NoPieceType && !m.IsPromotion() {
			continue
		}
		if seeGE(p, m, 1) {
			return false
		}
	}
	return true
}
