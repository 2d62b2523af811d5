package engine_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"banmen/board"
	. "banmen/engine"
	"banmen/usiclient"
)

func TestSuspectedFeature(t *testing.T) {
	for _, c := range []struct {
		lines []string
		want  Feature
	}{
		{[]string{"> position startpos", "> go ponder btime 1000 wtime 1000 byoyomi 1000"}, FeaturePonder},
		{[]string{"> go btime 1000 wtime 1000 binc 10 winc 10", "< info depth 1"}, FeatureIncrement},
		{[]string{"> go mate 1000"}, FeatureMate},
		{[]string{"> go depth 3"}, FeatureLimits},
		{[]string{"> go movetime 100"}, FeatureLimits},
		{[]string{"> go btime 0 wtime 0 byoyomi 1000"}, ""},
		{[]string{"> go ponder", "> go btime 0 wtime 0 byoyomi 1000"}, ""}, // the last go is to blame
		{[]string{"< usiok"}, ""},
	} {
		if got := (&Failure{LastLines: c.lines}).SuspectedFeature(); got != c.want {
			t.Errorf("%q: %q, want %q", c.lines, got, c.want)
		}
	}
}

// gpsusi exits on "go depth": the failure blames the limits and the registry remembers.
func TestLearnFromGpsusiCrash(t *testing.T) {
	reg, _ := OpenRegistry(filepath.Join(t.TempDir(), "engines.json"))
	m := NewManager(reg)
	def, err := reg.Add(gpsusiDefinition(t))
	if err != nil {
		t.Fatal(err)
	}
	r, err := m.Start(context.Background(), def, StartOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.CloseAll(5 * time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	sr, err := r.Go(ctx, usiclient.NewPosition(board.NewStartPosition()), usiclient.Go{Depth: 2})
	if err == nil {
		_, err = sr.Wait(ctx)
	}
	if err == nil {
		t.Skip("this gpsusi answers go depth; nothing to learn")
	}
	select {
	case <-r.Died():
	case <-time.After(10 * time.Second):
		t.Fatal("gpsusi did not die")
	}
	if feat := m.Learn(def, r.Failure()); feat != FeatureLimits {
		t.Errorf("blamed %q; failure %v, lines %q", feat, r.Failure(), r.Failure().LastLines)
	}
	if stored, _ := reg.Find(def.ID); stored.Supports.Limits != No {
		t.Errorf("stored %+v", stored.Supports)
	}
}

// Learn changes only what it learned: what another copy of the app saved meanwhile stays.
func TestLearnKeepsChangesOfAnotherCopy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "engines.json")
	reg, _ := OpenRegistry(path)
	def, err := reg.Add(Definition{Path: "/usr/games/gpsusi", Name: "GPS"})
	if err != nil {
		t.Fatal(err)
	}
	other, _ := OpenRegistry(path)
	if _, err := other.Edit(def.ID, func(d *Definition) error { d.SetValue("BookDepth", "0"); return nil }); err != nil {
		t.Fatal(err)
	}
	m := NewManager(reg)
	if feat := m.Learn(def, &Failure{LastLines: []string{"> go ponder btime 0 wtime 0 byoyomi 1000"}}); feat != FeaturePonder {
		t.Errorf("blamed %q", feat)
	}
	stored, _ := other.Find(def.ID)
	if stored.Supports.Ponder != No || stored.Values["BookDepth"] != "0" {
		t.Errorf("stored %+v, values %v", stored.Supports, stored.Values)
	}
}
