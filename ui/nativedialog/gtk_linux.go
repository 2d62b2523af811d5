package nativedialog

/*
#cgo LDFLAGS: -lX11 -ldl
#include <X11/Xlib.h>
#include <dlfcn.h>
#include <stdlib.h>

// GTK 3 is loaded with dlopen at the first dialog: linked into the program, its libraries
// (GTK, GDK, GLib, GIO, cairo, pango, …) were loaded, relocated and their constructors run at
// every start, 3.5 MB of memory and time before the first frame, for a dialog that may never
// be shown. The few functions and constants used are those of GTK 3's stable ABI.
enum {
	ACTION_OPEN = 0, ACTION_SAVE = 1, ACTION_SELECT_FOLDER = 2, // GtkFileChooserAction
	RESPONSE_ACCEPT = -3, RESPONSE_CANCEL = -6,                 // GtkResponseType
};

static struct {
	int (*init_check)(int *, char ***);
	void *(*dialog_new)(const char *, void *, int, const char *, ...);
	void *(*filter_new)(void);
	void (*filter_set_name)(void *, const char *);
	void (*filter_add_pattern)(void *, const char *);
	void (*add_filter)(void *, void *);
	int (*set_current_folder)(void *, const char *);
	void (*set_current_name)(void *, const char *);
	void (*set_do_overwrite_confirmation)(void *, int);
	int (*dialog_run)(void *);
	char *(*get_filename)(void *);
	void (*g_free)(void *);
	void (*widget_destroy)(void *);
	int (*events_pending)(void);
	int (*main_iteration)(void);
} gtk;

// banmen_gtk_start loads GTK 3 and starts it; it returns NULL, or what went wrong.
static const char *banmen_gtk_start(void) {
	void *lib = dlopen("libgtk-3.so.0", RTLD_NOW | RTLD_GLOBAL);
	if (lib == NULL) {
		return dlerror();
	}
#define SYM(field, name) if ((*(void **)&gtk.field = dlsym(lib, name)) == NULL) return "libgtk-3.so.0 lacks " name;
	SYM(init_check, "gtk_init_check")
	SYM(dialog_new, "gtk_file_chooser_dialog_new")
	SYM(filter_new, "gtk_file_filter_new")
	SYM(filter_set_name, "gtk_file_filter_set_name")
	SYM(filter_add_pattern, "gtk_file_filter_add_pattern")
	SYM(add_filter, "gtk_file_chooser_add_filter")
	SYM(set_current_folder, "gtk_file_chooser_set_current_folder")
	SYM(set_current_name, "gtk_file_chooser_set_current_name")
	SYM(set_do_overwrite_confirmation, "gtk_file_chooser_set_do_overwrite_confirmation")
	SYM(dialog_run, "gtk_dialog_run")
	SYM(get_filename, "gtk_file_chooser_get_filename")
	SYM(g_free, "g_free")
	SYM(widget_destroy, "gtk_widget_destroy")
	SYM(events_pending, "gtk_events_pending")
	SYM(main_iteration, "gtk_main_iteration")
#undef SYM
	if (!gtk.init_check(NULL, NULL)) {
		return "GTK could not start: is there a display (DISPLAY, WAYLAND_DISPLAY)?";
	}
	return NULL;
}

// banmen_file_dialog shows a file chooser and returns the chosen path (free it with
// banmen_free), or NULL when the user cancelled. patterns (n of them) make one filter named
// filter_name; dir and file may be NULL.
static char *banmen_file_dialog(const char *title, int action, const char *accept,
		const char *filter_name, char **patterns, int n, const char *dir, const char *file) {
	void *dlg = gtk.dialog_new(title, NULL, action, "Cancel", RESPONSE_CANCEL, accept, RESPONSE_ACCEPT, NULL);
	if (n > 0) {
		void *filter = gtk.filter_new();
		gtk.filter_set_name(filter, filter_name);
		for (int i = 0; i < n; i++) {
			gtk.filter_add_pattern(filter, patterns[i]);
		}
		gtk.add_filter(dlg, filter);
	}
	if (dir != NULL) {
		gtk.set_current_folder(dlg, dir);
	}
	if (file != NULL) {
		gtk.set_current_name(dlg, file);
	}
	gtk.set_do_overwrite_confirmation(dlg, 1);
	char *path = NULL;
	if (gtk.dialog_run(dlg) == RESPONSE_ACCEPT) {
		path = gtk.get_filename(dlg);
	}
	// With no GTK main loop running, the dialog leaves the screen only while the pending
	// events are handled.
	gtk.widget_destroy(dlg);
	while (gtk.events_pending()) {
		gtk.main_iteration();
	}
	return path;
}

static void banmen_free(char *p) { gtk.g_free(p); }
*/
import "C"

