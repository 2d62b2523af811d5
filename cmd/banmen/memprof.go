//go:build memprof

package main

// Built with -tags memprof, banmen writes a heap profile to $BANMEN_HEAPPROFILE five seconds
// after start ($BANMEN_HEAPPROFILE_AT: another time, "40s"): how the memory target of the main window is examined
// (go tool pprof -sample_index=inuse_space banmen heap.prof). With $BANMEN_MEMSTATS set to a
// duration ("5s") it also writes the Go runtime's memory to stderr at that interval, a line
// "memstats: …" each: what of the process's RSS is Go's (the rest is C: the OpenGL driver's
// textures, GLFW, fontconfig). The study's memory test reads those lines.

import (
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

func init() {
	if d, err := time.ParseDuration(os.Getenv("BANMEN_MEMSTATS")); err == nil && d > 0 {
		go func() {
			for range time.Tick(d) {
				fmt.Fprintln(os.Stderr, memstats())
			}
		}()
	}
	path := os.Getenv("BANMEN_HEAPPROFILE")
	if path == "" {
		return
	}
	at := 5 * time.Second
	if d, err := time.ParseDuration(os.Getenv("BANMEN_HEAPPROFILE_AT")); err == nil && d > 0 {
		at = d
	}
	runtime.MemProfileRate = 4096
	time.AfterFunc(at, func() {
		runtime.GC()
		f, err := os.Create(path)
		if err != nil {
			return
		}
		pprof.WriteHeapProfile(f)
		f.Close()
		fmt.Fprintln(os.Stderr, memstats())
	})
}

// memstats writes the Go runtime's memory in kB: the heap in use, the heap's idle pages not
// yet handed back, stacks and the runtime's own, and what Go holds of the system in all
// (Sys less what it released), with the number of goroutines.
func memstats() string {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return fmt.Sprintf("memstats: heap in use %d kB, heap idle kept %d kB, stacks %d kB, other runtime %d kB, Go resident at most %d kB, goroutines %d, GCs %d",
		m.HeapInuse>>10, (m.HeapIdle-m.HeapReleased)>>10, m.StackSys>>10, (m.MSpanSys+m.MCacheSys+m.BuckHashSys+m.GCSys+m.OtherSys)>>10,
		(m.Sys-m.HeapReleased)>>10, runtime.NumGoroutine(), m.NumGC)
}
