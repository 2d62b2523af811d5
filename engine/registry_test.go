package engine

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"banmen/internal/testbin"
	"banmen/usiclient"
)

func TestRegistryAddFindEditRemove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "cfg", "engines.json")
	r, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	a, err := r.Add(Definition{Path: "/usr/games/fairy-stockfish", Name: "Fairy"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := r.Add(Definition{Path: "/usr/games/fairy-stockfish", Name: "fairy"})
	if b.Name != "fairy (2)" || a.ID == b.ID || a.ID == "" {
		t.Errorf("second add: %q %q %q", b.Name, a.ID, b.ID)
	}
	c, _ := r.Add(Definition{Path: "/opt/engines/YaneuraOu.exe"})
	if c.Name != "YaneuraOu" {
		t.Errorf("name from path: %q", c.Name)
	}
	if _, err := r.Add(Definition{}); err == nil {
		t.Error("an engine without a path was added")
	}
	got, ok := r.Find("FAIRY")
	if !ok || got.ID != a.ID {
		t.Errorf("Find by name: %v %v", got.ID, ok)
	}
	if got, ok := r.Find(b.ID); !ok || got.Name != "fairy (2)" {
		t.Errorf("Find by ID: %v", got)
	}
	a, err = r.Edit(a.ID, func(d *Definition) error {
		d.Options = []usiclient.Option{{Name: "Skill Level", Type: usiclient.OptionSpin, Default: "20", HasDefault: true, Min: -20, Max: 20, HasMin: true, HasMax: true}}
		d.SetValue("Skill Level", "5")
		return nil
	})
	if err != nil || a.Value("Skill Level") != "5" {
		t.Fatalf("Edit: %v %v", a.Values, err)
	}
	// a fresh reader sees what was saved
	r2, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := r2.Find(a.ID); d.Value("Skill Level") != "5" || len(r2.List()) != 3 {
		t.Errorf("reread: %v, %d engines", d.Values, len(r2.List()))
	}
	a.SetValue("Skill Level", "20") // back to the default: forgotten
	if _, stored := a.Values["Skill Level"]; stored {
		t.Error("a default value is stored")
	}
	if err := r.Remove(b.ID, false); err != nil {
		t.Fatal(err)
	}
	if err := r.Remove(b.ID, false); !errors.Is(err, ErrNotFound) {
		t.Errorf("second remove: %v", err)
	}
	if _, err := r.Edit(b.ID, func(*Definition) error { return nil }); !errors.Is(err, ErrNotFound) {
		t.Errorf("edit removed: %v", err)
	}
	d, err := r.Duplicate(a.ID)
	if err != nil || d.Name != "Fairy (2)" || d.Values["Skill Level"] != "5" {
		t.Errorf("Duplicate: %+v %v", d, err)
	}
	d.Values["Skill Level"] = "1"
	if orig, _ := r.Find(a.ID); orig.Values["Skill Level"] != "5" {
		t.Error("the duplicate shares values with the original")
	}
}

// TestRegistryTwoCopiesEditOneEngine: two running copies of the app, each with the
// list it read at start, change different settings of one engine: both changes
// survive, and each copy finds what the other saved.
func TestRegistryTwoCopiesEditOneEngine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	r1, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	d, _ := r1.Add(Definition{Path: "/usr/games/fairy-stockfish", Name: "Fairy"})
	other, _ := r1.Add(Definition{Path: "/usr/games/gpsusi", Name: "GPS"})
	r2, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r1.Edit(d.ID, func(d *Definition) error { d.SetValue("Skill Level", "5"); return nil }); err != nil {
		t.Fatal(err)
	}
	if got, _ := r2.Find(d.ID); got.Values["Skill Level"] != "5" {
		t.Errorf("the second copy does not find the first copy's change: %v", got.Values)
	}
	saved, err := r2.Edit(d.ID, func(d *Definition) error {
		d.SetValue("Threads", "2")
		d.HashMB = 64
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if saved.Values["Skill Level"] != "5" || saved.Values["Threads"] != "2" || saved.HashMB != 64 {
		t.Errorf("Edit returned %v, hash %d", saved.Values, saved.HashMB)
	}
	r3, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*Registry{r1, r3} {
		got, _ := r.Find(d.ID)
		if got.Values["Skill Level"] != "5" || got.Values["Threads"] != "2" || got.HashMB != 64 {
			t.Errorf("a change was lost: %v, hash %d", got.Values, got.HashMB)
		}
	}
	// a rename onto a taken name is made unique; the ID stays; a failed change saves nothing
	renamed, err := r1.Edit(d.ID, func(d *Definition) error { d.Name, d.ID = "gps", "other"; return nil })
	if err != nil || renamed.Name != "gps (2)" || renamed.ID != d.ID {
		t.Errorf("rename: %q %q %v", renamed.Name, renamed.ID, err)
	}
	refused := errors.New("refused")
	if _, err := r2.Edit(other.ID, func(d *Definition) error { d.HashMB = 1; return refused }); err != refused {
		t.Errorf("a refused change: %v", err)
	}
	if got, _ := r3.Find(other.ID); got.HashMB != 0 {
		t.Errorf("a refused change was saved: hash %d", got.HashMB)
	}
}

func TestRegistryBundled(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	r, _ := OpenRegistry(path)
	r.Add(Definition{Path: "/usr/games/gpsusi"})
	b, err := r.EnsureBundled("/opt/banmen/banmen-engine", "Banmen")
	if err != nil || !b.Bundled || r.List()[0].ID != b.ID {
		t.Fatalf("EnsureBundled: %+v %v", b, err)
	}
	again, _ := r.EnsureBundled("/new/place/banmen-engine", "Banmen")
	if again.ID != b.ID || len(r.List()) != 2 || again.Path != "/new/place/banmen-engine" {
		t.Errorf("second EnsureBundled: %+v, %d engines", again, len(r.List()))
	}
	if err := r.Remove(b.ID, false); !errors.Is(err, ErrBundled) {
		t.Errorf("removing the bundled engine: %v", err)
	}
	if err := r.Remove(b.ID, true); err != nil {
		t.Errorf("forced remove: %v", err)
	}
	if back, _ := r.EnsureBundled("/opt/banmen/banmen-engine", "Banmen"); !back.Bundled || len(r.List()) != 2 {
		t.Errorf("not re-registered: %d engines", len(r.List()))
	}
}

func TestRegistryCorruptFileIsKeptAndReported(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "engines.json")
	os.WriteFile(path, []byte(`{"version":1,"engines":[{"id":"x","name":"half`), 0o644)
	r, err := OpenRegistry(path)
	var ce *CorruptError
	if !errors.As(err, &ce) || r == nil {
		t.Fatalf("OpenRegistry on a corrupt file: %v", err)
	}
	if !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), ce.MovedTo) {
		t.Errorf("message %q does not name both files", err)
	}
	kept, rerr := os.ReadFile(ce.MovedTo)
	if rerr != nil || !strings.Contains(string(kept), `"half`) {
		t.Errorf("the corrupt file was not kept: %v", rerr)
	}
	if len(r.List()) != 0 {
		t.Error("engines from a corrupt file")
	}
	if _, err := r.Add(Definition{Path: "/bin/true"}); err != nil {
		t.Fatal(err)
	}
	// corrupted behind our back: the change is applied to what we knew, and reported
	os.WriteFile(path, []byte("garbage"), 0o644)
	_, err = r.Add(Definition{Path: "/bin/false"})
	if !errors.As(err, &ce) {
		t.Errorf("Add over a corrupt file: %v", err)
	}
	r2, err := OpenRegistry(path)
	if err != nil || len(r2.List()) != 2 {
		t.Errorf("after recovery: %v, %d engines", err, len(r2.List()))
	}
	matches, _ := filepath.Glob(path + ".corrupt-*")
	if len(matches) != 2 {
		t.Errorf("%d corrupt files kept, want 2", len(matches))
	}
	// a newer version than we understand is not corrupt: it is read, and not overwritten
	os.WriteFile(path, []byte(`{"version":99,"engines":[]}`), 0o644)
	var ne *NewerVersionError
	if _, err := OpenRegistry(path); !errors.As(err, &ne) || errors.As(err, &ce) {
		t.Errorf("future version: %v", err)
	}
}

