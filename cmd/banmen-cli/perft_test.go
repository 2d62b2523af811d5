package main

import (
	"bytes"
	"strings"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	for _, c := range []struct {
		args     []string
		code     int
		last     string
		contains string
	}{
		{[]string{"perft", "3"}, 0, "25470", ""},
		{[]string{"perft", "--sfen", "startpos", "4"}, 0, "719731", ""},
		{[]string{"perft", "--sfen", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", "2"}, 0, "639", ""},
		// three rooks: a perft position from the wild, accepted
		{[]string{"perft", "--sfen", "k+n7/sg7/9/9/9/9/+r5K1g/7L1/2LN1R1+Bb b RBGSNLP 1", "2"}, 0, "1148", ""},
		{[]string{"perft", "--divide", "--sfen", "7lk/9/8S/9/9/9/9/7L1/8K b P 1", "1"}, 0, "85", "P*2b: 1"},
		{[]string{"perft", "--divide", "2"}, 0, "900", "7g7f: 30"},
		{[]string{"perft", "0"}, 0, "1", ""},
		{[]string{"perft", "--sfen", "bad sfen", "2"}, 1, "", "bad SFEN"},
		{[]string{"perft", "--sfen", "4k4/9/9/9/9/9/9/9/4K3P b - 1", "1"}, 0, "", ""},
		{[]string{"perft", "--sfen", "4k3P/9/9/9/9/9/9/9/4K4 b - 1", "1"}, 1, "", "can never move"},
		{[]string{"perft"}, 2, "", "usage"},
		{[]string{"perft", "x"}, 2, "", "DEPTH must be"},
		{[]string{"perft", "--nope", "2"}, 2, "", "flag provided but not defined"},
		{[]string{"nosuch"}, 2, "", "unknown command"},
		{nil, 2, "", "usage"},
	} {
		code, out, errs := runCLI(c.args...)
		if code != c.code {
			t.Errorf("%v: exit %d, want %d (stderr %q)", c.args, code, c.code, errs)
		}
		if c.last != "" && lastLine(out) != c.last {
			t.Errorf("%v: last line %q, want %q", c.args, lastLine(out), c.last)
		}
		if c.contains != "" && !strings.Contains(out+errs, c.contains) {
			t.Errorf("%v: output %q %q lacks %q", c.args, out, errs, c.contains)
		}
	}
}
