package board

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Japanese move notation, as KIF and KI2 records and players write it.
//
// KIF:  ７六歩(77)  同　歩(23)  ５五角打  ２二角成(88)  ３三桂(45)  (or ３三桂不成(45))
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
// ２二角成(88), ３三桂(45). A move that could promote and does not is written without
// 不成, as ShogiHome writes it (the origin says which move it is; Kifu for Windows
// writes ３三桂不成(45), which ReadJapaneseMove reads too). lastTo is the previous
// move's destination (NoSquare if none), for 同.
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
	// Move is the move the text names when the board allows it but the rules do not
	// (IsPseudoLegal: 二歩, the king left in check, …), so that a record can keep the move
	// a game was lost by; NoMove otherwise.
	Move Move
}

func (e *JapaneseMoveError) Error() string {
	return fmt.Sprintf("illegal move %q: %s", e.Text, e.Reason)
}

// JapaneseDigit returns the value of a digit as records write files, ranks and counts
// (1, １, 一 … 9, ９, 九); 0 for any other rune.
func JapaneseDigit(r rune) int {
	switch {
	case r >= '1' && r <= '9':
		return int(r - '0')
	case r >= '１' && r <= '９':
		return int(r-'１') + 1
	}
	switch r {
	case '一':
		return 1
	case '二':
		return 2
	case '三':
		return 3
	case '四':
		return 4
	case '五':
		return 5
	case '六':
		return 6
	case '七':
		return 7
	case '八':
		return 8
	case '九':
		return 9
	}
	return 0
}

// JapanesePiece reads a one-character piece name (歩 香 桂 銀 金 角 飛 玉 王 と 杏 圭 全 馬 龍
// 竜), as board diagrams and moves write them; NoPieceType for any other rune.
func JapanesePiece(r rune) PieceType {
	switch r {
	case '歩':
		return Pawn
	case '香':
		return Lance
	case '桂':
		return Knight
	case '銀':
		return Silver
	case '金':
		return Gold
	case '角':
		return Bishop
	case '飛':
		return Rook
	case '玉', '王':
		return King
	case 'と':
		return ProPawn
	case '杏':
		return ProLance
	case '圭':
		return ProKnight
	case '全':
		return ProSilver
	case '馬':
		return Horse
	case '龍', '竜':
		return Dragon
	}
	return NoPieceType
}

// CutJapanesePiece reads a piece name at the start of s (成香 成桂 成銀 or a name
// JapanesePiece reads) and returns its kind and the rest of s.
func CutJapanesePiece(s string) (PieceType, string, bool) {
	r, n := utf8.DecodeRuneInString(s)
	if r == '成' {
		switch {
		case strings.HasPrefix(s[n:], "香"):
			return ProLance, s[n+len("香"):], true
		case strings.HasPrefix(s[n:], "桂"):
			return ProKnight, s[n+len("桂"):], true
		case strings.HasPrefix(s[n:], "銀"):
			return ProSilver, s[n+len("銀"):], true
		}
		return NoPieceType, s, false
	}
	if t := JapanesePiece(r); t != NoPieceType {
		return t, s[n:], true
	}
	return NoPieceType, s, false
}

// TrimJapaneseSpace trims leading ASCII and full-width spaces (U+3000), as records put
// them between a move's parts; kifu trims its lines with it too.
func TrimJapaneseSpace(s string) string {
	for len(s) > 0 {
		switch {
		case s[0] == ' ' || s[0] == '\t':
			s = s[1:]
		case strings.HasPrefix(s, "　"):
			s = s[len("　"):]
		default:
			return s
		}
	}
	return s
}

// ParseJapaneseMove reads one move in KIF or KI2 style (see ReadJapaneseMove) and returns
// the legal move it names in p; text after the move (a time column) is ignored.
func (p *Position) ParseJapaneseMove(text string, lastTo Square) (Move, error) {
	m, _, err := p.ReadJapaneseMove(text, lastTo)
	if err != nil {
		return NoMove, err
	}
	return m, nil
}

// japaneseMove is what the text of a Japanese move says.
type japaneseMove struct {
	to, from           Square // from: NoSquare unless an origin "(77)" is given
	t                  PieceType
	words              string // 右 左 直 上 引 寄 行 入
	promote, noPromote bool
	drop               bool
}

