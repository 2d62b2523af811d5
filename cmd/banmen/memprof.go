//go:build memprof

package main

// Built with -tags memprof, banmen writes a heap profile to $BANMEN_HEAPPROFILE five seconds
// after start: how the memory target of the main window is examined
// (go tool pprof -sample_index=inuse_space banmen heap.prof).

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

func init() {
	path := os.Getenv("BANMEN_HEAPPROFILE")
	if path == "" {
		return
	}
	runtime.MemProfileRate = 4096
	time.AfterFunc(5*time.Second, func() {
		runtime.GC()
		f, err := os.Create(path)
		if err != nil {
			return
		}
		pprof.WriteHeapProfile(f)
		f.Close()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		fmt.Fprintf(os.Stderr, "memprof: heap in use %d kB, heap idle %d kB (released %d kB), stacks %d kB, other runtime %d kB, Sys %d kB\n",
			m.HeapInuse>>10, m.HeapIdle>>10, m.HeapReleased>>10, m.StackSys>>10, (m.MSpanSys+m.MCacheSys+m.BuckHashSys+m.GCSys+m.OtherSys)>>10, m.Sys>>10)
	})
}
