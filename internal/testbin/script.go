package testbin

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// ScriptEngine writes a USI engine as a shell script and returns its path: a scripted fake
// engine for faults that real engines do not produce on demand, run as a real child process.
// It answers usi with its name, the option lines given (each without "option name ") and
// usiok, isready with readyok, quits on quit, and runs the shell code onGo on go, where $n
// is the move number of the last position sent as an SFEN (0 for startpos). The test is
// skipped where there is no sh, and on Windows, which does not run #! scripts.
func ScriptEngine(t testing.TB, name string, options []string, onGo string) string {
	t.Helper()
	sh, err := exec.LookPath("sh")
	if err != nil || runtime.GOOS == "windows" {
		t.Skip("the scripted engines need sh and a system that runs #! scripts")
	}
	var opts strings.Builder
	for _, o := range options {
		opts.WriteString(`echo "option name ` + o + `"; `)
	}
	path := filepath.Join(t.TempDir(), "fake-engine")
	script := "#!" + sh + `
n=0
while read -r cmd a b c d e rest; do
	case "$cmd" in
	usi) echo "id name ` + name + `"; ` + opts.String() + `echo usiok ;;
	isready) echo readyok ;;
	position) if [ "$a" = sfen ]; then n=$e; else n=0; fi ;;
	go) ` + onGo + ` ;;
	quit) exit 0 ;;
	esac
done
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}