// ReadJapaneseMove reads the move at the start of text, in KIF or KI2 style (with or
// without ▲△☗☖▼▽, with full- or half-width digits, 同 with or without a space, an
// origin in parentheses or the words 右 左 直 上 引 寄 行 入, and 成 不成 生 打), and returns
// the legal move it names in p and how many bytes of text it took; what follows (a KIF
// time column, a "+") is the caller's. lastTo is the previous move's destination, for 同
// (NoSquare if none). The error is a *JapaneseMoveError; for a move the board allows but
// the rules forbid, its Move is that move and the count of bytes is the move's, as for a
// legal one (it is 0 when the text is not a move at all).
func (p *Position) ReadJapaneseMove(text string, lastTo Square) (Move, int, error) {
	jm, rest, reason := readJapaneseMove(text, lastTo)
	if reason != "" {
		return NoMove, 0, &JapaneseMoveError{Text: moveText(text, rest), Reason: reason}
	}
	n := len(text) - len(rest)
	m, err := p.japaneseMove(jm)
	if err != nil {
		err.Text = moveText(text, rest)
		return NoMove, n, err
	}
	return m, n, nil
}

// moveText is the text of the move: text up to rest, without surrounding spaces.
func moveText(text, rest string) string {
	s := strings.TrimSpace(text[:len(text)-len(rest)])
	s = strings.TrimRight(s, " 　")
	if s == "" {
		return strings.TrimSpace(text)
	}
	return s
}

// readJapaneseMove reads the text of a move; reason says what is wrong with it.
func readJapaneseMove(text string, lastTo Square) (jm japaneseMove, rest, reason string) {
	s := TrimJapaneseSpace(text)
	r, n := utf8.DecodeRuneInString(s)
	for r == '▲' || r == '△' || r == '☗' || r == '☖' || r == '▼' || r == '▽' {
		s = s[n:]
		r, n = utf8.DecodeRuneInString(s)
	}
	if r == '同' || r == '仝' {
		if lastTo == NoSquare {
			return jm, s, "同 (same square) with no previous move"
		}
		jm.to = lastTo
		s = TrimJapaneseSpace(s[n:])
	} else {
		r2, n2 := utf8.DecodeRuneInString(s[n:])
		f, rk := JapaneseDigit(r), JapaneseDigit(r2)
		if f == 0 || rk == 0 {
			return jm, s, "want a destination like ７六 or 同"
		}
		jm.to = NewSquare(f, rk)
		s = s[n+n2:]
		s = strings.TrimPrefix(s, "同") // a few writers put 同 after the square: "７六同歩"
		s = TrimJapaneseSpace(s)
	}
	var ok bool
	if jm.t, s, ok = CutJapanesePiece(s); !ok {
		return jm, s, "unknown piece; want 歩 香 桂 銀 金 角 飛 玉 と 成香 成桂 成銀 馬 龍"
	}
	jm.from = NoSquare
	for s != "" {
		r, n := utf8.DecodeRuneInString(s)
		switch r {
		case '右', '左', '直', '上', '引', '寄', '行', '入':
			jm.words += string(r)
		case '成':
			jm.promote = true
		case '不':
			if !strings.HasPrefix(s[n:], "成") {
				return jm, s, "不 must be followed by 成"
			}
			jm.noPromote = true
			n += len("成")
		case '生':
			jm.noPromote = true
		case '打':
			jm.drop = true
		case '(', '（':
			rest, reason := jm.origin(s)
			return jm, rest, reason
		default:
			return jm, s, ""
		}
		s = s[n:]
	}
	return jm, s, ""
}

// origin reads "(77)" (or "(00)", which some writers put after a drop) at the start of
// s. A parenthesis holding more is a time column: not the move's.
func (jm *japaneseMove) origin(s string) (rest, reason string) {
	if s[0] == '(' && len(s) >= 4 && s[3] == ')' && s[1] >= '1' && s[1] <= '9' && s[2] >= '1' && s[2] <= '9' {
		jm.from = NewSquare(int(s[1]-'0'), int(s[2]-'0')) // the usual "(77)"
		return s[4:], ""
	}
	_, n := utf8.DecodeRuneInString(s)
	end := strings.IndexAny(s, ")）")
	if end < 0 {
		return s, "unclosed origin; want (77)"
	}
	_, cl := utf8.DecodeRuneInString(s[end:])
	inner := []rune(s[n:end])
	switch {
	case string(inner) == "00" || string(inner) == "００":
		jm.drop = true
	case len(inner) > 2:
		return s, "" // a time column right after the move
	case len(inner) != 2 || JapaneseDigit(inner[0]) == 0 || JapaneseDigit(inner[1]) == 0:
		return s, "want an origin like (77)"
	default:
		jm.from = NewSquare(JapaneseDigit(inner[0]), JapaneseDigit(inner[1]))
	}
	return s[end+cl:], ""
}

