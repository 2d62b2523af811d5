package board

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Japanese move notation, as KIF and KI2 records and players write it.
//
// KIF:  ７六歩(77)  同　歩(23)  ５五角打  ２二角成(88)  ３三桂不成(45)
// KI2:  ７六歩  同　歩  ５八金右  ７三銀左上成  ５七と直  ２六桂打
//
// The words that tell apart two pieces of one kind that can reach the same square
// follow the Japan Shogi Association's rules: 上 (moves forward), 引 (backward),
// 寄 (sideways); 右 and 左 (the piece on the mover's right or left); 直 (a gold-like
// piece or silver moving straight forward); 打 (a drop when a piece on the board could
// also go there). 龍 and 馬 never take 直.

var fullWidthDigits = [10]string{"０", "１", "２", "３", "４", "５", "６", "７", "８", "９"}
var kanjiNumbers = [11]string{"〇", "一", "二", "三", "四", "五", "六", "七", "八", "九", "十"}

// JapaneseSquare writes a square as players do: ７六.
func JapaneseSquare(s Square) string {
	return fullWidthDigits[s.File()] + kanjiNumbers[s.Rank()]
}

// KanjiNumber writes 1..18 in kanji (一, 十, 十八), as hand counts are written.
func KanjiNumber(n int) string {
	switch {
	case n <= 0:
		return ""
	case n <= 10:
		return kanjiNumbers[n]
	case n < 20:
		return "十" + kanjiNumbers[n-10]
	}
	return fmt.Sprint(n)
}

// direction of a move as the mover sees it: h > 0 moves to the mover's right, v > 0 forward.
func moveDirection(c Color, from, to Square) (h, v int) {
	h = sign(from.File() - to.File())
	v = sign(from.Rank() - to.Rank())
	if c == White {
		h, v = -h, -v
	}
	return h, v
}

// sameKindAttackers returns the squares of the side to move's other pieces of kind t
// (besides 'except') that attack s.
func (p *Position) sameKindAttackers(t PieceType, s Square, except Square) Bitboard {
	us := p.side
	var out Bitboard
	for bb := p.Pieces(us, t); bb.NonZero(); {
		from := bb.Pop()
		if from != except && p.lines.attacksFrom(us, t, from).Has(s) {
			out.set(from)
		}
	}
	return out
}

// disambiguation returns the words (右 左 直 上 引 寄) that single out the origin of a board
// move m among other pieces of its kind that attack its destination; "" if there are none.
func (p *Position) disambiguation(m Move) string {
	t := m.Piece()
	others := p.sameKindAttackers(t, m.To(), m.From())
	if others.IsZero() {
		return ""
	}
	us := p.side
	myH, myV := moveDirection(us, m.From(), m.To())
	var sameVHoriz []int // horizontal directions of the others moving in my vertical direction
	sameHVert := false   // another moves in my horizontal direction
	for bb := others; bb.NonZero(); {
		h, v := moveDirection(us, bb.Pop(), m.To())
		if v == myV {
			sameVHoriz = append(sameVHoriz, h)
		}
		if h == myH {
			sameHVert = true
		}
	}
	var b strings.Builder
	noVertical := false
	if len(sameVHoriz) > 0 {
		if t == Horse || t == Dragon {
			switch {
			case myH > 0 || myH == 0 && sameVHoriz[0] < 0:
				b.WriteString("左")
			case myH < 0 || myH == 0 && sameVHoriz[0] > 0:
				b.WriteString("右")
			}
		} else {
			switch {
			case myH < 0:
				b.WriteString("右")
			case myH > 0:
				b.WriteString("左")
			default:
				b.WriteString("直")
				noVertical = true
			}
		}
	}
	if !noVertical && (sameHVert || len(sameVHoriz) == 0) {
		switch {
		case myV > 0:
			b.WriteString("上")
		case myV < 0:
			b.WriteString("引")
		default:
			b.WriteString("寄")
		}
	}
	return b.String()
}

// canPromoteMove reports whether a board move of kind t from one square to another could promote.
func canPromoteMove(c Color, t PieceType, from, to Square) bool {
	return t.CanPromote() && (promoZone[c].Has(from) || promoZone[c].Has(to))
}

func destination(m Move, lastTo Square) string {
	if m.To() == lastTo {
		return "同　"
	}
	return JapaneseSquare(m.To())
}

// KIFMove writes m, legal in p, in KIF style: ７六歩(77), 同　歩(23), ５五角打,
// ２二角成(88), ３三桂不成(45). lastTo is the previous move's destination (NoSquare
// if none), for 同.
func (p *Position) KIFMove(m Move, lastTo Square) string {
	var b strings.Builder
	b.WriteString(destination(m, lastTo))
	b.WriteString(m.Piece().Kanji())
	if m.IsDrop() {
		b.WriteString("打")
		return b.String()
	}
	if m.IsPromotion() {
		b.WriteString("成")
	} else if canPromoteMove(p.side, m.Piece(), m.From(), m.To()) {
		b.WriteString("不成")
	}
	fmt.Fprintf(&b, "(%d%d)", m.From().File(), m.From().Rank())
	return b.String()
}

