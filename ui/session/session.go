// Package session is the model behind Banmen's main window: the record being shown, the
// place in it (a kifu.Cursor), the file it came from and whether it has unsaved changes.
// The window's widgets draw what a Session holds and send it intents (play this move, go to
// that ply, save there); the Session tells its listeners what changed.
//
// It does not import Fyne, so that it is tested without a window. It holds no rules (board
// decides what is legal) and no file formats (kifu reads and writes them). A Session is not
// safe for concurrent use: the window calls it on the Fyne goroutine.
package session

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"banmen/board"
	"banmen/kifu"
)

// Change says what changed; listeners get the union of the changes of one operation.
type Change uint

const (
	// ChangedCursor: the current node moved (and with it the position shown).
	ChangedCursor Change = 1 << iota
	// ChangedTree: moves were added, removed or reordered.
	ChangedTree
	// ChangedRecord: a different record (new, opened, pasted, restored). Everything is new.
	ChangedRecord
	// ChangedComment: the comment of the current node.
	ChangedComment
	// ChangedHeaders: the record's headers.
	ChangedHeaders
	// ChangedFile: the file name, format or encoding, or the unsaved-changes flag.
	ChangedFile
)

// Session is a record being looked at and edited.
type Session struct {
	rec       *kifu.Record
	cur       *kifu.Cursor
	path      string
	format    kifu.Format
	enc       kifu.Encoding
	dirty     bool
	edits     uint64 // counts the changes to the record, for autosave
	listeners []func(Change)
}

// New returns a session with an empty record from the standard start position.
func New() *Session {
	s := &Session{}
	s.setRecord(kifu.New(nil))
	return s
}

// OnChange adds a listener, called after every operation that changed something.
func (s *Session) OnChange(f func(Change)) { s.listeners = append(s.listeners, f) }

func (s *Session) notify(c Change) {
	if c == 0 {
		return
	}
	for _, f := range s.listeners {
		f(c)
	}
}

// edited marks the record as changed since it was last saved.
func (s *Session) edited(c Change) {
	s.edits++
	if !s.dirty {
		s.dirty = true
		c |= ChangedFile
	}
	s.notify(c)
}

func (s *Session) setRecord(rec *kifu.Record) {
	s.rec = rec
	s.cur = rec.NewCursor()
}

// Record returns the record. Change it only through the session.
func (s *Session) Record() *kifu.Record { return s.rec }

// Cursor returns the current place in the record. Move it only through the session.
func (s *Session) Cursor() *kifu.Cursor { return s.cur }

// Node returns the current node.
func (s *Session) Node() *kifu.Node { return s.cur.Node() }

// Ply returns the current node's ply (0 at the start position).
func (s *Session) Ply() int { return s.cur.Ply() }

// Position returns the position at the current node (a copy the caller may keep).
func (s *Session) Position() *board.Position { return s.cur.Position() }

// LastMove returns the move that led to the current node (NoMove at the start or after a
// special move such as 投了).
func (s *Session) LastMove() board.Move { return s.cur.LastMove() }

// Path returns the file the record was opened from or saved to ("" when none).
func (s *Session) Path() string { return s.path }

// Format returns the format of Path.
func (s *Session) Format() kifu.Format { return s.format }

// Encoding returns the encoding of Path.
func (s *Session) Encoding() kifu.Encoding { return s.enc }

// Dirty reports whether the record has changes that are not saved.
func (s *Session) Dirty() bool { return s.dirty }

// Edits counts every change made to the record; it only grows.
func (s *Session) Edits() uint64 { return s.edits }

// Name is the file name without its directory, or untitled when there is none.
func (s *Session) Name(untitled string) string {
	if s.path == "" {
		return untitled
	}
	return filepath.Base(s.path)
}

// Reset starts an empty record from start (the standard position when nil), with no file.
// It is a new record that nobody saved yet, but nothing in it is worth keeping, so it is not
// dirty.
func (s *Session) Reset(start *board.Position) {
	rec := kifu.New(start)
	if h, ok := kifu.HandicapOf(rec.Start); ok && h.Name != "平手" {
		rec.Headers.Set("手合割", h.Name)
	}
	s.setRecord(rec)
	s.path, s.format, s.enc, s.dirty = "", kifu.UnknownFormat, kifu.UTF8, false
	s.edits++
	s.notify(ChangedRecord | ChangedCursor | ChangedTree | ChangedComment | ChangedHeaders | ChangedFile)
}

