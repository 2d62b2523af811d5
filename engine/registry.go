package engine

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"banmen/internal/atomicfile"
)

// Registry is the list of installed engines, stored as JSON in the user's config
// directory. Every change is made under a file lock on a fresh read of the file and
// written atomically (temp file + rename), so two running copies of the app keep
// each other's changes, and a crash mid-write never leaves a half-written file.
//
// Reading takes no lock and writes nothing, so a list in a folder that can't be written
// is still read. A change that changes nothing writes nothing; a change keeps the fields
// a newer Banmen added (at the top and in each engine), the file's mode, and a symbolic
// link as a link. A list written by a newer Banmen (a higher version) is read and never
// written.
type Registry struct {
	path    string
	mu      sync.Mutex
	engines []Definition
	extra   map[string]json.RawMessage // top-level fields this Banmen does not know
	newer   *NewerVersionError         // the file was written by a newer Banmen: never write it
}

const registryVersion = 1

// CorruptError reports a registry file that could not be read: it was moved aside
// (MovedTo) and an empty registry took its place.
type CorruptError struct {
	Path    string
	MovedTo string
	Err     error
}

func (e *CorruptError) Error() string {
	return fmt.Sprintf("engine list %s could not be read (%v); it was kept as %s and a new, empty list started", e.Path, e.Err, e.MovedTo)
}

func (e *CorruptError) Unwrap() error { return e.Err }

// NewerVersionError reports an engine list written by a newer Banmen: it is read as far as
// this one understands it, and left as it is.
type NewerVersionError struct {
	Path    string
	Version int // the file's
}

func (e *NewerVersionError) Error() string {
	return fmt.Sprintf("engine list %s was written by a newer Banmen (format version %d; this one knows version %d): it is read but not changed, so changes to engines are not saved",
		e.Path, e.Version, registryVersion)
}

// DefaultRegistryPath is engines.json in Banmen's folder of the user's config directory.
func DefaultRegistryPath() (string, error) {
	dir, err := os.UserConfigDir()
	if err != nil {
		return "", fmt.Errorf("no config directory for the engine list: %w", err)
	}
	return filepath.Join(dir, "banmen", "engines.json"), nil
}

// OpenRegistry reads the registry at path ("" = DefaultRegistryPath). A missing file is
// an empty registry. A corrupt file is moved aside and reported with a *CorruptError
// alongside a usable, empty registry: the caller shows the error and goes on. A file
// written by a newer Banmen is reported with a *NewerVersionError alongside a registry
// that holds what could be read and refuses changes.
func OpenRegistry(path string) (*Registry, error) {
	if path == "" {
		var err error
		if path, err = DefaultRegistryPath(); err != nil {
			return nil, err
		}
	}
	r := &Registry{path: path}
	if err := r.Reload(); err != nil {
		var ce *CorruptError
		var ne *NewerVersionError
		if errors.As(err, &ce) || errors.As(err, &ne) {
			return r, err
		}
		return nil, err
	}
	return r, nil
}

// Path returns the registry file.
func (r *Registry) Path() string { return r.path }

// contents is what the file holds.
type contents struct {
	engines []Definition
	extra   map[string]json.RawMessage
	newer   *NewerVersionError
}

// read loads the file; a corrupt file is moved aside and reported. The caller holds the
// file lock.
func (r *Registry) read() (contents, error) {
	c, corrupt, err := r.parse()
	if corrupt != nil {
		aside, rerr := atomicfile.MoveAside(r.path)
		if rerr != nil {
			return c, fmt.Errorf("engine list %s could not be read (%v) nor moved aside: %w", r.path, corrupt, rerr)
		}
		return c, &CorruptError{Path: r.path, MovedTo: aside, Err: corrupt}
	}
	return c, err
}

