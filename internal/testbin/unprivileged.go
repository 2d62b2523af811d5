//go:build unix

package testbin

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// nobody is the user a test runs as when it needs a folder it cannot write and the tests run
// as root, to whom every folder is writable.
const nobody = 65534

// RunReadOnly runs the test named test of this test binary again, in a child process to which
// the folder dir is read-only, and returns the child's output. The folder is made read-only
// here (mode 0555); when the tests run as root, which writes anywhere, the child runs as the
// user nobody instead, from a copy of the test binary it can run, and dir and the folders
// above it inside the temporary folder become readable by everyone. env is added to the
// child's environment (the test uses it to tell the child run apart from a normal run).
func RunReadOnly(t testing.TB, test, dir string, env ...string) (string, error) {
	t.Helper()
	bin, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		copyDir, err := os.MkdirTemp("", "banmen-test-bin-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.RemoveAll(copyDir) })
		data, err := os.ReadFile(bin)
		if err != nil {
			t.Fatal(err)
		}
		bin = filepath.Join(copyDir, filepath.Base(bin))
		if err := os.WriteFile(bin, data, 0o755); err != nil {
			t.Fatal(err)
		}
		openUp(t, copyDir)
		openUp(t, dir)
		cred = &syscall.Credential{Uid: nobody, Gid: nobody}
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) }) // so that the temporary folder can be removed
	cmd := exec.Command(bin, "-test.run=^"+test+"$", "-test.count=1")
	cmd.Env = append(os.Environ(), env...)
	cmd.Dir = os.TempDir()
	if cred != nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		cmd.Env = append(cmd.Env, "HOME="+os.TempDir())
	}
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// openUp makes dir and the folders above it, up to the system's temporary folder, readable
// and searchable by everyone.
func openUp(t testing.TB, dir string) {
	t.Helper()
	tmp := filepath.Clean(os.TempDir())
	for d := filepath.Clean(dir); strings.HasPrefix(d, tmp+string(filepath.Separator)); d = filepath.Dir(d) {
		st, err := os.Stat(d)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(d, st.Mode().Perm()|0o055); err != nil {
			t.Fatal(err)
		}
	}
}
