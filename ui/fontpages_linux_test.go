package ui

import (
	"crypto/sha256"
	"os"
	"strconv"
	"strings"
	"testing"
	"unsafe"

	"banmen/assets"
)

// residentKB is what of the mapping holding addr is resident in this process, from
// /proc/self/smaps.
func residentKB(t *testing.T, addr uintptr) int {
	t.Helper()
	smaps, err := os.ReadFile("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	in := false
	for _, l := range strings.Split(string(smaps), "\n") {
		f := strings.Fields(l)
		if len(f) >= 5 && strings.Contains(f[0], "-") && !strings.HasSuffix(f[0], ":") {
			lo, hi, _ := strings.Cut(f[0], "-")
			a, err1 := strconv.ParseUint(lo, 16, 64)
			b, err2 := strconv.ParseUint(hi, 16, 64)
			in = err1 == nil && err2 == nil && uint64(addr) >= a && uint64(addr) < b
			continue
		}
		if in && len(f) >= 2 && f[0] == "Rss:" {
			n, _ := strconv.Atoi(f[1])
			return n
		}
	}
	t.Fatalf("no mapping holds %#x", addr)
	return 0
}

// ReleaseFontPages takes the bundled font's pages out of the resident set, and the font
// reads the same afterwards.
func TestReleaseFontPagesLeavesTheFontIntact(t *testing.T) {
	font := assets.JapaneseFont()
	addr := uintptr(unsafe.Pointer(unsafe.SliceData(font)))
	sum := sha256.Sum256(font) // reads every page
	before := residentKB(t, addr)
	ReleaseFontPages()
	after := residentKB(t, addr)
	if want := len(font)/1024 - 8; before-after < want {
		t.Errorf("the mapping of the font had %d kB resident, %d kB after ReleaseFontPages: %d kB handed back, want at least %d",
			before, after, before-after, want)
	}
	if got := sha256.Sum256(font); got != sum {
		t.Fatal("the font reads differently after ReleaseFontPages")
	}
	if back := residentKB(t, addr); back-after < len(font)/1024-8 {
		t.Errorf("reading the font again brought back %d kB, want about %d", back-after, len(font)/1024)
	}
}
