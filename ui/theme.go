package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"banmen/assets"
)

// japaneseFont is the bundled Japanese font (Noto Sans CJK JP, see assets) as a Fyne resource.
// Fyne has no Japanese glyphs of its own: without it every kanji would render as �.
var japaneseFont = fyne.NewStaticResource(assets.JapaneseFontName, assets.JapaneseFont())

// ThemeMode is the user's choice of light or dark.
type ThemeMode int

const (
	ThemeAuto  ThemeMode = iota // follow the system
	ThemeLight                  // always light
	ThemeDark                   // always dark
)

// Code is the preference value: "auto", "light" or "dark".
func (m ThemeMode) Code() string {
	switch m {
	case ThemeLight:
		return "light"
	case ThemeDark:
		return "dark"
	}
	return "auto"
}

// ParseThemeMode reads a preference value; anything unknown is ThemeAuto.
func ParseThemeMode(s string) ThemeMode {
	switch s {
	case "light":
		return ThemeLight
	case "dark":
		return ThemeDark
	}
	return ThemeAuto
}

// TextSize is the user's choice of how large the window's text is (表示 → 文字の大きさ): the
// theme scales every size by it, text, padding and icons alike, so that the window's parts keep
// their proportions (the board fills whatever room it has).
type TextSize int

const (
	TextNormal TextSize = iota
	TextSmall
	TextLarge
	TextLarger
)

// TextSizes are the choices in the menu's order.
var TextSizes = []TextSize{TextSmall, TextNormal, TextLarge, TextLarger}

// factor is how much the theme's sizes are scaled.
func (s TextSize) factor() float32 {
	switch s {
	case TextSmall:
		return 0.9
	case TextLarge:
		return 1.15
	case TextLarger:
		return 1.3
	}
	return 1
}

// Colours of the board drawing, as theme colour names so that they follow light and dark.
const (
	ColorBoardWood      fyne.ThemeColorName = "banmen.boardWood"
	ColorStandWood      fyne.ThemeColorName = "banmen.standWood"
	ColorGridInk        fyne.ThemeColorName = "banmen.gridInk"
	ColorLabelInk       fyne.ThemeColorName = "banmen.labelInk"
	ColorLastMove       fyne.ThemeColorName = "banmen.lastMove"
	ColorSelected       fyne.ThemeColorName = "banmen.selected"
	ColorDestination    fyne.ThemeColorName = "banmen.destination"
	ColorTurnMark       fyne.ThemeColorName = "banmen.turnMark"
	ColorPromotionPanel fyne.ThemeColorName = "banmen.promotionPanel"
)

type palette struct {
	boardWood, standWood, gridInk, labelInk, lastMove, selected, destination, turnMark, promo color.NRGBA
}

var (
	lightPalette = palette{
		boardWood:   color.NRGBA{0xe8, 0xc0, 0x74, 0xff}, // kaya
		standWood:   color.NRGBA{0xc4, 0x8e, 0x4a, 0xff},
		gridInk:     color.NRGBA{0x2b, 0x1d, 0x0e, 0xff},
		labelInk:    color.NRGBA{0x3a, 0x2a, 0x18, 0xff},
		lastMove:    color.NRGBA{0xe0, 0x5a, 0x20, 0x60},
		selected:    color.NRGBA{0x20, 0x80, 0x30, 0x70},
		destination: color.NRGBA{0x20, 0x80, 0x30, 0x48},
		turnMark:    color.NRGBA{0xb0, 0x1c, 0x12, 0xff},
		promo:       color.NRGBA{0xfb, 0xf4, 0xe4, 0xf4},
	}
	darkPalette = palette{
		boardWood:   color.NRGBA{0xc9, 0xa0, 0x5c, 0xff}, // the same wood in a dimmer room
		standWood:   color.NRGBA{0x8a, 0x5e, 0x2e, 0xff},
		gridInk:     color.NRGBA{0x22, 0x16, 0x08, 0xff},
		labelInk:    color.NRGBA{0x2a, 0x1c, 0x0c, 0xff},
		lastMove:    color.NRGBA{0xe0, 0x5a, 0x20, 0x70},
		selected:    color.NRGBA{0x20, 0x90, 0x30, 0x80},
		destination: color.NRGBA{0x20, 0x90, 0x30, 0x58},
		turnMark:    color.NRGBA{0xff, 0x70, 0x50, 0xff},
		promo:       color.NRGBA{0x30, 0x2a, 0x22, 0xf4},
	}
)

