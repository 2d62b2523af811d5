package assets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font/sfnt"
	"golang.org/x/text/encoding/japanese"
)

// notoSubsetSHA256 pins the file that fonts/mkfont.sh makes from Debian 12's fonts-noto-cjk
// 1:20220127+repack1-1 with python3-fonttools 4.38.0: a font changed by hand fails here, and
// TestMkfontMakesTheBundledFont remakes it where those packages are installed.
const notoSubsetSHA256 = "f8614ac4a3749f25108153fcdf373b6c2d6d863c20304812a24b22292e23f1aa"

func TestJapaneseFontIsTheSubsetMkfontMakes(t *testing.T) {
	font := JapaneseFont()
	sum := sha256.Sum256(font)
	if got := hex.EncodeToString(sum[:]); got != notoSubsetSHA256 {
		t.Fatalf("fonts/%s: sha256 %s, want %s (what fonts/mkfont.sh makes)", JapaneseFontName, got, notoSubsetSHA256)
	}
	// An OpenType font with CFF outlines starts with "OTTO". TrueType outlines (0 1 0 0) Fyne
	// parses whole, for each text style; a collection ("ttcf") crashes Fyne as a theme font.
	if !bytes.HasPrefix(font, []byte("OTTO")) {
		t.Fatalf("fonts/%s does not start like a single OpenType font with CFF outlines: % x", JapaneseFontName, font[:4])
	}
}

// The licence lets a subset be shipped under another name than the Reserved Font Name, and
// only with the licence beside it.
func TestFontLicenceShipsWithTheFont(t *testing.T) {
	text, err := os.ReadFile("fonts/OFL.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"SIL OPEN FONT LICENSE Version 1.1", "Reserved Font Name 'Source'", "Copyright © 2014-2021 Adobe"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("fonts/OFL.txt lacks %q", want)
		}
	}
	f, err := sfnt.Parse(JapaneseFont())
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []sfnt.NameID{sfnt.NameIDFamily, sfnt.NameIDFull, sfnt.NameIDPostScript} {
		name, err := f.Name(nil, id)
		if err != nil {
			t.Fatalf("name %d: %v", id, err)
		}
		if strings.Contains(name, "Source") {
			t.Errorf("name %d of fonts/%s is %q: the Reserved Font Name must not name a modified font", id, JapaneseFontName, name)
		}
	}
}

// The font must write whatever Japanese text a record holds as well as IPAexGothic did before
// it: every character of JIS X 0208 (the whole of Shift_JIS, which KIF files are written in),
// the kana, and the marks and digits of shogi notation. One character is not in Noto Sans CJK
// JP, ≒ (U+2252): Fyne draws it from a system font (DejaVu Sans on Debian).
func TestJapaneseFontCoversJISX0208(t *testing.T) {
	f, err := sfnt.Parse(JapaneseFont())
	if err != nil {
		t.Fatal(err)
	}
	var buf sfnt.Buffer
	has := func(r rune) bool {
		i, err := f.GlyphIndex(&buf, r)
		return err == nil && i != 0
	}
	dec := japanese.ShiftJIS.NewDecoder()
	n, missing := 0, []string{}
	for hi := 0x81; hi <= 0xEF; hi++ {
		if hi >= 0xA0 && hi <= 0xDF {
			continue // single-byte katakana, not lead bytes
		}
		for lo := 0x40; lo <= 0xFC; lo++ {
			if lo == 0x7F {
				continue
			}
			s, err := dec.Bytes([]byte{byte(hi), byte(lo)})
			if err != nil || len([]rune(string(s))) != 1 || string(s) == "\uFFFD" {
				continue // an unassigned code
			}
			r := []rune(string(s))[0]
			n++
			if !has(r) && r != '≒' {
				missing = append(missing, string(r))
			}
		}
	}
	if n < 6800 {
		t.Fatalf("decoded only %d characters of Shift_JIS: the test is broken", n)
	}
	if len(missing) > 0 {
		t.Errorf("%s lacks %d of the %d characters of JIS X 0208: %s", JapaneseFontName, len(missing), n, strings.Join(missing[:min(len(missing), 50)], " "))
	}
	for _, r := range "☗☖▲△▽▼０１２３４５６７８９一二三四五六七八九十同成不打投了詰千日手ｱｲｳ〜ー…―" {
		if !has(r) {
			t.Errorf("%s has no glyph for %q (U+%04X)", JapaneseFontName, r, r)
		}
	}
}

// mkfont.sh remade from its Debian sources gives the committed font, byte for byte. The test
// runs where fonts-noto-cjk and python3-fonttools are installed (it takes about a minute).
func TestMkfontMakesTheBundledFont(t *testing.T) {
	const src = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
	if _, err := os.Stat(src); err != nil {
		t.Skipf("%s is missing (apt-get install fonts-noto-cjk to remake the font)", src)
	}
	if exec.Command("/usr/bin/python3", "-c", "import fontTools").Run() != nil {
		t.Skip("python3-fonttools is missing")
	}
	if testing.Short() {
		t.Skip("-short: remaking the font takes a minute")
	}
	dir := t.TempDir()
	script, err := os.ReadFile("fonts/mkfont.sh")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "mkfont.sh"), script, 0o755); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("sh", filepath.Join(dir, "mkfont.sh"), src).CombinedOutput(); err != nil {
		t.Fatalf("mkfont.sh: %v\n%s", err, out)
	}
	made, err := os.ReadFile(filepath.Join(dir, JapaneseFontName))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(made, JapaneseFont()) {
		sum := sha256.Sum256(made)
		t.Fatalf("mkfont.sh made a font with sha256 %s, not the committed one (%s): were the Debian packages updated?", hex.EncodeToString(sum[:]), notoSubsetSHA256)
	}
}
