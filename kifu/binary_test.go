package kifu

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A compressed record (or any binary file) is refused by Read itself, so that banmen-cli and
// the window alike say so rather than "read" it as an empty record with warnings.
func TestReadRefusesBinaryData(t *testing.T) {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(bytes.Repeat([]byte("手合割：平手\n▲７六歩\n"), 200))
	zw.Close()
	for name, data := range map[string][]byte{
		"game.kif.gz": gz.Bytes(),
		"game.kif":    gz.Bytes(), // the extension names a format: the bytes still decide
		"nul.csa":     []byte("V2.2\nPI\n+\x00\x00\x00\n"),
	} {
		rec, _, err := Read(data, name)
		if !IsBinary(err) || rec != nil {
			t.Errorf("%s: Read = %v, %v; want the binary-data error", name, rec, err)
		}
	}
	if _, _, err := Read([]byte("V2.2\nPI\n+\n+7776FU\n"), "ok.csa"); err != nil {
		t.Errorf("a plain CSA record: %v", err)
	}
}

// A file larger than any record (a video opened by mistake) is refused before it is read,
// with its size; one that has no size (a device) when more than MaxFileBytes came.
func TestReadBytesRefusesAFileLargerThanAnyRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "film.kif")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxFileBytes + 1<<20); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	f.Close()
	if _, err := ReadBytes(path); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "65 MB") {
		t.Errorf("ReadBytes of 65 MB: %v", err)
	}
	if _, err := ReadFile(path); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), path) {
		t.Errorf("ReadFile of 65 MB: %v, want the error naming the file", err)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if _, err := ReadBytes("/dev/zero"); !errors.Is(err, ErrTooLarge) {
			t.Errorf("ReadBytes(/dev/zero): %v", err)
		}
	}
	// a record of exactly the limit is read
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	text := bytes.Repeat([]byte("*"+strings.Repeat("あ", 40)+"\n"), MaxFileBytes/122)
	data := append([]byte("手合割：平手\n▲７六歩\n"), text...)
	data = append(data, bytes.Repeat([]byte("\n"), MaxFileBytes-len(data))...)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if rec, err := ReadFile(path); err != nil || len(rec.MainMoves()) != 1 {
		t.Errorf("a record of %d bytes: %v", len(data), err)
	}
	if _, err := ReadBytes(filepath.Join(t.TempDir(), "none.kif")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
}

// A large file of random bytes is refused as binary from its start alone
// (BenchmarkReadRefusesBinary measures it: every encoding's whole decoding and reading took
// 27 s for 300 MB).
func TestReadRefusesALargeBinaryFile(t *testing.T) {
	data := randomBytes(4 << 20)
	if rec, _, err := Read(data, "noise.kif"); !IsBinary(err) || rec != nil {
		t.Errorf("4 MB of noise: %v, %v", rec, err)
	}
}

func randomBytes(n int) []byte {
	rng := rand.New(rand.NewPCG(3, 4))
	data := make([]byte, n)
	for i := range data {
		data[i] = byte(rng.Uint32())
	}
	return data
}

func BenchmarkReadRefusesBinary(b *testing.B) {
	data := randomBytes(32 << 20)
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, _, err := Read(data, "noise.kif"); !IsBinary(err) {
			b.Fatal(err)
		}
	}
}