// japaneseMove finds the move jm names in p.
func (p *Position) japaneseMove(jm japaneseMove) (Move, *JapaneseMoveError) {
	fail := func(m Move, format string, args ...any) (Move, *JapaneseMoveError) {
		return NoMove, &JapaneseMoveError{Reason: fmt.Sprintf(format, args...), Move: m}
	}
	if jm.promote && jm.noPromote {
		return fail(NoMove, "both 成 and 不成")
	}
	if jm.from != NoSquare {
		pc := p.board[jm.from]
		if pc != NoPiece && pc.Color() == p.side && pc.Type() != jm.t {
			return fail(NoMove, "the piece on %s is %s, not %s", SquareName(jm.from), pc.Type().Kanji(), jm.t.Kanji())
		}
		m, err := p.BoardMove(jm.from, jm.to, jm.promote)
		if err != nil {
			return fail(m, "%s", err.(*IllegalMoveError).Reason)
		}
		return m, nil
	}
	if jm.drop && jm.words == "" && !jm.promote {
		m, err := p.DropMove(jm.t, jm.to)
		if err != nil {
			return fail(m, "%s", err.(*IllegalMoveError).Reason)
		}
		return m, nil
	}
	// no origin: the piece of the kind that can go there, told apart by the words
	var buf [18]Move
	cands := p.japaneseCandidates(buf[:0], jm, p.IsLegal)
	if jm.drop {
		cands = filterMoves(cands, Move.IsDrop)
	} else if len(cands) > 1 {
		// a drop is written 打 only when a board piece could go there too, so with
		// board candidates present an unmarked move is a board move
		if board := filterMoves(cands, func(m Move) bool { return !m.IsDrop() }); len(board) > 0 {
			cands = board
		}
	}
	if jm.words != "" && len(cands) > 1 {
		cands = filterByWords(p.side, jm.t, jm.to, cands, jm.words)
	}
	switch len(cands) {
	case 1:
		return cands[0], nil
	case 0:
		if jm.drop {
			m, err := p.DropMove(jm.t, jm.to)
			if err == nil {
				return fail(NoMove, "a dropped piece cannot promote")
			}
			return fail(m, "%s", err.(*IllegalMoveError).Reason)
		}
		// an illegal move can still be told apart if one piece of the kind can go there
		// (an unmarked drop only if no board piece can)
		var pbuf [18]Move
		ps := p.japaneseCandidates(pbuf[:0], jm, p.IsPseudoLegal)
		if len(ps) > 1 {
			ps = filterMoves(ps, func(m Move) bool { return !m.IsDrop() })
		}
		if len(ps) == 1 {
			return fail(ps[0], "%s", p.WhyIllegal(ps[0]).(*IllegalMoveError).Reason)
		}
		with := ""
		if jm.promote {
			with = " with promotion"
		}
		return fail(NoMove, "no legal move of a %s to %s%s", jm.t.Kanji(), JapaneseSquare(jm.to), with)
	}
	return fail(NoMove, "ambiguous: %d pieces can make it", len(cands))
}

// japaneseCandidates appends the moves of a piece of jm's kind to jm's destination
// (board moves, then the drop) that ok accepts.
func (p *Position) japaneseCandidates(out []Move, jm japaneseMove, ok func(Move) bool) []Move {
	us := p.side
	for bb := p.Pieces(us, jm.t); bb.NonZero(); {
		from := bb.Pop()
		if !p.lines.attacksFrom(us, jm.t, from).Has(jm.to) {
			continue
		}
		if m := NewBoardMove(from, jm.to, jm.t, p.board[jm.to].Type(), jm.promote); ok(m) {
			out = append(out, m)
		}
	}
	if !jm.promote && jm.t >= Pawn && jm.t <= Gold {
		if m := NewDrop(jm.t, jm.to); ok(m) {
			out = append(out, m)
		}
	}
	return out
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