// parse loads the file and touches nothing: corrupt says why a file that exists
// cannot be understood, err is a failure to read it. A missing file is an empty list.
func (r *Registry) parse() (c contents, corrupt, err error) {
	data, err := os.ReadFile(r.path)
	if errors.Is(err, os.ErrNotExist) {
		return c, nil, nil
	}
	if err != nil {
		return c, nil, fmt.Errorf("engine list %s: %w", r.path, err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(data, &top); err != nil {
		return c, err, nil
	}
	if top == nil {
		return c, errors.New("the file holds null, not an engine list"), nil
	}
	var version int
	if v, ok := top["version"]; ok {
		if err := json.Unmarshal(v, &version); err != nil {
			return c, fmt.Errorf("version: %v", err), nil
		}
	}
	if e, ok := top["engines"]; ok {
		if err := json.Unmarshal(e, &c.engines); err != nil {
			if version <= registryVersion {
				return c, fmt.Errorf("engines: %v", err), nil
			}
			// a newer Banmen may have changed what an engine looks like: read none of them
			c.engines = nil
		}
	}
	repairIDs(c.engines)
	if version > registryVersion {
		c.newer = &NewerVersionError{Path: r.path, Version: version}
	}
	for k, v := range top {
		if k != "version" && k != "engines" {
			if c.extra == nil {
				c.extra = map[string]json.RawMessage{}
			}
			c.extra[k] = v
		}
	}
	return c, nil, nil
}

// encode makes the file's bytes.
func encode(list []Definition, extra map[string]json.RawMessage) ([]byte, error) {
	if list == nil {
		list = []Definition{}
	}
	data, err := json.Marshal(struct {
		Version int          `json:"version"`
		Engines []Definition `json:"engines"`
	}{registryVersion, list})
	if err != nil {
		return nil, err
	}
	if len(extra) > 0 {
		if data, err = appendFields(data, extra); err != nil {
			return nil, err
		}
	}
	var out bytes.Buffer
	if err := json.Indent(&out, data, "", "  "); err != nil {
		return nil, err
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// write replaces the file atomically.
func (r *Registry) write(list []Definition, extra map[string]json.RawMessage) error {
	data, err := encode(list, extra)
	if err != nil {
		return err
	}
	if err := atomicfile.Write(r.path, data, 0o644); err != nil {
		return fmt.Errorf("saving the engine list: %w", err)
	}
	return nil
}

// locked runs f holding the in-process mutex and the file lock, for a change.
func (r *Registry) locked(f func() error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := os.MkdirAll(filepath.Dir(r.path), 0o755); err != nil {
		return fmt.Errorf("engine list folder: %w", err)
	}
	unlock, err := lockFile(r.path + ".lock")
	if err != nil {
		return fmt.Errorf("locking the engine list: %w", err)
	}
	defer unlock()
	return f()
}

// Update applies change to a fresh read of the file and saves the result, under the
// lock, if it differs from what the file holds. If the file became corrupt meanwhile,
// it is moved aside and the change is applied to the list this process last saw, so
// nothing the user set is lost. A file written by a newer Banmen is not changed: the
// change is refused with a *NewerVersionError.
//
// change may be called twice (first without the lock, to find out whether anything
// changes, then under it) and must do nothing but compute the new list.
func (r *Registry) Update(change func(list []Definition) ([]Definition, error)) error {
	// first without the lock, which needs write access to the folder: a change that
	// changes nothing (EnsureBundled at every start) is done then, and so is a refused one
	r.mu.Lock()
	c, corrupt, err := r.parse()
	if err == nil && corrupt == nil {
		before, err1 := encode(c.engines, c.extra)
		list, cerr := change(cloneList(c.engines))
		after, err2 := encode(list, c.extra)
		if err1 == nil && err2 == nil && (cerr != nil || bytes.Equal(before, after)) {
			r.engines, r.extra, r.newer = c.engines, c.extra, c.newer
			r.mu.Unlock()
			return cerr
		}
	}
	r.mu.Unlock()
	return r.locked(func() error {
		c, err := r.read()
		var ce *CorruptError
		if errors.As(err, &ce) {
			c = contents{engines: cloneList(r.engines), extra: r.extra}
		} else if err != nil {
			return err
		}
		keep := func() { r.engines, r.extra, r.newer = c.engines, c.extra, c.newer }
		before, err := encode(c.engines, c.extra)
		if err != nil {
			return err
		}
		list, cerr := change(cloneList(c.engines))
		if cerr != nil {
			keep()
			return cerr
		}
		after, err := encode(list, c.extra)
		if err != nil {
			return err
		}
		switch {
		case bytes.Equal(before, after) && ce == nil:
			keep()
			return nil // nothing changed: the file stays as it is
		case c.newer != nil:
			keep()
			return c.newer
		}
		if werr := r.write(list, c.extra); werr != nil {
			return werr
		}
		r.engines, r.extra, r.newer = list, c.extra, nil
		if ce != nil {
			return ce
		}
		return nil
	})
}

// Reload rereads the file (changes another copy of the app made). Reading needs no lock
// (the file is only ever replaced whole) and no write access; only a corrupt file, to be
// moved aside, takes the lock. A file from a newer Banmen is read and reported.
func (r *Registry) Reload() error {
	r.mu.Lock()
	c, corrupt, err := r.parse()
	if err == nil && corrupt == nil {
		r.engines, r.extra, r.newer = c.engines, c.extra, c.newer
	}
	r.mu.Unlock()
	if err != nil {
		return err
	}
	if corrupt != nil {
		return r.locked(func() error {
			c, err := r.read() // under the lock: another copy may have dealt with it already
			var ce *CorruptError
			if err == nil || errors.As(err, &ce) {
				r.engines, r.extra, r.newer = c.engines, c.extra, c.newer
			}
			if err == nil && c.newer != nil {
				return c.newer
			}
			return err
		})
	}
	if c.newer != nil {
		return c.newer
	}
	return nil
}

// refresh rereads the file so that changes another running copy of the app made are
// seen. A file that cannot be read is left as it is (the next change deals with it)
// and what this copy read last stays.
func (r *Registry) refresh() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if c, corrupt, err := r.parse(); corrupt == nil && err == nil {
		r.engines, r.extra, r.newer = c.engines, c.extra, c.newer
	}
}

func cloneList(list []Definition) []Definition {
	data, _ := json.Marshal(list)
	var out []Definition
	json.Unmarshal(data, &out)
	return out
}

// List returns a copy of the engines, in the order the user sees them, as this
// copy of the app last read them (Find, Reload and every change read the file again).
func (r *Registry) List() []Definition {
	r.mu.Lock()
	defer r.mu.Unlock()
	return cloneList(r.engines)
}

// Find returns the engine whose ID or display name (case-insensitive) is key, as
// the file holds it now: it rereads the file, so it sees what another running copy
// of the app changed. (If the file cannot be read, it searches what was read last.)
func (r *Registry) Find(key string) (Definition, bool) {
	r.refresh()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, d := range r.engines {
		if d.ID == key {
			return cloneList([]Definition{d})[0], true
		}
	}
	for _, d := range r.engines {
		if strings.EqualFold(d.Name, key) {
			return cloneList([]Definition{d})[0], true
		}
	}
	return Definition{}, false
}

// repairIDs gives an engine that has no ID, or the ID of one before it in the list (an entry
// copied by hand in the file to make a second setting of an engine), an ID of its own: each
// must be found, chosen, edited and removed by its ID. The ID is made from the entry and its
// place, so that it is the same at every read until the list is next written, which keeps it.
func repairIDs(list []Definition) {
	taken := map[string]bool{}
	for _, d := range list {
		taken[d.ID] = true
	}
	seen := map[string]bool{}
	for i := range list {
		d := &list[i]
		if d.ID != "" && !seen[d.ID] {
			seen[d.ID] = true
			continue
		}
		for n := 0; ; n++ {
			sum := sha256.Sum256(fmt.Appendf(nil, "%d\x00%s\x00%s\x00%s\x00%d", i, d.ID, d.Name, d.Path, n))
			id := hex.EncodeToString(sum[:6])
			if !taken[id] {
				d.ID = id
				taken[id], seen[id] = true, true
				break
			}
		}
	}
}

func newID() string {
	var b [6]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// uniqueName returns name, or "name (2)", "name (3)"… if it is taken.
func uniqueName(list []Definition, name string) string {
	taken := map[string]bool{}
	for _, d := range list {
		taken[strings.ToLower(d.Name)] = true
	}
	if !taken[strings.ToLower(name)] {
		return name
	}
	for i := 2; ; i++ {
		n := fmt.Sprintf("%s (%d)", name, i)
		if !taken[strings.ToLower(n)] {
			return n
		}
	}
}

// Add stores a new engine, giving it an ID and a unique display name.
func (r *Registry) Add(d Definition) (Definition, error) {
	if d.Path == "" {
		return d, errors.New("an engine needs the path of its executable")
	}
	if d.Name == "" {
		d.Name = strings.TrimSuffix(filepath.Base(d.Path), filepath.Ext(d.Path))
	}
	err := r.Update(func(list []Definition) ([]Definition, error) {
		d.ID = newID()
		d.Name = uniqueName(list, d.Name)
		return append(list, d), nil
	})
	return d, err
}

// ErrNotFound is returned for an engine ID that is not in the registry.
var ErrNotFound = errors.New("no such engine")

// Reprobed applies what a new probe of the registered engine id found (its program was
// updated) to the engine as stored now, keeping the saved values that still fit, so that
// changes made meanwhile (by another copy of the app) stay; it returns the engine as saved
// and the names of the values dropped.
func (r *Registry) Reprobed(id string, res ProbeResult) (Definition, []string, error) {
	var dropped []string
	saved, err := r.Edit(id, func(d *Definition) error {
		dropped = d.ApplyProbe(res.Name, res.Author, res.Options)
		return nil
	})
	if err != nil {
		return saved, nil, err
	}
	return saved, dropped, nil
}

// Edit changes the engine with that ID and returns it as saved. change is applied
// under the file lock to the engine as the file holds it now, not to a copy read
// earlier, so two running copies of the app editing one engine keep each other's
// changes: change should set only what the user changed. A new display name is
// made unique (an empty one keeps the old); the ID stays. If change returns an
// error, nothing is saved and that error is returned. change may be called twice
// (see Update).
func (r *Registry) Edit(id string, change func(d *Definition) error) (Definition, error) {
	var out Definition
	err := r.Update(func(list []Definition) ([]Definition, error) {
		for i := range list {
			if list[i].ID != id {
				continue
			}
			d := cloneList(list[i : i+1])[0]
			if err := change(&d); err != nil {
				return list, err
			}
			d.ID = id
			if d.Name == "" {
				d.Name = list[i].Name
			}
			if !strings.EqualFold(list[i].Name, d.Name) {
				d.Name = uniqueName(append(list[:i:i], list[i+1:]...), d.Name)
			}
			list[i] = d
			out = cloneList(list[i : i+1])[0]
			return list, nil
		}
		return list, fmt.Errorf("engine %s: %w", id, ErrNotFound)
	})
	return out, err
}

// ErrBundled is returned when removing Banmen's own engine without force.
var ErrBundled = errors.New("Banmen's own engine cannot be removed")

// Remove deletes an engine. The bundled engine is removed only with force (and comes
// back at the next start).
func (r *Registry) Remove(id string, force bool) error {
	return r.Update(func(list []Definition) ([]Definition, error) {
		for i := range list {
			if list[i].ID == id {
				if list[i].Bundled && !force {
					return list, ErrBundled
				}
				return append(list[:i], list[i+1:]...), nil
			}
		}
		return list, fmt.Errorf("engine %s: %w", id, ErrNotFound)
	})
}

// Duplicate stores a copy of an engine (a second configuration of one binary) named "name (2)".
func (r *Registry) Duplicate(id string) (Definition, error) {
	var dup Definition
	err := r.Update(func(list []Definition) ([]Definition, error) {
		for _, d := range list {
			if d.ID == id {
				dup = cloneList([]Definition{d})[0]
				dup.ID = newID()
				dup.Bundled = false
				dup.Name = uniqueName(list, d.Name)
				return append(list, dup), nil
			}
		}
		return list, fmt.Errorf("engine %s: %w", id, ErrNotFound)
	})
	return dup, err
}

// EnsureBundled registers Banmen's own engine at path if no bundled engine is
// registered, and points a registered one at path if it moved (a new install).
func (r *Registry) EnsureBundled(path, name string) (Definition, error) {
	var out Definition
	err := r.Update(func(list []Definition) ([]Definition, error) {
		for i := range list {
			if list[i].Bundled {
				list[i].Path = path
				out = list[i]
				return list, nil
			}
		}
		out = Definition{ID: newID(), Name: uniqueName(list, name), EngineName: name, Path: path, Bundled: true,
			Tags: []string{TagPlay, TagAnalysis, TagMate}}
		// the bundled engine comes first
		return append([]Definition{out}, list...), nil
	})
	return out, err
}

// SortByName orders a list by display name, for menus.
func SortByName(list []Definition) {
	sort.SliceStable(list, func(i, j int) bool { return strings.ToLower(list[i].Name) < strings.ToLower(list[j].Name) })
}
