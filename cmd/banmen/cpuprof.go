//go:build cpuprof

package main

// Built with -tags cpuprof, banmen profiles its CPU from the start for 1.5 s (the time to its
// first frame, see TestFirstFrameUnderXvfb; $BANMEN_CPUPROFILE_FOR, a Go duration, sets
// another: a busy machine takes longer) and writes the profile to $BANMEN_CPUPROFILE: how
// the start is examined (go tool pprof -top banmen cpu.prof). The time spent in C (Mesa,
// LLVM) is counted against the Go call that entered it. SIGUSR1 stops the profile before
// that: the first-frame test sends it when it sees the first frame
// (BANMEN_FIRSTFRAME_PROFILE), so that the profile holds exactly the start.

import (
	"fmt"
	"os"
	"os/signal"
	"runtime/pprof"
	"sync"
	"syscall"
	"time"
)

func init() {
	path := os.Getenv("BANMEN_CPUPROFILE")
	if path == "" {
		return
	}
	d := 1500 * time.Millisecond
	if s := os.Getenv("BANMEN_CPUPROFILE_FOR"); s != "" {
		var err error
		if d, err = time.ParseDuration(s); err != nil || d <= 0 {
			fmt.Fprintf(os.Stderr, "cpuprof: BANMEN_CPUPROFILE_FOR=%q: want a duration such as 3s\n", s)
			return
		}
	}
	f, err := os.Create(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, "cpuprof:", err)
		return
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		fmt.Fprintln(os.Stderr, "cpuprof:", err)
		f.Close()
		return
	}
	var once sync.Once
	stop := func() {
		once.Do(func() {
			pprof.StopCPUProfile()
			f.Close()
		})
	}
	time.AfterFunc(d, stop)
	usr1 := make(chan os.Signal, 1)
	signal.Notify(usr1, syscall.SIGUSR1)
	go func() {
		<-usr1
		stop()
	}()
}
