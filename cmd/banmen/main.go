// Command banmen is the Banmen shogi GUI.
//
// Usage:
//
//	banmen [FILE]
//	banmen --usi
//
// It opens the main window with a new game, or with FILE: a game record or position in any
// format Banmen reads (KIF, KI2, CSA, JKF, USI/SFEN). Records left unsaved by a Banmen that
// crashed are offered back at start.
//
// With --usi it opens no window and is Banmen's bundled engine instead, speaking USI on stdin
// and stdout as banmen-engine does: installed alone (go install banmen/cmd/banmen), the GUI
// registers itself with --usi as the bundled engine.
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime/debug"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"banmen/assets"
	"banmen/engine"
	"banmen/internal/bundledengine"
	"banmen/internal/guard"
	"banmen/internal/prefsguard"
	"banmen/ui"
	"banmen/ui/nativedialog"
)

// fileDialogs are the desktop's file dialogs (a test build replaces them: stubdialogs.go).
var fileDialogs ui.FileDialogs = nativedialog.Dialogs{}

// appID must match FyneApp.toml: Fyne keys the user's preferences and data directory on it.
const appID = "io.banmen.app"

func main() {
	guard.Main() // first: this program may have been started as an engine's guard
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: banmen [FILE]\n       banmen --usi\n\nThe Banmen shogi GUI. FILE is a game record or position to open (KIF, KI2, CSA, JKF, USI/SFEN).\n")
		flag.PrintDefaults()
	}
	usi := flag.Bool("usi", false, "be the bundled USI engine on stdin and stdout (as banmen-engine), with no window")
	flag.Parse()
	if flag.NArg() > 1 || *usi && flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if *usi {
		if err := bundledengine.Serve(os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "banmen --usi:", err)
			os.Exit(1)
		}
		return
	}
	engine.SelfServesUSI = true // without banmen-engine beside it, this program is the engine

	// A GUI's heap is mostly long-lived (the parsed font, the textures' sources): collect more
	// often than Go's default so that the garbage of painting does not double it — once the
	// window is up: at 30 % the heap's growth from nothing to the parsed font ran a dozen
	// collections on the way to the first frame (1.13 s → 1.06 s); two seconds after the
	// start, the garbage is collected and handed back to the system.
	tuneLLVMpipe(os.LookupEnv, os.Setenv) // before the OpenGL driver is loaded: see llvmpipe.go
	preloadGL()                           // on another core, while the window is built
	// Fyne's preferences file, checked before Fyne reads it: one a crash left unreadable is
	// moved aside and the copy of the last start put back (Fyne would start without settings
	// and write over it), and the user is told once the window is up
	var prefs *prefsguard.Report
	if p, err := prefsguard.Path(appID); err == nil {
		prefs = prefsguard.Check(p)
	}
	a := app.NewWithID(appID)
	a.SetIcon(fyne.NewStaticResource("banmen.png", assets.Icon()))
	w := ui.NewMainWindow(a, ui.Options{
		Dialogs:       fileDialogs,
		AutosaveDir:   filepath.Join(a.Storage().RootURI().Path(), "autosave"),
		AutosaveDelay: 400 * time.Millisecond,
		Version:       buildVersion(),
	})
	if flag.NArg() == 1 {
		w.OpenFile(flag.Arg(0))
	}
	a.Lifecycle().SetOnStarted(func() {
		w.ReportPreferences(prefs)
		w.OfferRestore()
		// the engine list: Banmen's own engine (banmen-engine, installed beside this program)
		// is registered on the first run; a corrupt list is kept aside and reported
		go func() {
			if _, err := engine.OpenUserRegistry(""); err != nil {
				fyne.Do(func() { w.ReportEngineList(err) })
			}
		}()
		// Starting up parses the bundled font (6 MB, about 20 MB of tables in Go, once for each
		// text style Fyne asks for) and leaves as much garbage: hand it back to the system.
		time.AfterFunc(2*time.Second, func() {
			debug.SetGCPercent(30)
			debug.FreeOSMemory()
			ui.ReleaseFontPages() // Fyne has copied what it needs of them
		})
	})
	// Fyne quits on SIGTERM and SIGINT through its main loop and can panic doing so (a
	// lifecycle event sent after the loop closed its queue); a desktop sends SIGTERM at
	// logout. Exit at once instead, once the autosave holds what it was given: the record
	// is offered back at the next start, as after a crash. Engines are asked to quit (they
	// die with their guards anyway).
	go func() {
		sig := make(chan os.Signal, 1)
		signal.Notify(sig, syscall.SIGTERM, syscall.SIGINT)
		<-sig
		w.FlushAutosave(2 * time.Second)
		w.CloseEngines(2 * time.Second)
		os.Exit(0)
	}()
	w.ShowAndRun()
	w.CloseEngines(5 * time.Second)
}

// buildVersion is Banmen's version and the commit it was built from, as Go's build
// information has it (go build in a git checkout): "0.2 (a1b2c3d)".
func buildVersion() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return bundledengine.Version
	}
	return versionFrom(bundledengine.Version, info.Settings)
}

// versionFrom is version with the commit of settings (vcs.revision, shortened) and whether
// the checkout had changes (vcs.modified).
func versionFrom(version string, settings []debug.BuildSetting) string {
	rev, modified := "", false
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return version
	}
	if len(rev) > 7 {
		rev = rev[:7]
	}
	if modified {
		return version + " (" + rev + ", modified)"
	}
	return version + " (" + rev + ")"
}
