package book

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"banmen/board"
	"banmen/kifu"
)

// randomBook counts the main lines of random games into a book, and returns it with the
// positions of the games (in the book) and positions of other games (mostly not in it).
func randomBook(t *testing.T, games, plies int, seed uint64) (*Book, []*board.Position, []*board.Position) {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 7))
	b := New()
	var in, out []*board.Position
	for g := range games * 2 {
		rec := kifu.New(nil)
		p := rec.Start.Clone()
		at := rec.Root
		for range plies {
			ms := p.LegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			m := ms[rng.IntN(len(ms))]
			n, err := rec.Play(at, m)
			if err != nil {
				t.Fatal(err)
			}
			at = n
			if g < games {
				in = append(in, p.Clone())
			} else {
				out = append(out, p.Clone())
			}
			p.Do(m)
		}
		if g < games {
			b.AddRecord(rec, 0)
		}
	}
	return b, in, out
}

// On disk, every position of a book is found with the moves reading it whole gives, and a
// position it has not got is not found; with reads of a few dozen bytes too, so that the
// lines fall across the reads in every way.
func TestFileBookFindsWhatReadFinds(t *testing.T) {
	b, in, out := randomBook(t, 150, 24, 1)
	var text bytes.Buffer
	if err := b.Write(&text); err != nil {
		t.Fatal(err)
	}
	// a comment on a position and on a move
	e := b.Lookup(board.NewStartPosition())
	e.Comment, e.Moves[0].Comment = "初形", "よくある手"
	text.Reset()
	b.Write(&text)
	dir := t.TempDir()
	for i, variant := range []string{text.String(), strings.ReplaceAll(text.String(), "\n", "\r\n"),
		"\uFEFF" + strings.ReplaceAll(strings.TrimPrefix(text.String(), Header+"\n"), "\n", "\r\n")} {
		path := filepath.Join(dir, "big"+string(rune('0'+i))+".db")
		if err := os.WriteFile(path, []byte(variant), 0o644); err != nil {
			t.Fatal(err)
		}
		lookupAll(t, path, b, in, out)
	}
}

func lookupAll(t *testing.T, path string, b *Book, in, out []*board.Position) {
	t.Helper()
	for _, bufSize := range []int{4 << 10, 97, 23} {
		fb, err := OpenFile(path)
		if err != nil {
			t.Fatal(err)
		}
		fb.buf = make([]byte, bufSize)
		for _, p := range in {
			got, warns, err := fb.Lookup(p)
			if err != nil || len(warns) != 0 {
				t.Fatalf("%s, buffer %d: %v %v", filepath.Base(path), bufSize, err, warns)
			}
			if want := b.Lookup(p); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, buffer %d, %s: on disk %+v, read whole %+v", filepath.Base(path), bufSize, p.SFEN(), got, want)
			}
		}
		missing := 0
		for _, p := range out {
			got, _, err := fb.Lookup(p)
			if err != nil {
				t.Fatal(err)
			}
			if (got == nil) != (b.Lookup(p) == nil) {
				t.Fatalf("buffer %d, %s: on disk %v, whole %v", bufSize, p.SFEN(), got, b.Lookup(p))
			}
			if got == nil {
				missing++
			}
		}
		if missing == 0 {
			t.Fatal("every position of the other games is in the book: the test proves nothing")
		}
		fb.Close()
	}
}

func TestFileBookRefusesWhatItCannotSearch(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte(text), 0o644)
		return p
	}
	unsorted := write("unsorted.db", Header+"\nsfen "+startKey+" 1\n7g7f none 0 0 1\nsfen lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 2\n3c3d none 0 0 1\n")
	if _, err := OpenFile(unsorted); !errors.Is(err, ErrUnsorted) || !strings.Contains(err.Error(), "unsorted.db: line 4") {
		t.Errorf("an unsorted book: %v", err)
	}
	if _, err := OpenFile(write("other.db", "#SOMETHING\n")); err == nil || !strings.Contains(err.Error(), "other.db: line 1") {
		t.Errorf("another format: %v", err)
	}
	if _, err := OpenFile(filepath.Join(dir, "missing.db")); err == nil {
		t.Error("a missing file opened")
	}
	// no header, a BOM: found
	bare := write("bare.db", "\uFEFFsfen "+startKey+" 1\n7g7f none 0 0 1\n")
	fb, err := OpenFile(bare)
	if err != nil {
		t.Fatal(err)
	}
	defer fb.Close()
	if e, _, err := fb.Lookup(board.NewStartPosition()); err != nil || e == nil || e.Moves[0].Move.USI() != "7g7f" {
		t.Errorf("the bare book's start: %+v %v", e, err)
	}
}
