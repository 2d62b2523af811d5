package bundledengine

import (
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

// loadBook reads the book BookFile names, if it is not the one read already.
func (e *Engine) loadBook() {
	path := strings.TrimSpace(e.opts.str(optBookFile))
	if path == "" || strings.EqualFold(path, "no_book") {
		e.book, e.bookPath = nil, ""
		return
	}
	if path == e.bookPath && e.book != nil {
		return
	}
	e.book, e.bookPath = nil, ""
	data, err := os.ReadFile(path)
	if err != nil && !filepath.IsAbs(path) {
		// YaneuraOu looks for its BookFile in the folder book/ (its BookDir)
		if d, err2 := os.ReadFile(filepath.Join("book", path)); err2 == nil {
			data, err = d, nil
		}
	}
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
	e.book, e.bookPath = b, path
}

// bookChoice returns a move of b for pos chosen at random by how often each was played (a
// move never counted as once), and the sum of the counts; ok is false when b has none.
func bookChoice(b *book.Book, pos *board.Position, rng *rand.Rand) (m book.Move, total int, ok bool) {
	e := b.Lookup(pos)
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
	bm, total, ok := bookChoice(set.book, pos, e.bookRand)
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
