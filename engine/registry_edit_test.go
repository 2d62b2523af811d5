package engine_test

import (
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	. "banmen/engine"
)

func TestRegistryMove(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	reg, err := OpenRegistry(path)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, n := range []string{"a", "b", "c"} {
		d, err := reg.Add(Definition{Name: n, Path: "/bin/" + n})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, d.ID)
	}
	names := func() []string {
		again, err := OpenRegistry(path) // what the file holds
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, d := range again.List() {
			out = append(out, d.Name)
		}
		return out
	}
	for _, step := range []struct {
		id    string
		delta int
		want  []string
	}{
		{ids[2], -1, []string{"a", "c", "b"}},
		{ids[2], -1, []string{"c", "a", "b"}},
		{ids[2], -1, []string{"c", "a", "b"}}, // at the top already
		{ids[0], +1, []string{"c", "b", "a"}},
		{ids[2], +5, []string{"b", "a", "c"}}, // stops at the end
	} {
		if err := reg.Move(step.id, step.delta); err != nil {
			t.Fatal(err)
		}
		if got := names(); !reflect.DeepEqual(got, step.want) {
			t.Fatalf("after moving by %d: %v, want %v", step.delta, got, step.want)
		}
	}
	if err := reg.Move("nope", 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("moving an unknown engine: %v", err)
	}
}
