package board

import (
	"strings"
	"testing"
)

func TestParseMove(t *testing.T) {
	start := NewStartPosition()
	for _, c := range []struct {
		sfen, move, want string // want "" = legal
	}{
		{StartSFEN, "7g7f", ""},
		{StartSFEN, "2h2a", "cannot move to"},
		{StartSFEN, "7g7e", "cannot move to"},
		{StartSFEN, "5e5d", "no piece on 5e"},
		{StartSFEN, "3c3d", "is not black's"},
		{StartSFEN, "8h7g", "holds black's own piece"},
		{StartSFEN, "P*5e", "no 歩 in hand"},
		{StartSFEN, "7g7f+", "cannot promote here"},
		{StartSFEN, "7g", "want a USI move"},
		{StartSFEN, "7g7g", "the same square"},
		{StartSFEN, "X*5e", "is not a piece that can be dropped"},
		{StartSFEN, "0a1b", "bad square"},
		// forced and optional promotion
		{"4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a", "must promote"},
		{"4k4/P8/9/9/9/9/9/9/4K4 b - 1", "9b9a+", ""},
		{"4k4/9/N8/9/9/9/9/9/4K4 b - 1", "9c8a", "must promote"},
		{"4k4/9/9/N8/9/9/9/9/4K4 b - 1", "9d8b", "must promote"},
		{"4k4/9/9/N8/9/9/9/9/4K4 b - 1", "9d8b+", ""},
		{"4k4/9/9/9/N8/9/9/9/4K4 b - 1", "9e8c", ""},
		{"4k4/9/9/9/N8/9/9/9/4K4 b - 1", "9e8c+", ""},
		{"4k4/9/9/S8/9/9/9/9/4K4 b - 1", "9d9c+", ""},
		{"4k4/9/S8/9/9/9/9/9/4K4 b - 1", "9c8d+", ""}, // leaving the zone promotes too
		// drops
		{"4k4/9/9/9/9/9/9/9/4K4 b P 1", "P*4a", "could never move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*5b", "could never move"},
		{"4k4/9/9/9/9/9/9/9/4K4 b N 1", "N*5c", ""},
		{"4k4/9/9/9/9/9/4P4/9/4K4 b P 1", "P*5e", "二歩"},
		{"4k4/9/9/9/9/9/4+P4/9/4K4 b P 1", "P*5e", ""}, // a tokin is no pawn
		// 打ち歩詰め: the pawn is protected by the gold and the king is boxed in
		{"3lkl3/3s1s3/4G4/9/9/9/9/9/4K4 b P 1", "P*5b", "打ち歩詰め"},
		// a pawn drop check that is not mate is legal
		{"4k4/9/9/4G4/9/9/9/9/4K4 b P 1", "P*5b", ""},
		// pins: the silver on 5h is pinned by the rook on 5a
		{"4r4/9/9/9/9/9/9/4S4/4K4 b - 1", "5h4g", "leaves the king in check"},
		{"4r4/9/9/9/9/9/9/4R4/4K4 b - 1", "5h5a+", ""},
		// king may not step into check
		{"4k4/9/9/9/9/9/9/3r5/4K4 b - 1", "5i5h", "leaves the king in check"},
	} {
		p := mustParse(t, c.sfen)
		m, err := p.ParseMove(c.move)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("%s: ParseMove(%q): %v", c.sfen, c.move, err)
		case c.want == "" && m.USI() != c.move:
			t.Errorf("%s: ParseMove(%q) = %s", c.sfen, c.move, m)
		case c.want != "" && err == nil:
			t.Errorf("%s: ParseMove(%q) succeeded, want error %q", c.sfen, c.move, c.want)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("%s: ParseMove(%q) = %v, want %q", c.sfen, c.move, err, c.want)
		}
	}
	m, _ := start.ParseMove("8h2b+")
	if m != NoMove {
		t.Errorf("8h2b+ through pieces accepted")
	}
}

