package bundledengine

import (
	"errors"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"

	"banmen/board"
	"banmen/book"
)

// The opening book: with BookFile naming a book in YaneuraOu's DB2016 format (package book,
// the format ShogiHome's 定跡 window edits), a go within the game's first BookMoves moves whose
// position the book has is answered at once with one of its moves, chosen at random as often as
// the book says each was played, so that games do not all open alike. A go that analyses
// (infinite, ponder, depth, nodes, searchmoves) searches as always. The book is read at isready
// when BookFile names another file than the one read; a file that cannot be read, or lines of
// it that cannot, are said in info strings, and the engine plays on without them. A relative
// name is looked for in the engine's folder, then in its book/ folder, where YaneuraOu keeps
// its books.

// onTheFlyBytes is the size from which a book is searched on disk (book.FileBook) instead of
// read whole: a book of 64 MB holds some 600,000 positions, about 100 MB in memory.
var onTheFlyBytes int64 = 64 << 20 // a variable for tests

// engineBook is a book read whole, or searched on disk.
type engineBook struct {
	whole *book.Book
	file  *book.FileBook
}

// lookup returns pos's entry, or nil (a file that cannot be read is said, once).
func (b *engineBook) lookup(pos *board.Position, out *lineWriter) *book.Entry {
	if b.whole != nil {
		return b.whole.Lookup(pos)
	}
	e, _, err := b.file.Lookup(pos)
	if err != nil {
		out.printf("info string BookFile: %v", err)
		return nil
	}
	return e
}

// loadBook reads the book BookFile names, if it is not the one read already: whole, or from
// onTheFlyBytes on, opened to be searched on disk (when its positions are in order).
func (e *Engine) loadBook() {
	path := strings.TrimSpace(e.opts.str(optBookFile))
	if path == "" || strings.EqualFold(path, "no_book") {
		e.closeBook()
		return
	}
	if path == e.bookPath && e.book != nil {
		return
	}
	e.closeBook()
	found := path
	st, err := os.Stat(found)
	if err != nil && !filepath.IsAbs(path) {
		// YaneuraOu looks for its BookFile in the folder book/ (its BookDir)
		if st2, err2 := os.Stat(filepath.Join("book", path)); err2 == nil {
			found, st, err = filepath.Join("book", path), st2, nil
		}
	}
	if err != nil {
		e.out.printf("info string BookFile %s: %v: playing without a book", path, err)
		return
	}
	if st.Size() >= onTheFlyBytes {
		fb, err := book.OpenFile(found)
		if err == nil {
			e.out.printf("info string BookFile %s: %d MB, searched on disk", path, st.Size()>>20)
			e.book, e.bookPath = &engineBook{file: fb}, path
			return
		}
		if !errors.Is(err, book.ErrUnsorted) {
			e.out.printf("info string BookFile: %v: playing without a book", err)
			return
		}
		e.out.printf("info string BookFile: %v: read whole instead", err)
	}
	data, err := os.ReadFile(found)
	if err != nil {
		e.out.printf("info string BookFile %s: %v: playing without a book", path, err)
		return
	}
	b, warns, err := book.Read(data, filepath.Base(path))
	if err != nil {
		e.out.printf("info string BookFile: %v: playing without a book", err)
		return
	}
	if len(warns) > 0 {
		e.out.printf("info string BookFile %s: %d lines left out (the first: %s)", path, len(warns), warns[0])
	}
	e.out.printf("info string BookFile %s: %d positions", path, b.Positions())
	e.book, e.bookPath = &engineBook{whole: b}, path
}

// closeBook forgets the book (closing its file).
func (e *Engine) closeBook() {
	if e.book != nil && e.book.file != nil {
		e.book.file.Close()
	}
	e.book, e.bookPath = nil, ""
}

// bookChoice returns a move of e chosen at random by how often each was played (a move never
// counted as once), and the sum of the counts; ok is false when e has none.
func bookChoice(e *book.Entry, rng *rand.Rand) (m book.Move, total int, ok bool) {
	if e == nil || len(e.Moves) == 0 {
		return book.Move{}, 0, false
	}
	for _, bm := range e.Moves {
		total += max(bm.Count, 1)
	}
	r := rng.IntN(total)
	for _, bm := range e.Moves {
		r -= max(bm.Count, 1)
		if r < 0 {
			return bm, total, true
		}
	}
	return e.Moves[len(e.Moves)-1], total, true
}

// playBook answers the go from the book where the options and the go allow it (see above),
// and reports whether it did.
func (e *Engine) playBook(pos *board.Position, gp goParams, set goSettings) bool {
	if set.book == nil || gp.infinite || gp.ponder || gp.depth > 0 || gp.nodes > 0 || len(gp.searchMoves) > 0 {
		return false
	}
	if pos.MoveNumber() > set.bookMoves {
		return false
	}
	bm, total, ok := bookChoice(set.book.lookup(pos, e.out), e.bookRand)
	if !ok || !pos.IsLegal(bm.Move) {
		return false
	}
	e.out.printf("info string book move %s, played %d of %d times", bm.Move.USI(), max(bm.Count, 1), total)
	pv := bm.Move.USI()
	if bm.Ponder != board.NoMove {
		pv += " " + bm.Ponder.USI()
	}
	if bm.HasScore {
		e.out.printf("info depth %d score cp %d pv %s", max(bm.Depth, 1), bm.Score, pv)
	}
	if set.ponder && bm.Ponder != board.NoMove {
		e.answer("bestmove " + bm.Move.USI() + " ponder " + bm.Ponder.USI())
	} else {
		e.answer("bestmove " + bm.Move.USI())
	}
	return true
}
