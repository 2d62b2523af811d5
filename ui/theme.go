package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"banmen/assets"
)

// japaneseFont is the bundled IPAexGothic as a Fyne resource. Fyne has no Japanese glyphs of
// its own: without it every kanji would render as �.
var japaneseFont = fyne.NewStaticResource(assets.JapaneseFontName, assets.JapaneseFont())

// Theme is Fyne's default theme with the bundled Japanese font for all text.
type Theme struct{}

var _ fyne.Theme = Theme{}

// NewTheme returns Banmen's theme; install it with app.Settings().SetTheme(ui.NewTheme()).
func NewTheme() fyne.Theme { return Theme{} }

// Color returns the default theme's colours.
func (Theme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	return theme.DefaultTheme().Color(n, v)
}

// Font returns IPAexGothic for every text style (the font has one weight; Fyne draws bold and
// italic text with it as it is). Only the symbol style keeps Fyne's own symbol font.
func (Theme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Symbol {
		return theme.DefaultTheme().Font(s)
	}
	return japaneseFont
}

// Icon returns the default theme's icons.
func (Theme) Icon(n fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(n) }

// Size returns the default theme's sizes.
func (Theme) Size(n fyne.ThemeSizeName) float32 { return theme.DefaultTheme().Size(n) }
