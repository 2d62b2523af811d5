package kifu

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"banmen/board"
)

// What the two most used open readers accept of what kifu writes, learned by running
// tsshogi 2.2.0 (ShogiHome) and json-kifu-format 5.5.0 (Kifu for JS) over banmen-cli convert
// output of every fixture; the rules are kept here so that the repository needs no node.

// jkfTrailerLine is the まで line json-kifu-format's KIF and KI2 grammars accept; it stops
// reading at any other (入玉勝ち, 最大手数, 引き分け, 不戦勝, …).
var jkfTrailerLine = regexp.MustCompile(`^まで[0-9]+手(で[先後上下]手の(勝ち|反則勝ち|反則負け)|で時間切れにより[先後上下]手の勝ち|で中断|で持将棋|で千日手|で?詰み?|で不詰|で封じ手)$`)

// checkReadersAccept checks the rules on text written as KIF or KI2.
func checkReadersAccept(t *testing.T, name string, text string, ki2 bool) {
	t.Helper()
	lines := strings.Split(text, "\n")
	if ki2 && strings.HasPrefix(lines[0], "#") {
		t.Errorf("%s: KI2 opens with a # line, where Kifu for JS's KI2 reader stops: %q", name, lines[0])
	}
	afterTrailer := false
	for i, l := range lines {
		if ki2 {
			// json-kifu-format's KI2 grammar: after a まで line only "#" lines and blank
			// ones, up to the next 変化 line
			switch {
			case strings.HasPrefix(l, "変化："):
				afterTrailer = false
				if i+1 < len(lines) && strings.Contains(lines[i+1], "同") && strings.IndexAny(lines[i+1], "▲△") == 0 &&
					strings.HasPrefix(strings.TrimLeft(lines[i+1], "▲△"), "同") {
					t.Errorf("%s line %d: a variation opens with 同, which Kifu for JS reads against the main line: %q", name, i+2, lines[i+1])
				}
			case afterTrailer && l != "" && !strings.HasPrefix(l, "#"):
				t.Errorf("%s line %d: Kifu for JS's KI2 reader stops at %q after the まで line", name, i+1, l)
			case afterTrailer && l == "" && i > 0 && strings.HasPrefix(lines[i-1], "#") && i+1 < len(lines) && lines[i+1] != "":
				// blank lines may follow まで, but not a "#" line after it
				t.Errorf("%s line %d: Kifu for JS's KI2 reader stops at a blank line after a # line after まで", name, i+1)
			}
			if strings.HasPrefix(l, "まで") {
				afterTrailer = true
			}
		}
		if strings.HasPrefix(l, "まで") && !jkfTrailerLine.MatchString(l) {
			t.Errorf("%s line %d: Kifu for JS does not read the trailer %q", name, i+1, l)
		}
		if h, ok := strings.CutPrefix(l, "手合割："); ok && !widelyKnownHandicaps[h] &&
			(i+1 >= len(lines) || !strings.HasPrefix(lines[i+1], "後手の持駒：")) {
			t.Errorf("%s line %d: 手合割 %s, which tsshogi starts from 平手, without its board diagram", name, i+1, h)
		}
	}
}

func TestWrittenRecordsFollowWhatReadersAccept(t *testing.T) {
	files, _ := filepath.Glob("testdata/*/*.*")
	n := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := Read(data, f)
		if err != nil {
			continue // the fixtures of errors
		}
		n++
		for _, enc := range []Encoding{UTF8, ShiftJIS} {
			kif, err := FormatRecord(r, KIF, WriteOptions{Encoding: enc})
			if err != nil {
				t.Fatal(err)
			}
			checkReadersAccept(t, f+" as KIF", kif, false)
			ki2, _ := FormatRecord(r, KI2, WriteOptions{Encoding: enc})
			if strings.Contains(ki2, "#KIF") {
				t.Errorf("%s: KI2 written with a #KIF line (Kifu for JS's KI2 reader stops at it)", f)
			}
			checkReadersAccept(t, f+" as KI2", ki2, true)
		}
	}
	if n < 20 {
		t.Fatalf("only %d fixtures read", n)
	}
}

