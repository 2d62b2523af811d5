// Package fynecache shortens how long Fyne keeps what it drew and no longer draws: the
// texture of every text, the size of every string measured, the renderers of widgets not
// shown. Fyne reads FYNE_CACHE (a duration, default one minute) once, in an init function
// of its internal cache package; this package's init sets it to Lifetime unless the user
// set it. It must be initialized first: Go initializes the packages that are ready in the
// order of their import paths, and banmen/… sorts before fyne.io/…, whose cache needs far
// more packages than this one (GODEBUG=inittrace=1 shows the order).
//
// Imported (blank) by the GUI's main package alone: tests keep Fyne's default.
//
// Why: while an engine studies, its panel draws new texts a few times a second (numbers,
// lines), each a texture kept a minute after its last use. At 15 s, banmen's RSS one
// minute into a study of three lines is about 5 MB lower (Xvfb, 1180×760). The cost:
// when the window has not been painted for Lifetime, the next frame draws its texts anew,
// and an idle window walks its objects every 5 s to keep their renderers.
package fynecache

import "os"

// Lifetime is the FYNE_CACHE banmen runs with unless the environment sets one.
const Lifetime = "15s"

func init() {
	if _, set := os.LookupEnv("FYNE_CACHE"); !set {
		os.Setenv("FYNE_CACHE", Lifetime)
	}
}
