package game

import (
	"sort"
	"sync"
	"time"
)

// TimeSource is where the game reads the time and sets its alarms. Real games use
// RealTime; tests use a FakeTime they move forward by hand.
type TimeSource interface {
	Now() time.Time
	// After returns a channel that receives once d has passed, and a function that cancels it.
	After(d time.Duration) (<-chan time.Time, func())
}

// RealTime is the machine's clock.
type RealTime struct{}

func (RealTime) Now() time.Time { return time.Now() }

func (RealTime) After(d time.Duration) (<-chan time.Time, func()) {
	t := time.NewTimer(d)
	return t.C, func() { t.Stop() }
}

// FakeTime is a clock that moves only when Advance is called.
type FakeTime struct {
	mu     sync.Mutex
	now    time.Time
	alarms []*fakeAlarm
}

type fakeAlarm struct {
	at time.Time
	ch chan time.Time
}

// NewFakeTime starts a fake clock at an arbitrary fixed instant.
func NewFakeTime() *FakeTime {
	return &FakeTime{now: time.Date(2026, 1, 1, 10, 0, 0, 0, time.UTC)}
}

func (f *FakeTime) Now() time.Time {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.now
}

func (f *FakeTime) After(d time.Duration) (<-chan time.Time, func()) {
	f.mu.Lock()
	defer f.mu.Unlock()
	a := &fakeAlarm{at: f.now.Add(d), ch: make(chan time.Time, 1)}
	if d <= 0 {
		a.ch <- f.now
		return a.ch, func() {}
	}
	f.alarms = append(f.alarms, a)
	return a.ch, func() {
		f.mu.Lock()
		defer f.mu.Unlock()
		for i, x := range f.alarms {
			if x == a {
				f.alarms = append(f.alarms[:i], f.alarms[i+1:]...)
				return
			}
		}
	}
}

// Advance moves the clock forward by d, ringing every alarm that falls due.
func (f *FakeTime) Advance(d time.Duration) {
	f.mu.Lock()
	f.now = f.now.Add(d)
	var due, keep []*fakeAlarm
	for _, a := range f.alarms {
		if !a.at.After(f.now) {
			due = append(due, a)
		} else {
			keep = append(keep, a)
		}
	}
	f.alarms = keep
	now := f.now
	f.mu.Unlock()
	sort.Slice(due, func(i, j int) bool { return due[i].at.Before(due[j].at) })
	for _, a := range due {
		a.ch <- now
	}
}

// Alarms returns how many alarms are set (for tests that wait for the game to set one).
func (f *FakeTime) Alarms() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.alarms)
}