// Every special, and every named start position, written as KIF and KI2 follows the rules
// and reads back as it was: the trailers Kifu for JS cannot read are taken back from the
// remark that follows "まで…で中断".
func TestEverySpecialAndHandicapReadsBack(t *testing.T) {
	for _, h := range Handicaps {
		for sp := Resign; sp <= Other; sp++ {
			r := New(h.Position())
			n := r.Root
			if h.Name != "平手" {
				var err error
				if n, err = r.PlayUSI(n, "5a4b"); err != nil {
					t.Fatal(err)
				}
			}
			r.Root.Remarks = []string{"a remark"}
			text := ""
			if sp == Other {
				text = "最後"
			}
			if _, err := r.End(n, sp, text); err != nil {
				t.Fatal(err)
			}
			for _, f := range []Format{KIF, KI2} {
				out, err := FormatRecord(r, f, WriteOptions{})
				if err != nil {
					t.Fatal(err)
				}
				name := h.Name + " " + sp.String() + " as " + f.String()
				checkReadersAccept(t, name, out, f == KI2)
				back, err := ParseKIF(out)
				if err != nil {
					t.Fatalf("%s: %v\n%s", name, err, out)
				}
				end := back.MainEnd()
				if end.Special != sp || end.SpecialText != text || len(end.Remarks) != 0 {
					t.Errorf("%s: read back %v %q remarks %q\n%s", name, end.Special, end.SpecialText, end.Remarks, out)
				}
				if back.Start.SFEN() != h.Position().SFEN() || len(back.Root.Remarks) != 1 {
					t.Errorf("%s: read back from %s, remarks %q\n%s", name, back.Start.SFEN(), back.Root.Remarks, out)
				}
			}
		}
	}
}

// A special's comment, bookmark and remark written as KI2 follow the rules and read back on
// the special, not on the move before it; so does a variation that opens with a capture on
// the square just moved to, below a variation.
func TestKI2SpecialNotesAndVariationCapturesReadBack(t *testing.T) {
	r := New(nil)
	n := r.Root
	for _, u := range []string{"7g7f", "3c3d", "2g2f"} {
		var err error
		if n, err = r.PlayUSI(n, u); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := r.End(n, FoulWin, ""); err != nil {
		t.Fatal(err)
	}
	sp := n.Next()
	sp.Comment, sp.Bookmark, sp.Remarks = "王手放置の反則\n二行目", "終局", []string{"a remark"}
	v, err := r.PlayUSI(n.Parent(), "8h2b+") // 変化：3手
	if err != nil {
		t.Fatal(err)
	}
	if v, err = r.PlayUSI(v, "3a2b"); err != nil { // 同　銀
		t.Fatal(err)
	}
	// 変化：4手 below 変化：3手: 同　飛 read against the main line's ply 3 (２六歩) would fail
	if _, err := r.PlayUSI(v.Parent(), "8b2b"); err != nil {
		t.Fatal(err)
	}
	out, err := FormatRecord(r, KI2, WriteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkReadersAccept(t, "KI2", out, true)
	if !strings.Contains(out, "変化：4手\n△２二飛\n") {
		t.Errorf("the nested variation does not name its square:\n%s", out)
	}
	back, err := ParseKIF(out)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	end := back.MainEnd()
	if end.Special != FoulWin || end.Comment != sp.Comment || end.Bookmark != sp.Bookmark ||
		strings.Join(end.Remarks, "|") != "a remark" || end.Parent().Comment != "" {
		t.Errorf("read back %v comment %q bookmark %q remarks %q, the move before: %q\n%s",
			end.Special, end.Comment, end.Bookmark, end.Remarks, end.Parent().Comment, out)
	}
	if got, want := FormatKI2(back), FormatKI2(r); got != want {
		t.Errorf("written again:\n%s\nwant\n%s", got, want)
	}
}

var _ = board.Black

// KI2 has no line for its encoding: UTF-8 carries a BOM, so that a UTF-8 file named .ki2 is
// not read as Shift_JIS; Shift_JIS has none. Both read back.
func TestUTF8KI2CarriesABOM(t *testing.T) {
	r, err := ParseKIF("先手：羽生\n▲７六歩△３四歩\nまで2手で中断\n")
	if err != nil {
		t.Fatal(err)
	}
	for _, enc := range []Encoding{UTF8, ShiftJIS} {
		var b strings.Builder
		if err := Write(&b, r, KI2, WriteOptions{Encoding: enc}); err != nil {
			t.Fatal(err)
		}
		data := []byte(b.String())
		if hasBOM := strings.HasPrefix(b.String(), "\uFEFF"); hasBOM != (enc == UTF8) {
			t.Errorf("%v: BOM %v", enc, hasBOM)
		}
		back, got, err := Read(data, "g.ki2")
		if err != nil {
			t.Fatalf("%v: %v", enc, err)
		}
		if got != enc || back.BlackName() != "羽生" || len(back.MainMoves()) != 2 {
			t.Errorf("%v: read back as %v, 先手 %q, %d moves, %v", enc, got, back.BlackName(), len(back.MainMoves()), err)
		}
	}
}
