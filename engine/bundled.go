package engine

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"time"
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
	if p, args := BundledCommand(); p != "" {
		def, berr := reg.EnsureBundled(p, BundledName)
		if berr == nil && !slices.Equal(def.Args, args) {
			berr = reg.Update(func(list []Definition) ([]Definition, error) {
				for i := range list {
					if list[i].Bundled {
						list[i].Args = args
					}
				}
				return list, nil
			})
		}
		if berr == nil {
			berr = refreshBundled(reg)
		}
		if berr != nil && err == nil {
			err = berr
		}
	}
	return reg, err
}

// bundledAsked remembers the programs refreshBundled asked (by path and time of change), so
// that one that does not answer is asked once per run, not at every opening of the list.
var bundledAsked sync.Map

// refreshBundled asks the bundled engine "usi" when its program is not the one the list asked
// last (never asked: the first start; or a new build, told by its size and time of change, which
// a package may set to any time), so that the options dialog
// offers the options it declares (MultiPV, SkillLevel, BookFile, …), with the values saved
// that still fit. Its display name stays. A program that does not answer leaves the list as
// it was: starting it says what is wrong.
func refreshBundled(reg *Registry) error {
	var def Definition
	found := false
	for _, d := range reg.List() {
		if d.Bundled {
			def, found = d, true
		}
	}
	if !found {
		return nil
	}
	st, err := os.Stat(def.Path)
	if err != nil {
		return nil // starting it will say what is wrong
	}
	stamp := fmt.Sprintf("%d %d", st.Size(), st.ModTime().UnixNano())
	if len(def.Options) > 0 && def.ProgramStamp == stamp {
		return nil
	}
	if _, asked := bundledAsked.LoadOrStore(def.Path+"\x00"+stamp, true); asked {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	res, err := Probe(ctx, def)
	if err != nil {
		return nil
	}
	_, err = reg.Edit(def.ID, func(d *Definition) error {
		d.ApplyProbe(res.Name, res.Author, res.Options)
		d.ProgramStamp = stamp
		return nil
	})
	return err
}

// SelfServesUSI is set by a program that is itself the bundled engine when started with
// --usi (the GUI, banmen): installed alone (go install banmen/cmd/banmen), it registers
// itself with --usi as the bundled engine.
var SelfServesUSI bool

// BundledCommand returns how to start the bundled engine: banmen-engine next to the running
// program (BundledPath); else, when the running program serves USI itself (SelfServesUSI),
// that program with --usi; else "".
func BundledCommand() (path string, args []string) {
	if p := BundledPath(); p != "" {
		return p, nil
	}
	if !SelfServesUSI {
		return "", nil
	}
	self, err := os.Executable()
	if err != nil {
		return "", nil
	}
	if r, err := filepath.EvalSymlinks(self); err == nil {
		self = r
	}
	return self, []string{"--usi"}
}
