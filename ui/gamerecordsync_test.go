package ui

import (
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"banmen/engine"
	"banmen/kifu"
)

// TestGameRecordFollowsMoveByMove is the game's half of "the game flow re-serialises and
// re-parses the whole record at every move": two people play a 300-move game (the memory
// test's record) as fast as the game takes the moves, the window's queue run every 20 moves
// so that the poll posts many times along the way. The whole record is read back (parsed)
// only at the start and at the end, each move is copied into the session once, and the
// record shown is the game's own, times included.
func TestGameRecordFollowsMoveByMove(t *testing.T) {
	src, err := kifu.ReadFile(filepath.Join("..", "cmd", "banmen", "testdata", "random-300.kif"))
	if err != nil {
		t.Fatal(err)
	}
	moves := src.MainMoves()
	if len(moves) < 300 {
		t.Fatalf("the record has %d moves, want 300", len(moves))
	}
	var parses, parsedBytes atomic.Int64
	parse := parseGameRecord
	parseGameRecord = func(s string) (*kifu.Record, error) {
		parses.Add(1)
		parsedBytes.Add(int64(len(s)))
		return parse(s)
	}
	t.Cleanup(func() { parseGameRecord = parse })

	w, q := gameWindow(t)
	w.game.start(gameSetup{Unlimited: true}, [2]*engine.Definition{nil, nil})
	r := w.game.run
	waitUntil(t, q, "the game's empty record in the session", func() bool { return parses.Load() == 1 && !r.pending.Load() })
	posts := 0
	for i, m := range moves {
		if !w.game.play(m) {
			t.Fatalf("move %d (%s): no game", i+1, m.USI())
		}
		deadline := time.Now().Add(engineDeadline)
		for len(r.runner.Game().Snapshot().Moves) < i+1 {
			if time.Now().After(deadline) {
				t.Fatalf("the game did not take move %d (%s); status %q", i+1, m.USI(), w.status.Text)
			}
			time.Sleep(time.Millisecond)
		}
		if (i+1)%20 == 0 {
			// the session catches up with the game: move i+1 carries the game's time
			waitUntil(t, q, "the game's record in the session", func() bool {
				line := w.Session().Record().MainLine()
				return len(line) > i && line[i].Timed
			})
			posts++
		}
	}
	if got := int(r.synced.Load()); got != len(moves) {
		t.Errorf("the poll copied %d moves one by one, want each of the %d once", got, len(moves))
	}
	if n := parses.Load(); n > 1 {
		t.Errorf("the record was parsed %d times (%d bytes) during a %d-move game with %d catch-ups, want once at the start", n, parsedBytes.Load(), len(moves), posts)
	}
	// what the session shows is what the game's record holds, as a whole copy would show it
	var want string
	r.runner.WithRecord(func(gr *kifu.Record) { want = kifu.FormatKIF(gr) })
	if got := kifu.FormatKIF(w.Session().Record()); got != want {
		t.Errorf("the session's record differs from the game's:\n%s\nwant\n%s", tail(got), tail(want))
	}
	w.AbortGame()
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	if n := parses.Load(); n > 2 {
		t.Errorf("the record was parsed %d times in all, want at the start and at the end", n)
	}
	got := w.Session().Record()
	if g := got.MainMoves(); len(g) != len(moves) {
		t.Fatalf("the session's record has %d moves, want %d", len(g), len(moves))
	}
	for i, m := range got.MainMoves() {
		if m != moves[i] {
			t.Fatalf("move %d is %s, want %s", i+1, m.USI(), moves[i].USI())
		}
	}
	if end := got.MainEnd(); end.Special != kifu.Interrupt {
		t.Errorf("the record ends with %v, want 中断", end.Special)
	}
	if !got.MainLine()[0].Timed {
		t.Error("the first move has no time: the session did not take the game's record")
	}
}

// tail is the last lines of a record's text.
func tail(s string) string {
	lines := strings.Split(s, "\n")
	return strings.Join(lines[max(0, len(lines)-6):], "\n")
}

// TestGameInfoOfAHandicapGamePlayedHere is 対局情報's 下手/上手 and 終了日時 for a game played in
// the window: two people play a 香落ち game, 上手 resigns, and the record names the players
// 下手 and 上手, shows the handicap and the time the game ended.
func TestGameInfoOfAHandicapGamePlayedHere(t *testing.T) {
	w, q := gameWindow(t)
	kyo, _ := kifu.HandicapByName("香落ち")
	w.game.start(gameSetup{Unlimited: true, Handicap: kyo.JKF}, [2]*engine.Definition{nil, nil})
	gt := w.gameText()
	waitUntil(t, q, "上手's turn", func() bool { return w.status.Text == gt.YourTurn })
	play(t, w, "5a4b")
	// the game took the move (the session shows it at once, the game's time comes with the poll)
	waitUntil(t, q, "下手's turn", func() bool {
		line := w.Session().Record().MainLine()
		return len(line) == 1 && line[0].Timed && w.status.Text == gt.YourTurn
	})
	resignConfirmed(t, w)
	waitUntil(t, q, "the end of the game", func() bool { return !w.Playing() })
	v := w.info
	if v.black.Text != "☗"+w.msg.HeaderShitate || v.white.Text != "☖"+w.msg.HeaderUwate || v.handicap.Text != "香落ち" {
		t.Errorf("対局情報 of a 香落ち game: %q %q %q", v.black.Text, v.white.Text, v.handicap.Text)
	}
	h := w.Session().Record().Headers
	if h.Value(kifu.HeaderShitate) != gt.You || h.Value(kifu.HeaderUwate) != gt.You {
		t.Errorf("the players: %v", h)
	}
	if got := v.Entry(4).Text; got == "" || got < v.Entry(3).Text {
		t.Errorf("終了日時 shows %q (開始日時 %q)", got, v.Entry(3).Text)
	}
}
