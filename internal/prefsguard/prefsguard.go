// Package prefsguard keeps the window's settings from being lost with their file.
//
// Banmen's settings (the language, the recent files, the dividers and the window's size, the
// choices of the game, study and analysis dialogs) live in Fyne's preferences file, which
// Fyne writes in place: it truncates the file and writes it again at every change. A crash or
// a power cut between the two leaves an empty or half-written file, and Fyne, finding it
// unreadable, only logs the error, starts with no settings and writes over the file at the
// next change: everything is gone, unsaid.
//
// Check runs before Fyne reads the file. A file that reads keeps a copy beside it (the last
// good one, taken at each start); one that does not is moved aside as
// preferences.json.corrupt-<time>, never deleted, the last good copy is put in its place, and
// the Report says so, for the window to tell the user.
package prefsguard

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"banmen/internal/atomicfile"
)

// Path is where Fyne keeps the preferences of the app with this ID on this system (as
// fyne.io/fyne/v2/internal/app's rootConfigDir and the app's storageRoot make it).
func Path(appID string) (string, error) {
	var root string
	switch runtime.GOOS {
	case "windows":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		root = filepath.Join(home, "AppData", "Roaming")
	case "darwin":
		home, err := os.UserHomeDir()
		if err != nil {
			return "", err
		}
		root = filepath.Join(home, "Library", "Preferences")
	default:
		dir, err := os.UserConfigDir()
		if err != nil {
			return "", err
		}
		root = dir
	}
	return filepath.Join(root, "fyne", appID, "preferences.json"), nil
}

// BackupSuffix names the last good copy of a preferences file: path + BackupSuffix.
const BackupSuffix = ".last-good"

// Report says what Check found wrong with a preferences file and what it did.
type Report struct {
	Path string
	Err  error // why the file could not be read
	// KeptAs is where the unreadable file was moved ("" when it could not be moved: Err
	// says why, and the file is where it was).
	KeptAs string
	// Restored: the last good copy (taken at an earlier start) was put in its place;
	// otherwise Banmen starts with its first-run settings.
	Restored bool
	// Unwritable, on a file that reads (Err nil), says why it cannot be written: Fyne reads
	// the settings, and every change is lost at the end (Fyne only logs its failures).
	Unwritable error
}

// Check looks at the preferences file at path before Fyne reads it: nil when it reads (a
// copy of it is kept as the last good one) or when there is none (a first run), and Fyne can
// write it; a Report when it could not be read, moved aside, and the last good copy put back
// if there is one, or when it (or its folder, on a first run) cannot be written.
func Check(path string) *Report {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		if werr := folderWritable(filepath.Dir(path)); werr != nil {
			return &Report{Path: path, Unwritable: werr}
		}
		return nil
	}
	if err == nil {
		if err = valid(data); err == nil {
			keepCopy(path, data)
			f, werr := os.OpenFile(path, os.O_WRONLY, 0) // as Fyne opens it, less the truncation
			if werr != nil {
				return &Report{Path: path, Unwritable: werr}
			}
			f.Close()
			return nil
		}
	}
	r := &Report{Path: path, Err: err}
	aside, merr := atomicfile.MoveAside(path)
	if merr != nil {
		r.Err = errors.Join(err, merr)
		return r
	}
	r.KeptAs = aside
	if good, err := os.ReadFile(path + BackupSuffix); err == nil && valid(good) == nil {
		r.Restored = atomicfile.Write(path, good, 0o600) == nil
	}
	return r
}

// valid reports why data is no preferences file Fyne reads, or nil. Fyne decodes the first
// JSON value of the file and ignores what follows it (what is left of a longer file another
// writer wrote at the same time), so this does too: such a file keeps its settings.
func valid(data []byte) error {
	var values map[string]any
	if err := json.NewDecoder(bytes.NewReader(data)).Decode(&values); err != nil {
		if len(bytes.TrimSpace(data)) == 0 {
			return errors.New("the file is empty")
		}
		return err
	}
	if values == nil {
		return errors.New("the file holds null, not settings")
	}
	return nil
}

// folderWritable reports why a file cannot be made in dir (made if need be, as Fyne makes
// it), or nil.
func folderWritable(dir string) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	f, err := os.CreateTemp(dir, ".write-test-")
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// keepCopy makes data the last good copy of the file at path, unless it is already. A copy
// that cannot be written is no reason to stop: the settings themselves are fine.
func keepCopy(path string, data []byte) {
	if old, err := os.ReadFile(path + BackupSuffix); err == nil && bytes.Equal(old, data) {
		return
	}
	_ = atomicfile.Write(path+BackupSuffix, data, 0o600)
}
