//go:build linux

package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"banmen/board"
	. "banmen/engine"
	"banmen/engine/mate"
	"banmen/engine/study"
	"banmen/internal/testbin"
)

// Remote engines are real: a throw-away sshd on 127.0.0.1 (its own host key, a generated user
// key, a random port) serves banmen-engine, registered as
// `ssh -T -p PORT -i KEY -o StrictHostKeyChecking=no 127.0.0.1 /path/to/banmen-engine`; a study
// and a mate search run through it, and killing the ssh client leaves no engine behind on the
// "remote" side. It needs openssh-server and openssh-client (`make test-deps`); without them
// it skips, except under CI, where it fails.

type sshFixture struct {
	port   int
	key    string // the user's private key
	engine string // banmen-engine's copy on the "remote" side
}

func startSSHD(t *testing.T) *sshFixture {
	t.Helper()
	tools := map[string]string{}
	for _, name := range []string{"/usr/sbin/sshd", "ssh", "ssh-keygen"} {
		p, err := exec.LookPath(name)
		if err != nil {
			msg := fmt.Sprintf("the remote engine test needs %s (packages openssh-server, openssh-client: run `make test-deps`)", name)
			if os.Getenv("CI") != "" {
				t.Fatal(msg + "; CI is set, so a missing tool is a failure")
			}
			t.Skip(msg)
		}
		tools[filepath.Base(name)] = p
	}
	dir := t.TempDir()
	for _, k := range []string{"host_key", "user_key"} {
		if out, err := exec.Command(tools["ssh-keygen"], "-q", "-t", "ed25519", "-N", "", "-C", "banmen-test",
			"-f", filepath.Join(dir, k)).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v: %s", err, out)
		}
	}
	pub, err := os.ReadFile(filepath.Join(dir, "user_key.pub"))
	if err != nil {
		t.Fatal(err)
	}
	auth := filepath.Join(dir, "authorized_keys")
	if err := os.WriteFile(auth, pub, 0o600); err != nil {
		t.Fatal(err)
	}
	// a random free port on the loopback address only
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	conf := filepath.Join(dir, "sshd_config")
	if err := os.WriteFile(conf, []byte(fmt.Sprintf(`Port %d
ListenAddress 127.0.0.1
HostKey %s
AuthorizedKeysFile %s
AllowUsers %s
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile none
LogLevel ERROR
`, port, filepath.Join(dir, "host_key"), auth, me.Username)), 0o600); err != nil {
		t.Fatal(err)
	}
	if os.Geteuid() == 0 {
		// sshd running as root wants its privilege separation folder (the package's
		// service makes it at boot)
		if err := os.MkdirAll("/run/sshd", 0o755); err != nil {
			t.Fatalf("sshd needs /run/sshd: %v", err)
		}
	}
	var out bytes.Buffer
	sshd := exec.Command(tools["sshd"], "-D", "-e", "-f", conf)
	sshd.Stdout, sshd.Stderr = &out, &out
	sshd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := sshd.Start(); err != nil {
		t.Fatalf("starting sshd: %v", err)
	}
	done := make(chan struct{})
	go func() { sshd.Wait(); close(done) }()
	t.Cleanup(func() {
		syscall.Kill(-sshd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			syscall.Kill(-sshd.Process.Pid, syscall.SIGKILL)
		}
	})
	for end := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		c, err := net.Dial("tcp", "127.0.0.1:"+strconv.Itoa(port))
		if err == nil {
			c.Close()
			break
		}
		select {
		case <-done:
			t.Fatalf("sshd exited: %s", out.String())
		default:
		}
		if time.Now().After(end) {
			t.Fatalf("sshd did not listen on port %d within 10 s: %s", port, out.String())
		}
	}
	// the engine on the "remote" side: a copy under a name of its own, to find its processes
	eng := filepath.Join(dir, "remote", "banmen-engine-remote")
	if err := os.Mkdir(filepath.Dir(eng), 0o755); err != nil {
		t.Fatal(err)
	}
	copyFile(t, testbin.BanmenEngine(t), eng)
	return &sshFixture{port: port, key: filepath.Join(dir, "user_key"), engine: eng}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o755)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}

// definition is the engine as a user registers it.
func (f *sshFixture) definition() Definition {
	return Definition{Name: "remote banmen-engine", Path: "ssh", Args: []string{"-T", "-p", strconv.Itoa(f.port),
		"-i", f.key, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", "-o", "BatchMode=yes",
		"-o", "LogLevel=ERROR", "127.0.0.1", f.engine}}
}

// pidsRunning lists the processes whose command line holds s.
func pidsRunning(s string) []int {
	var out []int
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		cmd, err := os.ReadFile(filepath.Join("/proc", e.Name(), "cmdline"))
		if err == nil && bytes.Contains(cmd, []byte(s)) {
			out = append(out, pid)
		}
	}
	return out
}

func TestRemoteEngineOverSSH(t *testing.T) {
	f := startSSHD(t)
	def := f.definition()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	// a study: the engine's lines come back through ssh
	r, err := Start(ctx, def, StartOptions{})
	if err != nil {
		t.Fatalf("starting the engine over ssh: %v", err)
	}
	if r.Info().Name == "" {
		t.Error("no id name came back through ssh")
	}
	s := study.New([]*Running{r}, 0)
	if err := s.SetPosition(ctx, board.NewStartPosition(), nil); err != nil {
		t.Fatal(err)
	}
	for {
		v := s.View(0)
		if v.OK && len(v.Lines) > 0 && v.Lines[0].Depth >= 3 && len(v.Lines[0].PV) > 0 {
			t.Logf("study over ssh: depth %d, %v", v.Lines[0].Depth, v.Lines[0].PV[0])
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("the study over ssh showed no line of depth 3: %+v", v)
		}
		time.Sleep(50 * time.Millisecond)
	}
	s.Close()
	if err := r.Close(ctx); err != nil {
		t.Error(err)
	}

	// a mate search: mate in 1 with a gold in hand
	pos, err := board.ParseSFEN("4k4/9/4P4/9/9/9/9/9/4K4 b G 1")
	if err != nil {
		t.Fatal(err)
	}
	res, err := mate.Search(ctx, def, pos, 20*time.Second)
	if err != nil || res.Status != mate.Found || len(res.Moves) != 1 || res.Moves[0].USI() != "G*5b" {
		t.Fatalf("mate search over ssh: %v (%v)", res, err)
	}

	// killing the ssh client leaves nothing on the remote side
	r, err = Start(ctx, def, StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close(context.Background())
	remote := pidsRunning(f.engine)
	clients := pidsRunning(f.key)
	var client []int
	for _, pid := range clients {
		if exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid)); strings.HasSuffix(exe, "/ssh") {
			client = append(client, pid)
		}
	}
	if len(client) != 1 {
		t.Fatalf("want one ssh client for the key, found %v (processes with the key: %v)", client, clients)
	}
	var engines []int
	for _, pid := range remote {
		if exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid)); exe == f.engine {
			engines = append(engines, pid)
		}
	}
	if len(engines) != 1 {
		t.Fatalf("want the engine running on the remote side, found %v", engines)
	}
	if err := syscall.Kill(client[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	select {
	case <-r.Died():
	case <-time.After(10 * time.Second):
		t.Error("the engine's death (its ssh client killed) went unnoticed")
	}
	for end := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if syscall.Kill(engines[0], 0) != nil {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("the remote engine (pid %d) still runs 15 s after its ssh client was killed", engines[0])
		}
	}
}
