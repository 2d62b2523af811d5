package usiclient

import "testing"

func TestParseLine(t *testing.T) {
	tests := []struct {
		line, want string
	}{
		{"id name Fairy-Stockfish 11.1 LB 64", `id name="Fairy-Stockfish 11.1 LB 64"`},
		{"id name KomoringHeights  1.1.0 64AVX2", `id name="KomoringHeights  1.1.0 64AVX2"`},
		{"id author by yaneurao , komori-n", `id author="by yaneurao , komori-n"`},
		{"id name", `id name=""`},
		{"id", "other attempted=id"},
		{"id version 3", "other attempted=id"},
		{"usiok", "usiok"},
		{"usiok extra", "usiok"},
		{"readyok", "readyok"},
		{"  readyok  ", "readyok"},
		{"bestmove 7g7f", "bestmove move=7g7f"},
		{"bestmove 4i5h ponder 5a4b", "bestmove move=4i5h ponder=5a4b"},
		{"bestmove 4i5h ponder", "bestmove move=4i5h"},
		{"bestmove resign", "bestmove move=resign resign"},
		{"bestmove win", "bestmove move=win win"},
		{"bestmove (none)", "bestmove move=(none) resign"},
		{"bestmove", "other attempted=bestmove"},
		{"bestmove G@5b", "bestmove move=G@5b"},
		{"checkmate G*5b", "checkmate status=mate moves=[G*5b]"},
		{"checkmate G*3c 3b4a G*4b", "checkmate status=mate moves=[G*3c 3b4a G*4b]"},
		{"checkmate nomate", "checkmate status=nomate"},
		{"checkmate timeout", "checkmate status=timeout"},
		{"checkmate notimplemented", "checkmate status=notimplemented"},
		{"checkmate", "other attempted=checkmate"},
		{"copyprotection ok", "copyprotection status=ok"},
		{"registration error", "registration status=error"},
		{"option name X type check default true", `option name="X" type=check default="true"`},
		{"option X", "other attempted=option"},
		{"info depth 1", "info depth=1"},
		// Not replies: banners, blank lines, errors on stdout, UCCI's words.
		{"", "other"},
		{"Fairy-Stockfish 11.1 LB 64 by Fabian Fichter", "other"},
		{"No such option: USI_Hash", "other"},
		{"Unknown command: gameover win", "other"},
		{"Illegal move (no match) usi", "other"},
		{"# in (mode = 1,0): usi", "other"},
		{"nobestmove", "other"},
		{"bye", "other"},
		{"ucciok", "other"},
		// A reply keyword must come first: gpsusi prints this (on stderr, but an
		// engine could on stdout) and it must not read as "bestmove 2".
		{"warning stop ignored (go 2 times, bestmove 2 times)", "other"},
		{"info-like", "other"},
	}
	for _, tt := range tests {
		r := ParseLine(tt.line)
		if got := describeReply(r); got != tt.want {
			t.Errorf("ParseLine(%q)\n got  %s\n want %s", tt.line, got, tt.want)
		}
		if k := Classify(tt.line); r.Kind() != k && r.Kind() != KindOther {
			t.Errorf("ParseLine(%q) is %s, Classify says %s", tt.line, r.Kind(), k)
		}
		if o, ok := r.(Other); ok && o.Err != nil && o.Attempted != Classify(tt.line) {
			t.Errorf("ParseLine(%q): attempted %s, classified %s", tt.line, o.Attempted, Classify(tt.line))
		}
	}
}
