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

// readerFormats collects the format (a literal) of every error (method "fail") or warning
// ("warn") the readers in kifu/'s sources make: kr.fail, cr.fail and errorf, or kr.warn,
// cr.warn and warning; the JKF reader's jr.fail, whose format follows the path ("%s"); and,
// with the errors, the messages (messagef) passed on inside them.
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
			if !ok {
				return true
			}
			at, prefix := -1, "" // the format's argument, and what the call writes before it
			switch fn := call.Fun.(type) {
			case *ast.SelectorExpr:
				id, ok := fn.X.(*ast.Ident)
				switch {
				case !ok || fn.Sel.Name != method:
				case id.Name == "kr" || id.Name == "cr":
					at = 1
				case id.Name == "jr":
					at, prefix = 2, "%s"
				}
			case *ast.Ident:
				switch {
				case method == "fail" && fn.Name == "errorf", method == "warn" && fn.Name == "warning":
					at = 1
				case method == "fail" && fn.Name == "messagef":
					at = 0
				}
			}
			if at < 0 || len(call.Args) <= at {
				return true
			}
			switch call.Args[at].(type) {
			case *ast.Ident, *ast.BinaryExpr:
				return true // a helper passing its own format on (jr.fail's "%s"+format)
			}
			lit, ok := call.Args[at].(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				t.Errorf("%s: a %s whose format is no literal", fset.Position(call.Pos()), method)
				return true
			}
			format, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			used[prefix+format] = true
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

// Every error format the readers use, and every message their errors pass on, has its
// Japanese with the same verbs, but "%s: %v", which passes another error on; and no Japanese
// is left of a format no reader uses any more.
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
	// a JKF record cut short, whose start position (a pawn on 1a) passes a message on
	jkf := filepath.Join(t.TempDir(), "cut.jkf")
	if err := os.WriteFile(jkf, []byte(`{"header":{},"initial":{"preset":"OTHER","data":{"board":[[{"color":0,"kind":"FU"},{},{},{},{},{},{},{},{"color":1,"kind":"OU"}]],"color":0,"hands":[{},{}]}},"moves":[{}`), 0o644); err != nil {
		t.Fatal(err)
	}
	w, _ := windowUnderTest(t, windowOpts{})
	w.OpenFile(jkf)
	ws := w.Session().Record().Warnings
	if len(ws) != 2 {
		t.Fatalf("warnings %v", ws)
	}
	for i, want := range []string{"ファイルが途中で終わっています（JSON が閉じていません）", "開始局面（initial）: 局面が規則に合いません（"} {
		if got := w.warningText(ws[i]); !strings.Contains(got, want) {
			t.Errorf("warning %q, want %q in it", got, want)
		}
	}
	// USI positions, as pasted: two of them, the first with more pieces than a set has
	usi := filepath.Join(t.TempDir(), "two.usi")
	if err := os.WriteFile(usi, []byte("sfen 4k4/9/9/9/9/9/9/9/4K4 b 19P 1\nposition startpos\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	w.OpenFile(usi)
	ws = w.Session().Record().Warnings
	var texts []string
	for _, wn := range ws {
		texts = append(texts, w.warningText(wn))
	}
	if got := strings.Join(texts, " / "); got != "2 行目: 局面が複数あります。最初のものだけを読みました / 1 行目: 駒が一組より多いですが、そのまま読みました" {
		t.Errorf("warnings %q", got)
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
		// JKF, whose errors pass their causes on (kifu.Message)
		"piece.jkf":  `{"header":{},"moves":[{},` + "\n" + `{"move":{"to":{"x":7,"y":6},"piece":"XX"}}]}`,
		"preset.jkf": `{"header":{},"initial":{"preset":"FOO"},"moves":[{}]}`,
		"pawn.jkf":   `{"header":{},"moves":[{},` + "\n" + `{"move":{"from":{"x":7,"y":7},"to":{"x":7,"y":5},"piece":"FU"}},{"move":{"to":{"x":3,"y":4},"piece":"FU"}}]}`,
		"header.jkf": `{"header":["x"],"moves":[{}]}`,
		"kind.jkf":   `{"header":{},"moves":"x"}`,
		// USI and SFEN, as pasted
		"bad.usi":     "position foo\n",
		"illegal.usi": "position startpos moves 7g7f 7g7f 3c3d\n",
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
		"piece.jkf":   {`2 行目: moves[1]（1 手目）: "XX" は知らない駒です`, `line 2: moves[1] (ply 1): unknown piece "XX"`},
		"preset.jkf":  {`開始局面（initial）: 知らない手合割 "FOO" です（HIRATE, KY`, `initial: unknown preset "FOO"`},
		"pawn.jkf":    {`2 行目: moves[1]（1 手目）: 反則手 +7775FU: ７七 の歩は ７五 へ動けません`, `line 2: moves[1] (ply 1): illegal move +7775FU: 歩 on 7g cannot move to 7e`},
		"header.jkf":  {`JKF の棋譜ではありません（header: 文字列のオブジェクトのはずです）。`, `not JKF: header: want an object of strings`},
		"kind.jkf":    {`1 行目: JKF の棋譜ではありません（moves に JSON の文字列があります（配列のはずです））。`, `line 1: not JKF: moves holds a JSON string where an array was expected`},
		"bad.usi":     {`1 行目: "foo" を読めません（position startpos、position sfen、SFEN か USI の指し手を書きます）`, `line 1: "foo": want position startpos`},
		"illegal.usi": {`1 行目: 2 手目 "7g7f" は反則手です: ７七 に駒がありません`, `line 1: illegal move 2 "7g7f": no piece on 7g`},
	} {
		_, _, _, err := recordfile.ReadFile(filepath.Join(dir, name))
		if err == nil {
			t.Fatalf("%s was read", name)
		}
		if got := ja.skipReason(err); got != want[0] && !(strings.HasSuffix(name, ".jkf") && strings.HasPrefix(got, want[0])) {
			t.Errorf("%s in Japanese: %q, want %q", name, got, want[0])
		}
		if got := en.skipReason(err); !strings.HasPrefix(got, want[1]) {
			t.Errorf("%s in English: %q, want %q…", name, got, want[1])
		}
	}
}
