package book

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"banmen/board"
)

// A book is a file users pick, and may be anything: Read never panics; a book it reads, written
// and read again, is the same book with no warning (its positions with moves), written again
// the same bytes; and searched on disk (the written book is in order), each of its positions is
// found as Read found it.
func FuzzReadBook(f *testing.F) {
	f.Add([]byte(sample))
	f.Add([]byte(Header + "\nsfen " + startKey + " 1\n7g7f none none none 1\n#c\n"))
	f.Add([]byte(Header + "\nsfen 4k4/9/9/9/9/9/9/9/4K4 b P 1\nP*5e 5a4a 0 1 2\n"))
	f.Add([]byte("sfen " + startKey + " 1\r\n2g2f\r\n7g7f 3c3d x y z\r\n"))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		b, _, err := Read(data, "fuzz.db")
		if err != nil {
			return
		}
		var once bytes.Buffer
		if err := b.Write(&once); err != nil {
			t.Fatal(err)
		}
		b2, warns, err := Read(once.Bytes(), "written.db")
		if err != nil || len(warns) != 0 {
			t.Fatalf("the book written reads with %v %v:\n%s", err, warns, once.String())
		}
		for k, e := range b.Entries {
			if len(e.Moves) == 0 {
				continue // not written
			}
			e2 := b2.Entries[k]
			want := *e
			want.Ply = max(want.Ply, 1)
			if e2 == nil || !reflect.DeepEqual(*e2, want) {
				t.Fatalf("%s: read %+v, written and read again %+v", k, want, e2)
			}
		}
		if n, n2 := b.Positions(), b2.Positions(); n2 > n {
			t.Fatalf("%d positions read, %d after writing", n, n2)
		}
		var twice bytes.Buffer
		b2.Write(&twice)
		if !bytes.Equal(once.Bytes(), twice.Bytes()) {
			t.Fatalf("written twice differs:\n%s\n---\n%s", once.String(), twice.String())
		}
		path := filepath.Join(dir, "book.db")
		if err := os.WriteFile(path, once.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		fb, err := OpenFile(path)
		if err != nil {
			t.Fatalf("the book written cannot be searched on disk: %v", err)
		}
		defer fb.Close()
		for k, e := range b2.Entries {
			p, err := board.ParseSFEN(k + " 1")
			if err != nil {
				t.Fatal(err)
			}
			got, warns, err := fb.Lookup(p)
			if err != nil || len(warns) != 0 || !reflect.DeepEqual(got, e) {
				t.Fatalf("%s on disk: %+v %v %v, read whole %+v", k, got, warns, err, e)
			}
		}
	})
}
