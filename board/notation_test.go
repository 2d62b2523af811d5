package board

import (
	"strings"
	"testing"
)

// Positions and expected notation from the JSA rules as implemented and tested by
// tsshogi (ShogiHome's library), whose output the shared record corpus is checked against.
const (
	notationBlackSFEN = "9/1S4G2/9/1S1S1G1G1/9/+B+B1+p+P+p3/3+P+p+P3/+R+R1+P+P+pN1N/9 b G2N 1"
	notationWhiteSFEN = "9/2g6/9/1g3s3/9/+b2s3+n+n/9/3+b4+n/9 w - 1"
)

var ki2Cases = []struct{ sfen, usi, ki2 string }{
	{notationBlackSFEN, "3b2b", "２二金"},
	{notationBlackSFEN, "3b3c", "３三金引"},
	{notationBlackSFEN, "2d3c", "３三金右"},
	{notationBlackSFEN, "4d3c", "３三金左"},
	{notationBlackSFEN, "G*3c", "３三金打"},
	{notationBlackSFEN, "8b7a", "７一銀不成"},
	{notationBlackSFEN, "8b7a+", "７一銀成"},
	{notationBlackSFEN, "8b7c", "７三銀引不成"},
	{notationBlackSFEN, "8b7c+", "７三銀引成"},
	{notationBlackSFEN, "8d7c", "７三銀左上不成"},
	{notationBlackSFEN, "8d7c+", "７三銀左上成"},
	{notationBlackSFEN, "6d7c", "７三銀右不成"},
	{notationBlackSFEN, "6d7c+", "７三銀右成"},
	{notationBlackSFEN, "6d7e", "７五銀右"},
	{notationBlackSFEN, "1h2f", "２六桂右"},
	{notationBlackSFEN, "3h2f", "２六桂左"},
	{notationBlackSFEN, "N*2f", "２六桂打"},
	{notationBlackSFEN, "N*1f", "１六桂"},
	{notationBlackSFEN, "3h4f", "４六桂"},
	{notationBlackSFEN, "5f5g", "５七と引"},
	{notationBlackSFEN, "5h5g", "５七と直"},
	{notationBlackSFEN, "4g5g", "５七と右"},
	{notationBlackSFEN, "6g5g", "５七と左寄"},
	{notationBlackSFEN, "6h5g", "５七と左上"},
	{notationBlackSFEN, "6g7g", "７七と寄"},
	{notationBlackSFEN, "6h7g", "７七と上"},
	{notationBlackSFEN, "8f8g", "８七馬右"},
	{notationBlackSFEN, "9f8g", "８七馬左"},
	{notationBlackSFEN, "8h8g", "８七龍右"},
	{notationBlackSFEN, "9h8g", "８七龍左"},
	{notationWhiteSFEN, "6h6i", "６九馬左"},
	{notationWhiteSFEN, "9f6i", "６九馬右"},
	{notationWhiteSFEN, "6h9e", "９五馬左"},
	{notationWhiteSFEN, "9f9e", "９五馬右"},
	{notationWhiteSFEN, "6f5g+", "５七銀成"},
	{notationWhiteSFEN, "6f5g", "５七銀不成"},
	{notationWhiteSFEN, "6f5e", "５五銀引"},
	{notationWhiteSFEN, "4d5e", "５五銀上"},
	{notationWhiteSFEN, "1h1g", "１七成桂引"},
	{notationWhiteSFEN, "1f1g", "１七成桂直"},
	{notationWhiteSFEN, "2f1g", "１七成桂右"},
	{notationWhiteSFEN, "7b8c", "８三金上"},
	{notationWhiteSFEN, "8d8c", "８三金引"},
	// three golds side by side below the square: 右, 直, 左
	{"9/9/9/9/9/9/9/9/3GGG3 b - 1", "5i5h", "５八金直"},
	{"9/9/9/9/9/9/9/9/3GGG3 b - 1", "6i5h", "５八金左"},
	{"9/9/9/9/9/9/9/9/3GGG3 b - 1", "4i5h", "５八金右"},
}

func TestKI2Move(t *testing.T) {
	for _, c := range ki2Cases {
		p := mustParse(t, c.sfen)
		m, err := p.ParseMove(c.usi)
		if err != nil {
			t.Errorf("%s: %v", c.usi, err)
			continue
		}
		if got := p.KI2Move(m, NoSquare); got != c.ki2 {
			t.Errorf("%s %s: KI2Move = %s, want %s", c.sfen, c.usi, got, c.ki2)
		}
		for _, text := range []string{c.ki2, p.SideToMove().Mark() + c.ki2, "☗" + c.ki2} {
			back, err := p.ParseJapaneseMove(text, NoSquare)
			if err != nil || back != m {
				t.Errorf("%s: ParseJapaneseMove(%q) = %v, %v; want %s", c.sfen, text, back, err, c.usi)
			}
		}
		// the KIF form reads back too
		kif := p.KIFMove(m, NoSquare)
		if back, err := p.ParseJapaneseMove(kif, NoSquare); err != nil || back != m {
			t.Errorf("%s: ParseJapaneseMove(%q) = %v, %v; want %s", c.sfen, kif, back, err, c.usi)
		}
	}
}

