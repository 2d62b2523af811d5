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

	"banmen/kifu/recordfile"
)

// readerFormats collects the format (the second argument, a literal) of every call of the
// method method in kifu/'s sources.
func readerFormats(t *testing.T, method string) map[string]bool {
	t.Helper()
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
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				if id, ok := fn.X.(*ast.Ident); fn.Sel.Name != method || !ok || id.Name != "kr" && id.Name != "cr" {
					return true // jr.fail (JSON) writes no format of its own
				}
			case *ast.Ident:
				if method != "fail" || fn.Name != "errorf" { // kr.fail's and cr.fail's, called alone
					return true
				}
			default:
				return true
			}
			if _, ok := call.Args[1].(*ast.Ident); ok {
				return true // kr.fail passing its own format on to errorf
			}
			lit, ok := call.Args[1].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: a %s whose format is no literal", fset.Position(call.Pos()), method)
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			used[format] = true
			return true
		})
	}
	return used
}

// verbLetters are the letters of a format's verbs, sorted (a translation may take them in
// another order, by index).
func verbLetters(format string) string {
	var b []byte
	for _, v := range regexp.MustCompile(`%(\[\d+\])?[-+# 0]*[0-9]*([a-zA-Z])`).FindAllStringSubmatch(format, -1) {
		b = append(b, v[2][0])
	}
	slices.Sort(b)
	return string(b)
}

// Every error format the KIF, KI2 and CSA readers use has its Japanese with the same verbs,
// but "%s: %v", which passes another error on; and no Japanese is left of a format no reader
// uses any more.
func TestReadErrorsAreAllJapanese(t *testing.T) {
	used := readerFormats(t, "fail")
	delete(used, "%s: %v")
	if len(used) < 30 || !used["illegal move %q: %s"] {
		t.Fatalf("only %d error formats found in kifu/", len(used))
	}
	for format := range used {
		ja, ok := japaneseErrors[format]
		if !ok {
			t.Errorf("no Japanese for %q", format)
		} else if verbLetters(format) != verbLetters(ja) {
			t.Errorf("%q and its Japanese %q have other verbs", format, ja)
		}
	}
	for format := range japaneseErrors {
		if !used[format] {
			t.Errorf("Japanese of a format no reader uses: %q", format)
		}
	}
}

// Every warning format the record readers use (each reader's warn(line, format, …) in
// kifu/) has its Japanese, with the same verbs in the same order, and no Japanese is left of
// a format no reader uses any more.
func TestReadWarningsAreAllJapanese(t *testing.T) {
	used := readerFormats(t, "warn")
	delete(used, "%s") // another error's own words, passed on
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

// A reader's error is said in Japanese in the Japanese window, with the sides and the
// illegal move's reason in Japanese too; in English as the reader wrote it.
func TestReadErrorsInTheWindowsLanguage(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"side.csa":    "V2.2\nPI\n+\n-3334FU\n+7776FU\n",
		"henka.kif":   "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n変化：9手\n2 ８四歩(83)\n",
		"illegal.kif": "手合割：平手\n1 ７六歩(77)\n2 ３四歩(33)\n3 ８七角(88)\n4 ８四歩(83)\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ja, _ := windowUnderTest(t, windowOpts{})
	en, _ := windowUnderTest(t, windowOpts{lang: "en_US.UTF-8"})
	for name, want := range map[string][2]string{
		"side.csa":    {`4 行目: 指し手 "-3334FU" は後手の手ですが、手番は先手です`, `line 4: move "-3334FU" is White (後手)'s, but Black (先手) is to move`},
		"henka.kif":   {"4 行目: 9 手目の変化ですが、その前の手順は 2 手しかありません", "line 4: variation at move 9, but the line before has only 2 moves"},
		"illegal.kif": {`4 行目: 反則手 "８七角(88)": ８七 には先手自身の駒があります`, `line 4: illegal move "８七角(88)"`},
	} {
		_, _, _, err := recordfile.ReadFile(filepath.Join(dir, name))
		if err == nil {
			t.Fatalf("%s was read", name)
		}
		if got := ja.skipReason(err); got != want[0] {
			t.Errorf("%s in Japanese: %q, want %q", name, got, want[0])
		}
		if got := en.skipReason(err); !strings.HasPrefix(got, want[1]) {
			t.Errorf("%s in English: %q, want %q…", name, got, want[1])
		}
	}
}