// Load shows rec, read from path (in format f and encoding enc; path "" for a record that
// came from elsewhere, such as the clipboard). A record without a file is dirty: it exists
// nowhere else yet. The cursor is put at the start of the main line.
func (s *Session) Load(rec *kifu.Record, path string, f kifu.Format, enc kifu.Encoding) {
	s.setRecord(rec)
	s.path, s.format, s.enc = path, f, enc
	s.dirty = path == ""
	s.edits++
	s.notify(ChangedRecord | ChangedCursor | ChangedTree | ChangedComment | ChangedHeaders | ChangedFile)
}

// Restore shows rec as it was left unsaved (an autosave): it keeps path, format and encoding
// as they were, and it is dirty.
func (s *Session) Restore(rec *kifu.Record, path string, f kifu.Format, enc kifu.Encoding) {
	s.Load(rec, path, f, enc)
	if !s.dirty {
		s.dirty = true
		s.notify(ChangedFile)
	}
}

// MarkSaved records that the record is now in path, in format f and encoding enc.
func (s *Session) MarkSaved(path string, f kifu.Format, enc kifu.Encoding) {
	s.path, s.format, s.enc, s.dirty = path, f, enc, false
	s.notify(ChangedFile)
}

// MarkWrittenAt is MarkSavedAt for bytes from EncodeFor, whose lines end with nl: a later
// Save keeps that line end.
func (s *Session) MarkWrittenAt(path string, f kifu.Format, enc kifu.Encoding, nl string, edits uint64) {
	s.rec.Newline = nl
	s.MarkSavedAt(path, f, enc, edits)
}

// MarkSavedAt records that the record as it was when Edits returned edits is now in path, in
// format f and encoding enc. It stays dirty if it changed since (the file was written in the
// background while the user went on).
func (s *Session) MarkSavedAt(path string, f kifu.Format, enc kifu.Encoding, edits uint64) {
	s.path, s.format, s.enc, s.dirty = path, f, enc, s.edits != edits
	s.notify(ChangedFile)
}

// Play plays m at the current node and steps onto it. A move that is already there is
// followed, not added again; a new move after a node that has a continuation becomes a
// variation. At a special move (投了, 中断, …), which shows the position where it happened,
// the move becomes an alternative to it. It reports the node and whether it is new.
func (s *Session) Play(m board.Move) (*kifu.Node, bool, error) {
	at := s.cur.Node()
	if at.IsSpecial() {
		at = at.Parent()
		s.cur.Select(at)
	}
	if existing := at.ChildWithMove(m); existing != nil {
		s.cur.Select(existing)
		s.notify(ChangedCursor)
		return existing, false, nil
	}
	n, err := s.cur.Play(m)
	if err != nil {
		return nil, false, err
	}
	s.edited(ChangedTree | ChangedCursor | ChangedComment)
	return n, true, nil
}

// Forward steps to the next move of the current line; false at its end.
func (s *Session) Forward() bool { return s.step(s.cur.Forward()) }

// Back steps to the previous move; false at the start.
func (s *Session) Back() bool { return s.step(s.cur.Back()) }

// First goes to the start position.
func (s *Session) First() bool {
	if s.cur.Ply() == 0 {
		return false
	}
	s.cur.First()
	return s.step(true)
}

// Last goes to the end of the current line.
func (s *Session) Last() bool {
	if s.cur.Ply() == len(s.cur.Line())-1 {
		return false
	}
	s.cur.Last()
	return s.step(true)
}

// GoTo goes to ply on the current line; false if there is no such ply.
func (s *Session) GoTo(ply int) bool {
	if ply < 0 || ply >= len(s.cur.Line()) || ply == s.cur.Ply() {
		return false
	}
	s.cur.GoTo(ply)
	return s.step(true)
}

// Step goes n moves forward (n > 0) or back (n < 0) along the current line, as far as it
// can, and reports whether it moved.
func (s *Session) Step(n int) bool {
	ply := min(max(s.cur.Ply()+n, 0), len(s.cur.Line())-1)
	return s.GoTo(ply)
}

// Select makes n the current node (its line becomes the current line when n is not on it).
func (s *Session) Select(n *kifu.Node) bool {
	if n == s.cur.Node() {
		return false
	}
	return s.step(s.cur.Select(n))
}