func TestKIFMove(t *testing.T) {
	p := NewStartPosition()
	g := NewGame(p)
	var got []string
	lastTo := NoSquare
	for _, u := range strings.Fields("7g7f 3c3d 8h2b+ 3a2b B*5e 2b3c 5e3c+ 2a3c 6i7h 8b2b 9g9f") {
		pos := g.Position()
		m, err := pos.ParseMove(u)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, pos.KIFMove(m, lastTo))
		lastTo = m.To()
		g.PlayUnchecked(m)
	}
	want := "７六歩(77) ３四歩(33) ２二角成(88) 同　銀(31) ５五角打 ３三銀(22) 同　角成(55) 同　桂(21) ７八金(69) ２二飛(82) ９六歩(97)"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	// no promotion where promotion was possible: written as ShogiHome does, without 不成;
	// read with it (as Kifu for Windows writes it) or without
	q := mustParse(t, "4k4/9/9/9/6N2/9/9/9/4K4 b - 1")
	m, err := q.ParseMove("3e2c")
	if err != nil {
		t.Fatal(err)
	}
	if s := q.KIFMove(m, NoSquare); s != "２三桂(35)" {
		t.Errorf("KIFMove = %s", s)
	}
	for _, s := range []string{"２三桂(35)", "２三桂不成(35)", "２三桂生(35)"} {
		if back, err := q.ParseJapaneseMove(s, NoSquare); err != nil || back != m {
			t.Errorf("ParseJapaneseMove(%q) = %v, %v; want %v", s, back, err, m)
		}
	}
}

func TestJapaneseLine(t *testing.T) {
	p := NewStartPosition()
	moves, _, err := p.ParseMoves("7g7f 3c3d 4i5h 2b8h+ 7i8h")
	if err != nil {
		t.Fatal(err)
	}
	s, n := p.JapaneseLine(moves, NoSquare)
	if s != "▲７六歩△３四歩▲５八金右△８八角成▲同　銀" || n != 5 {
		t.Errorf("JapaneseLine = %s (%d)", s, n)
	}
	bad := append(moves[:2:2], NewBoardMove(NewSquare(1, 4), NewSquare(1, 3), Pawn, NoPieceType, true))
	if s, n := p.JapaneseLine(bad, NoSquare); s != "▲７六歩△３四歩" || n != 2 {
		t.Errorf("JapaneseLine with an illegal move = %s (%d)", s, n)
	}
}

func TestParseJapaneseLineRoundTrip(t *testing.T) {
	p := mustParse(t, "ln4gnk/4gb1sl/p1p2p1p1/r3psp1p/Bp1S3G1/2PPP4/PP3PPPP/4R2SL/LN4GNK b P 1")
	line := "▲５九角△５三角▲１六歩△４二金寄▲１五歩△同　歩▲１四歩△３二金寄▲５五歩△同　歩▲１五金△４二角▲３六歩"
	var moves []Move
	cur := p.Clone()
	lastTo := NoSquare
	for _, text := range strings.FieldsFunc(strings.ReplaceAll(strings.ReplaceAll(line, "▲", " ▲"), "△", " △"), func(r rune) bool { return r == ' ' }) {
		m, err := cur.ParseJapaneseMove(text, lastTo)
		if err != nil {
			t.Fatalf("%s: %v", text, err)
		}
		moves = append(moves, m)
		lastTo = m.To()
		cur.Do(m)
	}
	if s, _ := p.JapaneseLine(moves, NoSquare); s != line {
		t.Errorf("round trip:\n got %s\nwant %s", s, line)
	}
}

