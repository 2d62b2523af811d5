package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"

	"banmen/board"
	"banmen/kifu"
)

// longRecord plays n random legal moves from the start position (the same ones every time)
// and returns the record. Real records of 300 moves are rare; this one only has to be long.
func longRecord(t testing.TB, n int) *kifu.Record {
	t.Helper()
	rec := kifu.New(nil)
	rnd := newXorshift(12345)
	pos := board.NewStartPosition()
	node := rec.Root
	var buf []board.Move
	for len(node.Moves()) < n {
		buf = pos.LegalMoves(buf[:0])
		// a move after which the other side can still move, so that the game goes on
		var m board.Move
		for tries := 0; tries < 50; tries++ {
			c := buf[int(rnd.float()*float64(len(buf)))%len(buf)]
			if pos.Play(c).HasLegalMove() {
				m = c
				break
			}
		}
		if m == board.NoMove {
			t.Fatalf("no move at ply %d", len(node.Moves()))
		}
		next, err := rec.Play(node, m)
		if err != nil {
			t.Fatal(err)
		}
		node = next
		pos.Do(m)
	}
	return rec
}

// longRecordFile writes the 300-move record as KIF in the temp dir (for measuring the real
// app with it: see README) and returns the path.
func longRecordFile(t testing.TB) string {
	path := filepath.Join(os.TempDir(), "banmen-bench", "random-300.kifu")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	rec := longRecord(t, 300)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(kifu.FormatKIF(rec)), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// stepWindow opens the 300-move record in a main window of 1180×760 and returns a function
// that takes one step through it (forward to the end, then back to the start, and so on).
func stepWindow(b *testing.B) (*MainWindow, func()) {
	path := longRecordFile(b)
	w, _ := windowUnderTest(b, windowOpts{})
	w.OpenFile(path)
	if w.Session().MoveCount() != 300 {
		b.Fatalf("the record has %d moves", w.Session().MoveCount())
	}
	b.Logf("record: %s", path)
	forward := true
	return w, func() {
		if forward && !w.Session().Forward() || !forward && !w.Session().Back() {
			forward = !forward
		}
	}
}

// BenchmarkStepThroughRecord measures what the window does for one step through a 300-move
// record, the arrow key's work: the session moves, the board takes the new position and
// re-textures the squares that changed, the move list selects and scrolls, the comment and
// the title follow. Painting is the GPU's, measured by BenchmarkStepAndPaint.
func BenchmarkStepThroughRecord(b *testing.B) {
	newTestApp(b, ThemeLight)
	_, step := stepWindow(b)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		step()
	}
}

// BenchmarkStepAndPaint is a step and a paint of the whole 1180×760 window by Fyne's
// software painter (the headless test driver): an upper bound of a frame, since the real
// window paints with OpenGL and keeps the textures of what did not change.
func BenchmarkStepAndPaint(b *testing.B) {
	newTestApp(b, ThemeLight)
	w, step := stepWindow(b)
	c := w.Window().Canvas()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		step()
		c.Capture()
	}
}

// BenchmarkBoardRefresh is the board widget alone taking a new position and its last move.
func BenchmarkBoardRefresh(b *testing.B) {
	newTestApp(b, ThemeLight)
	rec := longRecord(b, 300)
	var positions []*board.Position
	var moves []board.Move
	p := rec.Start.Clone()
	for _, m := range rec.MainMoves() {
		p = p.Play(m)
		positions, moves = append(positions, p), append(moves, m)
	}
	bd := NewBoard(nil, nil)
	w := fyne.CurrentApp().NewWindow("bench")
	w.SetContent(bd)
	w.Resize(fyne.NewSize(800, 560))
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		k := i % len(positions)
		bd.SetPosition(positions[k], moves[k])
	}
}

func TestLongRecordIsLongAndLegal(t *testing.T) {
	rec := longRecord(t, 300)
	if n := len(rec.MainMoves()); n != 300 {
		t.Fatalf("%d moves", n)
	}
	// it reads back from its KIF
	back, err := kifu.ParseKIF(kifu.FormatKIF(rec))
	if err != nil || len(back.MainMoves()) != 300 {
		t.Fatalf("reading it back: %v", err)
	}
}