import (
	"errors"
	"runtime"
	"sync"
	"unsafe"
)

// Xlib must be made thread-safe before its first call, which GLFW makes when Fyne opens the
// window: GTK's own display connection will be used from the GTK thread beside it. This is
// the only thing done at start.
func init() {
	C.XInitThreads()
}

// gtkThread runs GTK: started by the first dialog, it loads and starts GTK and then runs
// every dialog, on one locked OS thread, for GTK must be used from the thread that started it.
var gtkThread struct {
	once  sync.Once
	err   error
	calls chan func()
}

// onGTKThread runs f on the GTK thread, starting GTK first if it has not started, and waits.
func onGTKThread(f func()) error {
	gtkThread.once.Do(func() {
		started := make(chan error)
		calls := make(chan func())
		go func() {
			runtime.LockOSThread() // for good: GTK lives on this thread
			if msg := C.banmen_gtk_start(); msg != nil {
				started <- errors.New("nativedialog: GTK 3: " + C.GoString(msg))
				return
			}
			started <- nil
			for call := range calls {
				call()
			}
		}()
		if gtkThread.err = <-started; gtkThread.err == nil {
			gtkThread.calls = calls
		}
	})
	if gtkThread.err != nil {
		return gtkThread.err
	}
	done := make(chan struct{})
	gtkThread.calls <- func() {
		defer close(done)
		f()
	}
	<-done
	return nil
}

func chooseFile(r request) (string, error) {
	var path string
	var err error
	if gerr := onGTKThread(func() { path, err = runFileDialog(r) }); gerr != nil {
		return "", gerr
	}
	return path, err
}

// runFileDialog shows one dialog on the GTK thread and returns the chosen path.
func runFileDialog(r request) (string, error) {
	action, accept := C.ACTION_OPEN, "Open"
	switch {
	case r.save:
		action, accept = C.ACTION_SAVE, "Save"
	case r.folder:
		action = C.ACTION_SELECT_FOLDER
	}
	var cstrings []*C.char
	cstr := func(s string) *C.char {
		c := C.CString(s)
		cstrings = append(cstrings, c)
		return c
	}
	defer func() {
		for _, c := range cstrings {
			C.free(unsafe.Pointer(c))
		}
	}()
	var dir, file, filter *C.char
	if r.startDir != "" {
		dir = cstr(r.startDir)
	}
	if r.startFile != "" {
		file = cstr(r.startFile)
	}
	var patterns **C.char
	if len(r.exts) > 0 {
		filter = cstr(filterName(r.exts))
		p := (*[1 << 20]*C.char)(C.malloc(C.size_t(len(r.exts)) * C.size_t(unsafe.Sizeof((*C.char)(nil)))))[:len(r.exts):len(r.exts)]
		defer C.free(unsafe.Pointer(&p[0]))
		for i, ext := range r.exts {
			p[i] = cstr("*." + ext)
		}
		patterns = &p[0]
	}
	path := C.banmen_file_dialog(cstr(r.title), C.int(action), cstr(accept), filter, patterns, C.int(len(r.exts)), dir, file)
	if path == nil {
		return "", ErrCancelled
	}
	defer C.banmen_free(path)
	return C.GoString(path), nil
}
