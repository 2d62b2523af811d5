package usiclient

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"
)

// Run a target with: go test ./usiclient -run '^$' -fuzz FuzzParseInfo -fuzztime 60s
// Without -fuzz, the seeds below run as ordinary tests.

// seedLines adds every engine line of the fixtures and transcripts in testdata.
func seedLines(f *testing.F, keep func(string) bool) {
	files, _ := filepath.Glob("testdata/transcripts/*.txt")
	files = append(files, "testdata/usi-draft-examples.txt", "testdata/usi-shogidokoro-examples.txt")
	seen := map[string]bool{}
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		for _, line := range strings.Split(string(data), "\n") {
			if i := strings.Index(line, "< "); i >= 0 {
				line = line[i+2:]
			}
			if keep(line) && !seen[line] && len(seen) < 2000 {
				seen[line] = true
				f.Add(line)
			}
		}
	}
}

func FuzzParseInfo(f *testing.F) {
	seedLines(f, func(l string) bool { return strings.HasPrefix(l, "info") })
	f.Add("info score mate")
	f.Add("info score cp -9223372036854775808 pv")
	f.Add("info currline 2 currline pv")
	f.Fuzz(func(t *testing.T, line string) {
		in, err := ParseInfo(line)
		if err != nil {
			if Classify(line) == KindInfo {
				t.Fatalf("an info line refused: %v", err)
			}
			return
		}
		for _, m := range in.PV {
			if m == "" || isInfoKeyword(m) || strings.ContainsFunc(m, func(r rune) bool { return r <= ' ' }) {
				t.Fatalf("pv token %q", m)
			}
		}
		if in.Has(HasScore) && in.Score.Kind == NoScore {
			t.Fatal("a score without a kind")
		}
		// Parsing into a reused Info gives the same result.
		var reused Info
		reused.Parse("info depth 9 pv 7g7f 3c3d 2g2f 8c8d refutation 1 2 currline 3 4 string x")
		if err := reused.Parse(line); err != nil || describeReply(&reused) != describeReply(&in) {
			t.Fatalf("reused: %s, fresh: %s", describeReply(&reused), describeReply(&in))
		}
	})
}

func FuzzParseOption(f *testing.F) {
	seedLines(f, func(l string) bool { return strings.HasPrefix(l, "option") })
	f.Add("option name type type type type")
	f.Add("option name a b type spin default 1 min 2 max 0 var x")
	f.Fuzz(func(t *testing.T, line string) {
		o, err := ParseOption(line)
		if err != nil {
			return
		}
		if o.Name == "" || o.Name != trimSpace(o.Name) {
			t.Fatalf("name %q", o.Name)
		}
		if o.OutOfRange && o.Type != OptionSpin {
			t.Fatal("out of range flagged on a non-spin")
		}
		// What it writes back reads again, with the same name and type.
		again, err := ParseOption(o.String())
		if err != nil || again.Name != o.Name || again.Type != o.Type {
			t.Fatalf("%q → %q: %v, %q %s", line, o.String(), err, again.Name, again.Type)
		}
		_ = o.Validate(o.Default)
	})
}

func FuzzParseLine(f *testing.F) {
	seedLines(f, func(string) bool { return true })
	f.Add("bestmove")
	f.Add("checkmate")
	f.Add("id")
	f.Add("\x00\xff bestmove 7g7f")
	f.Fuzz(func(t *testing.T, line string) {
		r := ParseLine(line)
		if r == nil {
			t.Fatal("nil reply")
		}
		if o, ok := r.(Other); ok {
			if o.Err == nil && Classify(line) != KindOther {
				t.Fatalf("%q classified %s but read as other without an error", line, Classify(line))
			}
			return
		}
		if r.Kind() != Classify(line) {
			t.Fatalf("%q: %s vs %s", line, r.Kind(), Classify(line))
		}
	})
}

func FuzzParseCommand(f *testing.F) {
	for _, s := range []string{"usi", "setoption name Skill Level value 3", "position startpos moves 7g7f 3c3d",
		"position sfen 4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1 moves G*5b", "go ponder btime 10000 wtime 0 byoyomi 1000",
		"go btime 1 wtime 2 binc 3 winc 4 movestogo 5 depth 6 nodes 7 movetime 8 infinite searchmoves 7g7f", "go mate 100",
		"register name a b code c", "joho debug on", "gameover draw"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := ParseCommand(line)
		if err != nil {
			return
		}
		s := c.String()
		if strings.HasPrefix(s, "<invalid") {
			return // parsed, but can't be written (a searchmove with a control byte…)
		}
		if strings.ContainsAny(s, "\r\n") {
			t.Fatalf("%q writes a line break: %q", line, s)
		}
		c2, err := ParseCommand(s)
		if err != nil || c2.String() != s {
			t.Fatalf("%q → %q → %v %v", line, s, c2, err)
		}
	})
}

func FuzzLineReader(f *testing.F) {
	f.Add([]byte("usiok\r\nreadyok\rbestmove 7g7f\n"), 8)
	f.Add([]byte("\r\r\n\n\r"), 1)
	f.Add(bytes.Repeat([]byte("x"), 100), 7)
	f.Fuzz(func(t *testing.T, data []byte, max int) {
		max = int(uint(max)%64) + 1
		lr := newLineReader(bytes.NewReader(data), max)
		total := 0
		for lines := 0; ; lines++ {
			b, n, err := lr.next()
			if err != nil {
				break
			}
			if len(b) > max || n < len(b) || bytes.ContainsAny(b, "\r\n") {
				t.Fatalf("line %q (%d bytes) with cap %d", b, n, max)
			}
			total += n
			if lines > len(data)+1 {
				t.Fatal("more lines than bytes")
			}
		}
		if want := len(data) - bytes.Count(data, []byte("\n")) - bytes.Count(data, []byte("\r")); total != want {
			t.Fatalf("%d bytes of lines, want %d", total, want)
		}
		_ = utf8.Valid(data)
		_ = DecodeLine(data, EncodingAuto)
	})
}
