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

// JapaneseFontName is the file name of the bundled Japanese font, IPAexGothic.
const JapaneseFontName = "ipaexg.ttf"

//go:embed fonts/ipaexg.ttf
var japaneseFont []byte

// JapaneseFont returns the bytes of IPAexGothic (a single TrueType font, not a collection),
// unmodified from Debian's fonts-ipaexfont-gothic, under the IPA Font License v1.0
// (fonts/IPA_Font_License_Agreement_v1.0.txt). Fyne has no Japanese glyphs of its own, so the
// ui theme uses this font for all text. The slice is shared: do not modify it.
func JapaneseFont() []byte { return japaneseFont }
