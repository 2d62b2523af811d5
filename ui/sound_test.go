package ui

import (
	"bytes"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// soundLog records the sounds a window asks for (windowUnderTest gives every test window one).
type soundLog struct {
	mu  sync.Mutex
	got []soundRequest
}

func (l *soundLog) play(k soundKind, v SoundVolume) {
	l.mu.Lock()
	l.got = append(l.got, soundRequest{k, v})
	l.mu.Unlock()
}

func (l *soundLog) count(k soundKind) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, r := range l.got {
		if r.kind == k {
			n++
		}
	}
	return n
}

func (l *soundLog) last() soundRequest {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.got) == 0 {
		return soundRequest{kind: -1}
	}
	return l.got[len(l.got)-1]
}

// samplesOf reads samples as numbers.
func samplesOf(pcm []int16) []float64 {
	s := make([]float64, len(pcm))
	for i, x := range pcm {
		s[i] = float64(x)
	}
	return s
}

func peakOf(s []float64) float64 {
	p := 0.0
	for _, x := range s {
		p = max(p, math.Abs(x))
	}
	return p
}

// The 駒音 is a click: 90 ms, loud at once, most of its energy in its first 20 ms, silent at
// its end (no pop), the same every time; the volumes scale it; the beep is 150 ms of 1 kHz,
// the count's tick 60 ms.
func TestSoundSamples(t *testing.T) {
	piece := samplesOf(soundSamples(soundPiece, VolumeLoud.gain()))
	if len(piece) != soundRate*90/1000 {
		t.Fatalf("the 駒音 has %d samples, want 90 ms", len(piece))
	}
	peak := peakOf(piece)
	if peak < 0.84*32767 || peak > 0.86*32767 {
		t.Errorf("the 駒音's peak is %v, want 85%% of full scale", peak)
	}
	if math.Abs(piece[0]) > 0.02*peak || piece[len(piece)-1] != 0 {
		t.Errorf("the 駒音 starts at %v and ends at %v: it would pop", piece[0], piece[len(piece)-1])
	}
	var early, all float64
	peakAt := 0
	for i, x := range piece {
		all += x * x
		if i < soundRate*20/1000 {
			early += x * x
		}
		if math.Abs(x) == peak {
			peakAt = i
		}
	}
	if early < 0.9*all || peakAt > soundRate*3/1000 {
		t.Errorf("the 駒音 is no click: %.0f%% of its energy in 20 ms, its peak at sample %d", 100*early/all, peakAt)
	}
	if !slices.Equal(soundSamples(soundPiece, 1), soundSamples(soundPiece, 1)) {
		t.Error("the 駒音 differs from one time to the next")
	}
	for _, v := range []SoundVolume{VolumeMedium, VolumeQuiet} {
		if got, want := peakOf(samplesOf(soundSamples(soundPiece, v.gain()))), peak*v.gain(); math.Abs(got-want) > 1 {
			t.Errorf("volume %d: peak %v, want %v", v, got, want)
		}
	}
	beep := samplesOf(soundSamples(soundBeep, 1))
	if len(beep) != soundRate*150/1000 || beep[0] != 0 || math.Abs(beep[len(beep)-1]) > 1 {
		t.Fatalf("the beep: %d samples from %v to %v", len(beep), beep[0], beep[len(beep)-1])
	}
	if tick := samplesOf(soundSamples(soundTick, 1)); len(tick) != soundRate*60/1000 || tick[0] != 0 || math.Abs(tick[len(tick)-1]) > 1 {
		t.Errorf("the count's tick: %d samples from %v to %v, want 60 ms from silence to silence", len(tick), tick[0], tick[len(tick)-1])
	}
	crossings := 0
	for i := 1; i < len(beep); i++ {
		if (beep[i-1] < 0) != (beep[i] < 0) {
			crossings++
		}
	}
	if crossings < 295 || crossings > 305 { // 1 kHz: two a period, 150 periods
		t.Errorf("the beep crosses zero %d times in 150 ms, want 300 (1 kHz)", crossings)
	}
}

// A move played on the board sounds; stepping through the record does not; 表示 → 音 turns
// the 駒音 off and on and sets the volume, each remembered and heard at once.
func TestPieceSoundFromTheBoardAndTheMenu(t *testing.T) {
	w, _ := windowUnderTest(t, windowOpts{})
	sounds := w.sound.(*soundLog)
	play(t, w, "7g7f")
	if n := sounds.count(soundPiece); n != 1 || sounds.last().volume != VolumeLoud {
		t.Fatalf("a move on the board: %d sounds (%+v), want one, loud", n, sounds.last())
	}
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	w.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if n := sounds.count(soundPiece); n != 1 {
		t.Errorf("stepping through the record sounded: %d", n)
	}
	item := func(label string) *fyne.MenuItem { t.Helper(); return mustMenuItem(t, w, label) }
	if !item(w.msg.PieceSound).Checked || !item(w.msg.VolumeLoud).Checked || item(w.msg.VolumeQuiet).Checked {
		t.Error("the menu does not show the 駒音 on and loud")
	}
	item(w.msg.VolumeQuiet).Action()
	if sounds.count(soundPiece) != 2 || sounds.last().volume != VolumeQuiet || !item(w.msg.VolumeQuiet).Checked || item(w.msg.VolumeLoud).Checked {
		t.Errorf("音量：小 was not heard or not checked: %+v", sounds.last())
	}
	item(w.msg.PieceSound).Action()
	if item(w.msg.PieceSound).Checked || w.settings.PieceSound() {
		t.Fatal("the 駒音 is still on")
	}
	play(t, w, "3c3d")
	if n := sounds.count(soundPiece); n != 2 {
		t.Errorf("a move with the 駒音 off sounded (%d)", n)
	}
	// the choices outlive the window
	w2 := NewMainWindow(w.app, Options{Getenv: func(string) string { return "ja_JP.UTF-8" }})
	t.Cleanup(func() { w2.Window().Close() })
	if w2.settings.PieceSound() || w2.settings.SoundVolume() != VolumeQuiet {
		t.Errorf("a new window: 駒音 %v, volume %d", w2.settings.PieceSound(), w2.settings.SoundVolume())
	}
	item(w.msg.PieceSound).Action()
	if !w.settings.PieceSound() || sounds.count(soundPiece) != 3 {
		t.Error("turning the 駒音 on again was not heard")
	}
}

