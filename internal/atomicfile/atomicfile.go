// Package atomicfile writes a file so that a crash, a full disk or a kill at any moment leaves
// either the old file or the new one, whole, never a part of either.
//
// It is the one way Banmen replaces a file: records saved from the window, the engine list,
// records written by banmen-cli, autosaves and analysis output all go through Write.
package atomicfile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Write replaces the file at path with data. The data goes to a temporary file in the same
// folder, which is synced, given the mode and then renamed over path; the folder is synced
// after the rename, so that the new name survives a power cut too.
//
// An existing file keeps its permission bits; a new one gets perm. When path is a symbolic
// link, the file it points to is replaced and the link stays a link. On an error the old file
// is untouched, the temporary file is removed, and the error names path.
func Write(path string, data []byte, perm fs.FileMode) error {
	target, err := resolve(path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if fi, err := os.Stat(target); err == nil {
		perm = fi.Mode().Perm()
	}
	dir, base := filepath.Split(target)
	if dir == "" {
		dir = "."
	}
	tmp, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("%s: %w", path, bare(err))
	}
	fail := func(err error) error {
		tmp.Close()
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %w", path, bare(err))
	}
	if _, err := tmp.Write(data); err != nil {
		return fail(err)
	}
	if err := tmp.Chmod(perm); err != nil {
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if err := os.Rename(tmp.Name(), target); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("%s: %w", path, bare(err))
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("%s: the file is written, but its folder could not be synced: %w", path, bare(err))
	}
	return nil
}

// resolve follows path through symbolic links (at most 40, as the kernel does) to the file
// that should be replaced. A dangling link resolves to where it points.
func resolve(path string) (string, error) {
	for i := 0; i < 40; i++ {
		fi, err := os.Lstat(path)
		if errors.Is(err, fs.ErrNotExist) {
			return path, nil
		}
		if err != nil {
			return "", bare(err)
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return path, nil
		}
		dest, err := os.Readlink(path)
		if err != nil {
			return "", bare(err)
		}
		if !filepath.IsAbs(dest) {
			dest = filepath.Join(filepath.Dir(path), dest)
		}
		path = dest
	}
	return "", errors.New("too many levels of symbolic links")
}

// syncDir makes a rename inside dir durable. File systems that can't sync a folder (some
// network and Windows ones) report an error that means "not supported"; those are ignored.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, errors.ErrUnsupported) && !isInvalid(err) {
		return err
	}
	return nil
}

// bare drops the *PathError wrapper, whose path is the temporary file's: the caller names the
// real file instead.
func bare(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	return err
}

// MoveAside renames path, a file that could not be read, to path.corrupt-<time>, never over
// an earlier copy: two corruptions within the same millisecond keep two files. It returns
// the new name.
func MoveAside(path string) (string, error) {
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
