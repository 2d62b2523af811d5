package book

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"banmen/board"
	"banmen/kifu"
)

const startKey = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b -"

// A book as YaneuraOu's format page and ShogiHome write them: a BOM, CRLF, comments on the
// position and on a move, "none" and ShogiHome 1.20's empty fields, a comment on a move's own
// line, and a position reached after 7g7f 3c3d with its move number.
const sample = "\uFEFF#YANEURAOU-DB2016 1.00\r\n" +
	"sfen " + startKey + " 1\r\n" +
	"#平手の初形\r\n" +
	"7g7f 3c3d 42 24 10\r\n" +
	"#角道を開ける\r\n" +
	"//二行目\r\n" +
	"2g2f none none none 3\r\n" +
	"5g5f 8c8d  16  2 1 //中飛車\r\n" +
	"sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\r\n" +
	"2g2f 8c8d -12 20 4\r\n"

func TestReadASampleBook(t *testing.T) {
	b, warns, err := Read([]byte(sample), "sample.db")
	if err != nil || len(warns) != 0 {
		t.Fatalf("%v %v", err, warns)
	}
	if b.Positions() != 2 {
		t.Fatalf("%d positions, want 2", b.Positions())
	}
	e := b.Lookup(board.NewStartPosition())
	if e == nil || e.Comment != "平手の初形" || len(e.Moves) != 3 {
		t.Fatalf("the start: %+v", e)
	}
	m := e.Moves[0]
	if m.Move.USI() != "7g7f" || m.Ponder.USI() != "3c3d" || !m.HasScore || m.Score != 42 || !m.HasDepth || m.Depth != 24 || m.Count != 10 || m.Comment != "角道を開ける\n二行目" {
		t.Errorf("7g7f: %+v", m)
	}
	if m := e.Moves[1]; m.Ponder != board.NoMove || m.HasScore || m.HasDepth || m.Count != 3 {
		t.Errorf("2g2f: %+v", m)
	}
	if m := e.Moves[2]; m.Move.USI() != "5g5f" || m.Score != 16 || m.Depth != 2 || m.Count != 1 || m.Comment != "中飛車" {
		t.Errorf("5g5f: %+v", m)
	}
	p := board.NewStartPosition()
	for _, u := range []string{"7g7f", "3c3d"} {
		mv, _ := p.ParseMove(u)
		p.Do(mv)
	}
	if e := b.Lookup(p); e == nil || e.Ply != 3 || len(e.Moves) != 1 || e.Moves[0].Score != -12 {
		t.Errorf("after 7g7f 3c3d: %+v", e)
	}
}

func TestWriteSortsAndReadsBack(t *testing.T) {
	b, _, err := Read([]byte(sample), "sample.db")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := b.Write(&out); err != nil {
		t.Fatal(err)
	}
	want := Header + "\n" +
		"sfen lnsgkgsnl/1r5b1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL b - 3\n" +
		"2g2f 8c8d -12 20 4\n" +
		"sfen " + startKey + " 1\n" +
		"#平手の初形\n" +
		"7g7f 3c3d 42 24 10\n" +
		"#角道を開ける\n" +
		"#二行目\n" +
		"2g2f none none none 3\n" +
		"5g5f 8c8d 16 2 1\n" +
		"#中飛車\n"
	if out.String() != want {
		t.Fatalf("wrote:\n%s\nwant:\n%s", out.String(), want)
	}
	again, warns, err := Read(out.Bytes(), "again.db")
	if err != nil || len(warns) != 0 {
		t.Fatal(err, warns)
	}
	var out2 bytes.Buffer
	again.Write(&out2)
	if out2.String() != out.String() {
		t.Errorf("read back and written again, the book changed:\n%s", out2.String())
	}
}

// What cannot be used is left out, each with a warning naming its line; the rest is read.
func TestReadSaysWhatItLeftOut(t *testing.T) {
	text := Header + "\n" +
		"7g7f none 0 0 1\n" + // 2: before any position
		"sfen " + startKey + " 1\n" +
		"7g7f none 0 0 1\n" +
		"7g7e none 0 0 1\n" + // 5: not legal
		"7g7f none 5 5 5\n" + // 6: twice
		"sfen not/a/position b - 1\n" + // 7
		"2g2f none 0 0 1\n" + // 8: with the bad position
		"sfen " + startKey + " 9\n" + // 9: the same position again
		"2g2f none 0 0 1\n"
	b, warns, err := Read([]byte(text), "bad.db")
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, w := range warns {
		lines = append(lines, w.Line)
	}
	if !slices.Equal(lines, []int{2, 5, 6, 7, 8, 9}) {
		t.Errorf("warnings on lines %v, want 2 5 6 7 8 9: %v", lines, warns)
	}
	e := b.Lookup(board.NewStartPosition())
	if e == nil || len(e.Moves) != 2 || e.Moves[0].Move.USI() != "7g7f" || e.Moves[1].Move.USI() != "2g2f" || e.Ply != 1 {
		t.Errorf("the start: %+v", e)
	}
	for _, bad := range []string{"#YANEURAOU-DB2016 2.00\n", "#SOMETHING ELSE\nsfen " + startKey + " 1\n"} {
		if _, _, err := Read([]byte(bad), "other.db"); err == nil || !strings.Contains(err.Error(), "other.db: line 1") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	if _, _, err := Read([]byte{0x82, 0xa0, 0xff}, "sjis.db"); err == nil {
		t.Error("bytes that are not UTF-8 were read")
	}
	// a book without the header line, as ShogiHome also reads
	if b, warns, err := Read([]byte("sfen "+startKey+" 1\n7g7f none 0 0 1\n"), "bare.db"); err != nil || len(warns) != 0 || b.Positions() != 1 {
		t.Errorf("a book without its header: %v %v", err, warns)
	}
}

func TestAddRecordCountsTheMainLine(t *testing.T) {
	rec, err := kifu.ReadFile("../kifu/testdata/kif/kifu-for-js__meijinsen_20180508_M7_10034.kif")
	if err != nil {
		t.Fatal(err)
	}
	b := New()
	if n := b.AddRecord(rec, 10); n != 10 {
		t.Fatalf("added %d moves, want 10", n)
	}
	if b.Positions() != 10 {
		t.Errorf("%d positions, want 10", b.Positions())
	}
	b.AddRecord(rec, 4)
	// another first move, played once: the record's, played twice, comes first
	other := kifu.New(nil)
	if _, err := other.PlayUSI(other.Root, "2g2f"); err != nil {
		t.Fatal(err)
	}
	m := other.MainMoves()[0]
	b.AddRecord(other, 0)
	e := b.Lookup(board.NewStartPosition())
	first := rec.MainMoves()[0]
	if len(e.Moves) != 2 || e.Moves[0].Move != first || e.Moves[0].Count != 2 || e.Moves[1].Count != 1 {
		t.Errorf("the start: %+v", e.Moves)
	}
	// the fifth position was counted once
	p := rec.Start.Clone()
	for _, m := range rec.MainMoves()[:4] {
		p.Do(m)
	}
	if e := b.Lookup(p); e == nil || e.Moves[0].Count != 1 || e.Ply != 5 {
		t.Errorf("move 5: %+v", e)
	}
	if !b.Remove(board.NewStartPosition(), m) || b.Remove(board.NewStartPosition(), m) {
		t.Error("Remove")
	}
	if e := b.Lookup(board.NewStartPosition()); len(e.Moves) != 1 {
		t.Errorf("after Remove: %+v", e.Moves)
	}
}
