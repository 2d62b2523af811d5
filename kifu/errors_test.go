package kifu

import (
	"strings"
	"testing"
)

func TestErrorAndWarningText(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&ParseError{File: "foo.kif", Line: 12, Msg: `illegal move "７六X"`}, `kifu: foo.kif: line 12: illegal move "７六X"`},
		{&ParseError{Line: 3, Msg: "x"}, "kifu: line 3: x"},
		{&ParseError{Line: 1, Col: 213, Msg: "x"}, "kifu: line 1, column 213: x"},
		{&ParseError{File: "a.jkf", Msg: "not JKF"}, "kifu: a.jkf: not JKF"},
		{withFile(&ParseError{Line: 1, Msg: "m"}, "b.csa"), "kifu: b.csa: line 1: m"},
		{withFile(&ParseError{File: "keep.kif", Msg: "m"}, "other"), "kifu: keep.kif: m"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%q, want %q", got, tt.want)
		}
	}
	if got := (Warning{Line: 5, Msg: "w"}).String(); got != "line 5: w" {
		t.Errorf("%q", got)
	}
	if got := (Warning{Msg: "w"}).String(); got != "w" {
		t.Errorf("%q", got)
	}
}

// An empty file, or one with nothing but white space, is not a record: every reader
// says so (and Read names the file) rather than giving the standard start position.
func TestEmptyFile(t *testing.T) {
	readers := map[string]func(string) (*Record, error){
		"ReadAny": ReadAny, "ParseKIF": ParseKIF, "ParseKI2": ParseKI2, "ParseCSA": ParseCSA,
		"ParseJKF": ParseJKF, "ParseUSI": ParseUSI,
		"ReadKIF": func(s string) (*Record, error) { return ReadKIF(strings.NewReader(s)) },
		"ReadCSA": func(s string) (*Record, error) { return ReadCSA(strings.NewReader(s)) },
		"ReadJKF": func(s string) (*Record, error) { return ReadJKF(strings.NewReader(s)) },
		"ReadUSI": func(s string) (*Record, error) { return ReadUSI(strings.NewReader(s)) },
	}
	for _, text := range []string{"", " \n\t\r\n", "\ufeff\r\n", "　\n"} {
		for name, read := range readers {
			if r, err := read(text); err == nil || r != nil || !strings.Contains(err.Error(), "empty file") {
				t.Errorf("%s(%q): %v, %v", name, text, r, err)
			}
		}
		for _, file := range []string{"game.kif", "game.ki2", "game.csa", "game.jkf", "game.usi", "game.txt"} {
			if r, _, err := Read([]byte(text), file); err == nil || r != nil || !strings.Contains(err.Error(), file+": empty file") {
				t.Errorf("Read(%q, %s): %v, %v", text, file, r, err)
			}
		}
	}
}
