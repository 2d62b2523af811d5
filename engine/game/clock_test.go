package game

import (
	"testing"
	"time"

	"banmen/board"
)

func TestParseTimeControl(t *testing.T) {
	for in, want := range map[string]TimeControl{
		"10+1":         {Main: 10 * time.Second, Increment: time.Second},
		"5m+2s":        {Main: 5 * time.Minute, Increment: 2 * time.Second},
		"10m/30s":      {Main: 10 * time.Minute, Byoyomi: 30 * time.Second},
		"0/1s":         {Byoyomi: time.Second},
		"0 byoyomi 10": {Byoyomi: 10 * time.Second},
		"600":          {Main: 10 * time.Minute},
		"0.5+0.05":     {Main: 500 * time.Millisecond, Increment: 50 * time.Millisecond},
		"none":         {},
	} {
		got, err := ParseTimeControl(in)
		if err != nil || got != want {
			t.Errorf("ParseTimeControl(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"x", "10+", "-5", "1/2/3", "+3"} {
		if _, err := ParseTimeControl(bad); err == nil {
			t.Errorf("ParseTimeControl(%q) accepted", bad)
		}
	}
}

func TestClockByoyomi(t *testing.T) {
	ft := NewFakeTime()
	c := NewClock(TimeControl{Main: 10 * time.Second, Byoyomi: 5 * time.Second}, TimeControl{Byoyomi: 5 * time.Second})
	c.Start(board.Black, ft.Now())
	ft.Advance(8 * time.Second)
	if e, flag := c.Stop(ft.Now()); e != 8*time.Second || flag || c.Remaining[board.Black] != 2*time.Second {
		t.Fatalf("first move: %v %v, %v left", e, flag, c.Remaining[board.Black])
	}
	// 2 s main + 5 s byoyomi: 6 s is in time, and the byoyomi is not carried over
	c.Start(board.Black, ft.Now())
	ft.Advance(6 * time.Second)
	if left := c.Left(board.Black, ft.Now()); left != time.Second {
		t.Errorf("Left = %v", left)
	}
	if _, flag := c.Stop(ft.Now()); flag || c.Remaining[board.Black] != 0 || c.Allowed(board.Black) != 5*time.Second {
		t.Fatalf("second move: flag %v, %v left", flag, c.Remaining[board.Black])
	}
	c.Start(board.Black, ft.Now())
	ft.Advance(5*time.Second + time.Millisecond)
	if _, flag := c.Stop(ft.Now()); !flag {
		t.Error("5.001 s in 5 s byoyomi not flagged")
	}
	if c.Used[board.Black] != 19*time.Second+time.Millisecond {
		t.Errorf("Used = %v", c.Used[board.Black])
	}
}

func TestClockFischer(t *testing.T) {
	ft := NewFakeTime()
	c := NewClock(TimeControl{Main: 10 * time.Second, Increment: 2 * time.Second}, TimeControl{})
	c.Start(board.Black, ft.Now())
	ft.Advance(3 * time.Second)
	c.Stop(ft.Now())
	if c.Remaining[board.Black] != 9*time.Second {
		t.Errorf("after a 3 s move: %v", c.Remaining[board.Black])
	}
	c.Start(board.Black, ft.Now())
	ft.Advance(9*time.Second + time.Millisecond)
	if _, flag := c.Stop(ft.Now()); !flag {
		t.Error("over the main time with an increment not flagged")
	}
	// unlimited never flags
	c.Start(board.White, ft.Now())
	ft.Advance(time.Hour)
	if _, flag := c.Stop(ft.Now()); flag {
		t.Error("unlimited flagged")
	}
}

func TestClockPause(t *testing.T) {
	ft := NewFakeTime()
	c := NewClock(TimeControl{Main: time.Minute, Byoyomi: 10 * time.Second}, TimeControl{})
	c.Start(board.Black, ft.Now())
	ft.Advance(20 * time.Second)
	c.Pause(ft.Now())
	ft.Advance(time.Hour) // the engine is restarted meanwhile
	if c.Remaining[board.Black] != 40*time.Second {
		t.Errorf("after pause: %v", c.Remaining[board.Black])
	}
	c.Start(board.Black, ft.Now())
	ft.Advance(5 * time.Second)
	if e, flag := c.Stop(ft.Now()); e != 5*time.Second || flag || c.Remaining[board.Black] != 35*time.Second {
		t.Errorf("after resume: %v %v %v", e, flag, c.Remaining[board.Black])
	}
}

func TestFakeTimeAlarms(t *testing.T) {
	ft := NewFakeTime()
	a, _ := ft.After(2 * time.Second)
	b, cancel := ft.After(time.Second)
	cancel()
	ft.Advance(1500 * time.Millisecond)
	select {
	case <-a:
		t.Fatal("rang early")
	case <-b:
		t.Fatal("cancelled alarm rang")
	default:
	}
	ft.Advance(time.Second)
	select {
	case <-a:
	default:
		t.Fatal("did not ring")
	}
}
