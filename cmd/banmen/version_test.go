package main

import (
	"runtime/debug"
	"testing"
)

func TestVersionNamesTheCommit(t *testing.T) {
	rev := []debug.BuildSetting{{Key: "vcs", Value: "git"}, {Key: "vcs.revision", Value: "094398c1f2e3d4c5b6a7"}}
	for _, tc := range []struct {
		settings []debug.BuildSetting
		want     string
	}{
		{nil, "0.2"},
		{rev, "0.2 (094398c)"},
		{append(rev, debug.BuildSetting{Key: "vcs.modified", Value: "true"}), "0.2 (094398c, modified)"},
		{append(rev, debug.BuildSetting{Key: "vcs.modified", Value: "false"}), "0.2 (094398c)"},
	} {
		if got := versionFrom("0.2", tc.settings); got != tc.want {
			t.Errorf("%v: %q, want %q", tc.settings, got, tc.want)
		}
	}
}