// KI2Move writes m, legal in p, in KI2 style without the ▲/△ mark: ７六歩, 同　歩,
// ５八金右, ７三銀左上成, ２六桂打. lastTo is the previous move's destination, for 同.
func (p *Position) KI2Move(m Move, lastTo Square) string {
	var b strings.Builder
	b.WriteString(destination(m, lastTo))
	b.WriteString(m.Piece().Kanji())
	if m.IsDrop() {
		if p.sameKindAttackers(m.Piece(), m.To(), NoSquare).NonZero() {
			b.WriteString("打")
		}
		return b.String()
	}
	b.WriteString(p.disambiguation(m))
	if m.IsPromotion() {
		b.WriteString("成")
	} else if canPromoteMove(p.side, m.Piece(), m.From(), m.To()) {
		b.WriteString("不成")
	}
	return b.String()
}

// JapaneseLine writes a line of moves from p in KI2 style with marks, as ShogiHome's
// 読み筋 comments do: ▲７六歩△３四歩▲２二角成△同　銀. It stops before the first
// illegal move and reports how many moves it wrote.
func (p *Position) JapaneseLine(moves []Move, lastTo Square) (string, int) {
	var b strings.Builder
	cur := *p
	for i, m := range moves {
		if !cur.IsLegal(m) {
			return b.String(), i
		}
		b.WriteString(cur.side.Mark())
		b.WriteString(cur.KI2Move(m, lastTo))
		lastTo = m.To()
		cur.Do(m)
	}
	return b.String(), len(moves)
}

// JapaneseMoveError says why Japanese move text could not be read.
type JapaneseMoveError struct {
	Text   string
	Reason string
}

func (e *JapaneseMoveError) Error() string {
	return fmt.Sprintf("move %q: %s", e.Text, e.Reason)
}

// digit values of the characters used for files and ranks
var japaneseDigits = map[rune]int{
	'1': 1, '2': 2, '3': 3, '4': 4, '5': 5, '6': 6, '7': 7, '8': 8, '9': 9,
	'１': 1, '２': 2, '３': 3, '４': 4, '５': 5, '６': 6, '７': 7, '８': 8, '９': 9,
	'一': 1, '二': 2, '三': 3, '四': 4, '五': 5, '六': 6, '七': 7, '八': 8, '九': 9,
}

// Piece names in move text, longest first so 成香 wins over 成.
var japanesePieceNames = []struct {
	name string
	t    PieceType
}{
	{"成香", ProLance}, {"成桂", ProKnight}, {"成銀", ProSilver},
	{"歩", Pawn}, {"香", Lance}, {"桂", Knight}, {"銀", Silver}, {"金", Gold},
	{"角", Bishop}, {"飛", Rook}, {"玉", King}, {"王", King},
	{"と", ProPawn}, {"杏", ProLance}, {"圭", ProKnight}, {"全", ProSilver},
	{"馬", Horse}, {"龍", Dragon}, {"竜", Dragon},
}

