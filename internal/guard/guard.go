// Package guard makes sure that no engine, and nothing an engine starts, outlives Banmen:
// each engine runs under a guard, a small process that dies with Banmen however Banmen
// ends (exit, crash, SIGTERM, SIGKILL) and then kills every process descended from the
// engine, including those that left its process group or session (setsid).
//
// The guard is the program banmen-guard (cmd/banmen-guard), installed beside banmen and
// banmen-cli, which costs about 2 MB of memory per engine. A program installed alone (go
// install banmen/cmd/banmen) serves as its own guard instead, at the cost of a second copy
// of itself per engine, if it calls Main first thing in main, as every Banmen program and
// every test binary that starts engines does. A program that neither has banmen-guard
// beside it nor calls Main starts engines without a guard: in a process group of their
// own, killed when the thread that started them exits, but their descendants may outlive it.
//
// On Linux the guard is a child subreaper (PR_SET_CHILD_SUBREAPER): a descendant whose
// parent dies becomes the guard's child, so the guard sees the whole tree however the
// engine's children detach themselves. Elsewhere there is no guard.
package guard

import (
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
)

// The guard's command line is: GUARD Flag ENGINE [ARGS...], with Env=1 in its environment
// (the flag alone could be an argument a user gave a program that calls Main).
const (
	Flag = "--banmen-engine-guard"
	Env  = "BANMEN_ENGINE_GUARD"
)

// ProgramName is the guard program's name, beside banmen and banmen-cli.
var ProgramName = func() string {
	if runtime.GOOS == "windows" {
		return "banmen-guard.exe"
	}
	return "banmen-guard"
}()

var selfServes atomic.Bool

// Main is the first call in main of every program that starts engines (and in TestMain of
// test binaries that do). If this process was started as a guard, it guards the engine
// and exits with the engine's status; otherwise it notes that this program can serve as
// its own guard and returns.
func Main() {
	if IsGuard() {
		os.Exit(Run(os.Args[2], os.Args[3:]))
	}
	selfServes.Store(true)
}

// IsGuard reports whether this process was started as a guard.
func IsGuard() bool {
	return len(os.Args) >= 3 && os.Args[1] == Flag && os.Getenv(Env) == "1"
}

// Program returns the program to run as an engine's guard: banmen-guard beside this
// program (the link followed), else this very program if it called Main, else "" (no guard).
func Program() string {
	if !Supported {
		return ""
	}
	if self, err := os.Executable(); err == nil {
		if r, err := filepath.EvalSymlinks(self); err == nil {
			self = r
		}
		p := filepath.Join(filepath.Dir(self), ProgramName)
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0 && p != self {
			return p
		}
	}
	if selfServes.Load() {
		// /proc/self/exe is this very program even if its file was replaced or removed
		// since it started (an upgrade): the path from os.Executable might be gone
		if _, err := os.Stat("/proc/self/exe"); err == nil {
			return "/proc/self/exe"
		}
		if self, err := os.Executable(); err == nil {
			return self
		}
	}
	return ""
}

// Command returns the command line that runs the engine path with args under the guard g,
// and the variable to add to its environment.
func Command(g, path string, args []string) (argv []string, env string) {
	return append([]string{g, Flag, path}, args...), Env + "=1"
}