// Theme is Fyne's default theme with the bundled Japanese font for all text, the colours of
// the board, and the user's choice of light or dark.
type Theme struct {
	Mode ThemeMode
	Text TextSize
}

var _ fyne.Theme = Theme{}

// NewTheme returns Banmen's theme following the system's light or dark; install it with
// app.Settings().SetTheme(ui.NewTheme()).
func NewTheme() fyne.Theme { return Theme{} }

// NewThemeMode returns Banmen's theme in the given mode.
func NewThemeMode(m ThemeMode) fyne.Theme { return Theme{Mode: m} }

// NewThemeWith returns Banmen's theme in the given mode with text of the given size.
func NewThemeWith(m ThemeMode, s TextSize) fyne.Theme { return Theme{Mode: m, Text: s} }

func (t Theme) variant(v fyne.ThemeVariant) fyne.ThemeVariant {
	switch t.Mode {
	case ThemeLight:
		return theme.VariantLight
	case ThemeDark:
		return theme.VariantDark
	}
	return v
}

// Color returns the default theme's colours in the chosen variant, and the board's.
func (t Theme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	v = t.variant(v)
	p := &lightPalette
	if v == theme.VariantDark {
		p = &darkPalette
	}
	switch n {
	case ColorBoardWood:
		return p.boardWood
	case ColorStandWood:
		return p.standWood
	case ColorGridInk:
		return p.gridInk
	case ColorLabelInk:
		return p.labelInk
	case ColorLastMove:
		return p.lastMove
	case ColorSelected:
		return p.selected
	case ColorDestination:
		return p.destination
	case ColorTurnMark:
		return p.turnMark
	case ColorPromotionPanel:
		return p.promo
	}
	return theme.DefaultTheme().Color(n, v)
}

// Font returns the bundled Japanese font for every text style (it has one weight; Fyne draws
// bold and italic text with it as it is). Only the symbol style keeps Fyne's own symbol font.
func (Theme) Font(s fyne.TextStyle) fyne.Resource {
	if s.Symbol {
		return theme.DefaultTheme().Font(s)
	}
	return japaneseFont
}

// Icon returns the default theme's icons.
func (Theme) Icon(n fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(n) }

// Size returns the default theme's sizes, scaled for the text size chosen.
func (t Theme) Size(n fyne.ThemeSizeName) float32 {
	if n == theme.SizeNameModalBlurRadius {
		// no blur behind a modal dialog (the shadow's colour still dims the window): Fyne
		// blurs the whole window through a texture of its size that it keeps for good, and
		// the first dialog cost 4 MB of RSS (Xvfb, 1180×760); with none, 0.5 MB
		return 0
	}
	return theme.DefaultTheme().Size(n) * t.Text.factor()
}

// warmFont parses the theme's font for regular text in a goroutine, as the first measure of
// text would: the caller goes on creating the window (GLFW's start, some 40 ms on the main
// thread) while another core parses the font (4 MB of CFF copied, with Fyne's own fonts
// and the system's font index: 50–100 ms) that the window's first measure needs. It must
// run after the theme is set: Fyne keys its font cache on the style, not on the theme. The
// caller must receive from the channel before it measures any text (Fyne's font cache and
// shaper have no single-flight: measuring in parallel would parse the font twice and share
// the shaper's buffers).
func warmFont() <-chan struct{} {
	done := make(chan struct{})
	go func() {
		defer close(done)
		fyne.MeasureText("７六歩", theme.TextSize(), fyne.TextStyle{})
	}()
	return done
}

// heading is the title of a part of a panel. It is not bold: Fyne parses the font once for
// every style it is asked for, about 5 MB of memory each time (there is one weight anyway),
// so the window sticks to the regular style; headings stand out by colour.
func heading(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Importance = widget.HighImportance
	return l
}

// themeColor looks up a colour of the current theme in the current variant.
func themeColor(n fyne.ThemeColorName) color.NRGBA {
	a := fyne.CurrentApp()
	var th fyne.Theme = Theme{}
	v := theme.VariantLight
	if a != nil {
		th = a.Settings().Theme()
		v = a.Settings().ThemeVariant()
	}
	return color.NRGBAModel.Convert(th.Color(n, v)).(color.NRGBA)
}
