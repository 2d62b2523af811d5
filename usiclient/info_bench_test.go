package usiclient

import (
	"bufio"
	"context"
	"io"
	"strings"
	"testing"
)

// typicalInfo is a line as Fairy-Stockfish prints it mid-search: depth, seldepth,
// multipv, score, nodes, nps, time and a 10-move pv.
const typicalInfo = "info depth 11 seldepth 18 multipv 1 score cp 159 nodes 104602 nps 166034 time 630 pv 4i3h 5a4b 5i4i 7a6b 3i4h 2b8h 7i8h B*3c B*7g 3a2b"

// BenchmarkParseInfo measures ParseInfo on a typical line: a fresh Info each time,
// so the pv slice is the one allocation.
func BenchmarkParseInfo(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(typicalInfo)))
	for b.Loop() {
		in, err := ParseInfo(typicalInfo)
		if err != nil || len(in.PV) != 10 {
			b.Fatal(err, in.PV)
		}
	}
}

// BenchmarkInfoParseReuse measures Info.Parse into one reused Info, as the
// session's reader does: no allocation at all.
func BenchmarkInfoParseReuse(b *testing.B) {
	b.ReportAllocs()
	b.SetBytes(int64(len(typicalInfo)))
	var in Info
	for b.Loop() {
		if err := in.Parse(typicalInfo); err != nil || len(in.PV) != 10 {
			b.Fatal(err, in.PV)
		}
	}
}

// BenchmarkParseLine measures the general entry point on the typical line: it
// classifies, then parses into a new Info (two allocations: the Info and its pv).
func BenchmarkParseLine(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if r := ParseLine(typicalInfo); r.Kind() != KindInfo {
			b.Fatal(r)
		}
	}
}

// BenchmarkSessionReader measures the whole reader path of a Session, per info
// line: reading from a pipe, splitting, decoding, logging, parsing, and folding into
// the snapshot with its pv checked against the position. An in-process engine answers usi, isready and go (with b.N info
// lines, then bestmove).
func BenchmarkSessionReader(b *testing.B) { benchSessionReader(b, typicalInfo) }

// BenchmarkSessionReaderNewPV is BenchmarkSessionReader with a pv that changes
// from its second move on at every line (two lines in turn), so that every line's
// pv is checked against the position; in the other the pv repeats, as engines'
// often do, and is checked once.
func BenchmarkSessionReaderNewPV(b *testing.B) {
	benchSessionReader(b, typicalInfo,
		"info depth 11 seldepth 18 multipv 1 score cp 151 nodes 104602 nps 166034 time 630 pv 4i3h 4a3b 5i4i 7a6b 3i4h 2b8h 7i8h B*3c B*7g 3a2b")
}

func benchSessionReader(b *testing.B, infos ...string) {
	outR, outW := io.Pipe() // engine stdout
	inR, inW := io.Pipe()   // engine stdin
	lines := b.N
	go func() {
		w := bufio.NewWriterSize(outW, 64<<10)
		sc := bufio.NewScanner(inR)
		for sc.Scan() {
			switch firstToken(sc.Text()) {
			case "usi":
				w.WriteString("id name bench\nusiok\n")
			case "isready":
				w.WriteString("readyok\n")
			case "go":
				for i := range lines {
					w.WriteString(infos[i%len(infos)])
					w.WriteByte('\n')
				}
				w.WriteString("bestmove 4i3h ponder 5a4b\n")
			case "quit":
				w.Flush()
				outW.Close()
				return
			}
			w.Flush()
		}
	}()
	s := NewSession(outR, inW, Config{Name: "bench"})
	ctx := context.Background()
	if _, err := s.Handshake(ctx); err != nil {
		b.Fatal(err)
	}
	if err := s.Ready(ctx); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	sr, err := s.Go(ctx, Position{Moves: []string{"7g7f", "3c3d"}}, Go{Infinite: true})
	if err != nil {
		b.Fatal(err)
	}
	if _, err := sr.Wait(ctx); err != nil {
		b.Fatal(err)
	}
	b.StopTimer()
	if snap := s.Snapshot(); snap.InfoLines != uint64(b.N) || snap.Lines[0].Cut {
		b.Fatalf("%d info lines folded, cut=%v", snap.InfoLines, snap.Lines[0].Cut)
	}
	s.Quit(ctx)
}

// BenchmarkSnapshot measures a UI reading a snapshot with three MultiPV lines
// whose pvs were already checked (the common case between two info lines).
func BenchmarkSnapshot(b *testing.B) {
	s := NewSession(strings.NewReader(""), io.Discard, Config{})
	root, _ := Position{Moves: []string{"7g7f", "3c3d"}}.Board()
	s.mu.Lock()
	s.fold.reset(&Search{ID: 1, root: root, rootSFEN: root.SFEN()})
	for rank := 1; rank <= 3; rank++ {
		in, _ := ParseInfo(typicalInfo + " multipv " + string(rune('0'+rank)))
		s.fold.apply(&in)
	}
	s.mu.Unlock()
	b.ReportAllocs()
	for b.Loop() {
		if snap := s.Snapshot(); len(snap.Lines) != 3 || len(snap.Lines[2].PV) != 10 {
			b.Fatal(snap.Lines)
		}
	}
}