// The system's audio, through ALSA as a user's machine has it, in a process of its own (the
// ALSA configuration is read once a process): with ALSA's null device the sounds are played,
// the device is closed once unused and opened again for the next, and nothing fails; with no
// device, or no ALSA library at all, nothing is played, the beep rings the bell instead, the
// reason is kept, and ALSA writes nothing on stderr.
func TestSystemSoundThroughALSA(t *testing.T) {
	if os.Getenv("BANMEN_SOUND_CHILD") != "" {
		return
	}
	dir := t.TempDir()
	null := filepath.Join(dir, "null.conf")
	if err := os.WriteFile(null, []byte("pcm.!default {\n\ttype null\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	none := filepath.Join(dir, "none.conf")
	if err := os.WriteFile(none, []byte("# no devices\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ mode, conf, want string }{
		{"device", null, "played 3 closed 1 bells 0 err <nil>"},
		{"device", none, "played 0 closed 0 bells 1 err ALSA: the default audio device: No such file or directory"},
		{"nolib", null, "played 0 closed 0 bells 1 err no audio: libbanmen-no-such-alsa.so.2: cannot open shared object file"},
	} {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestSystemSoundChild$", "-test.v")
		cmd.Env = append(os.Environ(), "BANMEN_SOUND_CHILD="+c.mode, "ALSA_CONFIG_PATH="+c.conf)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		if err != nil || !strings.Contains(stdout.String(), c.want) {
			t.Errorf("%s with %s: %v, want %q in\n%s", c.mode, filepath.Base(c.conf), err, c.want, stdout.String())
		}
		if strings.Contains(stderr.String()+stdout.String(), "ALSA lib") {
			t.Errorf("%s with %s: ALSA wrote:\n%s", c.mode, filepath.Base(c.conf), stderr.String())
		}
	}
}

// TestSystemSoundChild is TestSystemSoundThroughALSA's process: two sounds at once (mixed),
// a pause in which the device is closed, and a third.
func TestSystemSoundChild(t *testing.T) {
	mode := os.Getenv("BANMEN_SOUND_CHILD")
	if mode == "" {
		t.Skip("run by TestSystemSoundThroughALSA")
	}
	if mode == "nolib" {
		alsaLibrary = "libbanmen-no-such-alsa.so.2"
	}
	soundIdle = 200 * time.Millisecond
	var mu sync.Mutex
	bells := 0
	s := newSystemSound(func() { mu.Lock(); bells++; mu.Unlock() })
	wait := func(done func(played, closed, bells int, err error) bool) (int, int, int, error) {
		deadline := time.Now().Add(10 * time.Second)
		for {
			played, closed, err := s.counts()
			mu.Lock()
			b := bells
			mu.Unlock()
			if done(played, closed, b, err) || time.Now().After(deadline) {
				return played, closed, b, err
			}
			time.Sleep(5 * time.Millisecond)
		}
	}
	s.play(soundPiece, VolumeLoud)
	s.play(soundBeep, VolumeQuiet)
	played, closed, b, err := wait(func(p, _, b int, err error) bool { return p+b == 2 || err != nil && b == 1 })
	if err == nil {
		// the sounds end within 150 ms, the device is closed 200 ms later; then it opens again
		wait(func(_, c, _ int, _ error) bool { return c > 0 })
		s.play(soundPiece, VolumeMedium)
		played, closed, b, err = wait(func(p, _, _ int, err error) bool { return p == 3 || err != nil })
	}
	t.Logf("played %d closed %d bells %d err %v", played, closed, b, err)
}

// Sounds that overlap are added up, clamped at full scale; a chunk is as long as the longest
// sound has left.
func TestSoundMix(t *testing.T) {
	a := &playing{pcm: []int16{1000, -30000, 30000, 4}}
	b := &playing{pcm: []int16{9, 10, -20000, 30000}, off: 1} // 10, -20000, 30000 left
	chunk := make([]int16, 3)
	if n := mix(chunk, []*playing{a, b}); n != 3 || !slices.Equal(chunk, []int16{1010, -32768, 32767}) || a.off != 3 || b.off != 4 {
		t.Fatalf("the first chunk: %d %v, offsets %d %d", n, chunk, a.off, b.off)
	}
	if n := mix(chunk, []*playing{a, b}); n != 1 || chunk[0] != 4 || a.off != 4 {
		t.Errorf("the second chunk: %d %v", n, chunk[:n])
	}
}
