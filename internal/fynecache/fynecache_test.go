package fynecache

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Without FYNE_CACHE in the environment, the package's init sets Lifetime; one the user set
// is kept.
func TestInitSetsTheLifetime(t *testing.T) {
	if os.Getenv("FYNECACHE_CHILD") != "" {
		return // the child's check is in its output
	}
	for _, c := range []struct{ env, want string }{{"", Lifetime}, {"FYNE_CACHE=3m", "3m"}} {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestReport$", "-test.v")
		var env []string
		for _, kv := range os.Environ() {
			if !strings.HasPrefix(kv, "FYNE_CACHE=") {
				env = append(env, kv)
			}
		}
		cmd.Env = append(env, "FYNECACHE_CHILD=1")
		if c.env != "" {
			cmd.Env = append(cmd.Env, c.env)
		}
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		if !strings.Contains(string(out), "FYNE_CACHE="+c.want+";") {
			t.Errorf("with %q in the environment: %s; want FYNE_CACHE=%s", c.env, out, c.want)
		}
	}
}

// TestReport writes FYNE_CACHE as the child process of TestInitSetsTheLifetime sees it.
func TestReport(t *testing.T) {
	if os.Getenv("FYNECACHE_CHILD") == "" {
		t.Skip("run by TestInitSetsTheLifetime")
	}
	t.Logf("FYNE_CACHE=%s;", os.Getenv("FYNE_CACHE"))
}