const registryWriterEnv = "BANMEN_ENGINE_TEST_REGISTRY_WRITER"

// TestRegistryConcurrentProcesses runs several copies of "the app" that add engines
// to one registry at the same time: every engine survives.
func TestRegistryConcurrentProcesses(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	const procs, each = 4, 15
	var wg sync.WaitGroup
	errs := make(chan error, procs)
	for p := 0; p < procs; p++ {
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			cmd := exec.Command(os.Args[0], "-test.run=^TestRegistryWriterHelper$")
			cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s|%d|%d", registryWriterEnv, path, p, each))
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("writer %d: %v: %s", p, err, out)
			}
		}(p)
	}
	// and this process edits at the same time
	r, _ := OpenRegistry(path)
	for i := 0; i < each; i++ {
		if _, err := r.Add(Definition{Path: fmt.Sprintf("/main/engine%d", i)}); err != nil {
			t.Error(err)
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	r.Reload()
	if n := len(r.List()); n != (procs+1)*each {
		t.Errorf("%d engines, want %d", n, (procs+1)*each)
	}
}

func TestRegistryWriterHelper(t *testing.T) {
	spec := os.Getenv(registryWriterEnv)
	if spec == "" {
		t.Skip("helper for TestRegistryConcurrentProcesses")
	}
	var path string
	var p, each int
	parts := strings.Split(spec, "|")
	path = parts[0]
	fmt.Sscan(parts[1], &p)
	fmt.Sscan(parts[2], &each)
	r, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < each; i++ {
		if _, err := r.Add(Definition{Path: fmt.Sprintf("/proc%d/engine%d", p, i)}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestApplyProbeKeepsValuesThatStillFit(t *testing.T) {
	spin := func(name string, min, max int64) usiclient.Option {
		return usiclient.Option{Name: name, Type: usiclient.OptionSpin, Min: min, Max: max, HasMin: true, HasMax: true, Default: "1", HasDefault: true}
	}
	combo := usiclient.Option{Name: "Style", Type: usiclient.OptionCombo, Vars: []string{"a", "b"}, Default: "a", HasDefault: true}
	d := Definition{Name: "Old Name", EngineName: "Old Name",
		Options: []usiclient.Option{spin("Threads", 1, 64), spin("Depth", 1, 100), combo, {Name: "Book", Type: usiclient.OptionCheck}, {Name: "Gone", Type: usiclient.OptionString}},
		Values:  map[string]string{"Threads": "8", "Depth": "90", "Style": "b", "Book": "true", "Gone": "x"},
	}
	newCombo := combo
	newCombo.Vars = []string{"a", "c"}
	dropped := d.ApplyProbe("New Name", "someone", []usiclient.Option{
		spin("Threads", 1, 64), // same: kept
		spin("Depth", 1, 50),   // 90 now out of range: dropped
		newCombo,               // "b" no longer a choice: dropped
		{Name: "Book", Type: usiclient.OptionString}, // type changed: dropped
		{Name: "USI_Ponder", Type: usiclient.OptionCheck},
	})
	want := map[string]bool{"Depth": true, "Style": true, "Book": true, "Gone": true}
	if len(dropped) != len(want) {
		t.Errorf("dropped %v", dropped)
	}
	for _, k := range dropped {
		if !want[k] {
			t.Errorf("dropped %q", k)
		}
	}
	if d.Values["Threads"] != "8" || len(d.Values) != 1 {
		t.Errorf("values %v", d.Values)
	}
	if d.Name != "New Name" || d.Author != "someone" || d.Supports.Ponder != Yes {
		t.Errorf("after probe: %q %q %v", d.Name, d.Author, d.Supports.Ponder)
	}
	// a name the user edited stays
	d.Name = "My engine"
	d.ApplyProbe("Newer", "", nil)
	if d.Name != "My engine" {
		t.Errorf("user's name replaced by %q", d.Name)
	}
	// Banmen's own engine keeps its name, even one its id once gave
	b := Definition{Name: "Banmen 0.1", EngineName: "Banmen 0.1", Bundled: true}
	b.ApplyProbe("Banmen 0.2", "", nil)
	if b.Name != "Banmen 0.1" || b.EngineName != "Banmen 0.2" {
		t.Errorf("the bundled engine after a probe: name %q, id %q", b.Name, b.EngineName)
	}
}

func TestOptionNames(t *testing.T) {
	d := Definition{Options: []usiclient.Option{{Name: "Hash"}, {Name: "Ponder"}}}
	if d.HashOptionName() != "Hash" || d.PonderOptionName() != "Ponder" {
		t.Errorf("%s %s", d.HashOptionName(), d.PonderOptionName())
	}
	d = Definition{Options: []usiclient.Option{{Name: "USI_Hash"}, {Name: "Hash"}}}
	if d.HashOptionName() != "USI_Hash" || d.PonderOptionName() != "USI_Ponder" {
		t.Errorf("%s %s", d.HashOptionName(), d.PonderOptionName())
	}
}

// Reading the list (engines list, and every match, analyse or solve) leaves the file as it
// is: a symlink stays a symlink, the mode stays, unknown fields stay, nothing is written.
func TestRegistryReadingWritesNothing(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "engines.json")
	os.MkdirAll(filepath.Dir(real), 0o755)
	content := `{
  "version": 1,
  "theme": "from a newer Banmen",
  "engines": [
    {"id": "b1", "name": "Banmen", "engineName": "Banmen", "path": "/opt/banmen/banmen-engine", "bundled": true, "supports": {}, "color": "blue"},
    {"id": "f1", "name": "Fairy", "engineName": "Fairy", "path": "/usr/games/fairy-stockfish", "supports": {}}
  ]
}
`
	if err := os.WriteFile(real, []byte(content), 0o444); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "engines.json")
	if err := os.Symlink(real, path); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(real)
	r, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.EnsureBundled("/opt/banmen/banmen-engine", "Banmen"); err != nil { // already there: no change
		t.Fatal(err)
	}
	if d, ok := r.Find("fairy"); !ok || d.ID != "f1" {
		t.Errorf("Find: %+v %v", d, ok)
	}
	if err := r.Reload(); err != nil || len(r.List()) != 2 {
		t.Errorf("Reload: %v, %d engines", err, len(r.List()))
	}
	if err := r.Update(func(list []Definition) ([]Definition, error) { return list, nil }); err != nil {
		t.Errorf("an Update that changes nothing: %v", err)
	}
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v %v", fi.Mode(), err)
	}
	after, _ := os.Stat(real)
	if got, _ := os.ReadFile(real); string(got) != content {
		t.Errorf("the file was rewritten:\n%s", got)
	}
	if after.Mode() != before.Mode() || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("mode %v → %v, mtime %v → %v", before.Mode(), after.Mode(), before.ModTime(), after.ModTime())
	}
	if m, _ := filepath.Glob(filepath.Join(dir, "*.lock")); len(m) != 0 {
		t.Errorf("reading made a lock file: %v", m)
	}
}

