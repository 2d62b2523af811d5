package board

import (
	"errors"
	"strings"
	"testing"
)

func TestParseSFENRoundTrip(t *testing.T) {
	for _, s := range []string{
		StartSFEN,
		// every handicap start (上手 = White moves first)
		"lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", // 香落ち
		"1nsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1", // 右香落ち
		"lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",   // 角落ち
		"lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",   // 飛車落ち
		"lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",   // 飛香落ち
		"lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",     // 二枚落ち
		"lnsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",     // 三枚落ち
		"1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",     // 四枚落ち
		"2sgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",      // 五枚落ち
		"2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",       // 六枚落ち
		"3gkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",        // 七枚落ち
		"3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",         // 八枚落ち
		"4k4/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",           // 十枚落ち
		// tsume: one king, the rest in White's hand
		"7nl/7k1/6ppp/9/9/9/9/9/9 b RB2G4S3N3L15Prbg 1",
		"4k4/9/4P4/9/9/9/9/9/9 b G2r2b3g4s4n4l17p 1",
		// no king at all, promoted pieces, hands of both
		"+R7+B/9/9/9/9/9/9/9/+b7+r b 2P3p 5",
		"l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
	} {
		p, err := ParseSFEN(s)
		if err != nil {
			t.Errorf("ParseSFEN(%q): %v", s, err)
			continue
		}
		if got := p.SFEN(); got != s {
			t.Errorf("SFEN() = %q, want %q", got, s)
		}
	}
}

func TestParseSFENNormalisesHands(t *testing.T) {
	for in, want := range map[string]string{
		"4k4/9/9/9/9/9/9/9/4K4 b PPPPbr1r 1": "4k4/9/9/9/9/9/9/9/4K4 b 4P2rb 1",
		"sfen 4k4/9/9/9/9/9/9/9/4K4 w pG 12": "4k4/9/9/9/9/9/9/9/4K4 w Gp 12",
		"4k4/9/9/9/9/9/9/9/4K4 b -":          "4k4/9/9/9/9/9/9/9/4K4 b - 1",
		"startpos":                           StartSFEN,
		"  4k4/9/9/9/9/9/9/9/4K4 b 2P1p 3 ":  "4k4/9/9/9/9/9/9/9/4K4 b 2Pp 3",
	} {
		p, err := ParseSFEN(in)
		if err != nil {
			t.Errorf("ParseSFEN(%q): %v", in, err)
			continue
		}
		if got := p.SFEN(); got != want {
			t.Errorf("ParseSFEN(%q).SFEN() = %q, want %q", in, got, want)
		}
	}
}

func TestParseSFENErrors(t *testing.T) {
	for _, c := range []struct{ sfen, want string }{
		{"", "want 3 or 4 fields"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1 b - 1", "want 9 ranks"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSN b - 1", "rank 9 has 8 files"},
		{"lnsgkgsnl/1r5b11/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1", "rank 2 has more than 9 files"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNX b - 1", `unknown piece letter 'X'`},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNS+GKGSNL b - 1", `'G' cannot be promoted`},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL x - 1", "side to move: want 'b' or 'w'"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 3K 1", `'K' is not a piece that can be in hand`},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b P 1", "more 歩 than a set has"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2 1", "a count with no piece"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 0P 1", "a count of 0"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 0", "move number: want a positive number"},
		{"lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - x", "move number"},
		{"4k3P/9/9/9/9/9/9/9/4K4 b - 1", "black 歩 on 1a can never move"},
		{"4k3L/9/9/9/9/9/9/9/4K4 b - 1", "black 香 on 1a can never move"},
		{"4k4/8N/9/9/9/9/9/9/4K4 b - 1", "black 桂 on 1b can never move"},
		{"4k4/9/9/9/9/9/9/9/4K3n w - 1", "white 桂 on 1i can never move"},
		{"4k4/9/9/9/9/9/9/9/4K3p w - 1", "white 歩 on 1i can never move"},
		{"4k4/9/4P4/9/4P4/9/9/9/4K4 b - 1", "two pawns on file 5"},
		{"4k4/9/9/9/9/9/9/9/3KK4 b - 1", "black has two kings"},
		{"4k4/9/9/9/9/9/9/9/RRR1K4 b - 1", "3 飛 in all, but only 2 exist"},
		{"4k4/4R4/9/9/9/9/9/9/4K4 b - 1", "white, not to move, is in check"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 19P 1", "more 歩 than a set has"},
		{"4k4/9/9/9/9/9/9/9/4K4 b 99P 1", "more than any hand can hold"},
		{"4k4/9/9/9/9/9/9/9/+4K4 b - 1", "'+' must be followed by a piece letter"},
	} {
		_, err := ParseSFEN(c.sfen)
		if err == nil {
			t.Errorf("ParseSFEN(%q) succeeded, want error containing %q", c.sfen, c.want)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseSFEN(%q) = %q, want it to contain %q", c.sfen, err, c.want)
		}
	}
}

