// Package assets holds the files Banmen ships inside its binaries (fonts now; images and
// sounds later), embedded with go:embed. It does not import Fyne: the ui package wraps these
// bytes in fyne.Resources, so that everything below ui keeps building with CGO_ENABLED=0.
package assets

import _ "embed"

// JapaneseFontName is the file name of the bundled Japanese font, IPAexGothic.
const JapaneseFontName = "ipaexg.ttf"

//go:embed fonts/ipaexg.ttf
var japaneseFont []byte

// JapaneseFont returns the bytes of IPAexGothic (a single TrueType font, not a collection),
// unmodified from Debian's fonts-ipaexfont-gothic, under the IPA Font License v1.0
// (fonts/IPA_Font_License_Agreement_v1.0.txt). Fyne has no Japanese glyphs of its own, so the
// ui theme uses this font for all text. The slice is shared: do not modify it.
func JapaneseFont() []byte { return japaneseFont }