// A change keeps what this Banmen does not know (fields at the top and in each engine),
// the file's mode, and a symlink as a symlink.
func TestRegistryChangeKeepsUnknownFieldsModeAndSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "dotfiles", "engines.json")
	os.MkdirAll(filepath.Dir(real), 0o755)
	os.WriteFile(real, []byte(`{"version": 1, "theme": {"dark": true}, "engines": [
		{"id": "f1", "name": "Fairy", "path": "/usr/games/fairy-stockfish", "supports": {}, "color": "blue", "book": {"file": "a.db"}}]}`), 0o444)
	path := filepath.Join(dir, "engines.json")
	os.Symlink(real, path)
	r, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Add(Definition{Path: "/usr/games/gpsusi", Name: "GPS"}); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Edit("f1", func(d *Definition) error { d.HashMB = 256; return nil }); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Lstat(path); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the symlink was replaced: %v", err)
	}
	if fi, _ := os.Stat(real); fi.Mode().Perm() != 0o444 {
		t.Errorf("mode %v, want 0444", fi.Mode().Perm())
	}
	data, _ := os.ReadFile(real)
	var f struct {
		Theme   map[string]bool
		Engines []map[string]any
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatalf("%v:\n%s", err, data)
	}
	if !f.Theme["dark"] || len(f.Engines) != 2 {
		t.Fatalf("top-level field lost or engines wrong:\n%s", data)
	}
	fairy := f.Engines[0]
	if fairy["color"] != "blue" || fairy["hashMB"] != float64(256) {
		t.Errorf("engine fields: %v", fairy)
	}
	if book, _ := fairy["book"].(map[string]any); book["file"] != "a.db" {
		t.Errorf("nested unknown field: %v", fairy["book"])
	}
	if _, has := f.Engines[1]["color"]; has {
		t.Errorf("the new engine got another's field: %v", f.Engines[1])
	}
	// a copy of the app that reads it again keeps them too
	r2, _ := OpenRegistry(path)
	r2.Remove(f.Engines[1]["id"].(string), false)
	data, _ = os.ReadFile(real)
	if !strings.Contains(string(data), `"color": "blue"`) || !strings.Contains(string(data), `"dark": true`) {
		t.Errorf("after a second copy's change:\n%s", data)
	}
}

