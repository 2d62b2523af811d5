// Package assets holds the files Banmen ships inside its binaries (the font and the
// application icon; sounds later), embedded with go:embed. It does not import Fyne: the ui package wraps these
// bytes in fyne.Resources, so that everything below ui keeps building with CGO_ENABLED=0.
package assets

import _ "embed"

//go:generate go run ../internal/tools/mkicon -dir icon

//go:embed icon/banmen.png
var icon []byte

// Icon returns Banmen's application icon, a 256×256 PNG (icon/banmen.png; icon/banmen.svg is
// the same drawing), drawn by internal/tools/mkicon. The slice is shared: do not modify it.
func Icon() []byte { return icon }

// JapaneseFontName is the file name of the bundled Japanese font.
const JapaneseFontName = "NotoSansCJKjp-Banmen.otf"

//go:embed fonts/NotoSansCJKjp-Banmen.otf
var japaneseFont []byte

// JapaneseFont returns the bytes of the bundled Japanese font: Noto Sans CJK JP (a single
// OpenType font with CFF outlines, not a collection) cut down by fonts/mkfont.sh from Debian's
// fonts-noto-cjk to the characters of Japanese text, under the SIL Open Font License 1.1
// (fonts/OFL.txt). Fyne has no Japanese glyphs of its own, so the ui theme uses this font for
// all text. It has CFF outlines because Fyne's text engine reads those when it draws a glyph,
// where it would parse every TrueType (glyf) outline when it loads the font, once for every
// text style: a third of the memory of a glyf font of the same characters. The slice is
// shared: do not modify it.
func JapaneseFont() []byte { return japaneseFont }
