package engine

import (
	"os"
	"path/filepath"
	"runtime"
)

// BundledName is the display name of Banmen's own engine.
const BundledName = "Banmen"

// BundledPath returns the bundled engine's executable: banmen-engine next to the
// running program (the GUI and banmen-cli are installed side by side with it), or
// "" if it is not there.
func BundledPath() string {
	self, err := os.Executable()
	if err != nil {
		return ""
	}
	if r, err := filepath.EvalSymlinks(self); err == nil {
		self = r
	}
	name := "banmen-engine"
	if runtime.GOOS == "windows" {
		name += ".exe"
	}
	p := filepath.Join(filepath.Dir(self), name)
	if st, err := os.Stat(p); err == nil && !st.IsDir() {
		return p
	}
	return ""
}

// OpenUserRegistry opens the user's engine list (path "" = the default place) and
// makes sure Banmen's own engine is in it when it is installed next to this program.
// A corrupt list is reported as with OpenRegistry, alongside a usable registry.
func OpenUserRegistry(path string) (*Registry, error) {
	reg, err := OpenRegistry(path)
	if reg == nil {
		return nil, err
	}
	if p := BundledPath(); p != "" {
		if _, berr := reg.EnsureBundled(p, BundledName); berr != nil && err == nil {
			err = berr
		}
	}
	return reg, err
}