// A list written by a newer Banmen is read, never changed and never moved aside.
func TestRegistryNewerVersionIsReadNotWritten(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	content := `{"version": 2, "engines": [{"id": "f1", "name": "Fairy", "path": "/usr/games/fairy-stockfish", "supports": {}, "profiles": [1, 2]}]}`
	os.WriteFile(path, []byte(content), 0o644)
	r, err := OpenRegistry(path)
	var ne *NewerVersionError
	if r == nil || !errors.As(err, &ne) || ne.Version != 2 {
		t.Fatalf("OpenRegistry: %v", err)
	}
	for _, want := range []string{path, "newer", "version 2"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q lacks %q", err, want)
		}
	}
	if d, ok := r.Find("Fairy"); !ok || d.Path != "/usr/games/fairy-stockfish" {
		t.Errorf("Find: %+v %v", d, ok)
	}
	if _, err := r.Add(Definition{Path: "/bin/true"}); !errors.As(err, &ne) {
		t.Errorf("Add: %v", err)
	}
	if got, _ := os.ReadFile(path); string(got) != content {
		t.Errorf("the file was changed:\n%s", got)
	}
	if m, _ := filepath.Glob(path + ".corrupt-*"); len(m) != 0 {
		t.Errorf("moved aside: %v", m)
	}
	if len(r.List()) != 1 {
		t.Errorf("%d engines after a refused Add", len(r.List()))
	}
}