// SelectVariation switches the current move to its k-th alternative (0 = the main one).
func (s *Session) SelectVariation(k int) bool {
	sib := s.cur.Node().Siblings()
	if k < 0 || k >= len(sib) || sib[k] == s.cur.Node() {
		return false
	}
	return s.step(s.cur.SelectVariation(k))
}

func (s *Session) step(moved bool) bool {
	if moved {
		s.notify(ChangedCursor | ChangedComment)
	}
	return moved
}

// HasVariations reports whether n has alternatives: its parent has more than one move.
func HasVariations(n *kifu.Node) bool { return len(n.Siblings()) > 1 }

// MakeMainLine makes the current line the main line; false if it is already.
func (s *Session) MakeMainLine() bool {
	line := s.cur.Line()
	if line[len(line)-1].IsMainLine() {
		return false
	}
	s.cur.MakeMainLine()
	s.edited(ChangedTree)
	return true
}

// PromoteVariation moves the current move one place up among its alternatives; false when
// it is first.
func (s *Session) PromoteVariation() bool {
	if !s.cur.Node().Promote() {
		return false
	}
	s.edited(ChangedTree)
	return true
}

// DeleteFromHere deletes the current move and everything after it, and goes to the move
// before. At the start position it deletes every move. It reports false when there was
// nothing to delete.
func (s *Session) DeleteFromHere() bool {
	n := s.cur.Node()
	if n.IsRoot() && len(n.Children()) == 0 {
		return false
	}
	s.cur.Remove()
	s.edited(ChangedTree | ChangedCursor | ChangedComment)
	return true
}

// ErrNotLastMove is TakeBack's answer when moves follow the current one.
var ErrNotLastMove = errors.New("session: moves follow the current one")

// ErrNoMove is TakeBack's answer at the start position.
var ErrNoMove = errors.New("session: no move to take back")

// TakeBack takes back the current move (待った): it is deleted and the position before it
// shown. Only the last move of a line can be taken back, so that a keystroke never deletes
// more than one move; DeleteFromHere cuts a line anywhere.
func (s *Session) TakeBack() error {
	n := s.cur.Node()
	switch {
	case n.IsRoot():
		return ErrNoMove
	case len(n.Children()) > 0:
		return ErrNotLastMove
	}
	s.cur.Remove()
	s.edited(ChangedTree | ChangedCursor | ChangedComment)
	return nil
}

// Comment returns the comment of the current node.
func (s *Session) Comment() string { return s.cur.Node().Comment }

// SetComment sets the comment of the current node.
func (s *Session) SetComment(text string) {
	n := s.cur.Node()
	if n.Comment == text {
		return
	}
	n.Comment = text
	s.edited(ChangedComment)
}

// SetNodeComment sets the comment of node n of the record, which need not be the current
// one (an analysis writing its results); listeners hear ChangedComment only when n is the
// current node, and ChangedFile when the record became unsaved.
func (s *Session) SetNodeComment(n *kifu.Node, text string) {
	if n.Comment == text {
		return
	}
	n.Comment = text
	var c Change
	if n == s.cur.Node() {
		c = ChangedComment
	}
	s.edited(c)
}

// Header returns the value of a header ("" when there is none).
func (s *Session) Header(key string) string { return s.rec.Headers.Value(key) }

// SetHeader sets a header; an empty value deletes it. Its line breaks are made spaces (a CR
// and LF pair one space, as is a CR and the space a one-line entry made of the LF after it):
// KIF, KI2 and CSA write a header on one line, and a record holding one could not be saved.
func (s *Session) SetHeader(key, value string) {
	value = oneLineHeader.Replace(value)
	old, had := s.rec.Headers.Get(key)
	if (had && old == value) || (!had && value == "") {
		return
	}
	if value == "" {
		s.rec.Headers.Delete(key)
	} else {
		s.rec.Headers.Set(key, value)
	}
	s.edited(ChangedHeaders)
}

var oneLineHeader = strings.NewReplacer("\r\n", " ", "\r ", " ", "\r", " ", "\n", " ")

// MoveCount is the number of moves on the main line (special moves such as 投了 left out).
func (s *Session) MoveCount() int { return len(s.rec.MainMoves()) }

func (s *Session) String() string {
	return fmt.Sprintf("session %q ply %d/%d dirty %v", s.path, s.cur.Ply(), len(s.cur.Line())-1, s.dirty)
}
