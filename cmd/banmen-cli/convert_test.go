package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"banmen/kifu"
)

const (
	kifuTestdata = "../../kifu/testdata"
	corpus       = "../../../shared/testdata/kifu"
)

func convert(args ...string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = run(append([]string{"convert"}, args...), &out, &errb)
	return out.String(), errb.String(), code
}

// Over the shared corpus, --to usi prints what tsshogi makes of each file (for the
// files tsshogi reads right; kifu's corpus test lists the others).
func TestConvertToUSIAgreesWithTsshogi(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(corpus, "tsshogi_conversions.json"))
	if os.IsNotExist(err) {
		t.Skip("shared corpus not here")
	}
	if err != nil {
		t.Fatal(err)
	}
	var all struct {
		Files []struct {
			File      string `json:"file"`
			OK        bool   `json:"ok"`
			USI       string `json:"usi"`
			FinalSFEN string `json:"final_sfen"`
			Records   []struct {
				USI string `json:"usi"`
			} `json:"records"`
		} `json:"files"`
	}
	if err := json.Unmarshal(data, &all); err != nil {
		t.Fatal(err)
	}
	wrong := map[string]bool{ // tsshogi is wrong about these (see kifu/corpus_test.go)
		"ki2/kifu-for-js__7mai.ki2u": true, "csa/mog-core-scala__csa__game__002.csa": true,
		"kif/kifu-for-js__fork-test.kif": true,
	}
	n := 0
	for _, f := range all.Files {
		if wrong[f.File] || !f.OK {
			continue
		}
		path := filepath.Join(corpus, f.File)
		out, errOut, code := convert("--to", "usi", path)
		want := f.USI
		if f.Records != nil {
			want = f.Records[0].USI
		}
		if code != 0 || out != want+"\n" {
			t.Errorf("%s: exit %d, stderr %q\n got %q\nwant %q", f.File, code, errOut, out, want)
		}
		if f.Records == nil {
			out, _, code = convert(path, "--to", "sfen")
			if code != 0 || sfen3(out) != sfen3(f.FinalSFEN) {
				t.Errorf("%s: --to sfen gives %q, want %q", f.File, out, f.FinalSFEN)
			}
		}
		n++
	}
	t.Logf("%d files converted as tsshogi does", n)
}

func sfen3(s string) string {
	f := strings.Fields(s)
	if len(f) > 3 {
		f = f[:3]
	}
	return strings.Join(f, " ")
}

// Every test file converts to every format and back to the same main line.
func TestConvertEveryFormatAndBack(t *testing.T) {
	files, _ := filepath.Glob(kifuTestdata + "/*/*")
	dir := t.TempDir()
	for _, f := range files {
		if strings.HasSuffix(f, ".md") || strings.Contains(f, "/fuzz/") {
			continue // the fuzz seeds are directories of inputs, not records
		}
		wantUSI, warned, code := convert("--to", "usi", f)
		// a game lost by an illegal last move that the record says so of: USI cannot say
		// it, so the USI written reads back only up to the move before
		lostByIllegalMove := strings.Contains(warned, "kept as the last move")
		if code != 0 {
			continue // files with errors are tested below
		}
		for _, to := range []string{"kif", "ki2", "csa", "jkf", "usi"} {
			for _, enc := range []string{"utf8", "sjis"} {
				out := filepath.Join(dir, "out."+to)
				_, errOut, code := convert("--to", to, "--encoding", enc, f, "-o", out)
				if code != 0 {
					if strings.Contains(errOut, "Shift_JIS") { // a character Shift_JIS cannot hold
						continue
					}
					t.Fatalf("%s --to %s --encoding %s: exit %d: %s", f, to, enc, code, errOut)
				}
				written, _ := os.ReadFile(out)
				if enc == "sjis" && utf8.Valid(written) && strings.ContainsFunc(string(written), func(r rune) bool { return r > 0x7f }) {
					t.Errorf("%s --to %s --encoding sjis wrote UTF-8", f, to)
				}
				back, backErr, code := convert("--to", "usi", out)
				if to == "usi" && lostByIllegalMove {
					if code != 1 || !strings.Contains(backErr, "illegal move") {
						t.Errorf("%s → usi → usi: exit %d, stderr %q; want the illegal last move named", f, code, backErr)
					}
					continue
				}
				if code != 0 || back != wantUSI {
					t.Errorf("%s → %s (%s) → usi:\n got %q\nwant %q", f, to, enc, back, wantUSI)
				}
			}
		}
	}
}

