package nativedialog

/*
#cgo pkg-config: gtk+-3.0
#cgo LDFLAGS: -lX11
#include <X11/Xlib.h>
#include <gtk/gtk.h>
#include <stdlib.h>

static GtkWidget *banmen_file_dialog(const char *title, GtkFileChooserAction action, const char *accept) {
	return gtk_file_chooser_dialog_new(title, NULL, action, "Cancel", GTK_RESPONSE_CANCEL, accept, GTK_RESPONSE_ACCEPT, NULL);
}
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
// the only thing done at start; GTK itself starts with the first dialog.
func init() {
	C.XInitThreads()
}

// gtkThread runs GTK: started by the first dialog, it calls gtk_init_check and then every
// dialog, on one locked OS thread, for GTK must be used from the thread that started it.
var gtkThread struct {
	once  sync.Once
	err   error
	calls chan func()
}

// onGTKThread runs f on the GTK thread, starting GTK first if it has not started, and waits.
func onGTKThread(f func()) error {
	gtkThread.once.Do(func() {
		gtkThread.calls = make(chan func())
		started := make(chan error)
		go func() {
			runtime.LockOSThread() // for good: GTK lives on this thread
			if C.gtk_init_check(nil, nil) != C.TRUE {
				started <- errors.New("nativedialog: GTK could not start (is there a display? DISPLAY or WAYLAND_DISPLAY)")
				return
			}
			started <- nil
			for call := range gtkThread.calls {
				call()
			}
		}()
		gtkThread.err = <-started
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
	action, accept := C.GtkFileChooserAction(C.GTK_FILE_CHOOSER_ACTION_OPEN), "Open"
	switch {
	case r.save:
		action, accept = C.GTK_FILE_CHOOSER_ACTION_SAVE, "Save"
	case r.folder:
		action = C.GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
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
	dlg := C.banmen_file_dialog(cstr(r.title), action, cstr(accept))
	chooser := (*C.GtkFileChooser)(unsafe.Pointer(dlg))
	defer closeDialog(dlg)
	if len(r.exts) > 0 {
		filter := C.gtk_file_filter_new()
		C.gtk_file_filter_set_name(filter, cstr(filterName(r.exts)))
		for _, ext := range r.exts {
			C.gtk_file_filter_add_pattern(filter, cstr("*."+ext))
		}
		C.gtk_file_chooser_add_filter(chooser, filter)
	}
	if r.startDir != "" {
		C.gtk_file_chooser_set_current_folder(chooser, cstr(r.startDir))
	}
	if r.startFile != "" {
		C.gtk_file_chooser_set_current_name(chooser, cstr(r.startFile))
	}
	C.gtk_file_chooser_set_do_overwrite_confirmation(chooser, C.TRUE)
	if C.gtk_dialog_run((*C.GtkDialog)(unsafe.Pointer(dlg))) != C.GTK_RESPONSE_ACCEPT {
		return "", ErrCancelled
	}
	name := C.gtk_file_chooser_get_filename(chooser)
	if name == nil {
		return "", ErrCancelled
	}
	defer C.g_free(C.gpointer(unsafe.Pointer(name)))
	return C.GoString(name), nil
}

// closeDialog destroys a dialog and lets GTK take it off the screen: with no GTK main loop
// running, that happens only while pending events are handled.
func closeDialog(dlg *C.GtkWidget) {
	C.gtk_widget_destroy(dlg)
	for C.gtk_events_pending() != 0 {
		C.gtk_main_iteration()
	}
}
