package ui

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// Every warning format the record readers use (each reader's warn(line, format, …) in
// kifu/) has its Japanese, with the same verbs in the same order, and no Japanese is left of
// a format no reader uses any more.
func TestReadWarningsAreAllJapanese(t *testing.T) {
	files, err := filepath.Glob("../kifu/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("the readers' sources: %v", err)
	}
	used := map[string]bool{}
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) < 2 {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); !ok || sel.Sel.Name != "warn" {
				return true
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: a warning whose format is no literal", fset.Position(call.Pos()))
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			if format != "%s" { // another error's own words, passed on
				used[format] = true
			}
			return true
		})
	}
	if len(used) < 20 {
		t.Fatalf("only %d warning formats found in kifu/", len(used))
	}
	verbs := regexp.MustCompile(`%[-+# 0]*[0-9]*[a-zA-Z]`)
	for format := range used {
		ja, ok := japaneseWarnings[format]
		if !ok {
			t.Errorf("no Japanese for %q", format)
			continue
		}
		if a, b := verbs.FindAllString(format, -1), verbs.FindAllString(ja, -1); !slices.Equal(a, b) {
			t.Errorf("%q has the verbs %v, its Japanese %q has %v", format, a, ja, b)
		}
	}
	for format := range japaneseWarnings {
		if !used[format] {
			t.Errorf("Japanese of a format no reader uses: %q", format)
		}
	}
}

// A record read with warnings says them in the window's language.
func TestReadWarningsInTheWindowsLanguage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "u.kif")
	if err := os.WriteFile(path, []byte("先手：A\n後手：B\nhttp://example.com/x\n手数----指手---------消費時間--\n1 ７六歩(77)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for lang, want := range map[string]string{
		"ja_JP.UTF-8": `3 行目: 読めない行を # の行として残しました: "http://example.com/x"`,
		"en_US.UTF-8": `line 3: line not understood, kept as a remark: "http://example.com/x"`,
	} {
		w, _ := windowUnderTest(t, windowOpts{lang: lang})
		w.OpenFile(path)
		if got := w.status.Text; !strings.Contains(got, want) {
			t.Errorf("%s: status %q, want %q in it", lang, got, want)
		}
		if line, ok := w.readWarnings("u.kif", w.Session().Record().Warnings); !ok || !strings.Contains(line, want) {
			t.Errorf("%s: a folder's line %q", lang, line)
		}
	}
}
