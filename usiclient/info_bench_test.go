package usiclient

import "testing"

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
