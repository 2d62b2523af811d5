package bundledengine

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"banmen/board"
	"banmen/book"
)

// writeBook writes a DB2016 book: at the start 1g1f (a move no search of this engine plays
// first) with 9c9d expected, and after 1g1f 9c9d one more move; a line it cannot read.
func writeBook(t *testing.T) string {
	t.Helper()
	start := book.Key(board.NewStartPosition())
	p := board.NewStartPosition()
	for _, u := range []string{"1g1f", "9c9d"} {
		m, _ := p.ParseMove(u)
		p.Do(m)
	}
	text := book.Header + "\n" +
		"sfen " + start + " 1\n1g1f 9c9d 35 12 7\n9a9b none 0 0 1\n" +
		"sfen " + book.Key(p) + " 3\n9g9f none none none 2\n"
	path := filepath.Join(t.TempDir(), "user_book1.db")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// BookFile: the book's move is played at once, with its expected reply as the ponder move and
// its score; within BookMoves only; an analysing go searches; a file that is not there is
// said, and the engine plays on.
func TestBookFile(t *testing.T) {
	path := writeBook(t)
	h := startUSI(t)
	h.send("usi")
	_, lines := h.expect("usiok")
	text := strings.Join(lines, "\n")
	for _, want := range []string{"option name BookFile type filename default <empty>", "option name BookMoves type spin default 16 min 0 max 1000"} {
		if !strings.Contains(text, want) {
			t.Errorf("usi answer lacks %q", want)
		}
	}
	h.send("setoption name BookFile value "+path, "setoption name USI_Ponder value true", "isready")
	_, before := h.expect("readyok")
	if msg := strings.Join(before, "\n"); !strings.Contains(msg, "1 lines left out (the first: line 4") || !strings.Contains(msg, ": 2 positions") {
		t.Errorf("reading the book said %q", msg)
	}
	h.send("usinewgame", "position startpos", "go btime 0 wtime 0 byoyomi 10000")
	best, before := h.expect("bestmove")
	if best != "bestmove 1g1f ponder 9c9d" {
		t.Errorf("from the book: %q", best)
	}
	if msg := strings.Join(before, "\n"); !strings.Contains(msg, "info string book move 1g1f, played 7 of 7 times") || !strings.Contains(msg, "score cp 35 pv 1g1f 9c9d") {
		t.Errorf("the book move's info: %q", msg)
	}
	h.send("position startpos moves 1g1f 9c9d", "go btime 0 wtime 0 byoyomi 10000")
	if best, _ := h.expect("bestmove"); best != "bestmove 9g9f" {
		t.Errorf("move 3 from the book: %q", best)
	}
	// past BookMoves, and in an analysis, the engine searches
	h.send("setoption name BookMoves value 2", "isready")
	h.expect("readyok")
	h.send("position startpos moves 1g1f 9c9d", "go btime 0 wtime 0 byoyomi 300")
	if best, before := h.expect("bestmove"); strings.Contains(strings.Join(before, "\n"), "book move") {
		t.Errorf("move 3 with BookMoves 2: %q after %q", best, before)
	}
	h.send("position startpos", "go depth 3")
	if best, before := h.expect("bestmove"); strings.Contains(strings.Join(before, "\n"), "book move") {
		t.Errorf("go depth used the book: %q", best)
	}
	// a book that is not there
	h.send("setoption name BookFile value "+path+".missing", "setoption name BookMoves value 16", "isready")
	if _, before := h.expect("readyok"); !strings.Contains(strings.Join(before, "\n"), "user_book1.db.missing") {
		t.Errorf("the missing book was not named: %q", before)
	}
	h.send("position startpos", "go btime 0 wtime 0 byoyomi 300")
	if best, before := h.expect("bestmove"); strings.Contains(strings.Join(before, "\n"), "book move") || best == "bestmove 1g1f ponder 9c9d" {
		t.Errorf("without its book: %q after %q", best, before)
	}
}

// The choice follows the counts: a move played 3 times is chosen about three times as often
// as one played once.
func TestBookChoiceFollowsTheCounts(t *testing.T) {
	b, _, err := book.Read([]byte(book.Header+"\nsfen "+book.Key(board.NewStartPosition())+" 1\n7g7f none none none 3\n2g2f none none none 1\n"), "b.db")
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := map[string]int{}
	for range 4000 {
		m, total, ok := bookChoice(b.Lookup(board.NewStartPosition()), rng)
		if !ok || total != 4 {
			t.Fatal(ok, total)
		}
		n[m.Move.USI()]++
	}
	if n["7g7f"] < 2800 || n["7g7f"] > 3200 || n["2g2f"]+n["7g7f"] != 4000 {
		t.Errorf("chosen %v of 4000, want about 3000 and 1000", n)
	}
	if _, _, ok := bookChoice(nil, rng); ok {
		t.Error("a move chosen from no entry")
	}
}

// A relative BookFile is found in the engine's folder, or in its book/ folder as YaneuraOu's is.
func TestBookFileInTheBookFolder(t *testing.T) {
	path := writeBook(t)
	dir := t.TempDir()
	os.Mkdir(filepath.Join(dir, "book"), 0o755)
	data, _ := os.ReadFile(path)
	os.WriteFile(filepath.Join(dir, "book", "user_book1.db"), data, 0o644)
	t.Chdir(dir)
	h := startUSI(t)
	h.send("setoption name BookFile value user_book1.db", "isready")
	if _, before := h.expect("readyok"); !strings.Contains(strings.Join(before, "\n"), ": 2 positions") {
		t.Errorf("the book in book/ was not read: %q", before)
	}
	h.send("position startpos", "go btime 0 wtime 0 byoyomi 10000")
	if best, _ := h.expect("bestmove"); best != "bestmove 1g1f" {
		t.Errorf("from book/user_book1.db: %q", best)
	}
}

// A book of onTheFlyBytes or more is searched on disk: its moves are played as from a book
// read whole. (The size is lowered for the test: a book of 64 MB takes seconds to write.)
func TestBookFileSearchedOnDisk(t *testing.T) {
	before := onTheFlyBytes
	onTheFlyBytes = 512
	t.Cleanup(func() { onTheFlyBytes = before })
	// the positions after 1 to 3 moves of a few openings, written sorted by Write
	b := book.New()
	for _, line := range []string{"1g1f 9c9d 9g9f", "7g7f 3c3d 2g2f", "2g2f 8c8d 2f2e", "5g5f 5c5d 2h5h"} {
		p := board.NewStartPosition()
		for _, u := range strings.Fields(line) {
			m, _ := p.ParseMove(u)
			b.Add(p, m)
			p.Do(m)
		}
	}
	var text strings.Builder
	b.Write(&text)
	if int64(text.Len()) < onTheFlyBytes {
		t.Fatalf("the book is only %d bytes", text.Len())
	}
	path := filepath.Join(t.TempDir(), "big.db")
	if err := os.WriteFile(path, []byte(text.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	h := startUSI(t)
	h.send("setoption name BookFile value "+path, "isready")
	if _, before := h.expect("readyok"); !strings.Contains(strings.Join(before, "\n"), "searched on disk") {
		t.Fatalf("the book was not searched on disk: %q", before)
	}
	for moves, want := range map[string]string{"1g1f": "9c9d", "7g7f 3c3d": "2g2f", "5g5f 5c5d": "2h5h", "2g2f": "8c8d"} {
		h.send("position startpos moves "+moves, "go btime 0 wtime 0 byoyomi 10000")
		if best, _ := h.expect("bestmove"); best != "bestmove "+want {
			t.Errorf("after %s from the book on disk: %q, want %s", moves, best, want)
		}
	}
}
