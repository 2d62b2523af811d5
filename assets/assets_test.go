package assets

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"testing"
)

// The IPA licence allows redistribution of the font only unmodified: this pins the exact file
// that Debian's fonts-ipaexfont-gothic 00401-5 installs as ipaexg.ttf.
const ipaexgSHA256 = "3b9955a5e437ffb24c41548e79296fa724822da21ee75dc1b94f6ccdb8f400dd"

func TestJapaneseFontIsTheUnmodifiedIPAexGothic(t *testing.T) {
	font := JapaneseFont()
	sum := sha256.Sum256(font)
	if got := hex.EncodeToString(sum[:]); got != ipaexgSHA256 {
		t.Fatalf("fonts/%s: sha256 %s, want %s (the font must ship unmodified)", JapaneseFontName, got, ipaexgSHA256)
	}
	// A TrueType font starts with version 1.0; a collection (.ttc) would start with "ttcf",
	// and Fyne crashes on a collection as its theme font.
	if !bytes.HasPrefix(font, []byte{0, 1, 0, 0}) {
		t.Fatalf("fonts/%s does not start like a single TrueType font: % x", JapaneseFontName, font[:4])
	}
}

func TestFontLicenceShipsWithTheFont(t *testing.T) {
	text, err := os.ReadFile("fonts/IPA_Font_License_Agreement_v1.0.txt")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"IPA Font License Agreement v1.0", "IPAフォントライセンスv1.0"} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("licence file lacks %q", want)
		}
	}
}