func TestParseSFENWithAllowsExtraPieces(t *testing.T) {
	s := "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1"
	if _, err := ParseSFEN(s); err == nil {
		t.Fatalf("strict ParseSFEN accepted three rooks")
	}
	p, err := ParseSFENWith(s, SFENOptions{AllowExtraPieces: true})
	if err != nil {
		t.Fatal(err)
	}
	if p.SFEN() != s {
		t.Errorf("SFEN() = %q", p.SFEN())
	}
}

func FuzzParseSFEN(f *testing.F) {
	for _, s := range []string{StartSFEN, "startpos", "4k4/9/9/9/9/9/9/9/4K4 b 2P 1", "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1", "9/9/9/9/9/9/9/9/9 b - 1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseSFEN(s)
		if err != nil {
			return
		}
		out := p.SFEN()
		q, err := ParseSFEN(out)
		if err != nil {
			t.Fatalf("SFEN %q of parsed %q does not parse: %v", out, s, err)
		}
		if q.SFEN() != out || q.Hash() != p.Hash() {
			t.Fatalf("round trip of %q: %q then %q", s, out, q.SFEN())
		}
		var buf [MaxMoves]Move
		for _, m := range p.LegalMoves(buf[:0]) {
			p.Play(m)
		}
	})
}

func TestSetHandCount(t *testing.T) {
	p := NewEmptyPosition()
	if err := p.SetHandCount(Black, Pawn, 18); err != nil || p.Hand(Black).Count(Pawn) != 18 {
		t.Errorf("18 pawns: %v", err)
	}
	for _, c := range []struct {
		t PieceType
		n int
	}{{Pawn, 19}, {Rook, 3}, {Gold, -1}, {King, 1}, {Dragon, 1}} {
		if err := p.SetHandCount(White, c.t, c.n); err == nil {
			t.Errorf("SetHandCount(%v, %d) accepted", c.t, c.n)
		}
	}
	if p.Hand(White).Total() != 0 || p.SFEN() != "9/9/9/9/9/9/9/9/9 b 18P 1" {
		t.Errorf("after refused counts: %s", p.SFEN())
	}
}

func TestSFENErrorJapanese(t *testing.T) {
	for sfen, want := range map[string]string{
		"4k4/9/9/9/9/9/9/9/3KK4 b - 1":    "先手の玉が2枚あります",
		"4k3P/9/9/9/9/9/9/9/4K4 b - 1":    "先手の歩（１一）はもう動けません",
		"4k4/9/4P4/9/4P4/9/9/9/4K4 b - 1": "先手の歩が5筋に2枚あります（二歩）",
		"4k4/9/9/9/9/9/9/9/RRR1K4 b - 1":  "飛が合わせて3枚ありますが、2枚しかありません",
		"4k4/4R4/9/9/9/9/9/9/4K4 b - 1":   "手番でない後手に王手がかかっています",
		"4k4/9/9/9/9/9/9/9/4K4 b 19P 1":   "歩が駒の数（18枚）より多くあります",
		"4k4/9/9/9/9/9/9/9/4K4 x - 1":     "", // not an editor's problem
	} {
		_, err := ParseSFEN(sfen)
		var se *SFENError
		if !errors.As(err, &se) || se.Japanese != want {
			t.Errorf("%s: %v, Japanese %q, want %q", sfen, err, se.Japanese, want)
		}
	}
}
