package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"banmen/internal/atomicfile"
	"banmen/kifu"
	"banmen/kifu/recordfile"
)

// Autosaver keeps a copy of a record with unsaved changes in a directory of the user's data,
// so that a crash loses nothing: the record as KIF (UTF-8) and a small JSON file saying where
// it came from. Each running Banmen writes files of its own (named by its process id); the
// copy is deleted when the record is saved or the user chose to drop it, so a copy found at
// start-up belongs to a Banmen that ended without either: it is offered back.
//
// Writing happens on a goroutine of the Autosaver's own, one file at a time, the newest copy
// winning: Submit never blocks the caller for the disk.
type Autosaver struct {
	dir  string
	id   string
	wake chan struct{}
	done chan struct{}

	mu                  sync.Mutex
	pending             *autosaveJob // the newest job not yet started
	submitted, finished uint64       // jobs queued, and the number of the last one finished
	closed              bool
	lastErr             error
	onFailure           func(error) // see OnFailure
}

// AutosaveMeta is what the JSON file beside an autosaved record says about it.
type AutosaveMeta struct {
	Path     string    `json:"path"`     // the file the record came from ("" for none)
	Format   string    `json:"format"`   // its format (kif, csa, …)
	Encoding string    `json:"encoding"` // its encoding
	Saved    time.Time `json:"saved"`    // when the copy was written
	Moves    int       `json:"moves"`    // moves on the main line
}

type autosaveJob struct {
	seq    uint64
	record []byte // nil: delete the copy
	meta   AutosaveMeta
}

// Autosaved is a copy found at start-up.
type Autosaved struct {
	Meta   AutosaveMeta
	Record *kifu.Record
	// Files are the copy's files; Discard deletes them.
	Files []string
	Err   error // the copy could not be read (it is kept, not deleted)
}

// NewAutosaver starts an autosaver writing in dir (created when missing) under the name of
// this process.
func NewAutosaver(dir string) *Autosaver {
	a := &Autosaver{dir: dir, id: strconv.Itoa(os.Getpid()), wake: make(chan struct{}, 1), done: make(chan struct{})}
	go a.run()
	return a
}

func (a *Autosaver) recordPath() string { return filepath.Join(a.dir, "autosave-"+a.id+".kifu") }
func (a *Autosaver) metaPath() string   { return filepath.Join(a.dir, "autosave-"+a.id+".json") }

// OnFailure makes f hear, on the Autosaver's goroutine, of a copy that could not be written
// when the one before was (or it is the first): the user is told once that a crash would
// lose the changes, not at every change while the disk stays full.
func (a *Autosaver) OnFailure(f func(error)) {
	a.mu.Lock()
	a.onFailure = f
	a.mu.Unlock()
}

// Submit queues a copy of s's record, or the deletion of the copy when s has no unsaved
// changes. It formats the record at once (call it on the goroutine that owns s) and returns.
func (a *Autosaver) Submit(s *Session) {
	if !s.Dirty() {
		a.queue(autosaveJob{})
		return
	}
	rec := []byte(kifu.FormatKIF(s.Record()))
	a.queue(autosaveJob{record: rec, meta: AutosaveMeta{
		Path: s.Path(), Format: formatName(s.Format()), Encoding: s.Encoding().String(),
		Saved: time.Now(), Moves: s.MoveCount(),
	}})
}

// Clear queues the deletion of this process's copy.
func (a *Autosaver) Clear() { a.queue(autosaveJob{}) }

// queue makes j the next job, replacing one that has not started: only the newest copy matters.
func (a *Autosaver) queue(j autosaveJob) {
	a.mu.Lock()
	if a.closed {
		a.mu.Unlock()
		return
	}
	a.submitted++
	j.seq = a.submitted
	a.pending = &j
	a.mu.Unlock()
	select {
	case a.wake <- struct{}{}:
	default:
	}
}