func TestConvertExitCodes(t *testing.T) {
	henka := kifuTestdata + "/kif/kifu-for-js__henka.kif"
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr []string // what the message must say
	}{
		{"no --to", []string{henka}, 2, []string{"--to is missing"}},
		{"unknown format", []string{"--to", "pgn", henka}, 2, []string{`--to "pgn"`, "usi, sfen, kif"}},
		{"unknown encoding", []string{"--to", "kif", "--encoding", "latin1", henka}, 2, []string{`"latin1"`, "utf8 or sjis"}},
		{"no file", []string{"--to", "kif"}, 2, []string{"want one FILE"}},
		{"two files", []string{"--to", "kif", henka, henka}, 2, []string{"want one FILE", "got 2"}},
		{"unknown flag", []string{"--to", "kif", "--fast", henka}, 2, []string{"-fast"}},
		{"missing file", []string{"--to", "kif", "no/such.kif"}, 1, []string{"no/such.kif"}},
		{"illegal move", []string{"--to", "usi", kifuTestdata + "/kif/kifu-for-js__fork-test.kif"}, 1,
			[]string{"kifu-for-js__fork-test.kif", "line 18", "４二銀(31)", "Black (先手) is to move"}},
		{"flags after the file", []string{henka, "--to", "sfen"}, 0, nil},
		{"illegal last move kept, with a warning", []string{"--to", "usi", kifuTestdata + "/kif/mog-core-scala__kif__game__017.kif"}, 0,
			[]string{"warning", "line 34", "４五桂(37)"}},
		{"unknown CSA version", []string{"--to", "csa", "--csa-version", "4", henka}, 2, []string{`--csa-version "4"`, "2.2 or 3.0"}},
		{"CSA version for another format", []string{"--to", "kif", "--csa-version", "3.0", henka}, 2, []string{"--csa-version is for --to csa"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, errOut, code := convert(tt.args...)
			if code != tt.code {
				t.Errorf("exit %d, want %d; stderr:\n%s", code, tt.code, errOut)
			}
			for _, s := range tt.stderr {
				if !strings.Contains(errOut, s) {
					t.Errorf("stderr does not say %q:\n%s", s, errOut)
				}
			}
		})
	}
}

// A file that is not a record at all, and one cut in the middle of a line.
func TestConvertBadAndTruncatedFiles(t *testing.T) {
	dir := t.TempDir()
	junk := filepath.Join(dir, "junk.kif")
	os.WriteFile(junk, []byte("this is not a game record\nnor is this\n"), 0o644)
	if _, errOut, code := convert("--to", "usi", junk); code != 1 || !strings.Contains(errOut, "junk.kif") {
		t.Errorf("junk: exit %d, stderr %q", code, errOut)
	}
	// a file larger than any record is refused unread, with its name and size
	film := filepath.Join(dir, "film.kif")
	if err := os.WriteFile(film, nil, 0o644); err != nil || os.Truncate(film, 200<<20) != nil {
		t.Fatal("can't make a 200 MB sparse file")
	}
	if out, errOut, code := convert("--to", "usi", film); code != 1 || out != "" || !strings.Contains(errOut, "film.kif: too large to be a record: 200 MB") {
		t.Errorf("200 MB: exit %d, stderr %q", code, errOut)
	}
	src, err := os.ReadFile(kifuTestdata + "/kif/mog-core-scala__kif__game__004.kif")
	if err != nil {
		t.Fatal(err)
	}
	cut := filepath.Join(dir, "cut.kif")
	i := bytes.Index(src, []byte("同　銀"))
	os.WriteFile(cut, src[:i+3], 0o644) // ends inside 同　銀(…)
	out, errOut, code := convert("--to", "usi", cut)
	if code != 0 || !strings.Contains(errOut, "warning") || !strings.Contains(errOut, "ends in the middle") {
		t.Errorf("cut file: exit %d, stderr %q", code, errOut)
	}
	full, _, _ := convert("--to", "usi", kifuTestdata+"/kif/mog-core-scala__kif__game__004.kif")
	if !strings.HasPrefix(full, strings.TrimSpace(out)) || len(out) >= len(full) {
		t.Errorf("the cut file should give the start of the full main line:\n%s\n%s", out, full)
	}
}

