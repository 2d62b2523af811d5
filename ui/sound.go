package ui

import (
	"math"
	"sync"
	"time"

	"fyne.io/fyne/v2"
)

// Sound: the 駒音 (the click of a piece set on the board) when a move is played on it, and
// a game's 秒読み (a beep at 10 s left, a tick at each of the last five seconds), as ShogiHome
// and Shogidokoro play them. Fyne plays no sound; the samples are made here (no recorded
// asset), mixed here, and played through the system's audio: ALSA, loaded at the first sound
// (sound_alsa.go), whose default device reaches PulseAudio or PipeWire. A machine without
// audio plays nothing, and the beep falls back to the X server's bell (beep.go).

// soundKind names a sound.
type soundKind int

const (
	soundPiece soundKind = iota // 駒音
	soundBeep                   // the clock's warning at 10 s
	soundTick                   // the clock's count of the last five seconds
)

// SoundVolume is how loud the sounds are.
type SoundVolume int

const (
	VolumeLoud SoundVolume = iota
	VolumeMedium
	VolumeQuiet
)

// gain is the volume as a factor of the samples.
func (v SoundVolume) gain() float64 {
	switch v {
	case VolumeMedium:
		return 0.5
	case VolumeQuiet:
		return 0.22
	}
	return 1
}

const (
	soundRate = 48000
	// soundLatency is the audio device's buffer: a click comes this long after the move
	// is drawn, at most
	soundLatency = 40 * time.Millisecond
)

// soundPlayer plays sounds; the window's is the system's (systemSound), tests record them.
type soundPlayer interface {
	play(k soundKind, v SoundVolume)
}

// systemSound plays through the system's audio on a goroutine of its own: opening the device
// can take a while, and playing never waits on the caller. The window's is the process's one
// (sharedSound), so that windows share the device.
type systemSound struct {
	queue chan soundRequest
	// bell is the fallback of the beep without audio (systemBeep)
	bell func()

	mu     sync.Mutex
	err    error // why there is no audio, once known
	played int   // sounds played through the device (tests read it)
	rested int   // times the device was closed, unused for soundIdle (tests read it)
}

type soundRequest struct {
	kind   soundKind
	volume SoundVolume
}

var (
	sharedSoundOnce sync.Once
	sharedSound     *systemSound
)

// theSystemSound is the process's systemSound, started at its first use.
func theSystemSound() *systemSound {
	sharedSoundOnce.Do(func() { sharedSound = newSystemSound(systemBeep) })
	return sharedSound
}

// newSystemSound starts a player whose beep rings bell where there is no audio.
func newSystemSound(bell func()) *systemSound {
	s := &systemSound{queue: make(chan soundRequest, 8), bell: bell}
	go s.run()
	return s
}

// play asks for a sound; when the queue is full (the device is stuck) it is dropped.
func (s *systemSound) play(k soundKind, v SoundVolume) {
	select {
	case s.queue <- soundRequest{k, v}:
	default:
	}
}

// Err is why the system's audio cannot be used (nil: it can, or it was not tried yet).
func (s *systemSound) Err() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.err
}

// counts says how many sounds went to the device, how often it was closed, and why none can
// be played (tests).
func (s *systemSound) counts() (played, rested int, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.played, s.rested, s.err
}

func (s *systemSound) setErr(err error) {
	s.mu.Lock()
	s.err = err
	s.mu.Unlock()
}

// audioOut is an open audio device (sound_alsa.go).
type audioOut interface {
	write(samples []int16) error // waits while the device's buffer is full
	rest()                       // plays out what the device holds
	close()
}

// soundIdle is how long the device stays open after the last sound (a var for tests): a
// game's moves and seconds come often, and opening it again takes a while.
var soundIdle = 3 * time.Second

// playing is a sound being played: its samples and how far.
type playing struct {
	pcm []int16
	off int
}

// run plays the sounds asked for, mixing those that overlap, 10 ms at a time: each write waits
// while the device's buffer is full, so the loop keeps the sounds' pace. Between sounds
// the device is let play out; unused for soundIdle, it is closed.
func (s *systemSound) run() {
	var out audioOut
	var active []*playing
	samples := map[soundRequest][]int16{}
	chunk := make([]int16, soundRate/100)
	for {
		var req soundRequest
		got := false
		if len(active) == 0 {
			var idle <-chan time.Time
			var t *time.Timer
			if out != nil {
				t = time.NewTimer(soundIdle)
				idle = t.C
			}
			select {
			case req = <-s.queue:
				got = true
			case <-idle:
				out.close()
				out = nil
				s.mu.Lock()
				s.rested++
				s.mu.Unlock()
			}
			if t != nil {
				t.Stop()
			}
		} else {
			select {
			case req = <-s.queue:
				got = true
			default:
			}
		}
		if got {
			if out == nil && s.Err() == nil {
				o, err := openAudio(soundRate, soundLatency)
				if err != nil {
					s.setErr(err)
				} else {
					out = o
				}
			}
			if out == nil {
				if req.kind != soundPiece && s.bell != nil {
					s.bell()
				}
				continue
			}
			pcm, ok := samples[req]
			if !ok {
				pcm = soundSamples(req.kind, req.volume.gain())
				samples[req] = pcm
			}
			active = append(active, &playing{pcm: pcm})
			s.mu.Lock()
			s.played++
			s.mu.Unlock()
			continue // another sound asked for at once is mixed in from its start
		}
		if len(active) == 0 {
			continue
		}
		n := mix(chunk, active)
		kept := active[:0]
		for _, p := range active {
			if p.off < len(p.pcm) {
				kept = append(kept, p)
			}
		}
		active = kept
		if err := out.write(chunk[:n]); err != nil {
			s.setErr(err)
			out.close()
			out, active = nil, nil
			continue
		}
		if len(active) == 0 {
			out.rest()
		}
	}
}

