package book

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"banmen/board"
)

// FileBook finds positions in a DB2016 book on disk without reading it whole, as YaneuraOu's
// BookOnTheFly and ShogiHome's on-the-fly mode do: the positions of a book written by
// YaneuraOu's tools, ShogiHome or Write are in the order of their SFEN, so a binary search over
// its "sfen" lines finds one in a few dozen reads however large the book (books of a billion
// positions are made). Safe for one goroutine at a time.
type FileBook struct {
	f    *os.File
	size int64
	name string
	buf  []byte // one read: 4 KB holds dozens of a book's lines (the window looks up at every step)
}

// sortedCheck is how many positions OpenFile reads to see that a book is in order.
const sortedCheck = 10000

// ErrUnsorted says a book's positions are not in the order of their SFEN: it can be read
// whole (Read), not searched on disk.
var ErrUnsorted = errors.New("its positions are not in the order of their SFEN")

// OpenFile opens the book in path for searching on disk. Its first line must be the header (or
// a position); the first positions must be in order (else ErrUnsorted, wrapped).
func OpenFile(path string) (*FileBook, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	fb := &FileBook{f: f, size: st.Size(), name: filepath.Base(path), buf: make([]byte, 4<<10)}
	if err := fb.check(); err != nil {
		f.Close()
		return nil, err
	}
	return fb, nil
}

// Close closes the file.
func (fb *FileBook) Close() error { return fb.f.Close() }

// check reads the head of the book: the header, and the order of its first positions.
func (fb *FileBook) check() error {
	head := make([]byte, 4<<20)
	n, err := fb.f.ReadAt(head, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return fmt.Errorf("%s: %w", fb.name, err)
	}
	head = bytes.TrimPrefix(head[:n], []byte("\uFEFF"))
	lines := strings.Split(string(head), "\n")
	if n == len(head) && len(lines) > 1 {
		lines = lines[:len(lines)-1] // cut off in the middle
	}
	first := strings.TrimSpace(lines[0])
	if first != Header && !strings.HasPrefix(first, "sfen ") {
		return fmt.Errorf("%s: line 1: %q is not a book this program reads: want %s (YaneuraOu's DB2016 text format)", fb.name, first, Header)
	}
	prev := ""
	seen := 0
	for i, l := range lines {
		key, ok := lineKey(strings.TrimRight(l, "\r"))
		if !ok {
			continue
		}
		if prev != "" && key <= prev {
			return fmt.Errorf("%s: line %d: %w", fb.name, i+1, ErrUnsorted)
		}
		prev = key
		if seen++; seen == sortedCheck {
			break
		}
	}
	return nil
}

// lineKey is the key of a position line ("sfen BOARD TURN HANDS [PLY]"), as Key gives it.
func lineKey(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "sfen ")
	if !ok {
		return "", false
	}
	f := strings.Fields(rest)
	if len(f) < 3 {
		return "", false
	}
	return f[0] + " " + f[1] + " " + f[2], true
}

// Lookup returns p's entry, or nil when the book has not got it; the lines of the entry that
// cannot be read are warnings (their numbers are not known: Line is 0).
func (fb *FileBook) Lookup(p *board.Position) (*Entry, []Warning, error) {
	key := Key(p)
	lo, hi := int64(0), fb.size
	for lo < hi {
		mid := lo + (hi-lo)/2
		at, line, next, err := fb.positionAt(mid, hi)
		if err != nil {
			return nil, nil, err
		}
		if at < 0 {
			hi = mid // no position starts in [mid, hi)
			continue
		}
		k, _ := lineKey(line)
		switch {
		case k == key:
			return fb.entryAfter(p, next, line)
		case key < k:
			hi = mid
		default:
			lo = next
		}
	}
	return nil, nil, nil
}

// positionAt finds the first position line that starts at or after off and before end: its
// offset (-1 when none), its text, and where the line after it starts. A BOM before the first
// line counts as part of it.
func (fb *FileBook) positionAt(off, end int64) (at int64, line string, next int64, err error) {
	for off < end {
		// from the byte before off, so that a line starting at off is seen to start a line
		base := max(off-1, 0)
		n, err := fb.f.ReadAt(fb.buf, base)
		if n == 0 {
			if err != nil && !errors.Is(err, io.EOF) {
				return -1, "", 0, fmt.Errorf("%s: %w", fb.name, err)
			}
			return -1, "", 0, nil
		}
		chunk := fb.buf[:n]
		at = -1
		if base == 0 && bytes.HasPrefix(bytes.TrimPrefix(chunk, []byte("\uFEFF")), []byte("sfen ")) {
			at = 0
		} else if j := bytes.Index(chunk, []byte("\nsfen ")); j >= 0 {
			at = base + int64(j) + 1
		}
		if at < 0 {
			if n < len(fb.buf) {
				return -1, "", 0, nil
			}
			off = base + int64(n) - 6 // "\nsfen " may straddle two reads
			continue
		}
		if at >= end {
			return -1, "", 0, nil
		}
		line, next, err = fb.lineAt(at)
		return at, line, next, err
	}
	return -1, "", 0, nil
}

// lineAt reads the line that starts at off (without its line end, or a BOM) and returns it
// with where the next line starts.
func (fb *FileBook) lineAt(off int64) (string, int64, error) {
	var line []byte
	next := off
	for {
		n, err := fb.f.ReadAt(fb.buf, next)
		if i := bytes.IndexByte(fb.buf[:n], '\n'); i >= 0 {
			line = append(line, fb.buf[:i]...)
			next += int64(i) + 1
			break
		}
		line = append(line, fb.buf[:n]...)
		next += int64(n)
		if n < len(fb.buf) {
			if err != nil && !errors.Is(err, io.EOF) {
				return "", 0, fmt.Errorf("%s: %w", fb.name, err)
			}
			break
		}
	}
	return strings.TrimRight(string(bytes.TrimPrefix(line, []byte("\uFEFF"))), "\r"), next, nil
}

// entryAfter reads the moves and comments that follow a position line, which ended at off.
func (fb *FileBook) entryAfter(p *board.Position, off int64, line string) (*Entry, []Warning, error) {
	data := []byte(Header + "\n" + line + "\n")
	from := len(data) - 1 // where the next "\nsfen " may begin
	for {
		n, err := fb.f.ReadAt(fb.buf, off)
		data = append(data, fb.buf[:n]...)
		if i := bytes.Index(data[from:], []byte("\nsfen ")); i >= 0 {
			data = data[:from+i+1]
			break
		}
		if n < len(fb.buf) {
			if err != nil && !errors.Is(err, io.EOF) {
				return nil, nil, fmt.Errorf("%s: %w", fb.name, err)
			}
			break
		}
		off += int64(n)
		from = max(len(data)-6, 0)
	}
	b, warns, err := Read(data, fb.name)
	if err != nil {
		return nil, nil, err
	}
	for i := range warns {
		warns[i].Line = 0
	}
	return b.Lookup(p), warns, nil
}
