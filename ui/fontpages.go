package ui

import (
	"sync"
	"time"

	"banmen/assets"
)

// The bundled font lies in the binary (assets), 4 MB of it. Fyne parses it by copying its
// tables into Go's heap; the piece images read their glyphs from it directly (pieceimage.go).
// Either way, the pages read stay in the process's resident set — all of the font's after
// Fyne's parse — though Fyne never reads them again. ReleaseFontPages hands them back: they
// are pages of the binary's file, never written, so the kernel simply forgets them, and
// reads them again from the file (the page cache, mostly) if a piece of a new size or a new
// text style needs them. On Linux; elsewhere it does nothing.

// fontPagesDelay is how long after a drawing of piece images their font's pages are handed
// back: the drawings of one layout come together.
const fontPagesDelay = time.Second

var fontPages struct {
	sync.Mutex
	scheduled bool
}

// ReleaseFontPages hands the resident pages of the bundled font back to the system (see
// above). main calls it once Fyne has parsed the font; it is cheap, and harmless when the
// pages are not resident.
func ReleaseFontPages() { dropPages(assets.JapaneseFont()) }

// releaseFontPagesSoon calls ReleaseFontPages fontPagesDelay from now, once for all the
// calls until then.
func releaseFontPagesSoon() {
	fontPages.Lock()
	defer fontPages.Unlock()
	if fontPages.scheduled {
		return
	}
	fontPages.scheduled = true
	time.AfterFunc(fontPagesDelay, func() {
		fontPages.Lock()
		fontPages.scheduled = false
		fontPages.Unlock()
		ReleaseFontPages()
	})
}

// innerPages returns the part of b made of whole pages of size page, given b's address:
// the bytes from the first page boundary in b to the last.
func innerPages(b []byte, addr, page uintptr) []byte {
	first := (addr + page - 1) &^ (page - 1)
	last := (addr + uintptr(len(b))) &^ (page - 1)
	if last <= first {
		return nil
	}
	return b[first-addr : last-addr]
}
