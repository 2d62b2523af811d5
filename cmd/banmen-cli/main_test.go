package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"banmen/internal/guard"
	"banmen/internal/testbin"
)

func TestMain(m *testing.M) {
	guard.Main() // the tests start engines: this test binary can be their guard, as banmen-cli is
	os.Exit(testbin.Run(m))
}

// Bad usage says what is wrong before the command's usage, and exits 2: an SFEN given
// unquoted is four arguments, and the message says so.
func TestBadUsageSaysWhy(t *testing.T) {
	reg := filepath.Join(t.TempDir(), "engines.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--engine", "x", "4k4/9/4P4/9/9/9/9/9/4K4", "b", "G", "1"}, `banmen-cli solve: want one SFEN, RECORD or PROBLEMS.json, got 4 arguments ["4k4/9/4P4/9/9/9/9/9/4K4" "b" "G" "1"] (an SFEN has spaces: quote it)`},
		{[]string{"solve", "--engine", "x"}, "banmen-cli solve: want one SFEN, RECORD or PROBLEMS.json, got 0 arguments []\n"},
		{[]string{"analyse", "--engine", "x"}, "banmen-cli analyse: want one RECORD or FOLDER, got 0 arguments"},
		{[]string{"perft"}, "banmen-cli perft: want one DEPTH, got 0 arguments"},
		{[]string{"probe"}, "banmen-cli probe: want the engine's command"},
		{[]string{"engines", "--registry", reg}, "banmen-cli engines: want a subcommand: list, add or remove"},
		{[]string{"engines", "--registry", reg, "frob"}, `banmen-cli engines: unknown subcommand "frob"`},
		{[]string{"engines", "--registry", reg, "add"}, "banmen-cli engines add: want the engine's command"},
		{[]string{"engines", "--registry", reg, "remove", "a", "b"}, `banmen-cli engines remove: want one engine NAME, got 2 arguments ["a" "b"]`},
		{[]string{"convert"}, "banmen-cli convert: want one FILE to convert, got 0"},
	} {
		code, _, errs := runCLI(c.args...)
		why, use := strings.Index(errs, c.want), strings.Index(errs, "usage: banmen-cli "+c.args[0])
		if code != 2 || why < 0 || use < why {
			t.Errorf("%q: exit %d, stderr:\n%s\nwant exit 2, %q, then the usage", c.args, code, errs, c.want)
		}
	}
}
