package engine

import "testing"

func TestPrintable(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"Fairy-Stockfish 14", "Fairy-Stockfish 14"},
		{"やねうら王　NNUE", "やねうら王　NNUE"}, // a full-width space is text
		{"\x1b[2J\x1b]0;pwned\x07name", `\x1b[2J\x1b]0;pwned\x07name`},
		{"a\r\nb\tc", `a\x0d\x0ab\x09c`},
		{"del\x7f c1\u009b", `del\x7f c1\x9b`},
		{"evil\u202eexe.txt", `evil\u202eexe.txt`},
		{"iso\u2066x\u2069 sep\u2028", `iso\u2066x\u2069 sep\u2028`},
		{"bad \xff\xfe utf8", `bad \xff\xfe utf8`},
		{"emoji 👍🏽 zwj 👨\u200d👩", "emoji 👍🏽 zwj 👨\u200d👩"},
		{"back\\slash", "back\\slash"},
		{"", ""},
	} {
		if got := Printable(c.in); got != c.want {
			t.Errorf("Printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