// Flush waits until everything submitted is on disk (or failed), at most d, and returns the
// last write's error.
func (a *Autosaver) Flush(d time.Duration) error {
	deadline := time.Now().Add(d)
	for {
		a.mu.Lock()
		done, err := a.finished >= a.submitted, a.lastErr
		a.mu.Unlock()
		if done {
			return err
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("autosave: still writing after %v", d)
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// Close finishes the writes and stops the goroutine.
func (a *Autosaver) Close() {
	_ = a.Flush(10 * time.Second)
	a.mu.Lock()
	a.closed = true
	a.mu.Unlock()
	close(a.wake)
	<-a.done
}

func (a *Autosaver) run() {
	defer close(a.done)
	failing := false // the last copy could not be written
	for range a.wake {
		for {
			a.mu.Lock()
			j := a.pending
			a.pending = nil
			a.mu.Unlock()
			if j == nil {
				break
			}
			var err error
			if j.record == nil {
				err = a.remove()
			} else {
				err = a.write(*j)
			}
			if j.record != nil {
				// told before the job counts as finished: Flush returns after it
				a.mu.Lock()
				tell := a.onFailure
				a.mu.Unlock()
				if err != nil && !failing && tell != nil {
					tell(err)
				}
				failing = err != nil
			}
			a.mu.Lock()
			a.finished, a.lastErr = j.seq, err
			a.mu.Unlock()
		}
	}
}

func (a *Autosaver) write(j autosaveJob) error {
	if err := os.MkdirAll(a.dir, 0o700); err != nil {
		return fmt.Errorf("autosave: %w", err)
	}
	meta, err := json.MarshalIndent(j.meta, "", "  ")
	if err != nil {
		return fmt.Errorf("autosave: %w", err)
	}
	// The record first: a record without its JSON is still found and offered.
	if err := atomicfile.Write(a.recordPath(), j.record, 0o600); err != nil {
		return fmt.Errorf("autosave: %w", err)
	}
	if err := atomicfile.Write(a.metaPath(), meta, 0o600); err != nil {
		return fmt.Errorf("autosave: %w", err)
	}
	return nil
}

func (a *Autosaver) remove() error {
	var errs []error
	for _, p := range []string{a.recordPath(), a.metaPath()} {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// FindAutosaved lists the copies in dir left by Banmens that are not running any more
// (running reports whether a process id is alive), newest first.
func FindAutosaved(dir string, running func(pid int) bool) []Autosaved {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Autosaved
	for _, e := range entries {
		name := e.Name()
		if !strings.HasPrefix(name, "autosave-") || !strings.HasSuffix(name, ".kifu") {
			continue
		}
		pid, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(name, "autosave-"), ".kifu"))
		if err != nil || pid == os.Getpid() || running(pid) {
			continue
		}
		recPath := filepath.Join(dir, name)
		metaPath := strings.TrimSuffix(recPath, ".kifu") + ".json"
		as := Autosaved{Files: []string{recPath, metaPath}}
		if data, err := os.ReadFile(metaPath); err == nil {
			if err := json.Unmarshal(data, &as.Meta); err != nil {
				as.Err = fmt.Errorf("%s: %v", metaPath, err)
			}
		}
		if as.Meta.Saved.IsZero() {
			if fi, err := e.Info(); err == nil {
				as.Meta.Saved = fi.ModTime()
			}
		}
		rec, _, _, rerr := recordfile.ReadFile(recPath)
		if rerr != nil {
			as.Err = rerr
		} else {
			as.Record = rec
			as.Meta.Moves = len(rec.MainMoves())
		}
		out = append(out, as)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Meta.Saved.After(out[j].Meta.Saved) })
	return out
}

// Discard deletes the copy's files.
func (as *Autosaved) Discard() error {
	var errs []error
	for _, p := range as.Files {
		if err := os.Remove(p); err != nil && !errors.Is(err, os.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// RestoreInto shows the copy in s as the unsaved record it was: with its file, format and
// encoding, and dirty.
func (as *Autosaved) RestoreInto(s *Session) {
	f, err := kifu.ParseFormat(as.Meta.Format)
	if err != nil {
		f = kifu.UnknownFormat
	}
	enc, err := kifu.ParseEncoding(as.Meta.Encoding)
	if err != nil {
		enc = kifu.UTF8
	}
	path := as.Meta.Path
	if f == kifu.UnknownFormat {
		path = "" // without a format, Save could not write it back: make it Save As
	}
	s.Restore(as.Record, path, f, enc)
}

func formatName(f kifu.Format) string {
	switch f {
	case kifu.KIF:
		return "kif"
	case kifu.KI2:
		return "ki2"
	case kifu.CSA:
		return "csa"
	case kifu.JKF:
		return "jkf"
	case kifu.USI:
		return "usi"
	}
	return ""
}
