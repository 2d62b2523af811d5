package recordfile

import (
	"bytes"
	"compress/gzip"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"banmen/kifu"
)

// Real records, kept with their source and licence in ui/testdata/records.
const (
	henka    = "../../ui/testdata/records/kifu-for-js__henka.kif"
	meijin   = "../../ui/testdata/records/kifu-for-js__meijinsen_20180508_M7_10034.kif"
	floodCSA = "../../ui/testdata/records/kifu-for-js__v2.csa"
)

func TestLosses(t *testing.T) {
	rec, _, _, err := ReadFile(henka)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		f    kifu.Format
		want []Loss
	}{
		{kifu.KIF, nil},
		{kifu.KI2, []Loss{LossTimes}},
		{kifu.CSA, []Loss{LossVariations, LossBookmarks}},
		{kifu.JKF, []Loss{LossBookmarks}},
		{kifu.USI, []Loss{LossVariations, LossTimes, LossComments, LossBookmarks, LossHeaders}},
	} {
		if got := Losses(rec, tc.f); !slices.Equal(got, tc.want) {
			t.Errorf("%v: %v, want %v", tc.f, got, tc.want)
		}
	}
	// A bare record loses nothing anywhere.
	if got := Losses(kifu.New(nil), kifu.USI); len(got) != 0 {
		t.Errorf("an empty record in USI loses %v", got)
	}
}

func TestFormatForPath(t *testing.T) {
	for _, tc := range []struct {
		path     string
		utf8     bool
		f        kifu.Format
		enc      kifu.Encoding
		hasError bool
	}{
		{"a.kif", false, kifu.KIF, kifu.ShiftJIS, false},
		{"a.KIF", true, kifu.KIF, kifu.UTF8, false},
		{"a.kifu", false, kifu.KIF, kifu.UTF8, false},
		{"a.ki2", false, kifu.KI2, kifu.ShiftJIS, false},
		{"a.ki2u", false, kifu.KI2, kifu.UTF8, false},
		{"a.csa", false, kifu.CSA, kifu.ShiftJIS, false},
		{"a.jkf", false, kifu.JKF, kifu.UTF8, false},
		{"a.txt", false, kifu.UnknownFormat, kifu.UTF8, true},
	} {
		f, enc, err := FormatForPath(tc.path, tc.utf8)
		if f != tc.f || enc != tc.enc || (err != nil) != tc.hasError {
			t.Errorf("FormatForPath(%q, %v) = %v %v %v", tc.path, tc.utf8, f, enc, err)
		}
	}
}

func TestReadFileSaysABinaryFileIsNotARecord(t *testing.T) {
	dir := t.TempDir()
	kif, err := os.ReadFile(henka)
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(kif)
	zw.Close()
	noise := make([]byte, 5000)
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range noise {
		noise[i] = byte(1 + rng.IntN(255)) // no NUL: the share of unreadable bytes must tell
	}
	for name, data := range map[string][]byte{
		"record.kif.gz": gz.Bytes(), // read as a record, it had no moves and ~30 lines "not understood"
		"noise.kif":     noise,
		"image.png":     append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), noise[:300]...),
	} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, _, err := ReadFile(path)
		if !IsBinary(err) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: %v, want a binary-data error naming the file", name, err)
		}
	}
	// and no record of the shared corpus is taken for binary data (where the corpus is)
	root := "../../../shared/testdata/kifu"
	if _, err := os.Stat(root); err != nil {
		t.Skipf("the shared corpus: %v", err)
	}
	n := 0
	filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, ".json") && filepath.Dir(path) == root {
			return err
		}
		n++
		if _, _, _, err := ReadFile(path); IsBinary(err) {
			t.Errorf("%s: taken for binary data", path)
		}
		return nil
	})
	if n < 50 {
		t.Errorf("only %d corpus records under %s", n, root)
	}
}

// A file larger than any record (a video opened by mistake, dropped on the window) is
// refused with its name and size before it is read, and is no record read in part.
func TestReadFileRefusesAFileLargerThanAnyRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "film.kif")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(300 << 20); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	f.Close()
	_, _, _, err = ReadFile(path)
	var part *PartialError
	if !errors.Is(err, kifu.ErrTooLarge) || errors.As(err, &part) || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "300 MB") {
		t.Errorf("ReadFile of 300 MB: %v", err)
	}
}

// A record that stops being readable part-way, with moves before the line it stops at, is
// refused with a *PartialError that holds those moves, the variations read before that line
// too, and names the line; one with no move before it is refused as before.
func TestReadFileOfABrokenRecordHoldsTheMovesBefore(t *testing.T) {
	// Kifu-for-JS's fork-test.kif: line 18, in the variation at move 2, moves White's silver
	// for Black; the variation at move 4 comes after it
	_, _, _, err := ReadFile("../../ui/testdata/records/kifu-for-js__fork-test.kif")
	var part *PartialError
	if !errors.As(err, &part) {
		t.Fatalf("error %v (%T), want a *PartialError", err, err)
	}
	var pe *kifu.ParseError
	if !errors.As(err, &pe) || pe.Line != 18 || !strings.Contains(err.Error(), "fork-test.kif") {
		t.Errorf("error %v, want the reader's naming the file and line 18", err)
	}
	rec := part.Record
	if got := kifu.FormatUSI(rec); !strings.HasPrefix(got, "position startpos moves 7g7f 3c3d 2g2f") {
		t.Errorf("main line %q", got)
	}
	var lines []string
	for _, v := range rec.Root.Next().Children() {
		var usi []string
		for _, n := range v.Line() {
			usi = append(usi, n.Move.USI())
		}
		lines = append(lines, strings.Join(usi, " "))
	}
	if want := []string{"3c3d 2g2f", "8c8d 7i6h 3c3d 6g6f"}; !slices.Equal(lines, want) {
		t.Errorf("the lines after move 1: %q, want %q", lines, want)
	}
	if part.Moves != 7 || part.Format != kifu.KIF || part.Encoding != kifu.ShiftJIS {
		t.Errorf("moves %d, format %v, encoding %v; want 7, KIF, Shift_JIS", part.Moves, part.Format, part.Encoding)
	}
	// pasted, the same
	text := "手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ７七銀(88)\n   4 ８四歩(83)\n"
	if _, _, err := ParseText(text); !errors.As(err, &part) || part.Moves != 2 || part.Format != kifu.KIF {
		t.Errorf("paste: %v, want a *PartialError with 2 moves", err)
	}
	// nothing read before the error: a plain error
	for _, text := range []string{"手合割：平手\n手数----指手--\n   1 ７七銀(88)\n   2 ８四歩(83)\n", "just some words\n"} {
		if _, _, err := ParseText(text); err == nil || errors.As(err, &part) {
			t.Errorf("%q: %v, want an error that offers nothing", text, err)
		}
	}
}
