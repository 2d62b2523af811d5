package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"golang.org/x/image/font/sfnt"

	"banmen/assets"
	"banmen/board"
)

func TestThemeUsesTheJapaneseFontForAllText(t *testing.T) {
	th := NewTheme()
	for _, s := range []fyne.TextStyle{{}, {Bold: true}, {Italic: true}, {Bold: true, Italic: true}, {Monospace: true}} {
		if got := th.Font(s); got.Name() != assets.JapaneseFontName || len(got.Content()) != len(assets.JapaneseFont()) {
			t.Errorf("Font(%+v) = %s, want the bundled %s", s, got.Name(), assets.JapaneseFontName)
		}
	}
	if got, want := th.Font(fyne.TextStyle{Symbol: true}), theme.DefaultTheme().Font(fyne.TextStyle{Symbol: true}); got != want {
		t.Errorf("Font(Symbol) = %s, want Fyne's symbol font %s", got.Name(), want.Name())
	}
}

// Every character the board drawing writes must be in the bundled font, or it shows as a box.
func TestBundledFontHasEveryGlyphTheBoardDraws(t *testing.T) {
	f, err := sfnt.Parse(assets.JapaneseFont())
	if err != nil {
		t.Fatal(err)
	}
	texts := []string{"☗先手", "☖後手", "なし", "0123456789"}
	texts = append(texts, fileDigits[1:]...)
	texts = append(texts, rankKanji[1:]...)
	for pt := board.Pawn; pt <= board.Dragon; pt++ {
		texts = append(texts, PieceKanji(pt, board.Black), PieceKanji(pt, board.White))
	}
	var buf sfnt.Buffer
	for _, s := range texts {
		for _, r := range s {
			if i, err := f.GlyphIndex(&buf, r); err != nil || i == 0 {
				t.Errorf("%s has no glyph for %q (U+%04X) in %q", assets.JapaneseFontName, r, r, s)
			}
		}
	}
}

// A modal dialog dims the window without blurring it (Fyne keeps a texture the size of the
// window for the blur, 4 MB); the other sizes are Fyne's.
func TestThemeDoesNotBlurBehindModalDialogs(t *testing.T) {
	th := NewTheme()
	if r := th.Size(theme.SizeNameModalBlurRadius); r != 0 {
		t.Errorf("modal blur radius %v, want 0", r)
	}
	if theme.DefaultTheme().Size(theme.SizeNameModalBlurRadius) == 0 {
		t.Error("Fyne's own theme does not blur either: the test proves nothing")
	}
	for _, n := range []fyne.ThemeSizeName{theme.SizeNamePadding, theme.SizeNameText, theme.SizeNameInnerPadding} {
		if got, want := th.Size(n), theme.DefaultTheme().Size(n); got != want {
			t.Errorf("Size(%s) = %v, want Fyne's %v", n, got, want)
		}
	}
}
