package bundledengine

import (
	"bufio"
	"bytes"
	"math"
	"os"
	"strconv"
	"strings"
	"syscall"
	"unsafe"
)

const unlimited = math.MaxInt

// mapTable maps n zeroed elements of T (which must hold no pointers) with mmap. ok is false
// when the kernel refuses (ENOMEM under an address-space limit, or overcommit).
func mapTable[T any](n uint64) ([]T, func(), bool) {
	var zero T
	size := n * uint64(unsafe.Sizeof(zero))
	if size == 0 || size > math.MaxInt/2 {
		return nil, nil, false
	}
	mem, err := syscall.Mmap(-1, 0, int(size), syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_PRIVATE|syscall.MAP_ANON)
	if err != nil {
		return nil, nil, false
	}
	adviseHugePages(unsafe.Pointer(&mem[0]), uintptr(len(mem)))
	s := unsafe.Slice((*T)(unsafe.Pointer(&mem[0])), n)
	return s, func() { syscall.Munmap(mem) }, true
}

// tableRoomMB returns how many megabytes a new table may take now, tableHeadroomMB left
// aside: the least of the address space left under RLIMIT_AS, the memory the kernel calls
// available, and what the cgroup's memory.max leaves. unlimited when nothing is known.
func tableRoomMB() int {
	room := unlimited
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_AS, &lim) == nil && lim.Cur != math.MaxUint64 && lim.Cur < 1<<62 {
		if vm, ok := procStatusKB("VmSize:"); ok {
			room = min(room, int(lim.Cur>>20)-vm>>10)
		}
	}
	if avail, ok := meminfoKB("MemAvailable:"); ok {
		room = min(room, avail>>10)
	}
	if left, ok := cgroupLeftBytes(); ok {
		room = min(room, int(left>>20))
	}
	if room == unlimited {
		return room
	}
	return room - tableHeadroomMB
}

// procStatusKB reads a "Name: N kB" line of /proc/self/status.
func procStatusKB(name string) (int, bool) { return kbLine("/proc/self/status", name) }

func meminfoKB(name string) (int, bool) { return kbLine("/proc/meminfo", name) }

func kbLine(path, name string) (int, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), name); ok {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return n, err == nil
		}
	}
	return 0, false
}

// cgroupLeftBytes returns memory.max less memory.current of the process's cgroup (v2).
func cgroupLeftBytes() (int64, bool) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	var dir string
	for _, l := range bytes.Split(data, []byte("\n")) {
		if p, ok := bytes.CutPrefix(l, []byte("0::")); ok {
			dir = "/sys/fs/cgroup" + string(p)
		}
	}
	if dir == "" {
		return 0, false
	}
	read := func(name string) (int64, bool) {
		b, err := os.ReadFile(dir + "/" + name)
		if err != nil {
			return 0, false
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
		return n, err == nil // "max" is no limit
	}
	maxB, ok := read("memory.max")
	if !ok {
		return 0, false
	}
	cur, _ := read("memory.current")
	return maxB - cur, true
}

// adviseHugePages asks Linux to back a large table with huge pages (transparent huge pages
// in "madvise" mode): random probes into a table of many megabytes then miss the TLB far less.
// It is advice; errors are ignored.
func adviseHugePages(p unsafe.Pointer, n uintptr) {
	const huge = 2 << 20
	start := (uintptr(p) + huge - 1) &^ (huge - 1)
	end := (uintptr(p) + n) &^ (huge - 1)
	if end <= start {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Add(p, start-uintptr(p))), end-start)
	syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}
