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
	for i, l := range lines {
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

var _ = board.Black