// mix adds up the next samples of the sounds into chunk, as many as the longest has left
// (at most chunk's length), and moves them on; it returns how many.
func mix(chunk []int16, active []*playing) int {
	n := 0
	for _, p := range active {
		n = max(n, min(len(chunk), len(p.pcm)-p.off))
	}
	for i := range n {
		sum := 0
		for _, p := range active {
			if p.off+i < len(p.pcm) {
				sum += int(p.pcm[p.off+i])
			}
		}
		chunk[i] = int16(max(-32768, min(32767, sum)))
	}
	for _, p := range active {
		p.off = min(len(p.pcm), p.off+n)
	}
	return n
}

// soundSamples makes a sound as 16-bit mono samples at soundRate, its loudest sample at
// gain of full scale (a little under).
func soundSamples(k soundKind, gain float64) []int16 {
	var s []float64
	switch k {
	case soundBeep:
		s = beepWave(150)
	case soundTick:
		s = beepWave(60)
	default:
		s = pieceWave()
	}
	peak := 0.0
	for _, x := range s {
		peak = max(peak, math.Abs(x))
	}
	out := make([]int16, len(s))
	if peak == 0 {
		return out
	}
	scale := 0.85 * 32767 * gain / peak
	for i, x := range s {
		out[i] = int16(math.Round(x * scale))
	}
	return out
}

// pieceWave is the 駒音: a piece of hard wood set on a board is a sharp knock, a burst of
// noise dying in a few milliseconds, with the short ring of the board and the piece (a few
// damped tones) under it. The noise is the same each time (a fixed seed), so is the sound.
func pieceWave() []float64 {
	n := soundRate * 90 / 1000
	s := make([]float64, n)
	seed := uint32(0x9E3779B9)
	prev := 0.0
	modes := []struct{ f, tau, a float64 }{
		{420, 0.018, 0.55}, // the board's body
		{1150, 0.011, 0.8}, // the piece
		{2650, 0.006, 0.45},
		{5200, 0.003, 0.25},
	}
	for i := range s {
		t := float64(i) / soundRate
		seed = seed*1664525 + 1013904223
		noise := float64(int32(seed)) / math.MaxInt32
		hp := noise - prev // a little high-pass: the click is bright
		prev = noise
		x := 0.9 * hp * math.Exp(-t/0.0025)
		for _, m := range modes {
			x += m.a * math.Sin(2*math.Pi*m.f*t) * math.Exp(-t/m.tau)
		}
		// a soft start of 0.3 ms (no pop from the first sample) and the last 10 ms faded out
		if a := t / 0.0003; a < 1 {
			x *= a
		}
		if r := float64(n-1-i) / (soundRate * 0.010); r < 1 {
			x *= r
		}
		s[i] = x
	}
	return s
}

// beepWave is the clock's warning: ms milliseconds of 1 kHz, faded in and out over 5 ms.
func beepWave(ms int) []float64 {
	n := soundRate * ms / 1000
	ramp := float64(soundRate) * 0.005
	s := make([]float64, n)
	for i := range s {
		x := math.Sin(2 * math.Pi * 1000 * float64(i) / soundRate)
		x *= min(1, float64(i)/ramp, float64(n-1-i)/ramp)
		s[i] = x
	}
	return s
}

// playSound plays k at the volume chosen: the 駒音 unless it is turned off (表示 → 音).
func (w *MainWindow) playSound(k soundKind) {
	if k == soundPiece && !w.settings.PieceSound() {
		return
	}
	p := w.sound
	if p == nil {
		p = theSystemSound()
	}
	p.play(k, w.settings.SoundVolume())
}

// soundMenu is 表示 → 音: the 駒音 on or off, and the volume (a choice sounds once, so that
// the user hears it).
func (w *MainWindow) soundMenu() *fyne.Menu {
	m := w.msg
	click := fyne.NewMenuItem(m.PieceSound, func() { w.SetPieceSound(!w.settings.PieceSound()) })
	click.Checked = w.settings.PieceSound()
	vol := w.settings.SoundVolume()
	volItem := func(label string, v SoundVolume) *fyne.MenuItem {
		it := fyne.NewMenuItem(label, func() { w.SetSoundVolume(v) })
		it.Checked = vol == v
		return it
	}
	return fyne.NewMenu("", click, fyne.NewMenuItemSeparator(),
		volItem(m.VolumeLoud, VolumeLoud), volItem(m.VolumeMedium, VolumeMedium), volItem(m.VolumeQuiet, VolumeQuiet))
}

// SetPieceSound turns the 駒音 on or off, remembered.
func (w *MainWindow) SetPieceSound(on bool) {
	w.settings.SetPieceSound(on)
	w.win.SetMainMenu(w.buildMenu())
	if on {
		w.playSound(soundPiece)
	}
}

// SetSoundVolume chooses how loud the sounds are, remembered, and plays the 駒音 at it.
func (w *MainWindow) SetSoundVolume(v SoundVolume) {
	w.settings.SetSoundVolume(v)
	w.win.SetMainMenu(w.buildMenu())
	w.playSound(soundPiece)
}