func TestConvertReadsStandardInputAndWritesFiles(t *testing.T) {
	// kif → file → read back; the written file holds the record
	dir := t.TempDir()
	out := filepath.Join(dir, "x.csa")
	src := kifuTestdata + "/kif/mog-core-scala__kif__game__003.kif"
	_, errOut, code := convert("--to", "csa", src, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// its 4 variations are more than CSA holds: said, as a folder's conversion says it
	if !strings.Contains(errOut, "CSA cannot hold its variations") {
		t.Errorf("nothing said of the variations left out: %q", errOut)
	}
	if _, errOut, code := convert("--to", "kif", src, "-o", filepath.Join(t.TempDir(), "x.kif")); code != 0 || errOut != "" {
		t.Errorf("to KIF: exit %d, %q", code, errOut)
	}
	rec, err := kifu.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if rec.Result() != kifu.Resign || len(rec.MainMoves()) != 117 {
		t.Errorf("CSA written: %d moves, end %v; want 117 and resign", len(rec.MainMoves()), rec.Result())
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// An illegal last move with no 反則 ending after it: the reading stops there, exit 1,
// and the message names the file, the line and the move.
func TestConvertIllegalLastMove(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "intocheck.kif")
	os.WriteFile(f, []byte("手合割：平手\n手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 ６八玉(59)\n   4 ９四歩(93)\n   5 ７七玉(68)\n"), 0o644)
	out, errOut, code := convert("--to", "usi", f)
	if code != 1 || out != "" {
		t.Errorf("exit %d, stdout %q", code, out)
	}
	for _, s := range []string{"intocheck.kif", "line 7", "７七玉(68)", "leaves the king in check", "readable only up to the line above"} {
		if !strings.Contains(errOut, s) {
			t.Errorf("stderr does not say %q:\n%s", s, errOut)
		}
	}
}

// An error with no line (a JKF whose start position is wrong) does not point at a line.
func TestConvertErrorWithoutALine(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "bad.jkf")
	os.WriteFile(f, []byte(`{"header":{},"initial":{"preset":"HANDICAP"},"moves":[{}]}`), 0o644)
	_, errOut, code := convert("--to", "usi", f)
	if code != 1 || !strings.Contains(errOut, "bad.jkf") || strings.Contains(errOut, "line above") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
	// a JKF move error names its line and column
	g := filepath.Join(dir, "move.jkf")
	os.WriteFile(g, []byte("{\"header\":{},\"moves\":[{},\n{\"move\":{\"color\":0,\"piece\":\"FU\",\"from\":{\"x\":7,\"y\":7},\"to\":{\"x\":7,\"y\":5}}}]}"), 0o644)
	_, errOut, code = convert("--to", "usi", g)
	if code != 1 || !strings.Contains(errOut, "move.jkf: line 2, column 1: moves[1] (ply 1): illegal move +7775FU") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
}

// An empty file is an error that names the file, not the standard start position.
func TestConvertEmptyFile(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"empty.kif", "blank.csa", "blank.txt"} {
		f := filepath.Join(dir, name)
		text := ""
		if strings.HasPrefix(name, "blank") {
			text = " \r\n\t\n"
		}
		os.WriteFile(f, []byte(text), 0o644)
		out, errOut, code := convert("--to", "usi", f)
		if code != 1 || out != "" || !strings.Contains(errOut, name+": empty file") {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out, errOut)
		}
	}
}

// --csa-version 3.0 writes CSA V3.0 (the default stays V2.2), and it reads back.
func TestConvertCSAVersion(t *testing.T) {
	src := kifuTestdata + "/kif/mog-core-scala__kif__game__003.kif"
	want, _, _ := convert("--to", "usi", src)
	dir := t.TempDir()
	for _, tc := range []struct {
		args    []string
		version string
	}{
		{nil, "V2.2"},
		{[]string{"--csa-version", "2.2"}, "V2.2"},
		{[]string{"--csa-version", "3.0"}, "V3.0"},
	} {
		out := filepath.Join(dir, "x.csa")
		args := append(append([]string{"--to", "csa"}, tc.args...), src, "-o", out)
		if _, errOut, code := convert(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", tc.args, code, errOut)
		}
		data, _ := os.ReadFile(out)
		lines := strings.Split(string(data), "\n")
		found := false
		for _, l := range lines[:3] {
			found = found || strings.TrimSpace(l) == tc.version
		}
		if !found {
			t.Errorf("%v: no %s line at the top:\n%s", tc.args, tc.version, strings.Join(lines[:3], "\n"))
		}
		if back, _, code := convert("--to", "usi", out); code != 0 || back != want {
			t.Errorf("%v: read back %q", tc.args, back)
		}
	}
}

