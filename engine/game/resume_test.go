package game

import (
	"context"
	"strings"
	"testing"
	"time"

	"banmen/board"
	"banmen/kifu"
)

// The auditor's scenario: a game autosaved after every move stops (the app dies) after
// 4 moves and is resumed an hour later from the saved record. The resumed game goes on
// writing that record: the earlier moves keep their times and think comments, 開始日時
// and the other headers stay, a variation added meanwhile stays, and the time control
// comes back from the 持ち時間 header.
func TestResumeKeepsTheRecord(t *testing.T) {
	ft := NewFakeTime()
	tc := TimeControl{Main: time.Minute, Byoyomi: 10 * time.Second}
	var saved string
	black := &scripted{name: "B", ft: ft, steps: moves(20*time.Second, "7g7f", "2g2f")}
	white := &scripted{name: "W", ft: ft, steps: moves(50*time.Second, "3c3d", "8c8d")}
	g := newGame(t, "", black, white, [2]TimeControl{tc, tc}, func(c *Config) {
		c.Headers.Set("棋戦", "audit")
		c.Save = func(r *kifu.Record) error {
			s, err := kifu.FormatRecord(r, kifu.KIF, kifu.WriteOptions{})
			saved = s
			return err
		}
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for len(g.Snapshot().Moves) < 4 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	g.Run(ctx)
	rec, err := kifu.ParseKIF(saved)
	if err != nil {
		t.Fatal(err)
	}
	began := rec.Headers.Value("開始日時")
	if began == "" || rec.Headers.Value("持ち時間") != tc.String() {
		t.Fatalf("saved headers %v", rec.Headers)
	}
	// the user looked at another reply to the first move meanwhile
	first := rec.MainLine()[0] // after 7g7f
	alt, err := rec.PlayUSI(first, "8c8d")
	if err != nil {
		t.Fatal(err)
	}
	alt.Comment = "another reply"

	// no time control given: the one the record's header says
	s, err := FromRecord(rec, TimeControl{}, TimeControl{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Time != [2]TimeControl{tc, tc} || s.Clock.TC != [2]TimeControl{tc, tc} || s.Clock.Remaining[board.Black] != 20*time.Second {
		t.Fatalf("resumed time controls %v, clock %v %v", s.Time, s.Clock.TC, s.Clock.Remaining)
	}
	ft.Advance(time.Hour)
	var saved2 string
	black2 := &scripted{name: "B", ft: ft, steps: []step{{d: Decision{Resign: true}, think: 5 * time.Second}}}
	g2 := newGame(t, "", black2, &scripted{name: "W", ft: ft}, [2]TimeControl{}, func(c *Config) {
		s.Apply(c)
		c.Save = func(r *kifu.Record) error {
			s, err := kifu.FormatRecord(r, kifu.KIF, kifu.WriteOptions{})
			saved2 = s
			return err
		}
	})
	if snap := g2.Snapshot(); len(snap.Moves) != 4 || snap.Remaining[board.Black] != 20*time.Second {
		t.Errorf("resumed at %d moves with %v", len(snap.Moves), snap.Remaining)
	}
	if r := run(t, g2); r.Reason != Resignation || r.Plies != 4 {
		t.Errorf("%+v", r)
	}
	// what the game holds and what its autosave wrote over the first save
	again, err := kifu.ParseKIF(saved2)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []*kifu.Record{g2.Record(), again} {
		line := r.MainLine()
		if len(line) != 5 || line[4].Special != kifu.Resign {
			t.Fatalf("main line of %d nodes, ending %v", len(line), line[len(line)-1].Special)
		}
		for i, n := range line[:4] {
			want := 20 * time.Second
			if i%2 == 1 {
				want = 50 * time.Second
			}
			if !n.Timed || n.Elapsed != want {
				t.Errorf("move %d: time %v (timed %v), want %v", i+1, n.Elapsed, n.Timed, want)
			}
			if !strings.Contains(n.Comment, "*評価値=42") {
				t.Errorf("move %d: comment %q lost", i+1, n.Comment)
			}
		}
		for k, want := range map[string]string{"開始日時": began, "棋戦": "audit", "先手": "B", "後手": "W", "持ち時間": tc.String()} {
			if got := r.Headers.Value(k); got != want {
				t.Errorf("header %s = %q, want %q", k, got, want)
			}
		}
		kids := line[0].Children()
		if len(kids) != 2 || kids[1].Move.USI() != "8c8d" || kids[1].Comment != "another reply" {
			t.Errorf("the variation after move 1: %d replies", len(kids))
		}
		r.Root.Walk(func(n *kifu.Node) bool {
			if n.Special == kifu.Interrupt {
				t.Errorf("a 中断 is left at ply %d", n.Ply())
			}
			return true
		})
	}
}

// A game resumed from a record with another start, or with moves not in it, is refused.
func TestResumeRecordMismatch(t *testing.T) {
	ft := NewFakeTime()
	rec := kifu.New(board.NewStartPosition())
	n, _ := rec.PlayUSI(rec.Root, "7g7f")
	mv := func(s string) board.Move { m, _ := board.NewStartPosition().ParseMove(s); return m }
	for _, c := range []struct {
		name  string
		start string
		prior []board.Move
		want  string
	}{
		{"other start", "4k4/9/9/9/9/9/9/9/4K4 b - 1", nil, "another position"},
		{"other move", "", []board.Move{mv("2g2f")}, "not in the record"},
	} {
		cfg := Config{Players: [2]Player{&scripted{name: "B", ft: ft}, &scripted{name: "W", ft: ft}}, Record: rec, Prior: c.prior, Time0: ft}
		if c.start != "" {
			cfg.Start, _ = board.ParseSFEN(c.start)
		}
		if _, err := New(cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	// the record's own move is found
	g, err := New(Config{Players: [2]Player{&scripted{name: "B", ft: ft}, &scripted{name: "W", ft: ft}}, Record: rec, Prior: []board.Move{mv("7g7f")}, Time0: ft})
	if err != nil || g.Snapshot().Position.SideToMove() != board.White || g.end != n {
		t.Errorf("resumed after 7g7f: %v", err)
	}
}

// 持ち時間 is read back as TimeControl.String writes it; a header Banmen did not write
// (another program's) leaves the time control unset.
func TestHeaderTimeControl(t *testing.T) {
	for _, tc := range []TimeControl{
		{Main: 10 * time.Minute},
		{Main: time.Minute, Byoyomi: 10 * time.Second},
		{Byoyomi: 5 * time.Second},
		{Main: 5 * time.Minute, Increment: 2 * time.Second},
		{Increment: 2 * time.Second},
		{Main: 10 * time.Second, Byoyomi: time.Second, Increment: time.Second},
		{Main: 1500 * time.Millisecond, Byoyomi: 300 * time.Millisecond},
	} {
		if got, ok := parseHeaderTime(tc.String()); !ok || got != tc {
			t.Errorf("%q read back as %v, %v", tc.String(), got, ok)
		}
	}
	for _, s := range []string{"", "no limit", "各10分", "10分+30秒", "1m 2m"} {
		if tc, ok := parseHeaderTime(s); ok {
			t.Errorf("%q read as %v", s, tc)
		}
	}
	// a time control given wins over the header
	rec := kifu.New(board.NewStartPosition())
	rec.Headers.Set("持ち時間", "1m byoyomi 10s")
	given := TimeControl{Main: time.Hour}
	if s, _ := FromRecord(rec, given, TimeControl{}); s.Time != [2]TimeControl{given, {}} {
		t.Errorf("given time controls replaced: %v", s.Time)
	}
}