const readOnlyRegistryEnv = "BANMEN_ENGINE_TEST_READONLY_REGISTRY"

// With a config folder that can't be written, the list is still read.
func TestRegistryReadOnlyFolder(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "banmen")
	os.MkdirAll(dir, 0o755)
	path := filepath.Join(dir, "engines.json")
	r, _ := OpenRegistry(path)
	if _, err := r.Add(Definition{Path: "/usr/games/fairy-stockfish", Name: "Fairy"}); err != nil {
		t.Fatal(err)
	}
	os.Remove(path + ".lock") // as if the list had been written by hand or copied in
	out, err := testbin.RunReadOnly(t, "TestRegistryReadOnlyHelper", dir, readOnlyRegistryEnv+"="+path)
	if err != nil || !strings.Contains(out, "found Fairy") || !strings.Contains(out, "add refused") {
		t.Errorf("%v:\n%s", err, out)
	}
}

func TestRegistryReadOnlyHelper(t *testing.T) {
	path := os.Getenv(readOnlyRegistryEnv)
	if path == "" {
		t.Skip("helper for TestRegistryReadOnlyFolder")
	}
	if f, err := os.Create(filepath.Join(filepath.Dir(path), "probe")); err == nil {
		f.Close()
		t.Fatal("the folder is writable")
	}
	r, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	if d, ok := r.Find("fairy"); ok {
		fmt.Println("found", d.Name)
	}
	if err := r.Reload(); err != nil {
		t.Fatal(err)
	}
	if _, err := r.Add(Definition{Path: "/bin/true"}); err != nil {
		if !strings.Contains(err.Error(), filepath.Dir(path)) {
			t.Errorf("the error does not name the folder: %v", err)
		}
		fmt.Println("add refused:", err)
	}
}

// An engine list edited by hand, with an entry copied to make a second setting of an engine
// (the same ID twice) or an entry without an ID: each engine gets an ID of its own, the same
// at every read, kept when the list is next written, so that the second is found, edited and
// removed as itself and not as the first.
func TestRegistryGivesCopiedEntriesIDsOfTheirOwn(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	if err := os.WriteFile(path, []byte(`{"version":1,"engines":[
		{"id":"a1","name":"Fairy","path":"/usr/games/fairy-stockfish"},
		{"id":"a1","name":"Fairy (Skill 5)","path":"/usr/games/fairy-stockfish","values":{"Skill Level":"5"}},
		{"name":"No ID","path":"/bin/true"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ids := func(r *Registry) []string {
		var out []string
		for _, d := range r.List() {
			out = append(out, d.ID)
		}
		return out
	}
	r, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	first := ids(r)
	if len(first) != 3 || first[0] != "a1" || first[1] == "a1" || first[1] == "" || first[2] == "" || first[1] == first[2] {
		t.Fatalf("IDs %q: want a1 and two others of their own", first)
	}
	again, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(again); !slices.Equal(got, first) {
		t.Errorf("read again the IDs are %q, first %q", got, first)
	}
	if d, ok := r.Find(first[1]); !ok || d.Name != "Fairy (Skill 5)" {
		t.Errorf("Find(%s) = %q %v", first[1], d.Name, ok)
	}
	if _, err := r.Edit(first[1], func(d *Definition) error { d.Name = "Fairy weak"; return nil }); err != nil {
		t.Fatal(err)
	}
	after, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, d := range after.List() {
		names[d.ID] = d.Name
	}
	if names["a1"] != "Fairy" || names[first[1]] != "Fairy weak" || names[first[2]] != "No ID" {
		t.Errorf("after an edit of the copy, the list holds %v", names)
	}
	if err := after.Remove(first[1], false); err != nil {
		t.Fatal(err)
	}
	if d, ok := after.Find("a1"); !ok || d.Name != "Fairy" {
		t.Errorf("removing the copy removed the first: %q %v", d.Name, ok)
	}
}