func TestParseJapaneseMoveVariants(t *testing.T) {
	start := NewStartPosition()
	for _, c := range []struct{ text, usi string }{
		{"７六歩(77)", "7g7f"},
		{"76歩", "7g7f"},
		{"７六歩", "7g7f"},
		{"▲７六歩(77)   ( 0:01/00:00:01)", "7g7f"},
		{"７八金(69)", "6i7h"},
		{"５八金右", "4i5h"},
		{"５八金左", "6i5h"},
		{"５八金(49)", "4i5h"},
		{"１六歩", "1g1f"},
	} {
		m, err := start.ParseJapaneseMove(c.text, NoSquare)
		if err != nil || m.USI() != c.usi {
			t.Errorf("ParseJapaneseMove(%q) = %v, %v; want %s", c.text, m, err, c.usi)
		}
	}
	_, after, err := start.ParseMoves("7g7f 3c3d 8h2b+")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ text, usi string }{
		{"同　銀(31)", "3a2b"},
		{"同銀", "3a2b"},
		{"同 銀", "3a2b"},
		{"仝銀", "3a2b"},
		{"２二同銀", "3a2b"},
	} {
		m, err := after.ParseJapaneseMove(c.text, NewSquare(2, 2))
		if err != nil || m.USI() != c.usi {
			t.Errorf("ParseJapaneseMove(%q) = %v, %v; want %s", c.text, m, err, c.usi)
		}
	}
	for _, c := range []struct{ sfen, text, want string }{
		{StartSFEN, "５八金", "ambiguous"},
		{StartSFEN, "７五歩", "no legal move"},
		{StartSFEN, "同　歩", "no previous move"},
		{StartSFEN, "７六X", "unknown piece"},
		{StartSFEN, "X六歩", "want a destination"},
		{StartSFEN, "７六歩(78)", "illegal"},
		{StartSFEN, "５五角打", "illegal"},
		{StartSFEN, "７六歩(7", "unclosed origin"},
		{StartSFEN, "２二角成不成", "both 成 and 不成"},
	} {
		_, err := mustParse(t, c.sfen).ParseJapaneseMove(c.text, NoSquare)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseJapaneseMove(%q) = %v, want error %q", c.text, err, c.want)
		}
	}
}

func TestKanjiNumber(t *testing.T) {
	for n, want := range map[int]string{1: "一", 9: "九", 10: "十", 11: "十一", 18: "十八"} {
		if got := KanjiNumber(n); got != want {
			t.Errorf("KanjiNumber(%d) = %s", n, got)
		}
	}
}

// FuzzParseJapaneseMove: no panic, and whatever parses is legal and writes back to text that parses to the same move.
func FuzzParseJapaneseMove(f *testing.F) {
	for _, c := range ki2Cases {
		f.Add(c.sfen, c.ki2)
	}
	f.Add(StartSFEN, "７六歩(77)")
	f.Add(StartSFEN, "同　歩")
	f.Fuzz(func(t *testing.T, sfen, text string) {
		p, err := ParseSFEN(sfen)
		if err != nil {
			return
		}
		m, err := p.ParseJapaneseMove(text, NewSquare(5, 5))
		if err != nil {
			return
		}
		if !p.IsLegal(m) {
			t.Fatalf("%q parsed to illegal %s", text, m)
		}
		for _, s := range []string{p.KI2Move(m, NoSquare), p.KIFMove(m, NoSquare)} {
			if back, err := p.ParseJapaneseMove(s, NoSquare); err != nil || back != m {
				t.Fatalf("%q → %s → %q → %v %v", text, m, s, back, err)
			}
		}
	})
}

// A promoted piece or a king written as a drop is an illegal move with a reason, never a
// crash (the hands have no slot for them): found by the audit of the kifu readers.
func TestJapaneseDropOfPieceThatCannotBeInHand(t *testing.T) {
	p := NewStartPosition()
	for _, s := range []string{"５五と打", "▲５五龍打右", "５五馬打上", "５五玉打", "５五成銀打"} {
		m, err := p.ParseJapaneseMove(s, NoSquare)
		if err == nil {
			t.Errorf("%s: got %v, want an error", s, m)
			continue
		}
		if !strings.Contains(err.Error(), "cannot be dropped") {
			t.Errorf("%s: %v, want it to say the piece cannot be dropped", s, err)
		}
	}
	if _, err := p.ParseMove("+P*5e"); err == nil {
		t.Error("+P*5e parsed")
	}
}

func TestDigitsAndPieceNames(t *testing.T) {
	for r, want := range map[rune]int{'1': 1, '９': 9, '五': 5, '〇': 0, 'a': 0} {
		if got := JapaneseDigit(r); got != want {
			t.Errorf("JapaneseDigit(%q) = %d, want %d", r, got, want)
		}
	}
	tests := []struct {
		s    string
		t    PieceType
		rest string
	}{
		{"成香(12)", ProLance, "(12)"}, {"歩成", Pawn, "成"}, {"竜", Dragon, ""},
		{"王", King, ""}, {"全", ProSilver, ""}, {"X", NoPieceType, "X"}, {"成", NoPieceType, "成"},
	}
	for _, tt := range tests {
		pt, rest, ok := CutJapanesePiece(tt.s)
		if pt != tt.t || rest != tt.rest || ok != (tt.t != NoPieceType) {
			t.Errorf("CutJapanesePiece(%q) = %v %q %v", tt.s, pt, rest, ok)
		}
	}
	for r, want := range map[rune]PieceType{'杏': ProLance, '圭': ProKnight, 'と': ProPawn, '龍': Dragon, '・': NoPieceType} {
		if got := JapanesePiece(r); got != want {
			t.Errorf("JapanesePiece(%q) = %v, want %v", r, got, want)
		}
	}
}
