package kifu

import "testing"

func TestErrorAndWarningText(t *testing.T) {
	tests := []struct {
		err  error
		want string
	}{
		{&ParseError{File: "foo.kif", Line: 12, Msg: `illegal move "７六X"`}, `kifu: foo.kif: line 12: illegal move "７六X"`},
		{&ParseError{Line: 3, Msg: "x"}, "kifu: line 3: x"},
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