// ParseJapaneseMove reads one move in KIF or KI2 style (with or without ▲△☗☖, with
// full- or half-width digits, 同 with or without a space, an origin in parentheses or
// the words 右 左 直 上 引 寄 行 入, and 成 不成 生 打) and returns the legal move it names
// in p. lastTo is the previous move's destination, for 同 (NoSquare if none).
func (p *Position) ParseJapaneseMove(text string, lastTo Square) (Move, error) {
	fail := func(format string, args ...any) (Move, error) {
		return NoMove, &JapaneseMoveError{Text: text, Reason: fmt.Sprintf(format, args...)}
	}
	s := strings.TrimSpace(text)
	for _, mark := range []string{"▲", "△", "☗", "☖", "▼", "▽"} {
		s = strings.TrimPrefix(s, mark)
	}
	var to Square
	switch {
	case strings.HasPrefix(s, "同") || strings.HasPrefix(s, "仝"):
		if lastTo == NoSquare {
			return fail("同 (same square) with no previous move")
		}
		to = lastTo
		_, n := utf8.DecodeRuneInString(s)
		s = strings.TrimLeft(s[n:], " 　")
	default:
		f, n1 := utf8.DecodeRuneInString(s)
		r, n2 := utf8.DecodeRuneInString(s[n1:])
		file, ok1 := japaneseDigits[f]
		rank, ok2 := japaneseDigits[r]
		if !ok1 || !ok2 {
			return fail("want a destination like ７六 or 同")
		}
		to = NewSquare(file, rank)
		s = s[n1+n2:]
		// a few writers put 同 after the square ("７六同歩"): accept it
		s = strings.TrimPrefix(s, "同")
		s = strings.TrimLeft(s, " 　")
	}
	var t PieceType
	for _, pn := range japanesePieceNames {
		if strings.HasPrefix(s, pn.name) {
			t = pn.t
			s = s[len(pn.name):]
			break
		}
	}
	if t == NoPieceType {
		return fail("unknown piece")
	}
	from := NoSquare
	var words string
	promote, noPromote, drop := false, false, false
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		switch r {
		case '右', '左', '直', '上', '引', '寄', '行', '入':
			words += string(r)
		case '成':
			promote = true
		case '不':
			if !strings.HasPrefix(s[n:], "成") {
				return fail("不 must be followed by 成")
			}
			noPromote = true
			n += len("成")
		case '生':
			noPromote = true
		case '打':
			drop = true
		case '(', '（':
			if from != NoSquare {
				// a second parenthesis is the time column
				s = ""
				continue
			}
			end := strings.IndexAny(s, ")）")
			if end < 0 {
				return fail("unclosed origin")
			}
			inner := []rune(s[n:end])
			if len(inner) != 2 {
				return fail("want an origin like (77)")
			}
			f, ok1 := japaneseDigits[inner[0]]
			rk, ok2 := japaneseDigits[inner[1]]
			if !ok1 || !ok2 {
				return fail("want an origin like (77)")
			}
			from = NewSquare(f, rk)
			_, cl := utf8.DecodeRuneInString(s[end:])
			n = end + cl
		case ' ', '　', '\t':
		default:
			// trailing text such as a time column is the caller's business; stop here
			s = ""
			continue
		}
		s = s[n:]
	}
	if promote && noPromote {
		return fail("both 成 and 不成")
	}
	us := p.side
	var buf [MaxMoves]Move
	legal := p.LegalMoves(buf[:0])
	var cands []Move
	for _, m := range legal {
		if m.To() != to || m.IsPromotion() != promote {
			continue
		}
		if m.IsDrop() {
			if m.Piece() == t && from == NoSquare {
				cands = append(cands, m)
			}
			continue
		}
		if m.Piece() != t || from != NoSquare && m.From() != from {
			continue
		}
		cands = append(cands, m)
	}
	if drop {
		cands = filterMoves(cands, Move.IsDrop)
	} else if len(cands) > 1 {
		// a drop is written 打 only when a board piece could go there too, so with
		// board candidates present an unmarked move is a board move
		board := filterMoves(cands, func(m Move) bool { return !m.IsDrop() })
		if len(board) > 0 {
			cands = board
		}
	}
	if words != "" && len(cands) > 1 {
		cands = filterByWords(us, t, to, cands, words)
	}
	switch len(cands) {
	case 1:
		return cands[0], nil
	case 0:
		if from != NoSquare || drop {
			raw := NewDrop(t, to)
			if !drop {
				raw = NewBoardMove(from, to, t, NoPieceType, promote)
			}
			if _, reason := p.complete(raw); reason != "" {
				return fail("illegal: %s", reason)
			}
		}
		return fail("no legal move of a %s to %s%s", t.Kanji(), JapaneseSquare(to), map[bool]string{true: " with promotion", false: ""}[promote])
	}
	return fail("ambiguous: %d pieces can make it", len(cands))
}

func filterMoves(ms []Move, keep func(Move) bool) []Move {
	var out []Move
	for _, m := range ms {
		if keep(m) {
			out = append(out, m)
		}
	}
	return out
}

// filterByWords keeps the candidate board moves that the disambiguation words describe.
func filterByWords(us Color, t PieceType, to Square, cands []Move, words string) []Move {
	longRange := t == Horse || t == Dragon
	keep := func(m Move) bool {
		if m.IsDrop() {
			return false
		}
		h, v := moveDirection(us, m.From(), to)
		for _, w := range words {
			switch w {
			case '上', '行', '入':
				if v <= 0 {
					return false
				}
			case '引':
				if v >= 0 {
					return false
				}
			case '寄':
				if v != 0 {
					return false
				}
			case '直':
				if h != 0 || v <= 0 {
					return false
				}
			case '右':
				if longRange && h > 0 || !longRange && h >= 0 {
					return false
				}
			case '左':
				if longRange && h < 0 || !longRange && h <= 0 {
					return false
				}
			}
		}
		return true
	}
	out := filterMoves(cands, keep)
	if len(out) == 2 && longRange {
		// 右/左 for 龍 and 馬 also name a piece moving straight: prefer the one that doesn't
		if diag := filterMoves(out, func(m Move) bool { h, _ := moveDirection(us, m.From(), to); return h != 0 }); len(diag) == 1 {
			out = diag
		}
	}
	return out
}