func TestMoveCarriesKinds(t *testing.T) {
	p := mustParse(t, "lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3")
	m, err := p.ParseMove("8h2b+")
	if err != nil {
		t.Fatal(err)
	}
	if m.Piece() != Bishop || m.Captured() != Bishop || !m.IsPromotion() || m.PieceAfter() != Horse || m.From() != NewSquare(8, 8) || m.To() != NewSquare(2, 2) {
		t.Errorf("8h2b+ = piece %v captured %v promo %v from %v to %v", m.Piece(), m.Captured(), m.IsPromotion(), m.From(), m.To())
	}
	q := p.Play(m)
	if q.Hand(Black).Count(Bishop) != 1 || q.PieceAt(NewSquare(2, 2)) != NewPiece(Black, Horse) || q.SideToMove() != White || q.MoveNumber() != 4 {
		t.Errorf("after 8h2b+: %s", q.SFEN())
	}
	if p.SFEN() == q.SFEN() {
		t.Errorf("Play changed the original")
	}
	d, err := q.ParseMove("3a2b")
	if err != nil || d.Captured() != Horse {
		t.Fatalf("3a2b: %v %v", d, err)
	}
	r := q.Play(d)
	if r.Hand(White).Count(Bishop) != 1 {
		t.Errorf("a captured horse goes to hand as a bishop: %s", r.SFEN())
	}
}

func TestParseMoves(t *testing.T) {
	moves, pos, err := NewStartPosition().ParseMoves("7g7f 3c3d 8h2b+ 3a2b B*4e")
	if err != nil {
		t.Fatal(err)
	}
	if len(moves) != 5 || pos.SFEN() != "lnsgkg1nl/1r5s1/pppppp1pp/6p2/5B3/2P6/PP1PPPPPP/7R1/LNSGKGSNL w b 6" {
		t.Errorf("got %d moves, %s", len(moves), pos.SFEN())
	}
	moves, pos, err = NewStartPosition().ParseMoves("7g7f 3c3d 7f7e 5a5b 2h2a")
	if err == nil || !strings.Contains(err.Error(), "move 5") || len(moves) != 4 {
		t.Errorf("ParseMoves with an illegal fifth move: %d moves, %v", len(moves), err)
	}
	if pos.MoveNumber() != 5 {
		t.Errorf("position after the legal moves: %s", pos.SFEN())
	}
}

func TestCheckAndMate(t *testing.T) {
	for _, c := range []struct {
		sfen         string
		check, mate  bool
		legalMoveCnt int
	}{
		{StartSFEN, false, false, 30},
		{"4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1", true, true, 0}, // 頭金
		{"4k4/4G4/9/9/9/9/9/9/4K4 w - 1", true, false, 1},  // the king takes the gold
		// no check; king 5b, each gold 3 (7b 5b 7a / 3b 5b 3a), each silver 4 (6c 7c 5c 7a / 4c 3c 5c 3a)
		{"3gkg3/3s1s3/9/9/9/9/9/9/4K4 w - 1", false, false, 15},
		// no check; the king's only square is 1b (the rook holds file 2)
		{"8k/9/9/9/9/9/9/9/K6R1 w - 1", false, false, 1},
	} {
		p := mustParse(t, c.sfen)
		if p.InCheck() != c.check {
			t.Errorf("%s: InCheck = %v", c.sfen, p.InCheck())
		}
		if p.IsCheckmate() != c.mate {
			t.Errorf("%s: IsCheckmate = %v", c.sfen, p.IsCheckmate())
		}
		var buf [MaxMoves]Move
		n := len(p.LegalMoves(buf[:0]))
		if n != c.legalMoveCnt {
			t.Errorf("%s: %d legal moves, want %d", c.sfen, n, c.legalMoveCnt)
		}
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"7g7f", "8h2b+", "P*5e", "G*5b", "1a1b", "9i9h+", "K*5e", "7g7f++"} {
		f.Add(StartSFEN, s)
		f.Add("l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", s)
	}
	f.Fuzz(func(t *testing.T, sfen, s string) {
		raw, err := ParseUSIMove(s)
		if err == nil && raw.USI() != s {
			t.Fatalf("ParseUSIMove(%q).USI() = %q", s, raw.USI())
		}
		p, err := ParseSFEN(sfen)
		if err != nil {
			return
		}
		m, err := p.ParseMove(s)
		if err != nil {
			return
		}
		if m.USI() != s {
			t.Fatalf("ParseMove(%q).USI() = %q", s, m.USI())
		}
		if !p.IsLegal(m) {
			t.Fatalf("ParseMove accepted %q, which is not legal in %s", s, sfen)
		}
	})
}
