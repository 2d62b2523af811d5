package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The notices of the GUI's and the other programs' build name every module they link, each
// with its licence text, and Go's, the font's and the C code's some modules carry.
func TestNoticesNameEveryModule(t *testing.T) {
	mods, err := dependencies("no_emoji", []string{"banmen/cmd/..."})
	if err != nil {
		t.Fatal(err)
	}
	if len(mods) < 10 {
		t.Fatalf("only %d modules: %v", len(mods), mods)
	}
	text, err := notices("no_emoji", []string{"banmen/cmd/..."})
	if err != nil {
		t.Fatal(err)
	}
	s := string(text)
	for _, m := range mods {
		if !strings.Contains(s, "\n"+m.path+" "+m.version+"\n") {
			t.Errorf("no section for %s %s", m.path, m.version)
		}
	}
	for _, want := range []string{
		"fyne.io/fyne/v2 ",
		"The Go Authors",        // Go's own
		"SIL OPEN FONT LICENSE", // the bundled font's
		"-- glfw/LICENSE.md",    // GLFW's C sources, in go-gl/glfw
		"Camilla Löwy",          // …its text
		"-- harfbuzz/LICENSE",   // HarfBuzz's, in go-text/typesetting
		"Redistribution and use in source and binary forms", // a BSD licence's text
	} {
		if !strings.Contains(s, want) {
			t.Errorf("the notices lack %q", want)
		}
	}
}

// A module without a licence file is no module to ship; one module's licence met twice (in
// several folders) is written once; test data is not a licence.
func TestLicenseFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("main.go", "package x")
	if files, err := licenseFiles(dir); err != nil || len(files) != 0 {
		t.Fatalf("no licence: %v %v", files, err)
	}
	write("A/LICENSE", "Apache")     // a folder whose name sorts first: still after the module's own
	write("cmd/tool/COPYING", "MIT") // met before the module's own
	write("COPYING", "MIT")
	write("third_party/c/LICENSE.md", "zlib")
	write("testdata/LICENSE", "test font")
	write("licensing.go", "package x")
	files, err := licenseFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range files {
		names = append(names, f.name)
	}
	if strings.Join(names, " ") != "COPYING A/LICENSE third_party/c/LICENSE.md" {
		t.Errorf("licence files %v", names)
	}
}
