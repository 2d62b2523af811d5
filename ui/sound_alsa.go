//go:build linux && cgo

package ui

/*
#cgo LDFLAGS: -ldl
#include <dlfcn.h>
#include <stdlib.h>

// ALSA is loaded with dlopen at the first sound, as GTK is for the file dialogs
// (ui/nativedialog): linked into the program, a machine without libasound.so.2 (a minimal
// install, WSL) could not start Banmen at all, and every start paid for loading it. The few
// functions used are those of ALSA's stable ABI; ALSA's default device reaches PulseAudio or
// PipeWire where they run.
enum {
	PCM_STREAM_PLAYBACK = 0,     // snd_pcm_stream_t
	PCM_FORMAT_S16_LE = 2,       // snd_pcm_format_t
	PCM_ACCESS_RW_INTERLEAVED = 3 // snd_pcm_access_t
};

static struct {
	int (*open)(void **, const char *, int, int);
	int (*set_params)(void *, int, int, unsigned int, unsigned int, int, unsigned int);
	long (*writei)(void *, const void *, unsigned long);
	int (*recover)(void *, int, int);
	int (*drain)(void *);
	int (*prepare)(void *);
	int (*close)(void *);
	const char *(*strerror)(int);
	int (*set_error_handler)(void *);
} alsa;
static int alsa_loaded;

// ALSA writes to stderr when it finds no device ("cannot find card '0'", a dozen lines at
// each try): on a machine without audio that is no news for the user.
static void banmen_alsa_quiet(const char *file, int line, const char *function, int err, const char *fmt, ...) {}

// banmen_alsa_load loads lib once; it returns NULL, or what went wrong.
static const char *banmen_alsa_load(const char *lib) {
	if (alsa_loaded) {
		return NULL;
	}
	void *h = dlopen(lib, RTLD_NOW | RTLD_LOCAL);
	if (h == NULL) {
		return dlerror();
	}
#define SYM(field, name) if ((*(void **)&alsa.field = dlsym(h, name)) == NULL) return "libasound lacks " name;
	SYM(open, "snd_pcm_open")
	SYM(set_params, "snd_pcm_set_params")
	SYM(writei, "snd_pcm_writei")
	SYM(recover, "snd_pcm_recover")
	SYM(drain, "snd_pcm_drain")
	SYM(prepare, "snd_pcm_prepare")
	SYM(close, "snd_pcm_close")
	SYM(strerror, "snd_strerror")
	SYM(set_error_handler, "snd_lib_error_set_handler")
#undef SYM
	alsa.set_error_handler((void *)banmen_alsa_quiet);
	alsa_loaded = 1;
	return NULL;
}

// banmen_alsa_open opens the default device for 16-bit mono at rate, with latency_us of
// buffer; it returns 0 or a negative ALSA error.
static int banmen_alsa_open(void **pcm, unsigned int rate, unsigned int latency_us) {
	int err = alsa.open(pcm, "default", PCM_STREAM_PLAYBACK, 0);
	if (err < 0) {
		return err;
	}
	err = alsa.set_params(*pcm, PCM_FORMAT_S16_LE, PCM_ACCESS_RW_INTERLEAVED, 1, rate, 1, latency_us);
	if (err < 0) {
		alsa.close(*pcm);
		*pcm = NULL;
	}
	return err;
}

// banmen_alsa_write writes up to n frames, waiting while the device's buffer is full, and
// recovers from an underrun (the device ran dry between sounds); it returns the frames
// written or a negative ALSA error.
static long banmen_alsa_write(void *pcm, const short *s, unsigned long n) {
	long w = alsa.writei(pcm, s, n);
	if (w < 0) {
		int err = alsa.recover(pcm, (int)w, 1);
		if (err < 0) {
			return err;
		}
		w = alsa.writei(pcm, s, n);
	}
	return w;
}

// banmen_alsa_rest plays out what the device holds and readies it for the next sound.
static void banmen_alsa_rest(void *pcm) {
	alsa.drain(pcm);
	alsa.prepare(pcm);
}

static void banmen_alsa_close(void *pcm) { alsa.close(pcm); }

static const char *banmen_alsa_strerror(int err) { return alsa.strerror(err); }
*/
import "C"

import (
	"errors"
	"fmt"
	"time"
	"unsafe"
)

// alsaLibrary is the library loaded (tests name one that does not exist).
var alsaLibrary = "libasound.so.2"

// alsaOut is ALSA's default device, open for 16-bit mono samples.
type alsaOut struct {
	pcm unsafe.Pointer
}

// openAudio loads ALSA (once) and opens its default device at rate samples a second, with
// latency of buffer.
func openAudio(rate int, latency time.Duration) (audioOut, error) {
	lib := C.CString(alsaLibrary)
	defer C.free(unsafe.Pointer(lib))
	if msg := C.banmen_alsa_load(lib); msg != nil {
		return nil, errors.New("no audio: " + C.GoString(msg))
	}
	var pcm unsafe.Pointer
	if err := C.banmen_alsa_open(&pcm, C.uint(rate), C.uint(latency/time.Microsecond)); err < 0 {
		return nil, alsaErr("the default audio device", err)
	}
	return &alsaOut{pcm: pcm}, nil
}

func alsaErr(what string, err C.int) error {
	return fmt.Errorf("ALSA: %s: %s", what, C.GoString(C.banmen_alsa_strerror(err)))
}

// write plays s, returning once the device has taken all of it (in real time, less its
// buffer).
func (o *alsaOut) write(s []int16) error {
	for len(s) > 0 {
		n := C.banmen_alsa_write(o.pcm, (*C.short)(unsafe.Pointer(&s[0])), C.ulong(len(s)))
		if n < 0 {
			return alsaErr("writing", C.int(n))
		}
		s = s[int(n):]
	}
	return nil
}

// rest plays out what the device holds.
func (o *alsaOut) rest() { C.banmen_alsa_rest(o.pcm) }

// close closes the device.
func (o *alsaOut) close() { C.banmen_alsa_close(o.pcm) }
