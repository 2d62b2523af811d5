package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// An engine list is a file users may edit by hand, so it may hold anything: opening it never
// panics; a list it reads has an ID of its own for each engine; and a change written keeps
// every engine as it was read.
func FuzzRegistry(f *testing.F) {
	f.Add([]byte(`{"version":1,"engines":[{"id":"a","name":"A","path":"/bin/true","values":{"Hash":"64"}},{"id":"a","name":"B","path":"/bin/false"}]}`))
	f.Add([]byte(`{"engines":[null,{}],"other":[1,2]}`))
	f.Add([]byte(`{"version":9,"engines":"x"}`))
	f.Add([]byte(`{"engines":[{"id":"","name":"","path":"","options":[{"name":"Hash","type":"spin","default":"16","min":1,"max":1024}]}]}`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(dir, "engines.json")
		os.Remove(path)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r, err := OpenRegistry(path)
		if r == nil || err != nil {
			return // reported (a corrupt list is moved aside, a newer one refuses changes)
		}
		list := r.List()
		ids := map[string]bool{}
		for _, d := range list {
			if d.ID == "" || ids[d.ID] {
				t.Fatalf("ID %q empty or twice in %q", d.ID, data)
			}
			ids[d.ID] = true
		}
		if _, err := r.Add(Definition{Name: "Added", Path: "/bin/true"}); err != nil {
			t.Fatalf("add: %v", err)
		}
		again, err := OpenRegistry(path)
		if err != nil {
			t.Fatalf("written and read again: %v", err)
		}
		got := again.List()
		if len(got) != len(list)+1 {
			t.Fatalf("%d engines read, %d after adding one", len(list), len(got))
		}
		for i, d := range list {
			if got[i].ID != d.ID || got[i].Name != d.Name || got[i].Path != d.Path || !reflect.DeepEqual(got[i].Values, d.Values) {
				t.Fatalf("engine %d read %+v, after a change %+v", i, d, got[i])
			}
		}
	})
}
