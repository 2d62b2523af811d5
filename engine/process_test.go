package engine

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"banmen/internal/guard"
	"banmen/internal/testbin"
)

const fakeAppEnv = "BANMEN_ENGINE_TEST_FAKE_APP"

func TestMain(m *testing.M) {
	guard.Main() // this test binary starts engines: it can be their guard
	if os.Getenv(fakeAppEnv) != "" {
		os.Exit(runFakeApp(os.Getenv(fakeAppEnv)))
	}
	if os.Getenv(setsidAppEnv) != "" {
		os.Exit(runSetsidApp(os.Getenv(setsidAppEnv)))
	}
	os.Exit(testbin.Run(m))
}

// runFakeApp plays an app that starts a script engine and then waits to be killed.
func runFakeApp(script string) int {
	p, err := StartProcess(Spec{Path: script})
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	r := bufio.NewReader(p.Stdout)
	line, _ := r.ReadString('\n') // the script's grandchild PID
	fmt.Printf("guard %d child %s", p.PID(), line)
	time.Sleep(time.Hour)
	return 0
}

func writeScript(t *testing.T, body string) string {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "engine.sh")
	if err := os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// alive reports whether pid is a live (not zombie) process.
func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

func waitGone(t *testing.T, pids ...int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for _, pid := range pids {
		for alive(pid) {
			if time.Now().After(deadline) {
				t.Fatalf("process %d is still alive", pid)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
}

func TestProcessPipesStderrAndExit(t *testing.T) {
	script := writeScript(t, `echo hello; echo "problem on stderr" >&2; read x; echo "got $x"; pwd; echo "env $BANMEN_TEST_VALUE"; exit 3`)
	p, err := StartProcess(Spec{Path: script, Env: []string{"BANMEN_TEST_VALUE=42"}})
	if err != nil {
		t.Fatal(err)
	}
	stderr := make(chan string, 1)
	go func() {
		b, _ := io.ReadAll(p.Stderr) // the caller drains stderr; it ends after the exit
		stderr <- string(b)
	}()
	r := bufio.NewReader(p.Stdout)
	if l, _ := r.ReadString('\n'); l != "hello\n" {
		t.Errorf("first line %q", l)
	}
	fmt.Fprintln(p.Stdin, "usi")
	if l, _ := r.ReadString('\n'); l != "got usi\n" {
		t.Errorf("echo %q", l)
	}
	if l, _ := r.ReadString('\n'); strings.TrimSpace(l) != filepath.Dir(script) {
		t.Errorf("working directory %q, want the executable's folder %q", l, filepath.Dir(script))
	}
	if l, _ := r.ReadString('\n'); l != "env 42\n" {
		t.Errorf("environment %q", l)
	}
	if !p.Wait(10 * time.Second) {
		t.Fatal("no exit")
	}
	if got := p.ExitDescription(); got != "exit status 3" {
		t.Errorf("ExitDescription = %q", got)
	}
	if got := <-stderr; got != "problem on stderr\n" {
		t.Errorf("stderr %q", got)
	}
}

func TestProcessWorkingDirectory(t *testing.T) {
	script := writeScript(t, `pwd`)
	other := t.TempDir()
	p, err := StartProcess(Spec{Path: script, Dir: other})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := bufio.NewReader(p.Stdout).ReadString('\n')
	if strings.TrimSpace(l) != other {
		t.Errorf("pwd %q, want %q", l, other)
	}
}

func TestProcessKillTakesTheGroup(t *testing.T) {
	script := writeScript(t, `sleep 1000 & echo $!; wait`)
	p, err := StartProcess(Spec{Path: script})
	if err != nil {
		t.Fatal(err)
	}
	l, _ := bufio.NewReader(p.Stdout).ReadString('\n')
	child, err := strconv.Atoi(strings.TrimSpace(l))
	if err != nil {
		t.Fatalf("child pid %q", l)
	}
	if !alive(child) {
		t.Fatal("the script's child is not running")
	}
	p.Kill()
	if !p.Wait(10 * time.Second) {
		t.Fatal("no exit after Kill")
	}
	if d := p.ExitDescription(); !strings.Contains(d, "signal 9") {
		t.Errorf("ExitDescription = %q", d)
	}
	waitGone(t, child)
}

func TestProcessNoOrphansWhenTheAppIsKilled(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the guard is Linux only")
	}
	script := writeScript(t, `trap "" TERM HUP INT; sleep 1000 & echo $!; while :; do sleep 1; done`)
	app := exec.Command(os.Args[0], "-test.run=^$")
	app.Env = append(os.Environ(), fakeAppEnv+"="+script)
	out, err := app.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := app.Start(); err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		t.Fatalf("fake app: %q %v", line, err)
	}
	var guard, child int
	if _, err := fmt.Sscanf(line, "guard %d child %d", &guard, &child); err != nil {
		t.Fatalf("fake app said %q", line)
	}
	if !alive(guard) || !alive(child) {
		t.Fatal("engine not running")
	}
	app.Process.Signal(syscall.SIGKILL)
	app.Wait()
	waitGone(t, guard, child)
}

func TestProcessNotExecutable(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "engine.txt")
	os.WriteFile(plain, []byte("not a program"), 0o644)
	if _, err := StartProcess(Spec{Path: plain}); !errors.Is(err, ErrNotExecutable) {
		t.Errorf("plain file: %v", err)
	}
	if _, err := StartProcess(Spec{Path: dir}); !errors.Is(err, ErrNotExecutable) {
		t.Errorf("directory: %v", err)
	}
	if _, err := StartProcess(Spec{Path: filepath.Join(dir, "missing")}); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing: %v", err)
	}
}

