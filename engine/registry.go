package engine

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"banmen/internal/atomicfile"
)

// Registry is the list of installed engines, stored as JSON in the user's config
// directory. Every change is made under a file lock on a fresh read of the file and
// written atomically (temp file + rename), so two running copies of the app keep
// each other's changes, and a crash mid-write never leaves a half-written file.
type Registry struct {
	path    string
	mu      sync.Mutex
	engines []Definition
}

type registryFile struct {
	Version int          `json:"version"`
	Engines []Definition `json:"engines"`
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
// alongside a usable, empty registry: the caller shows the error and goes on.
func OpenRegistry(path string) (*Registry, error) {
	if path == "" {
		var err error
		if path, err = DefaultRegistryPath(); err != nil {
			return nil, err
		}
	}
	r := &Registry{path: path}
	var warn error
	err := r.locked(func() error {
		list, err := r.read()
		var ce *CorruptError
		if errors.As(err, &ce) {
			warn = err
			list, err = nil, nil
		}
		r.engines = list
		return err
	})
	if err != nil {
		return nil, err
	}
	return r, warn
}

// Path returns the registry file.
func (r *Registry) Path() string { return r.path }

// read loads the file; a corrupt file is moved aside and reported.
func (r *Registry) read() ([]Definition, error) {
	list, corrupt, err := r.parse()
	if corrupt != nil {
		aside, rerr := moveAside(r.path)
		if rerr != nil {
			return nil, fmt.Errorf("engine list %s could not be read (%v) nor moved aside: %w", r.path, corrupt, rerr)
		}
		return nil, &CorruptError{Path: r.path, MovedTo: aside, Err: corrupt}
	}
	return list, err
}

// parse loads the file and touches nothing: corrupt says why a file that exists
// cannot be understood, err is a failure to read it. A missing file is an empty list.
func (r *Registry) parse() (list []Definition, corrupt, err error) {
	data, err := os.ReadFile(r.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("engine list %s: %w", r.path, err)
	}
	var f registryFile
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, err, nil
	}
	if f.Version > registryVersion {
		return nil, fmt.Errorf("version %d is newer than this Banmen understands (%d)", f.Version, registryVersion), nil
	}
	return f.Engines, nil, nil
}

// refresh rereads the file, under the lock, so that changes another running copy
// of the app made are seen. A file that cannot be read is left as it is (the next
// change deals with it) and what this copy read last stays.
func (r *Registry) refresh() {
	r.locked(func() error {
		if list, corrupt, err := r.parse(); corrupt == nil && err == nil {
			r.engines = list
		}
		return nil
	})
}

// moveAside renames path to path.corrupt-<time>, never over an earlier copy: two
// corruptions within the same millisecond keep two files.
func moveAside(path string) (string, error) {
	base := fmt.Sprintf("%s.corrupt-%s", path, time.Now().Format("20060102-150405.000"))
	for n := 0; n < 1000; n++ {
		aside := base
		if n > 0 {
			aside = fmt.Sprintf("%s-%d", base, n)
		}
		// a hard link fails if the name is taken, so nothing is overwritten
		err := os.Link(path, aside)
		if err == nil {
			return aside, os.Remove(path)
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		// file systems without hard links: rename onto a name that is free now
		if _, serr := os.Lstat(aside); serr == nil {
			continue
		}
		return aside, os.Rename(path, aside)
	}
	return "", fmt.Errorf("no free name beside %s", path)
}

// write replaces the file atomically.
func (r *Registry) write(list []Definition) error {
	data, err := json.MarshalIndent(registryFile{Version: registryVersion, Engines: list}, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(r.path), 0o755); err != nil {
		return err
	}
	return atomicfile.Write(r.path, append(data, '\n'), 0o644)
}

// locked runs f holding the in-process mutex and the file lock.
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
// lock. If the file became corrupt meanwhile, it is moved aside and the change is
// applied to the list this process last saw, so nothing the user set is lost.
func (r *Registry) Update(change func(list []Definition) ([]Definition, error)) error {
	return r.locked(func() error {
		list, err := r.read()
		var ce *CorruptError
		if errors.As(err, &ce) {
			list = cloneList(r.engines)
		} else if err != nil {
			return err
		}
		list, cerr := change(list)
		if cerr != nil {
			r.engines = list
			return cerr
		}
		if werr := r.write(list); werr != nil {
			return werr
		}
		r.engines = list
		if ce != nil {
			return ce
		}
		return nil
	})
}

// Reload rereads the file (changes another copy of the app made).
func (r *Registry) Reload() error {
	return r.locked(func() error {
		list, err := r.read()
		if err != nil {
			return err
		}
		r.engines = list
		return nil
	})
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

// Edit changes the engine with that ID and returns it as saved. change is applied
// under the file lock to the engine as the file holds it now, not to a copy read
// earlier, so two running copies of the app editing one engine keep each other's
// changes: change should set only what the user changed. A new display name is
// made unique (an empty one keeps the old); the ID stays. If change returns an
// error, nothing is saved and that error is returned.
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
