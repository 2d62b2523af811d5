package guard

import (
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Supported reports whether engines can run under a guard on this system.
const Supported = true

// exitStartFailed is the guard's status when the engine could not be started.
const exitStartFailed = 127

// Run is the guard: it starts the engine path with args on the guard's own standard input,
// output and error, waits for it, and returns its status (128+n for signal n). When the
// engine ends, or the guard gets SIGTERM, SIGINT or SIGHUP (the parent-death signal its
// starter sets), it kills every process descended from the engine before it returns.
func Run(path string, args []string) int {
	os.Unsetenv(Env)
	// the parent-death signal of the engine, set below, belongs to the thread that starts it
	runtime.LockOSThread()
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGINT, syscall.SIGHUP)
	if err := setSubreaper(); err != nil {
		say("banmen-guard: cannot become a subreaper: " + err.Error())
		return exitStartFailed
	}
	parent := os.Getppid()
	engine, err := syscall.ForkExec(path, append([]string{path}, args...), &syscall.ProcAttr{
		Env:   os.Environ(),
		Files: []uintptr{0, 1, 2},
		// if the guard itself is killed (SIGKILL), the engine goes with it
		Sys: &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL},
	})
	if err != nil {
		say("banmen: cannot start engine " + strconv.Quote(path) + ": " + err.Error())
		return exitStartFailed
	}
	// the engine's output reaches the app through the engine alone: the guard lets go of
	// its copies, so that the app sees the end of the output when the engine closes it
	if null, err := syscall.Open("/dev/null", syscall.O_RDWR, 0); err == nil {
		for fd := 0; fd <= 2; fd++ {
			syscall.Dup3(null, fd, 0)
		}
		if null > 2 {
			syscall.Close(null)
		}
	}
	reaped := make(chan reap, 16)
	go reaper(reaped)
	var status syscall.WaitStatus
	killing := false
	// the app may have died before the guard asked for its death signal
	if os.Getppid() != parent {
		killing = true
	}
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	for {
		if killing {
			killChildren()
		}
		select {
		case <-sigs:
			killing = true
		case r := <-reaped:
			if r.pid < 0 { // no child left, so no descendant either
				return exitStatus(status)
			}
			if r.pid == engine {
				status, killing = r.status, true
			}
		case <-tick.C:
			if os.Getppid() != parent {
				killing = true
			}
		}
	}
}

type reap struct {
	pid    int // -1: no children left
	status syscall.WaitStatus
}

// reaper waits for every child of the guard, the engine and the orphans of its tree that
// the kernel hands the guard, and reports each; then it reports that none is left.
func reaper(out chan<- reap) {
	for {
		var ws syscall.WaitStatus
		pid, err := syscall.Wait4(-1, &ws, 0, nil)
		switch {
		case err == syscall.EINTR:
			continue
		case err != nil:
			out <- reap{pid: -1}
			return
		}
		out <- reap{pid: pid, status: ws}
	}
}

func setSubreaper() error {
	const prSetChildSubreaper = 36
	_, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, prSetChildSubreaper, 1, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

// killChildren kills every child of the guard. Their children then become the guard's
// (it is a subreaper), and the next call kills those.
func killChildren() {
	self := strconv.Itoa(os.Getpid())
	dir, err := os.Open("/proc")
	if err != nil {
		return
	}
	names, _ := dir.Readdirnames(-1)
	dir.Close()
	for _, name := range names {
		pid, err := strconv.Atoi(name)
		if err != nil {
			continue
		}
		data, err := os.ReadFile("/proc/" + name + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid …; comm may hold spaces and parentheses
		s := string(data)
		i := strings.LastIndexByte(s, ')')
		if i < 0 {
			continue
		}
		if f := strings.Fields(s[i+1:]); len(f) >= 2 && f[1] == self {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

func exitStatus(ws syscall.WaitStatus) int {
	if ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return ws.ExitStatus()
}

func say(msg string) { os.Stderr.WriteString(msg + "\n") }