func TestProcessKilledBySignalIsReported(t *testing.T) {
	script := writeScript(t, `kill -SEGV $$`)
	p, err := StartProcess(Spec{Path: script})
	if err != nil {
		t.Fatal(err)
	}
	if !p.Wait(10 * time.Second) {
		t.Fatal("no exit")
	}
	if d := p.ExitDescription(); !strings.Contains(d, "signal 11") {
		t.Errorf("ExitDescription = %q", d)
	}
}

// An app whose file was replaced or removed while it runs (an upgrade) still starts engines.
func TestProcessStartsAfterTheAppFileIsGone(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the guard is Linux only")
	}
	dir := t.TempDir()
	self, _ := os.Executable()
	copyPath := filepath.Join(dir, "app.test")
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(copyPath, data, 0o755)
	script := writeScript(t, `echo started`)
	app := exec.Command(copyPath, "-test.run=^TestProcessHelperStartAfterRemoval$")
	app.Env = append(os.Environ(), "BANMEN_ENGINE_TEST_REMOVE_SELF="+copyPath, "BANMEN_ENGINE_TEST_SCRIPT="+script)
	out, err := app.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "engine said: started") {
		t.Errorf("%v: %s", err, out)
	}
}

func TestProcessHelperStartAfterRemoval(t *testing.T) {
	self := os.Getenv("BANMEN_ENGINE_TEST_REMOVE_SELF")
	if self == "" {
		t.Skip("helper for TestProcessStartsAfterTheAppFileIsGone")
	}
	os.Remove(self)
	p, err := StartProcess(Spec{Path: os.Getenv("BANMEN_ENGINE_TEST_SCRIPT")})
	if err != nil {
		t.Fatal(err)
	}
	line, _ := bufio.NewReader(p.Stdout).ReadString('\n')
	fmt.Printf("engine said: %s", line)
	p.Wait(5 * time.Second)
}

const setsidAppEnv = "BANMEN_ENGINE_TEST_SETSID_APP"

