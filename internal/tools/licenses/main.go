// Command licenses writes the licence notices of everything linked into Banmen's programs: the
// Go toolchain's standard library and runtime, every Go module the packages given depend on
// (Fyne and its own dependencies, and the C libraries some of them compile in, GLFW and
// HarfBuzz, whose licences those modules carry), and the bundled font. The BSD and MIT licences
// of most of them ask that a binary distribution reproduce their notices: make package puts the
// file this writes into the tarball beside the programs.
//
//	go run ./internal/tools/licenses [-tags TAGS] [-o FILE] PACKAGES...
//
// A module that carries no licence file is an error: a new dependency is looked at before it
// is shipped.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
)

func main() {
	tags := flag.String("tags", "", "build tags, as for go build")
	out := flag.String("o", "", "the file to write (default: standard output)")
	flag.Usage = func() {
		fmt.Fprintln(flag.CommandLine.Output(), "usage: licenses [-tags TAGS] [-o FILE] PACKAGES...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	text, err := notices(*tags, flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "licenses:", err)
		os.Exit(1)
	}
	if *out == "" {
		os.Stdout.Write(text)
		return
	}
	if err := os.WriteFile(*out, text, 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "licenses:", err)
		os.Exit(1)
	}
}

// module is a Go module the packages depend on.
type module struct{ path, version, dir string }

// notices is the whole text: Go's licence, the font's, and each module's, in the order of
// their paths.
func notices(tags string, pkgs []string) ([]byte, error) {
	mods, err := dependencies(tags, pkgs)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("Banmen is built with the software below, whose licences and notices follow.\n")
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	goLicense, err := os.ReadFile(filepath.Join(goroot, "LICENSE"))
	if err != nil {
		return nil, fmt.Errorf("Go's licence: %w", err)
	}
	section(&b, "Go "+strings.TrimPrefix(runtime.Version(), "go")+": the standard library and runtime", []licenseFile{{"LICENSE", goLicense}})
	font, err := os.ReadFile(filepath.Join(repoRoot(), "assets", "fonts", "OFL.txt"))
	if err != nil {
		return nil, fmt.Errorf("the font's licence: %w", err)
	}
	section(&b, "Noto Sans CJK JP (a subset, assets/fonts)", []licenseFile{{"OFL.txt", font}})
	var missing []string
	for _, m := range mods {
		files, err := licenseFiles(m.dir)
		if err != nil {
			return nil, err
		}
		if len(files) == 0 {
			missing = append(missing, m.path+"@"+m.version)
			continue
		}
		section(&b, m.path+" "+m.version, files)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("no licence file in %s", strings.Join(missing, ", "))
	}
	return b.Bytes(), nil
}

func section(b *bytes.Buffer, title string, files []licenseFile) {
	fmt.Fprintf(b, "\n%s\n%s\n", strings.Repeat("=", 78), title)
	for _, f := range files {
		fmt.Fprintf(b, "%s\n-- %s\n\n", strings.Repeat("-", 78), f.name)
		b.Write(bytes.TrimRight(f.text, "\n"))
		b.WriteString("\n")
	}
}

// dependencies are the modules, other than this one, of the packages pkgs and everything
// they import, sorted by path.
func dependencies(tags string, pkgs []string) ([]module, error) {
	args := []string{"list", "-deps", "-f", "{{with .Module}}{{if not .Main}}{{.Path}}\t{{.Version}}\t{{.Dir}}{{end}}{{end}}"}
	if tags != "" {
		args = append(args, "-tags", tags)
	}
	cmd := exec.Command("go", append(args, pkgs...)...)
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list: %w", err)
	}
	seen := map[string]bool{}
	var mods []module
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Split(line, "\t")
		if len(f) != 3 || seen[f[0]] {
			continue
		}
		seen[f[0]] = true
		if f[2] == "" {
			return nil, fmt.Errorf("module %s@%s is not downloaded (go mod download)", f[0], f[1])
		}
		mods = append(mods, module{f[0], f[1], f[2]})
	}
	slices.SortFunc(mods, func(a, b module) int { return strings.Compare(a.path, b.path) })
	return mods, nil
}

type licenseFile struct {
	name string // its path in the module
	text []byte
}

// licenseName matches the names licences go by: LICENSE, LICENCE.md, COPYING.txt, NOTICE,
// LICENSE-reader, LICENSE_Inter.txt, …
var licenseName = regexp.MustCompile(`(?i)^(licen[cs]e|copying|notice)([-_.].*)?$`)

// licenseFiles are the licence files of the module in dir, the module's own first and then
// those of code it carries (GLFW's C sources, HarfBuzz's port, fonts), each text once; test
// data is left out.
func licenseFiles(dir string) ([]licenseFile, error) {
	var all []licenseFile
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != dir && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !licenseName.MatchString(d.Name()) {
			return nil
		}
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		all = append(all, licenseFile{filepath.ToSlash(rel), text})
		return nil
	})
	// the module's own licence (at its top) before the others, and a text met again (a
	// tool's copy of the module's licence) left out
	slices.SortStableFunc(all, func(a, b licenseFile) int {
		return strings.Count(a.name, "/") - strings.Count(b.name, "/")
	})
	var files []licenseFile
	texts := map[string]bool{}
	for _, f := range all {
		if !texts[string(f.text)] {
			texts[string(f.text)] = true
			files = append(files, f)
		}
	}
	return files, err
}

func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// repoRoot is the main module's folder.
func repoRoot() string {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}").Output()
	if err != nil {
		return "."
	}
	return strings.TrimSpace(string(out))
}
