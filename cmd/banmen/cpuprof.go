//go:build cpuprof

package main

// Built with -tags cpuprof, banmen profiles its CPU from the start for 1.5 s (the time to its
// first frame, see TestFirstFrameUnderXvfb) and writes the profile to $BANMEN_CPUPROFILE: how
// the start is examined (go tool pprof -top banmen cpu.prof).

import (
	"fmt"
	"os"
	"runtime/pprof"
	"time"
)

func init() {
	path := os.Getenv("BANMEN_CPUPROFILE")
	if path == "" {
		return
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
	time.AfterFunc(1500*time.Millisecond, func() {
		pprof.StopCPUProfile()
		f.Close()
	})
}