// runSetsidApp plays banmen-cli: it starts a USI engine (a script that leaves a
// `setsid sleep` behind and then becomes banmen-engine), says the guard's PID, and then
// closes the engine when told to on its standard input ("close") or waits to be killed ("wait").
func runSetsidApp(mode string) int {
	script := os.Getenv("BANMEN_ENGINE_TEST_SCRIPT")
	r, err := Start(context.Background(), Definition{Name: "setsid engine", Path: script}, StartOptions{})
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	fmt.Printf("guard %d\n", r.proc.PID())
	if mode == "close" {
		bufio.NewReader(os.Stdin).ReadString('\n')
		if err := r.Close(context.Background()); err != nil {
			fmt.Println("close error", err)
			return 1
		}
		fmt.Printf("closed: %s\n", r.proc.ExitDescription())
		return 0
	}
	time.Sleep(time.Hour)
	return 0
}

// A child the engine starts with setsid (out of its process group and session) dies with
// the engine when the app closes it, and when the app gets SIGTERM or SIGKILL (issue 17);
// with banmen-guard installed beside the app, and with the app as its own guard.
func TestProcessSetsidChildDies(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the guard is Linux only")
	}
	engineBin := testbin.BanmenEngine(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	// an app installed with banmen-guard beside it: a copy of this test binary
	installed := t.TempDir()
	data, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	withGuard := filepath.Join(installed, "app.test")
	if err := os.WriteFile(withGuard, data, 0o755); err != nil {
		t.Fatal(err)
	}
	guardBin := filepath.Join(installed, guard.ProgramName)
	if err := testbin.Build(t, "banmen/cmd/banmen-guard", guardBin); err != nil {
		t.Fatal(err)
	}
	for _, app := range []struct{ name, path, guardExe string }{
		{"banmen-guard", withGuard, guardBin},
		{"self", self, self},
	} {
		for _, end := range []string{"close", "SIGTERM", "SIGKILL"} {
			t.Run(app.name+"/"+end, func(t *testing.T) {
				pidFile := filepath.Join(t.TempDir(), "setsid.pid")
				script := writeScript(t, fmt.Sprintf("setsid sleep 1000 </dev/null >/dev/null 2>&1 &\necho $! > %s\nexec %s", pidFile, engineBin))
				mode := "wait"
				if end == "close" {
					mode = "close"
				}
				cmd := exec.Command(app.path, "-test.run=^$")
				cmd.Env = append(os.Environ(), setsidAppEnv+"="+mode, "BANMEN_ENGINE_TEST_SCRIPT="+script)
				out, err := cmd.StdoutPipe()
				if err != nil {
					t.Fatal(err)
				}
				in, err := cmd.StdinPipe()
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				defer cmd.Process.Kill()
				lines := bufio.NewReader(out)
				line, _ := lines.ReadString('\n')
				var guardPID int
				if _, err := fmt.Sscanf(line, "guard %d", &guardPID); err != nil {
					t.Fatalf("the app said %q", line)
				}
				if exe, err := os.Readlink(fmt.Sprintf("/proc/%d/exe", guardPID)); err != nil || exe != app.guardExe {
					t.Errorf("the guard runs %q (%v), want %q", exe, err, app.guardExe)
				}
				t.Logf("guard RSS: %d kB", rssKB(guardPID))
				pidData, err := os.ReadFile(pidFile)
				setsidPID, aerr := strconv.Atoi(strings.TrimSpace(string(pidData)))
				if err != nil || aerr != nil {
					t.Fatalf("the setsid child's PID: %q %v %v", pidData, err, aerr)
				}
				if !alive(setsidPID) {
					t.Fatal("the setsid child is not running")
				}
				switch end {
				case "close":
					fmt.Fprintln(in, "close")
					line, _ = lines.ReadString('\n')
					if line != "closed: exit status 0\n" {
						t.Errorf("the app said %q", line)
					}
				case "SIGTERM":
					cmd.Process.Signal(syscall.SIGTERM)
				case "SIGKILL":
					cmd.Process.Signal(syscall.SIGKILL)
				}
				cmd.Wait()
				waitGone(t, guardPID, setsidPID)
			})
		}
	}
}

// rssKB returns a process's resident memory, as ps -o rss shows it.
func rssKB(pid int) int {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return -1
	}
	for _, l := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(l, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return -1
}