// A CSA file that convert wrote, its KIF headers kept as comment lines, reads back as
// CSA with its moves: by its extension, and by its content from standard input or a
// file without one. The same for every encoding --encoding names.
func TestConvertReadsBackWhatItWrote(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "in.kif")
	kif := "先手：a\n後手：b\n"
	for i := 1; i <= 15; i++ {
		kif += "備考" + strings.Repeat("x", i) + "：メモ\n"
	}
	kif += "手数----指手--\n   1 ７六歩(77)\n   2 ３四歩(33)\n   3 投了\n"
	if err := os.WriteFile(src, []byte(kif), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, to := range []string{"kif", "ki2", "csa", "jkf"} {
		for _, enc := range []string{"utf8", "sjis", "euc-jp", "utf-16le"} {
			for _, name := range []string{"out." + to, "out"} {
				out := filepath.Join(dir, name)
				if _, errOut, code := convert("--to", to, "--encoding", enc, src, "-o", out); code != 0 {
					t.Fatalf("--to %s --encoding %s: exit %d: %s", to, enc, code, errOut)
				}
				usi, errOut, code := convert("--to", "usi", out)
				if code != 0 || usi != "position startpos moves 7g7f 3c3d\n" || errOut != "" {
					t.Errorf("--to %s --encoding %s read back from %s: exit %d, %q, %s", to, enc, name, code, usi, errOut)
				}
			}
		}
	}
}

// A folder: every record converted into the output folder with the same tree, the record that
// cannot be read named (exit 1, the others written), or every main line into one USI file.
func TestConvertAFolder(t *testing.T) {
	dir := t.TempDir()
	for name, src := range map[string]string{
		"a.kif":     kifuTestdata + "/kif/kifu-for-js__henka.kif",
		"b.csa":     kifuTestdata + "/csa/kifu-for-js__v2.csa",
		"sub/c.ki2": kifuTestdata + "/ki2/shogihome__encoding__sjis.ki2",
	} {
		data, err := os.ReadFile(src)
		if err != nil {
			t.Fatal(err)
		}
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, data, 0o644)
	}
	os.WriteFile(filepath.Join(dir, "broken.kif"), []byte("手数----指手--\n   1 ９九金(11)\n"), 0o644)
	out := filepath.Join(t.TempDir(), "out")
	stdout, stderr, code := convert("--to", "csa", dir, "-o", out)
	if code != 1 || !strings.Contains(stdout, "converted 3 of 4 records into "+out) || !strings.Contains(stderr, "broken.kif: skipped:") ||
		!strings.Contains(stderr, "a.kif: CSA cannot hold its variations") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	for _, name := range []string{"a.csa", "b.csa", "sub/c.csa"} {
		rec, err := kifu.ReadFile(filepath.Join(out, filepath.FromSlash(name)))
		if err != nil || len(rec.MainMoves()) == 0 {
			t.Errorf("%s: %v", name, err)
		}
	}
	// a second run numbers the files it would write over
	if _, _, code := convert("--to", "csa", "--no-subfolders", dir, "-o", out); code != 1 {
		t.Errorf("second run: exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(out, "a-2.csa")); err != nil {
		t.Errorf("the second run did not number a.csa: %v", err)
	}
	if _, err := os.Stat(filepath.Join(out, "sub", "c-2.csa")); err == nil {
		t.Error("--no-subfolders converted the subfolder")
	}
	one := filepath.Join(t.TempDir(), "all.usi")
	stdout, _, code = convert("--to", "usi", "--one-file", dir, "-o", one)
	data, err := os.ReadFile(one)
	if code != 1 || err != nil || strings.Count(string(data), "\n") != 3 || !strings.Contains(stdout, one) {
		t.Errorf("--one-file: exit %d, %v, %q", code, err, data)
	}
	for _, bad := range [][]string{
		{"--to", "kif", "--one-file", dir, "-o", one},
		{"--to", "csa", dir},
		{"--to", "sfen", dir, "-o", out},
		{"--to", "csa", "--conflict", "ask", dir, "-o", out},
		{"--to", "csa", "--encoding", "euc-jp", dir, "-o", out},
		{"--to", "usi", "--one-file", filepath.Join(dir, "a.kif")},
	} {
		if _, stderr, code := convert(bad...); code != 2 {
			t.Errorf("%q: exit %d, %s", bad, code, stderr)
		}
	}
}

// Converting a record with fractions of a second to CSA V2.2 (the default) says that its times
// are cut to whole seconds; V3.0 keeps them and says nothing.
func TestConvertToCSAV22SaysItCutsFractions(t *testing.T) {
	in := filepath.Join(t.TempDir(), "a.csa")
	csa := "'CSA encoding=UTF-8\nV3.0\nPI\n+\n+7776FU\nT1.5\n-3334FU\nT2.25\n"
	if err := os.WriteFile(in, []byte(csa), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := convert("--to", "csa", in)
	if code != 0 || !strings.Contains(errOut, "fractions of a second") || !strings.Contains(out, "V2.2") {
		t.Errorf("to V2.2: exit %d, stderr %q", code, errOut)
	}
	out, errOut, code = convert("--to", "csa", "--csa-version", "3.0", in)
	if code != 0 || errOut != "" || !strings.Contains(out, "T1.5") {
		t.Errorf("to V3.0: exit %d, stderr %q, output %q", code, errOut, out)
	}
}
