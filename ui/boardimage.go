package ui

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"

	"banmen/board"
	"banmen/internal/atomicfile"
)

// The 局面図: a picture of the position shown, the board with both stands and the players'
// names, saved as PNG (File → Export Position Image…), as Kifu for Windows, Shogidokoro and
// ShogiHome save one for a web page or a printed sheet. It is drawn afresh off the window at
// a fixed size, so it does not depend on the window's size nor carry the window's selection,
// arrows or clocks.

// boardImageUnit is the width of a square in the picture, in pixels at scale 1; the picture
// is drawn at scale 2.
const (
	boardImageUnit  = 40
	boardImageScale = 2
)

// boardImage draws pos (last: the move that led to it, marked; flipped: gote at the foot)
// with the names black and white, in the window's theme.
func boardImage(pos *board.Position, last board.Move, black, white string, flipped bool, msg *Messages) image.Image {
	pos = pos.Clone()
	b := NewBoard(pos, msg)
	b.SetPosition(pos, last)
	b.SetNames(black, white)
	b.SetFlipped(flipped)
	c := software.NewCanvas()
	c.SetPadded(false)
	c.SetScale(boardImageScale)
	c.SetContent(b)
	c.Resize(boardImageSize())
	return c.Capture()
}

// boardImageSize is the picture's size at scale 1, in whole pixels.
func boardImageSize() fyne.Size {
	return fyne.NewSize(float32(math.Round(totalW*boardImageUnit)), float32(math.Round(totalH*boardImageUnit)))
}

// boardPNG is the position shown (the record's, or the one being edited), as the window
// shows it (turned or not), as PNG.
func (w *MainWindow) boardPNG() ([]byte, error) {
	rec := w.sess.Record()
	img := boardImage(w.board.ShownPosition(), w.board.LastMove(), rec.BlackName(), rec.WhiteName(), w.board.Flipped(), w.msg)
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ExportBoardImage asks where to save a picture of the position shown and saves it as PNG
// (atomically: a file that was there is whole, old or new).
func (w *MainWindow) ExportBoardImage() {
	if w.opts.Dialogs == nil {
		w.setStatus(w.msg.NoFileDialog)
		return
	}
	data, err := w.boardPNG()
	if err != nil {
		w.showError(w.msg.Error, clipText(firstLine(err.Error()), 120), err.Error())
		return
	}
	name := w.sess.Name(w.msg.Untitled)
	ply := w.sess.Ply()
	if n := w.sess.Node(); n.Move == board.NoMove && n.Parent() != nil {
		ply-- // 投了 and the like: the position of the move before
	}
	// named after the record and the move, beside the record's file when it has one
	suggested := fmt.Sprintf("%s-%d.png", strings.TrimSuffix(name, filepath.Ext(name)), ply)
	if p := w.sess.Path(); p != "" {
		suggested = filepath.Join(filepath.Dir(p), suggested)
	}
	w.opts.Async(func() {
		path, err := w.opts.Dialogs.SaveFile(strings.TrimSuffix(w.msg.ExportImage, "…"), suggested, []string{"png"})
		if err == nil && path != "" {
			if !strings.EqualFold(filepath.Ext(path), ".png") {
				path += ".png" // the file holds PNG whatever it was called
			}
			err = atomicfile.Write(path, data, 0o644)
		}
		fyne.Do(func() {
			switch {
			case err != nil:
				w.showError(w.msg.Error, fmt.Sprintf(w.msg.WriteErrF, fileName(path), w.writeErrorReason(err)), err.Error())
			case path != "":
				w.setStatus(fmt.Sprintf(w.msg.SavedF, filepath.Base(path)))
			}
		})
	})
}
