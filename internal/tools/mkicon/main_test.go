package main

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// The icon in assets/icon is what mkicon draws now: a change to the drawing was regenerated
// (go generate ./assets) and committed.
func TestCommittedIconIsWhatMkiconDraws(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command("go", "run", ".", "-dir", dir)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("mkicon: %v\n%s", err, out)
	}
	for _, name := range []string{"banmen.svg", "banmen.png"} {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		committed, err := os.ReadFile(filepath.Join("../../../assets/icon", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, committed) {
			t.Errorf("assets/icon/%s differs from what mkicon draws: run go generate ./assets", name)
		}
	}
	img, err := png.Decode(bytes.NewReader(mustRead(t, filepath.Join(dir, "banmen.png"))))
	if err != nil || img.Bounds().Dx() != size || img.Bounds().Dy() != size {
		t.Fatalf("the PNG: %v, %v", err, img)
	}
	// the middle is ink (王's vertical stroke), a corner is transparent, the board is wood
	if _, _, _, a := img.At(2, 2).RGBA(); a != 0 {
		t.Errorf("the corner is not transparent (alpha %d)", a)
	}
	if r, g, b, _ := img.At(128, 150).RGBA(); r>>8 != uint32(ink.R) || g>>8 != uint32(ink.G) || b>>8 != uint32(ink.B) {
		t.Errorf("the centre of 王 is %d,%d,%d, not ink", r>>8, g>>8, b>>8)
	}
	var doc struct {
		XMLName xml.Name `xml:"svg"`
		Paths   []struct {
			D string `xml:"d,attr"`
		} `xml:"path"`
	}
	if err := xml.Unmarshal(mustRead(t, filepath.Join(dir, "banmen.svg")), &doc); err != nil || len(doc.Paths) < 10 {
		t.Errorf("the SVG: %v, %d paths", err, len(doc.Paths))
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
