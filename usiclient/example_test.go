package usiclient_test

import (
	"context"
	"fmt"
	"os/exec"
	"time"

	"banmen/usiclient"
)

func ExampleParseInfo() {
	in, _ := usiclient.ParseInfo("info depth 14 seldepth 20 multipv 1 score cp 136 upperbound nodes 844172 time 6563 pv 4i5h 5a4b")
	fmt.Println(in.Fields)
	fmt.Println(in.Depth, in.Score, in.Score.Negate(), in.Time, in.PV)
	// Output:
	// depth seldepth time nodes pv multipv score
	// 14 cp 136 upperbound cp -136 lowerbound 6.563s [4i5h 5a4b]
}

func ExampleParseOption() {
	o, _ := usiclient.ParseOption("option name Skill Level type spin default 30 min -20 max 20")
	fmt.Printf("%q %s %d..%d out of range: %v\n", o.Name, o.Type, o.Min, o.Max, o.OutOfRange)
	fmt.Println(o.Validate("25"))
	// Output:
	// "Skill Level" spin -20..20 out of range: true
	// option "Skill Level": 25 is outside -20..20
}

func ExampleGo() {
	fmt.Println(usiclient.Go{Ponder: true, Clock: &usiclient.Clock{BTime: 60 * time.Second, WTime: 50 * time.Second, Byoyomi: 10 * time.Second}})
	fmt.Println(usiclient.Go{Clock: &usiclient.Clock{BTime: 40 * time.Second, WTime: 50 * time.Second, BInc: 10 * time.Second, WInc: 10 * time.Second}})
	fmt.Println(usiclient.GoMate{Limit: time.Minute}, "|", usiclient.GoMate{})
	fmt.Println(usiclient.SetOption{Name: "BookFile", Value: "a.db\nquit"})
	// Output:
	// go ponder btime 60000 wtime 50000 byoyomi 10000
	// go btime 40000 wtime 50000 binc 10000 winc 10000
	// go mate 60000 | go mate infinite
	// <invalid: setoption name BookFile: the value contains a line break>
}

// A session on an engine process: engine/ does this with its own process layer.
// The UI polls Version and reads a Snapshot when it moved.
func ExampleSession() {
	cmd := exec.Command("fairy-stockfish")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		fmt.Println(err)
		return
	}
	s := usiclient.NewSession(stdout, stdin, usiclient.Config{
		Name:   "fairy-stockfish",
		Stderr: stderr,
		Kill:   cmd.Process.Kill,
	})
	defer cmd.Wait()
	ctx := context.Background()
	if _, err := s.Handshake(ctx); err != nil {
		fmt.Println(err) // usiclient: engine "fairy-stockfish": no usiok within 10s; last lines: …
		return
	}
	s.SetOption("MultiPV", "3")
	search, err := s.Go(ctx, usiclient.Position{Moves: []string{"7g7f", "3c3d"}}, usiclient.Go{Infinite: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	var seen uint64
	for range 20 { // the UI's ticker
		time.Sleep(50 * time.Millisecond)
		if v := s.Version(); v != seen {
			seen = v
			for _, l := range s.Snapshot().Lines {
				fmt.Println(l.MultiPV, l.Depth, l.SenteScore, l.PV)
			}
		}
	}
	s.Stop()
	res, err := search.Wait(ctx)
	fmt.Println(res.BestMove, res.Ponder, err)
	s.Quit(ctx)
}
