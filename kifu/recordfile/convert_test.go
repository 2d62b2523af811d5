package recordfile

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"banmen/kifu"
)

// convertTree makes a folder of real records: two at the top (one with variations), one in a
// subfolder, a KIF that cannot be read and a file that is no record.
func convertTree(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	copyFile := func(src, dst string) {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dst, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(henka, filepath.Join(dir, "henka.kif"))
	copyFile(floodCSA, filepath.Join(dir, "flood.csa"))
	copyFile(meijin, filepath.Join(dir, "sub", "meijin.kif"))
	if err := os.WriteFile(filepath.Join(dir, "broken.kif"), []byte("手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ９九金(11)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("not a record"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// mainLine is a record's main line as a USI command, the thing every format keeps.
func mainLine(t *testing.T, path string) string {
	t.Helper()
	rec, _, _, err := ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return kifu.FormatUSI(rec)
}

func byName(res ConvertResult) map[string]ConvertedFile {
	m := map[string]ConvertedFile{}
	for _, f := range res.Files {
		m[filepath.ToSlash(f.Name)] = f
	}
	return m
}

func TestConvertFolderToCSA(t *testing.T) {
	src := convertTree(t)
	dst := filepath.Join(t.TempDir(), "out")
	var heard []string
	res, err := ConvertFolder(context.Background(), ConvertOptions{Source: src, Subfolders: true, Dest: dst, Ext: "csa"},
		func(done, total int, name string) { heard = append(heard, filepath.ToSlash(name)) })
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"broken.kif", "flood.csa", "henka.kif", "sub/meijin.kif"}
	if !slices.Equal(heard, want) || res.Total != 4 {
		t.Fatalf("converted %v of %d, want %v (notes.txt is no record)", heard, res.Total, want)
	}
	files := byName(res)
	if f := files["broken.kif"]; f.Err == nil || !strings.Contains(f.Err.Error(), "broken.kif") || !strings.Contains(f.Err.Error(), "line 3") || f.Out != "" {
		t.Errorf("broken.kif: %+v, want an error naming the file and line 3, nothing written", f)
	}
	if _, err := os.Stat(filepath.Join(dst, "broken.csa")); err == nil {
		t.Error("broken.csa was written")
	}
	for _, name := range []string{"flood.csa", "henka.kif", "sub/meijin.kif"} {
		f := files[name]
		if f.Err != nil {
			t.Errorf("%s: %v", name, f.Err)
			continue
		}
		out := filepath.Join(dst, strings.TrimSuffix(filepath.FromSlash(name), filepath.Ext(name))+".csa")
		if f.Out != out {
			t.Errorf("%s written to %s, want %s", name, f.Out, out)
		}
		if got, want := mainLine(t, out), mainLine(t, filepath.Join(src, filepath.FromSlash(name))); got != want {
			t.Errorf("%s: the CSA's main line differs:\n got %s\nwant %s", name, got, want)
		}
	}
	if l := files["henka.kif"].Lost; !slices.Contains(l, LossVariations) {
		t.Errorf("henka.kif lost %v, want its variations told", l)
	}
	if res.Converted() != 3 || res.Canceled {
		t.Errorf("converted %d (cancelled %v), want 3", res.Converted(), res.Canceled)
	}

	// without subfolders: the top only
	res, err = ConvertFolder(context.Background(), ConvertOptions{Source: src, Dest: t.TempDir(), Ext: "kifu", From: []kifu.Format{kifu.KIF}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := slices.Collect(func(yield func(string) bool) {
		for _, f := range res.Files {
			yield(f.Name)
		}
	}); !slices.Equal(got, []string{"broken.kif", "henka.kif"}) {
		t.Errorf("KIF only, no subfolders: %v", got)
	}
}

func TestConvertFolderConflicts(t *testing.T) {
	src := convertTree(t)
	dst := t.TempDir()
	o := ConvertOptions{Source: src, Dest: dst, Ext: "kifu", From: []kifu.Format{kifu.CSA}}
	run := func(c Conflict) ConvertedFile {
		t.Helper()
		o.Conflict = c
		res, err := ConvertFolder(context.Background(), o, nil)
		if err != nil || len(res.Files) != 1 {
			t.Fatalf("%v, %+v", err, res)
		}
		return res.Files[0]
	}
	first := run(ConflictNumber)
	if first.Out != filepath.Join(dst, "flood.kifu") {
		t.Fatalf("first written to %s", first.Out)
	}
	if f := run(ConflictNumber); f.Out != filepath.Join(dst, "flood-2.kifu") || f.Err != nil {
		t.Errorf("number: %+v, want flood-2.kifu", f)
	}
	if f := run(ConflictSkip); !f.Exists || f.Err != nil {
		t.Errorf("skip: %+v, want told it exists", f)
	}
	if err := os.WriteFile(first.Out, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if f := run(ConflictOverwrite); f.Out != first.Out || f.Err != nil {
		t.Errorf("overwrite: %+v", f)
	}
	if got, want := mainLine(t, first.Out), mainLine(t, filepath.Join(src, "flood.csa")); got != want {
		t.Errorf("overwritten file: %s, want %s", got, want)
	}

	// into the source folder, the same format, overwriting: the record itself is never the
	// file written
	before, err := os.ReadFile(filepath.Join(src, "henka.kif"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := ConvertFolder(context.Background(), ConvertOptions{Source: src, Dest: src, Ext: "kif", From: []kifu.Format{kifu.KIF}, Conflict: ConflictOverwrite}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if f := byName(res)["henka.kif"]; f.Out != filepath.Join(src, "henka-2.kif") {
		t.Errorf("henka.kif into its own folder: %+v, want henka-2.kif", f)
	}
	if after, _ := os.ReadFile(filepath.Join(src, "henka.kif")); string(after) != string(before) {
		t.Error("the source record was written over")
	}
}

func TestConvertFolderIntoOneUSIFile(t *testing.T) {
	src := convertTree(t)
	one := filepath.Join(t.TempDir(), "all.usi")
	res, err := ConvertFolder(context.Background(), ConvertOptions{Source: src, Subfolders: true, OneFile: one}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.OneFile != one {
		t.Fatalf("wrote %q, want %s", res.OneFile, one)
	}
	data, err := os.ReadFile(one)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	var want []string
	for _, name := range []string{"flood.csa", "henka.kif", filepath.Join("sub", "meijin.kif")} {
		want = append(want, mainLine(t, filepath.Join(src, name)))
	}
	if !slices.Equal(lines, want) {
		t.Fatalf("lines:\n%s\nwant:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	for _, l := range lines {
		if _, err := kifu.ParseUSI(l); err != nil {
			t.Errorf("%q does not read back: %v", l, err)
		}
	}
	if f := byName(res)["broken.kif"]; f.Err == nil {
		t.Error("broken.kif not told as skipped")
	}
	// written into the source folder, the one file is not read as a record when converting again
	inside := filepath.Join(src, "all.usi")
	for range 2 {
		res, err := ConvertFolder(context.Background(), ConvertOptions{Source: src, Subfolders: true, OneFile: inside, Conflict: ConflictOverwrite}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Total != 4 {
			t.Errorf("%d records found, want 4: the one file was read as a source", res.Total)
		}
	}
	// the file exists: skip leaves it
	if _, err := ConvertFolder(context.Background(), ConvertOptions{Source: src, OneFile: one, Conflict: ConflictSkip}, nil); err == nil || !strings.Contains(err.Error(), "all.usi") {
		t.Errorf("existing one file under skip: %v", err)
	}
}

func TestConvertFolderStopsWhenCancelled(t *testing.T) {
	src := convertTree(t)
	dst := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	res, err := ConvertFolder(ctx, ConvertOptions{Source: src, Subfolders: true, Dest: dst, Ext: "jkf"}, func(done, total int, name string) {
		if done == 1 {
			cancel()
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Canceled || len(res.Files) != 2 {
		t.Errorf("cancelled at the second: %d files, cancelled %v", len(res.Files), res.Canceled)
	}
}

func TestConvertFolderKeepsOutOfItsOutput(t *testing.T) {
	src := convertTree(t)
	dst := filepath.Join(src, "converted")
	o := ConvertOptions{Source: src, Subfolders: true, Dest: dst, Ext: "kif", Conflict: ConflictOverwrite}
	for range 2 {
		res, err := ConvertFolder(context.Background(), o, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Total != 4 {
			t.Fatalf("found %d records, want 4: the output folder was read as a source", res.Total)
		}
	}
	for _, bad := range []ConvertOptions{
		{Source: filepath.Join(src, "missing"), Dest: dst, Ext: "kif"},
		{Source: src, Dest: dst, Ext: "txt"},
		{Source: filepath.Join(src, "henka.kif"), Dest: dst, Ext: "kif"},
		{Source: t.TempDir(), Dest: dst, Ext: "kif"},
	} {
		if _, err := ConvertFolder(context.Background(), bad, nil); err == nil {
			t.Errorf("%+v: no error", bad)
		}
	}
}

// Two records of one name in one folder (x.kif and x.ki2) both keep their output, whatever the
// conflict rule says of files that were there before.
func TestConvertFolderKeepsRecordsOfOneName(t *testing.T) {
	for _, c := range []Conflict{ConflictNumber, ConflictSkip, ConflictOverwrite} {
		src := t.TempDir()
		for name, from := range map[string]string{"x.kif": henka, "x.csa": floodCSA} {
			data, err := os.ReadFile(from)
			if err != nil {
				t.Fatal(err)
			}
			os.WriteFile(filepath.Join(src, name), data, 0o644)
		}
		dst := t.TempDir()
		res, err := ConvertFolder(context.Background(), ConvertOptions{Source: src, Dest: dst, Ext: "kifu", Conflict: c}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Converted() != 2 {
			t.Fatalf("conflict %d: %d converted: %+v", c, res.Converted(), res.Files)
		}
		got := map[string]string{}
		for _, f := range res.Files {
			got[mainLine(t, f.Out)] = f.Name
		}
		if len(got) != 2 || got[mainLine(t, filepath.Join(src, "x.kif"))] != "x.kif" || got[mainLine(t, filepath.Join(src, "x.csa"))] != "x.csa" {
			t.Errorf("conflict %d: the outputs hold %v", c, got)
		}
	}
}
